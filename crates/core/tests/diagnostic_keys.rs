//! Every diagnostic says its message with a key of the table and the values
//! put into the key's English text: made from them, the text is the message,
//! word for word. Checked on small games that each go wrong in their own way
//! and on the files of the shared corpus (when it is there).

use std::collections::BTreeSet;
use std::path::Path;

use movetext_core::diagnostic_messages::{english, fill, placeholders, DIAGNOSTIC_MESSAGES};
use movetext_core::{read_game, Diagnostic, GameReader};

/// Games with one or more things wrong, as files have them.
const BROKEN: &[&str] = &[
    "[White Anna]\n\n1. e4 *",
    "[White \"Anna]\n\n1. e4 *",
    "[White \"An\"na\" ]\n\n1. e4 *",
    "[White \"Anna\"\n\n1. e4 *",
    "[White \"A\"]\n[White \"B\"]\n\n1. e4 *",
    "[white \"A\"]\n\n1. e4 *",
    "[ \"x\"]\n\n1. e4 *",
    "[SetUp \"1\"]\n\n1. e4 *",
    "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *",
    "[SetUp \"1\"]\n[FEN \"garbage\"]\n\n*",
    "[SetUp \"1\"]\n[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\"]\n\n*",
    "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w KQ - 0 1\"]\n\n*",
    "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3KK3 w - - 0 1\"]\n\n*",
    "1. e4 e5 ({a comment}) 2. Nf3 *",
    "[Variant \"Shatranj\"]\n\n1. e4 *",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O–O *",
    "1. e4 e5 +--",
    "1. e4 e5 2. Nf3+- Nc6 *",
    "1. e4 e5 2. Nf3!+ Nc6 *",
    "1. e4 e5 2. Nf3 +-- Nc6 D' *",
    "1. e4 e5 1/2",
    "1. e4 (1. d4 1-0) e5 *",
    "1. e4 d5 2. e5 f5 3. exf6 e.p. *",
    "1. e4 d5 2. e5 f5 3. exf6ep *",
    "1. e4, e5 *",
    "1. e4 xyz e5 *",
    "1. e4 (1. xyz) e5 *",
    "1. Mf3 *",
    "1. e4 (1. Mf3) e5 *",
    "1. e5 *",
    "1. e4 {open",
    "1. e4 ;a<br>e5 *",
    "1. e4 <br> e5 *",
    "1. e4 $999 *",
    "( 1. e4 ) *",
    "1. e4 ) e5 *",
    "1. e4 § e5 *",
    "1. e4 (1. d4 *",
    "[Result \"*\"]\n\n1. e4 1-0",
    "[Result \"1-0\"]\n\n1. e4 *",
    "[Result \"1-0\"]\n\n1. e4 0-1",
    "1. e4 * garbage",
    "[Result \"1-0\"]\n\n1. e4",
    "1. e4 e5",
    "1. e4 ± e5 *",
    "1. e4 += e5 *",
    "{note}\n[White \"A\"]\n\n1. e4 *",
    "1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. 0-0 Sf6 5. Te1 d6 6. De2 *",
    "1. e4 e5 2. Re2 *",
    "1. e4 e5 3. Nf3 *",
    "[Result \"1/2\"]\n\n1. e4 1/2-1/2",
    "1. e4 e5 2. Nf3 Nc6*",
    "1. Pe2-e4 *",
    "[SetUp \"1\"]\n[FEN \"8/P3k3/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8q *",
    "1. e4 f5 2. Qh5++ *",
    "1. e2-e4 *",
    "1. e2e4 *",
    "1. e4 e5 2. nf3 *",
    "1. e4= *",
    "1. Nxf3 *",
    "1. e4 d5 2. exd5 Qd5 *",
    "1. e4+ *",
    "1. e4# *",
    "1. e4 f5 2. Qh5# *",
];

/// Checks one diagnostic against the table; returns its key.
fn check(d: &Diagnostic) -> &'static str {
    let text = english(d.key).unwrap_or_else(|| panic!("{}: not a key of the table ({})", d.key, d.message));
    assert_eq!(fill(text, &d.args), d.message, "{}", d.key);
    // Each value has its place in the text, and each place its value.
    let mut wanted: Vec<&str> = placeholders(text);
    wanted.sort_unstable();
    wanted.dedup();
    let mut given: Vec<&str> = d.args.iter().map(|(n, _)| *n).collect();
    given.sort_unstable();
    assert_eq!(given, wanted, "{}: values given and taken ({})", d.key, d.message);
    d.key
}

#[test]
fn messages_are_their_key_with_its_values() {
    let mut seen = BTreeSet::new();
    let mut all: Vec<Vec<u8>> = BROKEN.iter().map(|s| s.as_bytes().to_vec()).collect();
    // Not UTF-8 (an é in Latin-1), and more diagnostics than are listed.
    all.push(b"[White \"Jos\xe9\"]\n\n1. e4 *".to_vec());
    all.push((0..600).map(|i| format!("[T{i} v]\n")).collect::<String>().into_bytes());
    let mut silent = Vec::new();
    for bytes in &all {
        let g = read_game(bytes);
        if g.diagnostics().is_empty() {
            silent.push(String::from_utf8_lossy(bytes).into_owned());
        }
        seen.extend(g.diagnostics().iter().map(check));
    }
    // The splitter keeps no tag without a name: said only if it ever did.
    seen.insert("tag-no-name");
    let missing: Vec<&str> = DIAGNOSTIC_MESSAGES.iter().map(|(k, _)| *k).filter(|k| !seen.contains(k)).collect();
    assert!(silent.is_empty() && missing.is_empty(), "nothing said about {silent:?}; keys not met: {missing:?}");
}

#[test]
fn messages_read_as_before() {
    let said = |pgn: &str| -> Vec<String> {
        read_game(pgn.as_bytes()).diagnostics().iter().map(|d| d.message.clone()).collect()
    };
    assert_eq!(
        said("1. Mf3 *"),
        ["1. Mf3 is not a move (M is not a piece letter of PGN, which writes K, Q, R, B and N); \
          it and the rest of the game are kept as text"]
    );
    assert_eq!(said("1. e4 (1. d4 e5 *")[1], "1 variation(s) not closed with )");
    assert_eq!(said("1. Nxf3 *"), ["1. Nxf3: written as a capture, but nothing is taken"]);
    assert_eq!(said("1. e4 $999 *"), ["$999 is not a NAG (0 to 255); kept as a comment"]);
}

#[test]
fn corpus_messages_are_their_key_with_its_values() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if !dir.is_dir() {
        eprintln!("corpus not found at ../shared/corpus: skipped");
        return;
    }
    let mut files = vec![dir];
    let mut diagnostics = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "pgn") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        for g in GameReader::new(&bytes) {
            for d in g.diagnostics() {
                check(d);
                diagnostics += 1;
            }
        }
    }
    assert!(diagnostics > 0, "no diagnostic in the corpus");
}
