//! The viewer page: loading files (drop, picker, paste, `?url=`), the game
//! list, the board with player bars and controls, the move list, the
//! diagnostics, keyboard, wheel and autoplay navigation, the URL hash and
//! the screen-reader announcements.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::board_view::BoardView;
use crate::components::diagnostics_panel::DiagnosticsPanel;
use crate::components::game_header::GameHeader;
use crate::components::game_list::GameList;
use crate::components::move_list::MoveList;
use crate::components::theme::ThemeToggle;
use crate::dialogs::app_dialogs::{dialog_view, Dialog, DialogContext};
use crate::dialogs::edit_menu::{CommentSide, EditMenu};
use crate::page::file_input::{fetch_same_origin, read_files, url_parameter, Loaded};
use crate::page::page_listeners::{use_page_listeners, KeyContext, PageListeners};
use crate::state::editing::{EditOp, Edits};
use crate::state::game_order::GameOrder;
use crate::state::library::{Library, LibraryHandle, SortBy};
use crate::state::loader;
use crate::state::model::{NodeIx, SharedGame, ViewGame};
use crate::state::notation::{Notation, CHOICES};
use crate::state::opener::{use_opener, At};
use crate::state::persist;
use crate::state::slice_clock::{now, SLICE_MS};
use crate::state::url_state::{format_hash, parse_hash, start_node, Place};
use crate::state::viewer::{use_viewer_callbacks, Viewer, ViewerCallbacks};
use movetext_core::export::ExportOptions;
use movetext_core::Game;

/// The built-in sample game the viewer opens on.
pub const SAMPLE_PGN: &str = include_str!("../../static/sample.pgn");
/// The name the sample is shown under.
pub const SAMPLE_NAME: &str = "sample.pgn";

