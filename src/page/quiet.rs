//! Whether the user is acting on the page. Work that can wait (building the
//! position index in workers) waits for a quiet moment: on a machine with
//! few cores, workers busy on every core stretch the page's own answer to
//! a key or a click.

use std::cell::Cell;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::state::slice_clock::now;

/// How long after the last key, click or touch the page counts as quiet,
/// in milliseconds.
const QUIET_MS: f64 = 600.0;

/// What the page's input listeners see.
const INPUT_EVENTS: [&str; 3] = ["keydown", "pointerdown", "input"];

thread_local! {
    static LAST_ACTIVITY: Cell<f64> = const { Cell::new(f64::NEG_INFINITY) };
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

/// Counts now as activity (the page just changed under the user, as when a
/// file is ready), and from now on counts every key, click and touch.
pub(crate) fn touch() {
    watch();
    LAST_ACTIVITY.with(|l| l.set(now()));
}

/// Milliseconds until the page is quiet (0 when it is).
pub(crate) fn remaining() -> f64 {
    // Never touched: minus infinity, quiet.
    (LAST_ACTIVITY.with(Cell::get) + QUIET_MS - now()).max(0.0)
}

/// Waits until the page is quiet.
pub(crate) async fn until_quiet() {
    loop {
        let wait = remaining();
        if wait <= 0.0 {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(wait.ceil() as u32).await;
    }
}

/// Listens to the page's input, once (the listeners live as long as the
/// page).
fn watch() {
    if WATCHING.with(|w| w.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else { return };
    for name in INPUT_EVENTS {
        let seen = Closure::<dyn Fn()>::new(|| LAST_ACTIVITY.with(|l| l.set(now())));
        // Seen on the way down, before any handler can stop the event.
        let _ = window.add_event_listener_with_callback_and_bool(name, seen.as_ref().unchecked_ref(), true);
        seen.forget();
    }
}
