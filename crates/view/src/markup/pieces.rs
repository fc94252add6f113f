//! The piece sets, each six drawings as SVG paths in a 100 × 100 box:
//! Movetext's own (Staunton-style silhouettes standing on a common plinth),
//! Flat (plain geometric shapes on a low base) and Discs (a disc with the
//! piece's letter, for teaching and for small boards).
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

/// The low base of the Flat set.
const BASE: Shape = body("M26 90 V82 Q26 79 29 79 H71 Q74 79 74 82 V90 Z");

const FLAT_PAWN: &[Shape] = &[body("M37 79 L43 47 H57 L63 79 Z"), body("M50 20 A12 12 0 1 1 49.99 20 Z"), BASE];

const FLAT_ROOK: &[Shape] =
    &[body("M34 79 L37 42 H63 L66 79 Z"), body("M31 42 V20 H39.5 V27 H45.5 V20 H54.5 V27 H60.5 V20 H69 V42 Z"), BASE];

const FLAT_KNIGHT: &[Shape] = &[
    body(
        "M34 79 C34 66 41 58 46 51 C40 53 33 56 28 52 C24 48 29 40 35 33          C39 27 42 20 48 16 L51 11 L55 17 C68 20 73 34 71 50 C70 62 66 70 66 79 Z",
    ),
    dot("M43 29 A3.2 3.2 0 1 1 42.99 29 Z"),
    BASE,
];

const FLAT_BISHOP: &[Shape] = &[
    body("M38 79 L43 52 H57 L62 79 Z"),
    body("M50 14 C60 22 66 32 62 43 C60 49 55 52 50 52 C45 52 40 49 38 43 C34 32 40 22 50 14 Z"),
    line("M55 25 L46 36"),
    BASE,
];

const FLAT_QUEEN: &[Shape] = &[
    body("M31 79 L25 33 L38 50 L44 24 L50 46 L56 24 L62 50 L75 33 L69 79 Z"),
    body("M25 24 A5 5 0 1 1 24.99 24 Z"),
    body("M44 15 A5 5 0 1 1 43.99 15 Z"),
    body("M56 15 A5 5 0 1 1 55.99 15 Z"),
    body("M75 24 A5 5 0 1 1 74.99 24 Z"),
    BASE,
];

const FLAT_KING: &[Shape] = &[
    body("M33 79 C29 64 25 53 31 46 C37 40 45 43 50 51 C55 43 63 40 69 46 C75 53 71 64 67 79 Z"),
    body("M46 44 V30 H38 V22 H46 V13 H54 V22 H62 V30 H54 V44 Z"),
    BASE,
];

/// The disc every piece of the Discs set is drawn on.
const DISC: Shape = body("M50 11 A39 39 0 1 1 49.99 11 Z");

const DISC_PAWN: &[Shape] = &[DISC, line("M42 68 V32 H53 Q62 32 62 41.5 Q62 51 53 51 H42")];
const DISC_KNIGHT: &[Shape] = &[DISC, line("M39 68 V32 L61 68 V32")];
const DISC_BISHOP: &[Shape] =
    &[DISC, line("M41 68 V32 H52 Q60 32 60 40.5 Q60 49 52 49 H41 M52 49 Q62 49 62 58.5 Q62 68 52 68 H41")];
const DISC_ROOK: &[Shape] = &[DISC, line("M41 68 V32 H53 Q62 32 62 41 Q62 50 53 50 H41 M52 50 L62 68")];
const DISC_QUEEN: &[Shape] = &[DISC, line("M50 31 A17 18.5 0 1 1 49.99 31 M53 58 L63 70")];
const DISC_KING: &[Shape] = &[DISC, line("M41 32 V68 M61 32 L41 53 M47 47 L62 68")];

/// A set of piece drawings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PieceSet {
    /// Movetext's own Staunton-style pieces.
    #[default]
    Movetext,
    /// Plain geometric shapes.
    Flat,
    /// A disc with the piece's letter (K, Q, R, B, N, P).
    Discs,
}

impl PieceSet {
    /// Reads `movetext`, `flat` or `discs` (Movetext's own otherwise).
    pub fn parse(name: &str) -> PieceSet {
        match name.trim().to_ascii_lowercase().as_str() {
            "flat" => PieceSet::Flat,
            "discs" | "disc" | "letters" => PieceSet::Discs,
            _ => PieceSet::Movetext,
        }
    }
}

