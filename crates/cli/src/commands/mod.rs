//! The commands: each is a function from one game to a record, run on
//! worker threads, and a sink writing the records in file order.

pub mod check;
pub mod export;
pub mod filter;
pub mod index;
pub mod search;
pub mod tree;

use std::io::{self, Write};

use crate::pipeline::Event;

/// How a run ended, for the exit status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Some game has errors.
    pub game_errors: bool,
    /// Some input could not be opened or read to its end.
    pub read_errors: bool,
}

impl Outcome {
    /// The exit status: 2 for read errors, else 1 for games with errors, else 0.
    pub fn code(self) -> u8 {
        if self.read_errors {
            2
        } else if self.game_errors {
            1
        } else {
            0
        }
    }
}

/// Writes the message of an input that could not be read to `err` and
/// notes it in `outcome`; other events are left to the caller.
pub fn note_error<T>(event: &Event<T>, err: &mut dyn Write, outcome: &mut Outcome) -> io::Result<()> {
    if let Event::Error { message, .. } = event {
        outcome.read_errors = true;
        writeln!(err, "{message}")?;
    }
    Ok(())
}
