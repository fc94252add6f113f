//! "How much worse by the engine": while training with the analysis on, a
//! wrong guess has a Stockfish worker of its own evaluate the position after
//! the guessed move and after the game's move, and the difference is told
//! from the guessing side's view ("Your move: −0.80 compared with the game
//! move"). Another guess, a move on, or the analysis turned off ends it.

use std::cell::RefCell;
use std::rc::Rc;

use movetext_core::commands::Eval;
use movetext_core::rules::standard_of;
use movetext_core::shakmaty::san::San;
use movetext_core::shakmaty::{Chess, Position};
use movetext_view::game::model::{NodeIx, SharedGame, ViewGame};
use movetext_view::game::review::{Review, ReviewStep};
use movetext_view::game::training::{Feedback, Training};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::page::analysis::{end_later, review_job, WorkerJob};

/// Milliseconds of search for each of the two positions.
const MOVETIME: u32 = 600;

/// Evaluations are capped at this many centipawns (a mate counts as this).
const CAP: i32 = 1000;

/// A comparison under way: its engine and listeners (dropping it ends the worker).
type Running = WorkerJob;

/// Which wrong guess a note is about: the position and the count of wrong
/// guesses when it was made.
type GuessKey = (NodeIx, u32);

/// An evaluation in centipawns from White's side, capped at ±[`CAP`].
fn centipawns(eval: Eval) -> i32 {
    match eval {
        Eval::Pawns { centipawns } => centipawns.clamp(-CAP, CAP),
        Eval::Mate(n) if n > 0 => CAP,
        Eval::Mate(n) if n < 0 => -CAP,
        // Mated already: the side to move has lost; not met after a move.
        Eval::Mate(_) => 0,
    }
}

/// What a guess costs (or gains) against the game's move, by the side that
/// moved (`white`): `−0.80`, `+0.15`, `0.00` pawns.
/// (`key`: the message that says it.)
pub fn cost_text(lang: Lang, key: &str, after_guess: Eval, after_game: Eval, white: bool) -> String {
    let sign = if white { 1 } else { -1 };
    let diff = sign * (centipawns(after_guess) - centipawns(after_game));
    let pawns = format!("{}.{:02}", diff.unsigned_abs() / 100, diff.unsigned_abs() % 100);
    let text = match diff.signum() {
        1 => format!("+{pawns}"),
        -1 => format!("\u{2212}{pawns}"),
        _ => pawns,
    };
    lang.say(key, &[("cost", &text)])
}

/// The positions after the guess written `tried` and after the game's move,
/// from the position of node `at`.
fn positions(game: &ViewGame, at: NodeIx, tried: &str) -> Option<(Chess, Chess)> {
    // The engine plays standard chess only.
    let pos = standard_of(&game.nodes.get(at)?.pos)?;
    let next = game.next(at)?;
    let played = tried.parse::<San>().ok()?.to_move(&pos).ok()?;
    Some((pos.play(played).ok()?, standard_of(&game.node(next).pos)?))
}

/// The engine's note on the latest wrong guess, while training with the
/// analysis `on`: "…" while the engine works, then the cost of the guess.
#[hook]
pub(crate) fn use_guess_cost(
    on: bool,
    game: &SharedGame,
    current: NodeIx,
    training: Option<&Training>,
    lang: Lang,
) -> Option<AttrValue> {
    let running = use_mut_ref(|| None::<Running>);
    let note = use_state_eq(|| None::<(GuessKey, AttrValue)>);
    let wrong = training.and_then(|t| match &t.feedback {
        Some(Feedback::Wrong(tried)) => Some(((current, t.wrong), tried.clone())),
        _ => None,
    });
    let key = wrong.as_ref().filter(|_| on).map(|(k, _)| *k);
    {
        let (running, note, game) = (running.clone(), note.clone(), game.clone());
        use_effect_with(key, move |key| {
            // Whatever was under way is about another guess.
            *running.borrow_mut() = None;
            let (Some(key), Some((_, tried))) = (*key, wrong) else { return };
            let Some(after) = positions(&game, key.0, &tried) else { return };
            let white = game.node(key.0).turn().is_white();
            weigh(&running, &note, key, after, white, ("guess-cost", "guess-comparing"), lang);
        });
    }
    {
        // Leaving the page's training ends the worker.
        let running = running.clone();
        use_effect_with((), move |_| move || drop(running.borrow_mut().take()));
    }
    note.as_ref().filter(|(k, _)| Some(*k) == key).map(|(_, text)| text.clone())
}

/// The note of a comparison: which wrong move it is about, and its words.
type Note = UseStateHandle<Option<(GuessKey, AttrValue)>>;

