//! Keyboard focus for dialogs: moved into a dialog when it opens, so that
//! its keys (Escape, Tab) act on it.

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Focuses the first field or button inside `dialog` once, when it mounts.
#[hook]
pub fn use_focus_first(dialog: NodeRef) {
    use_effect_with((), move |_| {
        let first = dialog
            .cast::<web_sys::Element>()
            .and_then(|d| d.query_selector("input:not([readonly]), textarea, select, button:not([disabled])").ok().flatten())
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(el) = first {
            let _ = el.focus();
        }
    });
}
