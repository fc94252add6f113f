//! The board's many plain parts written as markup in one piece: the dark
//! squares, the coordinates and the pieces. The page builds a hundred
//! elements from markup far quicker than one by one; what is written here
//! comes from the position alone (square names, piece letters, numbers),
//! never from a file's text.

use std::fmt::Write;

use movetext_core::commands::{Arrow, SquareMark};
use movetext_core::shakmaty::{Board, Color, File, Rank, Role, Square};

use crate::markup::pieces;
use crate::text::numbers::tenths;

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

/// The square at a point in board units.
pub fn square_at(x: f32, y: f32, flipped: bool) -> Square {
    let fx = ((x / SQ) as u32).min(7);
    let fy = ((y / SQ) as u32).min(7);
    let (file, rank) = if flipped { (7 - fx, fy) } else { (fx, 7 - fy) };
    Square::from_coords(File::new(file), Rank::new(rank))
}

/// The centre of a square in board units.
pub fn centre(sq: Square, flipped: bool) -> (f32, f32) {
    let (x, y) = corner(sq, flipped);
    (x + SQ / 2.0, y + SQ / 2.0)
}

/// The outline of an arrow from `from` to `to` as SVG polygon points.
pub fn arrow_points(from: (f32, f32), to: (f32, f32)) -> String {
    const SHAFT: f32 = 15.0;
    const HEAD_WIDTH: f32 = 40.0;
    const HEAD_LENGTH: f32 = 34.0;
    const TIP_SHORT: f32 = 12.0;
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let tip = (to.0 - ux * TIP_SHORT, to.1 - uy * TIP_SHORT);
    let neck = (tip.0 - ux * HEAD_LENGTH, tip.1 - uy * HEAD_LENGTH);
    let at = |p: (f32, f32), k: f32| (p.0 + nx * k, p.1 + ny * k);
    [
        at(from, SHAFT / 2.0),
        at(neck, SHAFT / 2.0),
        at(neck, HEAD_WIDTH / 2.0),
        tip,
        at(neck, -HEAD_WIDTH / 2.0),
        at(neck, -SHAFT / 2.0),
        at(from, -SHAFT / 2.0),
    ]
    .iter()
    .map(|&(x, y)| format!("{},{}", tenths(x.into()), tenths(y.into())))
    .collect::<Vec<_>>()
    .join(" ")
}

/// The last move's squares, the marked squares (`[%csl]`) and the glow of
/// a king in check, drawn under the coordinates and the pieces.
pub fn highlights(
    last_move: Option<(Square, Square)>,
    marks: &[SquareMark],
    check: Option<Square>,
    flipped: bool,
) -> String {
    let mut out = String::new();
    let mut square = |sq: Square, class: &str| {
        let (x, y) = corner(sq, flipped);
        let _ = write!(
            out,
            r#"<rect class="{class}" x="{}" y="{}" width="100" height="100"/>"#,
            tenths(x.into()),
            tenths(y.into())
        );
    };
    if let Some((a, b)) = last_move {
        square(a, "hl-last");
        square(b, "hl-last");
    }
    for m in marks {
        if let Some(sq) = m.square.square() {
            square(sq, &format!("mark mark-{}", m.color.name()));
        }
    }
    if let Some(sq) = check {
        let (cx, cy) = centre(sq, flipped);
        let _ = write!(
            out,
            r#"<circle class="hl-check" cx="{}" cy="{}" r="50" fill="url(#mt-check-glow)"/>"#,
            tenths(cx.into()),
            tenths(cy.into())
        );
    }
    out
}

/// The arrows of the file (`[%cal]`) and the engine's best move, drawn
/// over the pieces.
pub fn arrows(arrows: &[Arrow], best: Option<(Square, Square)>, flipped: bool) -> String {
    let mut out = String::new();
    for a in arrows.iter().filter(|a| a.from != a.to) {
        let (Some(from), Some(to)) = (a.from.square(), a.to.square()) else { continue };
        let points = arrow_points(centre(from, flipped), centre(to, flipped));
        let _ = write!(out, r#"<polygon class="arrow arrow-{}" points="{points}"/>"#, a.color.name());
    }
    if let Some((from, to)) = best {
        let points = arrow_points(centre(from, flipped), centre(to, flipped));
        let _ =
            write!(out, r#"<polygon class="arrow arrow-engine" points="{points}" data-from="{from}" data-to="{to}"/>"#);
    }
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

    #[test]
    fn highlights_and_arrows_on_their_squares() {
        let (e2, e4) = (Square::E2, Square::E4);
        let marks: Vec<SquareMark> = "Re4,Gh9".split(',').filter_map(|m| m.parse().ok()).collect();
        let under = highlights(Some((e2, e4)), &marks, Some(Square::E8), false);
        assert!(under.contains(r#"<rect class="hl-last" x="400" y="600""#), "{under}");
        assert!(under.contains(r#"<rect class="mark mark-red" x="400" y="400""#), "{under}");
        assert!(under.contains(r#"<circle class="hl-check" cx="450" cy="50""#), "{under}");
        let turned = highlights(Some((e2, e4)), &[], None, true);
        assert!(turned.contains(r#"<rect class="hl-last" x="300" y="100""#), "{turned}");
        let over = arrows(&[], Some((e2, e4)), false);
        assert!(
            over.contains(r#"class="arrow arrow-engine""#) && over.contains(r#"data-from="e2" data-to="e4""#),
            "{over}"
        );
    }
}
