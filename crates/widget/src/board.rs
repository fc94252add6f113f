//! Moves made on the board of an editable or training widget: the pointer
//! (click-click, drag, the promotion chooser) and the keyboard's cursor,
//! as `movetext_view::game::board_interaction` decides them.

use std::rc::Rc;

use movetext_core::shakmaty::{Role, Square};
use movetext_view::game::board_interaction::Outcome;
use movetext_view::markup::board_markup::square_at;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, KeyboardEvent, PointerEvent};

use crate::dom::{self, find, Listeners};
use crate::run::{change, Shared};
use crate::state::State;

/// Board units (0 to 800) under the pointer and the square there (the
/// nearest square when off the board).
fn locate(board: &Element, e: &PointerEvent, flipped: bool) -> Option<(f32, f32, Square, bool)> {
    let svg = find(board, "svg")?;
    let r = svg.get_bounding_client_rect();
    if r.width() <= 0.0 {
        return None;
    }
    let x = ((f64::from(e.client_x()) - r.left()) / r.width() * 800.0) as f32;
    let y = ((f64::from(e.client_y()) - r.top()) / r.height() * 800.0) as f32;
    let inside = (0.0..800.0).contains(&x) && (0.0..800.0).contains(&y);
    let (x, y) = (x.clamp(0.0, 799.0), y.clamp(0.0, 799.0));
    Some((x, y, square_at(x, y, flipped), inside))
}

/// Makes a move the board gave: a guess while training, else a move added
/// to the game.
fn made(w: &mut State, outcome: Outcome) {
    if let Outcome::Move(m) = outcome {
        if w.training_on() {
            w.guess(m);
        } else {
            w.play(m);
        }
    }
}

/// Listens to the board of a widget that takes moves.
pub fn listen(shared: &Shared, listeners: &mut Listeners) {
    let Some(board) = shared.borrow().screen.frame().and_then(|f| find(f, ".board")) else { return };
    let weak = Rc::downgrade(shared);
    let (me, el) = (weak.clone(), board.clone());
    listeners.add(&board, "pointerdown", false, move |e| {
        let (Some(w), Some(e)) = (me.upgrade(), e.dyn_ref::<PointerEvent>()) else { return };
        let Ok(flipped) = w.try_borrow_mut().map(|mut b| {
            b.state.pressed = true;
            b.state.flipped()
        }) else {
            return;
        };
        // A promotion piece chosen, or the choice cancelled.
        if let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) {
            if let Ok(Some(choice)) = target.closest(".promotion-choice, .promotion-shade") {
                e.stop_propagation();
                let role = choice.get_attribute("data-role").and_then(|r| r.chars().next()).and_then(Role::from_char);
                change(&w, |w| {
                    let legal = w.legal();
                    let outcome = w.hand.choose(&legal, role);
                    made(w, outcome);
                });
                return;
            }
        }
        let Some((x, y, sq, _)) = locate(&el, e, flipped) else { return };
        let mods = (e.shift_key(), e.alt_key(), e.ctrl_key() || e.meta_key());
        change(&w, |w| {
            let legal = w.legal();
            let outcome = w.hand.press(&legal, (x, y, sq), e.button(), mods, false);
            made(w, outcome);
        });
        if w.try_borrow().is_ok_and(|b| b.state.hand.drag.is_some()) {
            e.prevent_default();
            if let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) {
                let _ = target.set_pointer_capture(e.pointer_id());
            }
        }
    });
    let (me, el) = (weak.clone(), board.clone());
    listeners.add(&board, "pointermove", true, move |e| {
        let (Some(w), Some(e)) = (me.upgrade(), e.dyn_ref::<PointerEvent>()) else { return };
        let Ok(flipped) = w
            .try_borrow()
            .map(|b| (b.state.hand.drag.is_some() || b.state.hand.drawing.is_some()).then(|| b.state.flipped()))
        else {
            return;
        };
        let Some(flipped) = flipped else { return };
        if let Some((x, y, sq, _)) = locate(&el, e, flipped) {
            change(&w, |w| {
                w.hand.point((x, y, sq));
            });
        }
    });
    let (me, el) = (weak.clone(), board.clone());
    listeners.add(&board, "pointerup", true, move |e| {
        let (Some(w), Some(e)) = (me.upgrade(), e.dyn_ref::<PointerEvent>()) else { return };
        let Ok(flipped) = w.try_borrow_mut().map(|mut b| {
            b.state.pressed = false;
            b.state.pointer_up = dom::now();
            b.state.flipped()
        }) else {
            return;
        };
        let at = locate(&el, e, flipped).filter(|l| l.3).map(|l| l.2);
        change(&w, |w| {
            let legal = w.legal();
            let outcome = w.hand.release(&legal, at);
            made(w, outcome);
        });
    });
    listeners.add(&board, "contextmenu", false, |e: Event| e.prevent_default());
    let me = weak.clone();
    listeners.add(&board, "keydown", false, move |e| {
        let (Some(w), Some(e)) = (me.upgrade(), e.dyn_ref::<KeyboardEvent>()) else { return };
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let mut used = false;
        change(&w, |w| {
            let legal = w.legal();
            let (board, flipped) = (w.viewer.game.node(w.viewer.current).board().clone(), w.flipped());
            if let Some(outcome) = w.hand.key(&legal, &board, flipped, &e.key()) {
                used = true;
                made(w, outcome);
            }
        });
        if used {
            e.prevent_default();
            e.stop_propagation();
        }
    });
    // Focus by the pointer (its press comes first) or by keyboard: only the
    // keyboard shows the cursor.
    let me = weak.clone();
    listeners.add(&board, "focus", true, move |_| {
        let Some(w) = me.upgrade() else { return };
        let Ok(by_pointer) = w.try_borrow_mut().map(|mut b| std::mem::take(&mut b.state.pressed)) else { return };
        if !by_pointer {
            change(&w, |w| {
                let legal = w.legal();
                let board = w.viewer.game.node(w.viewer.current).board().clone();
                w.hand.focused_by_key(&board, &legal);
            });
        }
    });
    listeners.add(&board, "blur", true, move |_| {
        let Some(w) = weak.upgrade() else { return };
        if w.try_borrow().is_ok_and(|b| b.state.hand.cursor.is_some()) {
            change(&w, |w| w.hand.cursor = None);
        }
    });
}
