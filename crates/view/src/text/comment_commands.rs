//! Commands embedded in comments (`[%clk 0:05:00]`, `[%eval 0.3]`,
//! `[%cal Ge2e4]`, `[%csl Rd4]`) as the viewer uses them, read by
//! `movetext_core::commands` (whose types they keep).

use movetext_core::commands::{self as core, CommandValue};
use movetext_core::commands::{Arrow, Eval, SquareMark};
use std::ops::Range;

/// What the viewer takes from one comment.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommentParts {
    /// The text with all commands removed and spaces tidied.
    pub text: String,
    /// `[%clk]`: the clock after the move, in tenths of a second.
    pub clock: Option<u32>,
    /// `[%eval]`
    pub eval: Option<Eval>,
    /// `[%emt]`: the time the move took, in tenths of a second.
    pub emt: Option<u32>,
    /// `[%cal]`
    pub arrows: Vec<Arrow>,
    /// `[%csl]`
    pub marks: Vec<SquareMark>,
}

/// The longest comment (in bytes) shown whole in the move list: of a longer
/// one (files hold comments of megabytes), its start, with what is left;
/// all of it is kept, exported, and shown by the comment's editor.
pub const SHOWN: usize = 64 << 10;

/// Splits a comment into its shown text and the commands the viewer uses:
/// every arrow and marked square, the last clock and the last evaluation.
///
/// One pass over the commands, which keeps only what it needs: the places
/// of those in the shown text, and of the last clock, evaluation and move
/// time (a comment of megabytes may hold a hundred thousand commands).
pub fn split_comment(comment: &str) -> CommentParts {
    let mut shown = Vec::new();
    let mut parts = CommentParts::default();
    let value = |span: &Range<usize>| core::command_in(comment, span.clone()).map(|c| c.value());
    let (mut clock, mut eval, mut emt) = (None, None, None);
    for (name, span) in core::command_spans(comment) {
        if span.start < SHOWN {
            shown.push((name, span.clone()));
        }
        if name.eq_ignore_ascii_case("cal") || name.eq_ignore_ascii_case("csl") {
            match value(&span) {
                Some(CommandValue::Arrows(arrows)) => parts.arrows.extend(arrows),
                Some(CommandValue::Squares(marks)) => parts.marks.extend(marks),
                _ => {}
            }
        } else if name.eq_ignore_ascii_case("clk") {
            clock = Some(span);
        } else if name.eq_ignore_ascii_case("eval") {
            eval = Some(span);
        } else if name.eq_ignore_ascii_case("emt") {
            emt = Some(span);
        }
    }
    parts.text = shown_text(comment, &shown);
    // The last of each kind, if it can be read; else the last that can.
    let read =
        |v: &CommandValue| matches!(v, CommandValue::Clock(_) | CommandValue::Eval(_) | CommandValue::ElapsedMove(_));
    let readable = |last: Option<Range<usize>>, name: &str| {
        value(&last?).filter(read).or_else(|| {
            core::command_spans(comment)
                .filter(|(n, _)| n.eq_ignore_ascii_case(name))
                .filter_map(|(_, span)| value(&span))
                .filter(read)
                .last()
        })
    };
    if let Some(CommandValue::Clock(centis)) = readable(clock, "clk") {
        parts.clock = u32::try_from(centis.0 / 10).ok();
    }
    if let Some(CommandValue::Eval(value)) = readable(eval, "eval") {
        parts.eval = Some(value.eval);
    }
    if let Some(CommandValue::ElapsedMove(centis)) = readable(emt, "emt") {
        parts.emt = u32::try_from(centis.0 / 10).ok();
    }
    parts
}

/// The whole text of a comment without its commands, spaces tidied, as its
/// editor shows it (never shortened: what the editor saves is what it
/// shows).
pub fn editable_text(comment: &str) -> String {
    core::display_text_between(comment, core::command_spans(comment).map(|(_, span)| span))
}

