//! `movetext check`: every game read, one JSON line each, then a summary.

use std::io::{self, Write};

use movetext_core::{Game, Severity};
use serde::Serialize;

use super::{Command, Outcome};
use crate::json::{self, Tags};
use crate::pipeline::Job;

/// A game's JSON line.
#[derive(Serialize)]
struct Line<'a> {
    game: usize,
    tags: Tags<&'a str, &'a str>,
    plies: usize,
    nodes: usize,
    fen: String,
    diagnostics: Vec<Diagnostic<'a>>,
}

/// A diagnostic in a game's line.
#[derive(Serialize)]
struct Diagnostic<'a> {
    severity: &'static str,
    line: u32,
    col: u32,
    message: &'a str,
}

/// The last line.
#[derive(Serialize)]
struct Summary {
    summary: Totals,
}

/// Counts over all games.
#[derive(Serialize, Default)]
pub struct Totals {
    files: usize,
    games: usize,
    games_with_errors: usize,
    errors: usize,
    warnings: usize,
    fixed: usize,
}

/// What a worker makes of a game.
pub struct Record {
    json: Vec<u8>,
    counts: [usize; 3],
    has_errors: bool,
}

/// The JSON line of game `number`, `fen` the position at the end of its main line.
pub fn record(number: usize, g: &Game, fen: String) -> Record {
    let mut counts = [0; 3];
    for d in g.diagnostics() {
        counts[match d.severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Fixed => 2,
        }] += 1;
    }
    let line = Line {
        game: number,
        tags: Tags(g.tags().collect()),
        plies: g.mainline_plies(),
        nodes: g.node_count(),
        fen,
        diagnostics: g
            .diagnostics()
            .iter()
            .map(|d| Diagnostic { severity: d.severity.as_str(), line: d.line, col: d.col, message: &d.message })
            .collect(),
    };
    let mut json = Vec::with_capacity(512);
    json::line(&mut json, &line);
    Record { json, counts, has_errors: g.has_errors() }
}

/// `check`: every game read and reported.
pub struct Check {
    /// The number of inputs, for the summary.
    pub files: usize,
}

impl Command for Check {
    type Record = Record;
    type Sink = Totals;

    fn work(&self, job: Job<'_>) -> Record {
        let (game, fen) = job.game.read_with_fen(job.buffers);
        record(job.number, &game, fen)
    }

    fn write(&self, totals: &mut Totals, r: Record, out: &mut dyn Write) -> io::Result<()> {
        totals.games += 1;
        totals.errors += r.counts[0];
        totals.warnings += r.counts[1];
        totals.fixed += r.counts[2];
        totals.games_with_errors += usize::from(r.has_errors);
        out.write_all(&r.json)
    }

    fn finish(&self, totals: Totals, outcome: &mut Outcome, out: &mut dyn Write) -> io::Result<()> {
        outcome.game_errors = totals.games_with_errors > 0;
        let mut json = Vec::new();
        json::line(&mut json, &Summary { summary: Totals { files: self.files, ..totals } });
        out.write_all(&json)
    }
}
