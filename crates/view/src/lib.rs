//! The game as Movetext shows it, with no framework and no web
//! dependencies: the app and the widget draw from these.
//!
//! - [`model`]: every node of a game with its SAN, position and comments,
//!   built a part at a time from any [`model::GameSource`];
//! - [`game_source`]: the core's game tree as such a source;
//! - [`comment_commands`]: a comment's text apart from its `[%cmd ...]`;
//! - [`board_markup`] and [`pieces`]: the board and our piece drawings as
//!   SVG markup;
//! - [`numbers`]: numbers as the page writes them.
//!
//! ```
//! use movetext_view::game_source::open_first_game;
//!
//! let game = open_first_game(b"1. e4 {[%clk 0:03:00] Best by test} e5 *");
//! let e4 = game.next(0).unwrap();
//! assert_eq!(game.node(e4).san, "e4");
//! assert_eq!(game.node(e4).after, vec!["Best by test".to_owned()]);
//! assert_eq!(game.node(e4).clock, Some(1800));
//! ```
#![forbid(unsafe_code)]

pub mod board_markup;
pub mod comment_commands;
pub mod game_source;
pub mod model;
pub mod numbers;
pub mod pieces;
