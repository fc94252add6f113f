//! What a list of games needs without reading the games: the standard's
//! collation order (PGN Appendix D) and a fast count of main-line moves.

use std::cmp::Ordering;

use crate::date::PgnDate;

/// A `Date` tag as a sort key: year, month, day, with `?` as 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DateKey(pub u16, pub u8, pub u8);

impl DateKey {
    /// Reads `YYYY.MM.DD` as [`PgnDate::parse_lossy`] does: unknown,
    /// unreadable or out-of-range parts count as 0.
    pub fn parse(date: &str) -> DateKey {
        DateKey::from(PgnDate::parse_lossy(date))
    }
}

impl From<PgnDate> for DateKey {
    fn from(date: PgnDate) -> DateKey {
        DateKey(date.year().unwrap_or(0), date.month().unwrap_or(0), date.day().unwrap_or(0))
    }
}

/// A `Round` tag as a sort key: `?` first, then `-`, then numbers (each
/// dotted part numerically, `3.10` after `3.9`), then other text.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RoundKey {
    /// `?` or empty: not known.
    #[default]
    Unknown,
    /// `-`: not applicable.
    NotApplicable,
    /// Dotted numbers, e.g. `[3, 1]` for `3.1`.
    Numbers(Vec<u32>),
    /// Anything else, compared as text.
    Text(String),
}

impl RoundKey {
    /// Reads a `Round` tag value.
    pub fn parse(round: &str) -> RoundKey {
        let round = round.trim();
        match round {
            "" | "?" => RoundKey::Unknown,
            "-" => RoundKey::NotApplicable,
            _ => {
                let numbers: Option<Vec<u32>> = round.split('.').map(|p| p.parse().ok()).collect();
                match numbers {
                    Some(n) => RoundKey::Numbers(n),
                    None => RoundKey::Text(round.to_owned()),
                }
            }
        }
    }
}

/// The sort key of a game in the standard's collation: Date, Event, Site,
/// Round, White, Black, Result (then the caller compares movetext).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CollationKey {
    /// `Date`.
    pub date: DateKey,
    /// `Event`.
    pub event: String,
    /// `Site`.
    pub site: String,
    /// `Round`.
    pub round: RoundKey,
    /// `White`.
    pub white: String,
    /// `Black`.
    pub black: String,
    /// `Result`.
    pub result: String,
}

impl CollationKey {
    /// Builds the key from a tag lookup (missing tags sort as empty text).
    pub fn new<F, S>(tag: F) -> CollationKey
    where
        F: Fn(&str) -> Option<S>,
        S: AsRef<str>,
    {
        let text = |name: &str| tag(name).map(|v| v.as_ref().to_owned()).unwrap_or_default();
        CollationKey {
            date: DateKey::parse(&text("Date")),
            event: text("Event"),
            site: text("Site"),
            round: RoundKey::parse(&text("Round")),
            white: text("White"),
            black: text("Black"),
            result: text("Result"),
        }
    }
}

/// Compares two games in the standard's collation order, given their keys
/// and their movetext bytes.
pub fn collate(a: (&CollationKey, &[u8]), b: (&CollationKey, &[u8])) -> Ordering {
    a.0.cmp(b.0).then_with(|| a.1.cmp(b.1))
}

/// Counts the half-moves of the main line in movetext, without checking
/// them: tokens outside comments and variations that look like moves
/// (they start with a letter, or are `--` or castling written with zeros).
/// Linear, and does not allocate; a `PlyCount` tag is not consulted.
pub fn count_plies(movetext: &[u8]) -> u32 {
    let mut plies = 0u32;
    let mut depth = 0u32;
    let mut i = 0;
    let len = movetext.len();
    let mut line_start = true;
    while i < len {
        let b = movetext[i];
        match b {
            b'{' => {
                i = memchr::memchr(b'}', &movetext[i..]).map_or(len, |j| i + j + 1);
                line_start = false;
                continue;
            }
            b';' => {
                i = memchr::memchr(b'\n', &movetext[i..]).map_or(len, |j| i + j);
                continue;
            }
            b'%' if line_start => {
                i = memchr::memchr(b'\n', &movetext[i..]).map_or(len, |j| i + j);
                continue;
            }
            b'\n' | b'\r' => {
                line_start = true;
                i += 1;
                continue;
            }
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            // A stray `}` stops no token: it is one byte of its own.
            b' ' | b'\t' | b'.' | b'[' | b']' | b'}' => {}
            _ => {
                let start = i;
                while i < len
                    && !matches!(movetext[i], b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'(' | b')' | b';' | b'.')
                {
                    i += 1;
                }
                if depth == 0 && is_move_like(&movetext[start..i]) {
                    plies += 1;
                }
                line_start = false;
                continue;
            }
        }
        line_start = false;
        i += 1;
    }
    plies
}

