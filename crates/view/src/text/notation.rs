//! How moves are written in the move list: SAN, figurines (FAN), SAN with
//! the piece letters of another language, or long algebraic. The app
//! remembers the reader's choice.

use movetext_core::piece_letters::LANGUAGES;

use crate::game::model::ViewNode;

/// A way to write moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Standard algebraic notation with English letters (`Nf3`).
    San,
    /// Figurines instead of letters (`♞f3`), the same for both sides.
    Figurine,
    /// SAN with the piece letters of a language (king, queen, rook, bishop, knight).
    Letters(&'static str, [&'static str; 5]),
    /// Long algebraic notation (`Ng1-f3`).
    Long,
}

/// The choice of the piece letters of [`LANGUAGES`]`[i]`.
const fn letters(i: usize) -> (&'static str, &'static str, Notation) {
    let l = &LANGUAGES[i];
    (l.code, l.name, Notation::Letters(l.code, l.letters))
}

/// Every choice offered: storage code, label, notation.
pub const CHOICES: [(&str, &str, Notation); 9] = [
    ("san", "SAN", Notation::San),
    ("fan", "Figurines", Notation::Figurine),
    letters(0),
    letters(1),
    letters(2),
    letters(3),
    letters(4),
    letters(5),
    ("lan", "Long algebraic", Notation::Long),
];

impl Notation {
    /// The storage code of the notation.
    pub fn code(self) -> &'static str {
        CHOICES.iter().find(|c| c.2 == self).map_or("san", |c| c.0)
    }

    /// The notation of a storage code (SAN when unknown).
    pub fn from_code(code: &str) -> Notation {
        CHOICES.iter().find(|c| c.0 == code).map_or(Notation::San, |c| c.2)
    }

    /// A move as this notation writes it.
    pub fn write(self, node: &ViewNode) -> String {
        self.write_move(&node.san, &node.lan)
    }

    /// A move given in SAN and in long algebraic notation, as this notation
    /// writes it.
    pub fn write_move(self, san: &str, lan: &str) -> String {
        match self {
            Notation::San => san.to_owned(),
            Notation::Long => lan.to_owned(),
            // The solid figurines for both sides, as the outlined ones
            // turn faint on a dark background; the column says whose move.
            Notation::Figurine => replace_letters(san, &["♚", "♛", "♜", "♝", "♞"]),
            Notation::Letters(_, set) => replace_letters(san, &set),
        }
    }
}

/// Replaces SAN's piece letters (the first character, and the one after
/// `=`) with others, in the order king, queen, rook, bishop, knight.
pub fn replace_letters(san: &str, set: &[&str; 5]) -> String {
    let index = |c: char| "KQRBN".find(c);
    let mut out = String::with_capacity(san.len() + 4);
    let mut after_equals = false;
    for (i, c) in san.chars().enumerate() {
        match index(c) {
            Some(k) if (i == 0 && !san.starts_with("O-O")) || after_equals => out.push_str(set[k]),
            _ => out.push(c),
        }
        after_equals = c == '=';
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_replaced_where_they_name_pieces() {
        let de = ["K", "D", "T", "L", "S"];
        assert_eq!(replace_letters("Nf3", &de), "Sf3");
        assert_eq!(replace_letters("Qxb8+", &de), "Dxb8+");
        assert_eq!(replace_letters("exd8=Q#", &de), "exd8=D#");
        assert_eq!(replace_letters("O-O-O", &de), "O-O-O");
        assert_eq!(replace_letters("Bxb5", &["R", "D", "T", "F", "C"]), "Fxb5");
        assert_eq!(replace_letters("Kxe2", &["Кр", "Ф", "Л", "С", "К"]), "Крxe2");
    }

    #[test]
    fn codes_round_trip() {
        for (code, _, n) in CHOICES {
            assert_eq!(Notation::from_code(code), n);
            assert_eq!(n.code(), code);
        }
        assert_eq!(Notation::from_code("??"), Notation::San);
    }

    #[test]
    fn long_algebraic_from_the_model() {
        let g = crate::game::game_source::open_first_game(
            b"1. e4 d5 2. exd5 Nf6 3. Bb5+ c6 4. dxc6 Qb6 5. cxb7+ Nbd7 6. bxa8=Q *",
        );
        let mut at = 0;
        let mut lan = Vec::new();
        while let Some(n) = g.next(at) {
            lan.push(Notation::Long.write(g.node(n)));
            at = n;
        }
        assert_eq!(lan[0], "e2-e4");
        assert_eq!(lan[2], "e4xd5");
        assert_eq!(lan[4], "Bf1-b5+");
        assert_eq!(lan.last().unwrap(), "b7xa8=Q");
        assert_eq!(Notation::Figurine.write(g.node(g.next(g.next(g.next(0).unwrap()).unwrap()).unwrap())), "exd5");
    }
}
