//! The `movetext` command: check, export, index, search and filter PGN files of any
//! size, plain or compressed, a piece at a time and on every core.

pub mod args;
pub mod commands;
pub mod input;
pub mod json;
pub mod pipeline;
pub mod progress;

use std::io::{self, Read, Write};

use args::{Cli, Command, RunArgs};
use commands::Outcome;
use movetext_core::export::ExportOptions;
use pipeline::Options;

/// Runs a command line, reading `-` from `stdin` and writing to `out` and
/// `err`; `terminal`: standard error is a terminal (progress bars are
/// shown). Returns the exit status.
pub fn run(cli: &Cli, stdin: &mut (dyn Read + Send), out: &mut dyn Write, err: &mut dyn Write, terminal: bool) -> u8 {
    let opts =
        |r: &RunArgs| Options { jobs: r.threads(), chunk: r.chunk_size.max(1), progress: terminal && !r.no_progress };
    let result: io::Result<Outcome> = match &cli.command {
        Command::Check { files, run } => commands::check::run(files, stdin, opts(run), out, err),
        Command::Export { files, reduced, opening_tags, run } => {
            let export = if *reduced { ExportOptions::reduced() } else { ExportOptions::default() };
            let export = ExportOptions { opening_tags: *opening_tags, ..export };
            commands::export::run(files, export, stdin, opts(run), out, err)
        }
        Command::Index { file, run } => commands::index::run(file, stdin, opts(run), out, err),
        Command::Search { files, fen, run } => commands::search::run(files, fen, stdin, opts(run), out, err),
        Command::Tree { files, fen, run } => {
            let start = movetext_core::shakmaty::Chess::default();
            commands::tree::run(files, fen.as_ref().unwrap_or(&start), stdin, opts(run), out, err)
        }
        Command::Filter { files, select, run } => commands::filter::run(files, select, stdin, opts(run), out, err),
    };
    match result.and_then(|o| out.flush().map(|()| o)) {
        Ok(outcome) => outcome.code(),
        // The reader of the output has gone (`movetext check big.pgn.zst | head`).
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            let _ = writeln!(err, "movetext: cannot write the output: {e}");
            2
        }
    }
}
