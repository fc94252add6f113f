//! The SVG chess board: squares, coordinates, highlights, pieces, coloured
//! squares and arrows.

use movetext_core::shakmaty::{Board, Color, File, Rank, Role, Square};
use yew::prelude::*;

use crate::comment_commands::{Arrow, SquareMark};
use crate::pieces::{self, Part};

/// Side of one square in board units (the board is 800 × 800).
const SQ: f32 = 100.0;

/// What the board shows.
#[derive(Properties, PartialEq, Clone)]
pub struct BoardProps {
    /// The pieces.
    pub board: Board,
    /// FEN of the shown position, exposed as `data-fen`.
    pub fen: AttrValue,
    /// Black at the bottom.
    pub flipped: bool,
    /// Squares of the last move.
    pub last_move: Option<(Square, Square)>,
    /// Square of a king in check.
    pub check: Option<Square>,
    /// Arrows to draw.
    pub arrows: Vec<Arrow>,
    /// Coloured squares.
    pub marks: Vec<SquareMark>,
    /// Name of the position for screen readers.
    pub label: AttrValue,
    /// Where every piece stands, for screen readers.
    pub description: AttrValue,
}

/// Top-left corner of a square in board units.
fn corner(sq: Square, flipped: bool) -> (f32, f32) {
    let f = f32::from(u8::from(sq.file()));
    let r = f32::from(u8::from(sq.rank()));
    if flipped {
        ((7.0 - f) * SQ, r * SQ)
    } else {
        (f * SQ, (7.0 - r) * SQ)
    }
}

fn centre(sq: Square, flipped: bool) -> (f32, f32) {
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
    .map(|(x, y)| format!("{x:.1},{y:.1}"))
    .collect::<Vec<_>>()
    .join(" ")
}

/// The piece drawings as SVG symbols, rendered once.
#[function_component(PieceSymbols)]
fn piece_symbols() -> Html {
    let symbols = Color::ALL.iter().flat_map(|&color| {
        Role::ALL.iter().map(move |&role| {
            let (fill, outline, contrast) = match color {
                Color::White => ("#fbfaf6", "#1d1d1d", "#1d1d1d"),
                Color::Black => ("#2c2c2c", "#0d0d0d", "#ebe7de"),
            };
            let paths = pieces::shapes(role).iter().map(|shape| match shape.part {
                Part::Body => html! {
                    <path d={shape.d} fill={fill} stroke={outline}
                        stroke-width="3.2" stroke-linejoin="round" />
                },
                Part::Line => html! {
                    <path d={shape.d} fill="none" stroke={contrast}
                        stroke-width="2.6" stroke-linecap="round" />
                },
                Part::Dot => html! { <path d={shape.d} fill={contrast} /> },
            });
            html! {
                <symbol id={pieces::symbol_id(color, role)} viewBox="0 0 100 100">
                    { for paths }
                </symbol>
            }
        })
    });
    html! {
        <defs>
            { for symbols }
            <radialGradient id="mt-check-glow">
                <stop offset="0%" stop-color="#ff1f1f" stop-opacity="0.95" />
                <stop offset="35%" stop-color="#e8141a" stop-opacity="0.8" />
                <stop offset="100%" stop-color="#a80000" stop-opacity="0" />
            </radialGradient>
        </defs>
    }
}

