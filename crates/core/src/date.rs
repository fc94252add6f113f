//! Dates as PGN writes them (`Date`, `EventDate`, `UTCDate` tags): a year,
//! a month and a day, each of which may be unknown (`2024.05.??`).

use std::fmt;
use std::str::FromStr;

/// A date as PGN writes it: year, month and day, each known or not
/// (`2024.05.??` is May 2024, `????.??.??` a date not known at all).
///
/// [`FromStr`] reads the forms people and files write: `2024`, `2024.05`,
/// `2024.05.31`, with `-` or `/` for `.` and `?`s (or nothing) for a part
/// not known; [`Display`](fmt::Display) writes the standard's form back.
/// [`PgnDate::parse_strict`] reads the standard's form only, and
/// [`PgnDate::parse_lossy`] reads what it can of any text, for sorting.
///
/// Dates order by year, then month, then day, an unknown part before any
/// known one (the order the standard sorts games in). Whether a date may
/// fall in a span of days is told by its [`earliest`](PgnDate::earliest)
/// and [`latest`](PgnDate::latest) days.
///
/// ```
/// use movetext_core::PgnDate;
///
/// let may: PgnDate = "2024-05".parse().unwrap();
/// assert_eq!((may.year(), may.month(), may.day()), (Some(2024), Some(5), None));
/// assert_eq!(may.to_string(), "2024.05.??");
/// assert!("2024.13.01".parse::<PgnDate>().is_err());
///
/// // May 2024 may be any day from the 1st to the 31st.
/// let day: PgnDate = "2024.05.20".parse().unwrap();
/// assert!(may.earliest() <= Some(day) && Some(day) <= may.latest());
/// assert!(may < day);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PgnDate {
    year: Option<u16>,
    month: Option<u8>,
    day: Option<u8>,
}

/// A part of a date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DatePart {
    /// The year (`2024`).
    Year,
    /// The month, 1 to 12.
    Month,
    /// The day of the month, 1 to 31.
    Day,
}

/// Why a text is not a date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BadDate {
    /// Nothing but spaces.
    Empty,
    /// More than three parts (year, month, day).
    TooManyParts,
    /// A part is neither digits nor `?`s.
    NotANumber(DatePart),
    /// A month not from 1 to 12, a day not from 1 to 31, or a year past 65535.
    OutOfRange(DatePart),
    /// Not in the standard's form `YYYY.MM.DD` (four, two and two
    /// characters, each part digits or `?`s): [`PgnDate::parse_strict`].
    NotStandard,
}

/// The characters that part a date, the standard's `.` first.
const SEPARATORS: [char; 3] = ['.', '-', '/'];

impl PgnDate {
    /// A date not known at all: `????.??.??`.
    pub const UNKNOWN: PgnDate = PgnDate { year: None, month: None, day: None };

    /// The date of these parts, when the month is 1 to 12 and the day 1 to
    /// 31 (the days of a month are not checked: `2023.02.31` is a date).
    pub fn new(year: Option<u16>, month: Option<u8>, day: Option<u8>) -> Result<PgnDate, BadDate> {
        if month.is_some_and(|m| !(1..=12).contains(&m)) {
            return Err(BadDate::OutOfRange(DatePart::Month));
        }
        if day.is_some_and(|d| !(1..=31).contains(&d)) {
            return Err(BadDate::OutOfRange(DatePart::Day));
        }
        Ok(PgnDate { year, month, day })
    }

    /// The year, when known.
    pub fn year(self) -> Option<u16> {
        self.year
    }

    /// The month (1 to 12), when known.
    pub fn month(self) -> Option<u8> {
        self.month
    }

    /// The day of the month (1 to 31), when known.
    pub fn day(self) -> Option<u8> {
        self.day
    }

    /// The first day the date may be, when its year is known: the 1st of
    /// its month, or January 1st when the month is not known (a day
    /// without its month says nothing).
    pub fn earliest(self) -> Option<PgnDate> {
        let year = self.year?;
        let (month, day) = match self.month {
            Some(m) => (m, self.day.unwrap_or(1)),
            None => (1, 1),
        };
        Some(PgnDate { year: Some(year), month: Some(month), day: Some(day) })
    }

