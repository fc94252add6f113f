//! Keeping edits in the browser: after each edit, a copy of each game that
//! changed since the last save is taken in the edit's own task; in the
//! next tasks those games are written as text, a slice at a time (the
//! others keep the text written before), and then stored with the open file (once), one save after
//! another; a save that fails is said over the page.

use std::cell::RefCell;
use std::rc::Rc;

use movetext_core::export::ExportOptions;
use movetext_core::Game;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::page::session::Session;
use crate::state::export_slices::text_in_slices;
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
        // The games to store as they are now: which (with their version),
        // and a copy of each that changed since its text was last written.
        let (files, wanted, changed) = {
            let lib = handle.lib.borrow();
            let e = session.edits.borrow();
            let files = lib.file_games();
            let stored = jobs.stored.borrow();
            let stored = stored.borrow();
            let wanted: Vec<(usize, u64)> = e
                .edited()
                .into_iter()
                .filter(|&i| i < files)
                .chain(files..lib.len())
                .map(|i| (i, e.version(i)))
                .collect();
            let changed: Vec<(usize, u64, Rc<Game>)> = wanted
                .iter()
                .filter(|&&(i, v)| stored.get(&i).is_none_or(|s| s.0 != v))
                .filter_map(|&(i, v)| Some((i, v, e.game(&lib, i)?)))
                .collect();
            (files, wanted, changed)
        };
        let stored = jobs.stored.borrow().clone();
        let (page, lang) = (session.page.dispatcher(), session.lang());
        wasm_bindgen_futures::spawn_local(async move {
            // The edit is drawn first; the games are written in slices.
            let plain = ExportOptions::default();
            for (i, v, game) in changed {
                let Some(text) = text_in_slices(&game, &plain, &|| true).await else { continue };
                drop(game);
                // Made a string of the page in a task of its own too.
                gloo_timers::future::TimeoutFuture::new(0).await;
                let text = JsValue::from(text);
                // A later save may have written a newer version already.
                let mut stored = stored.borrow_mut();
                if stored.get(&i).is_none_or(|s| s.0 < v) {
                    stored.insert(i, (v, text));
                }
            }
            while !*turn.borrow() {
                gloo_timers::future::TimeoutFuture::new(20).await;
            }
            // Stored in a task of its own (the browser copies every text).
            gloo_timers::future::TimeoutFuture::new(0).await;
            let (games, added) = {
                let stored = stored.borrow();
                let text = |i: usize| stored.get(&i).map_or(JsValue::from_str(""), |s| s.1.clone());
                let games: Vec<(usize, JsValue)> =
                    wanted.iter().filter(|&&(i, _)| i < files).map(|&(i, _)| (i, text(i))).collect();
                let added: Vec<JsValue> = wanted.iter().filter(|&&(i, _)| i >= files).map(|&(i, _)| text(i)).collect();
                (games, added)
            };
            let mut result = Ok(());
            if let Some(record) = file {
                result = persist::save_file(record).await;
            }
            if result.is_ok() {
                result = persist::save_edits(&games, &added, index).await;
            }
            *done.borrow_mut() = true;
            if let Err(e) = result {
                page.dispatch(PageAction::Error(lang.say("save-failed", &[("reason", &e.to_string())])));
            }
        });
    })
}
