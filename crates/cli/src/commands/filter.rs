//! `movetext filter`: the games that match, byte for byte as in the input.

use std::io::{self, Read, Write};

use movetext_core::stream::GameBytes;

use super::{note_error, Outcome};
use crate::args::Select;
use crate::pipeline::{self, Event, Job, Options};

/// A date or a part of one: year, then month and day when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: Option<u8>,
    day: Option<u8>,
}

impl Date {
    /// Reads `2025`, `2025.05`, `2025.05.31` (`-` or `/` work as `.`); a part
    /// written `??` (or missing) is unknown, and so are the parts after it.
    pub fn parse(s: &str) -> Option<Date> {
        let mut parts = s.trim().split(['.', '-', '/']);
        let year = parts.next()?.parse().ok()?;
        let mut part = |max: u8| -> Result<Option<u8>, ()> {
            match parts.next() {
                None => Ok(None),
                Some(p) if p.chars().all(|c| c == '?') => Ok(None),
                Some(p) => p.parse().ok().filter(|n| (1..=max).contains(n)).map(Some).ok_or(()),
            }
        };
        let month = part(12).ok()?;
        let day = if month.is_some() { part(31).ok()? } else { None };
        Some(Date { year, month, day })
    }

    /// The first and the last day it may be, as (year, month, day).
    fn span(self) -> ((u16, u8, u8), (u16, u8, u8)) {
        let (m0, m1) = self.month.map_or((1, 12), |m| (m, m));
        let (d0, d1) = self.day.map_or((1, 31), |d| (d, d));
        ((self.year, m0, d0), (self.year, m1, d1))
    }
}

/// Parses a date given on the command line.
pub fn parse_date(s: &str) -> Result<Date, String> {
    Date::parse(s).ok_or_else(|| format!("`{s}` is not a date: write YYYY, YYYY.MM or YYYY.MM.DD"))
}

/// Is `code` (an ECO code) selected by `pattern`: a prefix (`B`, `B2`,
/// `B20`) or a range (`B20-B99`, both ends included)?
fn eco_matches(code: &str, pattern: &str) -> bool {
    let code = code.trim();
    match pattern.split_once('-') {
        Some((lo, hi)) => code.len() == 3 && code >= lo.trim() && code <= hi.trim(),
        None => code.starts_with(pattern.trim()),
    }
}

impl Select {
    /// Do the tags of `g` match every tag condition?
    fn tags_match(&self, g: &GameBytes<'_>) -> bool {
        if !self.player.is_empty() || !self.player_is.is_empty() {
            let names = [g.tag("White"), g.tag("Black")];
            let names: Vec<&str> = names.iter().flatten().map(|n| n.as_ref()).collect();
            let contains = self.player.iter().any(|p| {
                let p = p.to_lowercase();
                names.iter().any(|n| n.to_lowercase().contains(&p))
            });
            let is = self.player_is.iter().any(|p| names.iter().any(|n| n == p));
            if !contains && !is {
                return false;
            }
        }
        if self.from.is_some() || self.to.is_some() {
            let date = [g.tag("Date"), g.tag("UTCDate")].into_iter().flatten().find_map(|d| Date::parse(&d));
            let Some(date) = date else { return false };
            let (first, last) = date.span();
            if self.from.is_some_and(|f| last < f.span().0) || self.to.is_some_and(|t| first > t.span().1) {
                return false;
            }
        }
        if !self.result.is_empty() {
            let result = g.tag("Result");
            if !self.result.iter().any(|r| result.as_deref().map(str::trim) == Some(r)) {
                return false;
            }
        }
        if !self.eco.is_empty() {
            let Some(eco) = g.tag("ECO") else { return false };
            if !self.eco.iter().any(|p| eco_matches(&eco, p)) {
                return false;
            }
        }
        true
    }
}

/// Runs `filter` over `files`.
pub fn run(
    files: &[String],
    select: &Select,
    stdin: &mut (dyn Read + Send),
    opts: Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Outcome> {
    let mut outcome = Outcome::default();
    let work = |job: Job<'_>| {
        let mut keep = select.tags_match(&job.game);
        if keep && (select.errors || select.no_errors) {
            let game = job.game.read_with(job.buffers);
            keep = game.has_errors() == select.errors
                && select.fen.as_ref().is_none_or(|target| target.first_ply(&game).is_some());
        } else if keep {
            if let Some(target) = &select.fen {
                keep = job.game.first_reach(target, job.buffers).is_some();
            }
        }
        keep.then(|| job.game.bytes().to_vec())
    };
    pipeline::run(files, stdin, opts, work, |event| {
        note_error(&event, err, &mut outcome)?;
        match event {
            Event::Game(Some(bytes)) => out.write_all(&bytes),
            _ => Ok(()),
        }
    })?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_their_spans() {
        let d = |s| Date::parse(s).unwrap();
        assert_eq!(d("2025.05.31").span(), ((2025, 5, 31), (2025, 5, 31)));
        assert_eq!(d("2025-05").span(), ((2025, 5, 1), (2025, 5, 31)));
        assert_eq!(d("2025.??.??").span(), ((2025, 1, 1), (2025, 12, 31)));
        assert_eq!(d("1997.??.12").span(), ((1997, 1, 1), (1997, 12, 31)));
        assert_eq!(Date::parse("????.??.??"), None);
        assert_eq!(Date::parse("2025.13.01"), None);
        assert!(parse_date("may").unwrap_err().contains("YYYY.MM.DD"));
    }

    #[test]
    fn eco_prefixes_and_ranges() {
        assert!(eco_matches("B20", "B"));
        assert!(eco_matches("B20", "B2"));
        assert!(!eco_matches("C20", "B"));
        assert!(eco_matches("B45", "B20-B99"));
        assert!(eco_matches("B99", "B20-B99"));
        assert!(!eco_matches("C00", "B20-B99"));
        assert!(!eco_matches("?", "A00-E99"));
    }
}
