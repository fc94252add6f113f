//! The material difference of a position, as shown beside each player: the
//! pieces one side has more of than the other (taken from the other side,
//! on balance) and, for the side ahead, its lead in points (pawn 1, knight
//! and bishop 3, rook 5, queen 9).

use movetext_core::shakmaty::{Board, Color, Role};

/// What one side is up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Balance {
    /// The other side's pieces this side has on balance taken, queens first.
    pub taken: Vec<Role>,
    /// The lead in points (0 when level or behind).
    pub lead: u32,
}

impl Balance {
    /// The pieces taken as letters (`qrbnp` order), e.g. `pp`, for tests.
    pub fn letters(&self) -> String {
        self.taken.iter().map(|r| r.char()).collect()
    }
}

/// The points a piece counts for.
fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The material balance of `color` on `board`.
pub fn balance(board: &Board, color: Color) -> Balance {
    let count = |c: Color, r: Role| (board.by_color(c) & board.by_role(r)).count() as i32;
    let mut out = Balance::default();
    let mut points = 0;
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
        let more = count(color, role) - count(!color, role);
        points += more * value(role);
        for _ in 0..more.max(0) {
            out.taken.push(role);
        }
    }
    out.lead = points.max(0) as u32;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::shakmaty::fen::Fen;
    use movetext_core::shakmaty::{CastlingMode, Chess, Position};

    fn board(fen: &str) -> Board {
        let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        pos.board().clone()
    }

    #[test]
    fn level_at_the_start() {
        let b = Chess::default().board().clone();
        assert_eq!(balance(&b, Color::White), Balance::default());
        assert_eq!(balance(&b, Color::Black), Balance::default());
    }

    #[test]
    fn a_pawn_taken() {
        // 1. e4 d5 2. exd5
        let b = board("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
        let white = balance(&b, Color::White);
        assert_eq!((white.letters(), white.lead), ("p".to_owned(), 1));
        assert_eq!(balance(&b, Color::Black), Balance::default());
    }

    #[test]
    fn an_exchange_shows_both_sides_pieces_and_one_lead() {
        // White is a rook and two pawns up.
        let b = board("4k3/5ppp/8/8/8/8/PPPPP3/R3K3 w - - 0 1");
        let white = balance(&b, Color::White);
        let black = balance(&b, Color::Black);
        assert_eq!((white.letters(), white.lead), ("rpp".to_owned(), 7));
        assert_eq!((black.letters(), black.lead), (String::new(), 0));
        let b = board("4k3/8/8/8/8/8/1q6/R1R1K3 w - - 0 1");
        assert_eq!((balance(&b, Color::White).letters(), balance(&b, Color::White).lead), ("rr".to_owned(), 1));
        assert_eq!((balance(&b, Color::Black).letters(), balance(&b, Color::Black).lead), ("q".to_owned(), 0));
    }
}
