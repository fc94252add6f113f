//! Work that reads the page's layout, put off to the next frame: read in a
//! script's task, just after the page changed, the layout is made there and
//! then (a forced layout), in the same task as the change; read before the
//! next frame, it is made once, in the frame's own task.

use wasm_bindgen::JsCast;

/// Runs `f` before the next frame is laid out and painted.
pub(crate) fn in_next_frame(f: impl FnOnce() + 'static) {
    if let Some(window) = web_sys::window() {
        let f = wasm_bindgen::closure::Closure::once_into_js(f);
        let _ = window.request_animation_frame(f.unchecked_ref());
    }
}
