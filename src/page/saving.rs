//! Keeping edits in the browser: after each edit, every edited or added game
//! is written in the edit's own task, then stored with the open file (once),
//! one save after another; a save that fails is said over the page.

use std::cell::RefCell;
use std::rc::Rc;

use movetext_core::export::ExportOptions;
use yew::prelude::*;

use crate::page::session::Session;
use crate::state::page_state::PageAction;
use crate::state::persist;

/// The callback that stores the edits of the open file.
#[hook]
pub(crate) fn use_saver(session: &Session) -> Callback<()> {
    let session = session.clone();
    Callback::from(move |()| {
        let jobs = &session.jobs;
        let handle = (*session.library).clone();
        let index = session.viewer.game_index;
        let file = if *jobs.file_saved.borrow() {
            None
        } else {
            *jobs.file_saved.borrow_mut() = true;
            let lib = handle.lib.borrow();
            Some(persist::FileRecord { name: lib.name.clone(), bytes: lib.shared_bytes(), parts: lib.parts() })
        };
        // Saves run one after another: an edit made while the file is
        // still being stored waits for it.
        let turn = jobs.saving.borrow().clone();
        let done = Rc::new(RefCell::new(false));
        *jobs.saving.borrow_mut() = done.clone();
        // The games as they are now, written before the edit is drawn.
        let (games, added) = {
            let lib = handle.lib.borrow();
            let e = session.edits.borrow();
            let files = lib.file_games();
            let plain = ExportOptions::default();
            let games: Vec<(usize, String)> =
                e.edited().into_iter().filter(|&i| i < files).map(|i| (i, e.game_text(&lib, i, &plain))).collect();
            let added: Vec<String> = (files..lib.len()).map(|i| e.game_text(&lib, i, &plain)).collect();
            (games, added)
        };
        let page = session.page.dispatcher();
        wasm_bindgen_futures::spawn_local(async move {
            while !*turn.borrow() {
                gloo_timers::future::TimeoutFuture::new(20).await;
            }
            let mut result = Ok(());
            if let Some(record) = file {
                result = persist::save_file(record).await;
            }
            if result.is_ok() {
                result = persist::save_edits(&games, &added, index).await;
            }
            *done.borrow_mut() = true;
            if let Err(e) = result {
                page.dispatch(PageAction::Error(format!(
                    "Your edits could not be kept in this browser ({e}). Export them before you leave this page."
                )));
            }
        });
    })
}
