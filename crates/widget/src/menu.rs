//! The widget's menu: copy the game's PGN or the shown position's FEN,
//! download the game, flip the board, and open the game at the shown move
//! in the full app. Its button opens it with the focus on the first item;
//! the arrow keys, Home and End move through the items; Escape closes it
//! and gives the focus back to the button.

use js_sys::{Array, Uint8Array};
use movetext_view::game::viewer::{Action, Nav};
use wasm_bindgen::JsCast;
use web_sys::{Event, KeyboardEvent};

use crate::dom::{self, find, find_all, set_attr};
use crate::run::{change, Shared};
use crate::shell;
use movetext_view::game::library::file_safe;

/// Opens or closes the menu.
pub fn set_open(shared: &Shared, open: bool) {
    let (frame, markup) = {
        let mut w = shared.borrow_mut();
        w.state.menu_open = open;
        let markup = if open {
            shell::menu_list(w.state.lang(), w.state.open_url().as_deref(), w.state.opts.train)
        } else {
            String::new()
        };
        (w.screen.frame().cloned(), markup)
    };
    let Some(frame) = frame else { return };
    if let Some(slot) = find(&frame, "[data-slot=\"menu\"]") {
        slot.set_inner_html(&markup);
    }
    let Some(button) = find(&frame, ".mt-menu-button") else { return };
    set_attr(&button, "aria-expanded", Some(if open { "true" } else { "false" }));
    if open {
        if let Some(first) = find(&frame, "[role=menuitem]") {
            dom::focus(&first);
        }
    } else {
        dom::focus(&button);
    }
}

/// Carries out a menu item, says it is done, and closes the menu.
pub fn act(shared: &Shared, action: &str, _e: &Event) {
    let lang = shared.borrow().state.lang();
    let done = match action {
        "copy-pgn" => {
            copy_text(&shared.borrow().state.pgn());
            lang.text("done-pgn-copied")
        }
        "copy-fen" => {
            let fen = shared.borrow_mut().state.fen();
            copy_text(&fen);
            lang.text("done-fen-copied")
        }
        "download" => {
            let (title, pgn) = {
                let w = shared.borrow();
                (w.state.title(), w.state.pgn())
            };
            download(&file_safe(&format!("{title}.pgn")), pgn.as_bytes());
            lang.text("done-downloaded")
        }
        "flip" => {
            change(shared, |w| w.viewer.apply(Action::Nav(Nav::Flip)));
            lang.text("done-flipped")
        }
        // The link opens the app by itself.
        _ => "",
    };
    let frame = shared.borrow().screen.frame().cloned();
    if let Some(status) = frame.as_ref().and_then(|f| find(f, ".mt-menu-status")) {
        status.set_text_content(Some(done));
    }
    set_open(shared, false);
}

/// A key in the open menu.
pub fn key(shared: &Shared, e: &KeyboardEvent) {
    let Some(frame) = shared.borrow().screen.frame().cloned() else { return };
    let items = find_all(&frame, "[role=menuitem]");
    let at = dom::focused_in(&frame).and_then(|f| items.iter().position(|i| *i == f));
    let to = match e.key().as_str() {
        "ArrowDown" => at.map_or(0, |i| (i + 1) % items.len().max(1)),
        "ArrowUp" => at.map_or(0, |i| (i + items.len().max(1) - 1) % items.len().max(1)),
        "Home" => 0,
        "End" => items.len().saturating_sub(1),
        "Escape" | "Tab" => {
            if e.key() == "Escape" {
                e.prevent_default();
            }
            e.stop_propagation();
            set_open(shared, false);
            return;
        }
        _ => return,
    };
    e.prevent_default();
    e.stop_propagation();
    if let Some(item) = items.get(to) {
        dom::focus(item);
    }
}

/// Puts text on the clipboard.
fn copy_text(text: &str) {
    let _ = dom::window().navigator().clipboard().write_text(text);
}

/// Offers bytes as a file download.
fn download(name: &str, bytes: &[u8]) {
    let parts = Array::of1(&Uint8Array::from(bytes).into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/x-chess-pgn");
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options) else { return };
    let Some(document) = dom::window().document() else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    if let Some(a) = document.create_element("a").ok().and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok()) {
        a.set_href(&url);
        a.set_download(name);
        let _ = a.set_attribute("hidden", "");
        if let Some(body) = document.body() {
            let _ = body.append_child(&a);
            a.click();
            let _ = body.remove_child(&a);
        }
    }
    // The browser reads the blob after the click: let it go a minute later.
    dom::after(60_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
}
