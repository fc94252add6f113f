//! Movetext: a PGN viewer in the browser. This is the Yew app; games are
//! read by `movetext_core` (see [`loader`]).
#![forbid(unsafe_code)]

mod app;
mod board;
mod board_description;
mod clock_format;
mod comment_commands;
mod comment_dialog;
mod controls;
mod diagnostics_panel;
mod dialog_focus;
mod edit_menu;
mod editing;
mod eval_bar;
mod export_panel;
mod file_input;
mod game_header;
mod game_list;
mod library;
mod loader;
mod model;
mod move_list;
mod nag_glyphs;
mod notation;
mod panic_report;
mod persist;
mod pieces;
mod player_bar;
mod position_setup;
mod tag_editor;
mod theme;
mod url_state;

fn main() {
    panic_report::install();
    theme::apply(theme::current());
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
        .expect("the page has an #app element");
    yew::Renderer::<app::App>::with_root(root).render();
}
