//! What the widget answers: clicks (controls, moves, fold toggles, the
//! menu), keys while it has the focus, the picker and the autoplay delay,
//! the wheel over the board, and the move list's scrolling. One listener
//! of each kind on the widget's frame serves all its parts.

use std::rc::Rc;

use movetext_core::shakmaty::Color;
use movetext_view::game::viewer::{key_action, Action, Nav, WheelSteps};
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlSelectElement, KeyboardEvent, WheelEvent};

use crate::dom::{self, marked, Listeners};
use crate::menu;
use crate::run::{change, fill_later, Shared};

/// Listens on a drawn widget's frame.
pub fn listen(shared: &Shared) -> Listeners {
    let mut listeners = Listeners::default();
    let Some(frame) = shared.borrow().screen.frame().cloned() else { return listeners };
    let weak = Rc::downgrade(shared);
    let me = weak.clone();
    listeners.add(&frame, "click", true, move |e| {
        if let (Some(w), Some(target)) = (me.upgrade(), target_of(&e)) {
            click(&w, &target, &e);
        }
    });
    let me = weak.clone();
    listeners.add(&frame, "keydown", false, move |e| {
        if let (Some(w), Some(e)) = (me.upgrade(), e.dyn_ref::<KeyboardEvent>()) {
            key(&w, e);
        }
    });
    let me = weak.clone();
    listeners.add(&frame, "change", true, move |e| {
        if let (Some(w), Some(select)) = (me.upgrade(), e.target().and_then(|t| t.dyn_into::<HtmlSelectElement>().ok()))
        {
            chosen(&w, &select);
        }
    });
    let wheel = shared.borrow().state.opts.wheel;
    if let Some(row) = dom::find(&frame, ".board-row").filter(|_| wheel) {
        let me = weak.clone();
        let mut wheel = WheelSteps::default();
        listeners.add(&row, "wheel", false, move |e| {
            let (Some(w), Some(e)) = (me.upgrade(), e.dyn_ref::<WheelEvent>()) else { return };
            // Only a board that can step that way takes the wheel: the page
            // scrolls over every other (one at its last move, going down).
            if !can_step(&w.borrow().state, e.delta_y()) {
                return;
            }
            e.prevent_default();
            if let Some(nav) = wheel.add(e.delta_y(), e.delta_mode()) {
                change(&w, |w| w.viewer.apply(Action::Nav(nav)));
            }
        });
    }
    if shared.borrow().state.opts.editable || shared.borrow().state.opts.train {
        crate::board::listen(shared, &mut listeners);
    }
    // The move list's own scrolling (scroll events do not bubble: heard
    // on the way down).
    let me = weak.clone();
    listeners.add_capturing(&frame, "scroll", move |_| {
        if let Some(w) = me.upgrade() {
            fill_later(&w);
        }
    });
    listeners
}

/// Whether the wheel moving by `delta_y` can step through the game: not
/// while training, forward when a move follows, back when one comes before.
fn can_step(s: &crate::state::State, delta_y: f64) -> bool {
    let (game, current) = (&s.viewer.game, s.viewer.current);
    !s.training_on()
        && if delta_y > 0.0 {
            game.next(current).is_some()
        } else {
            delta_y < 0.0 && game.node(current).parent.is_some()
        }
}

fn target_of(e: &Event) -> Option<Element> {
    e.target()?.dyn_into::<Element>().ok()
}

/// A click somewhere in the widget.
fn click(shared: &Shared, target: &Element, e: &Event) {
    if let Ok(Some(button)) = target.closest("[data-nav]") {
        let action = match button.get_attribute("data-nav").as_deref() {
            Some("first") => Action::Nav(Nav::First),
            Some("prev") => Action::Nav(Nav::Prev),
            Some("next") => Action::Nav(Nav::Next),
            Some("last") => Action::Nav(Nav::Last),
            Some("flip") => Action::Nav(Nav::Flip),
            Some("play") => Action::TogglePlay,
            _ => return,
        };
        change(shared, |w| w.viewer.apply(action));
    } else if target.closest(".mt-menu-button").ok().flatten().is_some() {
        let open = !shared.borrow().state.menu_open;
        menu::set_open(shared, open);
    } else if let Ok(Some(item)) = target.closest("[data-menu]") {
        menu::act(shared, &item.get_attribute("data-menu").unwrap_or_default(), e);
    } else if let Ok(Some(button)) =
        target.closest(".train-white, .train-black, .training-hint, .training-reveal, .training-stop")
    {
        let list = button.class_list();
        change(shared, |w| {
            if list.contains("train-white") {
                w.start_training(Color::White);
            } else if list.contains("train-black") {
                w.start_training(Color::Black);
            } else if list.contains("training-hint") {
                w.hint();
            } else if list.contains("training-reveal") {
                w.reveal();
            } else {
                w.stop_training();
            }
        });
    } else if let Some(start) = marked(target, "[data-fold]", "data-fold") {
        if let Some(list) = shared.borrow_mut().screen.list() {
            list.toggle(start);
        }
        fill_later(shared);
    } else if let Some(node) = marked(target, ".mv[data-node]", "data-node") {
        change(shared, |w| w.viewer.apply(Action::Goto(node)));
    }
}

/// A key pressed while the widget has the focus.
fn key(shared: &Shared, e: &KeyboardEvent) {
    let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
    if target.closest("[role=menu]").ok().flatten().is_some() {
        menu::key(shared, e);
        return;
    }
    if !shared.borrow().state.opts.keyboard || e.ctrl_key() || e.meta_key() || e.alt_key() || belongs_to(&target, e) {
        return;
    }
    let Some(action) = key_action(&e.key()) else { return };
    e.prevent_default();
    e.stop_propagation();
    let ahead = matches!(action, Action::Nav(Nav::Next | Nav::Last) | Action::TogglePlay | Action::Sibling(_));
    if ahead && shared.borrow().state.training_on() {
        return;
    }
    change(shared, |w| w.viewer.apply(action));
}

/// Whether a key belongs to the element it is pressed in: a select, Space
/// on a button, the keys of a board that shows its keyboard cursor.
fn belongs_to(target: &Element, e: &KeyboardEvent) -> bool {
    let key = e.key();
    matches!(target.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        || (key == " " && target.tag_name() == "BUTTON")
        || (target.class_list().contains("board")
            && target.has_attribute("data-cursor")
            && matches!(key.as_str(), "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Enter" | " " | "Escape"))
}

/// A choice in the picker or the autoplay delay.
fn chosen(shared: &Shared, select: &HtmlSelectElement) {
    let i = select.selected_index().max(0) as usize;
    if select.class_list().contains("mt-picker") {
        change(shared, |w| w.choose_game(i));
    } else if select.class_list().contains("autoplay-delay") {
        use crate::shell::{DELAYS, PACES};
        let action = match (DELAYS.get(i), PACES.get(i.saturating_sub(DELAYS.len()))) {
            (Some(d), _) => Action::Delay(d.0),
            (None, Some(&p)) => Action::Pace(Some(p)),
            (None, None) => Action::Delay(1000),
        };
        change(shared, |w| w.viewer.apply(action));
    }
}
