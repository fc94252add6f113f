//! The notice that Movetext was updated: `static/offline.js` marks the page
//! (`data-updated` on its root element, and a `movetext-updated` event on
//! the window) when the service worker that served it is of another version
//! than the one that served the visit before.

use gloo_events::EventListener;
use yew::prelude::*;

use crate::page::session::Session;
use crate::state::page_state::{Notice, PageAction};

/// Shows "Movetext was updated" once the page is marked as a new version's,
/// whether the mark came before the app started or after.
#[hook]
pub(crate) fn use_update_notice(session: &Session) {
    let session = session.clone();
    use_effect_with((), move |_| {
        let show = move || {
            let text = session.lang().text("app-updated").to_string();
            session.act(PageAction::Notice(Some(Notice { error: false, text })));
        };
        let window = web_sys::window().expect("a window");
        let marked = window
            .document()
            .and_then(|d| d.document_element())
            .is_some_and(|root| root.get_attribute("data-updated").is_some());
        if marked {
            show();
        }
        let listener = EventListener::new(&window, "movetext-updated", move |_| show());
        move || drop(listener)
    });
}
