//! The cards of a repertoire. Every position of the repertoire's games
//! (main lines and variations) where the user's side is to move and the
//! games play a move is a card: its right answers are the moves played
//! there, and the opponent's moves are every reply the games give. A card
//! is keyed by its position (the position index's Zobrist key), so a
//! position reached by two move orders is one card, and cards follow edits
//! of the repertoire: a card's progress is kept by its key.

use std::borrow::Borrow;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

use movetext_core::positions::PositionKey;
use movetext_core::shakmaty::{san::San, Chess, Color, Move, Position};
use movetext_core::{Game, NodeId};

/// A card: a position where the user's side is to move, and the moves the
/// repertoire plays there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// The position's key.
    pub key: u64,
    /// The position, as a FEN (for the board).
    pub fen: String,
    /// The right answers, in SAN, in the order first met.
    pub answers: Vec<String>,
    /// How many moves the shortest way here takes.
    pub depth: usize,
}

/// The cards of a repertoire, by key, and the opponent's replies at each
/// position where the opponent is to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cards {
    /// The user's side.
    pub side: Option<Color>,
    /// The cards by key.
    pub cards: BTreeMap<u64, Card>,
    /// The opponent's replies (SAN) by the key of the position before them.
    pub replies: BTreeMap<u64, Vec<String>>,
    /// Every move of the repertoire: by the key of the position before it,
    /// the move (SAN) and the key of the position after it.
    pub moves: BTreeMap<u64, Vec<(String, u64)>>,
    /// The key of the start position (of the first game).
    pub start: u64,
    /// The start position's move number and whether White is to move there.
    pub start_number: (u32, bool),
    /// The start position, as a FEN.
    pub start_fen: String,
}

impl Cards {
    /// The cards of `games` for `side`.
    pub fn of<G: Borrow<Game>>(games: &[G], side: Color) -> Cards {
        let mut cards = Cards { side: Some(side), start_number: (1, true), ..Cards::default() };
        if let Some(first) = games.first() {
            let pos = first.borrow().start_position();
            cards.start = PositionKey::of(pos).0;
            cards.start_number = (pos.fullmoves().get(), pos.turn().is_white());
            cards.start_fen = fen_of(pos);
        }
        for game in games {
            let game = game.borrow();
            let start = game.start_position().clone();
            cards.walk(game, game.root(), start, 0, side);
        }
        cards
    }

    /// Adds the moves after node `id` (position `pos`, `depth` moves in).
    fn walk(&mut self, game: &Game, id: NodeId, pos: Chess, depth: usize, side: Color) {
        let key = PositionKey::of(&pos).0;
        for child in game.children(id) {
            let Some(m) = game.mv(child) else { continue };
            let san = San::from_move(&pos, m).to_string();
            if pos.turn() == side {
                let card = self.cards.entry(key).or_insert_with(|| Card {
                    key,
                    fen: fen_of(&pos),
                    answers: Vec::new(),
                    depth,
                });
                card.depth = card.depth.min(depth);
                push_new(&mut card.answers, san.clone());
            } else {
                push_new(self.replies.entry(key).or_default(), san.clone());
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            let after = PositionKey::of(&next).0;
            let edges = self.moves.entry(key).or_default();
            if !edges.iter().any(|(s, _)| *s == san) {
                edges.push((san, after));
            }
            self.walk(game, child, next, depth + 1, side);
        }
    }

    /// The card of a position, if the user is to move there.
    pub fn card(&self, pos: &Chess) -> Option<&Card> {
        self.cards.get(&PositionKey::of(pos).0)
    }

    /// Whether `m`, played in `pos`, is one of the card's answers.
    pub fn is_answer(&self, pos: &Chess, m: &Move) -> bool {
        let san = San::from_move(pos, *m).to_string();
        self.card(pos).is_some_and(|c| c.answers.contains(&san))
    }
}

impl Cards {
    /// The shortest line of moves (SAN) from the start to the position of
    /// `key`, if the repertoire reaches it from its start.
    pub fn line_to(&self, key: u64) -> Option<Vec<String>> {
        let mut came: BTreeMap<u64, (u64, &str)> = BTreeMap::new();
        let mut queue = VecDeque::from([self.start]);
        let mut seen = BTreeSet::from([self.start]);
        while let Some(at) = queue.pop_front() {
            if at == key {
                let mut line = Vec::new();
                let mut k = at;
                while let Some((before, san)) = came.get(&k) {
                    line.push((*san).to_owned());
                    k = *before;
                }
                line.reverse();
                return Some(line);
            }
            for (san, after) in self.moves.get(&at).map(Vec::as_slice).unwrap_or_default() {
                if seen.insert(*after) {
                    came.insert(*after, (at, san));
                    queue.push_back(*after);
                }
            }
        }
        None
    }

