//! Repertoire training in the page: the open document (the shown game or
//! all its games) as a repertoire for a side, its progress read from and
//! written to the browser's store under the document's id (each time a
//! card is graded), the drill the board plays while training, and the
//! progress exported and imported as a JSON file. The day comes from the
//! page's clock through [`today`].

use std::rc::Rc;

use movetext_core::shakmaty::{Color, Move};
use movetext_core::Game;
use movetext_view::game::game_source::open_first_game;
use movetext_view::game::model::{NodeIx, SharedGame};
use movetext_view::game::repertoire::cards::Cards;
use movetext_view::game::repertoire::deck::{day_of, Dashboard, Deck, Refused};
use movetext_view::game::repertoire::drill::{Drill, Feedback, Scope};
use movetext_view::game::repertoire::schedule::Day;
use movetext_view::game::repertoire::session::Session as CardSession;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use yew::prelude::*;

use crate::components::repertoire_panel::RepertoireActions;
use crate::i18n::Lang;
use crate::page::guess_cost::WrongAnswer;
use crate::page::session::Session;
use crate::state::persist;
use crate::state::repertoire_view::{Note, RepertoireView};

/// The most games of a file taken as one repertoire.
pub const MAX_GAMES: usize = 1_000;

/// Today, from the page's clock (`Date.now()`, at local midnight): the one
/// clock of the repertoire's schedule.
pub fn today() -> Day {
    day_of(js_sys::Date::now(), js_sys::Date::new_0().get_timezone_offset())
}

/// Repertoire training and what the page can do with it.
#[derive(Clone, PartialEq)]
pub struct RepertoireHandle {
    /// What the panel shows.
    pub view: RepertoireView,
    /// The drill's line as a game, and its last node, for the board.
    pub board: Option<(SharedGame, NodeIx)>,
    /// What the panel's controls do.
    pub actions: RepertoireActions,
}

impl RepertoireHandle {
    /// Whether a drill is under way.
    pub fn drilling(&self) -> bool {
        self.view.drilling()
    }

    /// The drill's last answer, if it was wrong (for the engine to weigh).
    pub fn wrong_answer(&self) -> Option<WrongAnswer> {
        let d = self.view.drill.as_ref().filter(|_| self.drilling())?;
        match (&d.feedback, &d.missed_at) {
            (Some(Feedback::Wrong { tried, right }), Some(pos)) => {
                Some((d.wrong, pos.clone(), tried.clone(), right.clone()))
            }
            _ => None,
        }
    }
}

/// The games of the repertoire: the shown one (with its edits), or every
/// game of the file up to [`MAX_GAMES`].
fn repertoire_games(session: &Session, all: bool) -> Vec<Rc<Game>> {
    let lib = session.library.lib.borrow();
    let edits = session.edits.borrow();
    if all {
        (0..lib.len().min(MAX_GAMES)).filter_map(|i| edits.game(&lib, i)).collect()
    } else {
        edits.game(&lib, session.viewer.game_index).into_iter().collect()
    }
}

/// Why a file was refused, in words.
fn refused_words(lang: Lang, why: &Refused) -> String {
    match why {
        Refused::NotJson(detail) => lang.say("repertoire-import-not-json", &[("detail", detail)]),
        Refused::NotProgress => lang.text("repertoire-import-not-progress").to_owned(),
        Refused::Version(v) => lang.say("repertoire-import-version", &[("version", &v.to_string())]),
        Refused::BadCard(key) => lang.say("repertoire-import-bad-card", &[("key", key)]),
    }
}

/// Writes the progress of document `id`; a failure is said in the panel
/// (the document itself is untouched: the progress is a record of its own).
fn save(id: String, deck: &Deck, note: UseStateHandle<Option<Note>>, lang: Lang) {
    if id.is_empty() {
        return;
    }
    let json = deck.to_json();
    spawn_local(async move {
        match persist::put_progress(&id, &json).await {
            Ok(()) => {
                if note.as_ref().is_some_and(|n| n.error) {
                    note.set(None);
                }
            }
            Err(e) => note.set(Some(Note::error(lang.say("repertoire-not-kept", &[("reason", &e.reason)])))),
        }
    });
}

