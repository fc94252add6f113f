//! "Guess the move": the user plays one side of the game's main line from
//! the shown position; each move is compared with the game's, the other
//! side's moves are played for them. Moves are counted (found or shown),
//! and apart from them the wrong tries and the hints.

use movetext_core::shakmaty::{Color, Move, Square};

use crate::game::model::{NodeIx, ViewGame};
use crate::text::i18n::Lang;

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
    /// Moves found (at the first try or after wrong ones).
    pub right: u32,
    /// Wrong tries, counted apart from the moves.
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

    /// How many moves were asked and are done: found or shown. A move
    /// found after wrong tries is one move.
    pub fn asked(&self) -> u32 {
        self.right + self.revealed
    }
}

/// What the panel says of the last guess: a class and the words (in the
/// reader's language in the app, in English in the widget).
#[cfg(feature = "app-words")]
pub fn feedback(lang: Lang, t: &Training) -> (&'static str, String) {
    let said = |key: &str, name: &str, value: &str| lang.say(key, &[(name, value)]);
    match &t.feedback {
        None => (
            "",
            lang.text(if t.side.is_white() { "training-your-move-white" } else { "training-your-move-black" })
                .to_owned(),
        ),
        Some(Feedback::Right(m)) => ("right", said("training-right", "move", m)),
        Some(Feedback::Wrong(m)) => ("wrong", said("training-wrong", "move", m)),
        Some(Feedback::Hint(sq)) => ("hint", said("training-hint-square", "square", &sq.to_string())),
        Some(Feedback::Revealed(m)) => ("revealed", said("training-revealed", "move", m)),
        Some(Feedback::Done) => ("done", lang.text("training-done").to_owned()),
    }
}

/// What the panel says of the last guess: a class and the words (in the
/// reader's language in the app, in English in the widget).
#[cfg(not(feature = "app-words"))]
pub fn feedback(_: Lang, t: &Training) -> (&'static str, String) {
    match &t.feedback {
        None => {
            ("", format!("Your move as {}: play it on the board.", if t.side.is_white() { "White" } else { "Black" }))
        }
        Some(Feedback::Right(m)) => ("right", format!("Right: {m}")),
        Some(Feedback::Wrong(m)) => ("wrong", format!("{m} is not the game's move. Try again.")),
        Some(Feedback::Hint(sq)) => ("hint", format!("Hint: the piece on {sq} moves.")),
        Some(Feedback::Revealed(m)) => ("revealed", format!("The game went on {m}.")),
        Some(Feedback::Done) => ("done", "The game ends here.".to_owned()),
    }
}

/// The score, e.g. `3 of 5 right`: moves found of the moves done.
pub fn score(lang: Lang, t: &Training) -> String {
    if cfg!(feature = "app-words") {
        lang.say("training-score", &[("right", &t.right.to_string()), ("total", &t.asked().to_string())])
    } else {
        format!("{} of {} right", t.right, t.asked())
    }
}

/// The wrong tries, e.g. `2 wrong tries`, or nothing before the first (the
/// app's panel shows them; the widget's keeps its size and only counts them,
/// in `data-wrong`).
pub fn tries(lang: Lang, t: &Training) -> String {
    match t.wrong {
        0 => String::new(),
        n => lang.count("training-tries", u64::from(n)),
    }
}

/// The training panel as markup: the buttons that start training as White
/// or Black, or while training the score, what the last guess was, and the
/// hint, reveal and stop buttons (`.train-white`, `.train-black`,
/// `.training-hint`, `.training-reveal`, `.training-stop`).
pub fn panel(state: Option<&Training>, lang: Lang) -> String {
    let e = |s: &str| crate::markup::markup_text::escape(s);
    let name = e(lang.text_or("training", "Guess the move"));
    let Some(t) = state else {
        return format!(
            "<section class=\"training\" aria-label=\"{name}\"><span class=\"training-label\">{}</span>\
             <button type=\"button\" class=\"btn train-white\" aria-label=\"{}\" title=\"{}\">{}</button>\
             <button type=\"button\" class=\"btn train-black\" aria-label=\"{}\" title=\"{}\">{}</button></section>",
            e(lang.text_or("training-of", "Guess the moves of")),
            e(lang.text_or("training-white", "Guess White's moves")),
            e(lang.text_or(
                "training-white-title",
                "Play White's moves of the game from here; the moves to come are hidden"
            )),
            e(lang.text_or("side-white", "White")),
            e(lang.text_or("training-black", "Guess Black's moves")),
            e(lang.text_or(
                "training-black-title",
                "Play Black's moves of the game from here; the moves to come are hidden"
            )),
            e(lang.text_or("side-black", "Black")),
        );
    };
    let (class, text) = feedback(lang, t);
    format!(
        "<section class=\"training on\" aria-label=\"{name}\" data-right=\"{}\" data-wrong=\"{}\" data-revealed=\"{}\">\
         <span class=\"training-score\">{}</span><span class=\"training-feedback {class}\" role=\"status\">{}</span>\
         <button type=\"button\" class=\"btn training-hint\">{}</button>\
         <button type=\"button\" class=\"btn training-reveal\">{}</button>\
         <button type=\"button\" class=\"btn training-stop\">{}</button></section>",
        t.right,
        t.wrong,
        t.revealed,
        e(&score(lang, t)),
        e(&text),
        e(lang.text_or("training-hint", "Hint")),
        e(lang.text_or("training-show", "Show move")),
        e(lang.text_or("training-stop", "Stop")),
    )
}

/// The moves played from the start to node `current`, numbered, as the
/// trainee sees them instead of the move list.
pub fn moves_so_far(game: &ViewGame, current: NodeIx) -> String {
    let mut line = Vec::new();
    let mut at = current;
    while at != 0 {
        line.push(at);
        at = game.node(at).parent.unwrap_or(0);
    }
    line.reverse();
    line.iter()
        .enumerate()
        .map(|(i, &ix)| {
            let n = game.node(ix);
            if n.by_white || i == 0 {
                game.numbered_san(ix)
            } else {
                n.san.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
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
        // Two moves: e4 found after a wrong try, Nf3 shown.
        assert_eq!((t.right, t.asked()), (1, 2));
        assert_eq!(score(Lang::En, &t), "1 of 2 right");
        if cfg!(feature = "app-words") {
            assert_eq!(tries(Lang::En, &t), "1 wrong try");
            t.wrong = 3;
            assert_eq!(tries(Lang::En, &t), "3 wrong tries");
        }
    }
}
