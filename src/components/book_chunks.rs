//! How the book layout cuts a long game's text into paragraphs, and which
//! of them it draws around the shown move. Each paragraph begins at a
//! numbered move of the main line (where a printed book would begin one),
//! so that the text reads the same; drawing the text further on adds or
//! drops one short paragraph, which the browser lays out on its own.

use std::ops::Range;

use crate::components::print_layout::Piece;

/// Pieces drawn before and after the shown move at least: a very long game
/// draws the paragraphs around the shown move, with "…" for the rest.
pub const WINDOW: usize = 800;

/// Pieces a paragraph holds at least (unless it is the last).
pub const PARAGRAPH: usize = 80;

/// A game of at most this many pieces is drawn whole, as one paragraph.
pub const WHOLE: usize = WINDOW + WINDOW / 2;

/// Where each paragraph of `pieces` begins: one paragraph for a game drawn
/// whole; otherwise a new one at the first numbered main-line move at least
/// [`PARAGRAPH`] pieces after the last one began, or after four times that
/// many pieces wherever it falls if the main line does not come back (a
/// game of variations nested deep).
pub fn paragraph_starts(pieces: &[Piece]) -> Vec<usize> {
    let mut starts = vec![0];
    if pieces.len() <= WHOLE {
        return starts;
    }
    let mut depth = 0usize;
    for (i, p) in pieces.iter().enumerate() {
        let since = i - starts.last().copied().unwrap_or(0);
        let numbered_main =
            depth == 0 && matches!(p, Piece::Move { text, .. } if text.starts_with(|c: char| c.is_ascii_digit()));
        if (since >= PARAGRAPH && numbered_main) || since >= 4 * PARAGRAPH {
            starts.push(i);
        }
        match p {
            Piece::Open => depth += 1,
            Piece::Close => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    starts
}

/// The paragraph that holds piece `at`, of those beginning at `starts`.
pub fn paragraph_of(starts: &[usize], at: usize) -> usize {
    starts.partition_point(|&s| s <= at).saturating_sub(1)
}

/// The paragraphs drawn when piece `at` of `len` is shown: those that hold
/// the pieces from [`WINDOW`] before it to [`WINDOW`] after it. A step
/// adds or drops a paragraph at an end only when the piece that end holds
/// passes into another paragraph.
pub fn drawn(starts: &[usize], at: usize, len: usize) -> Range<usize> {
    let first = paragraph_of(starts, at.saturating_sub(WINDOW));
    let last = paragraph_of(starts, (at + WINDOW).min(len.saturating_sub(1)));
    first..last + 1
}

/// The paragraphs to draw next, one step from `now` toward `want`: one
/// more or one fewer at an end, those wanted added before those no longer
/// wanted are dropped; `want` itself if the two do not meet.
pub fn toward(now: &Range<usize>, want: &Range<usize>) -> Range<usize> {
    if now.end <= want.start || want.end <= now.start {
        want.clone()
    } else if want.end > now.end {
        now.start..now.end + 1
    } else if want.start < now.start {
        now.start - 1..now.end
    } else if want.end < now.end {
        now.start..now.end - 1
    } else if want.start > now.start {
        now.start + 1..now.end
    } else {
        now.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn main_move(n: usize) -> Piece {
        let text = if n.is_multiple_of(2) { format!("{}. Nf3", n / 2 + 1) } else { "Nf6".into() };
        Piece::Move { node: n + 1, text, main: true }
    }

    #[test]
    fn a_game_drawn_whole_is_one_paragraph() {
        let pieces: Vec<Piece> = (0..WHOLE).map(main_move).collect();
        assert_eq!(paragraph_starts(&pieces), vec![0]);
        assert_eq!(drawn(&[0], 700, WHOLE), 0..1);
    }

    #[test]
    fn paragraphs_begin_at_numbered_main_line_moves() {
        let mut pieces = Vec::new();
        for n in 0..3000 {
            pieces.push(main_move(n));
            if n % 7 == 0 {
                // A variation of three moves, the first one numbered.
                pieces.push(Piece::Open);
                pieces.push(Piece::Move { node: 0, text: "1. e4".into(), main: false });
                pieces.push(Piece::Comment("a comment".into()));
                pieces.push(Piece::Move { node: 0, text: "e5".into(), main: false });
                pieces.push(Piece::Close);
            }
        }
        let starts = paragraph_starts(&pieces);
        assert_eq!(starts[0], 0);
        for pair in starts.windows(2) {
            let len = pair[1] - pair[0];
            assert!((PARAGRAPH..PARAGRAPH + 8).contains(&len), "{pair:?}");
            let Piece::Move { text, main, .. } = &pieces[pair[1]] else { panic!("{pair:?}") };
            assert!(*main && text.ends_with(". Nf3"), "{text}");
        }
        assert!(pieces.len() - starts.last().unwrap() < PARAGRAPH + 8);
    }

    #[test]
    fn deep_variations_are_cut_anywhere() {
        let mut pieces = vec![main_move(0)];
        for _ in 0..1000 {
            pieces.push(Piece::Open);
            pieces.push(Piece::Move { node: 0, text: "1. e4".into(), main: false });
        }
        pieces.extend((0..1000).map(|_| Piece::Close));
        let starts = paragraph_starts(&pieces);
        assert!(starts.windows(2).all(|p| p[1] - p[0] == 4 * PARAGRAPH), "{starts:?}");
    }

    #[test]
    fn toward_adds_before_it_drops_one_paragraph_at_a_time() {
        let mut now = 3..8;
        let mut seen = vec![now.clone()];
        while now != (5..10) {
            now = toward(&now, &(5..10));
            seen.push(now.clone());
        }
        assert_eq!(seen, vec![3..8, 3..9, 3..10, 4..10, 5..10]);
        assert_eq!(toward(&(5..10), &(3..8)), 4..10);
        assert_eq!(toward(&(4..10), &(3..8)), 3..10);
        assert_eq!(toward(&(3..10), &(3..8)), 3..9);
        assert_eq!(toward(&(3..8), &(3..8)), 3..8);
        assert_eq!(toward(&(0..4), &(4..9)), 4..9, "too far: drawn anew");
    }

    #[test]
    fn the_drawn_paragraphs_hold_the_window_and_change_one_at_a_time() {
        let pieces: Vec<Piece> = (0..12_000).map(main_move).collect();
        let starts = paragraph_starts(&pieces);
        let len = pieces.len();
        let mut last = drawn(&starts, 0, len);
        assert_eq!(last.start, 0);
        let mut changes = 0;
        for at in 0..len {
            let now = drawn(&starts, at, len);
            assert!(starts[now.start] <= at.saturating_sub(WINDOW), "{at}: {now:?}");
            let stop = starts.get(now.end).copied().unwrap_or(len);
            assert!(stop >= (at + WINDOW + 1).min(len), "{at}: {now:?}");
            assert!(stop - starts[now.start] <= 2 * WINDOW + 2 * (PARAGRAPH + 1));
            assert!(now.start - last.start <= 1 && now.end - last.end <= 1, "{at}: {last:?} to {now:?}");
            changes += usize::from(now != last);
            last = now;
        }
        // Each end moves on by one paragraph at a time, through all of them.
        let paragraphs = starts.len();
        assert!((paragraphs - 2 * WINDOW / PARAGRAPH..=2 * paragraphs).contains(&changes), "{changes}");
        assert_eq!(paragraph_of(&starts, len - 1), starts.len() - 1);
    }
}
