//! The `TimeControl` tag: `?`, `-`, or periods joined by `:` such as
//! `40/7200:3600`, `300`, `4500+60` or `*180`.
//!
//! Each period is one of: moves in a time (`40/9000`), the rest of the game in
//! a time (`300`), a time with an increment per move (`4500+60`), or an
//! hourglass (`*180`). As an extension a moves period may carry an increment
//! (`40/7200+30`). All numbers are seconds. A period that covers the rest of
//! the game (the last three kinds) must come last; when the last period counts
//! moves, it repeats for the rest of the game.
//!
//! Reading allows white space around numbers and separators; writing uses the
//! compact form without any.

use std::fmt;
use std::str::FromStr;

/// The value of a `TimeControl` tag.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// `?`: the time control is not known.
    Unknown,
    /// `-`: the game was played without a clock.
    None,
    /// One or more periods in the order they are played.
    Periods(Vec<Period>),
}

/// One period of a time control. All numbers are seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Period {
    /// `40/9000`: a number of moves in a given time.
    Moves {
        /// Moves to be made in the period.
        moves: u32,
        /// Time for the period.
        seconds: u32,
    },
    /// `40/7200+30`: a number of moves in a given time, with an increment
    /// after every move.
    MovesWithIncrement {
        /// Moves to be made in the period.
        moves: u32,
        /// Time for the period.
        seconds: u32,
        /// Time added after each move.
        increment: u32,
    },
    /// `300`: the rest of the game in a given time.
    SuddenDeath {
        /// Time for the rest of the game.
        seconds: u32,
    },
    /// `4500+60`: the rest of the game in a given time, with an increment
    /// after every move.
    Increment {
        /// Time for the rest of the game before increments.
        seconds: u32,
        /// Time added after each move.
        increment: u32,
    },
    /// `*180`: an hourglass holding the given total time; each player starts
    /// with half of it and the time one player uses is added to the other.
    Hourglass {
        /// Total time in the hourglass.
        seconds: u32,
    },
}

/// Why a `TimeControl` value could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TimeControlProblem {
    /// The value is empty.
    Empty,
    /// The value (or the given part of it) is not written the PGN way.
    NotPgnForm {
        /// The part that could not be read; the whole value when it has a
        /// single part.
        part: String,
    },
    /// Two `:` with nothing between them, or a `:` at either end.
    EmptyPeriod,
    /// A moves period counting zero moves.
    ZeroMoves {
        /// The period as written.
        part: String,
    },
    /// A period for the rest of the game that is followed by another one.
    NotLast {
        /// The period as written.
        part: String,
    },
    /// A number that does not fit (above 4294967295).
    TooLarge {
        /// The number as written.
        number: String,
    },
    /// `?` or `-` combined with periods.
    NotAlone,
}

/// An error from reading a `TimeControl` value, with a message meant for a
/// chess player.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TimeControlError {
    /// The value that was read, trimmed.
    pub input: String,
    /// What is wrong with it.
    pub problem: TimeControlProblem,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let input = &self.input;
        const EXAMPLE: &str = "e.g. 40/7200:3600 or 900+10";
        match &self.problem {
            TimeControlProblem::Empty => write!(
                f,
                "TimeControl is empty (write \"?\" when the time control is unknown, \
                 \"-\" when no clock was used)"
            ),
            TimeControlProblem::NotPgnForm { part } if part == input => {
                write!(f, "TimeControl \"{input}\" is not in PGN form ({EXAMPLE})")
            }
            TimeControlProblem::NotPgnForm { part } => write!(
                f,
                "TimeControl \"{input}\" is not in PGN form: \"{part}\" is not a period \
                 ({EXAMPLE})"
            ),
            TimeControlProblem::EmptyPeriod => write!(
                f,
                "TimeControl \"{input}\" has an empty period (periods are separated by \
                 a single \":\", {EXAMPLE})"
            ),
            TimeControlProblem::ZeroMoves { part } => write!(
                f,
                "TimeControl \"{input}\": the period \"{part}\" is for zero moves \
                 (the number before \"/\" counts moves and must be at least 1)"
            ),
            TimeControlProblem::NotLast { part } => write!(
                f,
                "TimeControl \"{input}\": the period \"{part}\" lasts for the rest of \
                 the game, so it must be the last one"
            ),
            TimeControlProblem::TooLarge { number } => {
                write!(f, "TimeControl \"{input}\": the number {number} is too large")
            }
            TimeControlProblem::NotAlone => write!(
                f,
                "TimeControl \"{input}\": \"?\" (unknown) and \"-\" (no clock) \
                 must stand alone"
            ),
        }
    }
}

