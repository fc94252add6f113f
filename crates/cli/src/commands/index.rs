//! `movetext index`: the games of a file and their tags, without their moves.

use std::io::{self, Read, Write};

use serde::Serialize;

use super::{note_error, Outcome};
use crate::json::{self, Tags};
use crate::pipeline::{self, Event, Job, Options};

/// A game's JSON line.
#[derive(Serialize)]
struct Line<'a> {
    game: usize,
    offset: usize,
    length: usize,
    line: u32,
    tags: Tags<std::borrow::Cow<'a, str>, std::borrow::Cow<'a, str>>,
}

/// The last line.
#[derive(Serialize)]
struct Summary {
    summary: Totals,
}

/// Games and bytes of the file.
#[derive(Serialize)]
struct Totals {
    games: usize,
    bytes: usize,
}

/// Game `number`'s JSON line.
fn record(job: Job<'_>) -> Vec<u8> {
    let g = job.game;
    let mut json = Vec::with_capacity(256);
    let line = Line { game: job.number, offset: g.offset(), length: g.len(), line: g.line(), tags: Tags(g.tags()) };
    json::line(&mut json, &line);
    json
}

/// Runs `index` over `file`.
pub fn run(
    file: &str,
    stdin: &mut (dyn Read + Send),
    opts: Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Outcome> {
    let mut outcome = Outcome::default();
    let mut totals = Totals { games: 0, bytes: 0 };
    pipeline::run(&[file.to_string()], stdin, opts, record, |event| {
        note_error(&event, err, &mut outcome)?;
        match event {
            Event::Game(json) => {
                totals.games += 1;
                out.write_all(&json)
            }
            Event::End { bytes, .. } => {
                totals.bytes = bytes;
                Ok(())
            }
            Event::Error { .. } => Ok(()),
        }
    })?;
    if !outcome.read_errors {
        let mut json = Vec::new();
        json::line(&mut json, &Summary { summary: totals });
        out.write_all(&json)?;
    }
    Ok(outcome)
}
