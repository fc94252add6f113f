//! What the page knows and the work behind it, without drawing: the open
//! file and its index, the shown game and node, edits, saving, the address.

pub(crate) mod blob_reading;
pub(crate) mod comment_commands;
pub(crate) mod editing;
pub(crate) mod game_order;
pub(crate) mod keys;
pub(crate) mod library;
pub(crate) mod loader;
pub(crate) mod model;
pub(crate) mod notation;
pub(crate) mod opener;
pub(crate) mod page_state;
pub(crate) mod persist;
pub(crate) mod slice_clock;
pub(crate) mod url_state;
pub(crate) mod viewer;
