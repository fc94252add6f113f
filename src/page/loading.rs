//! Opening files in the app: a file is indexed a slice at a time (the first
//! slice decides whether it holds games at all; if not, the open file
//! stays), then its game opens at the place asked for; saved edits come
//! back with their file; at start, the saved session or the file `?url=`
//! names opens.

use std::rc::Rc;

use yew::prelude::*;

use crate::page::file_input::{fetch_same_origin, hash_pgn, url_parameter, Loaded};
use crate::page::session::Session;
use crate::state::library::{Library, LibraryHandle};
use crate::state::page_state::PageAction;
use crate::state::persist;
use crate::state::slice_clock::{now, SLICE_MS};
use crate::state::url_state::Place;

/// Saved edits to put back once a file is open again.
#[derive(Clone, Debug, Default)]
pub(crate) struct Restore {
    games: Vec<(usize, String)>,
    added: Vec<String>,
}

/// A file to open: its bytes, where to go in it, and edits to put back.
pub(crate) type LoadRequest = (Loaded, Place, Option<Restore>);

/// Indexes a library in slices, yielding to the page between them. The page
/// shows the progress a few times a second, each time in a task of its own:
/// a slice and the page's drawing together made tasks twice as long.
fn index_in_background(
    handle: LibraryHandle,
    generation: Rc<std::cell::RefCell<u64>>,
    set: UseStateSetter<LibraryHandle>,
) {
    let mine = *generation.borrow();
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
                    return;
                }
                continue;
            }
            let start = now();
            done = handle.lib.borrow_mut().index_more(&mut || now() - start > SLICE_MS);
        }
    });
}

/// The callback that opens a loaded file.
#[hook]
pub(crate) fn use_loader(session: &Session) -> Callback<LoadRequest> {
    let session = session.clone();
    Callback::from(move |(loaded, place, restore): LoadRequest| {
        let jobs = &session.jobs;
        if restore.is_none() && session.edits.borrow().unexported {
            let name = jobs.latest.borrow().lib.borrow().name.clone();
            let ok = web_sys::window()
                .and_then(|w| w.confirm_with_message(&session.lang().say("confirm-open", &[("file", &name)])).ok())
                .unwrap_or(true);
            if !ok {
                return;
            }
        }
        let session = session.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let jobs = &session.jobs;
            // Let the page breathe between reading the file and indexing it.
            gloo_timers::future::TimeoutFuture::new(0).await;
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
            *jobs.generation.borrow_mut() += 1;
            let handle = LibraryHandle::new(lib);
            session.edits.borrow_mut().clear();
            *jobs.file_saved.borrow_mut() = false;
            *jobs.stored.borrow_mut() = Rc::default();
            jobs.pending_added.borrow_mut().clear();
            let restored = restore.is_some();
            if let Some(r) = restore {
                let mut e = session.edits.borrow_mut();
                for (i, pgn) in r.games {
                    e.restore(i, movetext_core::read_game(pgn.as_bytes()));
                }
                *jobs.pending_added.borrow_mut() =
                    r.added.iter().map(|pgn| movetext_core::read_game(pgn.as_bytes())).collect();
                *jobs.file_saved.borrow_mut() = true;
                e.unexported = true;
            }
            *jobs.pending.borrow_mut() = Some(place);
            *jobs.starting.borrow_mut() = None;
            session.library.set(handle.clone());
            session.act(PageAction::FileOpened { restored });
            if !done {
                index_in_background(handle, jobs.generation.clone(), session.library.setter());
            }
        });
    })
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
            for g in added {
                handle.lib.borrow_mut().add_game(g);
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

/// The callback that brings back the edits saved in this browser with
/// their file (unless another file was opened meanwhile): called with the
/// place to open, whether the address named it (else the game that was
/// open), and whether this is the page's start.
#[hook]
pub(crate) fn use_restore_saved(session: &Session, load: &Callback<LoadRequest>) -> Callback<(Place, bool, bool)> {
    let session = session.clone();
    let load = load.clone();
    Callback::from(move |(place, named, at_start): (Place, bool, bool)| {
        session.act(PageAction::HeldBack(false));
        let (session, load) = (session.clone(), load.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let jobs = &session.jobs;
            let saved = persist::load().await;
            if at_start && *jobs.generation.borrow() != 0 {
                return;
            }
            match saved {
                Ok(Some(saved)) => {
                    let place = if named { place } else { Place { game: saved.open, ply: None } };
                    let loaded = Loaded { name: saved.name, bytes: saved.bytes, parts: saved.parts };
                    load.emit((loaded, place, Some(Restore { games: saved.games, added: saved.added })));
                }
                Ok(None) => *jobs.starting.borrow_mut() = None,
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

/// At start: the file `?url=` names, or the game the hash carries
/// (`pgn=`), or else the saved session (unless the
/// page stopped on it and the user chose to go on without it).
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
            let place = place_at_start;
            let session = session.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match fetch_same_origin(&url, session.lang()).await {
                    Ok(loaded) => load.emit((loaded, place, None)),
                    Err(e) => {
                        *session.jobs.starting.borrow_mut() = None;
                        session.act(PageAction::Error(e));
                    }
                }
            });
        } else if let Some(text) = hash_pgn() {
            // A game the address carries (opened from a widget).
            load.emit((Loaded::text(session.lang().text("shared-game"), text), place_at_start, None));
        } else if take_skip_restore() {
            // The page stopped on an internal error and the user chose
            // to go on without the file: it stays saved, not opened.
            *jobs.starting.borrow_mut() = None;
            session.act(PageAction::HeldBack(true));
        } else {
            restore_saved.emit((place_at_start, named, true));
        }
    });
}
