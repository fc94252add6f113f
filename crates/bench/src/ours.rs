//! Movetext's own side: the reader building full game trees with legal moves,
//! the header index, and the memory of an open game.
//!
//! Everything that names `movetext_core` is in this file, so a change of the
//! core API is adapted here only. Without the `ours` feature the functions
//! return `None` and the hosts report the figures as missing.

use crate::{Memory, Tally};

/// Whether this build measures Movetext's reader and index.
pub const ENABLED: bool = cfg!(feature = "ours");

/// Reads every game of `input` into a full tree; `moves` counts tree nodes.
pub fn read_trees(input: &[u8]) -> Option<Tally> {
    imp::read_trees(input)
}

/// Builds the header index of `input`; returns the number of games indexed.
pub fn index(input: &[u8]) -> Option<u64> {
    imp::index(input)
}

/// Builds the position index of `input` (every game read, its main line's
/// positions keyed); `moves` counts the positions indexed.
pub fn positions(input: &[u8]) -> Option<Tally> {
    imp::positions(input)
}

/// Heap bytes per move of every game of `input`, each read and held open.
pub fn memory(input: &[u8]) -> Option<Memory> {
    imp::memory(input)
}

#[cfg(feature = "ours")]
mod imp {
    use movetext_core::{FileIndex, Game, GameReader};

    use crate::{Memory, Tally};

    fn moves(game: &Game) -> u64 {
        game.node_count() as u64
    }

    pub fn read_trees(input: &[u8]) -> Option<Tally> {
        let mut tally = Tally::default();
        for game in GameReader::new(input) {
            tally.games += 1;
            tally.moves += moves(&game);
        }
        Some(tally)
    }

    pub fn index(input: &[u8]) -> Option<u64> {
        Some(FileIndex::build(input).len() as u64)
    }

    pub fn positions(input: &[u8]) -> Option<Tally> {
        use movetext_core::positions::PositionIndex;
        use movetext_core::reader::PositionReader;
        let mut index = PositionIndex::default();
        // Each game's main line read once, as the index worker reads it.
        let mut reader = PositionReader::new(input);
        let mut number = 0;
        while let Some((head, positions)) = reader.next_game() {
            number += 1;
            index.add(head.info(number), positions);
        }
        Some(Tally { games: index.games() as u64, moves: index.positions() as u64, errors: 0 })
    }

    pub fn memory(input: &[u8]) -> Option<Memory> {
        let mut memory = Memory::default();
        for game in GameReader::new(input) {
            let moves = moves(&game);
            let heap = game.heap_bytes() as u64;
            memory.games += 1;
            memory.moves += moves;
            memory.heap_bytes += heap;
            if moves >= Memory::MIN_MOVES {
                memory.worst_per_move = memory.worst_per_move.max(heap as f64 / moves as f64);
            }
        }
        Some(memory)
    }
}

#[cfg(not(feature = "ours"))]
mod imp {
    use crate::{Memory, Tally};

    pub fn read_trees(_input: &[u8]) -> Option<Tally> {
        None
    }

    pub fn index(_input: &[u8]) -> Option<u64> {
        None
    }

    pub fn positions(_input: &[u8]) -> Option<Tally> {
        None
    }

    pub fn memory(_input: &[u8]) -> Option<Memory> {
        None
    }
}
