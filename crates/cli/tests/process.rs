//! The `movetext` program itself: standard input, exit status, help and
//! usage errors.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn movetext(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_movetext"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

#[test]
fn exit_status_tells_how_the_games_read() {
    let good = movetext(&["check", "-"], b"1. e4 e5 *\n");
    assert_eq!(good.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&good.stdout).contains("\"games\":1,\"games_with_errors\":0"));
    assert!(good.stderr.is_empty(), "no progress bar when standard error is not a terminal");
    let bad = movetext(&["check", "-"], b"1. e4 Ke5 *\n");
    assert_eq!(bad.status.code(), Some(1));
    let exported = movetext(&["export", "--reduced", "-"], b"[White \"A\"]\n\n1. e4 {x} e5 *\n");
    assert_eq!(exported.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&exported.stdout).contains("1. e4 e5 *"));
}

#[test]
fn export_fills_the_opening_tags_when_asked() {
    if movetext_core::openings::count() == 0 {
        return;
    }
    let pgn = b"[ECO \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n";
    let filled = movetext(&["export", "--opening-tags", "-"], pgn);
    assert_eq!(filled.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&filled.stdout).contains("[ECO \"C60\"]\n[Opening \"Ruy Lopez\"]\n"));
    let plain = movetext(&["export", "-"], pgn);
    assert!(String::from_utf8_lossy(&plain.stdout).contains("[ECO \"?\"]\n\n"));
}

#[test]
fn compressed_standard_input_is_told_by_its_first_bytes() {
    let pgn = common::games(20);
    let packed = zstd::encode_all(&pgn[..], 3).unwrap();
    let plain = movetext(&["index", "-"], &pgn);
    let zst = movetext(&["index", "-j", "2", "-"], &packed);
    assert_eq!(zst.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&zst.stdout), String::from_utf8_lossy(&plain.stdout));
    assert_eq!(String::from_utf8_lossy(&plain.stdout).lines().count(), 21);
}

#[test]
fn usage_errors_say_what_to_type() {
    let out = movetext(&["check"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<FILE>") && err.contains("Usage: movetext check"), "{err}");
    let out = movetext(&["chek", "x.pgn"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'check'"), "a suggestion");
    let out = movetext(&["filter", "--from", "May", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("YYYY.MM.DD"));
    let out = movetext(&["index", "missing-file.pgn"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read missing-file.pgn"));
}

#[test]
fn every_command_has_help() {
    for command in ["check", "export", "index", "search", "tree", "filter"] {
        let out = movetext(&[command, "--help"], b"");
        assert_eq!(out.status.code(), Some(0));
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains(&format!("Usage: movetext {command}")) && help.contains("--jobs"), "{help}");
    }
    let out = movetext(&["--help"], b"");
    assert!(String::from_utf8_lossy(&out.stdout).contains("Exit status"));
}
