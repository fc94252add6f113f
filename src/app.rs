//! The viewer page: loading files (drop, picker, paste, `?url=`), the game
//! list, the board with player bars and controls, the move list, the
//! diagnostics, keyboard, wheel and autoplay navigation, the URL hash and
//! the screen-reader announcements.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_timers::callback::Interval;
use movetext_core::shakmaty::Color;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::board::ChessBoard;
use crate::board_description::describe;
use crate::clock_format::{format_clock, initial_clock};
use crate::controls::{Controls, Nav};
use crate::diagnostics_panel::DiagnosticsPanel;
use crate::eval_bar::EvalBar;
use crate::file_input::{fetch_same_origin, read_files, url_parameter, Loaded};
use crate::game_header::GameHeader;
use crate::game_list::GameList;
use crate::library::{Library, LibraryHandle, SortBy};
use crate::loader;
use crate::model::{NodeIx, SharedGame, ViewGame};
use crate::move_list::MoveList;
use crate::player_bar::PlayerBar;
use crate::theme::ThemeToggle;
use crate::url_state::{format_hash, node_at, parse_hash, Place};

/// The built-in sample game the viewer opens on.
pub const SAMPLE_PGN: &str = include_str!("../static/sample.pgn");
/// The name the sample is shown under.
pub const SAMPLE_NAME: &str = "sample.pgn";

/// The state of the viewer: the open game, the shown node, the orientation
/// and autoplay.
#[derive(Clone, Debug, PartialEq)]
pub struct Viewer {
    /// The open game.
    pub game: SharedGame,
    /// Its index in the open file.
    pub game_index: usize,
    /// The node whose position is shown.
    pub current: NodeIx,
    /// Black at the bottom.
    pub flipped: bool,
    /// Autoplay is on.
    pub playing: bool,
    /// Autoplay delay in milliseconds.
    pub delay: u32,
}

/// What can change the viewer.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A navigation button or key.
    Nav(Nav),
    /// Show a node.
    Goto(NodeIx),
    /// Switch to the previous (-1) or next (+1) alternative of the shown move.
    Sibling(i32),
    /// Open a game of the file at a node.
    Open {
        /// The game.
        game: SharedGame,
        /// Its index in the file.
        index: usize,
        /// The node to show.
        at: NodeIx,
    },
    /// Start or stop autoplay.
    TogglePlay,
    /// One autoplay step: the next move, or stop at the end.
    Tick,
    /// Set the autoplay delay.
    Delay(u32),
}

impl Viewer {
    /// A viewer showing the start of a game.
    pub fn new(game: ViewGame) -> Viewer {
        Viewer {
            game: SharedGame(Rc::new(game)),
            game_index: 0,
            current: 0,
            flipped: false,
            playing: false,
            delay: 1000,
        }
    }

    fn apply(&mut self, action: Action) {
        let g = self.game.clone();
        match action {
            Action::Nav(Nav::First) => self.current = 0,
            Action::Nav(Nav::Prev) => self.current = g.node(self.current).parent.unwrap_or(0),
            Action::Nav(Nav::Next) => self.current = g.next(self.current).unwrap_or(self.current),
            Action::Nav(Nav::Last) => self.current = g.line_end(self.current),
            Action::Nav(Nav::Flip) => self.flipped = !self.flipped,
            Action::Goto(ix) if ix < g.nodes.len() => self.current = ix,
            Action::Goto(_) => {}
            Action::Sibling(step) => {
                if let Some(parent) = g.node(self.current).parent {
                    let siblings = &g.node(parent).children;
                    if let Some(pos) = siblings.iter().position(|&c| c == self.current) {
                        let len = siblings.len() as i32;
                        let to = (pos as i32 + step).rem_euclid(len) as usize;
                        self.current = siblings[to];
                    }
                }
            }
            Action::Open { game, index, at } => {
                self.current = at.min(game.nodes.len().saturating_sub(1));
                self.game = game;
                self.game_index = index;
                self.playing = false;
            }
            Action::TogglePlay => {
                self.playing = !self.playing;
                if self.playing && g.next(self.current).is_none() {
                    self.current = 0;
                }
            }
            Action::Tick => match g.next(self.current) {
                Some(next) if self.playing => self.current = next,
                _ => self.playing = false,
            },
            Action::Delay(ms) => self.delay = ms.clamp(50, 60_000),
        }
    }
}

