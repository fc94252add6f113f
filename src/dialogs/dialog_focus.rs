//! Keyboard for dialogs: focus moves into a dialog when it opens and stays
//! inside while it is open (Tab and Shift+Tab go round); Escape closes it;
//! keys do not reach the page; when it closes, focus goes back to where it
//! was (or, when that is gone, to the shown move).

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use crate::components::move_list::{focused, return_focus_to_current};

/// What can take focus inside a dialog, in order.
const FOCUSABLE: &str = "input:not([disabled]):not([type=hidden]), textarea:not([disabled]), select:not([disabled]), \
                         button:not([disabled]), a[href], [tabindex]:not([tabindex=\"-1\"])";

/// Gives focus back to `before` (what had it when a dialog or menu
/// opened): if it is gone, to the shown move once the list is drawn again.
pub(crate) fn give_focus_back(before: Option<Element>) {
    let body = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body());
    match before.and_then(|el| el.dyn_into::<HtmlElement>().ok()) {
        Some(el) if el.is_connected() && Some(&el) != body.as_ref() => {
            let _ = el.focus();
            // The move list may draw this move anew (after an edit).
            if el.class_list().contains("mv") {
                return_focus_to_current();
            }
        }
        _ => return_focus_to_current(),
    }
}

/// Focuses the first field or button inside `dialog` when it mounts, and
/// gives focus back to what had it before when it unmounts.
#[hook]
pub fn use_focus_first(dialog: NodeRef) {
    use_effect_with((), move |_| {
        let before = focused();
        let first = dialog
            .cast::<Element>()
            .and_then(|d| {
                d.query_selector("input:not([readonly]), textarea, select, button:not([disabled])").ok().flatten()
            })
            .and_then(|el| el.dyn_into::<HtmlElement>().ok());
        if let Some(el) = first {
            let _ = el.focus();
        }
        move || give_focus_back(before)
    });
}

/// Keeps Tab and Shift+Tab inside the dialog holding the event's target:
/// from the last control to the first, and back.
pub(crate) fn keep_tab_inside(e: &KeyboardEvent) {
    if e.key() != "Tab" {
        return;
    }
    let Some(dialog) =
        e.target().and_then(|t| t.dyn_into::<Element>().ok()).and_then(|t| t.closest("[role=dialog]").ok().flatten())
    else {
        return;
    };
    let Ok(list) = dialog.query_selector_all(FOCUSABLE) else { return };
    let items: Vec<HtmlElement> = (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok())
        .filter(|el| el.offset_width() > 0 || el.offset_height() > 0)
        .collect();
    let (Some(first), Some(last)) = (items.first(), items.last()) else {
        e.prevent_default();
        return;
    };
    let active = focused();
    let at = |el: &HtmlElement| active.as_ref() == Some(el.unchecked_ref::<Element>());
    let inside = active.as_ref().is_some_and(|a| dialog.contains(Some(a)));
    if e.shift_key() && (at(first) || !inside) {
        e.prevent_default();
        let _ = last.focus();
    } else if !e.shift_key() && (at(last) || !inside) {
        e.prevent_default();
        let _ = first.focus();
    }
}

/// A keydown handler for a dialog: Escape cancels; Tab stays inside; no
/// key reaches the page's shortcuts.
pub fn escape_closes(on_cancel: Callback<()>) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        e.stop_propagation();
        keep_tab_inside(&e);
        if e.key() == "Escape" {
            e.prevent_default();
            on_cancel.emit(());
        }
    })
}

/// Where a key moves the focus among a menu's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The next item (the first after the last).
    Next,
    /// The item before (the last before the first).
    Previous,
    /// The first item.
    First,
    /// The last item.
    Last,
}

/// Moves the focus among the items of `menu` that `selector` finds (from
/// none focused: the first, or the last for [`Step::Previous`]). The focused
/// element is looked for in the menu's shadow root when it is in one, else
/// in the page.
pub(crate) fn step_focus(menu: &NodeRef, selector: &str, step: Step) {
    let Some(menu) = menu.cast::<Element>() else { return };
    let Ok(list) = menu.query_selector_all(selector) else { return };
    let items: Vec<HtmlElement> =
        (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok()).collect();
    let count = items.len();
    if count == 0 {
        return;
    }
    let active =
        menu.get_root_node().dyn_ref::<web_sys::ShadowRoot>().and_then(|root| root.active_element()).or_else(focused);
    let at = items.iter().position(|i| active.as_ref() == Some(i.unchecked_ref::<Element>()));
    let next = match (step, at) {
        (Step::First, _) | (Step::Next, None) => 0,
        (Step::Last, _) | (Step::Previous, None) => count - 1,
        (Step::Next, Some(i)) => (i + 1) % count,
        (Step::Previous, Some(i)) => (i + count - 1) % count,
    };
    let _ = items[next].focus();
}
