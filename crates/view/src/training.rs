//! "Guess the move": the user plays one side of the game's main line from
//! the shown position; each move is compared with the game's, the other
//! side's moves are played for them, and right and wrong guesses, hints and
//! revealed moves are counted.

use movetext_core::shakmaty::{Color, Move, Square};

/// What the last guess was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// The game's move (as written).
    Right(String),
    /// Not the game's move (the move tried, as written).
    Wrong(String),
    /// The square of the piece the game moves.
    Hint(Square),
    /// The game's move, shown without a guess.
    Revealed(String),
    /// The main line has ended.
    Done,
}

/// A training session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Training {
    /// The side the user plays.
    pub side: Color,
    /// Moves guessed right.
    pub right: u32,
    /// Wrong guesses.
    pub wrong: u32,
    /// Hints asked for.
    pub hints: u32,
    /// Moves revealed.
    pub revealed: u32,
    /// What the last step was.
    pub feedback: Option<Feedback>,
}

impl Training {
    /// Training as `side`, nothing counted yet.
    pub fn new(side: Color) -> Training {
        Training { side, right: 0, wrong: 0, hints: 0, revealed: 0, feedback: None }
    }

    /// A guess `played` (written `written`) where the game played
    /// `expected` (none: the line has ended); whether it was right.
    pub fn guess(&mut self, expected: Option<&Move>, played: &Move, written: &str) -> bool {
        match expected {
            Some(m) if m == played => {
                self.right += 1;
                self.feedback = Some(Feedback::Right(written.to_owned()));
                true
            }
            Some(_) => {
                self.wrong += 1;
                self.feedback = Some(Feedback::Wrong(written.to_owned()));
                false
            }
            None => {
                self.feedback = Some(Feedback::Done);
                false
            }
        }
    }

    /// A hint for the game's move: where its piece stands.
    pub fn hint(&mut self, expected: Option<&Move>) {
        if let Some(from) = expected.and_then(|m| m.from()) {
            self.hints += 1;
            self.feedback = Some(Feedback::Hint(from));
        }
    }

    /// The game's move (written `written`) shown without a guess.
    pub fn reveal(&mut self, written: &str) {
        self.revealed += 1;
        self.feedback = Some(Feedback::Revealed(written.to_owned()));
    }

    /// How many moves were asked: guessed right, wrong or shown.
    pub fn asked(&self) -> u32 {
        self.right + self.wrong + self.revealed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::shakmaty::{san::San, Chess};

    fn mv(san: &str) -> Move {
        san.parse::<San>().unwrap().to_move(&Chess::default()).unwrap()
    }

    #[test]
    fn guesses_hints_and_reveals_are_counted() {
        let mut t = Training::new(Color::White);
        let (e4, d4) = (mv("e4"), mv("d4"));
        assert!(!t.guess(Some(&e4), &d4, "d4"));
        assert_eq!(t.feedback, Some(Feedback::Wrong("d4".into())));
        t.hint(Some(&e4));
        assert_eq!(t.feedback, Some(Feedback::Hint(Square::E2)));
        assert!(t.guess(Some(&e4), &e4, "e4"));
        t.reveal("Nf3");
        assert!(!t.guess(None, &d4, "d4"));
        assert_eq!(t.feedback, Some(Feedback::Done));
        assert_eq!((t.right, t.wrong, t.hints, t.revealed), (1, 1, 1, 1));
        assert_eq!((t.right, t.asked()), (1, 3));
    }
}
