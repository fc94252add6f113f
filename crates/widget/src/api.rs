//! The widget's script API: what `widget/movetext.js` calls. [`mount`]
//! draws a widget in an element and gives the page its handle
//! ([`MountedWidget`]); [`add_words`] gives every widget words of another
//! language; [`fault`] stops the module on purpose, for the tests.

use std::rc::Rc;

use js_sys::Reflect;
use movetext_view::widget_config::WidgetOptions;
use wasm_bindgen::prelude::*;

use crate::dom;
use crate::events;
use crate::run::{change, fill_later, Shared, Widget};
use crate::state::State;

/// Bytes of PGN above which a widget is first drawn in a task after the one
/// that read its text.
const LONG_PGN: usize = 64 * 1024;

/// A mounted widget, driven by the page.
#[wasm_bindgen]
pub struct MountedWidget {
    widget: Shared,
}

/// Each request returns its number; the script's promise for it resolves
/// when the widget reports that number drawn (`on_drawn`). What the page
/// reads (`getFen`, `getPgn`) follows a request at once.
#[wasm_bindgen]
impl MountedWidget {
    /// Goes to a half-move number, `first`, `last`, or a path (`5,1,2`).
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&self, target: &str) -> f64 {
        change(&self.widget, |w| w.go_to(target));
        self.read(0.0, |w| w.requested() as f64)
    }

    /// Turns the board around.
    pub fn flip(&self) -> f64 {
        change(&self.widget, |w| w.flip());
        self.read(0.0, |w| w.requested() as f64)
    }

    /// Shows another PGN, given as its UTF-8 bytes.
    #[wasm_bindgen(js_name = setPgn)]
    pub fn set_pgn(&self, pgn: Vec<u8>) -> f64 {
        change(&self.widget, |w| w.set_pgn(utf8(pgn)));
        fill_later(&self.widget);
        self.read(0.0, |w| w.requested() as f64)
    }

    /// Whether the shown move is the main line's last.
    #[wasm_bindgen(js_name = atEnd)]
    pub fn at_end(&self) -> bool {
        self.read(false, State::at_end)
    }

    /// The last request drawn.
    pub fn drawn(&self) -> f64 {
        self.read(0.0, |w| w.drawn() as f64)
    }

    /// The FEN of the shown position.
    #[wasm_bindgen(js_name = getFen)]
    pub fn get_fen(&self) -> String {
        self.read(String::new(), State::fen)
    }

    /// The game's PGN (as written, or in export format after moves were made).
    #[wasm_bindgen(js_name = getPgn)]
    pub fn get_pgn(&self) -> String {
        self.read(String::new(), |w| w.pgn())
    }

    /// Draws the widget again (after words were given by `addWords`).
    pub fn refresh(&self) {
        change(&self.widget, |_| {});
    }

    /// Removes the widget.
    pub fn destroy(&mut self) {
        if let Ok(mut w) = self.widget.try_borrow_mut() {
            w.remove();
        }
    }
}

impl MountedWidget {
    /// Reads the widget, or gives `busy` when it is in the middle of a
    /// change (a page's listener of an event the widget's own drawing
    /// caused, as a focus moving, calling back into it).
    fn read<R>(&self, busy: R, f: impl FnOnce(&mut State) -> R) -> R {
        match self.widget.try_borrow_mut() {
            Ok(mut w) => f(&mut w.state),
            Err(_) => busy,
        }
    }
}

/// Text from the page's UTF-8 bytes (a character that is not becomes U+FFFD).
fn utf8(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// An option's text: a string, the text of UTF-8 bytes, a number or a flag.
fn text(options: &JsValue, key: &str) -> Option<String> {
    let v = Reflect::get(options, &key.into()).ok()?;
    if v.is_undefined() || v.is_null() {
        return None;
    }
    if let Some(bytes) = v.dyn_ref::<js_sys::Uint8Array>() {
        return Some(utf8(bytes.to_vec()));
    }
    v.as_string()
        .or_else(|| v.as_f64().map(movetext_view::text::numbers::decimal_text))
        .or_else(|| v.as_bool().map(|b| b.to_string()))
}

/// Gives the widget words of a language (a tag such as `de`) that its
/// build leaves out, from a Fluent file: what the reader says about a
/// game and the meanings of NAGs (`words/<lang>.ftl` beside the module;
/// for English only what the reader says, fetched when a game has problems).
#[wasm_bindgen(js_name = addWords)]
pub fn add_words(lang: &str, words: String) {
    use movetext_view::text::i18n::{add_words, Lang};
    add_words(Lang::from_tag(lang), words);
}

/// Mounts a widget in `root` (inside the element's shadow root).
#[wasm_bindgen]
pub fn mount(
    root: web_sys::Element,
    options: JsValue,
    on_move: Option<js_sys::Function>,
    on_drawn: Option<js_sys::Function>,
) -> MountedWidget {
    let start = dom::now();
    let mut opts = WidgetOptions::from_settings(|name| text(&options, name));
    // The text is the widget's; the options keep no copy of it.
    let pgn = std::mem::take(&mut opts.pgn);
    let long = pgn.len() > LONG_PGN;
    let widget = Widget::new(root, opts, pgn, on_move, on_drawn);
    widget.borrow_mut().state.game_text = text(&options, "game");
    if long {
        // The reading of a long text, the first drawing and the opening of
        // its game are tasks of their own.
        let me = Rc::downgrade(&widget);
        dom::after(0, move || {
            if let Some(w) = me.upgrade() {
                show(&w, None);
            }
        });
    } else {
        show(&widget, Some(start));
    }
    MountedWidget { widget }
}

/// Draws a widget's frame (an empty board) and opens its game: at once
/// when the task began at `start` and the game is built within a slice,
/// else in tasks to come.
fn show(widget: &Shared, start: Option<f64>) {
    if widget.borrow().removed {
        return;
    }
    change(widget, |_| {});
    let listeners = events::listen(widget);
    widget.borrow_mut().listeners = listeners;
    match start {
        Some(start) => {
            change(widget, |w| w.open_first(start));
            fill_later(widget);
        }
        None => {
            let me = Rc::downgrade(widget);
            dom::after(0, move || {
                if let Some(w) = me.upgrade() {
                    change(&w, |w| w.open_first(dom::now()));
                    fill_later(&w);
                }
            });
        }
    }
}

/// Stops the module on purpose, as a fatal internal error would: by a panic
/// (`true`) or by a bare WebAssembly trap (`false`). The widget's build
/// turns a panic into a trap at once (scripts/build-widget.sh), so both end
/// as a `WebAssembly.RuntimeError` in the page's script. The browser tests use it
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
