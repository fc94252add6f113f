//! Opening files in the app: every file opened is a document. Its
//! fingerprint says whether it was opened before (then its stored edits
//! come back with it); else it becomes a new document, stored as it opens.
//! A file is indexed a slice at a time (the first slice decides whether it
//! holds games at all; if not, the open file stays), then its game opens at
//! the place asked for. At start, the file `?url=` names (its stored
//! document when it holds edits), the game a shared link carries, or the
//! document this tab showed (after a reload) or else the one used last.
//! The latest file asked for wins: one that a later one overtakes while it
//! is read (a file dropped while the last document comes back) is dropped.

use std::rc::Rc;

use movetext_view::game::fingerprint::Fingerprint;
use movetext_view::game::library::{Library, LibraryHandle};
use movetext_view::game::url_state::Place;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::page::file_input::{fetch_same_origin, hash_pgn, url_parameter, url_parameter_source, Loaded};
use crate::page::list_memory::remembered_list;
use crate::page::saving::{remember_tab_doc, store_open_document, TAB_DOC};
use crate::page::session::Session;
use crate::state::doc_state::DocState;
use crate::state::documents::{DocMeta, EditKey, EditRecord};
use crate::state::page_state::{Notice, PageAction};
use crate::state::persist;
use crate::state::slice_clock::{now, Slices, SLICE_MS};

/// A stored document to open again, with its edits.
#[derive(Clone, Debug)]
pub(crate) struct Reopen {
    /// Its description.
    pub meta: DocMeta,
    /// Its edited games.
    pub records: Vec<EditRecord>,
}

/// A file to open: its bytes, where to go in it, and, for a stored
/// document, its description and edits.
pub(crate) type LoadRequest = (Loaded, Place, Option<Reopen>);

/// Indexes a library in slices, yielding to the page between them. The page
/// shows the progress a few times a second, each time in a task of its own:
/// a slice and the page's drawing together made tasks twice as long.
fn index_in_background(session: Session, handle: LibraryHandle) {
    let generation = session.jobs.generation.clone();
    let mine = *generation.borrow();
    let set = session.library.setter();
    wasm_bindgen_futures::spawn_local(async move {
        let mut handle = handle;
        let mut shown = now();
        let mut done = false;
        loop {
            gloo_timers::future::TimeoutFuture::new(0).await;
            if *generation.borrow() != mine {
                return;
            }
            if done || now() - shown > 150.0 {
                shown = now();
                handle = handle.bumped();
                set.set(handle.clone());
                if done {
                    note_games(&session, handle.lib.borrow().len());
                    return;
                }
                continue;
            }
            let start = now();
            done = handle.lib.borrow_mut().index_more(&mut || now() - start > SLICE_MS);
        }
    });
}

/// Writes how many games the open document has, once known.
fn note_games(session: &Session, games: usize) {
    let doc = session.jobs.doc.borrow();
    if doc.stored {
        let id = doc.id.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let _ = persist::touch(&id, Some(games), None).await;
        });
    }
}

/// The fingerprint of a file, a slice at a time.
pub(crate) async fn fingerprint_in_slices(bytes: &[u8]) -> String {
    let mut f = Fingerprint::new();
    let mut slices = Slices::of(SLICE_MS);
    for piece in bytes.chunks(1 << 20) {
        f.update(piece);
        slices.answer().await;
    }
    f.finish()
}

/// The stored document with these bytes, if the file was opened before.
async fn recognise(hash: &str) -> Option<Reopen> {
    let docs = persist::documents().await.ok()?;
    let meta = docs.into_iter().find(|d| d.hash == hash)?;
    let (meta, records) = persist::document(&meta.id).await.ok()??;
    Some(Reopen { meta, records })
}