/// The drawing of a piece of the given role in a set (the same shapes
/// serve both colours).
pub fn shapes_in(set: PieceSet, role: Role) -> &'static [Shape] {
    match (set, role) {
        (PieceSet::Movetext, Role::Pawn) => PAWN,
        (PieceSet::Movetext, Role::Knight) => KNIGHT,
        (PieceSet::Movetext, Role::Bishop) => BISHOP,
        (PieceSet::Movetext, Role::Rook) => ROOK,
        (PieceSet::Movetext, Role::Queen) => QUEEN,
        (PieceSet::Movetext, Role::King) => KING,
        (PieceSet::Flat, Role::Pawn) => FLAT_PAWN,
        (PieceSet::Flat, Role::Knight) => FLAT_KNIGHT,
        (PieceSet::Flat, Role::Bishop) => FLAT_BISHOP,
        (PieceSet::Flat, Role::Rook) => FLAT_ROOK,
        (PieceSet::Flat, Role::Queen) => FLAT_QUEEN,
        (PieceSet::Flat, Role::King) => FLAT_KING,
        (PieceSet::Discs, Role::Pawn) => DISC_PAWN,
        (PieceSet::Discs, Role::Knight) => DISC_KNIGHT,
        (PieceSet::Discs, Role::Bishop) => DISC_BISHOP,
        (PieceSet::Discs, Role::Rook) => DISC_ROOK,
        (PieceSet::Discs, Role::Queen) => DISC_QUEEN,
        (PieceSet::Discs, Role::King) => DISC_KING,
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

/// Writes the SVG symbol of a piece (id [`symbol_id`]) in a set: our own
/// drawings as markup, for the board's definitions and for images.
pub fn write_symbol(out: &mut String, set: PieceSet, color: Color, role: Role) {
    let (fill, outline, contrast) = match color {
        Color::White => ("#fbfaf6", "#1d1d1d", "#1d1d1d"),
        Color::Black => ("#2c2c2c", "#0d0d0d", "#ebe7de"),
    };
    // The letters of the Discs set are drawn thick.
    let line_width = if set == PieceSet::Discs { "7" } else { "2.6" };
    out.push_str(&format!(r#"<symbol id="{}" viewBox="0 0 100 100">"#, symbol_id(color, role)));
    for shape in shapes_in(set, role) {
        out.push_str(&match shape.part {
            Part::Body => format!(
                r#"<path d="{}" fill="{fill}" stroke="{outline}" stroke-width="3.2" stroke-linejoin="round"/>"#,
                shape.d
            ),
            Part::Line => format!(
                r#"<path d="{}" fill="none" stroke="{contrast}" stroke-width="{line_width}" stroke-linecap="round" stroke-linejoin="round"/>"#,
                shape.d
            ),
            Part::Dot => format!(r#"<path d="{}" fill="{contrast}"/>"#, shape.d),
        });
    }
    out.push_str("</symbol>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_are_written_whole() {
        let mut out = String::new();
        write_symbol(&mut out, PieceSet::Discs, Color::Black, Role::Knight);
        assert!(out.starts_with(r#"<symbol id="mt-bN" viewBox="0 0 100 100"><path d=""#), "{out}");
        assert_eq!(out.matches("<path ").count(), shapes_in(PieceSet::Discs, Role::Knight).len());
        assert!(out.contains(r#"stroke-width="7""#) && out.ends_with("</symbol>"));
    }

    #[test]
    fn every_piece_has_a_body_and_stands_on_the_plinth() {
        for role in Role::ALL {
            let drawing = shapes_in(PieceSet::Movetext, role);
            assert!(drawing.iter().any(|s| s.part == Part::Body));
            assert_eq!(drawing.last(), Some(&PLINTH));
        }
    }

    #[test]
    fn every_set_draws_every_piece_differently() {
        for set in [PieceSet::Movetext, PieceSet::Flat, PieceSet::Discs] {
            let drawings: Vec<_> = Role::ALL.iter().map(|&r| shapes_in(set, r)).collect();
            for (i, d) in drawings.iter().enumerate() {
                assert!(d.iter().any(|s| s.part == Part::Body), "{set:?}: a body");
                assert!(drawings[..i].iter().all(|e| e != d), "{set:?}: two pieces drawn alike");
            }
        }
        assert_eq!(PieceSet::parse(" Flat"), PieceSet::Flat);
        assert_eq!(PieceSet::parse("discs"), PieceSet::Discs);
        assert_eq!(PieceSet::parse("other"), PieceSet::Movetext);
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
