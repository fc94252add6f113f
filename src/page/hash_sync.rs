//! The page's address follows the shown game and move (`#game=3&ply=14`),
//! so that a reload or a shared link opens the same place. The address is
//! written when the page is next idle (at most 200 ms later), after the step
//! is drawn: writing it costs Chromium about 5 ms, a third of a frame, and
//! steps in quick succession write it once; a page left before that (a
//! reload right after a step) writes it as it goes.

use gloo_events::EventListener;
use movetext_view::game::url_state::{format_hash, parse_hash, Place};
use yew::prelude::*;

use crate::page::session::Session;
use crate::state::idle_task::when_idle;

/// The place the page's address names.
pub(crate) fn current_place() -> Place {
    web_sys::window().and_then(|w| w.location().hash().ok()).map(|h| parse_hash(&h)).unwrap_or_default()
}

/// Whether the page's address has a hash naming a place.
pub(crate) fn has_hash() -> bool {
    web_sys::window().and_then(|w| w.location().hash().ok()).is_some_and(|h| h.len() > 1)
}

/// How long the address may wait for the page to be idle, in milliseconds.
const WRITE_WITHIN_MS: u32 = 200;

/// Writes `hash` into the address (without a new history entry) unless it
/// is there already, or it names the start of the first game and the
/// address has no hash.
fn write_hash(hash: &str, at_start: bool) {
    let Some(w) = web_sys::window() else { return };
    let now = w.location().hash().ok();
    let same = now.as_deref() == Some(hash);
    let start = at_start && now.as_deref() == Some("");
    if !same && !start {
        let _ = w.history().and_then(|h| h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash)));
    }
}

/// Writes the shown game and move into the address when the page is next
/// idle, except while a file is being opened at start or a place waits
/// for its game.
#[hook]
pub(crate) fn use_hash_sync(session: &Session) {
    let jobs = session.jobs.clone();
    let viewer = &session.viewer;
    use_effect_with((viewer.game_index, viewer.current, viewer.game.clone()), move |(index, current, game)| {
        let (mut waiting, mut leaving) = (None, None);
        if jobs.pending.borrow().is_none() && jobs.starting.borrow().is_none() {
            let hash = format_hash(*index, game, *current);
            let at_start = *index == 0 && *current == 0;
            let write = move || write_hash(&hash, at_start);
            waiting = when_idle(WRITE_WITHIN_MS, write.clone());
            // A page left (a reload) before it was idle writes it as the
            // leaving starts, before the browser takes the address to load.
            leaving = web_sys::window().map(|w| EventListener::new(&w, "beforeunload", move |_| write()));
        }
        move || drop((waiting, leaving))
    });
}
