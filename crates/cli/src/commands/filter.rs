//! `movetext filter`: the games that match, byte for byte as in the input.

use std::io::{self, Write};

use clap::Args;
use movetext_core::positions::Target;
use movetext_core::stream::GameBytes;
use movetext_core::PgnDate;

use super::Command;
use crate::fen;
use crate::pipeline::Job;

/// Which games `filter` writes.
#[derive(Debug, Args, Clone, Default)]
pub struct Select {
    /// White or Black contains TEXT (any letter case); may be repeated: any of them.
    #[arg(long, value_name = "TEXT")]
    pub player: Vec<String>,
    /// White or Black is exactly NAME; may be repeated: any of them.
    #[arg(long, value_name = "NAME")]
    pub player_is: Vec<String>,
    /// Played on or after DATE (YYYY, YYYY.MM or YYYY.MM.DD; `-` works as `.`),
    /// by the Date tag, else UTCDate.
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    pub from: Option<PgnDate>,
    /// Played on or before DATE (YYYY.MM means up to the month's end).
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    pub to: Option<PgnDate>,
    /// The Result tag is RESULT; may be repeated: any of them.
    #[arg(long, value_name = "RESULT", value_parser = ["1-0", "0-1", "1/2-1/2", "*"])]
    pub result: Vec<String>,
    /// The ECO code starts with CODE (`B`, `B2`, `B20`) or is in a range (`B20-B99`); may be repeated.
    #[arg(long, value_name = "CODE")]
    pub eco: Vec<String>,
    /// The game reaches the position FEN in its main line (reads each game's main line up to it, or until it can no longer be reached).
    #[arg(long, value_name = "FEN", value_parser = fen::target)]
    pub fen: Option<Target>,
    /// Only games with errors (reads every game's moves).
    #[arg(long, conflicts_with = "no_errors")]
    pub errors: bool,
    /// Only games without errors (reads every game's moves).
    #[arg(long)]
    pub no_errors: bool,
}

/// Reads a date given on the command line (`2025`, `2025.05`, `2025-05-31`,
/// `2025.??.??`): its year must be known.
pub fn parse_date(s: &str) -> Result<PgnDate, String> {
    s.parse::<PgnDate>()
        .ok()
        .filter(|d| d.year().is_some())
        .ok_or_else(|| format!("`{s}` is not a date: write YYYY, YYYY.MM or YYYY.MM.DD"))
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

/// The first and the last day a game may have been played, by its Date
/// tag, else its UTCDate tag (one whose year is known).
fn played(g: &GameBytes<'_>) -> Option<(PgnDate, PgnDate)> {
    [g.tag("Date"), g.tag("UTCDate")].into_iter().flatten().find_map(|d| {
        let date = d.parse::<PgnDate>().ok()?;
        Some((date.earliest()?, date.latest()?))
    })
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
            let Some((first, last)) = played(g) else { return false };
            let from = self.from.and_then(PgnDate::earliest);
            let to = self.to.and_then(PgnDate::latest);
            if from.is_some_and(|f| last < f) || to.is_some_and(|t| first > t) {
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

impl Command for Select {
    /// The bytes of a game that matches.
    type Record = Option<Vec<u8>>;
    type Sink = ();

    fn work(&self, job: Job<'_>) -> Option<Vec<u8>> {
        let mut keep = self.tags_match(&job.game);
        if keep && (self.errors || self.no_errors) {
            let game = job.game.read_with(job.buffers);
            keep = game.has_errors() == self.errors
                && self.fen.as_ref().is_none_or(|target| target.first_ply(&game).is_some());
        } else if keep {
            if let Some(target) = &self.fen {
                keep = job.game.first_reach(target, job.buffers).is_some();
            }
        }
        keep.then(|| job.game.bytes().to_vec())
    }

    fn write(&self, (): &mut (), game: Option<Vec<u8>>, out: &mut dyn Write) -> io::Result<()> {
        match game {
            Some(bytes) => out.write_all(&bytes),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_on_the_command_line_need_a_year() {
        let d = |s| parse_date(s).unwrap().to_string();
        assert_eq!(d("2025.05.31"), "2025.05.31");
        assert_eq!(d("2025-05"), "2025.05.??");
        assert_eq!(d("2025/05/31"), "2025.05.31");
        assert_eq!(d(" 2025 "), "2025.??.??");
        assert_eq!(d("2025.??.??"), "2025.??.??");
        for bad in ["may", "????.??.??", "?", "", "2025.13.01", "2025.05.32", "65536"] {
            let e = parse_date(bad).unwrap_err();
            assert_eq!(e, format!("`{bad}` is not a date: write YYYY, YYYY.MM or YYYY.MM.DD"));
        }
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
