//! Fatal errors: a panic is written to the console and told to the page's
//! script as a `movetext-fatal` event on the window (its `detail` is the
//! message). The app's `crash.js` shows it and offers a way on; the
//! WebAssembly instance itself is not trusted after that.

use wasm_bindgen::prelude::*;

/// The name of the window event a panic sends.
pub const FATAL_EVENT: &str = "movetext-fatal";

/// Installs a panic hook that logs the panic and sends the window event `movetext-fatal`
/// (through Yew, which would otherwise put its own hook in its place).
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        let message = info.to_string();
        web_sys::console::error_1(&message.as_str().into());
        let Some(window) = web_sys::window() else { return };
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&message.as_str().into());
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(FATAL_EVENT, &init) {
            let _ = window.dispatch_event(&event);
        }
    }));
}

/// Stops the module on purpose, as a fatal internal error would: by a panic
/// (`true`) or by a bare WebAssembly trap (`false`). The browser tests use it
/// to check that the page offers a way on and that other widgets go on.
#[wasm_bindgen(js_name = movetextFault)]
pub fn fault(by_panic: bool) {
    if by_panic {
        panic!("a fault was asked for");
    }
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    #[cfg(not(target_arch = "wasm32"))]
    std::process::abort();
}
