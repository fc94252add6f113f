//! Movetext's core: a lax PGN reader into an editable game tree, a strict
//! byte-exact exporter, a fast file index, and the `[%cmd]` and NAG tables.
//!
//! Everything here is plain Rust without web dependencies; the same code runs
//! natively (the `movetext` command) and as WebAssembly (the app).
//!
//! ```
//! use movetext_core::{GameReader, export::{write_game, ExportOptions}};
//! let pgn = b"[White \"Anna\"]\n\n1. e4 e5 2. Nf3 {good} *\n";
//! let game = GameReader::new(pgn).next().unwrap();
//! assert_eq!(game.tag("White"), Some("Anna"));
//! assert_eq!(game.mainline_plies(), 3);
//! assert!(write_game(&game, &ExportOptions::default()).contains("2. Nf3 {good} *"));
//! ```

mod blocks;
pub mod catalog;
pub mod commands;
pub mod date;
mod decode;
pub mod diagnostic;
pub mod diagnostic_messages;
pub mod edit;
mod equivalence;
pub mod export;
pub mod game;
pub mod index;
mod lexer;
mod movetext;
pub mod nag;
pub mod openings;
mod pawn_trail;
pub mod piece_letters;
pub mod positions;
mod quick_san;
pub mod reader;
pub mod rules;
pub mod sniff;
mod split;
mod stable_order;
pub mod stream;
pub mod timecontrol;
pub mod zip;

pub use date::{BadDate, PgnDate};
pub use decode::html_line_breaks;
pub use diagnostic::{Diagnostic, Severity};
pub use equivalence::equivalent;
pub use game::{Game, NodeId};
pub use index::FileIndex;
pub use movetext::role_name;
pub use reader::{read_game, GameReader, ReadBuffers};
pub use shakmaty;
pub use split::RawGame;
