//! The position in words, for screen readers: each side's pieces and where
//! they stand, e.g. "White: king g1, queen d1, rooks a1 and f1, …".

use movetext_core::role_name;
use movetext_core::shakmaty::{Board, Color, Role};

/// The pieces in the order they are told.
const ROLES: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// Describes where every piece stands.
pub fn describe(board: &Board) -> String {
    let side = |color: Color| {
        let groups: Vec<String> = ROLES
            .iter()
            .filter_map(|&role| {
                let one = role_name(role);
                let squares: Vec<String> =
                    (board.by_color(color) & board.by_role(role)).into_iter().map(|sq| sq.to_string()).collect();
                match squares.len() {
                    0 => None,
                    1 => Some(format!("{one} {}", squares[0])),
                    _ => {
                        let (last, rest) = squares.split_last().expect("two or more");
                        Some(format!("{one}s {} and {last}", rest.join(", ")))
                    }
                }
            })
            .collect();
        let name = if color.is_white() { "White" } else { "Black" };
        if groups.is_empty() {
            format!("{name}: no pieces.")
        } else {
            format!("{name}: {}.", groups.join("; "))
        }
    };
    format!("{} {}", side(Color::White), side(Color::Black))
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::shakmaty::fen::Fen;
    use movetext_core::shakmaty::CastlingMode;

    #[test]
    fn describes_each_piece() {
        let fen: Fen = "4k3/8/8/8/8/8/4PP2/R3K2R w KQ - 0 1".parse().unwrap();
        let pos: movetext_core::shakmaty::Chess = fen.into_position(CastlingMode::Standard).unwrap();
        use movetext_core::shakmaty::Position;
        assert_eq!(describe(pos.board()), "White: king e1; rooks a1 and h1; pawns e2 and f2. Black: king e8.");
        assert!(describe(&Board::new()).contains("pawns a2, b2, c2, d2, e2, f2, g2 and h2"));
    }
}
