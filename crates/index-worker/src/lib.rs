//! Movetext's position index in Web Workers. The page splits the open file
//! into batches of whole games and gives each worker its share; each worker
//! (its own WebAssembly instance of this crate, see `scripts/build-index-worker.sh`
//! and `static/index-worker.js`) keeps the positions of its games in a
//! [`PositionIndex`] and answers the explorer, the position search and the
//! summary for them; the page merges the answers.
//!
//! [`protocol`] holds the messages; [`IndexWorker`] answers them.

pub mod protocol;
pub mod summary;
mod wire;
mod worker;

#[cfg(all(feature = "exports", target_arch = "wasm32"))]
mod exports;

pub use worker::IndexWorker;

/// The position index this crate keeps (from the core).
pub use movetext_core::positions::PositionIndex;
