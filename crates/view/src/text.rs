//! How the game is written in words: comments apart from their commands,
//! notations, NAGs' glyphs, clocks, numbers, Movetext's own words in five
//! languages, the position said in words, a game's tags as the page writes
//! them (players' names, dates).

pub mod board_description;
pub mod clock_format;
pub mod comment_commands;
pub mod i18n;
pub mod nag_glyphs;
pub mod notation;
pub mod numbers;
pub mod tag_values;
