//! The `movetext` command: check, export, index, search and filter PGN files of any
//! size, plain or compressed, a piece at a time and on every core.

pub mod args;
pub mod commands;
pub mod fen;
pub mod input;
pub mod json;
pub mod pipeline;
pub mod progress;

use std::io::{self, Read, Write};

use args::{Cli, Command};
use commands::search::{Looked, Search};
use commands::{check::Check, export::Export, index::Index, tree::Tree, Context};
use movetext_core::positions::PositionKey;

/// Runs a command line, reading `-` from `stdin` and writing to `out` and
/// `err`; `terminal`: standard error is a terminal (progress bars are
/// shown). Returns the exit status.
pub fn run(cli: &Cli, stdin: &mut (dyn Read + Send), out: &mut dyn Write, err: &mut dyn Write, terminal: bool) -> u8 {
    let (files, run) = cli.command.inputs();
    let mut cx = Context { files, stdin, opts: run.options(terminal), out: &mut *out, err: &mut *err };
    let result = match &cli.command {
        Command::Check { files, .. } => commands::run(&Check { files: files.len() }, &mut cx),
        Command::Export { reduced, opening_tags, .. } => commands::run(&Export::new(*reduced, *opening_tags), &mut cx),
        Command::Index { .. } => commands::run(&Index, &mut cx),
        Command::Search { fen, variant, .. } => {
            let looked = match variant.and_then(|v| v.0) {
                None => fen.standard.as_ref().map(Looked::Standard).map_err(Clone::clone),
                Some(v) => fen::position_by(Some(&fen.fen), Some(v)).map(|p| Looked::Variant(PositionKey::of_any(&p))),
            };
            match looked {
                Ok(looked) => commands::run(&Search { looked }, &mut cx),
                Err(e) => {
                    let _ = writeln!(err, "movetext: {e}");
                    return 2;
                }
            }
        }
        Command::Tree { fen, variant, .. } => match fen::position_by(fen.as_ref(), variant.and_then(|v| v.0)) {
            Ok(pos) => commands::run(&Tree::at(pos), &mut cx),
            Err(e) => {
                let _ = writeln!(err, "movetext: {e}");
                return 2;
            }
        },
        Command::Filter { select, .. } => commands::run(select, &mut cx),
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
