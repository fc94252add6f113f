//! `movetext search`: the games that reach a position, with the ply at which
//! each first does.

use std::io::{self, Read, Write};

use movetext_core::positions::Target;
use serde::Serialize;

use super::{note_error, Outcome};
use crate::json::{self, Tags};
use crate::pipeline::{self, Event, Job, Options};

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
struct Totals {
    games: usize,
    matches: usize,
}

/// Runs `search` for `target` over `files`.
pub fn run(
    files: &[String],
    target: &Target,
    stdin: &mut (dyn Read + Send),
    opts: Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Outcome> {
    let mut outcome = Outcome::default();
    let mut totals = Totals::default();
    let work = |job: Job<'_>| {
        job.game.first_reach(target, job.buffers).map(|ply| {
            let g = &job.game;
            let mut json = Vec::with_capacity(256);
            json::line(&mut json, &Line { game: job.number, ply, offset: g.offset(), tags: Tags(g.tags()) });
            json
        })
    };
    pipeline::run(files, stdin, opts, work, |event| {
        note_error(&event, err, &mut outcome)?;
        if let Event::Game(found) = event {
            totals.games += 1;
            if let Some(json) = found {
                totals.matches += 1;
                out.write_all(&json)?;
            }
        }
        Ok(())
    })?;
    let mut json = Vec::new();
    json::line(&mut json, &Summary { summary: totals });
    out.write_all(&json)?;
    Ok(outcome)
}
