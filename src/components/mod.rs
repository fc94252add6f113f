//! The parts that draw: the board and what sits around it, the move list,
//! the game list, the controls.

pub(crate) mod analysis_panel;
pub(crate) mod board;
pub(crate) mod board_keys;
pub(crate) mod board_pointer;
pub(crate) mod board_props;
pub(crate) mod board_view;
pub(crate) mod book_chunks;
pub(crate) mod clock_graph;
pub(crate) mod controls;
pub(crate) mod diagnostics_panel;
pub(crate) mod eval_bar;
pub(crate) mod eval_graph;
pub(crate) mod explorer_panel;
pub(crate) mod game_header;
pub(crate) mod game_list;
pub(crate) mod move_book;
pub(crate) mod move_graph;
pub(crate) mod move_list;
pub(crate) mod next_frame;
pub(crate) mod opening_name;
pub(crate) mod player_bar;
pub(crate) mod pocket;
pub(crate) mod position_image;
pub(crate) mod print_layout;
pub(crate) mod repertoire_panel;
pub(crate) mod review_panel;
pub(crate) mod summary_panel;
pub(crate) mod theme;
pub(crate) mod training_panel;
