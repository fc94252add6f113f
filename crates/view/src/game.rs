//! The game and what changes it, as plain state machines: the view of a
//! game tree, a file of games, edits, opening a game in slices, the shown
//! game, the address of a move, each move's time, guessing the moves, a
//! repertoire's cards and their schedule, a game's review and the engine's
//! lines, moves made on the board.

pub mod board_interaction;
pub mod editing;
pub mod engine;
pub mod fingerprint;
pub mod game_source;
pub mod import;
pub mod library;
pub mod model;
pub mod move_times;
pub mod opener;
pub mod repertoire;
pub mod review;
pub mod training;
pub mod url_state;
pub mod viewer;
