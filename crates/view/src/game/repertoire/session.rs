//! A training session over a repertoire: it plays from the start along the
//! repertoire's moves; where the user is to move it asks (the card), where
//! the opponent is it plays one of the repertoire's replies, choosing one
//! that leads to a card to ask today (due, or new within the day's limit).
//! An answer is graded by hints and time, and the card's progress moves on
//! ([`super::schedule`]); a wrong answer shows the right move and the line
//! goes on with it. The session ends where the line does, or where no card
//! to ask lies ahead. Cards due are asked before new ones: while one is
//! due, no new card is; a drill may be kept to some positions (a line, a
//! subtree).

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use crate::game::repertoire::cards::Cards;
use crate::game::repertoire::schedule::{Day, Grade, Progress};

/// What the session does next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Ask the card of this key: the user is to move.
    Ask(u64),
    /// The opponent plays this move (SAN).
    Reply(String),
    /// No card to ask lies ahead on this line.
    Done,
}

/// How long an answer may take to be graded easy, and from when it is
/// graded hard, in milliseconds.
const QUICK_MS: u32 = 3_000;
const SLOW_MS: u32 = 30_000;

/// A session.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    cards: Rc<Cards>,
    /// Where the line stands.
    pub at: u64,
    today: Day,
    /// The cards asked today may include this many new ones still.
    new_left: u32,
    /// Cards answered in this session (asked once a session).
    done: BTreeSet<u64>,
    /// The only cards asked, if the drill is kept to some.
    only: Option<Rc<BTreeSet<u64>>>,
}

impl Session {
    /// A session over `cards` on `today`, with at most `new_limit` new cards.
    pub fn new(cards: Rc<Cards>, today: Day, new_limit: u32) -> Session {
        let at = cards.start;
        Session { cards, at, today, new_left: new_limit, done: BTreeSet::new(), only: None }
    }

    /// The session kept to the cards of `keys`.
    pub fn only(self, keys: BTreeSet<u64>) -> Session {
        Session { only: Some(Rc::new(keys)), ..self }
    }

    /// The repertoire's cards.
    pub fn cards(&self) -> &Cards {
        &self.cards
    }

    /// The line starts again from the start (the cards answered stay done).
    pub fn restart(&mut self) {
        self.at = self.cards.start;
    }

    /// How many new cards may still be asked.
    pub fn new_left(&self) -> u32 {
        self.new_left
    }

    /// Whether the card of `key` may be asked in this session (it is one,
    /// not answered yet, and within the drill).
    fn open(&self, key: u64) -> bool {
        self.cards.cards.contains_key(&key)
            && !self.done.contains(&key)
            && self.only.as_ref().is_none_or(|only| only.contains(&key))
    }

    /// Whether a card due (not new) is still to be asked.
    fn any_due(&self, progress: &BTreeMap<u64, Progress>) -> bool {
        progress.iter().any(|(k, p)| !p.is_new() && p.is_due(self.today) && self.open(*k))
    }

    /// Whether the card of `key` is to be asked today (`due_only`: a card
    /// due is left, so no new one is asked).
    fn wanted(&self, key: u64, progress: &BTreeMap<u64, Progress>, due_only: bool) -> bool {
        if !self.open(key) {
            return false;
        }
        match progress.get(&key) {
            Some(p) if !p.is_new() => p.is_due(self.today),
            _ => !due_only && self.new_left > 0,
        }
    }

    /// Whether a card to ask today lies at `key` or ahead of it.
    /// (Walked with a stack of its own: a repertoire's lines may be long.)
    fn ahead(&self, key: u64, progress: &BTreeMap<u64, Progress>, due_only: bool) -> bool {
        let mut seen = BTreeSet::new();
        let mut stack = vec![key];
        while let Some(at) = stack.pop() {
            if !seen.insert(at) {
                continue;
            }
            if self.wanted(at, progress, due_only) {
                return true;
            }
            let next = self.cards.moves.get(&at).map(Vec::as_slice).unwrap_or_default();
            stack.extend(next.iter().map(|(_, after)| *after));
        }
        false
    }

    /// What comes next from where the line stands.
    pub fn next(&self, progress: &BTreeMap<u64, Progress>) -> Step {
        let due_only = self.any_due(progress);
        if !self.ahead(self.at, progress, due_only) {
            return Step::Done;
        }
        if self.wanted(self.at, progress, due_only) {
            return Step::Ask(self.at);
        }
        let moves = self.cards.moves.get(&self.at).map(Vec::as_slice).unwrap_or_default();
        // The first move (the user's answer where a card is not asked) that
        // leads to a card to ask.
        moves
            .iter()
            .find(|(_, after)| self.ahead(*after, progress, due_only))
            .map_or(Step::Done, |(san, _)| Step::Reply(san.clone()))
    }

    /// The line goes on with move `san` (a reply played, or an answer).
    pub fn play(&mut self, san: &str) {
        if let Some((_, after)) = self.cards.moves.get(&self.at).and_then(|m| m.iter().find(|(s, _)| s == san)) {
            self.at = *after;
        }
    }