/// Puts back a stored document's edits: games of the file at once, games
/// made in the app once the whole file is indexed.
fn restore_records(session: &Session, records: &[EditRecord]) {
    let jobs = &session.jobs;
    let mut doc = jobs.doc.borrow_mut();
    let mut e = session.edits.borrow_mut();
    let mut added: Vec<&EditRecord> = Vec::new();
    for r in records {
        match (&r.key, &r.pgn) {
            (EditKey::Game(i), Some(pgn)) => {
                e.restore(*i, movetext_core::read_game(pgn.as_bytes()));
                doc.seen(r, Some(*i), e.version(*i));
                jobs.stored.borrow().borrow_mut().insert(*i, (e.version(*i), JsValue::from_str(pgn)));
            }
            (EditKey::Added(_), Some(_)) => added.push(r),
            _ => doc.seen(r, None, 0),
        }
    }
    added.sort_by(|a, b| a.order.total_cmp(&b.order));
    for r in added {
        doc.seen(r, None, 0);
        let game = movetext_core::read_game(r.pgn.as_deref().unwrap_or_default().as_bytes());
        jobs.pending_added.borrow_mut().push((r.key.clone(), game));
    }
}

/// The callback that opens a loaded file.
#[hook]
pub(crate) fn use_loader(session: &Session) -> Callback<LoadRequest> {
    let session = session.clone();
    Callback::from(move |(loaded, place, reopen): LoadRequest| {
        let session = session.clone();
        let ticket = session.jobs.loads.get() + 1;
        session.jobs.loads.set(ticket);
        wasm_bindgen_futures::spawn_local(open_loaded(session, loaded, place, reopen, ticket));
    })
}

/// Whether a file was asked to be opened since `asked` (the count of
/// [`crate::page::session::Jobs::loads`] then): the later one wins.
fn overtaken(session: &Session, asked: u64) -> bool {
    session.jobs.loads.get() != asked
}

/// Opens a loaded file, the `ticket`-th asked for. A stored document read
/// back yields to a file asked for after it (it stays stored); a file the
/// user opened never does: each becomes a document.
async fn open_loaded(session: Session, loaded: Loaded, place: Place, reopen: Option<Reopen>, ticket: u64) {
    let jobs = &session.jobs;
    let yields = reopen.is_some();
    // Let the page breathe between reading the file and indexing it.
    gloo_timers::future::TimeoutFuture::new(0).await;
    let known_hash = reopen.as_ref().map(|r| r.meta.hash.clone()).filter(|h| !h.is_empty());
    let hash = match known_hash {
        Some(h) => h,
        None => fingerprint_in_slices(&loaded.bytes).await,
    };
    // A file opened before (the same bytes) is that document again.
    let reopen = match reopen {
        Some(r) => Some(r),
        None if loaded.source != "sample" => recognise(&hash).await,
        None => None,
    };
    if yields && overtaken(&session, ticket) {
        return;
    }
    let name = loaded.name.clone();
    let mut lib = Library::new(loaded.name, loaded.bytes);
    lib.set_parts(loaded.parts);
    let start = now();
    let done = lib.index_more(&mut || now() - start > SLICE_MS);
    if done && lib.is_empty() {
        *jobs.starting.borrow_mut() = None;
        session.act(PageAction::Error(session.lang().say("no-games", &[("file", &name)])));
        return;
    }
    // Showing the file (its list, its first game) is a task of its own.
    gloo_timers::future::TimeoutFuture::new(0).await;
    if yields && overtaken(&session, ticket) {
        return;
    }
    jobs.asked_paste.borrow_mut().take();
    *jobs.generation.borrow_mut() += 1;
    let handle = LibraryHandle::new(lib);
    session.edits.borrow_mut().clear();
    *jobs.stored.borrow_mut() = Rc::default();
    jobs.pending_added.borrow_mut().clear();
    let restored = reopen.as_ref().is_some_and(|r| r.records.iter().any(|x| x.pgn.is_some()));
    match &reopen {
        Some(r) => {
            *jobs.doc.borrow_mut() = DocState::stored(&r.meta.id, &r.meta.source, &hash);
            restore_records(&session, &r.records);
            remember_tab_doc(&r.meta.id);
            let (id, fresh) = (r.meta.id.clone(), r.meta.hash.is_empty().then(|| hash.clone()));
            wasm_bindgen_futures::spawn_local(async move {
                let _ = persist::touch(&id, None, fresh.as_deref()).await;
            });
        }
        None => *jobs.doc.borrow_mut() = DocState::new(&loaded.source, &hash),
    }
    *jobs.pending.borrow_mut() = Some(place);
    *jobs.starting.borrow_mut() = None;
    session.library.set(handle.clone());
    let list = reopen.as_ref().and_then(|r| remembered_list(&r.meta.id));
    session.act(PageAction::FileOpened { restored, list });
    if !loaded.notes.is_empty() {
        session.act(PageAction::Error(loaded.notes.join(" ")));
    } else if let Some(text) = loaded.news {
        session.act(PageAction::Notice(Some(Notice { error: false, text })));
    }
    if reopen.is_none() && loaded.source != "sample" {
        store_open_document(&session, &handle);
    }
    if !done {
        index_in_background(session.clone(), handle);
    }
}

