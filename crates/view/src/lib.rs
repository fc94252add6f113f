//! The game as Movetext shows it, with no framework and no web
//! dependencies: the app and the widget draw from these, in three groups
//! by role ([architecture](../../docs/architecture.md) has the map):
//!
//! - [`game`]: the game and what changes it, as plain state machines: its
//!   view ([`game::model`], built a part at a time from any
//!   [`game::model::GameSource`]; the core's game tree is one,
//!   [`game::game_source`]), a file of games ([`game::library`]) and its
//!   [`game::fingerprint`], a game opened a slice at a time
//!   ([`game::opener`]), edits with undo ([`game::editing`]), the shown game
//!   ([`game::viewer`]), the address of a move ([`game::url_state`]), each
//!   move's time ([`game::move_times`]), guessing the moves
//!   ([`game::training`]), a game's review and the engine's lines
//!   ([`game::review`], [`game::engine`]), moves made on the board
//!   ([`game::board_interaction`]);
//! - [`text`]: how it is written: comments apart from their commands,
//!   notations, NAGs' glyphs, clocks, numbers, Movetext's own words in five
//!   languages ([`text::i18n`]), the position said in words;
//! - [`markup`]: the board and our pieces as SVG markup, the move list's
//!   pages, the players' bars and the material, the evaluation bar, every
//!   text from a file escaped ([`markup::markup_text`]);
//! - and the widget's options with their defaults ([`widget_config`]).
//!
//! ```
//! use movetext_view::game::game_source::open_first_game;
//!
//! let game = open_first_game(b"1. e4 {[%clk 0:03:00] Best by test} e5 *");
//! let e4 = game.next(0).unwrap();
//! assert_eq!(game.node(e4).san, "e4");
//! assert_eq!(game.node(e4).after, vec!["Best by test".to_owned()]);
//! assert_eq!(game.node(e4).clock, Some(1800));
//! ```

pub mod game;
pub mod markup;
pub mod text;
pub mod widget_config;