    /// The user answered the asked card with `san`, after `hints` hints and
    /// `ms` milliseconds: the card's new progress, and whether it was right.
    /// A right answer goes on with it; a wrong one goes on with the first
    /// right move (shown to the user).
    pub fn answer(&mut self, san: &str, hints: u32, ms: u32, progress: &mut BTreeMap<u64, Progress>) -> bool {
        let Some(card) = self.cards.cards.get(&self.at) else { return false };
        let right = card.answers.iter().any(|a| a == san);
        let grade = match (right, hints, ms) {
            (false, _, _) => Grade::Wrong,
            (true, 0, ms) if ms <= QUICK_MS => Grade::Easy,
            (true, 0, ms) if ms < SLOW_MS => Grade::Good,
            _ => Grade::Hard,
        };
        let before = progress.get(&self.at).copied().unwrap_or_else(|| Progress::new(self.today));
        if before.is_new() {
            self.new_left = self.new_left.saturating_sub(1);
        }
        progress.insert(self.at, before.answer(grade, self.today));
        self.done.insert(self.at);
        let go_on = if right { san.to_owned() } else { card.answers[0].clone() };
        self.play(&go_on);
        right
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::shakmaty::Color;
    use movetext_core::{Game, GameReader};

    const DAY: Day = 20_000;

    fn cards(pgn: &str, side: Color) -> Rc<Cards> {
        let games: Vec<Game> = GameReader::new(pgn.as_bytes()).collect();
        Rc::new(Cards::of(&games, side))
    }

    /// Plays a session, answering right at once, and gives the moves played.
    fn run(s: &mut Session, progress: &mut BTreeMap<u64, Progress>, wrong: bool) -> Vec<String> {
        let mut line = Vec::new();
        loop {
            match s.next(progress) {
                Step::Ask(key) => {
                    let right = s.cards.cards[&key].answers[0].clone();
                    let given = if wrong { "a4".to_owned() } else { right.clone() };
                    s.answer(&given, 0, 1_000, progress);
                    line.push(right);
                }
                Step::Reply(san) => {
                    s.play(&san);
                    line.push(san);
                }
                Step::Done => return line,
            }
        }
    }

    /// Plays sessions from the start until nothing is left to ask.
    fn run_all(s: &mut Session, progress: &mut BTreeMap<u64, Progress>) -> Vec<String> {
        let mut line = Vec::new();
        loop {
            let part = run(s, progress, false);
            if part.is_empty() {
                return line;
            }
            line.extend(part);
            s.restart();
        }
    }

    #[test]
    fn a_session_asks_the_new_cards_along_a_line_then_the_next_line() {
        let rep = cards("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", Color::White);
        let mut progress = BTreeMap::new();
        let mut first = Session::new(rep.clone(), DAY, 20);
        assert_eq!(run(&mut first, &mut progress, false), ["e4", "e5", "Nf3"]);
        // A second pass the same day takes the other reply: its card is new.
        let mut second = Session { at: rep.start, ..first.clone() };
        assert_eq!(run(&mut second, &mut progress, false), ["e4", "c5", "Nf3"]);
        assert_eq!(progress.len(), 3);
        assert!(progress.values().all(|p| p.due > DAY));
        // The same day, nothing is due any more.
        let mut again = Session::new(rep.clone(), DAY, 20);
        assert_eq!(run(&mut again, &mut progress, false), Vec::<String>::new());
    }

    #[test]
    fn a_wrong_answer_is_due_again_soon_and_the_line_goes_on_with_the_right_move() {
        let rep = cards("1. d4 d5 2. c4 *", Color::White);
        let mut progress = BTreeMap::new();
        let mut s = Session::new(rep.clone(), DAY, 20);
        assert_eq!(run(&mut s, &mut progress, true), ["d4", "d5", "c4"]);
        assert!(progress.values().all(|p| p.due == DAY + 1 && p.streak == 0));
        // Tomorrow both are due again.
        let tomorrow = Session::new(rep.clone(), DAY + 1, 0);
        assert_eq!(tomorrow.next(&progress), Step::Ask(rep.start));
    }

    #[test]
    fn due_cards_come_before_new_ones_and_a_drill_keeps_to_its_cards() {
        let rep = cards("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", Color::White);
        let mut progress = BTreeMap::new();
        // Learn the line of 1... c5 only (the first session, kept to it).
        let c5 = rep.cards.values().find(|c| c.depth == 2 && rep.line_to(c.key).unwrap()[1] == "c5").unwrap().key;
        let keys = BTreeSet::from([rep.start, c5]);
        let mut first = Session::new(rep.clone(), DAY, 20).only(keys);
        assert_eq!(run(&mut first, &mut progress, false), ["e4", "c5", "Nf3"]);
        assert_eq!(progress.len(), 2);
        // Next day: the start is due, the c5 card is not (it was answered
        // easy once, so it is due tomorrow too: both due). The new card
        // after 1... e5 waits until no card is due.
        let mut next = Session::new(rep.clone(), DAY + 1, 20);
        let line = run_all(&mut next, &mut progress);
        assert_eq!(line, ["e4", "c5", "Nf3", "e4", "e5", "Nf3"]);
        assert_eq!(progress.len(), 3);
    }

    #[test]
    fn the_new_cards_of_a_day_are_limited_and_answers_are_graded_by_time_and_hints() {
        let rep = cards("1. e4 e5 2. Nf3 Nc6 3. Bb5 *", Color::White);
        let mut progress = BTreeMap::new();
        let mut s = Session::new(rep.clone(), DAY, 2);
        assert_eq!(run(&mut s, &mut progress, false), ["e4", "e5", "Nf3"]);
        assert_eq!(progress.len(), 2, "two new cards a day");
        let mut p = BTreeMap::new();
        let mut t = Session::new(rep.clone(), DAY, 5);
        t.answer("e4", 1, 500, &mut p);
        let hinted = p[&rep.start];
        let mut q = BTreeMap::new();
        let mut u = Session::new(rep.clone(), DAY, 5);
        u.answer("e4", 0, 500, &mut q);
        assert!(q[&rep.start].ease > hinted.ease, "a hint lowers the grade");
    }
}