/// Opens the pending place once the library has it, and puts back games
/// made in the app once the whole file is indexed.
#[hook]
pub(crate) fn use_open_pending(session: &Session) {
    let session = session.clone();
    use_effect_with((*session.library).clone(), move |handle| {
        let jobs = &session.jobs;
        if handle.lib.borrow().is_indexed() && !jobs.pending_added.borrow().is_empty() {
            let added: Vec<_> = jobs.pending_added.borrow_mut().drain(..).collect();
            let mut doc = jobs.doc.borrow_mut();
            for (key, g) in added {
                let j = handle.lib.borrow_mut().add_game(g);
                let rev = doc.rev(&key);
                doc.name_added(j, key.clone());
                doc.wrote(j, key, Some(0), rev);
            }
            session.library.set(handle.bumped());
            return;
        }
        let ready = jobs.pending.borrow().clone().filter(|place| {
            let lib = handle.lib.borrow();
            place.game < lib.len() || lib.is_indexed()
        });
        if let Some(place) = ready {
            *jobs.pending.borrow_mut() = None;
            // Opening the game is a task of its own, after the list is
            // shown (unless another file was opened meanwhile).
            let handle = handle.clone();
            let session = session.clone();
            session.opener.expect();
            wasm_bindgen_futures::spawn_local(async move {
                gloo_timers::future::TimeoutFuture::new(0).await;
                if !Rc::ptr_eq(&session.jobs.latest.borrow().lib, &handle.lib) {
                    return;
                }
                session.opener.open(&handle.lib.borrow(), &session.edits.borrow(), &place);
            });
        }
    });
}

/// Reads a stored document and opens it, at `place` (else at the game that
/// was open in it).
/// A file asked to be opened while the document is read overtakes it.
pub(crate) async fn open_stored(session: &Session, load: &Callback<LoadRequest>, id: &str, place: Option<Place>) {
    let jobs = &session.jobs;
    let asked = jobs.loads.get();
    let read = match persist::document(id).await {
        Ok(Some((meta, records))) => persist::read_bytes(&meta).await.map(|bytes| (meta, records, bytes)),
        Ok(None) => Err(session.lang().text("document-gone").to_owned().into()),
        Err(e) => Err(e),
    };
    if overtaken(session, asked) {
        return;
    }
    match read {
        Ok((meta, records, bytes)) => {
            let place = place.unwrap_or(Place { game: meta.open, ply: None });
            let loaded = Loaded {
                name: meta.name.clone(),
                bytes: Rc::new(bytes),
                parts: meta.parts.clone(),
                source: meta.source.clone(),
                notes: Vec::new(),
                news: None,
            };
            load.emit((loaded, place, Some(Reopen { meta, records })));
        }
        Err(e) => {
            *jobs.starting.borrow_mut() = None;
            session.act(PageAction::Error(session.lang().say("restore-failed", &[("reason", &e.to_string())])));
        }
    }
}

/// The callback that opens a stored document by its id.
#[hook]
pub(crate) fn use_open_document(session: &Session, load: &Callback<LoadRequest>) -> Callback<String> {
    let (session, load) = (session.clone(), load.clone());
    Callback::from(move |id: String| {
        let (session, load) = (session.clone(), load.clone());
        wasm_bindgen_futures::spawn_local(async move { open_stored(&session, &load, &id, None).await });
    })
}

/// The document this tab showed before a reload.
fn tab_doc() -> Option<String> {
    web_sys::window()?.session_storage().ok()??.get_item(TAB_DOC).ok()?
}

