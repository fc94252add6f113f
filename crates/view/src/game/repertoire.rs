//! Repertoire training: a repertoire (games with variations, and the side
//! the user plays) as cards, one per position where that side is to move,
//! and a schedule of when each card is due again.

pub mod cards;
pub mod schedule;
pub mod session;
