//! The editor's move menu and dialogs: comment, tags, new game, export.

pub(crate) mod app_dialogs;
pub(crate) mod comment_dialog;
pub(crate) mod dialog_focus;
pub(crate) mod dialogs_part;
pub(crate) mod documents_dialog;
pub(crate) mod edit_menu;
pub(crate) mod export_panel;
pub(crate) mod gif_export;
pub(crate) mod gif_panel;
pub(crate) mod image_panel;
pub(crate) mod import_dialog;
pub(crate) mod position_setup;
pub(crate) mod print_panel;
pub(crate) mod tag_editor;
