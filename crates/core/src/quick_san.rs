//! Resolving the usual SAN moves without building a move list: a piece,
//! king or pawn move that is not a promotion (also out of check), and
//! castling.
//! Anything else (and any move this cannot prove legal and unique) is left
//! to shakmaty's `San::to_move`, so the outcome is always the same as its.

use shakmaty::{attacks, san::San, Bitboard, CastlingSide, Chess, Move, Piece, Position, Rank, Role, Square};

/// The legal move `san` means in `pos`, when it is one found the quick way;
/// `None` means "ask `San::to_move`" (the move may still be legal).
#[cfg_attr(not(feature = "compact"), inline(always))]
pub fn resolve(san: &San, pos: &Chess) -> Option<Move> {
    let (role, file, rank, capture, to) = match *san {
        San::Normal { role, file, rank, capture, to, promotion: None } => (role, file, rank, capture, to),
        San::Castle(side) => return castle(pos, side),
        _ => return None,
    };
    let board = pos.board();
    let us = pos.turn();
    if board.by_color(us).contains(to) {
        return None;
    }
    let target = board.role_at(to);
    if capture != target.is_some() {
        return None;
    }
    let occupied = board.occupied();
    let mine = board.by_piece(Piece { color: us, role });
    let mut from = match role {
        Role::Pawn => {
            if matches!(to.rank(), Rank::First | Rank::Eighth) {
                return None;
            }
            if capture {
                attacks::pawn_attacks(!us, to) & mine
            } else {
                let back = if us.is_white() { -8 } else { 8 };
                let one = to.offset(back)?;
                if mine.contains(one) {
                    Bitboard::from_square(one)
                } else if !occupied.contains(one)
                    && to.rank() == (if us.is_white() { Rank::Fourth } else { Rank::Fifth })
                {
                    let two = one.offset(back)?;
                    if mine.contains(two) {
                        Bitboard::from_square(two)
                    } else {
                        Bitboard::EMPTY
                    }
                } else {
                    Bitboard::EMPTY
                }
            }
        }
        Role::Knight => attacks::knight_attacks(to) & mine,
        Role::Bishop => attacks::bishop_attacks(to, occupied) & mine,
        Role::Rook => attacks::rook_attacks(to, occupied) & mine,
        Role::Queen => attacks::queen_attacks(to, occupied) & mine,
        Role::King => attacks::king_attacks(to) & mine,
    };
    if let Some(f) = file {
        from &= Bitboard::from_file(f);
    }
    if let Some(r) = rank {
        from &= Bitboard::from_rank(r);
    }
    if from.is_empty() {
        return None;
    }
    if role == Role::King {
        // The king may go where no piece of theirs attacks, the squares
        // behind it on a slider's line included.
        let from = from.single_square()?;
        return board.attacks_to(to, !us, occupied ^ Bitboard::from_square(from)).is_empty().then_some(Move::Normal {
            role,
            from,
            capture: target,
            to,
            promotion: None,
        });
    }
    let king = board.king_of(us)?;
    // The knights and pawns of theirs that give check...
    let them = board.by_color(!us);
    let mut checkers =
        ((attacks::knight_attacks(king) & board.knights()) | (attacks::pawn_attacks(us, king) & board.pawns())) & them;
    // ...the sliders that do; and the pieces that alone stand between our
    // king and a slider of theirs.
    let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & them;
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let b = attacks::between(king, s) & occupied;
        if b.is_empty() {
            checkers |= Bitboard::from_square(s);
        } else if !b.more_than_one() {
            pinned |= b;
        }
    }
    if !checkers.is_empty() {
        // In check: only one checker, taken or blocked, and by a piece that
        // is not pinned (a pinned piece cannot leave its line to do either).
        let checker = checkers.single_square()?;
        if !(attacks::between(king, checker) | Bitboard::from_square(checker)).contains(to) {
            return None;
        }
        from &= !pinned;
    }
    let mut found = None;
    for sq in from {
        if !pinned.contains(sq) || attacks::aligned(sq, to, king) {
            if found.is_some() {
                return None;
            }
            found = Some(sq);
        }
    }
    let from: Square = found?;
    Some(Move::Normal { role, from, capture: target, to, promotion: None })
}

