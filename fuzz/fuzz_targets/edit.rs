//! Fuzzes editing with the hostile generators: in files shaped by the
//! fuzzer's bytes, every game is edited at its root, the end of its main line
//! and its deepest node (a move, a comment, a NAG, promote, main line,
//! delete, undo); each result is exported and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/core/tests/support/exercise.rs"]
mod exercise;

fuzz_target!(|data: &[u8]| {
    let bytes = movetext_hostile::from_bytes(data);
    exercise::exercise(&bytes, 4);
});
