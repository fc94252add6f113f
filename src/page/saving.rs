//! Keeping the open document in the browser: its bytes are stored once
//! (when opened, or for the sample at its first edit); after each edit, a
//! copy of each game that changed since the last save is taken in the
//! edit's own task, written as text in the next tasks, a slice at a time,
//! and stored with the document's description in one transaction, one save
//! after another. A game another tab wrote meanwhile is not overwritten:
//! this tab's version becomes a new game, and the user is told. A save that
//! fails is said over the page.

use std::cell::RefCell;
use std::rc::Rc;

use movetext_core::export::ExportOptions;
use movetext_core::Game;
use movetext_view::game::fingerprint::Fingerprint;
use movetext_view::game::library::LibraryHandle;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::page::session::{Jobs, Session};
use crate::page::tab_sync::{announce_edits, take_back};
use crate::state::documents::{announcement, DocMeta, Write};
use crate::state::export_slices::text_in_slices;
use crate::state::page_state::PageAction;
use crate::state::persist::{self, Fields, StoreError};

/// The `sessionStorage` key of the document this tab shows (a reload
/// opens it again, whatever other tabs opened since).
pub(crate) const TAB_DOC: &str = "movetext-doc";

/// Remembers the document this tab shows, for a reload.
pub(crate) fn remember_tab_doc(id: &str) {
    if let Some(s) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
        let _ = s.set_item(TAB_DOC, id);
    }
}

/// Saves run one after another: the flag of the last one, and a new flag
/// for this one (set when it ends).
fn take_turn(jobs: &Jobs) -> (Rc<RefCell<bool>>, Rc<RefCell<bool>>) {
    let turn = jobs.saving.borrow().clone();
    let done = Rc::new(RefCell::new(false));
    *jobs.saving.borrow_mut() = done.clone();
    (turn, done)
}

async fn wait_for(turn: &Rc<RefCell<bool>>) {
    while !*turn.borrow() {
        gloo_timers::future::TimeoutFuture::new(20).await;
    }
}

/// A failed save in words: the browser's storage full, or another reason.
pub(crate) fn failure(lang: Lang, name: &str, e: &StoreError) -> String {
    if e.quota {
        lang.say("save-quota", &[("file", name), ("reason", &e.reason)])
    } else {
        lang.say("save-failed", &[("reason", &e.reason)])
    }
}

/// Stores the open document's bytes and description, after the saves
/// before it, unless they are stored or being stored. A document is stored
/// even if another file is opened meanwhile.
pub(crate) fn store_open_document(session: &Session, handle: &LibraryHandle) {
    let jobs = &session.jobs;
    let meta = {
        let mut doc = jobs.doc.borrow_mut();
        if doc.stored || doc.storing {
            return;
        }
        doc.storing = true;
        let lib = handle.lib.borrow();
        if doc.hash.is_empty() {
            doc.hash = Fingerprint::of(lib.bytes());
        }
        DocMeta {
            id: doc.id.clone(),
            name: lib.name.clone(),
            source: doc.source.clone(),
            parts: lib.parts(),
            hash: doc.hash.clone(),
            open: jobs.shown.get(),
            ..DocMeta::default()
        }
    };
    let (turn, done) = take_turn(jobs);
    let (session, handle) = (session.clone(), handle.clone());
    wasm_bindgen_futures::spawn_local(async move {
        wait_for(&turn).await;
        let result = store_now(&session, &handle, meta.clone()).await;
        *done.borrow_mut() = true;
        if let Err(e) = result {
            session.act(PageAction::Error(failure(session.lang(), &meta.name, &e)));
        }
    });
}

async fn store_now(session: &Session, handle: &LibraryHandle, meta: DocMeta) -> Result<(), StoreError> {
    let jobs = &session.jobs;
    let bytes = handle.lib.borrow().shared_bytes();
    let meta = DocMeta { games: handle.lib.borrow().len(), last_opened: js_sys::Date::now(), ..meta };
    let result = persist::store_document(&meta, &bytes).await;
    let mut doc = jobs.doc.borrow_mut();
    if doc.id == meta.id {
        doc.storing = false;
        doc.stored = result.is_ok();
        if result.is_ok() {
            remember_tab_doc(&meta.id);
        }
    }
    if result.is_ok() {
        persist::announce(&announcement("docs", &meta.id));
    }
    result
}

