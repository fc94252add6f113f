//! The state of a game being shown: the open game, the shown node, the
//! orientation and autoplay, and what can change them (buttons, keys,
//! clicks, the wheel, autoplay), with the hooks that wire them up. Shared by
//! the app and the widget.

use std::collections::HashMap;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_timers::callback::Timeout;
use movetext_core::shakmaty::{fen::Fen, CastlingMode, Chess, Move, Position};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::state::model::{NodeIx, SharedGame, ViewGame};
use crate::state::move_times::move_times;

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
    /// Autoplay at the pace the moves were played, this many times as
    /// fast (none: at the delay).
    pub pace: Option<u32>,
}

/// A navigation request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// Go to the start position.
    First,
    /// Go one move back.
    Prev,
    /// Go one move forward along the main line from here.
    Next,
    /// Go to the end of the current line.
    Last,
    /// Turn the board around.
    Flip,
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
    /// Autoplay at the real pace, this many times as fast, or at the delay.
    Pace(Option<u32>),
}

impl Viewer {
    /// A viewer showing the start of a game.
    pub fn new(game: ViewGame) -> Viewer {
        Viewer::opened(SharedGame(Rc::new(game)), 0, 0)
    }

    /// A viewer showing node `at` of game `index` of a file.
    pub fn opened(game: SharedGame, index: usize, at: NodeIx) -> Viewer {
        Viewer {
            current: at.min(game.nodes.len().saturating_sub(1)),
            game,
            game_index: index,
            flipped: false,
            playing: false,
            delay: 1000,
            pace: None,
        }
    }

    /// Applies an action.
    pub fn apply(&mut self, action: Action) {
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
            // A game without moves has nothing to play.
            Action::TogglePlay if !self.playing && g.next(0).is_none() => {}
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
            Action::Delay(ms) => {
                self.delay = ms.clamp(50, 60_000);
                self.pace = None;
            }
            Action::Pace(pace) => self.pace = pace.map(|f| f.max(1)),
        }
    }
}

impl Reducible for Viewer {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        crate::state::changed(self, |next| next.apply(action))
    }
}

/// The callbacks of the controls and the move list, the same across
/// renders (so the move list is drawn again only for another game).
pub struct ViewerCallbacks {
    /// A navigation button.
    pub on_nav: Callback<Nav>,
    /// A click on a move.
    pub on_select: Callback<NodeIx>,
    /// The autoplay button.
    pub on_play: Callback<()>,
    /// The autoplay delay.
    pub on_delay: Callback<u32>,
    /// Autoplay at the real pace (a speed factor), or not.
    pub on_pace: Callback<Option<u32>>,
}

/// The controls' and move list's callbacks for a viewer.
#[hook]
pub fn use_viewer_callbacks(dispatcher: UseReducerDispatcher<Viewer>) -> ViewerCallbacks {
    let d = dispatcher.clone();
    let on_nav = use_callback((), move |nav, _| d.dispatch(Action::Nav(nav)));
    let d = dispatcher.clone();
    let on_select = use_callback((), move |ix, _| d.dispatch(Action::Goto(ix)));
    let d = dispatcher.clone();
    let on_play = use_callback((), move |(), _| d.dispatch(Action::TogglePlay));
    let on_delay = {
        let dispatcher = dispatcher.clone();
        use_callback((), move |ms, _| dispatcher.dispatch(Action::Delay(ms)))
    };
    let on_pace = use_callback((), move |pace, _| dispatcher.dispatch(Action::Pace(pace)));
    ViewerCallbacks { on_nav, on_select, on_play, on_delay, on_pace }
}

/// Steps through the moves with the mouse wheel over `area`, when enabled.
#[hook]
pub fn use_wheel_steps(area: NodeRef, dispatcher: UseReducerDispatcher<Viewer>, enabled: bool) {
    use_effect_with(enabled, move |&enabled| {
        let listener = area.cast::<web_sys::Element>().filter(|_| enabled).map(|el| {
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

/// How autoplay runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Autoplay {
    /// It is on.
    pub playing: bool,
    /// Milliseconds between moves.
    pub delay: u32,
    /// At the real pace, this many times as fast, instead.
    pub pace: Option<u32>,
}

/// Plays the next move while autoplay is on: after the viewer's delay, or
/// at the real pace after the time the next main-line move took (divided
/// by the pace; between 0.1 and 30 seconds; the delay for a move whose
/// time is not known).
#[hook]
pub fn use_autoplay(dispatcher: UseReducerDispatcher<Viewer>, game: &SharedGame, current: NodeIx, autoplay: Autoplay) {
    let times = use_memo(game.clone(), |game| {
        move_times(game).into_iter().filter_map(|t| Some((t.node, t.tenths?))).collect::<HashMap<_, _>>()
    });
    let next = game.next(current);
    let wait = match (autoplay.pace, next.and_then(|n| times.get(&n))) {
        (Some(pace), Some(&tenths)) => (tenths.saturating_mul(100) / pace).clamp(100, 30_000),
        _ => autoplay.delay,
    };
    use_effect_with((autoplay.playing, wait, current), move |&(playing, wait, _)| {
        let timeout = playing.then(|| Timeout::new(wait, move || dispatcher.dispatch(Action::Tick)));
        move || drop(timeout)
    });
}

/// The legal moves in a FEN (none when not `enabled`), computed once per FEN.
#[hook]
pub fn use_legal_moves(fen: &str, enabled: bool) -> Rc<Vec<Move>> {
    use_memo((fen.to_owned(), enabled), |(fen, enabled)| {
        if !*enabled {
            return Vec::new();
        }
        Fen::from_ascii(fen.as_bytes())
            .ok()
            .and_then(|f| f.into_position::<Chess>(CastlingMode::Chess960).ok())
            .map(|pos| pos.legal_moves().into_iter().collect())
            .unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_without_moves_does_not_play() {
        let mut v = Viewer::new(crate::state::loader::open_first_game(b"[White \"A\"]\n\n*"));
        v.apply(Action::TogglePlay);
        assert!(!v.playing);
        let mut v = Viewer::new(crate::state::loader::open_first_game(b"1. e4 *"));
        v.apply(Action::TogglePlay);
        assert!(v.playing);
    }
    use crate::page::app::SAMPLE_PGN;
    use crate::state::loader;

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
}
