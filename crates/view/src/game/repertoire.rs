//! Repertoire training: a repertoire (games with variations, and the side
//! the user plays) as cards, one per position where that side is to move,
//! a schedule of when each card is due again, the progress kept and its
//! JSON form, and the drill the board plays.

pub mod cards;
pub mod deck;
pub mod drill;
pub mod schedule;
pub mod session;
