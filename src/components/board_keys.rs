//! Moves on the board by keyboard alone: a board reached with Tab shows a
//! cursor (a board clicked shows it after Enter); the arrow keys move it
//! over the squares (as they appear on screen), Enter or Space picks up the
//! piece under it and puts it down on a target, Escape puts it back; a
//! promotion piece is chosen with Q, R, B or N (Enter: a queen). Without
//! the cursor the arrows step through the game as elsewhere.

use movetext_core::shakmaty::{Board, Color, File, Move, Rank, Role, Square};
use yew::prelude::*;

use crate::components::board::{BoardProps, Interaction};
use crate::components::board_pointer::lands_on;
use crate::i18n::Lang;
use movetext_core::role_name;

/// The square `dx` files right and `dy` ranks up of `sq` on screen, if on
/// the board.
fn step(sq: Square, dx: i32, dy: i32, flipped: bool) -> Option<Square> {
    let (dx, dy) = if flipped { (-dx, -dy) } else { (dx, dy) };
    let file = i32::from(u8::from(sq.file())) + dx;
    let rank = i32::from(u8::from(sq.rank())) + dy;
    ((0..8).contains(&file) && (0..8).contains(&rank))
        .then(|| Square::from_coords(File::new(file as u32), Rank::new(rank as u32)))
}

/// Where the cursor starts: the king of the side to move.
pub(crate) fn start_square(board: &Board, legal: &[Move]) -> Square {
    let color =
        legal.first().and_then(|m| m.from()).and_then(|sq| board.piece_at(sq)).map_or(Color::White, |p| p.color);
    board.king_of(color).unwrap_or(Square::E2)
}

/// What the cursor's square holds, for screen readers.
pub(crate) fn square_words(board: &Board, sq: Square, lang: Lang) -> String {
    let square = sq.to_string();
    match board.piece_at(sq) {
        Some(p) => {
            let color = if p.color.is_white() { "white" } else { "black" };
            let piece = lang.text(&format!("board-piece-{color}-{}", role_name(p.role)));
            lang.say("board-square", &[("square", &square), ("piece", piece)])
        }
        None => lang.say("board-square-empty", &[("square", &square)]),
    }
}

/// The board's keydown handler (moves are made through `props.on_move`).
pub(crate) fn board_keys(props: &BoardProps, state: &UseStateHandle<Interaction>) -> Callback<KeyboardEvent> {
    let legal = props.legal.clone();
    let on_move = props.on_move.clone();
    let board = props.board.clone();
    let flipped = props.flipped;
    let state = state.clone();
    Callback::from(move |e: KeyboardEvent| {
        if legal.is_empty() || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let now = (*state).clone();
        let cursor = now.cursor.unwrap_or_else(|| start_square(&board, &legal));
        let key = e.key();
        // A promotion waits for its piece.
        if let Some((from, to)) = now.promotion {
            let role = match key.as_str() {
                "q" | "Q" | "Enter" | " " => Some(Role::Queen),
                "r" | "R" => Some(Role::Rook),
                "b" | "B" => Some(Role::Bishop),
                "n" | "N" => Some(Role::Knight),
                "Escape" => None,
                _ => return,
            };
            e.prevent_default();
            e.stop_propagation();
            if let Some(m) = role
                .and_then(|r| legal.iter().find(|m| m.from() == Some(from) && m.to() == to && m.promotion() == Some(r)))
            {
                on_move.emit(*m);
            }
            state.set(Interaction { cursor: Some(cursor), ..Interaction::default() });
            return;
        }
        let moved = match key.as_str() {
            "ArrowUp" => Some((0, 1)),
            "ArrowDown" => Some((0, -1)),
            "ArrowLeft" => Some((-1, 0)),
            "ArrowRight" => Some((1, 0)),
            _ => None,
        };
        // Without the cursor (a board clicked), the arrows step through
        // the game; Enter shows the cursor.
        if now.cursor.is_none() && key != "Enter" {
            return;
        }
        if let Some((dx, dy)) = moved {
            e.prevent_default();
            e.stop_propagation();
            if let Some(next) = step(cursor, dx, dy, flipped) {
                state.set(Interaction { cursor: Some(next), ..now });
            }
            return;
        }
        match key.as_str() {
            "Enter" | " " => {
                e.prevent_default();
                e.stop_propagation();
                let movable = |sq: Square| legal.iter().any(|m| m.from() == Some(sq));
                match now.selected {
                    Some(from) if from == cursor => {
                        state.set(Interaction { cursor: Some(cursor), ..Interaction::default() });
                    }
                    Some(from) => {
                        let candidates: Vec<&Move> =
                            legal.iter().filter(|m| m.from() == Some(from) && lands_on(m, cursor)).collect();
                        match candidates.as_slice() {
                            [m] => {
                                on_move.emit(**m);
                                state.set(Interaction { cursor: Some(cursor), ..Interaction::default() });
                            }
                            [m, ..] => state.set(Interaction {
                                cursor: Some(cursor),
                                promotion: Some((from, m.to())),
                                ..Interaction::default()
                            }),
                            [] if movable(cursor) => {
                                state.set(Interaction { cursor: Some(cursor), selected: Some(cursor), ..now });
                            }
                            [] => {}
                        }
                    }
                    None if movable(cursor) => {
                        state.set(Interaction { cursor: Some(cursor), selected: Some(cursor), ..now });
                    }
                    None => state.set(Interaction { cursor: Some(cursor), ..now }),
                }
            }
            "Escape" if now.selected.is_some() => {
                e.prevent_default();
                e.stop_propagation();
                state.set(Interaction { cursor: Some(cursor), ..Interaction::default() });
            }
            _ => {}
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_follow_the_screen() {
        assert_eq!(step(Square::E2, 0, 1, false), Some(Square::E3));
        assert_eq!(step(Square::E2, 0, 1, true), Some(Square::E1));
        assert_eq!(step(Square::H4, 1, 0, false), None);
        assert_eq!(step(Square::H4, 1, 0, true), Some(Square::G4));
    }

    #[test]
    fn the_cursor_starts_on_the_king_to_move() {
        let pos: movetext_core::shakmaty::Chess = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"
            .parse::<movetext_core::shakmaty::fen::Fen>()
            .unwrap()
            .into_position(movetext_core::shakmaty::CastlingMode::Standard)
            .unwrap();
        use movetext_core::shakmaty::Position;
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        assert_eq!(start_square(pos.board(), &legal), Square::E8);
        assert_eq!(square_words(pos.board(), Square::E2, Lang::En), "e2, white pawn");
        assert_eq!(square_words(pos.board(), Square::E8, Lang::De), "e8, schwarzer König");
        assert_eq!(square_words(pos.board(), Square::E2, Lang::Ru), "e2, белая пешка");
        assert_eq!(square_words(pos.board(), Square::E4, Lang::Fr), "e4, vide");
    }
}