/// Reads the progress of document `id` into `deck`.
fn load(id: String, deck: UseStateHandle<Option<Rc<Deck>>>, note: UseStateHandle<Option<Note>>, lang: Lang) {
    spawn_local(async move {
        match persist::progress(&id).await {
            Ok(Some(json)) => match Deck::from_json(&json) {
                Ok(d) => deck.set(Some(Rc::new(d))),
                Err(why) => {
                    note.set(Some(Note::error(refused_words(lang, &why))));
                    deck.set(Some(Rc::default()));
                }
            },
            Ok(None) => deck.set(Some(Rc::default())),
            Err(e) => {
                note.set(Some(Note::error(lang.say("repertoire-not-read", &[("reason", &e.reason)]))));
                deck.set(Some(Rc::default()));
            }
        }
    });
}

/// Repertoire training over the page's open document.
#[hook]
pub fn use_repertoire(session: &Session, lang: Lang) -> RepertoireHandle {
    let open = use_state_eq(|| false);
    let side = use_state_eq(|| Color::White);
    let all_games = use_state_eq(|| false);
    let scope = use_state_eq(Scope::default);
    let deck = use_state(|| None::<Rc<Deck>>);
    let drill = use_state(|| None::<Rc<Drill>>);
    let note = use_state(|| None::<Note>);
    let doc_id = session.jobs.doc.borrow().id.clone();
    // The progress is read when the panel is open, again for another document.
    {
        let (deck, drill, note) = (deck.clone(), drill.clone(), note.clone());
        use_effect_with((*open, doc_id.clone()), move |(open, id)| {
            drill.set(None);
            deck.set(None);
            // A document never stored (the sample) keeps its progress in
            // the page only.
            match (*open, id.is_empty()) {
                (true, false) => load(id.clone(), deck, note, lang),
                (true, true) => deck.set(Some(Rc::default())),
                _ => {}
            }
        });
    }
    let cards =
        {
            let lib = session.library.lib.borrow();
            let deps = (*open, *side, *all_games, session.viewer.game.clone(), session.viewer.game_index, lib.len());
            let session = session.clone();
            use_memo(deps, move |(open, side, all, _, _, _)| {
                if *open {
                    Rc::new(Cards::of(&repertoire_games(&session, *all), *side))
                } else {
                    Rc::default()
                }
            })
        };
    let dashboard = Rc::new(match deck.as_ref() {
        Some(d) => Dashboard::of(&cards, d, today()),
        None => Dashboard::default(),
    });
    let board = {
        let pgn = drill.as_ref().map(|d| d.pgn());
        use_memo(pgn, |pgn| {
            pgn.as_ref().map(|pgn| {
                let game = open_first_game(pgn.as_bytes());
                let last = game.line_end(0);
                (SharedGame(Rc::new(game)), last)
            })
        })
    };
    let parts = Parts { open, side, all_games, scope, deck, drill, note, cards: (*cards).clone() };
    RepertoireHandle {
        view: RepertoireView {
            open: *parts.open,
            side: *parts.side,
            all_games: *parts.all_games,
            scope: *parts.scope,
            deck: (*parts.deck).clone(),
            dashboard,
            drill: (*parts.drill).clone(),
            note: (*parts.note).clone(),
        },
        board: (*board).clone(),
        actions: actions(session, lang, &parts),
    }
}

/// The hook's states, for the callbacks.
struct Parts {
    open: UseStateHandle<bool>,
    side: UseStateHandle<Color>,
    all_games: UseStateHandle<bool>,
    scope: UseStateHandle<Scope>,
    deck: UseStateHandle<Option<Rc<Deck>>>,
    drill: UseStateHandle<Option<Rc<Drill>>>,
    note: UseStateHandle<Option<Note>>,
    cards: Rc<Cards>,
}

