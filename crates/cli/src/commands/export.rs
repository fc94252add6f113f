//! `movetext export`: every game in PGN export format.

use std::io::{self, Write};

use movetext_core::export::{write_game, ExportOptions};

use super::{Command, Outcome};
use crate::pipeline::Job;

/// `export`: every game written again.
pub struct Export {
    /// How the games are written.
    pub options: ExportOptions,
}

impl Export {
    /// The export format, or its reduced form (`reduced`), with the opening
    /// tags filled when `opening_tags`.
    pub fn new(reduced: bool, opening_tags: bool) -> Export {
        let options = if reduced { ExportOptions::reduced() } else { ExportOptions::default() };
        Export { options: ExportOptions { opening_tags, ..options } }
    }
}

impl Command for Export {
    /// The game's text, and whether it has errors.
    type Record = (String, bool);
    /// Some game has errors.
    type Sink = bool;

    fn work(&self, job: Job<'_>) -> (String, bool) {
        let g = job.game.read_with(job.buffers);
        (write_game(&g, &self.options), g.has_errors())
    }

    fn write(&self, game_errors: &mut bool, (text, has_errors): (String, bool), out: &mut dyn Write) -> io::Result<()> {
        *game_errors |= has_errors;
        out.write_all(text.as_bytes())
    }

    fn finish(&self, game_errors: bool, outcome: &mut Outcome, _out: &mut dyn Write) -> io::Result<()> {
        outcome.game_errors = game_errors;
        Ok(())
    }
}
