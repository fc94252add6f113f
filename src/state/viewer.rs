//! The state of a game being shown: the open game, the shown node, the
//! orientation and autoplay, and what can change them (buttons, keys,
//! clicks, the wheel, autoplay), with the hooks that wire them up.

use std::collections::HashMap;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_timers::callback::Timeout;
use movetext_core::rules::AnyPosition;
use movetext_core::shakmaty::{fen::Fen, CastlingMode, Chess, Move, Position};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use movetext_view::game::model::{NodeIx, SharedGame, ViewGame};
use movetext_view::game::move_times::move_times;

use movetext_view::game::viewer::WheelSteps;
pub use movetext_view::game::viewer::{Action, Nav, ViewerState};

/// The state of the viewer ([`ViewerState`]: the open game, the shown node,
/// the orientation and autoplay), as the page's reducer holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Viewer(pub ViewerState);

impl std::ops::Deref for Viewer {
    type Target = ViewerState;

    fn deref(&self) -> &ViewerState {
        &self.0
    }
}

impl std::ops::DerefMut for Viewer {
    fn deref_mut(&mut self) -> &mut ViewerState {
        &mut self.0
    }
}

impl Viewer {
    /// A viewer showing the start of a game.
    pub fn new(game: ViewGame) -> Viewer {
        Viewer(ViewerState::new(game))
    }

    /// A viewer showing node `at` of game `index` of a file.
    pub fn opened(game: SharedGame, index: usize, at: NodeIx) -> Viewer {
        Viewer(ViewerState::opened(game, index, at))
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
            let mut wheel = WheelSteps::default();
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&el, "wheel", options, move |event| {
                let Some(event) = event.dyn_ref::<web_sys::WheelEvent>() else { return };
                event.prevent_default();
                if let Some(nav) = wheel.add(event.delta_y(), event.delta_mode()) {
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

/// The legal moves in a FEN (none when not `enabled`), computed once per
/// FEN; those of `variant`, a variant's position whose FEN it is, when
/// given (its drops among them).
#[hook]
pub fn use_legal_moves(fen: &str, enabled: bool, variant: Option<&AnyPosition>) -> Rc<Vec<Move>> {
    let variant = variant.cloned();
    use_memo((fen.to_owned(), enabled), move |(fen, enabled)| {
        if !*enabled {
            return Vec::new();
        }
        if let Some(pos) = variant {
            return pos.legal_moves().into_iter().collect();
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
    use crate::page::app::SAMPLE_PGN;
    use movetext_view::game::game_source;

    #[test]
    fn the_sample_game_walks_to_its_mate() {
        let mut v = Viewer::new(game_source::open_first_game(SAMPLE_PGN.as_bytes()));
        v.apply(Action::Nav(Nav::Last));
        assert_eq!(v.game.node(v.current).san, "Rd8#");
    }
}