/// Has the engine weigh the position after a wrong move against the one
/// after the right move (`after`), for the side that moved (`white`); the
/// note says so while it works, then the cost (`words`: the keys of the
/// cost and of the note while it works).
fn weigh(
    running: &Rc<RefCell<Option<Running>>>,
    note: &Note,
    key: GuessKey,
    after: (Chess, Chess),
    white: bool,
    words: (&'static str, &'static str),
    lang: Lang,
) {
    let step = |pos: Chess| ReviewStep { node: None, by_white: white, nags: Vec::new(), pos };
    let review = Rc::new(RefCell::new(Review::new(vec![step(after.0), step(after.1)], MOVETIME)));
    let on_update = {
        let (running, note) = (running.clone(), note.clone());
        move |review: &Review| {
            if review.done() && running.borrow().is_some() {
                let text = match review.evals() {
                    [Some(guess), Some(played)] => cost_text(lang, words.0, *guess, *played, white),
                    _ => lang.text("engine-no-eval").to_owned(),
                };
                note.set(Some((key, text.into())));
                end_later(&running);
            }
        }
    };
    let on_error = {
        let (running, note) = (running.clone(), note.clone());
        move || {
            end_later(&running);
            note.set(Some((key, lang.text("engine-not-loaded").into())));
        }
    };
    let Some(job) = review_job(review, on_update, on_error) else {
        note.set(Some((key, lang.text("engine-not-started").into())));
        return;
    };
    note.set(Some((key, lang.text(words.1).into())));
    *running.borrow_mut() = Some(job);
}

/// A wrong answer in a repertoire's drill: its count in the drill, the
/// position it was made in, the move tried and the repertoire's (SAN).
pub(crate) type WrongAnswer = (u32, Chess, String, String);

/// The engine's note on the latest wrong answer of a repertoire's drill,
/// with the analysis `on`: as [`use_guess_cost`], against the repertoire's
/// move.
#[hook]
pub(crate) fn use_answer_cost(on: bool, wrong: Option<WrongAnswer>, lang: Lang) -> Option<AttrValue> {
    let running = use_mut_ref(|| None::<Running>);
    let note = use_state_eq(|| None::<(GuessKey, AttrValue)>);
    let key = wrong.as_ref().filter(|_| on).map(|w| (w.0 as NodeIx, 0));
    {
        let (running, note) = (running.clone(), note.clone());
        use_effect_with(key, move |key| {
            *running.borrow_mut() = None;
            let (Some(key), Some((_, pos, tried, right))) = (*key, wrong) else { return };
            let play = |san: &str| san.parse::<San>().ok()?.to_move(&pos).ok().and_then(|m| pos.clone().play(m).ok());
            let (Some(after_tried), Some(after_right)) = (play(&tried), play(&right)) else { return };
            let white = pos.turn().is_white();
            weigh(
                &running,
                &note,
                key,
                (after_tried, after_right),
                white,
                ("repertoire-cost", "repertoire-comparing"),
                lang,
            );
        });
    }
    {
        let running = running.clone();
        use_effect_with((), move |_| move || drop(running.borrow_mut().take()));
    }
    note.as_ref().filter(|(k, _)| Some(*k) == key).map(|(_, text)| text.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cost_is_told_from_the_guessing_side() {
        let cp = |centipawns| Eval::Pawns { centipawns };
        assert_eq!(
            cost_text(Lang::En, "guess-cost", cp(-50), cp(30), true),
            "Your move: \u{2212}0.80 compared with the game move (engine)"
        );
        assert_eq!(
            cost_text(Lang::En, "guess-cost", cp(-50), cp(30), false),
            "Your move: +0.80 compared with the game move (engine)"
        );
        assert_eq!(
            cost_text(Lang::En, "guess-cost", cp(12), cp(12), true),
            "Your move: 0.00 compared with the game move (engine)"
        );
        // A mate counts as ten pawns.
        assert_eq!(
            cost_text(Lang::En, "guess-cost", Eval::Mate(-3), cp(20), true),
            "Your move: \u{2212}10.20 compared with the game move (engine)"
        );
        assert_eq!(
            cost_text(Lang::En, "repertoire-cost", cp(-50), cp(30), true),
            "Your move: \u{2212}0.80 compared with the repertoire's move (engine)"
        );
    }

    #[test]
    fn the_positions_after_the_guess_and_after_the_game_move() {
        let game = movetext_view::game::game_source::open_first_game(b"1. e4 e5 *");
        let (guess, played) = positions(&game, 0, "d4").unwrap();
        assert_eq!(guess.board().piece_at(movetext_core::shakmaty::Square::D4).map(|p| p.role.char()), Some('p'));
        assert_eq!(Some(played), standard_of(&game.node(game.next(0).unwrap()).pos));
        assert!(positions(&game, 0, "Ke2").is_none(), "not a legal move");
        assert!(positions(&game, game.main_line()[2], "d4").is_none(), "no game move after the end");
    }
}
