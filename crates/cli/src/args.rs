//! The command line: commands, their arguments and their help.

use std::num::NonZeroUsize;

use clap::{Args, Parser, Subcommand};

use crate::commands::filter::Select;
use crate::fen;
use crate::pipeline::Options;

/// Check, export, index, search and filter PGN files, also compressed ones (zstd,
/// gzip, bzip2) and standard input (`-`), a piece at a time and on every core.
///
/// Exit status: 0 when every game reads without errors, 1 when some game has
/// errors, 2 on a usage error or when a file cannot be read to its end.
#[derive(Debug, Parser)]
#[command(name = "movetext", version, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read every game and report its problems: one JSON line per game
    /// (tags, plies, final position, diagnostics with line and column in
    /// the file), then a summary line.
    Check {
        /// PGN files (`.pgn`, `.pgn.zst`, `.pgn.gz`, `.pgn.bz2`); `-` reads standard input.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Write every game in PGN export format on standard output.
    Export {
        /// Seven tag roster and moves only: no comments, variations or NAGs.
        #[arg(long)]
        reduced: bool,
        /// Fill the ECO and Opening tags a game lacks (absent, empty or `?`)
        /// from its main line's deepest named position; values are kept.
        #[arg(long)]
        opening_tags: bool,
        /// PGN files; `-` reads standard input.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// List the games of a file without reading their moves: one JSON line
    /// per game (offset, length and first line in the file, tags), then a
    /// summary line.
    Index {
        /// A PGN file; `-` reads standard input.
        #[arg(value_name = "FILE")]
        file: String,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Find the games that reach a position (by any move order): one JSON
    /// line per game (its number, the first ply at which it reaches the
    /// position, its offset in the input and its tags), then a summary line.
    Search {
        /// The position, as a FEN (quoted: it holds spaces).
        #[arg(long, value_name = "FEN", value_parser = fen::search_fen)]
        fen: fen::SearchFen,
        /// The variant of the position and of the games searched: one of
        /// lichess's (crazyhouse, atomic, antichess, three-check, king of the
        /// hill, horde, racing kings; default standard chess).
        #[arg(long, value_name = "NAME", value_parser = fen::variant)]
        variant: Option<fen::VariantName>,
        /// PGN files; `-` reads standard input.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// The moves played from a position in the games of the input, as an
    /// opening explorer shows them: one JSON line with the games that reach
    /// it (White wins, draws, Black wins, average rating) and the same for
    /// each move played from it, most played first. Each game counts once,
    /// with the move it played the first time it reached the position.
    Tree {
        /// The position, as a FEN (default: the start position).
        #[arg(long, value_name = "FEN", value_parser = fen::fen_text)]
        fen: Option<movetext_core::shakmaty::fen::Fen>,
        /// The variant of the position and of the games counted: one of
        /// lichess's (crazyhouse, atomic, antichess, three-check, king of the
        /// hill, horde, racing kings; default standard chess). Positions of
        /// different variants are never the same.
        #[arg(long, value_name = "NAME", value_parser = fen::variant)]
        variant: Option<fen::VariantName>,
        /// PGN files; `-` reads standard input.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Write the games that match every condition given, byte for byte as
    /// they are in the input.
    Filter {
        /// PGN files; `-` reads standard input.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        #[command(flatten)]
        select: Select,
        #[command(flatten)]
        run: RunArgs,
    },
}

/// How a command runs.
#[derive(Debug, Args, Clone)]
pub struct RunArgs {
    /// Threads to read games with (default: one per core).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<NonZeroUsize>,
    /// Never show a progress bar (it is shown only when standard error is a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Bytes read at a time (for tests).
    #[arg(long, hide = true, default_value_t = movetext_core::stream::DEFAULT_CHUNK)]
    pub chunk_size: usize,
}

impl RunArgs {
    /// The number of threads to use.
    pub fn threads(&self) -> usize {
        self.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get), NonZeroUsize::get)
    }

    /// How to run; `terminal`: standard error is a terminal.
    pub fn options(&self, terminal: bool) -> Options {
        Options { jobs: self.threads(), chunk: self.chunk_size.max(1), progress: terminal && !self.no_progress }
    }
}

impl Command {
    /// The inputs of the command, and how it runs.
    pub fn inputs(&self) -> (&[String], &RunArgs) {
        match self {
            Command::Check { files, run }
            | Command::Export { files, run, .. }
            | Command::Search { files, run, .. }
            | Command::Tree { files, run, .. }
            | Command::Filter { files, run, .. } => (files, run),
            Command::Index { file, run } => (std::slice::from_ref(file), run),
        }
    }
}
