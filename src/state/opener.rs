//! Opening a game in the app's viewer: [`movetext_view::game::opener`] keeps the
//! count and builds the view a slice at a time; this shell gives it the
//! page's clock, runs its later slices in tasks of their own and hands the
//! game to the viewer. The latest open wins.

use std::cell::RefCell;
use std::rc::Rc;

use movetext_core::Game;
use movetext_view::game::opener::{self as slices, Next, Opened};
use yew::UseReducerDispatcher;

use movetext_view::game::editing::Edits;
use movetext_view::game::library::Library;
use movetext_view::game::model::SharedGame;
use movetext_view::game::url_state::Place;

use crate::state::slice_clock::now;
use crate::state::viewer::{Action, Viewer};

pub use movetext_view::game::opener::At;

/// Opens games in one viewer.
#[derive(Clone)]
pub struct Opener {
    dispatcher: UseReducerDispatcher<Viewer>,
    /// The opens asked for and shown, and the game being built.
    slices: Rc<RefCell<slices::Opener>>,
}

impl PartialEq for Opener {
    fn eq(&self, other: &Opener) -> bool {
        Rc::ptr_eq(&self.slices, &other.slices)
    }
}

impl Opener {
    /// Notes that a game is about to be asked for (in a task to come): the
    /// opener is busy until a game asked for later is shown.
    pub fn expect(&self) {
        self.slices.borrow_mut().expect();
    }

    /// Whether a game asked for is still being opened.
    pub fn busy(&self) -> bool {
        self.slices.borrow().busy()
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
            self.open_game(game, index, At::Ply(place.ply.clone()), start);
        }
    }

    /// Opens `game`, number `index` of its file, at `at`, for a task that
    /// began at `start` (its work so far counts towards the first slice): at
    /// once when its view is built within that slice, else in slices that
    /// yield to the page.
    pub fn open_game(&self, game: Rc<Game>, index: usize, at: At, start: f64) {
        let next = self.slices.borrow_mut().open(game, index, at, start, now);
        match next {
            Next::Show(opened) => self.show(opened),
            Next::Later(ticket) => self.later(ticket),
            Next::Dropped => {}
        }
    }

    /// Runs the slices of open `ticket`, a task each, until it is shown or
    /// dropped.
    fn later(&self, ticket: slices::Ticket) {
        let me = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            loop {
                gloo_timers::future::TimeoutFuture::new(0).await;
                let next = me.slices.borrow_mut().resume(ticket, now);
                match next {
                    Next::Later(_) => {}
                    Next::Show(opened) => return me.show(opened),
                    Next::Dropped => return,
                }
            }
        });
    }

    /// Hands a built game to the viewer.
    fn show(&self, opened: Opened) {
        let Opened { view, index, at } = opened;
        let at = at.node(&view);
        self.dispatcher.dispatch(Action::Open { game: SharedGame(Rc::new(view)), index, at });
    }
}

/// The opener of the viewer that `dispatcher` drives, kept across drawings.
#[yew::hook]
pub fn use_opener(dispatcher: UseReducerDispatcher<Viewer>) -> Opener {
    let slices = yew::use_state(|| Rc::new(RefCell::new(slices::Opener::default())));
    Opener { dispatcher, slices: (*slices).clone() }
}
