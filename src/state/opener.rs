//! Opening a game in the viewer, for the app and the widget alike. The view
//! of a long game is built a slice at a time, so that it never holds the
//! page for long; the page shows the game it had until then. The latest
//! open wins: one asked for meanwhile drops the one still being built.

use std::cell::Cell;
use std::rc::Rc;

use movetext_core::{Game, NodeId};
use yew::UseReducerDispatcher;

use crate::state::editing::Edits;
use crate::state::library::Library;
use crate::state::model::{NodeIx, SharedGame, ViewBuilder, ViewGame};
use crate::state::slice_clock::{now, SLICE_MS};
use crate::state::url_state::{start_node, Place};
use crate::state::viewer::{Action, Viewer};

/// The node to show once a game is open.
#[derive(Clone, Debug, PartialEq)]
pub enum At {
    /// A ply or a path as an address or a widget option names it
    /// ([`start_node`]); none is the start.
    Ply(Option<String>),
    /// A node by its key in the source game (the start if it has none).
    Key(NodeId),
}

impl At {
    fn node(&self, view: &ViewGame) -> NodeIx {
        match self {
            At::Ply(ply) => start_node(view, ply.as_deref()),
            At::Key(key) => view.by_key(*key).unwrap_or(0),
        }
    }
}

/// Opens games in one viewer.
#[derive(Clone)]
pub struct Opener {
    dispatcher: UseReducerDispatcher<Viewer>,
    /// The number of the latest open asked for.
    latest: Rc<Cell<u64>>,
    /// The number of the latest open shown.
    shown: Rc<Cell<u64>>,
}

impl PartialEq for Opener {
    fn eq(&self, other: &Opener) -> bool {
        Rc::ptr_eq(&self.latest, &other.latest)
    }
}

impl Opener {
    /// Notes that a game is about to be asked for (in a task to come): the
    /// opener is busy until a game asked for later is shown.
    pub fn expect(&self) {
        self.latest.set(self.latest.get() + 1);
    }

    /// Whether a game asked for is still being opened.
    pub fn busy(&self) -> bool {
        self.shown.get() != self.latest.get()
    }

    /// Opens game `place.game` of a library (with its edits; the last game
    /// if there are fewer) at the ply the place names. Nothing happens for
    /// an empty library.
    pub fn open(&self, lib: &Library, edits: &Edits, place: &Place) {
        if lib.is_empty() {
            return;
        }
        let start = now();
        let index = place.game.min(lib.len() - 1);
        if let Some(game) = edits.game(lib, index) {
            self.open_read(game, index, At::Ply(place.ply.clone()), start);
        }
    }

    /// Opens `game`, number `index` of its file, at `at`, for a task that
    /// began at `start` (its work so far counts towards the first slice): at
    /// once when its view is built within that slice, else in slices that
    /// yield to the page.
    pub fn open_game(&self, game: Rc<Game>, index: usize, at: At, start: f64) {
        self.open_read(game, index, at, start);
    }

    /// [`Opener::open_game`] when the task began at `start` (reading the
    /// game counts towards the first slice).
    fn open_read(&self, game: Rc<Game>, index: usize, at: At, start: f64) {
        let ticket = self.latest.get() + 1;
        self.latest.set(ticket);
        let mut builder = ViewBuilder::new(&*game);
        let dispatcher = self.dispatcher.clone();
        let shown = self.shown.clone();
        let open = move |view: ViewGame| {
            shown.set(ticket);
            let at = at.node(&view);
            dispatcher.dispatch(Action::Open { game: SharedGame(Rc::new(view)), index, at });
        };
        // Built at once if it can be; when the reading took half a slice,
        // building starts in the next task.
        if now() - start < SLICE_MS / 2.0 && builder.step(&*game, &mut || now() - start > SLICE_MS) {
            open(builder.finish(&*game));
            return;
        }
        let latest = self.latest.clone();
        wasm_bindgen_futures::spawn_local(async move {
            loop {
                gloo_timers::future::TimeoutFuture::new(0).await;
                if latest.get() != ticket {
                    return;
                }
                let start = now();
                if builder.step(&*game, &mut || now() - start > SLICE_MS) {
                    break;
                }
            }
            // The drawing of the game gets a task of its own, not the rest
            // of the last slice's.
            gloo_timers::future::TimeoutFuture::new(0).await;
            if latest.get() != ticket {
                return;
            }
            open(builder.finish(&*game));
        });
    }
}

/// The opener of the viewer that `dispatcher` drives, kept across drawings.
#[yew::hook]
pub fn use_opener(dispatcher: UseReducerDispatcher<Viewer>) -> Opener {
    let cells = yew::use_state(|| (Rc::new(Cell::new(0u64)), Rc::new(Cell::new(0u64))));
    Opener { dispatcher, latest: cells.0.clone(), shown: cells.1.clone() }
}
