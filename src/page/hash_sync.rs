//! The page's address follows the shown game and move (`#game=3&ply=14`),
//! so that a reload or a shared link opens the same place.

use yew::prelude::*;

use crate::page::session::Session;
use crate::state::url_state::{format_hash, parse_hash, Place};

/// The place the page's address names.
pub(crate) fn current_place() -> Place {
    web_sys::window().and_then(|w| w.location().hash().ok()).map(|h| parse_hash(&h)).unwrap_or_default()
}

/// Whether the page's address has a hash naming a place.
pub(crate) fn has_hash() -> bool {
    web_sys::window().and_then(|w| w.location().hash().ok()).is_some_and(|h| h.len() > 1)
}

/// Writes the shown game and move into the address (without a new history
/// entry), except while a file is being opened at start or a place waits
/// for its game.
#[hook]
pub(crate) fn use_hash_sync(session: &Session) {
    let jobs = session.jobs.clone();
    let viewer = &session.viewer;
    use_effect_with((viewer.game_index, viewer.current, viewer.game.clone()), move |(index, current, game)| {
        if jobs.pending.borrow().is_none() && jobs.starting.borrow().is_none() {
            let hash = format_hash(*index, game, *current);
            if let Some(w) = web_sys::window() {
                let same = w.location().hash().ok().as_deref() == Some(hash.as_str());
                let start = *index == 0 && *current == 0 && w.location().hash().ok().as_deref() == Some("");
                if !same && !start {
                    let _ = w
                        .history()
                        .and_then(|h| h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash)));
                }
            }
        }
    });
}
