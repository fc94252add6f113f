//! The shown position as a standalone SVG image, drawn as the board draws
//! it (the same squares, pieces, arrows, coloured squares and last move):
//! for downloading, copying, or turning into a PNG in the page. An optional
//! caption under the board (players and move) is written as text, escaped.

use std::fmt::Write;

use movetext_core::commands::{Arrow, MarkColor, SquareMark};
use movetext_core::shakmaty::{Board, Color, File, Rank, Role, Square};
use movetext_view::markup::board_markup::{arrow_points, centre, corner, SQ};
use movetext_view::markup::pieces;

/// Height of the caption band.
const CAPTION: f32 = 56.0;

/// What the image shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageOptions<'a> {
    /// The pieces.
    pub board: &'a Board,
    /// Black at the bottom.
    pub flipped: bool,
    /// The last move's squares.
    pub last_move: Option<(Square, Square)>,
    /// `[%cal]` arrows.
    pub arrows: &'a [Arrow],
    /// `[%csl]` squares.
    pub marks: &'a [SquareMark],
    /// Files and ranks along the edges.
    pub coordinates: bool,
    /// A line of text under the board.
    pub caption: Option<&'a str>,
    /// Width in pixels (the SVG's size; a PNG is drawn at it).
    pub size: u32,
}

/// The arrow colours of the board (opaque; arrows are drawn at 0.82).
pub fn arrow_colour(c: MarkColor) -> &'static str {
    match c {
        MarkColor::Green => "#1c8a3f",
        MarkColor::Red => "#c42b2b",
        MarkColor::Blue => "#2460b8",
        MarkColor::Yellow => "#e0a812",
    }
}

fn mark_colour(c: MarkColor) -> &'static str {
    match c {
        MarkColor::Green => "rgba(30,150,60,0.55)",
        MarkColor::Red => "rgba(214,40,40,0.55)",
        MarkColor::Blue => "rgba(30,90,200,0.5)",
        MarkColor::Yellow => "rgba(240,190,20,0.6)",
    }
}

/// Text for XML: markup characters escaped, control characters (not
/// allowed in XML) as spaces.
fn escape(text: &str) -> String {
    let text: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    movetext_view::markup::markup_text::escape(&text)
}

/// The position as an SVG document.
pub fn position_svg(o: &ImageOptions) -> String {
    let height = 800.0 + if o.caption.is_some() { CAPTION } else { 0.0 };
    let pixels_high = (f64::from(o.size) * f64::from(height) / 800.0).round();
    let mut out = String::with_capacity(32 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{}" height="{pixels_high}" viewBox="0 0 800 {height}">"#,
        o.size
    );
    out.push_str("<defs>");
    let mut used: Vec<(Color, Role)> = o.board.clone().into_iter().map(|(_, p)| (p.color, p.role)).collect();
    used.sort_by_key(|(c, r)| (c.is_white(), *r as u8));
    used.dedup();
    for (color, role) in used {
        pieces::write_symbol(&mut out, pieces::PieceSet::Movetext, color, role);
    }
    out.push_str("</defs>");
    let _ = write!(
        out,
        r##"<rect width="800" height="{height}" fill="#ffffff"/><rect width="800" height="800" fill="#ecdec4"/>"##
    );
    for sq in Square::ALL {
        if (u8::from(sq.file()) + u8::from(sq.rank())) % 2 == 0 {
            let (x, y) = corner(sq, o.flipped);
            let _ = write!(out, r##"<rect x="{x}" y="{y}" width="100" height="100" fill="#a9825e"/>"##);
        }
    }
    for sq in o.last_move.iter().flat_map(|&(a, b)| [a, b]) {
        let (x, y) = corner(sq, o.flipped);
        let _ = write!(out, r#"<rect x="{x}" y="{y}" width="100" height="100" fill="rgba(226,214,64,0.55)"/>"#);
    }
    for m in o.marks {
        let Some(sq) = m.square.square() else { continue };
        let (x, y) = corner(sq, o.flipped);
        let _ = write!(out, r#"<rect x="{x}" y="{y}" width="100" height="100" fill="{}"/>"#, mark_colour(m.color));
    }
    if o.coordinates {
        for i in 0..8u32 {
            let file = File::new(if o.flipped { 7 - i } else { i });
            let rank = Rank::new(if o.flipped { i } else { 7 - i });
            let light_file = if (i % 2 == 0) != o.flipped { "#a9825e" } else { "#ecdec4" };
            let _ = write!(
                out,
                r#"<text x="{}" y="794" font-family="sans-serif" font-size="20" font-weight="600" fill="{}" text-anchor="end">{}</text>"#,
                i as f32 * SQ + 95.0,
                if (i % 2 == 1) != o.flipped { "#a9825e" } else { "#ecdec4" },
                file.char()
            );
            let _ = write!(
                out,
                r#"<text x="5" y="{}" font-family="sans-serif" font-size="20" font-weight="600" fill="{light_file}">{}</text>"#,
                i as f32 * SQ + 22.0,
                rank.char()
            );
        }
    }
    for (sq, piece) in o.board.clone() {
        let (x, y) = corner(sq, o.flipped);
        let _ = write!(
            out,
            r##"<use href="#{id}" xlink:href="#{id}" x="{x}" y="{y}" width="100" height="100"/>"##,
            id = pieces::symbol_id(piece.color, piece.role)
        );
    }
    for a in o.arrows {
        let (Some(from), Some(to)) = (a.from.square(), a.to.square()) else { continue };
        if from == to {
            let (cx, cy) = centre(from, o.flipped);
            let _ = write!(
                out,
                r#"<circle cx="{cx}" cy="{cy}" r="46" fill="none" stroke="{}" stroke-width="8" opacity="0.82"/>"#,
                arrow_colour(a.color)
            );
        } else {
            let points = arrow_points(centre(from, o.flipped), centre(to, o.flipped));
            let _ = write!(out, r#"<polygon points="{points}" fill="{}" opacity="0.82"/>"#, arrow_colour(a.color));
        }
    }
    if let Some(caption) = o.caption {
        let _ = write!(
            out,
            r##"<text x="400" y="838" font-family="sans-serif" font-size="28" fill="#1f1c18" text-anchor="middle">{}</text>"##,
            escape(caption)
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::commands::Sq;

    #[test]
    fn the_image_has_the_pieces_the_arrow_and_an_escaped_caption() {
        let board = Board::default();
        let arrows = [Arrow { color: MarkColor::Red, from: Sq::new(4, 1).unwrap(), to: Sq::new(4, 3).unwrap() }];
        let svg = position_svg(&ImageOptions {
            board: &board,
            flipped: false,
            last_move: None,
            arrows: &arrows,
            marks: &[],
            coordinates: true,
            caption: Some("A <b>&</b> B"),
            size: 400,
        });
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(svg.matches("<use ").count(), 32);
        assert_eq!(svg.matches("<symbol ").count(), 12);
        assert!(svg.contains(r##"fill="#c42b2b""##), "the red arrow");
        assert!(svg.contains("A &lt;b&gt;&amp;&lt;/b&gt; B"));
        assert!(svg.contains(r#"width="400" height="428""#), "taller by the caption");
    }
}
