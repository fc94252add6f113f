//! "Guess the move" in the app's viewer: while training, a move made on the board
//! is a guess at the game's next main-line move (not an edit); a right
//! guess goes on to it, and the other side's moves are played for the user
//! after a short pause.

use gloo_timers::callback::Timeout;
use movetext_core::shakmaty::{Color, Move};
use movetext_view::game::training::{Feedback, Training};
use yew::prelude::*;

use crate::state::viewer::{Action, Viewer};

/// How long the other side's move waits, in milliseconds.
const REPLY_MS: u32 = 600;

/// The training session and what the page can do with it.
#[derive(Clone, PartialEq)]
pub struct TrainingHandle {
    /// The session, while training.
    pub state: Option<Training>,
    /// Starts training as a side, from the shown position.
    pub start: Callback<Color>,
    /// Stops training.
    pub stop: Callback<()>,
    /// A move made on the board: a guess.
    pub guess: Callback<Move>,
    /// Shows where the game's move starts.
    pub hint: Callback<()>,
    /// Plays the game's move without a guess.
    pub reveal: Callback<()>,
}

/// The training of the game a viewer shows.
#[hook]
pub fn use_training(viewer: &UseReducerHandle<Viewer>) -> TrainingHandle {
    let state = use_state_eq(|| None::<Training>);
    let game = viewer.game.clone();
    let current = viewer.current;
    let next = game.next(current);
    let expected = next.and_then(|n| game.node(n).mv);
    let dispatcher = viewer.dispatcher();
    // The other side's move, played for the user.
    {
        let (state, dispatcher) = (state.clone(), dispatcher.clone());
        let to_move = game.node(current).turn();
        use_effect_with(((*state).clone().map(|t| t.side), current, game.clone()), move |(side, _, _)| {
            let reply = match (side, next) {
                (Some(side), Some(next)) if *side != to_move => {
                    Some(Timeout::new(REPLY_MS, move || dispatcher.dispatch(Action::Goto(next))))
                }
                (Some(_), None) => {
                    if let Some(mut t) = (*state).clone() {
                        if t.feedback != Some(Feedback::Done) {
                            t.feedback = Some(Feedback::Done);
                            state.set(Some(t));
                        }
                    }
                    None
                }
                _ => None,
            };
            move || drop(reply)
        });
    }
    let start = {
        let state = state.clone();
        Callback::from(move |side: Color| state.set(Some(Training::new(side))))
    };
    let stop = {
        let state = state.clone();
        Callback::from(move |()| state.set(None))
    };
    let written = move |ix: Option<usize>| ix.map(|n| game.numbered_san(n)).unwrap_or_default();
    let guess = {
        let (state, dispatcher, written) = (state.clone(), dispatcher.clone(), written.clone());
        let pos = viewer.game.node(current).pos.clone();
        Callback::from(move |played: Move| {
            let Some(mut t) = (*state).clone() else { return };
            let tried = movetext_core::shakmaty::san::San::from_move(&pos, played).to_string();
            let right = t.guess(expected.as_ref(), &played, &tried);
            if right {
                t.feedback = Some(Feedback::Right(written(next)));
                if let Some(n) = next {
                    dispatcher.dispatch(Action::Goto(n));
                }
            }
            state.set(Some(t));
        })
    };
    let hint = {
        let state = state.clone();
        Callback::from(move |()| {
            let Some(mut t) = (*state).clone() else { return };
            t.hint(expected.as_ref());
            state.set(Some(t));
        })
    };
    let reveal = {
        let state = state.clone();
        Callback::from(move |()| {
            let (Some(mut t), Some(n)) = ((*state).clone(), next) else { return };
            t.reveal(&written(Some(n)));
            state.set(Some(t));
            dispatcher.dispatch(Action::Goto(n));
        })
    };
    TrainingHandle { state: (*state).clone(), start, stop, guess, hint, reveal }
}
