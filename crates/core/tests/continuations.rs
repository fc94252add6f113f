//! Over every file of the shared corpus: where a line of play stops and the
//! rest is kept as text, the text does not start with a legal move (a move
//! with a glyph glued to it, a diagram mark or an evaluation counts as a
//! legal move once its marks are taken off): the reader gives up on text,
//! never on a move it could have played.

use std::path::{Path, PathBuf};

use movetext_core::game::Variant;
use movetext_core::shakmaty::san::San;
use movetext_core::shakmaty::Chess;
use movetext_core::{Game, GameReader, NodeId};

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
            // The benchmarks' samples are large, and read by other tests.
            if p.is_dir() && p.file_name().is_some_and(|n| n != "bench") {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The move a text starts with, if it is one that can be played at `pos`
/// once its number and the marks around it are taken off.
fn legal_start(text: &str, pos: &Chess) -> Option<String> {
    // Past a move number written apart ("3." "3...").
    let word = text.split_whitespace().find(|w| !w.chars().all(|c| c.is_ascii_digit() || c == '.'))?;
    let word = word.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
    let core = word.trim_end_matches(|c: char| "+-=/!?~#&∞±∓⩲⩱−".contains(c));
    let san: San = core.parse().ok()?;
    san.to_move(pos).ok().map(|_| word.to_owned())
}

fn stops_at_a_move(game: &Game) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![game.root()];
    while let Some(id) = stack.pop() {
        stack.extend(game.children(id));
        if let Some(text) = game.unplayed(id) {
            let pos = game.position(id);
            if let Some(word) = legal_start(text, &pos) {
                found.push(format!("after {}: {word:?} ({text:.60})", describe(game, id)));
            }
        }
    }
    found
}

fn describe(game: &Game, id: NodeId) -> String {
    if id == game.root() {
        "the start".into()
    } else {
        let (n, white) = game.move_number(id);
        format!("{n}{} {}", if white { "." } else { "..." }, game.san(id))
    }
}

#[test]
fn no_legal_continuation_is_kept_as_text() {
    let Some(dir) = corpus() else {
        eprintln!("corpus not found: skipped");
        return;
    };
    let (mut games, mut failures) = (0, Vec::new());
    for file in pgn_files(&dir) {
        let bytes = std::fs::read(&file).unwrap();
        for (i, g) in GameReader::new(&bytes).enumerate() {
            if !matches!(g.variant(), Variant::Standard | Variant::Chess960) {
                continue;
            }
            games += 1;
            for stop in stops_at_a_move(&g) {
                failures.push(format!("{} game {}: {stop}", file.display(), i + 1));
            }
        }
    }
    assert!(games > 1000, "only {games} games read");
    assert!(failures.is_empty(), "{} stops at a legal move:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_stop_at_a_legal_move_is_found() {
    // What the test looks for, on a game that stops at a mark it cannot read.
    let g = movetext_core::read_game(b"1. e4 e5 2. Nf3 zz 3. Bb5 *");
    assert!(stops_at_a_move(&g).is_empty(), "zz is no move");
    let g = movetext_core::read_game(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 zz a6 *");
    assert!(stops_at_a_move(&g).is_empty());
    assert!(legal_start("3. Bb5+/- a6", &Chess::default()).is_none(), "not legal from the start");
    let after = movetext_core::read_game(b"1. e4 e5 2. Nf3 Nc6 *");
    let last = *after.mainline().last().unwrap();
    assert_eq!(legal_start("3. Bb5+/- a6", &after.position(last)).as_deref(), Some("Bb5+/-"));
}
