//! What the pointer does on the board: picking up a piece by click or by
//! drag and putting it down on a square (a move, or the choice of a
//! promotion piece), and drawing arrows and marked squares with the right
//! button.

use movetext_core::shakmaty::{Move, Role, Square};
use movetext_view::game::board_interaction::{draw_color, lands_on};
use movetext_view::markup::board_markup::square_at;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::board_props::{BoardProps, Interaction};

/// The board's pointer handlers.
pub(crate) struct PointerHandlers {
    /// A button pressed over the board.
    pub onpointerdown: Callback<PointerEvent>,
    /// The pointer moving over the board (or captured by it).
    pub onpointermove: Callback<PointerEvent>,
    /// A button released.
    pub onpointerup: Callback<PointerEvent>,
}

/// The pointer handlers of a board whose drawing is `svg` and whose
/// pointer state is `state`.
#[hook]
pub(crate) fn use_pointer(props: &BoardProps, state: &UseStateHandle<Interaction>, svg: &NodeRef) -> PointerHandlers {
    let flipped = props.flipped;
    // Board units (0..800) under the pointer, and the square there.
    let locate = {
        let svg = svg.clone();
        move |e: &PointerEvent| -> Option<(f32, f32, Square)> {
            let el = svg.cast::<web_sys::Element>()?;
            let r = el.get_bounding_client_rect();
            if r.width() <= 0.0 {
                return None;
            }
            let x = ((f64::from(e.client_x()) - r.left()) / r.width() * 800.0) as f32;
            let y = ((f64::from(e.client_y()) - r.top()) / r.height() * 800.0) as f32;
            if !(0.0..800.0).contains(&x) || !(0.0..800.0).contains(&y) {
                return Some((
                    x.clamp(0.0, 799.0),
                    y.clamp(0.0, 799.0),
                    square_at(x.clamp(0.0, 799.0), y.clamp(0.0, 799.0), flipped),
                ));
            }
            Some((x, y, square_at(x, y, flipped)))
        }
    };
    let try_move = {
        let legal = props.legal.clone();
        let on_move = props.on_move.clone();
        let state = state.clone();
        move |from: Square, to: Square| -> bool {
            let candidates: Vec<&Move> = legal.iter().filter(|m| m.from() == Some(from) && lands_on(m, to)).collect();
            match candidates.as_slice() {
                [] => false,
                [m] => {
                    on_move.emit(**m);
                    true
                }
                _ => {
                    // Several moves: a promotion, the piece is chosen next.
                    state.set(Interaction { promotion: Some((from, candidates[0].to())), ..Interaction::default() });
                    true
                }
            }
        }
    };
    let onpointerdown = {
        let state = state.clone();
        let legal = props.legal.clone();
        let locate = locate.clone();
        let try_move = try_move.clone();
        let drawable = props.on_draw.is_some();
        let on_square = props.on_square.clone();
        let dropping = props.dropping;
        Callback::from(move |e: PointerEvent| {
            let Some((x, y, sq)) = locate(&e) else { return };
            if let (Some(cb), 0) = (&on_square, e.button()) {
                cb.emit(sq);
                return;
            }
            if e.button() == 2 {
                if drawable {
                    let color = draw_color(e.shift_key(), e.alt_key(), e.ctrl_key() || e.meta_key());
                    state.set(Interaction { drawing: Some((sq, sq, color)), ..(*state).clone() });
                }
                return;
            }
            if e.button() != 0 || state.promotion.is_some() {
                return;
            }
            // A piece from the pocket is dropped where the button is released.
            if dropping.is_some() {
                e.prevent_default();
                return;
            }
            if let Some(from) = state.selected {
                if from != sq && try_move(from, sq) {
                    if state.promotion.is_none() {
                        state.set(Interaction::default());
                    }
                    return;
                }
            }
            if legal.iter().any(|m| m.from() == Some(sq)) {
                if let Some(target) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                    let _ = target.set_pointer_capture(e.pointer_id());
                }
                e.prevent_default();
                state.set(Interaction { selected: Some(sq), drag: Some((sq, x, y)), ..Interaction::default() });
            } else {
                state.set(Interaction::default());
            }
        })
    };
    let onpointermove = {
        let state = state.clone();
        let locate = locate.clone();
        Callback::from(move |e: PointerEvent| {
            if let Some((from, _, _)) = state.drag {
                if let Some((x, y, _)) = locate(&e) {
                    state.set(Interaction { drag: Some((from, x, y)), ..(*state).clone() });
                }
            } else if let Some((from, at, color)) = state.drawing {
                if let Some((_, _, sq)) = locate(&e) {
                    if sq != at {
                        state.set(Interaction { drawing: Some((from, sq, color)), ..(*state).clone() });
                    }
                }
            }
        })
    };
    let drop_at = dropper(props);
    let onpointerup = {
        let state = state.clone();
        let on_draw = props.on_draw.clone();
        let dropping = props.dropping;
        Callback::from(move |e: PointerEvent| {
            if let (Some(role), 0) = (dropping, e.button()) {
                // Only on the board itself (the pointer's square is the
                // nearest one when it is outside).
                let inside = locate(&e).filter(|(x, y, _)| (1.0..799.0).contains(x) && (1.0..799.0).contains(y));
                drop_at(role, inside.map(|l| l.2));
                return;
            }
            if let Some((from, _, color)) = state.drawing {
                let to = locate(&e).map_or(from, |l| l.2);
                state.set(Interaction { drawing: None, ..(*state).clone() });
                if let Some(cb) = &on_draw {
                    cb.emit((from, to, color));
                }
                return;
            }
            let Some((from, _, _)) = state.drag else { return };
            let to = locate(&e).map(|l| l.2);
            match to {
                // Dropped back where it was: stays picked up, for click-click.
                Some(to) if to == from => {
                    state.set(Interaction { drag: None, selected: Some(from), ..Interaction::default() })
                }
                Some(to) if try_move(from, to) => {}
                // Anywhere else: back to its square.
                _ => state.set(Interaction::default()),
            }
        })
    };
    PointerHandlers { onpointerdown, onpointermove, onpointerup }
}

/// Drops a piece picked from the pocket on a square (`None`: off the
/// board): the move, if legal there; else the piece goes back.
fn dropper(props: &BoardProps) -> impl Fn(Role, Option<Square>) {
    let (legal, on_move, cancel) = (props.legal.clone(), props.on_move.clone(), props.on_drop_cancel.clone());
    move |role: Role, to: Option<Square>| {
        let m = to.map(|to| Move::Put { role, to });
        match m.filter(|m| legal.contains(m)) {
            Some(m) => on_move.emit(m),
            None => cancel.emit(()),
        }
    }
}