impl std::error::Error for TimeControlError {}

/// Reads a number of moves or seconds: digits only, white space around
/// allowed.
fn number(s: &str) -> Result<u32, TimeControlProblem> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TimeControlProblem::NotPgnForm { part: String::new() });
    }
    s.parse().map_err(|_| TimeControlProblem::TooLarge { number: s.to_string() })
}

fn period(part: &str) -> Result<Period, TimeControlProblem> {
    // Name the part in errors about its form.
    period_of(part).map_err(|problem| match problem {
        TimeControlProblem::NotPgnForm { .. } => TimeControlProblem::NotPgnForm { part: part.to_string() },
        other => other,
    })
}

fn period_of(part: &str) -> Result<Period, TimeControlProblem> {
    if part.is_empty() {
        return Err(TimeControlProblem::EmptyPeriod);
    }
    if let Some(rest) = part.strip_prefix('*') {
        return Ok(Period::Hourglass { seconds: number(rest)? });
    }
    if let Some((moves, time)) = part.split_once('/') {
        let moves = number(moves)?;
        if moves == 0 {
            return Err(TimeControlProblem::ZeroMoves { part: part.to_string() });
        }
        return Ok(match time.split_once('+') {
            Some((seconds, increment)) => {
                Period::MovesWithIncrement { moves, seconds: number(seconds)?, increment: number(increment)? }
            }
            None => Period::Moves { moves, seconds: number(time)? },
        });
    }
    if let Some((seconds, increment)) = part.split_once('+') {
        return Ok(Period::Increment { seconds: number(seconds)?, increment: number(increment)? });
    }
    Ok(Period::SuddenDeath { seconds: number(part)? })
}

/// Reads the value of a `TimeControl` tag. White space around the value,
/// its periods and its numbers is allowed.
pub fn parse(s: &str) -> Result<TimeControl, TimeControlError> {
    let input = s.trim();
    let fail = |problem| TimeControlError { input: input.to_string(), problem };
    match input {
        "" => return Err(fail(TimeControlProblem::Empty)),
        "?" => return Ok(TimeControl::Unknown),
        "-" => return Ok(TimeControl::None),
        _ => {}
    }
    let parts: Vec<&str> = input.split(':').map(str::trim).collect();
    // A clock reading such as "1:30:00" is a common mistake; call it what it
    // is rather than complaining about the order of periods.
    let clock_like = parts.len() > 1 && parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if clock_like {
        return Err(fail(TimeControlProblem::NotPgnForm { part: input.to_string() }));
    }
    let mut periods = Vec::with_capacity(parts.len());
    for part in &parts {
        if *part == "?" || *part == "-" {
            return Err(fail(TimeControlProblem::NotAlone));
        }
        periods.push(period(part).map_err(fail)?);
    }
    let last = periods.len().saturating_sub(1);
    let misplaced = periods.iter().zip(&parts).take(last).find(|(p, _)| p.is_rest_of_game());
    if let Some((_, part)) = misplaced {
        return Err(fail(TimeControlProblem::NotLast { part: part.to_string() }));
    }
    Ok(TimeControl::Periods(periods))
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}

impl Period {
    /// The time given for the period (for an hourglass, its total).
    pub fn seconds(&self) -> u32 {
        match *self {
            Period::Moves { seconds, .. }
            | Period::MovesWithIncrement { seconds, .. }
            | Period::SuddenDeath { seconds }
            | Period::Increment { seconds, .. }
            | Period::Hourglass { seconds } => seconds,
        }
    }

    /// The time added after each move; 0 when there is none.
    pub fn increment(&self) -> u32 {
        match *self {
            Period::MovesWithIncrement { increment, .. } | Period::Increment { increment, .. } => increment,
            _ => 0,
        }
    }

    /// The number of moves of a moves period.
    pub fn moves(&self) -> Option<u32> {
        match *self {
            Period::Moves { moves, .. } | Period::MovesWithIncrement { moves, .. } => Some(moves),
            _ => None,
        }
    }

    /// True for the kinds that last for the rest of the game.
    pub fn is_rest_of_game(&self) -> bool {
        self.moves().is_none()
    }
}