/// The callback that brings back the document this tab showed (after a
/// reload), or else the one used last (unless another file was opened
/// meanwhile): called with the place to open, whether the address named it
/// (else the game that was open), and whether this is the page's start.
#[hook]
pub(crate) fn use_restore_saved(session: &Session, load: &Callback<LoadRequest>) -> Callback<(Place, bool, bool)> {
    let session = session.clone();
    let load = load.clone();
    Callback::from(move |(place, named, at_start): (Place, bool, bool)| {
        session.act(PageAction::HeldBack(false));
        let (session, load) = (session.clone(), load.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let jobs = &session.jobs;
            let asked = jobs.loads.get();
            let docs = persist::documents().await;
            if overtaken(&session, asked) || (at_start && *jobs.generation.borrow() != 0) {
                return;
            }
            match docs {
                Ok(docs) => {
                    let tab = tab_doc();
                    match docs.iter().find(|d| Some(&d.id) == tab.as_ref()).or(docs.first()) {
                        Some(meta) => open_stored(&session, &load, &meta.id, named.then_some(place)).await,
                        None => *jobs.starting.borrow_mut() = None,
                    }
                }
                Err(e) => {
                    *jobs.starting.borrow_mut() = None;
                    session.act(PageAction::Error(session.lang().say("restore-failed", &[("reason", &e.to_string())])));
                }
            }
        });
    })
}

/// The `sessionStorage` flag `crash.js` sets for "Reload without this
/// file"; reading it removes it.
const SKIP_RESTORE: &str = "movetext-skip-restore";

fn take_skip_restore() -> bool {
    let Some(storage) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) else { return false };
    let asked = storage.get_item(SKIP_RESTORE).ok().flatten().is_some();
    let _ = storage.remove_item(SKIP_RESTORE);
    asked
}

/// Opens the file `?url=` names: its stored document if it holds edits
/// (a reload of the page brings them back), else the file fetched afresh.
async fn open_url(session: Session, load: Callback<LoadRequest>, url: String, place: Place) {
    let source = url_parameter_source(&url);
    if let Ok(docs) = persist::documents().await {
        if let Some(doc) = docs.iter().find(|d| Some(&d.source) == source.as_ref() && d.edited) {
            return open_stored(&session, &load, &doc.id, Some(place)).await;
        }
    }
    let asked = session.jobs.loads.get();
    let fetched = fetch_same_origin(&url, session.lang()).await;
    if overtaken(&session, asked) {
        return;
    }
    match fetched {
        Ok(loaded) => load.emit((loaded, place, None)),
        Err(e) => {
            *session.jobs.starting.borrow_mut() = None;
            session.act(PageAction::Error(e));
        }
    }
}

/// At start: the file `?url=` names, or the game the hash carries
/// (`pgn=`), or else the saved document (unless the page stopped on it and
/// the user chose to go on without it). Parts left by a write that stopped
/// half way are swept.
#[hook]
pub(crate) fn use_open_at_start(
    session: &Session,
    load: &Callback<LoadRequest>,
    restore_saved: &Callback<(Place, bool, bool)>,
) {
    let (session, load, restore_saved) = (session.clone(), load.clone(), restore_saved.clone());
    use_effect_with((), move |_| {
        let jobs = &session.jobs;
        let (place_at_start, named) = jobs.starting.borrow().clone().unwrap_or_default();
        if let Some(url) = url_parameter() {
            wasm_bindgen_futures::spawn_local(open_url(session.clone(), load, url, place_at_start));
        } else if let Some(text) = hash_pgn() {
            // A game the address carries (opened from a widget): a
            // document of its own (the same text again is that document).
            load.emit((Loaded::text(session.lang().text("shared-game"), text, "link"), place_at_start, None));
        } else if take_skip_restore() {
            // The page stopped on an internal error and the user chose
            // to go on without the file: it stays saved, not opened.
            *jobs.starting.borrow_mut() = None;
            session.act(PageAction::HeldBack(true));
        } else {
            restore_saved.emit((place_at_start, named, true));
        }
        wasm_bindgen_futures::spawn_local(async {
            gloo_timers::future::TimeoutFuture::new(3000).await;
            persist::sweep().await;
        });
    });
}
