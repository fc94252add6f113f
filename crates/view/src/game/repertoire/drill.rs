//! A drill on the board: a [`Session`] with the position it stands at, the
//! line played to it, the card asked, its hints and when it was asked, and
//! what the last answer was. The opponent's replies are played at once;
//! where a line ends with cards still to ask, the drill starts again from
//! the start. Which cards a drill keeps to (a line, a subtree) is chosen
//! from the shown game ([`line_keys`], [`subtree_keys`]).

use std::collections::BTreeSet;

use movetext_core::positions::PositionKey;
use movetext_core::shakmaty::fen::Fen;
use movetext_core::shakmaty::san::San;
use movetext_core::shakmaty::{CastlingMode, Chess, Move, Position, Square};

use crate::game::model::{NodeIx, ViewGame};
use crate::game::repertoire::deck::Deck;
use crate::game::repertoire::schedule::Day;
use crate::game::repertoire::session::{Session, Step};

/// What the last step of the drill was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// A right answer (the move, in SAN).
    Right(String),
    /// A wrong answer: the move tried and the right one, played instead.
    Wrong {
        /// The move tried.
        tried: String,
        /// The repertoire's move.
        right: String,
    },
    /// A hint: the square of the piece the repertoire moves.
    Hint(Square),
}

/// What a drill keeps to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scope {
    /// Every card of the repertoire.
    #[default]
    All,
    /// The shown line's ([`line_keys`]).
    Line,
    /// Those from the shown position on ([`subtree_keys`]).
    Subtree,
}

impl Scope {
    /// The keys a drill of this scope keeps to, from node `current` of the
    /// shown game (`None`: every card).
    pub fn keys(self, game: &ViewGame, current: NodeIx) -> Option<BTreeSet<u64>> {
        match self {
            Scope::All => None,
            Scope::Line => Some(line_keys(game, current)),
            Scope::Subtree => Some(subtree_keys(game, current)),
        }
    }
}

/// A drill.
#[derive(Clone, Debug, PartialEq)]
pub struct Drill {
    session: Session,
    start: Chess,
    pos: Chess,
    /// The moves (SAN) from the start to where the line stands.
    pub line: Vec<String>,
    /// The card asked, if one is.
    pub asking: Option<u64>,
    /// Hints given for the card asked.
    pub hints: u32,
    /// When the card was asked (the page's clock, in milliseconds).
    pub asked_at: f64,
    /// What the last step was.
    pub feedback: Option<Feedback>,
    /// Right answers in this drill.
    pub right: u32,
    /// Wrong answers in this drill.
    pub wrong: u32,
    /// Nothing is left to ask today.
    pub finished: bool,
    /// The position of the last wrong answer.
    pub missed_at: Option<Chess>,
    today: Day,
}

impl Drill {
    /// A drill of `session` on `today`, at `now`: it goes to the first card.
    pub fn new(session: Session, deck: &Deck, today: Day, now: f64) -> Drill {
        let start = session
            .cards()
            .start_fen
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
            .unwrap_or_default();
        let mut drill = Drill {
            session,
            pos: start.clone(),
            start,
            line: Vec::new(),
            asking: None,
            hints: 0,
            asked_at: now,
            feedback: None,
            right: 0,
            wrong: 0,
            finished: false,
            missed_at: None,
            today,
        };
        drill.advance(deck, now);
        drill
    }

    /// The position the line stands at.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The repertoire's moves where the card asked stands.
    pub fn answers(&self) -> &[String] {
        self.asking.and_then(|k| self.session.cards().cards.get(&k)).map_or(&[], |c| c.answers.as_slice())
    }

    /// Plays a move of the line (SAN) on the board's position.
    fn push(&mut self, san: &str) {
        if let Some(m) = san.parse::<San>().ok().and_then(|s| s.to_move(&self.pos).ok()) {
            self.pos.play_unchecked(m);
            self.line.push(san.to_owned());
        }
        self.session.play(san);
    }