/// Castling to `side` when it is legal, found as shakmaty finds it: the
/// right kept, the squares between king and rook empty, and neither the
/// squares the king passes (its own included) nor the one it lands on
/// attacked.
fn castle(pos: &Chess, side: CastlingSide) -> Option<Move> {
    let us = pos.turn();
    let board = pos.board();
    let rook = pos.castles().rook(us, side)?;
    let king = board.king_of(us)?;
    let occupied = board.occupied();
    if pos.castles().path(us, side).intersects(occupied) {
        return None;
    }
    let king_to = side.king_to(us);
    let after =
        occupied ^ Bitboard::from_square(king) ^ Bitboard::from_square(rook) ^ Bitboard::from_square(side.rook_to(us));
    if board.attacks_to(king_to, !us, after).any() {
        return None;
    }
    let without_king = occupied ^ Bitboard::from_square(king);
    for sq in attacks::between(king, king_to) | Bitboard::from_square(king) {
        if board.attacks_to(sq, !us, without_king).any() {
            return None;
        }
    }
    Some(Move::Castle { king, rook })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, san::SanPlus, CastlingMode};

    /// Every SAN that names a square of the board, for every piece, with and
    /// without capture marks and disambiguation, in `pos`: the quick answer,
    /// when there is one, is `San::to_move`'s.
    fn agrees_everywhere(pos: &Chess) -> usize {
        let mut quick = 0;
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
        for to in Square::ALL {
            for role in roles {
                for capture in [false, true] {
                    let mut spots: Vec<(Option<shakmaty::File>, Option<Rank>)> = vec![(None, None)];
                    for sq in Square::ALL {
                        spots.push((Some(sq.file()), None));
                        spots.push((None, Some(sq.rank())));
                        spots.push((Some(sq.file()), Some(sq.rank())));
                    }
                    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                        let san = San::Castle(side);
                        if let Some(m) = resolve(&san, pos) {
                            assert_eq!(
                                san.to_move(pos),
                                Ok(m),
                                "{san} in {}",
                                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
                            );
                        }
                    }
                    for (file, rank) in spots {
                        let san = San::Normal { role, file, rank, capture, to, promotion: None };
                        if let Some(m) = resolve(&san, pos) {
                            quick += 1;
                            assert_eq!(
                                san.to_move(pos),
                                Ok(m),
                                "{san} in {}",
                                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
                            );
                        }
                    }
                }
            }
        }
        quick
    }

    #[test]
    fn agrees_with_shakmaty_along_random_games() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut quick = 0;
        for _ in 0..12 {
            let mut pos = Chess::default();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Every piece to every square, with and without a capture mark.
                for to in Square::ALL {
                    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
                        for capture in [false, true] {
                            let san = San::Normal { role, file: None, rank: None, capture, to, promotion: None };
                            if let Some(q) = resolve(&san, &pos) {
                                assert_eq!(
                                    san.to_move(&pos),
                                    Ok(q),
                                    "{san} in {}",
                                    Fen::from_position(&pos, shakmaty::EnPassantMode::Legal)
                                );
                            }
                        }
                    }
                }
                for m in &moves {
                    let san = San::from_move(&pos, *m);
                    // As written by programs, fully disambiguated, and with the capture mark flipped.
                    let mut forms = vec![san];
                    if let San::Normal { role, capture, to, promotion, .. } = san {
                        let from = m.from().unwrap();
                        forms.push(San::Normal {
                            role,
                            file: Some(from.file()),
                            rank: Some(from.rank()),
                            capture,
                            to,
                            promotion,
                        });
                        forms.push(San::Normal { role, file: None, rank: None, capture: !capture, to, promotion });
                    }
                    forms.push(San::Castle(CastlingSide::KingSide));
                    forms.push(San::Castle(CastlingSide::QueenSide));
                    for f in forms {
                        if let Some(q) = resolve(&f, &pos) {
                            quick += 1;
                            assert_eq!(
                                f.to_move(&pos),
                                Ok(q),
                                "{f} in {}",
                                Fen::from_position(&pos, shakmaty::EnPassantMode::Legal)
                            );
                        }
                    }
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(quick > 10_000, "the quick way found only {quick} moves");
    }

    #[test]
    fn agrees_with_shakmaty() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Pins along files, ranks and diagonals; two knights and rooks to a square.
            "4r1k1/8/8/8/1b6/5N2/3NR3/R3K2R w - - 0 1",
            "3rk3/8/8/8/q7/8/2P5/R2BK2R w - - 0 1",
            // En passant possible: the quick way leaves it alone.
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            // Castling: rights, empty paths, attacked squares, in check.
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/6B1/8/8/8/R3K2R b KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
            // Check: taken, blocked, by two pieces, pinned defenders.
            "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1",
            "4k3/8/8/8/8/3n4/8/R3K2N w - - 0 1",
            "4k3/8/8/8/8/8/3p4/R3K2N w - - 0 1",
            "4k3/8/8/8/1q6/8/3N4/R3K1NR w - - 0 1",
            "4k3/8/8/8/1b6/2r5/3N4/R1B1K1NR w - - 0 1",
            "4k3/4r3/8/8/1b6/8/3N4/R3K1NR w - - 0 1",
            "4k3/8/8/8/8/5n2/3PPP2/R2QKB1R w - - 0 1",
            "4r1k1/8/8/8/8/8/2Q1N3/4K3 w - - 0 1",
            // Kings next to each other and to attacked squares.
            "8/8/8/3k4/8/3K4/8/7r w - - 0 1",
            // A slider's check: the square behind the king is attacked too.
            "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
            "4k3/8/8/1b6/8/8/4K3/7R w - - 0 1",
            "8/8/8/8/2b5/8/4K3/k6q w - - 0 1",
            // Black to move, pawns about to promote.
            "4k3/8/8/8/8/2n5/p1p5/4K3 b - - 0 1",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
        ];
        let mut quick = 0;
        for fen in fens {
            let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            quick += agrees_everywhere(&pos);
            // And along a game from there, every legal move played in turn.
            let mut p = pos.clone();
            for _ in 0..6 {
                let Some(m) = p.legal_moves().into_iter().next_back() else { break };
                let san = SanPlus::from_move(p.clone(), m).san;
                if let Some(q) = resolve(&san, &p) {
                    assert_eq!(q, m);
                }
                p.play_unchecked(m);
                quick += agrees_everywhere(&p);
            }
        }
        assert!(quick > 100, "the quick way found only {quick} moves");
    }

    #[test]
    fn castling_in_chess960_agrees_with_shakmaty() {
        for fen in [
            "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",
            "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
            "2r1kr2/8/8/8/8/8/8/2R1KR2 b KQkq - 0 1",
            "1rk4r/8/8/8/8/8/8/1RK3rR w KQk - 0 1",
        ] {
            let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Chess960).unwrap();
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                let san = San::Castle(side);
                if let Some(m) = resolve(&san, &pos) {
                    assert_eq!(san.to_move(&pos), Ok(m), "{san} in {fen}");
                } else {
                    assert!(san.to_move(&pos).is_err(), "{san} in {fen}");
                }
            }
        }
    }
}
