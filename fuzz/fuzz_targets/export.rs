//! Fuzzes export with the hostile generators: files shaped by the fuzzer's
//! bytes (see `movetext_hostile::from_bytes`) are read, indexed and exported;
//! export is idempotent and a game read without problems reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use movetext_core::GameReader;

#[path = "../../crates/core/tests/support/exercise.rs"]
mod exercise;

fuzz_target!(|data: &[u8]| {
    let bytes = movetext_hostile::from_bytes(data);
    let mut games = 0;
    for game in GameReader::new(&bytes) {
        exercise::exported_back(&game, !game.has_errors());
        games += 1;
    }
    assert_eq!(movetext_core::FileIndex::build(&bytes).len(), games);
});
