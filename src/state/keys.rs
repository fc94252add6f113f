//! Keys the app's viewer answers: the action of a key, and which keys
//! belong to the element they are pressed in.

use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;

use crate::state::viewer::Action;

pub use movetext_view::game::viewer::key_action;

/// Whether a key belongs to the element it is pressed in rather than to
/// the board: anything in a text field, a select or a dialog, the arrows
/// in the game list, Space on a button, and the arrows, Enter, Space and
/// Escape on a board that shows its keyboard cursor (a board clicked
/// leaves the arrows to stepping through the game), and the arrows, Home
/// and End on a graph along the main line (it steps itself).
pub fn key_belongs_to_target(event: &KeyboardEvent) -> bool {
    let graph = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| el.closest(".move-graph").ok().flatten().is_some());
    if graph && matches!(event.key().as_str(), "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Home" | "End") {
        return true;
    }
    let Some(el) = event.target().and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) else {
        return false;
    };
    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        // (Asked of the markup: `isContentEditable` makes the browser
        // compute the page's style first.)
        || el.closest("[contenteditable]:not([contenteditable=false]), [role=dialog]").ok().flatten().is_some()
        || (matches!(event.key().as_str(), "ArrowUp" | "ArrowDown")
            && el.closest(".gl-viewport").ok().flatten().is_some())
        || (event.key() == " " && el.tag_name() == "BUTTON")
        || (board_takes_keys(&el)
            && matches!(
                event.key().as_str(),
                "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Enter" | " " | "Escape"
            ))
}

/// Whether `el` is a board that makes moves by keyboard now (its cursor
/// is shown).
pub fn board_takes_keys(el: &web_sys::Element) -> bool {
    let list = el.class_list();
    list.contains("board") && list.contains("editable") && el.has_attribute("data-cursor")
}

/// The viewer's action for a key pressed, unless the key belongs to its
/// element ([`key_belongs_to_target`]) or comes with Ctrl, Alt or Meta.
pub fn key_event_action(event: &KeyboardEvent) -> Option<Action> {
    if key_belongs_to_target(event) || event.ctrl_key() || event.meta_key() || event.alt_key() {
        return None;
    }
    key_action(&event.key())
}
