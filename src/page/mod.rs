//! The app's page: it puts the state, the components and the dialogs
//! together, and gets files into the page.

pub(crate) mod analysis;
pub(crate) mod app;
pub(crate) mod app_update;
pub(crate) mod database;
pub(crate) mod edit_actions;
pub(crate) mod file_input;
pub(crate) mod guess_cost;
pub(crate) mod hash_sync;
pub(crate) mod import;
pub(crate) mod key_context;
pub(crate) mod language;
pub(crate) mod list_memory;
pub(crate) mod list_order;
pub(crate) mod loading;
pub(crate) mod notices;
pub(crate) mod page_listeners;
pub(crate) mod panic_report;
pub(crate) mod paste;
pub(crate) mod quiet;
pub(crate) mod repertoire;
pub(crate) mod review;
pub(crate) mod saving;
pub(crate) mod script_api;
pub(crate) mod session;
pub(crate) mod tab_sync;
pub(crate) mod top_bar;
