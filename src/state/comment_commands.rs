//! Commands embedded in comments (`[%clk 0:05:00]`, `[%eval 0.3]`,
//! `[%cal Ge2e4]`, `[%csl Rd4]`) as the viewer uses them, read by
//! `movetext_core::commands` (whose types they keep).

use movetext_core::commands::{self as core, CommandValue};
use movetext_core::commands::{Arrow, Eval, SquareMark};

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

/// Splits a comment into its shown text and the commands the viewer uses:
/// every arrow and marked square, the last clock and the last evaluation.
pub fn split_comment(comment: &str) -> CommentParts {
    // Commands are found by place and name; only those used are read.
    let spans: Vec<_> = core::command_spans(comment).collect();
    let mut parts = CommentParts {
        text: core::display_text_between(comment, spans.iter().map(|(_, span)| span.clone())),
        ..CommentParts::default()
    };
    let value = |span: &std::ops::Range<usize>| core::command_in(comment, span.clone()).map(|c| c.value());
    for (name, span) in &spans {
        if name.eq_ignore_ascii_case("cal") || name.eq_ignore_ascii_case("csl") {
            match value(span) {
                Some(CommandValue::Arrows(arrows)) => parts.arrows.extend(arrows),
                Some(CommandValue::Squares(marks)) => parts.marks.extend(marks),
                _ => {}
            }
        }
    }
    // The last readable clock and evaluation count: read from the end.
    let (mut clock_seen, mut eval_seen) = (false, false);
    for (name, span) in spans.iter().rev() {
        if clock_seen && eval_seen {
            break;
        }
        if parts.emt.is_none() && name.eq_ignore_ascii_case("emt") {
            if let Some(CommandValue::ElapsedMove(centis)) = value(span) {
                parts.emt = u32::try_from(centis.0 / 10).ok();
            }
            continue;
        }
        if (!clock_seen && name.eq_ignore_ascii_case("clk")) || (!eval_seen && name.eq_ignore_ascii_case("eval")) {
            match value(span) {
                Some(CommandValue::Clock(centis)) => {
                    parts.clock = u32::try_from(centis.0 / 10).ok();
                    clock_seen = true;
                }
                Some(CommandValue::Eval(value)) => {
                    parts.eval = Some(value.eval);
                    eval_seen = true;
                }
                _ => {}
            }
        }
    }
    parts
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