    /// Goes on to the next card: the opponent's replies are played; a line
    /// with nothing more to ask starts again from the start, once.
    fn advance(&mut self, deck: &Deck, now: f64) {
        self.asking = None;
        let mut restarted = false;
        loop {
            match self.session.next(&deck.cards) {
                Step::Reply(san) => self.push(&san),
                Step::Ask(key) => {
                    self.asking = Some(key);
                    self.hints = 0;
                    self.asked_at = now;
                    return;
                }
                Step::Done if !restarted && !self.line.is_empty() => {
                    restarted = true;
                    self.session.restart();
                    self.pos = self.start.clone();
                    self.line.clear();
                }
                Step::Done => {
                    self.finished = true;
                    return;
                }
            }
        }
    }

    /// The user played `m` at `now` for the card asked: the card is graded
    /// in `deck`, and the drill goes on (a wrong answer with the right
    /// move). Whether it was right; `None` when no card is asked.
    pub fn answer(&mut self, m: Move, deck: &mut Deck, now: f64) -> Option<bool> {
        let key = self.asking?;
        let tried = San::from_move(&self.pos, m).to_string();
        let first = self.answers().first()?.clone();
        if deck.cards.get(&key).is_none_or(|p| p.is_new()) {
            deck.begin(self.today);
        }
        let ms = (now - self.asked_at).clamp(0.0, f64::from(u32::MAX)) as u32;
        let before = self.session.at;
        let right = self.session.answer(&tried, self.hints, ms, &mut deck.cards);
        // The session has gone on; the board follows it.
        self.session.at = before;
        let go_on = if right { tried.clone() } else { first.clone() };
        self.missed_at = (!right).then(|| self.pos.clone());
        self.push(&go_on);
        if right {
            self.right += 1;
            self.feedback = Some(Feedback::Right(tried));
        } else {
            self.wrong += 1;
            self.feedback = Some(Feedback::Wrong { tried, right: first });
        }
        self.advance(deck, now);
        Some(right)
    }

    /// A hint for the card asked: the square its move starts from.
    pub fn hint(&mut self) {
        let Some(first) = self.answers().first() else { return };
        let from = first.parse::<San>().ok().and_then(|s| s.to_move(&self.pos).ok()).and_then(|m| m.from());
        if let Some(from) = from {
            self.hints += 1;
            self.feedback = Some(Feedback::Hint(from));
        }
    }

    /// The line so far as PGN (with the start position when it is not the
    /// usual one), for the board to show.
    pub fn pgn(&self) -> String {
        let cards = self.session.cards();
        let mut text = String::new();
        if self.start != Chess::default() {
            text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n\n", cards.start_fen));
        }
        text.push_str(&cards.numbered(&self.line));
        text.push_str(" *\n");
        text
    }

    /// The line so far, numbered.
    pub fn numbered(&self) -> String {
        self.session.cards().numbered(&self.line)
    }
}

/// The keys of the positions of the shown line: from the start to node
/// `current`, then on along its main line.
pub fn line_keys(game: &ViewGame, current: NodeIx) -> BTreeSet<u64> {
    let mut keys = BTreeSet::new();
    let mut at = Some(current);
    while let Some(ix) = at {
        keys.insert(PositionKey::of_any(&game.node(ix).pos).0);
        at = game.node(ix).parent;
    }
    let mut next = game.next(current);
    while let Some(ix) = next {
        keys.insert(PositionKey::of_any(&game.node(ix).pos).0);
        next = game.next(ix);
    }
    keys
}

