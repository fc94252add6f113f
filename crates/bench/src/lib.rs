//! Movetext benchmark: the readers measured by the native binary (`src/main.rs`)
//! and by the wasm module (`wasm/`, run by `bench/wasm/run.mjs`).
//!
//! Every reader takes the whole input as one byte slice and returns a
//! [`Tally`], so the two hosts time exactly the same work.

pub mod corpus;
pub mod ours;
pub mod peer;

/// What one pass of a reader over the input found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games read.
    pub games: u64,
    /// Moves (or tree nodes, for our reader) read.
    pub moves: u64,
    /// Games that stopped on an error (illegal or unreadable move, bad FEN).
    pub errors: u64,
}

/// Memory held by open games: heap bytes of each game divided by its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Memory {
    /// Games measured.
    pub games: u64,
    /// Sum of the moves of all games.
    pub moves: u64,
    /// Sum of the heap bytes of all games.
    pub heap_bytes: u64,
    /// Worst bytes per move of a single game with at least
    /// [`Memory::MIN_MOVES`] moves (shorter games are dominated by their tags).
    pub worst_per_move: f64,
}

impl Memory {
    /// Games shorter than this are left out of [`Memory::worst_per_move`].
    pub const MIN_MOVES: u64 = 20;

    /// Mean heap bytes per move over all games.
    pub fn mean_per_move(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.heap_bytes as f64 / self.moves as f64
        }
    }
}