    /// The last day the date may be, when its year is known: the end of its
    /// month (written as day 31, whatever the month), or December 31st when
    /// the month is not known.
    pub fn latest(self) -> Option<PgnDate> {
        let year = self.year?;
        let (month, day) = match self.month {
            Some(m) => (m, self.day.unwrap_or(31)),
            None => (12, 31),
        };
        Some(PgnDate { year: Some(year), month: Some(month), day: Some(day) })
    }

    /// Reads the standard's form only: `YYYY.MM.DD`, with four, two and two
    /// characters, each part digits or `?`s (`1992.??.??`, `1992.11.04`);
    /// the form a tag editor asks for. Spaces are not taken off.
    pub fn parse_strict(s: &str) -> Result<PgnDate, BadDate> {
        let mut parts = s.split('.');
        let (Some(y), Some(m), Some(d), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
            return Err(BadDate::NotStandard);
        };
        let standard = |p: &str, len: usize| {
            p.len() == len && (p.bytes().all(|b| b == b'?') || p.bytes().all(|b| b.is_ascii_digit()))
        };
        if !(standard(y, 4) && standard(m, 2) && standard(d, 2)) {
            return Err(BadDate::NotStandard);
        }
        PgnDate::of_parts(y, m, d)
    }

    /// Reads what it can of any text, and never fails: the first three
    /// parts (parted by `.`, `-` or `/`, spaces around each taken off), each
    /// unknown unless it is a number in range. For sorting the dates of a
    /// file as written, whatever their form.
    pub fn parse_lossy(s: &str) -> PgnDate {
        let mut parts = s.trim().split(SEPARATORS).map(str::trim);
        let mut next = |which| parts.next().and_then(|p| number(p, which).ok().flatten());
        let year = next(DatePart::Year).map(|y| y as u16);
        let month = next(DatePart::Month).map(|m| m as u8);
        let day = next(DatePart::Day).map(|d| d as u8);
        PgnDate { year, month, day }
    }

    /// The date of three parts, each digits, `?`s or empty.
    fn of_parts(year: &str, month: &str, day: &str) -> Result<PgnDate, BadDate> {
        Ok(PgnDate {
            year: number(year, DatePart::Year)?.map(|y| y as u16),
            month: number(month, DatePart::Month)?.map(|m| m as u8),
            day: number(day, DatePart::Day)?.map(|d| d as u8),
        })
    }
}

/// One part of a date: `None` when it is empty or `?`s, else its number,
/// which must be in range.
fn number(part: &str, which: DatePart) -> Result<Option<u32>, BadDate> {
    if part.bytes().all(|b| b == b'?') {
        return Ok(None);
    }
    if !part.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BadDate::NotANumber(which));
    }
    let max = match which {
        DatePart::Year => u32::from(u16::MAX),
        DatePart::Month => 12,
        DatePart::Day => 31,
    };
    let min = u32::from(which != DatePart::Year);
    match part.parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => Err(BadDate::OutOfRange(which)),
    }
}

impl FromStr for PgnDate {
    type Err = BadDate;

    /// Reads `2024`, `2024.05` or `2024.05.31` (spaces around it taken off),
    /// with `-` or `/` for `.`; a part written `?`s, left empty or left out
    /// is unknown.
    fn from_str(s: &str) -> Result<PgnDate, BadDate> {
        let s = s.trim();
        if s.is_empty() {
            return Err(BadDate::Empty);
        }
        let mut parts = s.split(SEPARATORS);
        let year = parts.next().unwrap_or_default();
        let month = parts.next().unwrap_or_default();
        let day = parts.next().unwrap_or_default();
        if parts.next().is_some() {
            return Err(BadDate::TooManyParts);
        }
        PgnDate::of_parts(year, month, day)
    }
}

impl fmt::Display for PgnDate {
    /// The standard's form: `2024.05.??`, `????.??.??`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.year {
            Some(y) => write!(f, "{y:04}.")?,
            None => f.write_str("????.")?,
        }
        for (i, part) in [self.month, self.day].into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            match part {
                Some(n) => write!(f, "{n:02}")?,
                None => f.write_str("??")?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for DatePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DatePart::Year => "year",
            DatePart::Month => "month",
            DatePart::Day => "day",
        })
    }
}