/// The board.
#[function_component(ChessBoard)]
pub fn chess_board(props: &BoardProps) -> Html {
    let flipped = props.flipped;
    let dark_squares = Square::ALL.iter().filter(|sq| sq.is_dark()).map(|&sq| {
        let (x, y) = corner(sq, flipped);
        html! { <rect class="sq-dark" x={x.to_string()} y={y.to_string()} width="100" height="100" /> }
    });
    let square_rect = |sq: Square, class: String| {
        let (x, y) = corner(sq, flipped);
        html! { <rect class={class} x={x.to_string()} y={y.to_string()} width="100" height="100" /> }
    };
    let last = props.last_move.iter().flat_map(|&(a, b)| {
        [
            square_rect(a, "hl-last".to_owned()),
            square_rect(b, "hl-last".to_owned()),
        ]
    });
    let marks = props
        .marks
        .iter()
        .map(|m| square_rect(m.square, format!("mark mark-{}", m.color.name())));
    let check = props.check.map(|sq| {
        let (cx, cy) = centre(sq, flipped);
        html! { <circle class="hl-check" cx={cx.to_string()} cy={cy.to_string()} r="50" fill="url(#mt-check-glow)" /> }
    });
    let coords = coordinates(flipped);
    let pieces = Square::ALL.iter().filter_map(|&sq| {
        let piece = props.board.piece_at(sq)?;
        let (x, y) = corner(sq, flipped);
        let href = format!("#{}", pieces::symbol_id(piece.color, piece.role));
        Some(html! {
            <use class="piece" href={href} x={x.to_string()} y={y.to_string()} width="100" height="100"
                data-square={sq.to_string()} data-piece={piece.char().to_string()} />
        })
    });
    let arrows = props.arrows.iter().filter(|a| a.from != a.to).map(|a| {
        let points = arrow_points(centre(a.from, flipped), centre(a.to, flipped));
        html! { <polygon class={format!("arrow arrow-{}", a.color.name())} points={points} /> }
    });
    html! {
        <div class="board" role="img" aria-label={props.label.clone()} data-fen={props.fen.clone()}
            aria-describedby="board-description" data-flipped={flipped.to_string()}>
            <p id="board-description" class="sr-only">{ props.description.clone() }</p>
            <svg class="board-svg" viewBox="0 0 800 800" aria-hidden="true" focusable="false">
                <PieceSymbols />
                <rect class="sq-light" x="0" y="0" width="800" height="800" />
                { for dark_squares }
                { for last }
                { for marks }
                { for check }
                { coords }
                { for pieces }
                <g class="arrows">{ for arrows }</g>
            </svg>
        </div>
    }
}

/// File letters along the bottom edge and rank numbers along the left edge.
fn coordinates(flipped: bool) -> Html {
    let files = File::ALL.iter().map(|&file| {
        let rank = if flipped { Rank::Eighth } else { Rank::First };
        let sq = Square::from_coords(file, rank);
        let (x, y) = corner(sq, flipped);
        let class = if sq.is_dark() { "coord on-dark" } else { "coord on-light" };
        html! {
            <text class={class} x={(x + SQ - 6.0).to_string()} y={(y + SQ - 7.0).to_string()} text-anchor="end">
                { file.char().to_string() }
            </text>
        }
    });
    let ranks = Rank::ALL.iter().map(|&rank| {
        let file = if flipped { File::H } else { File::A };
        let sq = Square::from_coords(file, rank);
        let (x, y) = corner(sq, flipped);
        let class = if sq.is_dark() {
            "coord on-dark"
        } else {
            "coord on-light"
        };
        html! {
            <text class={class} x={(x + 6.0).to_string()} y={(y + 21.0).to_string()}>
                { rank.char().to_string() }
            </text>
        }
    });
    html! { <g class="coords">{ for files }{ for ranks }</g> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_follow_orientation() {
        assert_eq!(corner(Square::A1, false), (0.0, 700.0));
        assert_eq!(corner(Square::H8, false), (700.0, 0.0));
        assert_eq!(corner(Square::A1, true), (700.0, 0.0));
        assert_eq!(corner(Square::E4, true), (300.0, 300.0));
    }

    #[test]
    fn arrow_has_seven_points_and_stops_short_of_the_centre() {
        let pts = arrow_points((50.0, 750.0), (50.0, 350.0));
        let list: Vec<&str> = pts.split(' ').collect();
        assert_eq!(list.len(), 7);
        assert_eq!(list[3], "50.0,362.0");
    }
}
