//! The board's many plain parts written as markup in one piece: the dark
//! squares, the coordinates and the pieces. The page builds a hundred
//! elements from markup far quicker than one by one; what is written here
//! comes from the position alone (square names, piece letters, numbers),
//! never from a file's text.

use std::fmt::Write;

use movetext_core::shakmaty::{Board, Color, File, Rank, Role, Square};

use crate::numbers::tenths;
use crate::pieces;

/// The side of one square in board units (the board is 800 × 800).
pub const SQ: f32 = 100.0;

/// Top-left corner of a square in board units.
pub fn corner(sq: Square, flipped: bool) -> (f32, f32) {
    let f = f32::from(u8::from(sq.file()));
    let r = f32::from(u8::from(sq.rank()));
    if flipped {
        ((7.0 - f) * SQ, r * SQ)
    } else {
        (f * SQ, (7.0 - r) * SQ)
    }
}

/// The 32 dark squares (the light ones are the board's background).
pub fn dark_squares(flipped: bool) -> String {
    let mut out = String::with_capacity(32 * 64);
    for sq in Square::ALL.into_iter().filter(|sq| sq.is_dark()) {
        let (x, y) = corner(sq, flipped);
        let _ = write!(
            out,
            r#"<rect class="sq-dark" x="{}" y="{}" width="100" height="100"/>"#,
            tenths(x.into()),
            tenths(y.into())
        );
    }
    out
}

/// The files' letters along the bottom edge and the ranks' numbers along
/// the left one, each in the colour of the other kind of square.
pub fn coordinates(flipped: bool) -> String {
    let class = |sq: Square| if sq.is_dark() { "coord on-dark" } else { "coord on-light" };
    let mut out = String::with_capacity(16 * 80);
    for file in File::ALL {
        let sq = Square::from_coords(file, if flipped { Rank::Eighth } else { Rank::First });
        let (x, y) = corner(sq, flipped);
        let _ = write!(
            out,
            r#"<text class="{}" x="{}" y="{}" text-anchor="end">{}</text>"#,
            class(sq),
            tenths((x + SQ - 6.0).into()),
            tenths((y + SQ - 7.0).into()),
            file.char()
        );
    }
    for rank in Rank::ALL {
        let sq = Square::from_coords(if flipped { File::H } else { File::A }, rank);
        let (x, y) = corner(sq, flipped);
        let _ = write!(
            out,
            r#"<text class="{}" x="{}" y="{}">{}</text>"#,
            class(sq),
            tenths((x + 6.0).into()),
            tenths((y + 21.0).into()),
            rank.char()
        );
    }
    out
}

/// The pieces, each a use of its set's symbol on its square; the piece
/// `lifted` (being dragged) is faint, and the piece that has just moved
/// (`slide`: from, to) slides from its square once started.
pub fn pieces(board: &Board, flipped: bool, lifted: Option<Square>, slide: Option<(Square, Square)>) -> String {
    let mut out = String::with_capacity(32 * 140);
    for sq in Square::ALL {
        let Some(piece) = board.piece_at(sq) else { continue };
        let (x, y) = corner(sq, flipped);
        let (x, y) = (tenths(x.into()), tenths(y.into()));
        let class = if lifted == Some(sq) { "piece lifted" } else { "piece" };
        let _ = write!(
            out,
            r##"<use class="{class}" href="#{}" x="{x}" y="{y}" width="100" height="100" data-square="{sq}" data-piece="{}">"##,
            pieces::symbol_id(piece.color, piece.role),
            piece.char()
        );
        if let Some((from, _)) = slide.filter(|&(_, to)| to == sq) {
            let (fx, fy) = corner(from, flipped);
            for (name, from, to) in [("x", fx, &x), ("y", fy, &y)] {
                let _ = write!(
                    out,
                    r#"<animate class="slide" attributeName="{name}" from="{}" to="{to}" dur="0.18s" begin="indefinite" fill="freeze"/>"#,
                    tenths(from.into())
                );
            }
        }
        out.push_str("</use>");
    }
    out
}

/// The board's definitions: the pieces of `set` as symbols (see
/// [`pieces::symbol_id`]) and the glow of a king in check.
pub fn defs(set: pieces::PieceSet) -> String {
    let mut out = String::with_capacity(16 * 1024);
    for color in Color::ALL {
        for role in Role::ALL {
            pieces::write_symbol(&mut out, set, color, role);
        }
    }
    out.push_str(concat!(
        r##"<radialGradient id="mt-check-glow"><stop offset="0%" stop-color="#ff1f1f" stop-opacity="0.95"/>"##,
        r##"<stop offset="35%" stop-color="#e8141a" stop-opacity="0.8"/>"##,
        r##"<stop offset="100%" stop-color="#a80000" stop-opacity="0"/></radialGradient>"##,
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_coordinates_follow_the_side_at_the_bottom() {
        let squares = dark_squares(false);
        assert_eq!(squares.matches("<rect").count(), 32);
        // a1 is dark, at the bottom left; flipped, at the top right.
        assert!(squares.contains(r#"x="0" y="700""#));
        assert!(dark_squares(true).contains(r#"x="700" y="0""#));
        let coords = coordinates(false);
        assert_eq!(coords.matches("<text").count(), 16);
        assert!(coords.contains(r#"x="94" y="793" text-anchor="end">a</text>"#), "{coords}");
        assert!(coords.contains(r#"<text class="coord on-dark" x="6" y="721">1</text>"#), "{coords}");
        assert!(coordinates(true).contains(r#"x="794" y="793" text-anchor="end">a</text>"#));
    }

    #[test]
    fn pieces_stand_on_their_squares_and_the_moved_one_slides() {
        let board = Board::default();
        let all = pieces(&board, false, None, None);
        assert_eq!(all.matches("<use ").count(), 32);
        assert!(all.contains(
            r##"<use class="piece" href="#mt-wN" x="600" y="700" width="100" height="100" data-square="g1" data-piece="N"></use>"##
        ));
        assert!(!all.contains("animate"));
        let lifted = pieces(&board, true, Some(Square::E2), None);
        assert!(lifted.contains(r##"class="piece lifted" href="#mt-wP" x="300" y="100""##), "{lifted}");
        let slid = pieces(&board, false, None, Some((Square::E4, Square::E2)));
        assert_eq!(slid.matches("<animate").count(), 2);
        assert!(slid.contains(r#"attributeName="y" from="400" to="600""#), "{slid}");
    }
}
