//! Tabs of the app showing the same document stay in step: a tab that
//! stores edits tells the others (a `BroadcastChannel`), and each reads the
//! games written from the store and shows them, unless it has changes of its
//! own to a game that it has not stored yet (its save will find the other
//! tab's version and keep both). A game two tabs changed at once is kept in
//! both versions: the tab that stored later is told, and shows its own
//! version as a new game.

use js_sys::Array;
use movetext_view::game::library::LibraryHandle;
use movetext_view::game::url_state::Place;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::page::hash_sync::current_place;
use crate::page::session::Session;
use crate::state::documents::{announcement, get, set, EditKey, EditRecord};
use crate::state::page_state::{Notice, PageAction};
use crate::state::persist::{self, StoreError};

/// Tells the other tabs which games of a document were stored.
pub(crate) fn announce_edits(id: &str, keys: &[EditKey]) {
    let message = announcement("edits", id);
    let list: Array = keys.iter().map(EditKey::to_js).collect();
    set(message.unchecked_ref(), "keys", &list);
    persist::announce(&message);
}

/// Shows a game as the store has it; the index of the game it changed.
fn apply_record(session: &Session, handle: &LibraryHandle, record: &EditRecord) -> Option<usize> {
    let jobs = &session.jobs;
    let mut doc = jobs.doc.borrow_mut();
    let mut edits = session.edits.borrow_mut();
    let index = doc.index_of(&record.key);
    let index = match (index, &record.pgn) {
        (Some(i), None) => {
            edits.discard(i);
            Some(i)
        }
        (Some(i), Some(pgn)) => {
            edits.restore(i, movetext_core::read_game(pgn.as_bytes()));
            Some(i)
        }
        (None, Some(pgn)) => {
            let game = movetext_core::read_game(pgn.as_bytes());
            let mut lib = handle.lib.borrow_mut();
            if lib.is_indexed() {
                let j = lib.add_game(game);
                doc.name_added(j, record.key.clone());
                Some(j)
            } else {
                jobs.pending_added.borrow_mut().push((record.key.clone(), game));
                None
            }
        }
        (None, None) => None,
    };
    let version = index.map_or(0, |i| edits.version(i));
    doc.seen(record, index, version);
    if let (Some(i), Some(pgn)) = (index, &record.pgn) {
        jobs.stored.borrow().borrow_mut().insert(i, (version, JsValue::from_str(pgn)));
    }
    index
}

/// Shows again the game shown, if it is one of `changed`.
fn show_changes(session: &Session, handle: &LibraryHandle, changed: &[usize], notice: Option<String>) {
    session.library.set(handle.bumped());
    let shown = session.jobs.shown.get();
    if changed.contains(&shown) {
        let place = Place { game: shown, ..current_place() };
        session.opener.open(&handle.lib.borrow(), &session.edits.borrow(), &place);
        if let Some(text) = notice {
            session.act(PageAction::Notice(Some(Notice { error: false, text })));
        }
    }
    session.act(PageAction::Edited);
}

/// After a save found games another tab had written meanwhile: shows the
/// other tab's version of each, and this tab's as a new game (`ours`: the
/// new game's key and text), which opens.
pub(crate) async fn take_back(
    session: &Session,
    handle: &LibraryHandle,
    id: &str,
    conflicts: &[(EditKey, EditKey, u64)],
    ours: Vec<(EditKey, JsValue)>,
) -> Result<(), StoreError> {
    let keys: Vec<EditKey> = conflicts.iter().map(|c| c.0.clone()).collect();
    let records = persist::edits_at(id, &keys).await?;
    if session.jobs.doc.borrow().id != id {
        return Ok(());
    }
    let mut changed: Vec<usize> = records.iter().filter_map(|r| apply_record(session, handle, r)).collect();
    let lang = session.lang();
    let mut words = Vec::new();
    for (key, text) in ours {
        let Some(pgn) = text.as_string() else { continue };
        let record = EditRecord { key, pgn: Some(pgn), rev: 1, order: 0.0 };
        let Some(j) = apply_record(session, handle, &record) else { continue };
        changed.push(j);
        let was = conflicts.iter().find(|c| c.1 == record.key).and_then(|c| session.jobs.doc.borrow().index_of(&c.0));
        words.push(
            lang.say("edit-conflict", &[("game", &(was.unwrap_or(0) + 1).to_string()), ("copy", &(j + 1).to_string())]),
        );
    }
    session.library.set(handle.bumped());
    if let Some(&j) = changed.last() {
        session.opener.open(&handle.lib.borrow(), &session.edits.borrow(), &Place { game: j, ply: None });
    }
    session.act(PageAction::Notice(Some(Notice { error: false, text: words.join(" ") })));
    session.act(PageAction::Edited);
    Ok(())
}

/// Reads the games another tab stored, and shows those this tab has no
/// changes of its own to.
async fn take_in(session: Session, id: String, keys: Vec<EditKey>) {
    let Ok(records) = persist::edits_at(&id, &keys).await else { return };
    let handle = session.jobs.latest.borrow().clone();
    if session.jobs.doc.borrow().id != id {
        return;
    }
    let mut changed = Vec::new();
    for record in &records {
        let (newer, index) = {
            let doc = session.jobs.doc.borrow();
            (record.rev > doc.rev(&record.key), doc.index_of(&record.key))
        };
        let mine = index.is_some_and(|i| {
            let version = session.edits.borrow().version(i);
            session.jobs.doc.borrow().unwritten(i, version)
        });
        if newer && !mine {
            changed.extend(apply_record(&session, &handle, record));
        }
    }
    if !changed.is_empty() {
        show_changes(&session, &handle, &changed, Some(session.lang().text("changed-elsewhere").to_owned()));
    }
}

/// Listens to the other tabs.
#[hook]
pub(crate) fn use_tab_sync(session: &Session) {
    let session = session.clone();
    use_effect_with((), move |_| {
        let handler = Closure::<dyn Fn(JsValue)>::new(move |message: JsValue| {
            let kind = get(&message, "type").as_string().unwrap_or_default();
            let Some(id) = get(&message, "doc").as_string() else { return };
            if session.jobs.doc.borrow().id != id {
                return;
            }
            match kind.as_str() {
                "edits" => {
                    let keys =
                        Array::from(&get(&message, "keys")).iter().filter_map(|k| EditKey::from_js(&k)).collect();
                    wasm_bindgen_futures::spawn_local(take_in(session.clone(), id, keys));
                }
                "deleted" => {
                    // Stored anew, with its edits, at its next edit.
                    session.jobs.doc.borrow_mut().forget_written();
                    session.jobs.stored.borrow().borrow_mut().clear();
                    session.act(PageAction::Notice(Some(Notice {
                        error: false,
                        text: session.lang().text("deleted-elsewhere").to_owned(),
                    })));
                }
                _ => {}
            }
        });
        persist::listen(handler.as_ref().unchecked_ref());
        handler.forget();
    });
}
