//! Movetext in the browser: the Yew components of the viewer and editor
//! app and of the embeddable widget. Games are read by `movetext_core`
//! (see [`loader`]).
#![forbid(unsafe_code)]

pub mod app;
pub mod app_dialogs;
pub mod board;
pub mod board_description;
pub mod clock_format;
pub mod comment_commands;
pub mod comment_dialog;
pub mod controls;
pub mod diagnostics_panel;
pub mod dialog_focus;
pub mod edit_menu;
pub mod editing;
pub mod eval_bar;
pub mod export_panel;
pub mod file_input;
pub mod game_header;
pub mod game_list;
pub mod game_order;
pub mod library;
pub mod loader;
pub mod model;
pub mod move_list;
pub mod move_list_layout;
pub mod nag_glyphs;
pub mod notation;
pub mod opener;
pub mod page_listeners;
pub mod panic_report;
pub mod persist;
pub mod pieces;
pub mod player_bar;
pub mod position_setup;
pub mod tag_editor;
pub mod slice_clock;
pub mod theme;
pub mod url_state;
pub mod viewer;
pub mod widget;
