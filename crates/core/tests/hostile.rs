//! Hostile input: deep nesting, huge comments, floods of NAGs, random
//! bytes and random token soup. Reading must not panic, must not overflow
//! the stack, must keep every byte, and export must stay idempotent.

use movetext_core::export::{write_game, ExportOptions};
use movetext_core::{read_game, FileIndex, GameReader};
use movetext_hostile::Rng;

fn read_all(bytes: &[u8]) -> usize {
    let mut n = 0;
    for g in GameReader::new(bytes) {
        let out = write_game(&g, &ExportOptions::default());
        let again = write_game(&read_game(out.as_bytes()), &ExportOptions::default());
        if out != again {
            let _ = std::fs::write(std::env::temp_dir().join("movetext-hostile-failure.pgn"), bytes);
            let at = out.bytes().zip(again.bytes()).take_while(|(a, b)| a == b).count();
            let from = at.saturating_sub(60);
            panic!(
                "export not idempotent (input saved as movetext-hostile-failure.pgn in the temp folder); first difference at byte {at}:\n{:?}\n{:?}",
                String::from_utf8_lossy(&out.as_bytes()[from..(at + 60).min(out.len())]),
                String::from_utf8_lossy(&again.as_bytes()[from..(at + 60).min(again.len())])
            );
        }
        n += 1;
    }
    let index = FileIndex::build(bytes);
    assert_eq!(index.len(), n, "index and reader disagree on the games");
    n
}

#[test]
fn deep_nesting_does_not_overflow() {
    let mut s = String::from("1. e4 ");
    s.push_str(&"(".repeat(100_000));
    s.push_str("1. d4 ");
    s.push_str(&")".repeat(100_000));
    s.push_str(" e5 *");
    let g = read_game(s.as_bytes());
    assert_eq!(g.mainline_plies(), 2);
    read_all(s.as_bytes());
    // Real nesting: a variation inside every variation.
    let mut s = String::from("1. e4 e5 ");
    for _ in 0..20_000 {
        s.push_str("( 1... c5 ");
    }
    s.push_str(&")".repeat(20_000));
    s.push_str(" *");
    let g = read_game(s.as_bytes());
    assert_eq!(g.node_count(), 20_002);
    assert!(!g.has_errors());
    read_all(s.as_bytes());
    // Unclosed: repaired, not lost.
    let s = format!("1. e4 e5 {} *", "(1... c5 ".repeat(30_000));
    let g = read_game(s.as_bytes());
    assert_eq!(g.node_count(), 30_002);
}

#[test]
fn huge_comment() {
    let big = "x ".repeat(25 * 1024 * 1024);
    let s = format!("1. e4 {{{big}}} e5 *");
    let g = read_game(s.as_bytes());
    assert_eq!(g.mainline_plies(), 2);
    let first = g.mainline()[0];
    assert_eq!(g.comments_after(first).next().map(str::len), Some(big.len()));
    let out = write_game(&g, &ExportOptions::default());
    assert!(out.lines().all(|l| l.len() < 80));
}

#[test]
fn a_million_nags() {
    let s = format!("1. e4 {} e5 *", "$1 ".repeat(1_000_000));
    let g = read_game(s.as_bytes());
    assert_eq!(g.nags(g.mainline()[0]).len(), 1_000_000);
    let s = format!("1. e4 {} *", "!? $300 ".repeat(100_000));
    let g = read_game(s.as_bytes());
    // Diagnostics are capped, with a count of the rest.
    assert!(g.diagnostics().len() <= movetext_core::reader::MAX_DIAGNOSTICS + 1);
}

#[test]
fn many_variations_on_one_move() {
    let s = format!("1. e4 {} e5 *", "(1. d4) ".repeat(100_000));
    let g = read_game(s.as_bytes());
    assert_eq!(g.children(g.root()).count(), 100_001);
    read_all(s.as_bytes());
}

#[test]
fn random_bytes() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for round in 0..300 {
        let len = rng.below(4000);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        read_all(&bytes);
        let _ = round;
    }
}

#[test]
fn random_token_soup() {
    const TOKENS: &[&str] = &[
        "1.",
        "2...",
        "e4",
        "e5",
        "Nf3",
        "Nc6",
        "Bb5",
        "a6",
        "O-O",
        "0-0-0",
        "exd5",
        "e8=Q",
        "Qxf7#",
        "--",
        "Z0",
        "e2e4",
        "Ng1-f3",
        "(",
        ")",
        "{c}",
        "{",
        "}",
        ";x\n",
        "$1",
        "$",
        "!?",
        "?",
        "*",
        "1-0",
        "0-1",
        "1/2-1/2",
        "[Event \"x\"]",
        "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]",
        "[Variant \"Chess960\"]",
        "[SetUp \"1\"]",
        "\n",
        "\n\n",
        "\r\n",
        "\r",
        "%esc\n",
        " ",
        "\t",
        "[%clk 0:00:01]",
        "\u{2013}",
        "½-½",
        "\"",
        "[",
        "]",
        "<",
        ">",
        "\u{00e9}",
        "BYTE_FF",
    ];
    // MOVETEXT_HOSTILE_ROUNDS and MOVETEXT_HOSTILE_SEED widen the search.
    let rounds = std::env::var("MOVETEXT_HOSTILE_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(2000);
    let seed = std::env::var("MOVETEXT_HOSTILE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(12345);
    let mut rng = Rng::new(seed);
    for _ in 0..rounds {
        let n = rng.below(60);
        let mut s = Vec::new();
        for _ in 0..n {
            let t = TOKENS[rng.below(TOKENS.len())];
            if t == "BYTE_FF" {
                s.push(0xff);
            } else {
                s.extend_from_slice(t.as_bytes());
            }
            if rng.below(3) == 0 {
                s.push(b' ');
            }
        }
        read_all(&s);
        // Every byte is in exactly one game's range.
        let index = FileIndex::build(&s);
        let mut at = if s.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        for i in 0..index.len() {
            let r = index.range(i).unwrap();
            assert_eq!(r.start, at);
            at = r.end;
        }
    }
}
