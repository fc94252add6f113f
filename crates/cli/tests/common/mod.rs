//! Helpers of the command's tests.
#![allow(dead_code)]

use clap::Parser;
use movetext_cli::args::Cli;

/// Runs a command line in this process: (exit status, standard output, standard error).
pub fn run(args: &[&str], stdin: &[u8]) -> (u8, Vec<u8>, String) {
    let cli =
        Cli::try_parse_from(std::iter::once("movetext").chain(args.iter().copied())).expect("a valid command line");
    let mut input = stdin;
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = movetext_cli::run(&cli, &mut input, &mut out, &mut err, false);
    (code, out, String::from_utf8(err).expect("UTF-8 messages"))
}

/// The shared corpus of real files, when it is there.
pub fn corpus() -> Option<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    dir.is_dir().then_some(dir)
}

/// A file of `n` games: players, dates, results and openings vary; every
/// seventh game has an illegal move, every fifth has a comment over lines.
pub fn games(n: usize) -> Vec<u8> {
    let players = ["Anna Kowalska", "Bo Chen", "Carlos Ruiz", "Dana Ilić", "Emil Berg"];
    let results = ["1-0", "0-1", "1/2-1/2", "*"];
    let mut out = String::new();
    for i in 0..n {
        let (white, black) = (players[i % 5], players[(i / 5 + i + 1) % 5]);
        let result = results[i % 4];
        out.push_str(&format!(
            "[Event \"Test {i}\"]\n[Date \"2024.{:02}.{:02}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[ECO \"{}{:02}\"]\n\n",
            i % 12 + 1,
            i % 28 + 1,
            ["A", "B", "C", "D", "E"][i % 5],
            i % 100
        ));
        out.push_str("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ");
        if i % 5 == 0 {
            out.push_str("{a comment\nover two lines} ");
        }
        if i % 7 == 3 {
            out.push_str("4. Ke5 ");
        } else {
            out.push_str("4. Ba4 Nf6 (4... d6 5. c3) 5. O-O ");
        }
        out.push_str(result);
        out.push_str("\n\n");
    }
    out.into_bytes()
}
