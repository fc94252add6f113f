//! Positions given on the command line, as FENs.

use movetext_core::positions::{position_of_fen, BadFen, Target};
use movetext_core::shakmaty::Chess;

/// Reads a FEN given on the command line as a position.
pub fn position(s: &str) -> Result<Chess, String> {
    position_of_fen(s).map_err(|e| e.to_string())
}

/// Reads a FEN given on the command line as a position to search for.
pub fn target(s: &str) -> Result<Target, String> {
    s.parse().map_err(|e: BadFen| e.to_string())
}