impl fmt::Display for Period {
    /// The period in PGN form, e.g. `40/7200` or `900+10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Period::Moves { moves, seconds } => write!(f, "{moves}/{seconds}"),
            Period::MovesWithIncrement { moves, seconds, increment } => write!(f, "{moves}/{seconds}+{increment}"),
            Period::SuddenDeath { seconds } => write!(f, "{seconds}"),
            Period::Increment { seconds, increment } => write!(f, "{seconds}+{increment}"),
            Period::Hourglass { seconds } => write!(f, "*{seconds}"),
        }
    }
}

impl fmt::Display for TimeControl {
    /// The tag value in PGN form: `?`, `-`, or the periods joined by `:`.
    /// An empty list of periods is written as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unknown => f.write_str("?"),
            TimeControl::None => f.write_str("-"),
            TimeControl::Periods(periods) if periods.is_empty() => f.write_str("?"),
            TimeControl::Periods(periods) => {
                for (k, p) in periods.iter().enumerate() {
                    if k > 0 {
                        f.write_str(":")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
        }
    }
}

/// A duration in words: `2 h`, `1 h 30 min`, `5 min 30 s`, `0 s`.
fn duration_words(seconds: u32) -> String {
    let hours = seconds / 3600;
    let minutes = (seconds / 60) % 60;
    let secs = seconds % 60;
    let mut parts = Vec::with_capacity(3);
    if hours > 0 {
        parts.push(format!("{hours} h"));
    }
    if minutes > 0 {
        parts.push(format!("{minutes} min"));
    }
    if secs > 0 || parts.is_empty() {
        parts.push(format!("{secs} s"));
    }
    parts.join(" ")
}

fn moves_words(moves: u32) -> String {
    if moves == 1 {
        "1 move".to_string()
    } else {
        format!("{moves} moves")
    }
}

impl TimeControl {
    /// The time each player has on the clock at the start, in seconds: the
    /// time of the first period, or half the total for an hourglass. `None`
    /// when the time control is unknown or there was none.
    pub fn initial_seconds(&self) -> Option<u32> {
        match self {
            TimeControl::Periods(periods) => periods.first().map(|p| match *p {
                Period::Hourglass { seconds } => seconds / 2,
                other => other.seconds(),
            }),
            _ => None,
        }
    }

