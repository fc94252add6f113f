//! What the board is given and what is being done on it: shared by the
//! board ([`crate::components::board`]) and its keyboard and pointer
//! handlers ([`crate::components::board_keys`],
//! [`crate::components::board_pointer`]).

use std::rc::Rc;

use movetext_core::commands::MarkColor as CoreColor;
use movetext_core::commands::{Arrow, SquareMark};
use movetext_core::shakmaty::{Board, Move, Role, Square};
use movetext_view::markup::pieces;
use yew::prelude::*;

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
    /// The analysis engine's best move, drawn as an arrow of its own colour.
    #[prop_or_default]
    pub best: Option<(Square, Square)>,
    /// Coloured squares.
    pub marks: Vec<SquareMark>,
    /// Name of the position for screen readers.
    pub label: AttrValue,
    /// Where every piece stands, for screen readers.
    pub description: AttrValue,
    /// The legal moves that can be made on the board (none: view only).
    #[prop_or_default]
    pub legal: Rc<Vec<Move>>,
    /// A move was made (by drag, by click-click, or by touch).
    #[prop_or_default]
    pub on_move: Callback<Move>,
    /// A square (from = to) or an arrow was drawn with the right button.
    #[prop_or_default]
    pub on_draw: Option<Callback<(Square, Square, CoreColor)>>,
    /// A square was clicked (the board editor); moves are then not made.
    #[prop_or_default]
    pub on_square: Option<Callback<Square>>,
    /// The piece drawings.
    #[prop_or_default]
    pub pieces: pieces::PieceSet,
    /// A piece picked from a crazyhouse pocket, to be dropped on the square
    /// where the pointer is released.
    #[prop_or_default]
    pub dropping: Option<Role>,
    /// The picked piece was released where it cannot be dropped.
    #[prop_or_default]
    pub on_drop_cancel: Callback<()>,
}

/// What the pointer is doing on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Interaction {
    /// The piece picked up (by click or at the start of a drag).
    pub selected: Option<Square>,
    /// A piece being dragged: where it is, in board units.
    pub drag: Option<(Square, f32, f32)>,
    /// A right-button drawing: from, the square under the pointer, colour.
    pub drawing: Option<(Square, Square, CoreColor)>,
    /// A promotion waiting for the piece to be chosen: from, to.
    pub promotion: Option<(Square, Square)>,
    /// The keyboard's square (see [`crate::components::board_keys`]).
    pub cursor: Option<Square>,
}