/// The hash of the page's address.
pub(crate) fn current_place() -> Place {
    web_sys::window().and_then(|w| w.location().hash().ok()).map(|h| parse_hash(&h)).unwrap_or_default()
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

/// Whether the page's address has a hash naming a place.
fn has_hash() -> bool {
    web_sys::window().and_then(|w| w.location().hash().ok()).is_some_and(|h| h.len() > 1)
}

/// Indexes a library in slices, yielding to the page between them.
fn index_in_background(handle: LibraryHandle, generation: Rc<RefCell<u64>>, set: UseStateSetter<LibraryHandle>) {
    let mine = *generation.borrow();
    wasm_bindgen_futures::spawn_local(async move {
        let mut handle = handle;
        let mut shown = now();
        loop {
            gloo_timers::future::TimeoutFuture::new(0).await;
            if *generation.borrow() != mine {
                return;
            }
            let start = now();
            let done = handle.lib.borrow_mut().index_more(&mut || now() - start > SLICE_MS);
            // The page shows progress a few times a second, not after every slice.
            if done || now() - shown > 150.0 {
                shown = now();
                handle = handle.bumped();
                set.set(handle.clone());
            }
            if done {
                return;
            }
        }
    });
}

/// A message over the page: an error, or news.
#[derive(Clone, Debug, PartialEq)]
struct Notice {
    error: bool,
    text: String,
}

/// Saved edits to put back once a file is open again.
#[derive(Clone, Debug, Default)]
pub(crate) struct Restore {
    games: Vec<(usize, String)>,
    added: Vec<String>,
}

/// A file to open: its bytes, where to go in it, and edits to put back.
pub(crate) type LoadRequest = (Loaded, Place, Option<Restore>);

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    let library = use_state(|| LibraryHandle::new(Library::indexed(SAMPLE_NAME, SAMPLE_PGN.as_bytes().to_vec())));
    let viewer = use_reducer({
        // The sample, at the place the address names (unless `?url=` opens another file).
        let handle = (*library).clone();
        move || {
            let place = if url_parameter().is_none() { current_place() } else { Place::default() };
            let lib = handle.lib.borrow();
            let index = place.game.min(lib.len().saturating_sub(1));
            match lib.game(index) {
                Some(game) => {
                    let view = ViewGame::build(&game);
                    let at = start_node(&view, place.ply.as_deref());
                    Viewer::opened(SharedGame(Rc::new(view)), index, at)
                }
                None => Viewer::new(loader::open_first_game(SAMPLE_PGN.as_bytes())),
            }
        }
    });
    let opener = use_opener(viewer.dispatcher());
    // A place (game and ply) to open once the library has indexed that far.
    let pending = use_mut_ref(|| None::<Place>);
    // The address at start, while the file it may name (saved edits or
    // `?url=`) is being opened: the sample shown meanwhile must not rewrite it.
    let starting = use_mut_ref(|| Some((current_place(), has_hash())));
    let generation = use_mut_ref(|| 0u64);
    let latest = use_mut_ref(|| (*library).clone());
    *latest.borrow_mut() = (*library).clone();
    let notice = use_state(|| None::<Notice>);
    let dragging = use_state(|| false);
    let paste_open = use_state(|| false);
    let filter = use_state(String::new);
    let sort = use_state(|| (SortBy::File, false));
    let file_input = use_node_ref();
    let paste_box = use_node_ref();
    let edits = use_mut_ref(Edits::new);
    let edit_version = use_state(|| 0u64);
    let menu = use_state(|| None::<(NodeIx, (i32, i32))>);
    let dialog = use_state(|| None::<Dialog>);
    let notation = use_state(Notation::load);
    let file_saved = use_mut_ref(|| false);
    // Whether the last save has finished (saves run one after another).
    let saving = use_mut_ref(|| Rc::new(RefCell::new(true)));
    let pending_added = use_mut_ref(Vec::<Game>::new);
    let restored = use_state(|| false);
    // Saved edits not opened at start, after the page stopped on them.
    let held_back = use_state(|| false);
    let key_context = use_mut_ref(|| None::<KeyContext>);
    let order_state = use_state(GameOrder::default);
    let sorting = use_state(|| false);
    let order_generation = use_mut_ref(|| 0u64);

    // Opening a loaded file: it is indexed a slice at a time; the first
    // slice decides whether it holds games at all (if not, the open file
    // stays).
    let load = {
        let library = library.setter();
        let pending = pending.clone();
        let generation = generation.clone();
        let notice = notice.clone();
        let filter = filter.clone();
        let sort = sort.clone();
        let paste_open = paste_open.clone();
        let edits = edits.clone();
        let file_saved = file_saved.clone();
        let pending_added = pending_added.clone();
        let restored = restored.clone();
        let latest_for_load = latest.clone();
        let starting = starting.clone();
        Callback::from(move |(loaded, place, restore): LoadRequest| {
            if restore.is_none() && edits.borrow().unexported {
                let name = latest_for_load.borrow().lib.borrow().name.clone();
                let ok = web_sys::window()
                    .and_then(|w| w.confirm_with_message(&format!("Your edits to {name} have not been exported (they stay saved in this browser until another file is edited). Open the new file anyway?")).ok())
                    .unwrap_or(true);
                if !ok {
                    return;
                }
            }
            let edits = edits.clone();
            let file_saved = file_saved.clone();
            let pending_added = pending_added.clone();
            let restored = restored.clone();
            let library = library.clone();
            let pending = pending.clone();
            let generation = generation.clone();
            let notice = notice.clone();
            let filter = filter.clone();
            let sort = sort.clone();
            let paste_open = paste_open.clone();
            let starting = starting.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // Let the page breathe between reading the file and indexing it.
                gloo_timers::future::TimeoutFuture::new(0).await;
                let name = loaded.name.clone();
                let mut lib = Library::new(loaded.name, loaded.bytes);
                lib.set_parts(loaded.parts);
                let start = now();
                let done = lib.index_more(&mut || now() - start > SLICE_MS);
                if done && lib.is_empty() {
                    *starting.borrow_mut() = None;
                    notice.set(Some(Notice { error: true, text: format!("No games found in {name}.") }));
                    return;
                }
                // Showing the file (its list, its first game) is a task of its own.
                gloo_timers::future::TimeoutFuture::new(0).await;
                *generation.borrow_mut() += 1;
                let handle = LibraryHandle::new(lib);
                edits.borrow_mut().clear();
                *file_saved.borrow_mut() = false;
                pending_added.borrow_mut().clear();
                restored.set(restore.is_some());
                if let Some(r) = restore {
                    let mut e = edits.borrow_mut();
                    for (i, pgn) in r.games {
                        e.restore(i, movetext_core::read_game(pgn.as_bytes()));
                    }
                    *pending_added.borrow_mut() =
                        r.added.iter().map(|pgn| movetext_core::read_game(pgn.as_bytes())).collect();
                    *file_saved.borrow_mut() = true;
                    e.unexported = true;
                }
                *pending.borrow_mut() = Some(place);
                *starting.borrow_mut() = None;
                library.set(handle.clone());
                filter.set(String::new());
                sort.set((SortBy::File, false));
                notice.set(None);
                paste_open.set(false);
                if !done {
                    index_in_background(handle, generation, library);
                }
            });
        })
    };
    let report = {
        let notice = notice.clone();
        Callback::from(move |text: String| notice.set(Some(Notice { error: true, text })))
    };

    // The list's order: file order at once; a filter or a sort a slice at a
    // time, so that 100,000 games never hold the page up.
    {
        let order_state = order_state.clone();
        let sorting = sorting.clone();
        let order_generation = order_generation.clone();
        use_effect_with(((*library).clone(), (*filter).clone(), *sort), move |(handle, filter, sort)| {
            let mine = {
                let mut g = order_generation.borrow_mut();
                *g += 1;
                *g
            };
            let lib = handle.lib.clone();
            if sort.0 == SortBy::File && filter.trim().is_empty() {
                order_state.set(GameOrder::File { len: lib.borrow().len(), reversed: sort.1 });
                sorting.set(false);
            } else {
                sorting.set(true);
                let mut job = lib.borrow().order_job(filter, sort.0, sort.1);
                wasm_bindgen_futures::spawn_local(async move {
                    loop {
                        gloo_timers::future::TimeoutFuture::new(0).await;
                        if *order_generation.borrow() != mine {
                            return;
                        }
                        let start = now();
                        let done = lib.borrow().order_step(&mut job, &mut || now() - start > SLICE_MS);
                        if let Some(games) = done {
                            order_state.set(GameOrder::Listed(Rc::new(games)));
                            sorting.set(false);
                            return;
                        }
                    }
                });
            }
        });
    }

    // Open the pending place once the library has it; put back games made
    // in the app once the whole file is indexed.
    {
        let pending = pending.clone();
        let opener = opener.clone();
        let edits = edits.clone();
        let pending_added = pending_added.clone();
        let set_library = library.setter();
        let latest = latest.clone();
        use_effect_with((*library).clone(), move |handle| {
            if handle.lib.borrow().is_indexed() && !pending_added.borrow().is_empty() {
                let added: Vec<Game> = pending_added.borrow_mut().drain(..).collect();
                for g in added {
                    handle.lib.borrow_mut().add_game(g);
                }
                set_library.set(handle.bumped());
                return;
            }
            let ready = pending.borrow().clone().filter(|place| {
                let lib = handle.lib.borrow();
                place.game < lib.len() || lib.is_indexed()
            });
            if let Some(place) = ready {
                *pending.borrow_mut() = None;
                // Opening the game is a task of its own, after the list is
                // shown (unless another file was opened meanwhile).
                let handle = handle.clone();
                let edits = edits.clone();
                let opener = opener.clone();
                let latest = latest.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    gloo_timers::future::TimeoutFuture::new(0).await;
                    if !Rc::ptr_eq(&latest.borrow().lib, &handle.lib) {
                        return;
                    }
                    opener.open(&handle.lib.borrow(), &edits.borrow(), &place);
                });
            }
        });
    }

    // Edits saved in this browser come back with their file (unless another
    // file was opened meanwhile), at the place the address names, else at
    // the game that was open.
    let restore_saved = {
        let generation = generation.clone();
        let load = load.clone();
        let report = report.clone();
        let starting = starting.clone();
        let held_back = held_back.clone();
        Callback::from(move |(place, named, at_start): (Place, bool, bool)| {
            held_back.set(false);
            let (generation, load, report, starting) =
                (generation.clone(), load.clone(), report.clone(), starting.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let saved = persist::load().await;
                if at_start && *generation.borrow() != 0 {
                    return;
                }
                match saved {
                    Ok(Some(saved)) => {
                        let place = if named { place } else { Place { game: saved.open, ply: None } };
                        let loaded = Loaded { name: saved.name, bytes: saved.bytes, parts: saved.parts };
                        load.emit((loaded, place, Some(Restore { games: saved.games, added: saved.added })));
                    }
                    Ok(None) => *starting.borrow_mut() = None,
                    Err(e) => {
                        *starting.borrow_mut() = None;
                        report.emit(format!("Edits saved in this browser could not be read back: {e}"));
                    }
                }
            });
        })
    };

    // At start: the saved session, or the file `?url=` names.
    {
        let load = load.clone();
        let report = report.clone();
        let starting = starting.clone();
        let restore_saved = restore_saved.clone();
        let held_back = held_back.clone();
        use_effect_with((), move |_| {
            let (place_at_start, named) = starting.borrow().clone().unwrap_or_default();
            if let Some(url) = url_parameter() {
                let place = place_at_start;
                wasm_bindgen_futures::spawn_local(async move {
                    match fetch_same_origin(&url).await {
                        Ok(loaded) => load.emit((loaded, place, None)),
                        Err(e) => {
                            *starting.borrow_mut() = None;
                            report.emit(e);
                        }
                    }
                });
            } else if take_skip_restore() {
                // The page stopped on an internal error and the user chose
                // to go on without the file: it stays saved, not opened.
                *starting.borrow_mut() = None;
                held_back.set(true);
            } else {
                restore_saved.emit((place_at_start, named, true));
            }
        });
    }

    // The URL hash follows the shown game and move.
    {
        let pending = pending.clone();
        let starting = starting.clone();
        let game = viewer.game.clone();
        use_effect_with((viewer.game_index, viewer.current, game), move |(index, current, game)| {
            if pending.borrow().is_none() && starting.borrow().is_none() {
                let hash = format_hash(*index, game, *current);
                if let Some(w) = web_sys::window() {
                    let same = w.location().hash().ok().as_deref() == Some(hash.as_str());
                    let start = *index == 0 && *current == 0 && w.location().hash().ok().as_deref() == Some("");
                    if !same && !start {
                        let _ = w
                            .history()
                            .and_then(|h| h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash)));
                    }
                }
            }
        });
    }

    // Window listeners: keys, hash changes, paste, drag and drop, leaving.
    use_page_listeners(PageListeners {
        dispatcher: viewer.dispatcher(),
        opener: opener.clone(),
        edits: edits.clone(),
        key_context: key_context.clone(),
        latest: latest.clone(),
        load: load.clone(),
        report: report.clone(),
        dragging: dragging.clone(),
    });

    let lib = library.lib.borrow();
    let order = (*order_state).clone();

    let game = viewer.game.clone();
    let current = viewer.current;
    let node = game.node(current);
    // The shown position's FEN, written once a drawing.
    let fen = node.fen();
    let ViewerCallbacks { on_select, .. } = use_viewer_callbacks(viewer.dispatcher());
    let on_game = {
        let opener = opener.clone();
        let edits_for_list = edits.clone();
        let handle = (*library).clone();
        Callback::from(move |index: usize| {
            opener.open(&handle.lib.borrow(), &edits_for_list.borrow(), &Place { game: index, ply: None });
        })
    };
    let on_filter = {
        let filter = filter.clone();
        Callback::from(move |text: String| filter.set(text))
    };
    let on_sort = {
        let sort = sort.clone();
        Callback::from(move |by: SortBy| {
            let (old, descending) = *sort;
            sort.set((by, old == by && !descending));
        })
    };
    let pick = {
        let file_input = file_input.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(input) = file_input.cast::<web_sys::HtmlInputElement>() {
                input.click();
            }
        })
    };
    let picked = {
        let load = load.clone();
        let report = report.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
            if let Some(files) = input.files().filter(|f| f.length() > 0) {
                let load = load.clone();
                let report = report.clone();
                let input = input.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let result = read_files(files).await;
                    input.set_value("");
                    match result {
                        Ok(loaded) => load.emit((loaded, Place::default(), None)),
                        Err(e) => report.emit(e),
                    }
                });
            }
        })
    };
    let toggle_paste = {
        let paste_open = paste_open.clone();
        Callback::from(move |_: MouseEvent| paste_open.set(!*paste_open))
    };
    let open_pasted = {
        let paste_box = paste_box.clone();
        let load = load.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = paste_box.cast::<web_sys::HtmlTextAreaElement>() {
                let text = area.value();
                if !text.trim().is_empty() {
                    load.emit((Loaded::text("Pasted text", text), Place::default(), None));
                }
            }
        })
    };
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_: MouseEvent| notice.set(None))
    };

    // ----- editing -----
    let index = viewer.game_index;
    let current_key = node.key;
    let reopen = {
        let opener = opener.clone();
        let edits = edits.clone();
        let handle = (*library).clone();
        let edit_version = edit_version.clone();
        Callback::from(move |(index, key): (usize, Option<u32>)| {
            let game = edits.borrow().game(&handle.lib.borrow(), index);
            if let Some(game) = game {
                opener.open_game(game, index, key.map_or(At::Ply(None), At::Key));
                edit_version.set(*edit_version + 1);
            }
        })
    };
    let save = {
        let edits = edits.clone();
        let handle = (*library).clone();
        let file_saved = file_saved.clone();
        let notice = notice.clone();
        let saving = saving.clone();
        Callback::from(move |()| {
            let file = if *file_saved.borrow() {
                None
            } else {
                *file_saved.borrow_mut() = true;
                let lib = handle.lib.borrow();
                Some(persist::FileRecord { name: lib.name.clone(), bytes: lib.shared_bytes(), parts: lib.parts() })
            };
            let notice = notice.clone();
            let saving = saving.clone();
            let (edits, handle) = (edits.clone(), handle.clone());
            // Saves run one after another: an edit made while the file is
            // still being stored waits for it.
            let turn = saving.borrow().clone();
            let done = Rc::new(RefCell::new(false));
            *saving.borrow_mut() = done.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // The games are written in a task of their own, after the
                // edit is drawn, as they are then.
                gloo_timers::future::TimeoutFuture::new(0).await;
                while !*turn.borrow() {
                    gloo_timers::future::TimeoutFuture::new(20).await;
                }
                let (games, added) = {
                    let lib = handle.lib.borrow();
                    let e = edits.borrow();
                    let files = lib.file_games();
                    let plain = ExportOptions::default();
                    let games: Vec<(usize, String)> = e
                        .edited()
                        .into_iter()
                        .filter(|&i| i < files)
                        .map(|i| (i, e.game_text(&lib, i, &plain)))
                        .collect();
                    let added: Vec<String> = (files..lib.len()).map(|i| e.game_text(&lib, i, &plain)).collect();
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
                    notice.set(Some(Notice {
                        error: true,
                        text: format!("Your edits could not be kept in this browser ({e}). Export them before you leave this page."),
                    }));
                }
            });
        })
    };
    let do_edit = {
        let edits = edits.clone();
        let handle = (*library).clone();
        let reopen = reopen.clone();
        let save = save.clone();
        let notice = notice.clone();
        Callback::from(move |op: EditOp| {
            let stay = matches!(op, EditOp::Tags(_));
            let result = edits.borrow_mut().apply(&handle.lib.borrow(), index, op);
            match result {
                Ok(key) => {
                    reopen.emit((index, Some(if stay { current_key } else { key })));
                    save.emit(());
                }
                Err(e) => notice.set(Some(Notice { error: true, text: e.to_string() })),
            }
        })
    };
    let history = |redo: bool| {
        let edits = edits.clone();
        let reopen = reopen.clone();
        let save = save.clone();
        Callback::from(move |()| {
            let done = if redo { edits.borrow_mut().redo(index) } else { edits.borrow_mut().undo(index) };
            if done {
                reopen.emit((index, Some(current_key)));
                save.emit(());
            }
        })
    };
    let undo = history(false);
    let redo = history(true);
    let (can_undo, can_redo) = edits.borrow().history(index);
    let open_comment = {
        let dialog = dialog.clone();
        Callback::from(move |(ix, side): (NodeIx, CommentSide)| dialog.set(Some(Dialog::Comment(ix, side))))
    };
    let on_context = {
        let menu = menu.clone();
        use_callback((), move |(ix, x, y): (NodeIx, i32, i32), _| menu.set(Some((ix, (x, y)))))
    };
    let open_menu = {
        let menu = menu.clone();
        Callback::from(move |()| {
            let at = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(".mv.current").ok().flatten())
                .map(|el| {
                    let r = el.get_bounding_client_rect();
                    (r.left() as i32, r.bottom() as i32)
                })
                .unwrap_or((200, 200));
            menu.set(Some((current, at)));
        })
    };
    *key_context.borrow_mut() = Some(KeyContext {
        edit: do_edit.clone(),
        undo: undo.clone(),
        redo: redo.clone(),
        comment: open_comment.clone(),
        menu: open_menu,
        close: {
            let dialog = dialog.clone();
            let menu = menu.clone();
            Callback::from(move |()| {
                dialog.set(None);
                menu.set(None);
            })
        },
        current,
        key: current_key,
        blocked: dialog.is_some() || menu.is_some(),
    });
    let on_move = {
        let do_edit = do_edit.clone();
        Callback::from(move |mv| do_edit.emit(EditOp::Play(current_key, mv)))
    };
    let on_draw = {
        let do_edit = do_edit.clone();
        Callback::from(move |(from, to, color)| {
            do_edit.emit(if from == to {
                EditOp::Mark(current_key, from, color)
            } else {
                EditOp::Arrow(current_key, from, to, color)
            })
        })
    };
    let open_dialog = |d: Dialog| {
        let dialog = dialog.clone();
        Callback::from(move |_: MouseEvent| dialog.set(Some(d.clone())))
    };
    let on_notation = {
        let notation = notation.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let choice = CHOICES.get(select.selected_index().max(0) as usize).map_or(Notation::San, |c| c.2);
                choice.save();
                notation.set(choice);
            }
        })
    };
    let edited_list = Rc::new(edits.borrow().edited());
    let dialog_view = match &*dialog {
        None => html! {},
        Some(d) => dialog_view(
            d,
            &DialogContext {
                game: game.clone(),
                fen: fen.clone(),
                library: (*library).clone(),
                set_library: library.setter(),
                edits: edits.clone(),
                index,
                do_edit: do_edit.clone(),
                save: save.clone(),
                dialog: dialog.clone(),
                opener: opener.clone(),
            },
        ),
    };
    let menu_view = match *menu {
        Some((ix, at)) if ix < game.nodes.len() => {
            let close = {
                let menu = menu.clone();
                Callback::from(move |()| menu.set(None))
            };
            html! { <EditMenu game={game.clone()} node={ix} {at} on_op={do_edit.clone()} on_comment={open_comment.clone()} on_close={close} /> }
        }
        _ => html! {},
    };
    let discard = {
        let restored = restored.clone();
        let edits = edits.clone();
        let handle = (*library).clone();
        let load = load.clone();
        Callback::from(move |_: MouseEvent| {
            restored.set(false);
            edits.borrow_mut().clear();
            let lib = handle.lib.borrow();
            let loaded = Loaded { name: lib.name.clone(), bytes: lib.shared_bytes(), parts: lib.parts() };
            wasm_bindgen_futures::spawn_local(async { persist::clear().await });
            load.emit((loaded, Place::default(), None));
        })
    };
    let open_held_back = {
        let restore_saved = restore_saved.clone();
        Callback::from(move |_: MouseEvent| restore_saved.emit((Place::default(), false, false)))
    };
    let dismiss_held_back = {
        let held_back = held_back.clone();
        Callback::from(move |_: MouseEvent| held_back.set(false))
    };
    let keep = {
        let restored = restored.clone();
        Callback::from(move |_: MouseEvent| restored.set(false))
    };
    let call = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };

    let many = lib.len() > 1 || !lib.is_indexed();
    let file_of_game = lib.file_of(viewer.game_index);
    let file_label = if many {
        format!("{} · game {} of {}", lib.name, viewer.game_index + 1, lib.len())
    } else {
        lib.name.clone()
    };

    html! {
        <div class={classes!("page", dragging.then_some("dragging"))}>
            <header class="topbar">
                <span class="brand">{ "Movetext" }</span>
                <span class="file-name" title={lib.name.clone()}>{ file_label }</span>
                <div class="top-actions">
                    <button type="button" class="btn open-file" onclick={pick}
                        title="Open PGN files (or drop them anywhere on the page)">{ "Open" }</button>
                    <input type="file" class="file-picker" ref={file_input} multiple=true hidden=true
                        accept=".pgn,application/x-chess-pgn,application/vnd.chess-pgn,text/plain"
                        aria-label="PGN files to open" onchange={picked} />
                    <button type="button" class="btn paste-button" onclick={toggle_paste.clone()}
                        aria-expanded={paste_open.to_string()} title="Paste PGN text (or press Ctrl+V anywhere)">{ "Paste" }</button>
                    <select class="notation-choice" aria-label="Move notation" title="Move notation" onchange={on_notation}>
                        { for CHOICES.iter().map(|(_, label, n)| html! { <option selected={*n == *notation}>{ *label }</option> }) }
                    </select>
                    <ThemeToggle />
                </div>
            </header>
            if let Some(n) = &*notice {
                <div class={classes!("notice", n.error.then_some("notice-error"))} role="alert">
                    <span>{ n.text.clone() }</span>
                    <button type="button" class="btn" onclick={dismiss}>{ "Dismiss" }</button>
                </div>
            }
            if *restored {
                <div class="notice notice-restored" role="status">
                    <span>{ format!("Your unsaved edits to {} were restored.", lib.name) }</span>
                    <span>
                        <button type="button" class="btn" onclick={keep}>{ "Keep them" }</button>
                        <button type="button" class="btn" onclick={discard}>{ "Discard edits" }</button>
                    </span>
                </div>
            }
            if *held_back {
                <div class="notice notice-held-back" role="status">
                    <span>{ "Movetext stopped on an internal error, so the file saved in this browser was not opened again. Its edits are still kept here." }</span>
                    <span>
                        <button type="button" class="btn" onclick={open_held_back}>{ "Open it again" }</button>
                        <button type="button" class="btn" onclick={dismiss_held_back}>{ "Dismiss" }</button>
                    </span>
                </div>
            }
            { dialog_view }
            if *paste_open {
                <div class="paste-panel" role="dialog" aria-label="Paste PGN">
                    <textarea ref={paste_box} class="paste-text" rows="8" spellcheck="false"
                        aria-label="PGN text" placeholder="Paste one or more games in PGN here" />
                    <div class="paste-actions">
                        <button type="button" class="btn btn-primary paste-open" onclick={open_pasted}>{ "Open" }</button>
                        <button type="button" class="btn" onclick={toggle_paste}>{ "Cancel" }</button>
                    </div>
                </div>
            }
            if !lib.is_indexed() {
                <div class="indexing" role="progressbar" aria-label="Reading the file"
                    aria-valuemin="0" aria-valuemax="100" aria-valuenow={((lib.progress() * 100.0) as u32).to_string()}>
                    <div class="indexing-bar" style={format!("width:{:.1}%", lib.progress() * 100.0)}></div>
                    <span class="indexing-text">{ format!("Reading {}: {:.0}% · {} games", lib.name, lib.progress() * 100.0, lib.len()) }</span>
                </div>
            }
            <main class="viewer">
                { menu_view }
                <BoardView class="board-col" label="Board" game={game.clone()} {current} flipped={viewer.flipped}
                    playing={viewer.playing} delay={viewer.delay} viewer={viewer.dispatcher()}
                    players=true clocks=true controls=true wheel=true on_move={Some(on_move)} on_draw={Some(on_draw)}>
                    <div class="edit-bar" role="toolbar" aria-label="Editing">
                        <button type="button" class="btn" onclick={call(&undo)} disabled={!can_undo}
                            title="Undo (Ctrl+Z)" aria-keyshortcuts="Control+Z">{ "Undo" }</button>
                        <button type="button" class="btn" onclick={call(&redo)} disabled={!can_redo}
                            title="Redo (Ctrl+Y)" aria-keyshortcuts="Control+Y">{ "Redo" }</button>
                        <button type="button" class="btn" onclick={open_dialog(Dialog::Comment(current, CommentSide::After))}
                            title="Comment after the shown move (C)">{ "Comment" }</button>
                        <button type="button" class="btn" onclick={open_dialog(Dialog::Tags)} title="Edit the game's tags">{ "Tags" }</button>
                        <button type="button" class="btn" onclick={open_dialog(Dialog::Setup)} disabled={!lib.is_indexed()}
                            title="A new game, from the start or a set-up position">{ "New game" }</button>
                        <button type="button" class="btn btn-primary" onclick={open_dialog(Dialog::Export)}
                            title="Copy or download PGN, copy FEN">{ "Export" }</button>
                    </div>
                </BoardView>
                <section class="side-col" aria-label="Game">
                    if many {
                        <GameList library={(*library).clone()} order={order} selected={viewer.game_index}
                            on_select={on_game} filter={AttrValue::from((*filter).clone())} {on_filter}
                            sort={*sort} {on_sort} edited={edited_list} busy={*sorting} />
                    }
                    <GameHeader game={game.clone()} />
                    <MoveList game={game.clone()} {current} {on_select} notation={*notation} on_context={Some(on_context)} />
                    <DiagnosticsPanel game={game.clone()} file={AttrValue::from(file_of_game.0)} line_offset={file_of_game.1} />
                </section>
            </main>
            <div class="drop-overlay" aria-hidden="true"><p>{ "Drop PGN files to open them" }</p></div>
        </div>
    }
}
