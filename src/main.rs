//! Movetext: a PGN viewer and editor in the browser. This binary starts
//! the app; everything else is in the library.
#![forbid(unsafe_code)]

use movetext_app::{app, panic_report, theme};

fn main() {
    panic_report::install();
    theme::apply(theme::current());
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
        .expect("the page has an #app element");
    yew::Renderer::<app::App>::with_root(root).render();
}
