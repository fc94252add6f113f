//! lichess's variants on the command line: checked with no error, exported
//! with their drops and read back the same, and counted by `tree` and
//! `search` only among games of their own variant.

mod common;

use movetext_core::{equivalent, GameReader};
use serde_json::Value;

fn lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8(out.to_vec()).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

const MIXED: &str = "[Variant \"Crazyhouse\"]\n[Result \"1-0\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 1-0\n\n\
[Variant \"Standard\"]\n[Result \"0-1\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 0-1\n\n\
[Variant \"Atomic\"]\n[Result \"1/2-1/2\"]\n\n1. e4 d5 2. Nf3 1/2-1/2\n\n\
[Variant \"Three-check\"]\n[Result \"*\"]\n\n1. e4 e5 2. Bc4 Nf6 3. Bxf7+ Kxf7 *\n";

#[test]
fn variant_games_check_clean_and_export_with_their_drops() {
    let (code, out, err) = common::run(&["check", "-"], MIXED.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    let l = lines(&out);
    assert_eq!(l.len(), 5, "four games and the summary");
    for game in &l[..4] {
        assert_eq!(game["diagnostics"], Value::Array(Vec::new()), "{game}");
    }
    assert_eq!(l[0]["fen"], "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3");
    // Three-check: checks left to give, White first.
    assert_eq!(l[3]["fen"], "rnbq1b1r/pppp1kpp/5n2/4p3/4P3/8/PPPP1PPP/RNBQK1NR w KQ - 2+3 0 4");
    for reduced in [false, true] {
        let args: &[&str] = if reduced { &["export", "--reduced", "-"] } else { &["export", "-"] };
        let (code, out, err) = common::run(args, MIXED.as_bytes());
        assert_eq!((code, err.as_str()), (0, ""));
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("[Variant \"Crazyhouse\"]") && text.contains("3. @e4 1-0"), "{text}");
        assert!(text.contains("[Variant \"Three-check\"]"), "{text}");
        // Read back: the same games.
        let before: Vec<_> = GameReader::new(MIXED.as_bytes()).collect();
        let after: Vec<_> = GameReader::new(text.as_bytes()).collect();
        assert_eq!(before.len(), after.len());
        for (a, b) in before.iter().zip(&after) {
            assert_eq!(a.variant(), b.variant());
            let sans = |g: &movetext_core::Game| g.mainline().iter().map(|&id| g.san(id)).collect::<Vec<_>>();
            assert_eq!(sans(a), sans(b), "{text}");
            if !reduced {
                assert_eq!(equivalent(a, b), Ok(()), "{text}");
            }
        }
    }
}

#[test]
fn a_real_lichess_crazyhouse_file_checks_clean() {
    let Some(dir) = common::corpus() else { return };
    let file = dir.join("python-chess__saturs-jannlee-zh-lichess.pgn");
    let file = file.to_str().unwrap();
    let (code, out, err) = common::run(&["check", file], b"");
    assert_eq!((code, err.as_str()), (0, ""));
    let l = lines(&out);
    assert_eq!(l[0]["plies"], 122);
    assert_eq!(l[1]["summary"]["errors"], 0);
}

#[test]
fn tree_and_search_keep_each_variant_apart() {
    let tree = |args: &[&str]| {
        let mut all = vec!["tree"];
        all.extend_from_slice(args);
        all.push("-");
        let (code, out, err) = common::run(&all, MIXED.as_bytes());
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        lines(&out).remove(0)
    };
    // The start of each variant: only that variant's games.
    let standard = tree(&[]);
    assert_eq!((standard["games"].as_u64(), standard["black"].as_u64()), (Some(1), Some(1)));
    let zh = tree(&["--variant", "crazyhouse"]);
    assert_eq!((zh["games"].as_u64(), zh["white"].as_u64()), (Some(1), Some(1)));
    assert_eq!(zh["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    // The same board after 2... Qxd5: crazyhouse's pockets make it another position.
    let board = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
    let after =
        tree(&["--variant", "Crazyhouse", "--fen", "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"]);
    assert_eq!(after["games"].as_u64(), Some(1));
    assert_eq!(after["moves"][0]["san"], "@e4");
    assert_eq!(after["moves"][0]["uci"], "P@e4");
    let plain = tree(&["--fen", board]);
    assert_eq!(plain["games"].as_u64(), Some(1));
    assert_eq!(plain["moves"][0]["san"], "Nc3");
    for name in ["Three-check", "3check", "atomic", "KOTH", "racingKings", "horde", "antichess"] {
        assert!(tree(&["--variant", name])["fen"].is_string(), "{name}");
    }
    assert_eq!(tree(&["--variant", "3check"])["games"].as_u64(), Some(1));
    // The position search finds the standard game only.
    let (code, out, err) = common::run(&["search", "--fen", board, "-"], MIXED.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    let l = lines(&out);
    assert_eq!(l.len(), 2, "{l:?}");
    assert_eq!(l[0]["game"], 2);
    // By a variant's rules, the same board with crazyhouse's pockets finds
    // the crazyhouse game only, at the same ply.
    let pockets = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3";
    let (code, out, err) = common::run(&["search", "--variant", "crazyhouse", "--fen", pockets, "-"], MIXED.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    let l = lines(&out);
    assert_eq!(l.len(), 2, "{l:?}");
    assert_eq!((l[0]["game"].as_u64(), l[0]["ply"].as_u64()), (Some(1), Some(4)));
    assert_eq!(l[1]["summary"]["matches"], 1);
    // An atomic search of that board finds neither.
    let (code, out, _) = common::run(&["search", "--variant", "atomic", "--fen", pockets, "-"], MIXED.as_bytes());
    assert_eq!((code, lines(&out)[0]["summary"]["matches"].as_u64()), (0, Some(0)));
    // An unknown variant is refused.
    let bad = clap::Parser::try_parse_from(["movetext", "tree", "--variant", "shogi", "x.pgn"]);
    let bad: Result<movetext_cli::args::Cli, _> = bad;
    assert!(bad.unwrap_err().to_string().contains("`shogi` is not a variant"));
}