/// What the panel's controls do.
fn actions(session: &Session, lang: Lang, p: &Parts) -> RepertoireActions {
    // The progress of a document never stored (the sample) is the page's only.
    let doc_id = {
        let doc = session.jobs.doc.borrow();
        if doc.stored || doc.storing {
            doc.id.clone()
        } else {
            String::new()
        }
    };
    let toggle = {
        let open = p.open.clone();
        Callback::from(move |()| open.set(!*open))
    };
    let set_side = {
        let (side, drill) = (p.side.clone(), p.drill.clone());
        Callback::from(move |c: Color| {
            drill.set(None);
            side.set(c);
        })
    };
    let set_all = {
        let (all, drill) = (p.all_games.clone(), p.drill.clone());
        Callback::from(move |a: bool| {
            drill.set(None);
            all.set(a);
        })
    };
    let set_scope = {
        let scope = p.scope.clone();
        Callback::from(move |s: Scope| scope.set(s))
    };
    let start = {
        let (deck, drill, note, cards, scope) =
            (p.deck.clone(), p.drill.clone(), p.note.clone(), p.cards.clone(), *p.scope);
        let (game, current) = (session.viewer.game.clone(), session.viewer.current);
        Callback::from(move |()| {
            let Some(d) = deck.as_ref() else { return };
            let day = today();
            let mut s = CardSession::new(cards.clone(), day, d.new_left(day));
            if let Some(keys) = scope.keys(&game, current) {
                s = s.only(keys);
            }
            let started = Drill::new(s, d, day, js_sys::Date::now());
            if started.finished {
                note.set(Some(Note::said(lang.text("repertoire-nothing-due"))));
                drill.set(None);
            } else {
                note.set(None);
                drill.set(Some(Rc::new(started)));
            }
        })
    };
    let stop = {
        let drill = p.drill.clone();
        Callback::from(move |()| drill.set(None))
    };
    let hint = {
        let drill = p.drill.clone();
        Callback::from(move |()| {
            let Some(d) = drill.as_ref() else { return };
            let mut d = (**d).clone();
            d.hint();
            drill.set(Some(Rc::new(d)));
        })
    };
    let answer = {
        let (deck, drill, note, id) = (p.deck.clone(), p.drill.clone(), p.note.clone(), doc_id.clone());
        Callback::from(move |m: Move| {
            let (Some(d), Some(k)) = (drill.as_ref(), deck.as_ref()) else { return };
            let (mut d, mut k) = ((**d).clone(), (**k).clone());
            if d.answer(m, &mut k, js_sys::Date::now()).is_none() {
                return;
            }
            save(id.clone(), &k, note.clone(), lang);
            if d.finished {
                let (right, wrong) = (d.right.to_string(), d.wrong.to_string());
                note.set(Some(Note::said(&lang.say("repertoire-done", &[("right", &right), ("wrong", &wrong)]))));
            }
            deck.set(Some(Rc::new(k)));
            drill.set(Some(Rc::new(d)));
        })
    };
    let set_limit = {
        let (deck, note, id) = (p.deck.clone(), p.note.clone(), doc_id.clone());
        Callback::from(move |n: u32| {
            let Some(k) = deck.as_ref() else { return };
            if k.new_per_day == n {
                return;
            }
            let k = Deck { new_per_day: n, ..(**k).clone() };
            save(id.clone(), &k, note.clone(), lang);
            deck.set(Some(Rc::new(k)));
        })
    };
    let export = {
        let deck = p.deck.clone();
        Callback::from(move |()| {
            let Some(k) = deck.as_ref() else { return };
            let parts = js_sys::Array::of1(&k.to_json().into());
            let options = web_sys::BlobPropertyBag::new();
            options.set_type("application/json");
            if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) {
                crate::dialogs::export_panel::offer("repertoire-progress.json", &blob);
            }
        })
    };
    let import = {
        let (deck, drill, note, id) = (p.deck.clone(), p.drill.clone(), p.note.clone(), doc_id);
        Callback::from(move |file: web_sys::File| {
            let (deck, drill, note, id) = (deck.clone(), drill.clone(), note.clone(), id.clone());
            spawn_local(async move {
                let text = JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string());
                let Some(text) = text else {
                    note.set(Some(Note::error(lang.text("repertoire-import-unreadable").to_owned())));
                    return;
                };
                match Deck::from_json(&text) {
                    Ok(k) => {
                        let n = k.cards.len() as u64;
                        save(id, &k, note.clone(), lang);
                        drill.set(None);
                        deck.set(Some(Rc::new(k)));
                        note.set(Some(Note::said(&lang.count("repertoire-imported", n))));
                    }
                    Err(why) => note.set(Some(Note::error(refused_words(lang, &why)))),
                }
            });
        })
    };
    RepertoireActions { toggle, set_side, set_all, set_scope, set_limit, start, stop, hint, answer, export, import }
}
