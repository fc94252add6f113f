//! The game as Movetext shows it, with no framework and no web
//! dependencies: the app and the widget draw from these.
//!
//! - the game: its view ([`model`], built a part at a time from any
//!   [`model::GameSource`]; the core's game tree is one, [`game_source`]),
//!   a file of games ([`library`]) and its [`fingerprint`], a game opened
//!   a slice at a time, the latest winning ([`opener`]), edits with
//!   undo ([`editing`]), the
//!   address of a move ([`url_state`]), each move's time ([`move_times`]),
//!   guessing the moves ([`training`]), a game's review and the engine's
//!   lines ([`review`], [`engine`]);
//! - how it is written: comments apart from their commands
//!   ([`comment_commands`]), notations ([`notation`]), NAGs' glyphs
//!   ([`nag_glyphs`]), clocks ([`clock_format`]), numbers ([`numbers`]),
//!   Movetext's own words in five languages ([`i18n`]), the position said
//!   in words ([`board_description`]), the move list laid out in pages
//!   ([`move_list_layout`]);
//! - the board (squares, highlights, arrows, pieces) and our pieces' drawings
//!   as SVG markup ([`board_markup`], [`pieces`]),
//!   and as markup the move list's pages ([`move_list_markup`]), the
//!   players' bars ([`player_bar`], with [`material`]) and the evaluation
//!   bar ([`eval_bar`]), every text from a file escaped ([`markup_text`]);
//! - the widget's options and their defaults ([`widget_config`]).
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

pub mod board_description;
pub mod board_interaction;
pub mod board_markup;
pub mod clock_format;
pub mod comment_commands;
pub mod editing;
pub mod engine;
pub mod eval_bar;
pub mod fingerprint;
pub mod game_source;
pub mod i18n;
pub mod library;
pub mod markup_text;
pub mod material;
pub mod model;
pub mod move_list_layout;
pub mod move_list_markup;
pub mod move_times;
pub mod nag_glyphs;
pub mod notation;
pub mod numbers;
pub mod opener;
pub mod pieces;
pub mod player_bar;
pub mod review;
pub mod training;
pub mod url_state;
pub mod viewer;
pub mod widget_config;
