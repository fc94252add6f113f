//! A game's export text written a slice of the page's time at a time: a
//! game of thousands of moves, or with a comment of megabytes, takes
//! longer than one slice to write.

use movetext_core::export::{ExportOptions, GameWriter};
use movetext_core::Game;
use movetext_view::game::editing::text_of;

use crate::state::slice_clock::{now, SLICE_MS};

/// How far one slice of writing got.
#[derive(Debug, PartialEq)]
pub enum Begun {
    /// The whole text.
    Whole(String),
    /// Not all of it: its first lines that are final, up to the size asked.
    Head(String),
}

/// Whether `game` is written as its bytes were read, which copies them
/// rather than writing anything.
fn kept_as_read(game: &Game, opts: &ExportOptions) -> bool {
    *opts == ExportOptions::default() && !game.is_edited() && game.original_bytes().is_some()
}

/// Writes `game` for one slice of the page's time: the whole text if it is
/// done by then, else its lines that are final (up to the last line break
/// written) within `head` bytes.
pub fn begin(game: &Game, opts: &ExportOptions, head: usize) -> Begun {
    let start = now();
    begin_until(game, opts, head, &mut || now() - start < SLICE_MS)
}

/// [`begin`] with the clock given: `more` says whether the slice goes on.
fn begin_until(game: &Game, opts: &ExportOptions, head: usize, more: &mut dyn FnMut() -> bool) -> Begun {
    if kept_as_read(game, opts) {
        return Begun::Whole(text_of(game, opts));
    }
    let mut writer = GameWriter::new(game, opts);
    loop {
        // One item at a time, to look at the text between them.
        if writer.write_some(&mut || false) {
            return Begun::Whole(writer.into_text());
        }
        if writer.written().len() >= head || !more() {
            break;
        }
    }
    let written = writer.written();
    let mut end = written.rfind('\n').map_or(0, |i| i + 1);
    if end > head {
        end = written[..head].rfind('\n').map_or(0, |i| i + 1);
    }
    Begun::Head(written[..end].to_owned())
}

/// `game` as [`text_of`] writes it, a slice of the page's time at a time
/// with the page's other work between slices; `None` if it is no longer
/// `wanted` (asked before each slice).
pub async fn text_in_slices(game: &Game, opts: &ExportOptions, wanted: &dyn Fn() -> bool) -> Option<String> {
    if kept_as_read(game, opts) {
        gloo_timers::future::TimeoutFuture::new(0).await;
        return wanted().then(|| text_of(game, opts));
    }
    let mut writer = GameWriter::new(game, opts);
    loop {
        gloo_timers::future::TimeoutFuture::new(0).await;
        if !wanted() {
            return None;
        }
        let start = now();
        if writer.write_some(&mut || now() - start < SLICE_MS) {
            break;
        }
    }
    Some(writer.into_text())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`begin_until`] with a slice of `n` questions.
    fn begin_for(game: &Game, opts: &ExportOptions, head: usize, mut n: usize) -> Begun {
        begin_until(game, opts, head, &mut || {
            n = n.saturating_sub(1);
            n > 0
        })
    }

    fn long_game() -> Game {
        let mut pgn = String::from("[White \"A\"]\n[Black \"B\"]\n\n");
        for n in 0..400 {
            pgn.push_str(&format!("Nf3 {{move {n}}} Nf6 (Nc6 Nb1) Ng1 Ng8 "));
        }
        pgn.push('*');
        movetext_core::read_game(pgn.as_bytes())
    }

    #[test]
    fn a_short_game_is_written_whole_at_once() {
        let game = movetext_core::read_game(b"1. e4 e5 (1... c5) 2. Nf3 *");
        let opts = ExportOptions { nags: false, ..ExportOptions::default() };
        assert_eq!(begin_for(&game, &opts, 1 << 15, 1_000), Begun::Whole(text_of(&game, &opts)));
        // Kept as read: its bytes, whatever the slice.
        let plain = ExportOptions::default();
        assert_eq!(begin_for(&game, &plain, 10, 0), Begun::Whole(text_of(&game, &plain)));
    }

    #[test]
    fn a_long_game_begins_with_its_final_lines() {
        let game = long_game();
        let opts = ExportOptions { commands: false, ..ExportOptions::default() };
        let whole = text_of(&game, &opts);
        assert!(whole.len() > 20_000);
        // Cut by the size asked: whole lines, near it.
        let Begun::Head(head) = begin_for(&game, &opts, 4_000, 100_000) else { panic!("written whole") };
        assert!(head.len() <= 4_000 && head.len() > 3_900 && head.ends_with('\n'), "{}", head.len());
        assert!(whole.starts_with(&head));
        // Cut by the clock: what was final when it stopped.
        let Begun::Head(early) = begin_for(&game, &opts, 1 << 20, 20) else { panic!("written whole") };
        assert!(early.len() < 4_000 && whole.starts_with(&early), "{}", early.len());
        // An edited game is written, not copied.
        let game = movetext_core::edit::set_tag(&game, "White", "C").unwrap();
        let plain = ExportOptions::default();
        let Begun::Head(edited) = begin_for(&game, &plain, 1_000, 100_000) else { panic!("written whole") };
        assert!(edited.contains("[White \"C\"]") && text_of(&game, &plain).starts_with(&edited));
    }
}
