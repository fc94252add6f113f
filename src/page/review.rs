//! "Analyse game" in the page: a second Stockfish worker of its own (the
//! analysis of the shown position goes on beside it) evaluates every
//! main-line position in turn; when it is done, the evaluations and marks
//! are written into the game as one edit. Changing the game or cancelling
//! stops it; nothing is written then.

use std::cell::RefCell;
use std::rc::Rc;

use movetext_view::game::editing::EditOp;
use movetext_view::game::model::SharedGame;
use movetext_view::game::review::{Review, ReviewStep};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::page::analysis::{end_later, review_job, WorkerJob};

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

/// The steps of a game's main line (none in a variant's game: the engine
/// plays standard chess only).
fn steps(game: &SharedGame) -> Vec<ReviewStep> {
    game.main_line()
        .into_iter()
        .map_while(|ix| {
            let n = game.node(ix);
            let pos = movetext_core::rules::standard_of(&n.pos)?;
            Some(ReviewStep { node: n.mv.map(|_| n.key), by_white: n.by_white, nags: n.nags.clone(), pos })
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
            let on_update = {
                let (running, progress, latest) = (running.clone(), progress.setter(), latest.clone());
                let shown = std::cell::Cell::new(review.borrow().progress());
                move |review: &Review| {
                    if review.progress() != shown.get() {
                        shown.set(review.progress());
                        progress.set(Some(review.progress()));
                    }
                    if review.done() && running.borrow().is_some() {
                        let annotations = review.annotations();
                        let edit = latest.borrow().2.clone();
                        progress.set(None);
                        end_later(&running);
                        edit.emit(EditOp::Annotate(annotations));
                    }
                }
            };
            let on_error = {
                let (running, progress, message) = (running.clone(), progress.setter(), message.setter());
                move || {
                    end_later(&running);
                    progress.set(None);
                    message.set(Some(lang.text("engine-not-loaded").into()));
                }
            };
            let first = review.borrow().progress();
            let Some(job) = review_job(review, on_update, on_error) else {
                message.set(Some(lang.text("engine-not-started").into()));
                return;
            };
            message.set(None);
            progress.set(Some(first));
            *running.borrow_mut() = Some(Running { _job: job, game: (index, game) });
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
