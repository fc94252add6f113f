//! The shown position as a standalone SVG image, drawn as the board draws
//! it (the same squares, pieces, arrows, coloured squares and last move):
//! for downloading, copying, or turning into a PNG in the page. An optional
//! caption under the board (players and move) is written as text, escaped.

use std::fmt::Write;

use movetext_core::commands::{Arrow, MarkColor, SquareMark};
use movetext_core::shakmaty::{Board, Color, File, Rank, Role, Square};
use movetext_view::game::model::{NodeIx, ViewGame};
use movetext_view::markup::board_markup::{arrow_points, centre, corner, SQ};
use movetext_view::markup::pieces;
use movetext_view::text::tag_values::player_name;

use crate::i18n::Lang;

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

/// The widest a caption may be, in ems of its font: the image is 800 wide
/// and the caption's font 28, which leaves a margin of 22 each side.
const CAPTION_EMS: f32 = 27.0;

/// About how wide a character is in a sans-serif font, in ems: as wide as
/// in DejaVu Sans, one of the widest (the font is the browser's).
fn char_ems(c: char) -> f32 {
    match c {
        ' ' | 'i' | 'j' | 'l' | 'I' | 'f' | 't' | 'r' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' => 0.4,
        'm' | 'w' | 'M' | 'W' | '@' | '…' | '%' => 1.0,
        'a'..='z' | '0'..='9' => 0.64,
        'A'..='Z' => 0.78,
        // Chinese, Japanese and Korean characters, full-width forms, emoji.
        '\u{1100}'.. if !matches!(c, '\u{2000}'..='\u{2dff}') => 1.05,
        _ => 0.85,
    }
}

/// About how wide `text` is, in ems.
fn ems(text: &str) -> f32 {
    text.chars().map(char_ems).sum()
}

/// `text` cut to `room` ems, an ellipsis included, if it is wider.
fn shorten(text: &str, room: f32) -> String {
    if ems(text) <= room {
        return text.to_owned();
    }
    let mut used = char_ems('…');
    let mut kept = String::new();
    for c in text.chars() {
        used += char_ems(c);
        if used > room {
            break;
        }
        kept.push(c);
    }
    format!("{}…", kept.trim_end())
}

/// The caption of an image: the players and the move, as `White – Black,
/// 12... Qxe4`. Names too long for the image's width are shortened with an
/// ellipsis, the longer one first; the move is always whole.
pub fn caption_text(white: &str, black: &str, moved: &str) -> String {
    let whole = format!("{white} – {black}, {moved}");
    if ems(&whole) <= CAPTION_EMS {
        return whole;
    }
    let room = (CAPTION_EMS - ems(" – , ") - ems(moved)).max(0.0);
    let (w, b, half) = (ems(white), ems(black), room / 2.0);
    // Each name has half the room; a shorter one leaves the rest to the other.
    let (white_room, black_room) = if w <= half {
        (w, room - w)
    } else if b <= half {
        (room - b, b)
    } else {
        (half, half)
    };
    format!("{} – {}, {moved}", shorten(white, white_room), shorten(black, black_room))
}

/// The caption under an image of the position after `current`: the
/// players (named as the screen names them) and the move, or the start.
pub fn caption_of(game: &ViewGame, current: NodeIx, lang: Lang) -> String {
    let moved = if current == 0 { lang.text("caption-start").to_owned() } else { game.numbered_san(current) };
    caption_text(player_name(game.tag("White"), true, lang), player_name(game.tag("Black"), false, lang), &moved)
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

    #[test]
    fn a_long_caption_shortens_the_names_and_keeps_the_move() {
        assert_eq!(caption_text("Morphy, Paul", "Duke Karl", "17. Rd8#"), "Morphy, Paul – Duke Karl, 17. Rd8#");
        let long = "Wolfgang Amadeus Mozart-Salieri von Habsburg ".repeat(4);
        let both = caption_text(&long, &long, "12... Qxe4");
        assert!(both.ends_with(", 12... Qxe4") && both.matches('…').count() == 2, "{both}");
        assert!(ems(&both) <= CAPTION_EMS, "{both}");
        let one = caption_text("Anna", &long, "12... Qxe4");
        assert!(one.starts_with("Anna – Wolfgang") && one.ends_with("…, 12... Qxe4"), "{one}");
        assert!(ems(&one) <= CAPTION_EMS && ems(&one) > CAPTION_EMS - 2.0, "the room is used: {one}");
        let wide = caption_text(&"象棋".repeat(40), "Black", "1. e4");
        assert!(ems(&wide) <= CAPTION_EMS && wide.starts_with("象棋") && wide.ends_with("… – Black, 1. e4"), "{wide}");
    }
}