impl fmt::Display for BadDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadDate::Empty => f.write_str("the date is empty"),
            BadDate::TooManyParts => f.write_str("a date has three parts at most: year, month and day"),
            BadDate::NotANumber(part) => write!(f, "the {part} is neither digits nor `?`"),
            BadDate::OutOfRange(DatePart::Year) => f.write_str("the year is past 65535"),
            BadDate::OutOfRange(DatePart::Month) => f.write_str("the month is not from 1 to 12"),
            BadDate::OutOfRange(DatePart::Day) => f.write_str("the day is not from 1 to 31"),
            BadDate::NotStandard => f.write_str("the date is not written YYYY.MM.DD (`?` for a digit not known)"),
        }
    }
}

impl std::error::Error for BadDate {}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> PgnDate {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn parts(d: PgnDate) -> (Option<u16>, Option<u8>, Option<u8>) {
        (d.year(), d.month(), d.day())
    }

    #[test]
    fn reads_the_forms_people_and_files_write() {
        assert_eq!(parts(date("2025.05.31")), (Some(2025), Some(5), Some(31)));
        assert_eq!(parts(date("2025-05-31")), (Some(2025), Some(5), Some(31)));
        assert_eq!(parts(date("2025/5/1")), (Some(2025), Some(5), Some(1)));
        assert_eq!(parts(date(" 2025.05 ")), (Some(2025), Some(5), None));
        assert_eq!(parts(date("2025")), (Some(2025), None, None));
        assert_eq!(parts(date("2025.")), (Some(2025), None, None));
        assert_eq!(parts(date("2025.??.??")), (Some(2025), None, None));
        assert_eq!(parts(date("1997.??.12")), (Some(1997), None, Some(12)));
        assert_eq!(parts(date("????.??.??")), (None, None, None));
        assert_eq!(parts(date("?")), (None, None, None));
        assert_eq!(parts(date("0000.005.01")), (Some(0), Some(5), Some(1)));
        assert_eq!(parts(date("2023.02.31")), (Some(2023), Some(2), Some(31)));
    }

    #[test]
    fn says_why_a_text_is_not_a_date() {
        let bad = |s: &str| s.parse::<PgnDate>().unwrap_err();
        assert_eq!(bad(""), BadDate::Empty);
        assert_eq!(bad("  "), BadDate::Empty);
        assert_eq!(bad("May"), BadDate::NotANumber(DatePart::Year));
        assert_eq!(bad("19??"), BadDate::NotANumber(DatePart::Year));
        assert_eq!(bad("+2025"), BadDate::NotANumber(DatePart::Year));
        assert_eq!(bad("2025.5?"), BadDate::NotANumber(DatePart::Month));
        assert_eq!(bad("2025 .05"), BadDate::NotANumber(DatePart::Year));
        assert_eq!(bad("2025.13.01"), BadDate::OutOfRange(DatePart::Month));
        assert_eq!(bad("2025.00"), BadDate::OutOfRange(DatePart::Month));
        assert_eq!(bad("2025.05.32"), BadDate::OutOfRange(DatePart::Day));
        assert_eq!(bad("2025.05.00"), BadDate::OutOfRange(DatePart::Day));
        assert_eq!(bad("65536"), BadDate::OutOfRange(DatePart::Year));
        assert_eq!(bad("99999999999999999999"), BadDate::OutOfRange(DatePart::Year));
        assert_eq!(bad("2025.05.31.12"), BadDate::TooManyParts);
        assert_eq!(bad("31.05.2025"), BadDate::OutOfRange(DatePart::Day));
        assert_eq!(bad("2025.13.01").to_string(), "the month is not from 1 to 12");
        assert_eq!(bad("May").to_string(), "the year is neither digits nor `?`");
    }

