//! The pawns of a game's main line followed from its moves as written,
//! without playing them: a move's effect on the pawns shows in its SAN (a
//! pawn goes forward on its file or takes on the next one; any move to a
//! square holding a pawn of the other side takes it; a double step allows
//! en passant once), so a position search can tell at which plies a game's
//! pawns are a target's before it plays a move ([`crate::positions::Target`]).
//!
//! Exact for legal moves written the plain way ([`plain_move`]): a capture
//! written without `x` (or with it where nothing is taken) changes nothing
//! here, and a move that is not legal as written ends the main line where
//! the reader reads it (or, read as a move of another language's letters,
//! goes to the same square). Anything else is left to playing the moves.

use shakmaty::{Bitboard, Color, Rank, Square};

use crate::movetext::{plain_move, Plain};

/// The pawns of each side (White first), whose turn it is, and the square
/// passed by a pawn's double step just played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PawnTrail {
    pub(crate) pawns: [Bitboard; 2],
    pub(crate) turn: Color,
    passed: Option<Square>,
}

impl PawnTrail {
    /// The pawns of the usual start.
    pub(crate) fn start() -> PawnTrail {
        PawnTrail {
            pawns: [Bitboard::from_rank(Rank::Second), Bitboard::from_rank(Rank::Seventh)],
            turn: Color::White,
            passed: None,
        }
    }

    /// Follows the move token `t` of the side to move: whether its pawns
    /// changed, or `None` when the move is not written the plain way or
    /// cannot be legal as written (then nothing is known any more).
    #[inline]
    pub(crate) fn follow(&mut self, t: &[u8]) -> Option<bool> {
        let plain = plain_move(t)?;
        let (us, them) = if self.turn.is_white() { (0, 1) } else { (1, 0) };
        let passed = self.passed.take();
        self.turn = !self.turn;
        let (file, to, promotion) = match plain {
            Plain::Pawn { from, to, promotion } => (from, to, promotion),
            Plain::Piece { to } => {
                if self.pawns[us].contains(to) {
                    return None;
                }
                return Some(self.pawns[them].remove(to));
            }
            Plain::Castle => return Some(false),
        };
        if self.pawns[us].contains(to) {
            return None;
        }
        let taken = self.pawns[them].remove(to);
        let forward: i32 = if us == 0 { 8 } else { -8 };
        let last = if us == 0 { Rank::Eighth } else { Rank::First };
        if (to.rank() == last) != promotion {
            return None;
        }
        let back = to.offset(-forward)?;
        let from = match file {
            // A capture: from the next file, one rank back.
            Some(f) => {
                if (f as i32 - to.file() as i32).abs() != 1 {
                    return None;
                }
                let from = Square::from_coords(f, back.rank());
                if !taken && passed == Some(to) {
                    // En passant: the pawn that passed `to` is taken.
                    self.pawns[them].discard(back);
                }
                from
            }
            // A step (onto an empty square): one, or two from the start rank.
            None if taken => return None,
            None if self.pawns[us].contains(back) => back,
            None => {
                let start = back.offset(-forward)?;
                let double = if us == 0 { Rank::Fourth } else { Rank::Fifth };
                if to.rank() != double || self.pawns[them].contains(back) || !self.pawns[us].contains(start) {
                    return None;
                }
                self.passed = Some(back);
                start
            }
        };
        if !self.pawns[us].remove(from) {
            return None;
        }
        if !promotion {
            self.pawns[us].add(to);
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;
    use shakmaty::{Chess, Position, Role};

    /// Plays `moves` (SAN) from the start, checking the trail against the
    /// board after each.
    fn follow_all(moves: &str) -> PawnTrail {
        let mut trail = PawnTrail::start();
        let mut pos = Chess::default();
        for m in moves.split_whitespace() {
            let san: San = m.parse().unwrap();
            let mv = san.to_move(&pos).unwrap();
            let before = trail.pawns;
            let changed = trail.follow(m.as_bytes()).unwrap_or_else(|| panic!("{m} not followed"));
            pos.play_unchecked(mv);
            let board = pos.board();
            let want = [Color::White, Color::Black].map(|c| board.by_role(Role::Pawn) & board.by_color(c));
            assert_eq!(trail.pawns, want, "after {m}");
            assert_eq!(trail.turn, pos.turn());
            assert_eq!(changed, before != want, "{m}: changed");
        }
        trail
    }

    #[test]
    fn pawns_follow_steps_captures_en_passant_and_promotion() {
        follow_all("e4 d5 exd5 c5 dxc6 Nf6 cxb7 Bd7 bxa8=Q Qc7 Qxa7 e5 Qa4 Bc5");
        follow_all("e4 Nf6 e5 d5 exd6 Nc6 Nf3 g5 h4 g4 Ng5 h5 Qxg4 Ne5 Be2 Nexg4 O-O");
        // A piece taking a pawn, written with and without `x`.
        let t = follow_all("e4 d5 Bb5+ c6 Bxc6+ Nxc6 exd5");
        assert!(!t.pawns[1].contains(Square::C6));
        let mut t = PawnTrail::start();
        for m in ["e4", "d5", "Bb5+", "c6", "Bc6+"] {
            t.follow(m.as_bytes()).unwrap();
        }
        assert!(!t.pawns[1].contains(Square::C6));
    }

    #[test]
    fn every_main_line_of_the_corpus_is_followed_exactly() {
        // Each legal move of the corpus written in SAN: the trail's pawns are
        // the board's after every one.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
        let Ok(entries) = std::fs::read_dir(&dir) else { return };
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        files.extend(std::fs::read_dir(dir.join("bench")).into_iter().flatten().flatten().map(|e| e.path()));
        let mut moves = 0;
        for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "pgn")) {
            let bytes = std::fs::read(path).unwrap();
            for game in crate::GameReader::new(&bytes) {
                let start = game.start_position();
                let unsupported = matches!(game.variant(), crate::game::Variant::Unsupported(_));
                if unsupported
                    || game.plays_variant()
                    || start.board() != Chess::default().board()
                    || start.turn() != Color::White
                {
                    continue;
                }
                let mut pos = Chess::default();
                let mut trail = PawnTrail::start();
                for id in game.mainline() {
                    let Some(m) = game.mv(id) else { break };
                    let san = San::from_move(&pos, m).to_string();
                    pos.play_unchecked(m);
                    trail.follow(san.as_bytes()).unwrap_or_else(|| panic!("{}: {san}", path.display()));
                    let board = pos.board();
                    let want = [Color::White, Color::Black].map(|c| board.by_role(Role::Pawn) & board.by_color(c));
                    assert_eq!(trail.pawns, want, "{}: after {san}", path.display());
                    moves += 1;
                }
            }
        }
        assert!(moves > 10_000, "{moves}");
    }

    #[test]
    fn what_is_not_plain_or_cannot_be_legal_is_not_followed() {
        for (before, m) in [
            ("", "e5"),
            ("e4 d5 d4", "d5"),
            ("e4 e5", "e5"),
            ("e4 e5", "Ne4"),
            ("", "e2e4"),
            ("", "Ng1-f3"),
            ("", "--"),
            ("a4 b5 a5 b4 a6 b3 axb7 bxa2", "bxa8"),
        ] {
            let mut t = PawnTrail::start();
            for b in before.split_whitespace() {
                t.follow(b.as_bytes()).unwrap();
            }
            assert_eq!(t.follow(m.as_bytes()), None, "{before} / {m}");
        }
    }
}
