//! Moves on the board by keyboard alone: a board reached with Tab shows a
//! cursor (a board clicked shows it after Enter); the arrow keys move it
//! over the squares (as they appear on screen), Enter or Space picks up the
//! piece under it and puts it down on a target, Escape puts it back; a
//! promotion piece is chosen with Q, R, B or N (Enter: a queen). Without
//! the cursor the arrows step through the game as elsewhere.

use movetext_core::shakmaty::{Move, Role, Square};
use movetext_view::game::board_interaction::{lands_on, start_square, step};
use yew::prelude::*;

use crate::components::board_props::{BoardProps, Interaction};

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
