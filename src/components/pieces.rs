//! The Movetext piece set: six Staunton-style silhouettes drawn as SVG paths
//! in a 100 × 100 box, standing on a common plinth.
//!
//! Each piece is a list of [`Shape`]s painted in order. A [`Part::Body`] is
//! filled with the piece colour and outlined; a [`Part::Line`] is an inner
//! contour that stays visible on dark pieces; a [`Part::Dot`] is a small
//! filled mark such as an eye.

use movetext_core::shakmaty::{Color, Role};

/// How a shape is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Filled with the piece colour and outlined.
    Body,
    /// Stroked only, in the contrast colour of the piece.
    Line,
    /// Filled with the contrast colour of the piece, no outline.
    Dot,
}

/// One path of a piece drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// How the path is painted.
    pub part: Part,
    /// SVG path data in the 100 × 100 piece box.
    pub d: &'static str,
}

const fn body(d: &'static str) -> Shape {
    Shape { part: Part::Body, d }
}

const fn line(d: &'static str) -> Shape {
    Shape { part: Part::Line, d }
}

const fn dot(d: &'static str) -> Shape {
    Shape { part: Part::Dot, d }
}

/// The plinth every piece stands on.
const PLINTH: Shape = body("M21 88.5 Q21 80.5 27 80 H73 Q79 80.5 79 88.5 Q79 91 76.5 91 H23.5 Q21 91 21 88.5 Z");

const PAWN: &[Shape] = &[
    body("M29 81 C30 70 36 61 42 54 H58 C64 61 70 70 71 81 Z"),
    body("M35 55 Q35 48.5 42 48 H58 Q65 48.5 65 55 Z"),
    body("M50 18.5 A13.5 13.5 0 1 1 49.99 18.5 Z"),
    PLINTH,
];

const ROOK: &[Shape] = &[
    body("M31 81 L35 47 H65 L69 81 Z"),
    body("M29 47 V39 H71 V47 Z"),
    body("M27 39 V17 H37.5 V25 H45 V17 H55 V25 H62.5 V17 H73 V39 Z"),
    body("M28 81 Q28 74 33 73.5 H67 Q72 74 72 81 Z"),
    line("M35 39 H65"),
    PLINTH,
];

const KNIGHT: &[Shape] = &[
    body(
        "M28 81 C27 70 33 62 41 56 C44 54 45.5 51.5 44.5 49 \
         C39 55 32 61.5 24 62 C17 62.5 12.5 58 13 52 \
         C13.5 46 17 42 22 37.5 C27 32 31 23 37.5 17 L41 6.5 L48.5 14 \
         C66 14 80.5 28 80.5 48 C80.5 62 75.5 72 74.5 81 Z",
    ),
    line("M55 17.5 C67.5 21 76 33 76.5 48 C77 60 73 70 72 78"),
    line("M44.5 49 C47 45 47.5 40.5 46 36.5"),
    line("M14 55.5 C18 56 21.5 55 24 52.5"),
    dot("M32.5 30.5 C34.5 27.5 38.5 26.5 41 28 C39.5 31.5 35.5 32.5 32.5 30.5 Z"),
    dot("M20 45 A2 2 0 1 1 19.99 45 Z"),
    PLINTH,
];

const BISHOP: &[Shape] = &[
    body("M31 81 C33 71 39 63 42 56 H58 C61 63 67 71 69 81 Z"),
    body("M36 56.5 Q36 50 43 49.5 H57 Q64 50 64 56.5 Z"),
    body(
        "M50 16 C58.5 22.5 65 31 63 39.5 C61.5 46.5 56 49.5 50 49.5 \
         C44 49.5 38.5 46.5 37 39.5 C35 31 41.5 22.5 50 16 Z",
    ),
    body("M50 8.5 A4.6 4.6 0 1 1 49.99 8.5 Z"),
    line("M54.5 27 L46 38"),
    PLINTH,
];

const QUEEN: &[Shape] = &[
    body("M29 81 C32 70 36 61 35.5 52 H64.5 C64 61 68 70 71 81 Z"),
    body("M33.5 52 L22 25 L37 41 L40.5 19 L50 38 L59.5 19 L63 41 L78 25 L66.5 52 Z"),
    body("M33 53 Q33 47 40 46.5 H60 Q67 47 67 53 Q67 57 63 57 H37 Q33 57 33 53 Z"),
    body("M22 17.5 A4.5 4.5 0 1 1 21.99 17.5 Z"),
    body("M40.5 11 A4.5 4.5 0 1 1 40.49 11 Z"),
    body("M59.5 11 A4.5 4.5 0 1 1 59.49 11 Z"),
    body("M78 17.5 A4.5 4.5 0 1 1 77.99 17.5 Z"),
    body("M50 29 A4.5 4.5 0 1 1 49.99 29 Z"),
    PLINTH,
];

const KING: &[Shape] = &[
    body("M29 81 C32 70 36 61 35.5 52 H64.5 C64 61 68 70 71 81 Z"),
    body(
        "M34 50 C27 44 25.5 35 31 30.5 C37 26 45 29 50 36 \
         C55 29 63 26 69 30.5 C74.5 35 73 44 66 50 Z",
    ),
    body("M33 54 Q33 48 40 47.5 H60 Q67 48 67 54 Q67 58 63 58 H37 Q33 58 33 54 Z"),
    body("M46.5 35 V20 H40 V13.5 H46.5 V6.5 H53.5 V13.5 H60 V20 H53.5 V35 Z"),
    line("M50 36 V47"),
    PLINTH,
];

/// The drawing of a piece of the given role; the same shapes serve both colours.
pub fn shapes(role: Role) -> &'static [Shape] {
    match role {
        Role::Pawn => PAWN,
        Role::Knight => KNIGHT,
        Role::Bishop => BISHOP,
        Role::Rook => ROOK,
        Role::Queen => QUEEN,
        Role::King => KING,
    }
}

/// The id of the SVG symbol that holds the piece, e.g. `mt-wN`.
pub fn symbol_id(color: Color, role: Role) -> String {
    let side = match color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("mt-{side}{}", role.upper_char())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_has_a_body_and_stands_on_the_plinth() {
        for role in Role::ALL {
            let drawing = shapes(role);
            assert!(drawing.iter().any(|s| s.part == Part::Body));
            assert_eq!(drawing.last(), Some(&PLINTH));
        }
    }

    #[test]
    fn symbol_ids_are_distinct() {
        let mut ids: Vec<String> =
            Color::ALL.iter().flat_map(|&c| Role::ALL.iter().map(move |&r| symbol_id(c, r))).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 12);
    }
}
