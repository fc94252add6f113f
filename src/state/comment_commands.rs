//! Commands embedded in comments (`[%clk 0:05:00]`, `[%eval 0.3]`,
//! `[%cal Ge2e4]`, `[%csl Rd4]`) as the viewer uses them: read by
//! `movetext_core::commands` and turned into the board's own types.

use movetext_core::commands::{self as core, CommandValue};
use movetext_core::shakmaty::Square;

/// A colour of an arrow or a marked square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkColor {
    /// `R`
    Red,
    /// `G`
    Green,
    /// `B`
    Blue,
    /// `Y`
    Yellow,
}

impl MarkColor {
    fn from_core(c: core::MarkColor) -> MarkColor {
        match c {
            core::MarkColor::Red => MarkColor::Red,
            core::MarkColor::Green => MarkColor::Green,
            core::MarkColor::Blue => MarkColor::Blue,
            core::MarkColor::Yellow => MarkColor::Yellow,
        }
    }

    /// The CSS class suffix of the colour (`red`, `green`, `blue`, `yellow`).
    pub fn name(self) -> &'static str {
        match self {
            MarkColor::Red => "red",
            MarkColor::Green => "green",
            MarkColor::Blue => "blue",
            MarkColor::Yellow => "yellow",
        }
    }
}

/// An arrow from one square to another (`[%cal]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Tail square.
    pub from: Square,
    /// Head square.
    pub to: Square,
    /// Colour.
    pub color: MarkColor,
}

/// A coloured square (`[%csl]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareMark {
    /// The square.
    pub square: Square,
    /// Colour.
    pub color: MarkColor,
}

/// An engine evaluation from White's point of view (`[%eval]`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Eval {
    /// Advantage in pawns; positive is good for White.
    Pawns(f32),
    /// Mate in so many moves; positive when White mates.
    Mate(i32),
}

/// What the viewer takes from one comment.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommentParts {
    /// The text with all commands removed and spaces tidied.
    pub text: String,
    /// `[%clk]`: the clock after the move, in tenths of a second.
    pub clock: Option<u32>,
    /// `[%eval]`
    pub eval: Option<Eval>,
    /// `[%cal]`
    pub arrows: Vec<Arrow>,
    /// `[%csl]`
    pub marks: Vec<SquareMark>,
}

/// Splits a comment into its shown text and the commands the viewer uses:
/// every arrow and marked square, the last clock and the last evaluation.
pub fn split_comment(comment: &str) -> CommentParts {
    let commands = core::parse_commands(comment);
    let mut parts = CommentParts { text: core::display_text_of(comment, &commands), ..CommentParts::default() };
    let (mut clock_seen, mut eval_seen) = (false, false);
    for command in &commands {
        let name = command.name;
        if name.eq_ignore_ascii_case("cal") || name.eq_ignore_ascii_case("csl") {
            match command.value() {
                CommandValue::Arrows(arrows) => parts.arrows.extend(arrows.iter().filter_map(|a| {
                    Some(Arrow { from: square(a.from)?, to: square(a.to)?, color: MarkColor::from_core(a.color) })
                })),
                CommandValue::Squares(marks) => parts.marks.extend(marks.iter().filter_map(|m| {
                    Some(SquareMark { square: square(m.square)?, color: MarkColor::from_core(m.color) })
                })),
                _ => {}
            }
        }
    }
    // The last readable clock and evaluation count: read from the end.
    for command in commands.iter().rev() {
        if clock_seen && eval_seen {
            break;
        }
        let name = command.name;
        if (!clock_seen && name.eq_ignore_ascii_case("clk")) || (!eval_seen && name.eq_ignore_ascii_case("eval")) {
            match command.value() {
                CommandValue::Clock(centis) => {
                    parts.clock = u32::try_from(centis.0 / 10).ok();
                    clock_seen = true;
                }
                CommandValue::Eval(value) => {
                    parts.eval = Some(eval_from_core(value.eval));
                    eval_seen = true;
                }
                _ => {}
            }
        }
    }
    parts
}

fn square(sq: core::Sq) -> Option<Square> {
    (sq.0 < 64).then(|| Square::new(u32::from(sq.0)))
}

fn eval_from_core(eval: core::Eval) -> Eval {
    match eval {
        core::Eval::Pawns { centipawns } => Eval::Pawns(centipawns as f32 / 100.0),
        core::Eval::Mate(n) => Eval::Mate(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_stripped_and_read() {
        let p = split_comment("Sharp! [%eval -1.5,24] [%clk 1:02:03.4] the end [%cal Ge2e4,Rd1d8] [%csl Ya5]");
        assert_eq!(p.text, "Sharp! the end");
        assert_eq!(p.clock, Some((3600 + 2 * 60 + 3) * 10 + 4));
        assert_eq!(p.eval, Some(Eval::Pawns(-1.5)));
        assert_eq!(p.arrows.len(), 2);
        assert_eq!(p.arrows[1].to, Square::D8);
        assert_eq!(p.marks, vec![SquareMark { square: Square::A5, color: MarkColor::Yellow }]);
    }

    #[test]
    fn the_last_readable_clock_and_evaluation_count() {
        let p = split_comment("[%clk 0:01:00] [%eval 0.5] [%clk 0:00:30] [%eval 1.0] [%clk x] [%eval y]");
        assert_eq!(p.clock, Some(300));
        assert_eq!(p.eval, Some(Eval::Pawns(1.0)));
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
