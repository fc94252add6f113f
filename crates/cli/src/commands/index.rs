//! `movetext index`: the games of a file and their tags, without their moves.

use std::io::{self, Write};

use serde::Serialize;

use super::{Command, Outcome};
use crate::json::{self, Tags};
use crate::pipeline::Job;

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
#[derive(Serialize, Default)]
pub struct Totals {
    games: usize,
    bytes: usize,
}

/// `index`: where each game is, and its tags.
pub struct Index;

impl Command for Index {
    /// Game `number`'s JSON line.
    type Record = Vec<u8>;
    type Sink = Totals;

    fn work(&self, job: Job<'_>) -> Vec<u8> {
        let g = job.game;
        let mut json = Vec::with_capacity(256);
        let line = Line { game: job.number, offset: g.offset(), length: g.len(), line: g.line(), tags: Tags(g.tags()) };
        json::line(&mut json, &line);
        json
    }

    fn write(&self, totals: &mut Totals, json: Vec<u8>, out: &mut dyn Write) -> io::Result<()> {
        totals.games += 1;
        out.write_all(&json)
    }

    fn end_of_input(&self, totals: &mut Totals, bytes: usize) {
        totals.bytes = bytes;
    }

    /// The summary, unless the file could not be read to its end.
    fn finish(&self, totals: Totals, outcome: &mut Outcome, out: &mut dyn Write) -> io::Result<()> {
        if outcome.read_errors {
            return Ok(());
        }
        let mut json = Vec::new();
        json::line(&mut json, &Summary { summary: totals });
        out.write_all(&json)
    }
}
