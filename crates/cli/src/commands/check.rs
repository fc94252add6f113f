//! `movetext check`: every game read, one JSON line each, then a summary.

use std::io::{self, Read, Write};

use movetext_core::{Game, Severity};
use serde::Serialize;

use super::{note_error, Outcome};
use crate::json::{self, Tags};
use crate::pipeline::{self, Event, Job, Options};

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
struct Totals {
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

/// Runs `check` over `files`.
pub fn run(
    files: &[String],
    stdin: &mut (dyn Read + Send),
    opts: Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Outcome> {
    let mut outcome = Outcome::default();
    let mut totals = Totals { files: files.len(), ..Totals::default() };
    let work = |job: Job<'_>| {
        let (game, fen) = job.game.read_with_fen(job.buffers);
        record(job.number, &game, fen)
    };
    pipeline::run(files, stdin, opts, work, |event| {
        note_error(&event, err, &mut outcome)?;
        if let Event::Game(r) = event {
            totals.games += 1;
            totals.errors += r.counts[0];
            totals.warnings += r.counts[1];
            totals.fixed += r.counts[2];
            totals.games_with_errors += usize::from(r.has_errors);
            out.write_all(&r.json)?;
        }
        Ok(())
    })?;
    outcome.game_errors = totals.games_with_errors > 0;
    let mut json = Vec::new();
    json::line(&mut json, &Summary { summary: totals });
    out.write_all(&json)?;
    Ok(outcome)
}
