//! Work put off until the page is next idle: after the frame being drawn,
//! or at the latest after a given time.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Work waiting for the page to be idle; dropping it cancels the work.
pub(crate) struct IdleTask {
    handle: u32,
    _work: Closure<dyn FnMut()>,
}

impl Drop for IdleTask {
    fn drop(&mut self) {
        if let Some(w) = web_sys::window() {
            w.cancel_idle_callback(self.handle);
        }
    }
}

/// Runs `work` when the page is next idle, and within `within_ms`
/// milliseconds in any case; `None` where the page cannot wait for idle.
pub(crate) fn when_idle(within_ms: u32, work: impl FnMut() + 'static) -> Option<IdleTask> {
    let work = Closure::<dyn FnMut()>::new(work);
    let options = web_sys::IdleRequestOptions::new();
    options.set_timeout(within_ms);
    let handle = web_sys::window()
        .and_then(|w| w.request_idle_callback_with_options(work.as_ref().unchecked_ref(), &options).ok())?;
    Some(IdleTask { handle, _work: work })
}
