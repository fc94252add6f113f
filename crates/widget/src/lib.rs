//! Movetext's widget as a WebAssembly module: `widget/movetext.js` loads it
//! once per page and mounts one widget per `<movetext-viewer>` element or
//! `Movetext.mount` call; every widget shares this one instance.
#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Reflect;
use movetext_app::widget::{Widget, WidgetOptions, WidgetPort, WidgetProps};
use wasm_bindgen::prelude::*;

/// Bytes of PGN above which a widget is first drawn in a task after the one
/// that read its text.
const LONG_PGN: usize = 64 * 1024;

/// A widget's drawing: not yet begun, drawn, or removed.
enum Drawing {
    Waiting,
    Drawn(yew::AppHandle<Widget>),
    Removed,
}

/// A mounted widget, driven by the page.
#[wasm_bindgen]
pub struct MountedWidget {
    port: WidgetPort,
    app: Rc<RefCell<Drawing>>,
}

/// Each request returns its number; the script's promise for it resolves
/// when the widget reports that number drawn (`on_drawn`). What the page
/// reads (`getFen`, `getPgn`) follows a request at once.
#[wasm_bindgen]
impl MountedWidget {
    /// Goes to a half-move number, `first`, `last`, or a path (`5,1,2`).
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&self, target: &str) -> f64 {
        self.port.go_to(target);
        self.port.requested() as f64
    }

    /// Turns the board around.
    pub fn flip(&self) -> f64 {
        self.port.flip();
        self.port.requested() as f64
    }

    /// Shows another PGN, given as its UTF-8 bytes (a copy of a
    /// `Uint8Array` is far quicker than a string of megabytes character by
    /// character).
    #[wasm_bindgen(js_name = setPgn)]
    pub fn set_pgn(&self, pgn: Vec<u8>) -> f64 {
        self.port.set_pgn(utf8(pgn));
        self.port.requested() as f64
    }

    /// Whether the shown move is the main line's last.
    #[wasm_bindgen(js_name = atEnd)]
    pub fn at_end(&self) -> bool {
        self.port.at_end()
    }

    /// The last request drawn.
    pub fn drawn(&self) -> f64 {
        self.port.drawn() as f64
    }

    /// The FEN of the shown position.
    #[wasm_bindgen(js_name = getFen)]
    pub fn get_fen(&self) -> String {
        self.port.fen()
    }

    /// The game's PGN (as written, or in export format after moves were made).
    #[wasm_bindgen(js_name = getPgn)]
    pub fn get_pgn(&self) -> String {
        self.port.pgn()
    }

    /// Removes the widget.
    pub fn destroy(&mut self) {
        if let Drawing::Drawn(app) = std::mem::replace(&mut *self.app.borrow_mut(), Drawing::Removed) {
            app.destroy();
        }
    }
}

/// Text from the page's UTF-8 bytes (a character that is not becomes U+FFFD).
fn utf8(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn text(options: &JsValue, key: &str) -> Option<String> {
    let v = Reflect::get(options, &key.into()).ok()?;
    if v.is_undefined() || v.is_null() {
        return None;
    }
    if let Some(bytes) = v.dyn_ref::<js_sys::Uint8Array>() {
        return Some(utf8(bytes.to_vec()));
    }
    v.as_string()
        .or_else(|| v.as_f64().map(movetext_view::numbers::decimal_text))
        .or_else(|| v.as_bool().map(|b| b.to_string()))
}

/// Reads the options object the script builds from attributes or from
/// `Movetext.mount` (what each option means and its default:
/// `crates/view/src/widget_config.rs`).
pub fn options_from(options: &JsValue) -> WidgetOptions {
    WidgetOptions::from_settings(|name| text(options, name))
}

/// Gives the widget words of a language (a tag such as `de`) that its
/// build leaves out, from a Fluent file: what the reader says about a
/// game and the meanings of NAGs (`words/<lang>.ftl` beside the module).
#[wasm_bindgen(js_name = addWords)]
pub fn add_words(lang: &str, words: String) {
    movetext_app::i18n::add_words(movetext_app::i18n::Lang::from_tag(lang), words);
}

/// Mounts a widget in `root` (inside the element's shadow root).
#[wasm_bindgen]
pub fn mount(
    root: web_sys::Element,
    options: JsValue,
    on_move: Option<js_sys::Function>,
    on_drawn: Option<js_sys::Function>,
) -> MountedWidget {
    let mut options = options_from(&options);
    // The text is the port's; the options keep no copy of it.
    let pgn = std::mem::take(&mut options.pgn);
    let long = pgn.len() > LONG_PGN;
    let port = WidgetPort::new(options.clone(), pgn);
    let props = WidgetProps { options, port: port.clone(), on_move, on_drawn };
    let app = Rc::new(RefCell::new(Drawing::Waiting));
    let draw = {
        let app = app.clone();
        move || {
            let mut slot = app.borrow_mut();
            if matches!(*slot, Drawing::Waiting) {
                *slot = Drawing::Drawn(yew::Renderer::<Widget>::with_root_and_props(root, props).render());
            }
        }
    };
    if long {
        // The reading of a long text and the first drawing are two tasks.
        wasm_bindgen_futures::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(0).await;
            draw();
        });
    } else {
        draw();
    }
    MountedWidget { port, app }
}

/// Reports panics in the page and on the console.
#[wasm_bindgen(start)]
pub fn start() {
    movetext_app::report_panics();
}
