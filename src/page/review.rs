//! "Analyse game" in the page: a second Stockfish worker of its own (the
//! analysis of the shown position goes on beside it) evaluates every
//! main-line position in turn; when it is done, the evaluations and marks
//! are written into the game as one edit. Changing the game or cancelling
//! stops it; nothing is written then.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use web_sys::{MessageEvent, Worker};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::page::analysis::{engine_script, post, WorkerJob};
use crate::state::editing::EditOp;
use crate::state::model::SharedGame;
use crate::state::review::{Review, ReviewStep};

/// A review under way: its engine, its listeners and its state.
struct Running {
    /// The engine and its listeners.
    _job: WorkerJob,
    /// The game reviewed (its index and view).
    game: (usize, SharedGame),
}

/// What the page draws of a review, and how to start and stop one.
#[derive(Clone, PartialEq)]
pub(crate) struct ReviewHandle {
    /// Positions evaluated and all of them, while a review runs.
    pub progress: Option<(usize, usize)>,
    /// Starts a review with so many milliseconds a position.
    pub start: Callback<u32>,
    /// Stops the review; nothing is written.
    pub cancel: Callback<()>,
    /// Why the last review stopped without writing, if it did.
    pub message: Option<AttrValue>,
}

/// The steps of a game's main line.
fn steps(game: &SharedGame) -> Vec<ReviewStep> {
    game.main_line()
        .into_iter()
        .map(|ix| {
            let n = game.node(ix);
            ReviewStep { node: n.mv.map(|_| n.key), by_white: n.by_white, nags: n.nags.clone(), pos: n.pos.clone() }
        })
        .collect()
}

/// The review of the shown game (`index`, `game`); `edit` writes its result.
#[hook]
pub(crate) fn use_review(index: usize, game: &SharedGame, edit: &Callback<EditOp>, lang: Lang) -> ReviewHandle {
    let running = use_mut_ref(|| None::<Running>);
    let progress = use_state_eq(|| None::<(usize, usize)>);
    let message = use_state_eq(|| None::<AttrValue>);
    // The latest game and edit callback, for the review's end.
    let latest = use_mut_ref(|| (index, game.clone(), edit.clone()));
    *latest.borrow_mut() = (index, game.clone(), edit.clone());
    {
        // Another game, or an edit, stops the review.
        let (running, progress) = (running.clone(), progress.setter());
        use_effect_with((index, game.clone()), move |(index, game)| {
            let changed = running.borrow().as_ref().is_some_and(|r| r.game.0 != *index || r.game.1 != *game);
            if changed {
                *running.borrow_mut() = None;
                progress.set(None);
            }
        });
    }
    let start = {
        let (running, progress, message, latest) = (running.clone(), progress.clone(), message.clone(), latest.clone());
        Callback::from(move |movetime: u32| {
            let (index, game, _) = latest.borrow().clone();
            let review = Rc::new(RefCell::new(Review::new(steps(&game), movetime)));
            let (script, threads) = engine_script();
            let Ok(worker) = Worker::new(script) else {
                message.set(Some(lang.text("engine-not-started").into()));
                return;
            };
            message.set(None);
            let on_message = {
                let (worker, review, running, progress, latest) =
                    (worker.clone(), review.clone(), running.clone(), progress.setter(), latest.clone());
                Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                    let Some(text) = e.data().as_string() else { return };
                    for line in text.lines() {
                        let commands = if line == "readyok" {
                            review.borrow_mut().start()
                        } else {
                            let before = review.borrow().progress();
                            let next = review.borrow_mut().receive(line);
                            if review.borrow().progress() != before {
                                progress.set(Some(review.borrow().progress()));
                            }
                            next
                        };
                        post(&worker, commands);
                    }
                    if review.borrow().done() && running.borrow().is_some() {
                        let annotations = review.borrow().annotations();
                        let edit = latest.borrow().2.clone();
                        progress.set(None);
                        // Ends the worker (after this listener has run).
                        let ended = running.borrow_mut().take();
                        wasm_bindgen_futures::spawn_local(async move { drop(ended) });
                        edit.emit(EditOp::Annotate(annotations));
                    }
                })
            };
            let on_error = {
                let (running, progress, message) = (running.clone(), progress.setter(), message.setter());
                Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                    let ended = running.borrow_mut().take();
                    wasm_bindgen_futures::spawn_local(async move { drop(ended) });
                    progress.set(None);
                    message.set(Some(lang.text("engine-not-loaded").into()));
                })
            };
            post(&worker, vec!["uci".into()]);
            post(&worker, threads);
            post(&worker, vec!["isready".into()]);
            progress.set(Some(review.borrow().progress()));
            *running.borrow_mut() =
                Some(Running { _job: WorkerJob::new(worker, on_message, on_error), game: (index, game) });
        })
    };
    let cancel = {
        let (running, progress) = (running.clone(), progress.setter());
        Callback::from(move |()| {
            *running.borrow_mut() = None;
            progress.set(None);
        })
    };
    ReviewHandle { progress: *progress, start, cancel, message: (*message).clone() }
}