/// The keys of the positions at node `current` and after it, in every
/// variation.
pub fn subtree_keys(game: &ViewGame, current: NodeIx) -> BTreeSet<u64> {
    let mut keys = BTreeSet::new();
    let mut stack = vec![current];
    while let Some(ix) = stack.pop() {
        let node = game.node(ix);
        keys.insert(PositionKey::of_any(&node.pos).0);
        stack.extend(node.children.iter().copied());
    }
    keys
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::game::repertoire::cards::Cards;
    use movetext_core::shakmaty::Color;
    use movetext_core::{Game, GameReader};

    const DAY: Day = 20_000;
    const PGN: &str = "1. e4 e5 (1... c5 2. Nf3 d6 3. d4) 2. Nf3 Nc6 3. Bb5 *";

    fn drill(side: Color, only: Option<BTreeSet<u64>>, deck: &Deck) -> Drill {
        let games: Vec<Game> = GameReader::new(PGN.as_bytes()).collect();
        let mut session = Session::new(Rc::new(Cards::of(&games, side)), DAY, deck.new_left(DAY));
        if let Some(keys) = only {
            session = session.only(keys);
        }
        Drill::new(session, deck, DAY, 0.0)
    }

    fn mv(d: &Drill, san: &str) -> Move {
        san.parse::<San>().unwrap().to_move(d.position()).unwrap()
    }

    #[test]
    fn a_drill_asks_grades_shows_the_right_move_and_starts_again_from_the_start() {
        let mut deck = Deck::default();
        let mut d = drill(Color::White, None, &deck);
        assert_eq!((d.asking, d.line.len()), (Some(d.session.cards().start), 0));
        assert_eq!(d.answer(mv(&d, "e4"), &mut deck, 1_000.0), Some(true));
        assert_eq!(d.feedback, Some(Feedback::Right("e4".into())));
        // Black's reply is played at once: Nf3 is asked.
        assert_eq!(d.numbered(), "1. e4 e5");
        d.hint();
        assert_eq!(d.feedback, Some(Feedback::Hint(Square::G1)));
        assert_eq!(d.answer(mv(&d, "Nc3"), &mut deck, 2_000.0), Some(false));
        assert_eq!(d.feedback, Some(Feedback::Wrong { tried: "Nc3".into(), right: "Nf3".into() }));
        assert_eq!(d.missed_at.as_ref().map(|p| p.fullmoves().get()), Some(2), "the position of the wrong answer");
        assert_eq!(d.numbered(), "1. e4 e5 2. Nf3 Nc6");
        assert_eq!(d.pgn(), "1. e4 e5 2. Nf3 Nc6 *\n");
        assert_eq!(d.answer(mv(&d, "Bb5"), &mut deck, 3_000.0), Some(true));
        // The line ended: from the start again, to the line of 1... c5.
        assert_eq!(d.numbered(), "1. e4 c5");
        assert_eq!(d.answer(mv(&d, "Nf3"), &mut deck, 4_000.0), Some(true));
        assert_eq!(d.answer(mv(&d, "d4"), &mut deck, 5_000.0), Some(true));
        assert!(d.finished && d.asking.is_none());
        assert_eq!((d.right, d.wrong), (4, 1));
        assert_eq!(deck.cards.len(), 5);
        assert_eq!(deck.begun, (DAY, 5));
        assert!(deck.cards.values().filter(|p| p.due == DAY + 1).count() == 5);
        assert_eq!(d.answer(mv(&d, "a3"), &mut deck, 6_000.0), None);
    }

    #[test]
    fn a_drill_of_a_line_or_a_subtree_keeps_to_its_positions() {
        let games: Vec<Game> = GameReader::new(PGN.as_bytes()).collect();
        let view = ViewGame::build(&games[0]);
        // The node of 1... c5: its line is 1. e4 c5 2. Nf3 d6 3. d4.
        let c5 = (0..view.nodes.len()).find(|&i| view.node(i).san == "c5").unwrap();
        let deck = Deck::default();
        let mut d = drill(Color::White, Some(line_keys(&view, c5)), &deck);
        let mut deck2 = deck.clone();
        let mut moves = Vec::new();
        while !d.finished {
            let san = d.answers()[0].clone();
            moves.push(san.clone());
            d.answer(mv(&d, &san), &mut deck2, 0.0);
        }
        assert_eq!(moves, ["e4", "Nf3", "d4"]);
        let black = drill(Color::Black, Some(subtree_keys(&view, c5)), &deck);
        // As Black, the subtree of 1... c5 holds the card after 2. Nf3.
        assert_eq!(black.numbered(), "1. e4 c5 2. Nf3");
    }

    #[test]
    fn the_pgn_of_a_line_from_a_set_up_position_names_it() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let games: Vec<Game> = GameReader::new(format!("[FEN \"{fen}\"]\n\n1... e5 2. Nf3 *").as_bytes()).collect();
        let d = Drill::new(Session::new(Rc::new(Cards::of(&games, Color::White)), DAY, 20), &Deck::default(), DAY, 0.0);
        assert_eq!(d.pgn(), format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1... e5 *\n"));
    }
}
