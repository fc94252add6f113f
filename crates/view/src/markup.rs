//! The game drawn as markup: the board and our pieces, the move list's
//! pages, the players' bars and the material, the evaluation bar, every
//! text from a file escaped.

pub mod board_markup;
pub mod eval_bar;
pub mod first_board;
pub mod markup_text;
pub mod material;
pub mod move_list_layout;
pub mod move_list_markup;
pub mod pieces;
pub mod player_bar;