impl Reducible for Viewer {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

/// The action for a key, if the viewer uses it.
fn key_action(key: &str) -> Option<Action> {
    Some(match key {
        "ArrowLeft" => Action::Nav(Nav::Prev),
        "ArrowRight" => Action::Nav(Nav::Next),
        "Home" => Action::Nav(Nav::First),
        "End" => Action::Nav(Nav::Last),
        "ArrowUp" => Action::Sibling(-1),
        "ArrowDown" => Action::Sibling(1),
        "f" | "F" => Action::Nav(Nav::Flip),
        " " => Action::TogglePlay,
        _ => return None,
    })
}

/// Whether a key event belongs to the element it happens in: a text field,
/// a list or a button (Space), rather than to the board.
fn own_keys(event: &KeyboardEvent) -> bool {
    let Some(el) = event.target().and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) else {
        return false;
    };
    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        || el.is_content_editable()
        || el.closest("[role=dialog]").ok().flatten().is_some()
        || (matches!(event.key().as_str(), "ArrowUp" | "ArrowDown")
            && el.closest(".gl-viewport").ok().flatten().is_some())
        || (event.key() == " " && el.tag_name() == "BUTTON")
}

/// Whether an event comes from a field where the user types.
fn typing_target(event: &Event) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA") || el.is_content_editable())
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// How long one indexing slice may run, in milliseconds.
const SLICE_MS: f64 = 16.0;

/// The hash of the page's address.
fn current_place() -> Place {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| parse_hash(&h))
        .unwrap_or_default()
}

