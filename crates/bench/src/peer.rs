//! The reference point: `pgn-reader` 0.29 reading the main line of every game
//! and `shakmaty` checking each move (SAN resolved against the position, then
//! played). Variations are skipped, as pgn-reader does by default.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

use crate::Tally;

/// Reads every game of `input` with pgn-reader, validating main-line moves.
pub fn validate(input: &[u8]) -> Tally {
    let mut validator = Validator::default();
    let mut reader = Reader::new(input);
    // Reading from memory cannot fail.
    while let Some(ok) = reader.read_game(&mut validator).expect("read from memory") {
        if !ok {
            validator.tally.errors += 1;
        }
    }
    validator.tally
}

#[derive(Default)]
struct Validator {
    tally: Tally,
}

impl Visitor for Validator {
    /// The position given by a `FEN` tag, if any.
    type Tags = Option<Chess>;
    /// The current position of the main line.
    type Movetext = Chess;
    /// Whether the game was read without error.
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        self.tally.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name == b"FEN" {
            let position =
                Fen::from_ascii(value.as_bytes()).ok().and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
            match position {
                Some(position) => *tags = Some(position),
                None => return ControlFlow::Break(false),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, position: &mut Chess, san_plus: SanPlus) -> ControlFlow<bool> {
        match san_plus.san.to_move(position) {
            Ok(m) => {
                position.play_unchecked(m);
                self.tally.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _position: Chess) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_games_and_main_line_moves() {
        let pgn = b"[Event \"a\"]\n\n1. e4 (1. d4 d5) e5 2. Nf3 1-0\n\n1. e4 Ke7 Kf2 *\n\n1. d4 *\n";
        let tally = validate(pgn);
        assert_eq!(tally, Tally { games: 3, moves: 5, errors: 1 });
    }
}