/// The text of a comment without its commands, spaces tidied: of a comment
/// longer than [`SHOWN`], the start (up to a command that runs past it)
/// and how much is left.
fn shown_text(comment: &str, spans: &[(&str, Range<usize>)]) -> String {
    if comment.len() <= SHOWN {
        return core::display_text_between(comment, spans.iter().map(|(_, span)| span.clone()));
    }
    let mut cut = (0..=SHOWN).rev().find(|&i| comment.is_char_boundary(i)).unwrap_or(0);
    if let Some((_, span)) = spans.iter().find(|(_, span)| span.start < cut && span.end > cut) {
        cut = span.start;
    }
    let mut text = core::display_text_between(
        &comment[..cut],
        spans.iter().filter(|(_, span)| span.end <= cut).map(|(_, span)| span.clone()),
    );
    let left = comment[cut..].chars().count();
    text.push_str(&format!(" … ({left} more characters, kept: the comment's editor shows them)"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::commands::MarkColor;
    use movetext_core::shakmaty::Square;

    #[test]
    fn commands_are_stripped_and_read() {
        let p = split_comment("Sharp! [%eval -1.5,24] [%clk 1:02:03.4] the end [%cal Ge2e4,Rd1d8] [%csl Ya5]");
        assert_eq!(p.text, "Sharp! the end");
        assert_eq!(p.clock, Some((3600 + 2 * 60 + 3) * 10 + 4));
        assert_eq!(p.eval, Some(Eval::Pawns { centipawns: -150 }));
        assert_eq!(p.arrows.len(), 2);
        assert_eq!(p.arrows[1].to.square(), Some(Square::D8));
        assert_eq!(p.marks, vec![SquareMark { square: "a5".parse().unwrap(), color: MarkColor::Yellow }]);
    }

    #[test]
    fn the_last_readable_clock_and_evaluation_count() {
        let p = split_comment("[%clk 0:01:00] [%eval 0.5] [%clk 0:00:30] [%eval 1.0] [%clk x] [%eval y]");
        assert_eq!(p.clock, Some(300));
        assert_eq!(p.eval, Some(Eval::Pawns { centipawns: 100 }));
    }

    #[test]
    fn the_time_a_move_took() {
        assert_eq!(split_comment("[%emt 0:00:12.5] good").emt, Some(125));
        assert_eq!(split_comment("[%clk 0:01:00]").emt, None);
        assert_eq!(split_comment("[%emt 0:00:12.5] [%emt soon]").emt, Some(125));
    }

    #[test]
    fn a_very_long_comment_shows_its_start_and_every_command_counts() {
        let mut comment = String::from("[%csl Ra1] start");
        while comment.len() < 3 * SHOWN {
            comment.push_str(" word [%clk 0:01:00]");
        }
        comment.push_str(" [%clk 0:00:30] [%cal Ge2e4] end");
        let p = split_comment(&comment);
        assert!(p.text.starts_with("start word word"), "{}", &p.text[..40]);
        // Every word of the first SHOWN bytes (give or take the one cut).
        let (shown, within) = (p.text.matches("word").count(), comment[..SHOWN].matches("word").count());
        assert!(shown.abs_diff(within) <= 1, "{shown} words shown, {within} in the first {SHOWN} bytes");
        assert!(!p.text.contains("[%"), "no command, nor part of one, is shown");
        let left = p.text.rsplit_once(" … (").unwrap().1;
        assert!(left.ends_with("more characters, kept: the comment's editor shows them)"), "{left}");
        // The clock is the last one, and both marks count.
        assert_eq!(p.clock, Some(300));
        assert_eq!(p.arrows.len(), 1);
        assert_eq!(p.marks.len(), 1);
        // A shorter one is shown whole.
        assert_eq!(split_comment("short [%clk 0:00:01] text").text, "short text");
    }

    #[test]
    fn the_editor_gets_a_long_comment_whole() {
        let mut comment = String::from("[%clk 0:01:00] start");
        while comment.len() < 2 * SHOWN {
            comment.push_str(" word");
        }
        comment.push_str(" [%eval 0.5] end");
        let text = editable_text(&comment);
        assert!(text.starts_with("start word") && text.ends_with("word end"), "{}", &text[text.len() - 20..]);
        assert_eq!(text.matches("word").count(), comment.matches("word").count());
        assert!(!text.contains("[%") && !text.contains("more characters"));
        assert_eq!(editable_text("short [%clk 0:00:01] text"), split_comment("short [%clk 0:00:01] text").text);
    }

    #[test]
    fn mates_and_broken_commands() {
        assert_eq!(split_comment("[%eval #-3]").eval, Some(Eval::Mate(-3)));
        assert_eq!(split_comment("[%eval nonsense]").eval, None);
        assert_eq!(split_comment("[%clk 5:xx]").clock, None);
        assert_eq!(split_comment("open [%clk 0:01").text, "open [%clk 0:01");
        assert_eq!(split_comment("[%cal Xe2e4]").arrows, vec![]);
    }
}