/// The callback that stores the edits of the open document.
#[hook]
pub(crate) fn use_saver(session: &Session) -> Callback<()> {
    let session = session.clone();
    Callback::from(move |()| save(&session))
}

/// The games of the open file that differ from it (index and version), and
/// a copy of each that changed since its text was last written.
type Wanted = (usize, Vec<(usize, u64)>, Vec<(usize, u64, Rc<Game>)>);

fn wanted(session: &Session, handle: &LibraryHandle) -> Wanted {
    let lib = handle.lib.borrow();
    let e = session.edits.borrow();
    let files = lib.file_games();
    let stored = session.jobs.stored.borrow();
    let stored = stored.borrow();
    let wanted: Vec<(usize, u64)> =
        e.edited().into_iter().filter(|&i| i < files).chain(files..lib.len()).map(|i| (i, e.version(i))).collect();
    let changed = wanted
        .iter()
        .filter(|&&(i, v)| stored.get(&i).is_none_or(|s| s.0 != v))
        .filter_map(|&(i, v)| Some((i, v, e.game(&lib, i)?)))
        .collect();
    (files, wanted, changed)
}

fn save(session: &Session) {
    let handle = (*session.library).clone();
    store_open_document(session, &handle);
    let jobs = &session.jobs;
    let (turn, done) = take_turn(jobs);
    let (files, wanted, changed) = wanted(session, &handle);
    let id = jobs.doc.borrow().id.clone();
    let stored = jobs.stored.borrow().clone();
    let session = session.clone();
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
        wait_for(&turn).await;
        // Stored in a task of its own (the browser copies every text).
        gloo_timers::future::TimeoutFuture::new(0).await;
        let result = write_edits(&session, &handle, &id, files, &wanted).await;
        *done.borrow_mut() = true;
        if let Err(e) = result {
            let name = handle.lib.borrow().name.clone();
            session.act(PageAction::Error(failure(session.lang(), &name, &e)));
        }
    });
}

async fn write_edits(
    session: &Session,
    handle: &LibraryHandle,
    id: &str,
    files: usize,
    wanted: &[(usize, u64)],
) -> Result<(), StoreError> {
    let jobs = &session.jobs;
    let (due, writes) = {
        let mut doc = jobs.doc.borrow_mut();
        // Another file is open, or this one could not be stored (said already).
        if doc.id != id || !doc.stored {
            return Ok(());
        }
        let due = doc.due(wanted, files);
        let stored = jobs.stored.borrow();
        let stored = stored.borrow();
        let now = js_sys::Date::now();
        let writes: Vec<Write> = due
            .iter()
            .map(|(i, key, v)| Write {
                key: key.clone(),
                pgn: v.map(|_| stored.get(i).map_or(JsValue::from_str(""), |s| s.1.clone())),
                base: doc.rev(key),
                order: now + *i as f64 / 1e6,
            })
            .collect();
        (due, writes)
    };
    if writes.is_empty() {
        return Ok(());
    }
    let fields = Fields { games: handle.lib.borrow().len(), edited: !wanted.is_empty(), open: jobs.shown.get() };
    let saved = persist::save_edits(id, &fields, &writes).await?;
    {
        let mut doc = jobs.doc.borrow_mut();
        if doc.id == id {
            for (key, rev) in &saved.revs {
                if let Some((i, _, v)) = due.iter().find(|d| &d.1 == key) {
                    doc.wrote(*i, key.clone(), *v, *rev);
                }
            }
        }
    }
    persist::ask_to_persist();
    let mut keys: Vec<_> = saved.revs.iter().map(|r| r.0.clone()).collect();
    keys.extend(saved.conflicts.iter().map(|c| c.1.clone()));
    announce_edits(id, &keys);
    if !saved.conflicts.is_empty() {
        let ours: Vec<(crate::state::documents::EditKey, JsValue)> = saved
            .conflicts
            .iter()
            .filter_map(|c| Some((c.1.clone(), writes.iter().find(|w| w.key == c.0)?.pgn.clone()?)))
            .collect();
        take_back(session, handle, id, &saved.conflicts, ours).await?;
    }
    Ok(())
}
