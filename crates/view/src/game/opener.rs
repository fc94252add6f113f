//! Opening a game, for the app and the widget alike. The view of a long
//! game is built a slice at a time, so that it never holds the page for
//! long; the page shows the game it had until then. The latest open wins:
//! one asked for meanwhile drops the one still being built.
//!
//! [`Opener`] keeps the count and the game being built, and nothing else:
//! it sets no timer and reads no clock of its own. Its shell (the app's
//! opener, the widget) gives it the page's clock and, each time it answers
//! [`Next::Later`], runs [`Opener::resume`] in a task to come.
//!
//! ```
//! use std::rc::Rc;
//! use movetext_core::GameReader;
//! use movetext_view::game::opener::{At, Next, Opener};
//!
//! let game = Rc::new(GameReader::new(&b"1. e4 e5 *"[..]).next().unwrap());
//! let mut opener = Opener::default();
//! // A clock that stands still: a short game is built at once.
//! let Next::Show(opened) = opener.open(game, 0, At::Ply(Some("last".into())), 0.0, || 0.0) else {
//!     panic!("built at once");
//! };
//! assert_eq!(opened.view.node(opened.at.node(&opened.view)).san, "e5");
//! assert!(!opener.busy());
//! ```

use std::rc::Rc;

use movetext_core::{Game, NodeId};

use crate::game::model::{NodeIx, ViewBuilder, ViewGame};
use crate::game::url_state::start_node;

/// How long one slice of work may hold the page, in milliseconds.
pub const SLICE_MS: f64 = 16.0;

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
    /// The node of `view` this names.
    pub fn node(&self, view: &ViewGame) -> NodeIx {
        match self {
            At::Ply(ply) => start_node(view, ply.as_deref()),
            At::Key(key) => view.by_key(*key).unwrap_or(0),
        }
    }
}

/// The number of an open: each open asked for gets the next one.
pub type Ticket = u64;

/// A game whose view is built, to be shown.
pub struct Opened {
    /// Its view.
    pub view: ViewGame,
    /// Its number in its file.
    pub index: usize,
    /// Where to show it.
    pub at: At,
}

/// What the shell does next for an open.
pub enum Next {
    /// Shows the game now.
    Show(Opened),
    /// Calls [`Opener::resume`] with this ticket in a task to come.
    Later(Ticket),
    /// Nothing: the open was dropped for a newer one.
    Dropped,
}

/// A game whose view is being built.
struct Job {
    ticket: Ticket,
    game: Rc<Game>,
    builder: ViewBuilder<Game>,
    index: usize,
    at: At,
    /// Built: it is shown in the next task (the drawing of the game gets a
    /// task of its own, not the rest of the last slice's).
    built: bool,
}

/// Opens games in one viewer, a slice at a time, the latest winning.
#[derive(Default)]
pub struct Opener {
    /// The number of the latest open asked for.
    latest: Ticket,
    /// The number of the latest open shown.
    shown: Ticket,
    /// The game being built, if any.
    job: Option<Job>,
}

impl Opener {
    /// Notes that a game is about to be asked for (in a task to come): the
    /// opener is busy until a game asked for later is shown, and the one
    /// being built is dropped.
    pub fn expect(&mut self) {
        self.latest += 1;
        self.job = None;
    }

    /// Whether a game asked for is still being opened.
    pub fn busy(&self) -> bool {
        self.shown != self.latest
    }

    /// Notes that there was nothing to open: the opener is no longer busy,
    /// while the game being built, if any, is still shown once built.
    pub fn settle(&mut self) {
        self.shown = self.latest;
    }

    /// Drops the game being built (its shell goes away): nothing more is
    /// shown, and whether the opener is busy stays as it was.
    pub fn cancel(&mut self) {
        self.job = None;
    }

