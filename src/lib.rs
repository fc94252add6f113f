//! Movetext in the browser: the Yew components of the viewer and editor
//! app (the embeddable widget, drawn without Yew, is `crates/widget`).
//! Games are read by `movetext_core`, and shown as `movetext_view` has them.
//!
//! - `state`: what the page knows (the open file, the shown game and
//!   node, edits, saving, the address) and the work behind it, without
//!   drawing;
//! - `components`: the parts that draw (board, move list, game list,
//!   player bars, controls);
//! - `dialogs`: the move menu and the dialogs of the editor;
//! - `page`: the app's page, which puts them together;
//! - [`i18n`]: the app's words in the reader's language.

pub(crate) mod components;
pub(crate) mod dialogs;
pub mod i18n;
pub(crate) mod page;
pub(crate) mod state;

pub use movetext_view::text::notation::Notation;
use page::panic_report::install as report_panics;

/// Starts the app in the page's `#app` element, with panics reported and
/// the chosen theme applied.
pub fn start_app() {
    report_panics();
    components::theme::apply(components::theme::current());
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
        .expect("the page has an #app element");
    let lang = page::language::chosen();
    if page::language::has_words(lang) {
        yew::Renderer::<page::app::App>::with_root(root).render();
    } else {
        // Another language than English: its words first, then the page.
        wasm_bindgen_futures::spawn_local(async move {
            page::language::fetch_words(lang).await;
            yew::Renderer::<page::app::App>::with_root(root).render();
        });
    }
}