    /// A line of moves from the start, numbered: `1. e4 e5 2. Nf3`.
    pub fn numbered(&self, line: &[String]) -> String {
        let (mut number, mut white) = self.start_number;
        let mut out = Vec::with_capacity(line.len());
        for (i, san) in line.iter().enumerate() {
            match (white, i) {
                (true, _) => out.push(format!("{number}. {san}")),
                (false, 0) => out.push(format!("{number}... {san}")),
                (false, _) => out.push(san.clone()),
            }
            if !white {
                number += 1;
            }
            white = !white;
        }
        out.join(" ")
    }
}

fn push_new(list: &mut Vec<String>, san: String) {
    if !list.contains(&san) {
        list.push(san);
    }
}

fn fen_of(pos: &Chess) -> String {
    movetext_core::shakmaty::fen::Fen::from_position(pos, movetext_core::shakmaty::EnPassantMode::Legal).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::GameReader;

    fn games(pgn: &str) -> Vec<Game> {
        GameReader::new(pgn.as_bytes()).collect()
    }

    #[test]
    fn each_position_of_the_side_to_move_is_a_card_with_its_answers() {
        let rep = games("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 (2... d6 3. d4) 3. Bb5 *");
        let white = Cards::of(&rep, Color::White);
        // Start (e4), after 1... e5 (Nf3), after 1... c5 (Nf3), after 2... Nc6 (Bb5), after 2... d6 (d4).
        assert_eq!(white.cards.len(), 5);
        let start = white.card(&Chess::default()).unwrap();
        assert_eq!((start.answers.clone(), start.depth), (vec!["e4".to_owned()], 0));
        // The opponent's replies after 1. e4 are both.
        let after_e4 = white.replies.values().find(|r| r.contains(&"e5".to_owned())).unwrap();
        assert_eq!(after_e4, &vec!["e5".to_owned(), "c5".to_owned()]);
        let black = Cards::of(&rep, Color::Black);
        // After 1. e4 (e5, c5) and after 2. Nf3 (Nc6, d6).
        assert_eq!(black.cards.len(), 2);
    }

    #[test]
    fn a_transposition_is_one_card() {
        let rep = games("1. d4 Nf6 2. c4 e6 3. Nc3 *\n\n1. c4 e6 2. d4 Nf6 3. Nc3 *");
        let white = Cards::of(&rep, Color::White);
        // Start (d4, c4), after 1. d4 Nf6 (c4), after 1. c4 e6 (d4), and the
        // position after 2... e6 / 2... Nf6 reached both ways (Nc3): four.
        assert_eq!(white.cards.len(), 4);
        let start = white.card(&Chess::default()).unwrap();
        assert_eq!(start.answers, vec!["d4".to_owned(), "c4".to_owned()]);
        let shared = white.cards.values().find(|c| c.answers == vec!["Nc3".to_owned()]).unwrap();
        assert_eq!(shared.depth, 4);
    }

    #[test]
    fn a_variation_added_adds_its_cards_and_keeps_the_others_keys() {
        let before = Cards::of(&games("1. e4 e5 2. Nf3 *"), Color::White);
        let after = Cards::of(&games("1. e4 e5 (1... c5 2. c3) 2. Nf3 *"), Color::White);
        assert_eq!(after.cards.len(), before.cards.len() + 1);
        for key in before.cards.keys() {
            assert!(after.cards.contains_key(key));
        }
    }

    #[test]
    fn the_line_to_a_card_is_the_shortest_and_numbered() {
        let rep = Cards::of(&games("1. e4 e5 (1... c5 2. Nf3 d6 3. d4) 2. Nf3 Nc6 3. Bb5 *"), Color::White);
        let bb5 = rep.cards.values().find(|c| c.answers == vec!["Bb5".to_owned()]).unwrap();
        let line = rep.line_to(bb5.key).unwrap();
        assert_eq!(rep.numbered(&line), "1. e4 e5 2. Nf3 Nc6");
        assert_eq!(rep.line_to(rep.start), Some(vec![]));
        assert_eq!(rep.line_to(42), None);
        let black = Cards::of(
            &games("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 2. Nf3 Nc6 *"),
            Color::Black,
        );
        let nc6 = black.cards.values().find(|c| c.answers == vec!["Nc6".to_owned()]).unwrap();
        assert_eq!(black.numbered(&black.line_to(nc6.key).unwrap()), "1... e5 2. Nf3");
    }
}