/// Opens a game of a library at a place, if the library has it.
fn open_action(lib: &Library, place: &Place) -> Option<Action> {
    if lib.is_empty() {
        return None;
    }
    let index = place.game.min(lib.len() - 1);
    let game = loader::open_game(lib, index)?;
    let at = place.ply.as_deref().map_or(0, |p| node_at(&game, p));
    Some(Action::Open { game: SharedGame(Rc::new(game)), index, at })
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

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    let library = use_state(|| LibraryHandle::new(Library::indexed(SAMPLE_NAME, SAMPLE_PGN.as_bytes().to_vec())));
    let viewer = use_reducer(|| {
        let lib = Library::indexed(SAMPLE_NAME, SAMPLE_PGN.as_bytes().to_vec());
        let mut v = Viewer::new(loader::open_first_game(SAMPLE_PGN.as_bytes()));
        if url_parameter().is_none() {
            if let Some(action) = open_action(&lib, &current_place()) {
                v.apply(action);
            }
        }
        v
    });
    // A place (game and ply) to open once the library has indexed that far.
    let pending = use_mut_ref(|| None::<Place>);
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
    let board_row = use_node_ref();

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
        Callback::from(move |(loaded, place): (Loaded, Place)| {
            let library = library.clone();
            let pending = pending.clone();
            let generation = generation.clone();
            let notice = notice.clone();
            let filter = filter.clone();
            let sort = sort.clone();
            let paste_open = paste_open.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // Let the page breathe between reading the file and indexing it.
                gloo_timers::future::TimeoutFuture::new(0).await;
                let name = loaded.name.clone();
                let mut lib = Library::new(loaded.name, loaded.bytes);
                lib.set_parts(loaded.parts);
                let start = now();
                let done = lib.index_more(&mut || now() - start > SLICE_MS);
                if done && lib.is_empty() {
                    notice.set(Some(Notice { error: true, text: format!("No games found in {name}.") }));
                    return;
                }
                *generation.borrow_mut() += 1;
                let handle = LibraryHandle::new(lib);
                *pending.borrow_mut() = Some(place);
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

    // Open the pending place once the library has it.
    {
        let pending = pending.clone();
        let dispatcher = viewer.dispatcher();
        use_effect_with((*library).clone(), move |handle| {
            let ready = pending.borrow().clone().filter(|place| {
                let lib = handle.lib.borrow();
                place.game < lib.len() || lib.is_indexed()
            });
            if let Some(place) = ready {
                *pending.borrow_mut() = None;
                if let Some(action) = open_action(&handle.lib.borrow(), &place) {
                    dispatcher.dispatch(action);
                }
            }
        });
    }

    // `?url=`: fetch the file once, at start.
    {
        let load = load.clone();
        let report = report.clone();
        use_effect_with((), move |_| {
            if let Some(url) = url_parameter() {
                let place = current_place();
                wasm_bindgen_futures::spawn_local(async move {
                    match fetch_same_origin(&url).await {
                        Ok(loaded) => load.emit((loaded, place)),
                        Err(e) => report.emit(e),
                    }
                });
            }
        });
    }

    // The URL hash follows the shown game and move.
    {
        let pending = pending.clone();
        let game = viewer.game.clone();
        use_effect_with((viewer.game_index, viewer.current, game), move |(index, current, game)| {
            if pending.borrow().is_none() {
                let hash = format_hash(*index, game, *current);
                if let Some(w) = web_sys::window() {
                    let same = w.location().hash().ok().as_deref() == Some(hash.as_str());
                    let start = *index == 0 && *current == 0 && w.location().hash().ok().as_deref() == Some("");
                    if !same && !start {
                        let _ = w.history().and_then(|h| h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash)));
                    }
                }
            }
        });
    }

    // Window listeners: keys, hash changes, paste, drag and drop.
    {
        let dispatcher = viewer.dispatcher();
        let latest = latest.clone();
        let load = load.clone();
        let report = report.clone();
        let dragging = dragging.clone();
        use_effect_with((), move |_| {
            let window = web_sys::window().expect("a window");
            let active = EventListenerOptions::enable_prevent_default();
            let keys = {
                let dispatcher = dispatcher.clone();
                EventListener::new_with_options(&window, "keydown", active, move |event| {
                    let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
                    if event.ctrl_key() || event.meta_key() || event.alt_key() || own_keys(event) {
                        return;
                    }
                    if let Some(action) = key_action(&event.key()) {
                        event.prevent_default();
                        dispatcher.dispatch(action);
                    }
                })
            };
            let hash = {
                let dispatcher = dispatcher.clone();
                let latest = latest.clone();
                EventListener::new(&window, "hashchange", move |_| {
                    let handle = latest.borrow().clone();
                    let action = open_action(&handle.lib.borrow(), &current_place());
                    if let Some(action) = action {
                        dispatcher.dispatch(action);
                    }
                })
            };
            let paste = {
                let load = load.clone();
                EventListener::new(&window, "paste", move |event| {
                    if typing_target(event) {
                        return;
                    }
                    let Some(event) = event.dyn_ref::<web_sys::ClipboardEvent>() else { return };
                    let text = event.clipboard_data().and_then(|d| d.get_data("text/plain").ok()).unwrap_or_default();
                    if !text.trim().is_empty() {
                        load.emit((Loaded::text("Pasted text", text), Place::default()));
                    }
                })
            };
            let has_files = |event: &Event| {
                event
                    .dyn_ref::<web_sys::DragEvent>()
                    .and_then(|e| e.data_transfer())
                    .is_some_and(|d| d.types().includes(&"Files".into(), 0))
            };
            let over = {
                let dragging = dragging.clone();
                EventListener::new_with_options(&window, "dragover", active, move |event| {
                    if has_files(event) {
                        event.prevent_default();
                        dragging.set(true);
                    }
                })
            };
            let leave = {
                let dragging = dragging.clone();
                EventListener::new(&window, "dragleave", move |event| {
                    let outside = event.dyn_ref::<web_sys::DragEvent>().is_some_and(|e| e.related_target().is_none());
                    if outside {
                        dragging.set(false);
                    }
                })
            };
            let drop = EventListener::new_with_options(&window, "drop", active, move |event| {
                dragging.set(false);
                let Some(data) = event.dyn_ref::<web_sys::DragEvent>().and_then(|e| e.data_transfer()) else { return };
                event.prevent_default();
                let files = data.files().filter(|f| f.length() > 0);
                let load = load.clone();
                let report = report.clone();
                if let Some(files) = files {
                    wasm_bindgen_futures::spawn_local(async move {
                        match read_files(files).await {
                            Ok(loaded) => load.emit((loaded, Place::default())),
                            Err(e) => report.emit(e),
                        }
                    });
                } else if let Ok(text) = data.get_data("text/plain") {
                    if !text.trim().is_empty() {
                        load.emit((Loaded::text("Dropped text", text), Place::default()));
                    }
                }
            });
            move || drop_all((keys, hash, paste, over, leave, drop))
        });
    }

    // Wheel over the board steps through the moves.
    {
        let dispatcher = viewer.dispatcher();
        let board_row = board_row.clone();
        use_effect_with((), move |_| {
            let listener = board_row.cast::<web_sys::Element>().map(|el| {
                let mut travel = 0.0f64;
                let options = EventListenerOptions::enable_prevent_default();
                EventListener::new_with_options(&el, "wheel", options, move |event| {
                    let Some(event) = event.dyn_ref::<web_sys::WheelEvent>() else { return };
                    event.prevent_default();
                    let unit = match event.delta_mode() {
                        1 => 40.0,
                        2 => 400.0,
                        _ => 1.0,
                    };
                    travel += event.delta_y() * unit;
                    if travel.abs() >= 50.0 {
                        let nav = if travel > 0.0 { Nav::Next } else { Nav::Prev };
                        travel = 0.0;
                        dispatcher.dispatch(Action::Nav(nav));
                    }
                })
            });
            move || drop(listener)
        });
    }

    // Autoplay.
    {
        let dispatcher = viewer.dispatcher();
        use_effect_with((viewer.playing, viewer.delay), move |&(playing, delay)| {
            let interval = playing.then(|| Interval::new(delay, move || dispatcher.dispatch(Action::Tick)));
            move || drop(interval)
        });
    }

    let lib = library.lib.borrow();
    let order = {
        let handle = (*library).clone();
        use_memo((handle, (*filter).clone(), *sort), |(handle, filter, sort)| {
            handle.lib.borrow().order(filter, sort.0, sort.1)
        })
    };
    let order = Rc::new((*order).clone());

    let game = viewer.game.clone();
    let current = viewer.current;
    let node = game.node(current);
    let at_end = game.next(current).is_none();
    let on_nav = {
        let dispatcher = viewer.dispatcher();
        Callback::from(move |nav| dispatcher.dispatch(Action::Nav(nav)))
    };
    let on_select = {
        let dispatcher = viewer.dispatcher();
        Callback::from(move |ix| dispatcher.dispatch(Action::Goto(ix)))
    };
    let on_play = {
        let dispatcher = viewer.dispatcher();
        Callback::from(move |()| dispatcher.dispatch(Action::TogglePlay))
    };
    let on_delay = {
        let dispatcher = viewer.dispatcher();
        Callback::from(move |ms| dispatcher.dispatch(Action::Delay(ms)))
    };
    let on_game = {
        let dispatcher = viewer.dispatcher();
        let handle = (*library).clone();
        Callback::from(move |index: usize| {
            if let Some(action) = open_action(&handle.lib.borrow(), &Place { game: index, ply: None }) {
                dispatcher.dispatch(action);
            }
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
                        Ok(loaded) => load.emit((loaded, Place::default())),
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
                    load.emit((Loaded::text("Pasted text", text), Place::default()));
                }
            }
        })
    };
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_: MouseEvent| notice.set(None))
    };

    let moved = if current == 0 { "the start".to_owned() } else { game.numbered_san(current) };
    let side = if node.turn.is_white() { "White" } else { "Black" };
    let board_label = format!("Chess board, position after {moved}; {side} to move.");
    let announcement = if current == 0 { "Start position".to_owned() } else { game.numbered_san(current) };
    let bottom = if viewer.flipped { Color::Black } else { Color::White };
    let bar = |color: Color, place: &'static str| player_bar(&game, current, color, place);
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
                    <ThemeToggle />
                </div>
            </header>
            if let Some(n) = &*notice {
                <div class={classes!("notice", n.error.then_some("notice-error"))} role="alert">
                    <span>{ n.text.clone() }</span>
                    <button type="button" class="btn" onclick={dismiss}>{ "Dismiss" }</button>
                </div>
            }
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
                <section class="board-col" aria-label="Board">
                    { bar(!bottom, "top") }
                    <div class="board-row" ref={board_row}>
                        if game.has_eval {
                            <EvalBar eval={game.eval_at(current)} flipped={viewer.flipped} />
                        }
                        <ChessBoard board={node.board.clone()} fen={AttrValue::from(node.fen.clone())}
                            flipped={viewer.flipped} last_move={node.last_move} check={node.check}
                            arrows={node.arrows.clone()} marks={node.marks.clone()}
                            label={AttrValue::from(board_label)} description={AttrValue::from(describe(&node.board))} />
                    </div>
                    { bar(bottom, "bottom") }
                    <Controls can_back={current != 0} can_forward={!at_end} {on_nav}
                        playing={viewer.playing} {on_play} delay={viewer.delay} {on_delay} />
                </section>
                <section class="side-col" aria-label="Game">
                    if many {
                        <GameList library={(*library).clone()} order={order} selected={viewer.game_index}
                            on_select={on_game} filter={AttrValue::from((*filter).clone())} {on_filter}
                            sort={*sort} {on_sort} />
                    }
                    <GameHeader game={game.clone()} />
                    <MoveList game={game.clone()} {current} {on_select} />
                    <DiagnosticsPanel game={game.clone()} file={AttrValue::from(file_of_game.0)} line_offset={file_of_game.1} />
                </section>
            </main>
            <div class="drop-overlay" aria-hidden="true"><p>{ "Drop PGN files to open them" }</p></div>
            <div class="sr-only" aria-live="polite" aria-atomic="true">{ announcement }</div>
        </div>
    }
}

