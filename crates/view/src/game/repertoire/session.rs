//! A training session over a repertoire: it plays from the start along the
//! repertoire's moves; where the user is to move it asks (the card), where
//! the opponent is it plays one of the repertoire's replies, choosing one
//! that leads to a card to ask today (due, or new within the day's limit).
//! An answer is graded by hints and time, and the card's progress moves on
//! ([`super::schedule`]); a wrong answer shows the right move and the line
//! goes on with it. The session ends where the line does, or where no card
//! to ask lies ahead.

use std::collections::{BTreeMap, BTreeSet};

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
#[derive(Clone, Debug)]
pub struct Session<'a> {
    cards: &'a Cards,
    /// Where the line stands.
    pub at: u64,
    today: Day,
    /// The cards asked today may include this many new ones still.
    new_left: u32,
    /// Cards answered in this session (asked once a session).
    done: BTreeSet<u64>,
}

impl<'a> Session<'a> {
    /// A session over `cards` on `today`, with at most `new_limit` new cards.
    pub fn new(cards: &'a Cards, today: Day, new_limit: u32) -> Session<'a> {
        Session { cards, at: cards.start, today, new_left: new_limit, done: BTreeSet::new() }
    }

    /// Whether the card of `key` is to be asked today.
    fn wanted(&self, key: u64, progress: &BTreeMap<u64, Progress>) -> bool {
        if !self.cards.cards.contains_key(&key) || self.done.contains(&key) {
            return false;
        }
        match progress.get(&key) {
            Some(p) if !p.is_new() => p.is_due(self.today),
            _ => self.new_left > 0,
        }
    }

    /// Whether a card to ask today lies at `key` or ahead of it.
    fn ahead(&self, key: u64, progress: &BTreeMap<u64, Progress>, seen: &mut BTreeSet<u64>) -> bool {
        if !seen.insert(key) {
            return false;
        }
        if self.wanted(key, progress) {
            return true;
        }
        let next = self.cards.moves.get(&key).map(Vec::as_slice).unwrap_or_default();
        next.iter().any(|(_, after)| self.ahead(*after, progress, seen))
    }

    /// What comes next from where the line stands.
    pub fn next(&self, progress: &BTreeMap<u64, Progress>) -> Step {
        if !self.ahead(self.at, progress, &mut BTreeSet::new()) {
            return Step::Done;
        }
        if self.cards.cards.contains_key(&self.at) && self.wanted(self.at, progress) {
            return Step::Ask(self.at);
        }
        let moves = self.cards.moves.get(&self.at).map(Vec::as_slice).unwrap_or_default();
        // The first move (the user's answer where a card is not asked) that
        // leads to a card to ask.
        moves
            .iter()
            .find(|(_, after)| self.ahead(*after, progress, &mut BTreeSet::new()))
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

    fn cards(pgn: &str, side: Color) -> Cards {
        let games: Vec<Game> = GameReader::new(pgn.as_bytes()).collect();
        Cards::of(&games, side)
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

    #[test]
    fn a_session_asks_the_new_cards_along_a_line_then_the_next_line() {
        let rep = cards("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", Color::White);
        let mut progress = BTreeMap::new();
        let mut first = Session::new(&rep, DAY, 20);
        assert_eq!(run(&mut first, &mut progress, false), ["e4", "e5", "Nf3"]);
        // A second pass the same day takes the other reply: its card is new.
        let mut second = Session { at: rep.start, ..first.clone() };
        assert_eq!(run(&mut second, &mut progress, false), ["e4", "c5", "Nf3"]);
        assert_eq!(progress.len(), 3);
        assert!(progress.values().all(|p| p.due > DAY));
        // The same day, nothing is due any more.
        let mut again = Session::new(&rep, DAY, 20);
        assert_eq!(run(&mut again, &mut progress, false), Vec::<String>::new());
    }

    #[test]
    fn a_wrong_answer_is_due_again_soon_and_the_line_goes_on_with_the_right_move() {
        let rep = cards("1. d4 d5 2. c4 *", Color::White);
        let mut progress = BTreeMap::new();
        let mut s = Session::new(&rep, DAY, 20);
        assert_eq!(run(&mut s, &mut progress, true), ["d4", "d5", "c4"]);
        assert!(progress.values().all(|p| p.due == DAY + 1 && p.streak == 0));
        // Tomorrow both are due again.
        let tomorrow = Session::new(&rep, DAY + 1, 0);
        assert_eq!(tomorrow.next(&progress), Step::Ask(rep.start));
    }

    #[test]
    fn the_new_cards_of_a_day_are_limited_and_answers_are_graded_by_time_and_hints() {
        let rep = cards("1. e4 e5 2. Nf3 Nc6 3. Bb5 *", Color::White);
        let mut progress = BTreeMap::new();
        let mut s = Session::new(&rep, DAY, 2);
        assert_eq!(run(&mut s, &mut progress, false), ["e4", "e5", "Nf3"]);
        assert_eq!(progress.len(), 2, "two new cards a day");
        let mut p = BTreeMap::new();
        let mut t = Session::new(&rep, DAY, 5);
        t.answer("e4", 1, 500, &mut p);
        let hinted = p[&rep.start];
        let mut q = BTreeMap::new();
        let mut u = Session::new(&rep, DAY, 5);
        u.answer("e4", 0, 500, &mut q);
        assert!(q[&rep.start].ease > hinted.ease, "a hint lowers the grade");
    }
}