    #[test]
    fn writes_the_standard_form() {
        for s in ["2025.05.31", "2025.05.??", "2025.??.??", "????.??.??", "1997.??.12", "0042.01.09"] {
            assert_eq!(date(s).to_string(), s);
            assert_eq!(PgnDate::parse_strict(s), Ok(date(s)));
        }
        assert_eq!(date("2025-5-1").to_string(), "2025.05.01");
        assert_eq!(date("2025").to_string(), "2025.??.??");
        assert_eq!(PgnDate::UNKNOWN.to_string(), "????.??.??");
        assert_eq!(PgnDate::default(), PgnDate::UNKNOWN);
    }

    #[test]
    fn strict_reading_takes_the_standard_form_only() {
        let ok = |s: &str| PgnDate::parse_strict(s).is_ok();
        assert!(ok("1992.11.04") && ok("1992.??.??") && ok("????.??.??") && ok("1992.??.05") && ok("0000.01.01"));
        for s in ["1992.13.01", "1992.00.01", "1992.01.32", "4.11.1992", "1992-11-04", "1992.11", "92.11.04"] {
            assert!(!ok(s), "{s}");
        }
        for s in ["1992.1.04", "1992.11.4", "19?2.11.04", "1992.?1.04", " 1992.11.04", "1992.11.04.", "+992.11.04"] {
            assert!(!ok(s), "{s}");
        }
        assert_eq!(PgnDate::parse_strict("1992-11-04"), Err(BadDate::NotStandard));
        assert_eq!(PgnDate::parse_strict("1992.13.01"), Err(BadDate::OutOfRange(DatePart::Month)));
    }

    #[test]
    fn lossy_reading_keeps_what_it_can() {
        let lossy = |s: &str| parts(PgnDate::parse_lossy(s));
        assert_eq!(lossy("2024.03.09"), (Some(2024), Some(3), Some(9)));
        assert_eq!(lossy(" 2024 . 3 . 9 "), (Some(2024), Some(3), Some(9)));
        assert_eq!(lossy("1851.??.21"), (Some(1851), None, Some(21)));
        assert_eq!(lossy("1851.xx.21.more"), (Some(1851), None, Some(21)));
        assert_eq!(lossy("2024.13.40"), (Some(2024), None, None));
        assert_eq!(lossy("????.??.??"), (None, None, None));
        assert_eq!(lossy(""), (None, None, None));
        assert_eq!(lossy("yesterday"), (None, None, None));
    }

    #[test]
    fn dates_order_with_unknown_parts_first() {
        let mut dates: Vec<PgnDate> =
            ["1851.06.22", "1851.??.??", "????.??.??", "1851.06.21", "1851.06.??", "1850.12.31"].map(date).to_vec();
        dates.sort();
        let written: Vec<String> = dates.iter().map(PgnDate::to_string).collect();
        assert_eq!(written, ["????.??.??", "1850.12.31", "1851.??.??", "1851.06.??", "1851.06.21", "1851.06.22"]);
    }

    #[test]
    fn earliest_and_latest_days_span_what_is_known() {
        let span = |s: &str| {
            let d = date(s);
            (d.earliest().map(|d| d.to_string()), d.latest().map(|d| d.to_string()))
        };
        let some = |a: &str, b: &str| (Some(a.to_string()), Some(b.to_string()));
        assert_eq!(span("2025.05.31"), some("2025.05.31", "2025.05.31"));
        assert_eq!(span("2025-05"), some("2025.05.01", "2025.05.31"));
        assert_eq!(span("2025.??.??"), some("2025.01.01", "2025.12.31"));
        assert_eq!(span("1997.??.12"), some("1997.01.01", "1997.12.31"));
        assert_eq!(span("????.05.12"), (None, None));
        // Spans compare day by day: May 2025 ends after May 30th and begins after April.
        assert!(date("2025.05").latest() > date("2025.05.30").latest());
        assert!(date("2025.05").earliest() > date("2025.04.30").latest());
    }

    #[test]
    fn new_checks_the_ranges() {
        assert_eq!(PgnDate::new(Some(2025), Some(5), None), Ok(date("2025.05")));
        assert_eq!(PgnDate::new(None, Some(13), None), Err(BadDate::OutOfRange(DatePart::Month)));
        assert_eq!(PgnDate::new(None, None, Some(0)), Err(BadDate::OutOfRange(DatePart::Day)));
    }
}