fn is_move_like(token: &[u8]) -> bool {
    match token.first() {
        Some(b) if b.is_ascii_alphabetic() => true,
        Some(b'-') => token.starts_with(b"--"),
        Some(b'0') => token.starts_with(b"0-0") && token != b"0-1",
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_sort_with_unknown_parts_first() {
        assert!(DateKey::parse("????.??.??") < DateKey::parse("1851.??.??"));
        assert!(DateKey::parse("1851.??.??") < DateKey::parse("1851.06.21"));
        assert!(DateKey::parse("1851.06.21") < DateKey::parse("1851.06.22"));
        assert_eq!(DateKey::parse("2024.03.09"), DateKey(2024, 3, 9));
        assert_eq!(DateKey::parse(" 2024-3 "), DateKey(2024, 3, 0));
        assert_eq!(DateKey::parse("1851.??.21"), DateKey(1851, 0, 21));
        assert_eq!(DateKey::parse("1851.06.xx"), DateKey(1851, 6, 0));
        assert_eq!(DateKey::parse("yesterday"), DateKey(0, 0, 0));
    }

    #[test]
    fn rounds_sort_unknown_then_dash_then_numbers() {
        let mut rounds: Vec<RoundKey> =
            ["3.10", "-", "10", "3.9", "?", "2", "Final"].iter().map(|r| RoundKey::parse(r)).collect();
        rounds.sort();
        assert_eq!(
            rounds,
            vec![
                RoundKey::Unknown,
                RoundKey::NotApplicable,
                RoundKey::Numbers(vec![2]),
                RoundKey::Numbers(vec![3, 9]),
                RoundKey::Numbers(vec![3, 10]),
                RoundKey::Numbers(vec![10]),
                RoundKey::Text("Final".into()),
            ]
        );
    }

    #[test]
    fn collation_orders_by_date_then_event_then_round() {
        let key = |date: &str, event: &str, round: &str| {
            CollationKey::new(|n: &str| match n {
                "Date" => Some(date.to_owned()),
                "Event" => Some(event.to_owned()),
                "Round" => Some(round.to_owned()),
                _ => None,
            })
        };
        let a = key("1990.01.01", "Zonal", "2");
        let b = key("1990.01.01", "Zonal", "10");
        let c = key("1990.01.01", "Armageddon", "11");
        let d = key("1989.12.31", "Zonal", "1");
        let mut all = [&a, &b, &c, &d];
        all.sort();
        assert_eq!(all, [&d, &c, &a, &b]);
        assert_eq!(collate((&a, b"1. e4 *"), (&a, b"1. d4 *")), Ordering::Greater);
    }

    #[test]
    fn counts_main_line_plies_only() {
        assert_eq!(count_plies(b"1. e4 e5 2. Nf3 (2. f4 exf4 3. Nf3) Nc6 {a (comment} 3. Bb5 1-0"), 5);
        assert_eq!(count_plies(b"1.e4 e5 2.O-O-O 0-0 ; Nf3 (x)\n3. -- Z0 *"), 6);
        assert_eq!(count_plies(b"1. d4 $1 d5!? 2. c4 {[%clk 0:01:00]} 0-1"), 3);
        assert_eq!(count_plies(b"1. e4\n% Nf3 escaped\n1... e5 1/2-1/2"), 2);
        assert_eq!(count_plies(b""), 0);
        // Unbalanced brackets and braces never panic.
        assert_eq!(count_plies(b")) e4 {never closed e5"), 1);
        // A stray closing brace is passed over (it used to stop the count for good).
        assert_eq!(count_plies(b"1. e4 } e5 *"), 2);
        assert_eq!(count_plies(b"}"), 0);
        assert_eq!(count_plies(b"}}e4}e5}"), 2);
    }

    #[test]
    fn counting_ends_on_any_bytes() {
        // Every byte value, alone and between moves: each pass moves on.
        for b in 0..=255u8 {
            let _ = count_plies(&[b]);
            let _ = count_plies(&[b'e', b'4', b, b'e', b'5', b]);
        }
    }
}
