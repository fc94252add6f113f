//! Keyboard for dialogs: focus moves into a dialog when it opens, so that
//! its keys act on it; Escape closes it; keys do not reach the page.

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Focuses the first field or button inside `dialog` once, when it mounts.
#[hook]
pub fn use_focus_first(dialog: NodeRef) {
    use_effect_with((), move |_| {
        let first = dialog
            .cast::<web_sys::Element>()
            .and_then(|d| {
                d.query_selector("input:not([readonly]), textarea, select, button:not([disabled])").ok().flatten()
            })
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(el) = first {
            let _ = el.focus();
        }
    });
}

/// A keydown handler for a dialog: Escape cancels; no key reaches the
/// page's shortcuts.
pub fn escape_closes(on_cancel: Callback<()>) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        e.stop_propagation();
        if e.key() == "Escape" {
            e.prevent_default();
            on_cancel.emit(());
        }
    })
}
