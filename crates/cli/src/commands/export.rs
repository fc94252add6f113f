//! `movetext export`: every game in PGN export format.

use std::io::{self, Read, Write};

use movetext_core::export::{write_game, ExportOptions};

use super::{note_error, Outcome};
use crate::pipeline::{self, Event, Job, Options};

/// Runs `export` over `files` with the options `export`.
pub fn run(
    files: &[String],
    export: ExportOptions,
    stdin: &mut (dyn Read + Send),
    opts: Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Outcome> {
    let mut outcome = Outcome::default();
    let work = |job: Job<'_>| {
        let g = job.game.read_with(job.buffers);
        (write_game(&g, &export), g.has_errors())
    };
    pipeline::run(files, stdin, opts, work, |event| {
        note_error(&event, err, &mut outcome)?;
        if let Event::Game((text, has_errors)) = event {
            outcome.game_errors |= has_errors;
            out.write_all(text.as_bytes())?;
        }
        Ok(())
    })?;
    Ok(outcome)
}
