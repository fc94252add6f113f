//! `movetext search`: the games that reach a position, with the ply at which
//! each first does.

use std::io::{self, Write};

use movetext_core::positions::{GamePositions, PositionKey, Target};
use serde::Serialize;

use super::{Command, Outcome};
use crate::json::{self, Tags};
use crate::pipeline::Job;

/// A matching game's JSON line.
#[derive(Serialize)]
struct Line<'a> {
    game: usize,
    ply: usize,
    offset: usize,
    tags: Tags<std::borrow::Cow<'a, str>, std::borrow::Cow<'a, str>>,
}

/// The last line.
#[derive(Serialize)]
struct Summary {
    summary: Totals,
}

/// Games read and games found.
#[derive(Serialize, Default)]
pub struct Totals {
    games: usize,
    matches: usize,
}

/// The position looked for.
pub enum Looked<'a> {
    /// A position of standard chess: the games are searched the quick way,
    /// each left as soon as it can no longer reach it.
    Standard(&'a Target),
    /// A position of one of lichess's variants, by its key (which holds
    /// the variant): only games of that variant reach it.
    Variant(PositionKey),
}

/// `search`: the games that reach a position.
pub struct Search<'a> {
    /// The position looked for.
    pub looked: Looked<'a>,
}

impl Command for Search<'_> {
    /// The JSON line of a game that reaches the position.
    type Record = Option<Vec<u8>>;
    type Sink = Totals;

    fn work(&self, job: Job<'_>) -> Option<Vec<u8>> {
        let found = match self.looked {
            Looked::Standard(target) => job.game.first_reach(target, job.buffers),
            Looked::Variant(key) => GamePositions::of(&job.game.read_with(job.buffers)).first_ply(key),
        };
        found.map(|ply| {
            let g = &job.game;
            let mut json = Vec::with_capacity(256);
            json::line(&mut json, &Line { game: job.number, ply, offset: g.offset(), tags: Tags(g.tags()) });
            json
        })
    }

    fn write(&self, totals: &mut Totals, found: Option<Vec<u8>>, out: &mut dyn Write) -> io::Result<()> {
        totals.games += 1;
        if let Some(json) = found {
            totals.matches += 1;
            out.write_all(&json)?;
        }
        Ok(())
    }

    fn finish(&self, totals: Totals, _outcome: &mut Outcome, out: &mut dyn Write) -> io::Result<()> {
        let mut json = Vec::new();
        json::line(&mut json, &Summary { summary: totals });
        out.write_all(&json)
    }
}
