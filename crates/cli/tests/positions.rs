//! `movetext search`, `movetext tree` and `movetext filter --fen`: the same
//! answers as the core's position index over the whole file, on any number
//! of threads.

mod common;

use clap::Parser;
use movetext_cli::args::Cli;
use movetext_core::positions::{GameInfo, GamePositions, PositionIndex, PositionKey};
use movetext_core::GameReader;
use serde_json::Value;

const AFTER_BA4: &str = "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

fn lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8(out.to_vec()).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The games (number, ply) `search` finds, and its summary.
fn search(fen: &str, input: &[u8], jobs: &str) -> (Vec<(u64, u64)>, Value) {
    let (code, out, err) = common::run(&["search", "--fen", fen, "-j", jobs, "--chunk-size", "4096", "-"], input);
    assert_eq!((code, err.as_str()), (0, ""));
    let mut l = lines(&out);
    let summary = l.pop().unwrap()["summary"].clone();
    (l.iter().map(|v| (v["game"].as_u64().unwrap(), v["ply"].as_u64().unwrap())).collect(), summary)
}

fn tree(fen: Option<&str>, input: &[u8], jobs: &str) -> Value {
    let mut args = vec!["tree", "-j", jobs, "--chunk-size", "4096"];
    if let Some(f) = fen {
        args.extend(["--fen", f]);
    }
    args.push("-");
    let (code, out, err) = common::run(&args, input);
    assert_eq!((code, err.as_str()), (0, ""));
    let mut l = lines(&out);
    assert_eq!(l.len(), 1);
    l.remove(0)
}

/// The core's answers over the whole file.
fn index_of(input: &[u8]) -> PositionIndex {
    let mut index = PositionIndex::default();
    for (i, g) in GameReader::new(input).enumerate() {
        index.add(GameInfo::of(i as u32 + 1, &g), &GamePositions::of(&g));
    }
    index
}

fn same_as_index(input: &[u8], fen: &str) {
    let index = index_of(input);
    let key: PositionKey = fen.parse().unwrap();
    let want: Vec<(u64, u64)> = index.search(key).into_iter().map(|(g, p)| (u64::from(g), p as u64)).collect();
    for jobs in ["1", "4"] {
        let (found, summary) = search(fen, input, jobs);
        assert_eq!(found, want, "{fen} -j {jobs}");
        assert_eq!(summary["matches"].as_u64(), Some(want.len() as u64));
        assert_eq!(summary["games"].as_u64(), Some(index.games() as u64));

        let t = tree(Some(fen), input, jobs);
        let expected = index.tree(key);
        assert_eq!(t["games"].as_u64(), Some(u64::from(expected.games)), "{fen}");
        assert_eq!(
            (t["white"].as_u64(), t["draws"].as_u64(), t["black"].as_u64()),
            (Some(u64::from(expected.white)), Some(u64::from(expected.draws)), Some(u64::from(expected.black)))
        );
        let moves: Vec<(String, u64)> = t["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["uci"].as_str().unwrap().to_string(), m["games"].as_u64().unwrap()))
            .collect();
        let want_moves: Vec<(String, u64)> =
            expected.moves().iter().map(|(m, t)| (m.uci().to_string(), u64::from(t.games))).collect();
        assert_eq!(moves, want_moves, "{fen} -j {jobs}");
    }
    // filter --fen writes the games search finds.
    let (code, out, _) = common::run(&["filter", "--fen", fen, "-j", "2", "-"], input);
    assert_eq!(code, 0);
    assert_eq!(GameReader::new(&out).count(), want.len());
}

#[test]
fn generated_games_are_found_where_they_reach_the_position() {
    let input = common::games(100);
    // Every seventh game plays 4. Ke5 (illegal) instead of 4. Ba4.
    let (found, _) = search(AFTER_BA4, &input, "2");
    let want: Vec<(u64, u64)> = (0..100u64).filter(|i| i % 7 != 3).map(|i| (i + 1, 7)).collect();
    assert_eq!(found, want);
    same_as_index(&input, AFTER_BA4);
    let t = tree(None, &input, "2");
    assert_eq!(t["games"].as_u64(), Some(100));
    assert_eq!(t["moves"][0]["san"].as_str(), Some("e4"));
    assert_eq!(t["moves"][0]["games"].as_u64(), Some(100));
    // Results: 1-0, 0-1, 1/2-1/2, * in turn.
    assert_eq!((t["white"].as_u64(), t["black"].as_u64(), t["draws"].as_u64()), (Some(25), Some(25), Some(25)));
    let after = tree(Some(AFTER_BA4), &input, "1");
    assert_eq!(after["moves"][0]["san"].as_str(), Some("Nf6"));
}

#[test]
fn real_files_give_the_core_index_answers() {
    let Some(dir) = common::corpus() else { return };
    let path = dir.join("bench/twic1599_1000k.pgn");
    let Ok(input) = std::fs::read(path) else { return };
    for fen in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", AFTER_E4, AFTER_BA4] {
        same_as_index(&input, fen);
    }
}

#[test]
fn a_bad_fen_says_what_is_wrong() {
    let e = Cli::try_parse_from(["movetext", "search", "--fen", "8/8 w", "x.pgn"]).unwrap_err().to_string();
    assert!(e.contains("`8/8 w` is not the FEN of a legal position"), "{e}");
    assert!(Cli::try_parse_from(["movetext", "tree", "--fen", "nonsense", "x.pgn"]).is_err());
}
