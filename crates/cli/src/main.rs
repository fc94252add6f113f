//! `movetext`: check, export, index and filter PGN files from the command line.

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::Parser;
use movetext_cli::args::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut stdin = io::stdin();
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let terminal = io::stderr().is_terminal();
    let code = movetext_cli::run(&cli, &mut stdin, &mut out, &mut io::stderr(), terminal);
    ExitCode::from(code)
}