/// Drops window listeners (they unregister themselves).
fn drop_all<T>(listeners: T) {
    drop(listeners);
}

/// The bar of one player at the shown node.
fn player_bar(game: &ViewGame, current: NodeIx, color: Color, place: &'static str) -> Html {
    let white = color.is_white();
    let prefix = if white { "White" } else { "Black" };
    let known = |v: Option<&str>| {
        v.map(str::trim)
            .filter(|v| !matches!(*v, "" | "?" | "-" | "0"))
            .map(|v| AttrValue::from(v.to_owned()))
    };
    let name = known(game.tag(prefix)).unwrap_or_else(|| AttrValue::from(prefix));
    let title = known(game.tag(&format!("{prefix}Title")));
    let elo = known(game.tag(&format!("{prefix}Elo")));
    let clock = game
        .clock_at(current, color)
        .or_else(|| game.tag("TimeControl").and_then(initial_clock))
        .map(|t| AttrValue::from(format_clock(t)));
    let at_end = current != 0 && game.next(current).is_none() && game.is_mainline(current);
    let score = match (at_end, game.tag("Result")) {
        (true, Some("1-0")) => Some(if white { "1" } else { "0" }),
        (true, Some("0-1")) => Some(if white { "0" } else { "1" }),
        (true, Some("1/2-1/2")) => Some("½"),
        _ => None,
    }
    .map(AttrValue::from);
    let to_move = game.node(current).turn == color && score.is_none();
    html! {
        <PlayerBar {white} {name} {title} {elo} {clock} {to_move} {score} place={place} />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn viewer() -> Viewer {
        Viewer::new(loader::open_first_game(SAMPLE_PGN.as_bytes()))
    }

    #[test]
    fn navigation_walks_the_main_line() {
        let mut v = viewer();
        v.apply(Action::Nav(Nav::Next));
        assert_eq!(v.game.node(v.current).san, "e4");
        v.apply(Action::Nav(Nav::Last));
        assert_eq!(v.game.node(v.current).san, "Rd8#");
        v.apply(Action::Nav(Nav::Prev));
        assert_eq!(v.game.node(v.current).san, "Nxb8");
        v.apply(Action::Nav(Nav::First));
        assert_eq!(v.current, 0);
        v.apply(Action::Nav(Nav::Prev));
        assert_eq!(v.current, 0);
    }

    #[test]
    fn siblings_cycle_through_alternatives() {
        let mut v = viewer();
        for _ in 0..6 {
            v.apply(Action::Nav(Nav::Next));
        }
        assert_eq!(v.game.node(v.current).san, "Bg4");
        v.apply(Action::Sibling(1));
        assert_eq!(v.game.node(v.current).san, "exd4");
        v.apply(Action::Sibling(1));
        assert_eq!(v.game.node(v.current).san, "Bg4");
    }

    #[test]
    fn keys() {
        assert_eq!(key_action("ArrowRight"), Some(Action::Nav(Nav::Next)));
        assert_eq!(key_action("f"), Some(Action::Nav(Nav::Flip)));
        assert_eq!(key_action("x"), None);
    }
}
