//! The app's page: it puts the state, the components and the dialogs
//! together, and gets files into the page.

pub(crate) mod app;
pub(crate) mod file_input;
pub(crate) mod page_listeners;
pub(crate) mod panic_report;
