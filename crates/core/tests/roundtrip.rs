//! Over every file of the shared corpus: no panic, export re-reads to the
//! same game, and export is idempotent.

use std::path::{Path, PathBuf};

use movetext_core::equivalent;
use movetext_core::export::{write_game, ExportOptions, GameWriter};
use movetext_core::GameReader;

fn corpus() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    p.is_dir().then_some(p)
}

fn pgn_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn corpus_round_trips() {
    let Some(dir) = corpus() else {
        eprintln!("corpus not found: skipped");
        return;
    };
    let mut games = 0;
    let mut failures = Vec::new();
    for file in pgn_files(&dir) {
        let bytes = std::fs::read(&file).unwrap();
        for (i, g) in GameReader::new(&bytes).enumerate() {
            games += 1;
            for opts in [ExportOptions::default(), ExportOptions::reduced()] {
                let once = write_game(&g, &opts);
                let mut writer = GameWriter::new(&g, &opts);
                while !writer.write_some(&mut || false) {}
                if writer.into_text() != once {
                    failures.push(format!("{} game {}: written in parts, another text", file.display(), i + 1));
                }
                let again = movetext_core::read_game(once.as_bytes());
                let twice = write_game(&again, &opts);
                if once != twice {
                    failures.push(format!(
                        "{} game {}: export not idempotent\n--- once\n{once}\n--- twice\n{twice}",
                        file.display(),
                        i + 1
                    ));
                }
                if opts == ExportOptions::default() {
                    if let Err(e) = equivalent(&g, &again) {
                        failures.push(format!("{} game {}: {e}\n{once}", file.display(), i + 1));
                    }
                }
                if again.has_errors() && !g.has_errors() {
                    failures.push(format!(
                        "{} game {}: export has errors: {:?}",
                        file.display(),
                        i + 1,
                        again.diagnostics()
                    ));
                }
            }
        }
    }
    assert!(games > 3000, "only {games} games read");
    assert!(
        failures.is_empty(),
        "{} failures; first ones:\n{}",
        failures.len(),
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n\n")
    );
}