    /// Opens `game`, number `index` of its file, at `at`, for a task that
    /// began at `start` (its work so far counts towards the first slice),
    /// `now` being the page's clock in milliseconds: at once when its view
    /// is built within that slice, else in slices that yield to the page
    /// ([`Next::Later`]). When the task has already taken half a slice,
    /// building starts in the next task.
    pub fn open(&mut self, game: Rc<Game>, index: usize, at: At, start: f64, now: impl Fn() -> f64) -> Next {
        self.latest += 1;
        let ticket = self.latest;
        // The game being built is dropped.
        self.job = None;
        let mut builder = ViewBuilder::new(&*game);
        if now() - start < SLICE_MS / 2.0 && builder.step(&*game, &mut || now() - start > SLICE_MS) {
            self.shown = ticket;
            return Next::Show(Opened { view: builder.finish(&*game), index, at });
        }
        self.job = Some(Job { ticket, game, builder, index, at, built: false });
        Next::Later(ticket)
    }

    /// Goes on with open `ticket` in a task of its own: builds a slice more
    /// of its view, or shows it once built (then [`Next::Show`]); nothing
    /// when a newer open was asked for meanwhile.
    pub fn resume(&mut self, ticket: Ticket, now: impl Fn() -> f64) -> Next {
        if ticket != self.latest {
            return Next::Dropped;
        }
        let Some(job) = self.job.as_mut().filter(|j| j.ticket == ticket) else { return Next::Dropped };
        if !job.built {
            let start = now();
            job.built = job.builder.step(&*job.game, &mut || now() - start > SLICE_MS);
            return Next::Later(ticket);
        }
        let Some(job) = self.job.take() else { return Next::Dropped };
        self.shown = ticket;
        Next::Show(Opened { view: job.builder.finish(&*job.game), index: job.index, at: job.at })
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use movetext_core::GameReader;

    use super::*;

    fn game(pgn: &str) -> Rc<Game> {
        Rc::new(GameReader::new(pgn.as_bytes()).next().expect("a game"))
    }

    /// A game of `moves` full moves (the knights going out and back).
    fn long_game(moves: usize) -> Rc<Game> {
        let dance = ["Nf3 Nf6", "Ng1 Ng8"];
        let text: Vec<String> = (0..moves).map(|i| format!("{}. {}", i + 1, dance[i % 2])).collect();
        game(&format!("{} *", text.join(" ")))
    }

    /// A clock that moves on by `step` milliseconds each time it is read.
    fn ticking(step: f64) -> impl Fn() -> f64 {
        let t = Cell::new(0.0);
        move || {
            t.set(t.get() + step);
            t.get()
        }
    }

    fn later(next: Next) -> Ticket {
        match next {
            Next::Later(t) => t,
            Next::Show(_) => panic!("shown at once"),
            Next::Dropped => panic!("dropped"),
        }
    }

    /// Resumes `ticket` until it is shown: the view and how many tasks it took.
    fn run(opener: &mut Opener, ticket: Ticket, now: impl Fn() -> f64) -> (Opened, usize) {
        for tasks in 1..10_000 {
            match opener.resume(ticket, &now) {
                Next::Show(opened) => return (opened, tasks),
                Next::Later(t) => assert_eq!(t, ticket),
                Next::Dropped => panic!("dropped"),
            }
        }
        panic!("never shown")
    }

    #[test]
    fn a_short_game_is_shown_at_once() {
        let mut opener = Opener::default();
        let next = opener.open(game("1. e4 e5 2. Nf3 *"), 3, At::Ply(Some("2".into())), 0.0, || 1.0);
        let Next::Show(opened) = next else { panic!("not at once") };
        assert_eq!((opened.index, opened.view.nodes.len()), (3, 4));
        assert_eq!(opened.view.node(opened.at.node(&opened.view)).san, "e5");
        assert!(!opener.busy());
    }

    #[test]
    fn a_task_that_took_half_a_slice_builds_in_the_next() {
        let mut opener = Opener::default();
        let t = later(opener.open(game("1. e4 *"), 0, At::Ply(None), 0.0, || SLICE_MS / 2.0));
        assert!(opener.busy());
        // The next task builds it, the one after shows it.
        let (opened, tasks) = run(&mut opener, t, || 100.0);
        assert_eq!((opened.view.nodes.len(), tasks), (2, 2));
        assert!(!opener.busy());
    }

    #[test]
    fn a_long_game_is_built_over_several_slices() {
        let g = long_game(200);
        let whole = ViewGame::build(&*g);
        let mut opener = Opener::default();
        // Each look at the clock takes 5 ms: a slice ends after a few checks.
        let now = ticking(5.0);
        let t = later(opener.open(g, 1, At::Ply(Some("last".into())), 0.0, &now));
        let (opened, tasks) = run(&mut opener, t, &now);
        assert!(tasks > 3, "{tasks} tasks");
        assert_eq!(opened.view.nodes.len(), whole.nodes.len());
        assert_eq!(opened.view.node(opened.view.line_end(0)).fen(), whole.node(whole.line_end(0)).fen());
        assert_eq!(opened.at.node(&opened.view), opened.view.line_end(0));
        assert!(opener.resume(t, &now).is_dropped(), "shown once only");
    }

    #[test]
    fn the_latest_open_wins() {
        let mut opener = Opener::default();
        let now = ticking(5.0);
        let first = later(opener.open(long_game(200), 0, At::Ply(None), 0.0, &now));
        assert!(matches!(opener.resume(first, &now), Next::Later(_)));
        // (Asked for by a task that already took a second: built later.)
        let second = later(opener.open(game("1. d4 *"), 1, At::Ply(None), -1000.0, &now));
        assert_ne!(first, second);
        // The older open's slices are dropped, and do not touch the newer.
        assert!(opener.resume(first, &now).is_dropped());
        let (opened, _) = run(&mut opener, second, &now);
        assert_eq!(opened.index, 1);
        assert!(opener.resume(first, &now).is_dropped());
        assert!(!opener.busy());
    }

    #[test]
    fn an_open_expected_drops_the_one_being_built() {
        let mut opener = Opener::default();
        let t = later(opener.open(long_game(100), 0, At::Ply(None), 0.0, ticking(5.0)));
        opener.expect();
        assert!(opener.busy());
        assert!(opener.resume(t, || 0.0).is_dropped());
        // Busy until a game asked for later is shown.
        assert!(matches!(opener.open(game("1. d4 *"), 0, At::Ply(None), 0.0, || 0.0), Next::Show(_)));
        assert!(!opener.busy());
    }

    #[test]
    fn cancel_and_settle() {
        let mut opener = Opener::default();
        let t = later(opener.open(long_game(100), 0, At::Ply(None), 0.0, ticking(5.0)));
        // Nothing else to open: not busy, and the game being built is still shown.
        opener.settle();
        assert!(!opener.busy());
        let (opened, _) = run(&mut opener, t, || 0.0);
        assert_eq!(opened.view.nodes.len(), 201);
        // Cancelled: nothing more is shown, busy or not.
        let t = later(opener.open(long_game(100), 0, At::Ply(None), 0.0, ticking(5.0)));
        opener.cancel();
        assert!(opener.busy());
        assert!(opener.resume(t, || 0.0).is_dropped());
    }

    #[test]
    fn the_places_to_show() {
        let g = game("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *");
        let view = ViewGame::build(&*g);
        let e4 = view.next(0).unwrap();
        let e5 = view.next(e4).unwrap();
        assert_eq!(At::Ply(None).node(&view), 0);
        assert_eq!(At::Ply(Some("first".into())).node(&view), 0);
        assert_eq!(At::Ply(Some("2".into())).node(&view), e5);
        assert_eq!(At::Ply(Some("last".into())).node(&view), view.line_end(0));
        let c5 = view.node(e4).children[1];
        assert_eq!(At::Ply(Some("1,1".into())).node(&view), c5);
        assert_eq!(At::Key(view.node(c5).key).node(&view), c5);
        // A key the game does not have: the start.
        let other = ViewGame::build(&*long_game(10));
        assert_eq!(At::Key(other.node(other.line_end(0)).key).node(&view), 0);
    }

    impl Next {
        fn is_dropped(&self) -> bool {
            matches!(self, Next::Dropped)
        }
    }
}
