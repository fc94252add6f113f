//! The notation the reader chose, remembered in local storage.

use movetext_view::text::notation::Notation;

const STORAGE_KEY: &str = "movetext-notation";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The remembered choice (SAN when there is none).
pub(crate) fn remembered() -> Notation {
    storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()).map_or(Notation::San, |c| Notation::from_code(&c))
}

/// Remembers `choice`.
pub(crate) fn remember(choice: Notation) {
    if let Some(s) = storage() {
        let _ = s.set_item(STORAGE_KEY, choice.code());
    }
}