    /// The time control in words, e.g. "40 moves in 2 h, then 1 h + 30 s per
    /// move".
    pub fn describe(&self) -> String {
        let periods = match self {
            TimeControl::Unknown => return "unknown time control".to_string(),
            TimeControl::None => return "no time control".to_string(),
            TimeControl::Periods(periods) if periods.is_empty() => return "unknown time control".to_string(),
            TimeControl::Periods(periods) => periods,
        };
        let single = periods.len() == 1;
        let mut text = String::new();
        for (k, p) in periods.iter().enumerate() {
            if k > 0 {
                text.push_str(", then ");
            }
            let part = match *p {
                Period::Moves { moves, seconds } => {
                    format!("{} in {}", moves_words(moves), duration_words(seconds))
                }
                Period::MovesWithIncrement { moves, seconds, increment } => format!(
                    "{} in {} + {} per move",
                    moves_words(moves),
                    duration_words(seconds),
                    duration_words(increment)
                ),
                Period::SuddenDeath { seconds } if single => {
                    format!("{} for the game", duration_words(seconds))
                }
                Period::SuddenDeath { seconds } => {
                    format!("{} for the rest of the game", duration_words(seconds))
                }
                Period::Increment { seconds, increment } => {
                    format!("{} + {} per move", duration_words(seconds), duration_words(increment))
                }
                Period::Hourglass { seconds } => format!(
                    "hourglass of {} (each player starts with {})",
                    duration_words(seconds),
                    duration_words(seconds / 2)
                ),
            };
            text.push_str(&part);
        }
        if periods.last().is_some_and(|p| !p.is_rest_of_game()) {
            text.push_str(if single { ", repeated" } else { ", the last period repeating" });
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn periods(s: &str) -> Vec<Period> {
        match parse(s) {
            Ok(TimeControl::Periods(p)) => p,
            other => panic!("{s:?} gave {other:?}"),
        }
    }

    fn problem(s: &str) -> TimeControlProblem {
        match parse(s) {
            Err(e) => e.problem,
            Ok(tc) => panic!("{s:?} was accepted as {tc:?}"),
        }
    }

    fn message(s: &str) -> String {
        match parse(s) {
            Err(e) => e.to_string(),
            Ok(tc) => panic!("{s:?} was accepted as {tc:?}"),
        }
    }

    #[test]
    fn unknown_and_none() {
        assert_eq!(parse("?"), Ok(TimeControl::Unknown));
        assert_eq!(parse(" - "), Ok(TimeControl::None));
        assert_eq!(TimeControl::Unknown.to_string(), "?");
        assert_eq!(TimeControl::None.to_string(), "-");
        assert_eq!(TimeControl::Periods(Vec::new()).to_string(), "?");
    }

    #[test]
    fn each_kind_of_period() {
        assert_eq!(periods("40/9000"), vec![Period::Moves { moves: 40, seconds: 9000 }]);
        assert_eq!(periods("300"), vec![Period::SuddenDeath { seconds: 300 }]);
        assert_eq!(periods("4500+60"), vec![Period::Increment { seconds: 4500, increment: 60 }]);
        assert_eq!(periods("*180"), vec![Period::Hourglass { seconds: 180 }]);
        assert_eq!(periods("40/7200+30"), vec![Period::MovesWithIncrement { moves: 40, seconds: 7200, increment: 30 }]);
        assert_eq!(periods("600+0"), vec![Period::Increment { seconds: 600, increment: 0 }]);
    }

    #[test]
    fn several_periods() {
        assert_eq!(
            periods("40/7200:20/3600:900+30"),
            vec![
                Period::Moves { moves: 40, seconds: 7200 },
                Period::Moves { moves: 20, seconds: 3600 },
                Period::Increment { seconds: 900, increment: 30 },
            ]
        );
        assert_eq!(
            periods("40/7200:3600"),
            vec![Period::Moves { moves: 40, seconds: 7200 }, Period::SuddenDeath { seconds: 3600 },]
        );
        assert_eq!(periods("40/5400+30:1800+30").len(), 2);
    }

    #[test]
    fn white_space_is_allowed_and_dropped_on_output() {
        let tc = parse("  40 / 7200 : 20/3600 :  900 + 30 ").expect("lenient form");
        assert_eq!(tc.to_string(), "40/7200:20/3600:900+30");
        assert_eq!(parse("* 180").map(|t| t.to_string()), Ok("*180".to_string()));
    }

    #[test]
    fn display_round_trips() {
        for s in [
            "?",
            "-",
            "40/9000",
            "300",
            "4500+60",
            "*180",
            "40/7200:3600",
            "40/7200:20/3600:900+30",
            "40/7200+30:1800+30",
            "600+0",
            "0+1",
            "4294967295",
        ] {
            let tc = parse(s).expect("valid");
            assert_eq!(tc.to_string(), s);
            assert_eq!(s.parse::<TimeControl>(), Ok(tc));
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(
            message("15 min. + 10 s. per move"),
            "TimeControl \"15 min. + 10 s. per move\" is not in PGN form \
             (e.g. 40/7200:3600 or 900+10)"
        );
        assert_eq!(
            message("40/7200:1h"),
            "TimeControl \"40/7200:1h\" is not in PGN form: \"1h\" is not a period \
             (e.g. 40/7200:3600 or 900+10)"
        );
        assert_eq!(problem(""), TimeControlProblem::Empty);
        assert_eq!(problem("   "), TimeControlProblem::Empty);
        assert!(message("").contains("\"?\""));
        assert_eq!(problem("40/7200:"), TimeControlProblem::EmptyPeriod);
        assert_eq!(problem(":300"), TimeControlProblem::EmptyPeriod);
        assert_eq!(problem("40/7200::300"), TimeControlProblem::EmptyPeriod);
        assert_eq!(problem("0/3600"), TimeControlProblem::ZeroMoves { part: "0/3600".to_string() });
        assert!(message("0/3600").contains("zero moves"));
        assert_eq!(problem("3600:40/7200"), TimeControlProblem::NotLast { part: "3600".to_string() });
        assert_eq!(
            message("900+10:300"),
            "TimeControl \"900+10:300\": the period \"900+10\" lasts for the rest of \
             the game, so it must be the last one"
        );
        assert_eq!(problem("*180:300"), TimeControlProblem::NotLast { part: "*180".to_string() });
        assert_eq!(problem("40/99999999999"), TimeControlProblem::TooLarge { number: "99999999999".to_string() });
        assert_eq!(message("4294967296"), "TimeControl \"4294967296\": the number 4294967296 is too large");
        assert_eq!(problem("40/7200:?"), TimeControlProblem::NotAlone);
        assert_eq!(problem("-:300"), TimeControlProblem::NotAlone);
        for bad in [
            "abc",
            "+60",
            "300+",
            "/300",
            "40/",
            "40/+30",
            "40/7200/3600",
            "-300",
            "*",
            "**180",
            "90'",
            "1:30:00x",
            "1:30:00",
            "90:00",
            "40/7200+30+5",
            "3,600",
            "١٢٠",
            "300 + -5",
            "40/7200:3600+",
        ] {
            assert!(matches!(problem(bad), TimeControlProblem::NotPgnForm { .. }), "{bad:?}: {:?}", parse(bad));
        }
    }

    #[test]
    fn initial_seconds() {
        let init = |s: &str| parse(s).ok().and_then(|t| t.initial_seconds());
        assert_eq!(init("40/7200:3600"), Some(7200));
        assert_eq!(init("300"), Some(300));
        assert_eq!(init("900+10"), Some(900));
        assert_eq!(init("40/5400+30:1800+30"), Some(5400));
        assert_eq!(init("*180"), Some(90));
        assert_eq!(init("?"), None);
        assert_eq!(init("-"), None);
        assert_eq!(TimeControl::Periods(Vec::new()).initial_seconds(), None);
    }

    #[test]
    fn descriptions() {
        let words = |s: &str| parse(s).map(|t| t.describe()).unwrap_or_default();
        assert_eq!(words("40/7200:3600+30"), "40 moves in 2 h, then 1 h + 30 s per move");
        assert_eq!(words("40/7200:3600"), "40 moves in 2 h, then 1 h for the rest of the game");
        assert_eq!(
            words("40/7200:20/3600:900+30"),
            "40 moves in 2 h, then 20 moves in 1 h, then 15 min + 30 s per move"
        );
        assert_eq!(words("40/9000"), "40 moves in 2 h 30 min, repeated");
        assert_eq!(words("40/7200:20/3600"), "40 moves in 2 h, then 20 moves in 1 h, the last period repeating");
        assert_eq!(words("300"), "5 min for the game");
        assert_eq!(words("900+10"), "15 min + 10 s per move");
        assert_eq!(words("600+0"), "10 min + 0 s per move");
        assert_eq!(words("0+1"), "0 s + 1 s per move");
        assert_eq!(words("5400+60"), "1 h 30 min + 1 min per move");
        assert_eq!(words("3725"), "1 h 2 min 5 s for the game");
        assert_eq!(words("1/60+5"), "1 move in 1 min + 5 s per move, repeated");
        assert_eq!(words("*180"), "hourglass of 3 min (each player starts with 1 min 30 s)");
        assert_eq!(words("?"), "unknown time control");
        assert_eq!(words("-"), "no time control");
        assert_eq!(TimeControl::Periods(Vec::new()).describe(), "unknown time control");
        let _ = words("4294967295+4294967295");
    }

    #[test]
    fn period_accessors() {
        let p = Period::MovesWithIncrement { moves: 40, seconds: 7200, increment: 30 };
        assert_eq!((p.moves(), p.seconds(), p.increment()), (Some(40), 7200, 30));
        assert!(!p.is_rest_of_game());
        let p = Period::Hourglass { seconds: 180 };
        assert_eq!((p.moves(), p.seconds(), p.increment()), (None, 180, 0));
        assert!(p.is_rest_of_game());
    }

    #[test]
    fn scrambled_values_never_panic_and_round_trip() {
        let pieces = ["40", "/", "7200", ":", "+", "*", "?", "-", " ", "0", "9999999999", "30", "é", "h"];
        let mut state: u64 = 11;
        let mut next = || {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        for _ in 0..5000 {
            let len = next() % 8;
            let text: String = (0..len).map(|_| pieces[next() % pieces.len()]).collect();
            match parse(&text) {
                Ok(tc) => {
                    let _ = tc.describe();
                    let _ = tc.initial_seconds();
                    assert_eq!(parse(&tc.to_string()), Ok(tc), "{text:?}");
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
}
