//! The same answers from plain, zstd, gzip and bzip2 copies of a file, from
//! standard input, and with one thread or four; read errors name the file
//! and where, after the games before them.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};

/// The sample: generated games, then a real file when the corpus is there.
fn sample() -> Vec<u8> {
    let mut bytes = common::games(300);
    if let Some(dir) = common::corpus() {
        // CRLF line ends, Windows-1252 text, escape lines.
        bytes.extend(std::fs::read(dir.join("python-chess__immortal-games-invalid-utf8-crlf.pgn")).unwrap_or_default());
    }
    bytes
}

fn zst(bytes: &[u8]) -> Vec<u8> {
    let mut e = zstd::Encoder::new(Vec::new(), 3).unwrap();
    e.include_checksum(true).unwrap();
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn gz(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn bz2(bytes: &[u8]) -> Vec<u8> {
    // Blocks of 100 kB: a cut file still holds whole blocks.
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

const COMMANDS: [&[&str]; 5] =
    [&["check"], &["index"], &["export"], &["filter", "--player", "chen"], &["filter", "--errors"]];

#[test]
fn compressed_copies_stdin_and_threads_give_the_same_answers() {
    let plain = sample();
    let dir = tempfile::tempdir().unwrap();
    let files = [
        write(dir.path(), "games.pgn", &plain),
        write(dir.path(), "games.pgn.zst", &zst(&plain)),
        write(dir.path(), "games.pgn.gz", &gz(&plain)),
        // Named as if plain: the first bytes tell.
        write(dir.path(), "games-bz2.pgn", &bz2(&plain)),
    ];
    for command in COMMANDS {
        let with = |extra: &[&str], file: &str, stdin: &[u8]| {
            let args: Vec<&str> = command.iter().chain(extra).chain([&file]).copied().collect();
            common::run(&args, stdin)
        };
        let (code, expected, err) = with(&["-j", "1"], files[0].to_str().unwrap(), b"");
        assert!(code <= 1 && err.is_empty(), "{command:?}: {err}");
        assert!(expected.len() > 1000, "{command:?}");
        for file in &files {
            for jobs in ["1", "4"] {
                let got = with(&["-j", jobs, "--chunk-size", "3000"], file.to_str().unwrap(), b"");
                assert!(got == (code, expected.clone(), String::new()), "{command:?} -j {jobs} {}", file.display());
            }
            let stdin = std::fs::read(file).unwrap();
            let got = with(&["-j", "4", "--chunk-size", "5000"], "-", &stdin);
            assert!(got == (code, expected.clone(), String::new()), "{command:?} - < {}", file.display());
        }
    }
}

#[test]
fn truncated_and_corrupt_files_are_read_errors_after_the_games_before_them() {
    let plain = common::games(3000);
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "games.pgn", &plain);
    let (_, whole, _) = common::run(&["check", "-j", "1", path.to_str().unwrap()], b"");
    let whole = String::from_utf8(whole).unwrap();
    let game_lines: Vec<&str> = whole.lines().filter(|l| l.starts_with("{\"game\"")).collect();
    assert_eq!(game_lines.len(), 3000);

    let mut broken = Vec::new();
    for (ext, packed) in [("zst", zst(&plain)), ("gz", gz(&plain)), ("bz2", bz2(&plain))] {
        broken.push((format!("cut.pgn.{ext}"), packed[..packed.len() * 2 / 3].to_vec()));
        if ext != "bz2" {
            // Bytes changed in the middle: a checksum fails, or the data does not decode.
            let mut bad = packed.clone();
            let mid = bad.len() / 2;
            for b in &mut bad[mid..mid + 16] {
                *b ^= 0x5A;
            }
            broken.push((format!("bad.pgn.{ext}"), bad));
        }
    }
    for (name, bytes) in broken {
        let file = write(dir.path(), &name, &bytes);
        let file = file.to_str().unwrap();
        for jobs in ["1", "4"] {
            let (code, out, err) = common::run(&["check", "-j", jobs, "--chunk-size", "20000", file], b"");
            assert_eq!(code, 2, "{name}");
            assert!(err.starts_with(&format!("movetext: {file}: ")), "{name}: {err}");
            assert!(err.contains(" at byte ") && err.contains("bytes of PGN"), "{name}: {err}");
            let out = String::from_utf8(out).unwrap();
            let lines: Vec<&str> = out.lines().collect();
            let (summary, games) = lines.split_last().unwrap();
            assert!(summary.starts_with("{\"summary\":"), "{name}");
            // The games before the cut, as from the whole file. (Changed
            // bytes may give changed games before a checksum tells.)
            if name.starts_with("cut") {
                assert!(games.len() > 100 && games.len() < 3000, "{name}: {} games", games.len());
                assert_eq!(games, &game_lines[..games.len()], "{name}");
            }
        }
    }
}

#[test]
fn a_missing_file_is_a_read_error_and_the_others_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.pgn", b"1. e4 e5 *\n");
    let missing = dir.path().join("missing.pgn");
    let (code, out, err) = common::run(&["check", "-j", "2", missing.to_str().unwrap(), good.to_str().unwrap()], b"");
    assert_eq!(code, 2);
    assert!(err.starts_with(&format!("movetext: cannot read {}: ", missing.display())), "{err}");
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.ends_with(
        "{\"summary\":{\"files\":2,\"games\":1,\"games_with_errors\":0,\"errors\":0,\"warnings\":0,\"fixed\":0}}\n"
    ));
}

/// Takes `room` bytes, then fails with `kind`.
struct Full {
    room: usize,
    kind: std::io::ErrorKind,
}

impl Write for Full {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.room < buf.len() {
            return Err(self.kind.into());
        }
        self.room -= buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_write_error_stops_every_thread() {
    use clap::Parser;
    let plain = common::games(3000);
    for (kind, code) in [(std::io::ErrorKind::BrokenPipe, 0), (std::io::ErrorKind::StorageFull, 2)] {
        for jobs in ["1", "4"] {
            let cli =
                movetext_cli::args::Cli::try_parse_from(["movetext", "check", "-j", jobs, "--chunk-size", "3000", "-"])
                    .unwrap();
            let (mut stdin, mut err) = (&plain[..], Vec::new());
            let got = movetext_cli::run(&cli, &mut stdin, &mut Full { room: 10_000, kind }, &mut err, false);
            let err = String::from_utf8(err).unwrap();
            assert_eq!(got, code, "{kind:?} -j {jobs}: {err}");
            assert_eq!(err.contains("cannot write the output"), code == 2, "{err}");
        }
    }
}

#[test]
fn every_command_reports_an_input_it_cannot_read_and_reads_the_others() {
    let dir = tempfile::tempdir().unwrap();
    // The second game has an error: only `check` and `export` read it so.
    let good = write(dir.path(), "good.pgn", b"1. e4 e5 *\n\n1. d4 Ke5 *\n");
    let good = good.to_str().unwrap();
    let missing = dir.path().join("missing.pgn");
    let missing = missing.to_str().unwrap();
    let message = format!("movetext: cannot read {missing}: ");
    let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let commands: [(&[&str], u8); 6] = [
        (&["check"], 1),
        (&["export"], 1),
        (&["filter", "--no-errors"], 0),
        (&["search", "--fen", e4], 0),
        (&["tree"], 0),
        (&["index"], 0),
    ];
    for (command, code) in commands {
        let with = |files: &[&str]| {
            let args: Vec<&str> = command.iter().chain(&["-j", "2"]).chain(files).copied().collect();
            common::run(&args, b"")
        };
        let (alone, out, err) = with(&[good]);
        assert_eq!((alone, err.as_str()), (code, ""), "{command:?}");
        if command == ["index"] {
            // One file only; without it, no summary.
            let (got, nothing, err) = with(&[missing]);
            assert_eq!((got, nothing.as_slice()), (2, &b""[..]), "{command:?}");
            assert!(err.starts_with(&message) && err.ends_with('\n') && err.lines().count() == 1, "{err}");
            continue;
        }
        let (got, both, err) = with(&[missing, good]);
        assert_eq!(got, 2, "{command:?}");
        assert!(err.starts_with(&message) && err.ends_with('\n') && err.lines().count() == 1, "{err}");
        if command != ["check"] {
            // `check` counts the files in its summary.
            assert_eq!(String::from_utf8(both).unwrap(), String::from_utf8(out).unwrap(), "{command:?}");
        }
    }
}

#[test]
fn index_writes_no_summary_for_a_file_it_cannot_read_to_its_end() {
    let plain = common::games(3000);
    let dir = tempfile::tempdir().unwrap();
    let packed = zst(&plain);
    let cut = write(dir.path(), "cut.pgn.zst", &packed[..packed.len() / 2]);
    for jobs in ["1", "4"] {
        let (code, out, err) = common::run(&["index", "-j", jobs, "--chunk-size", "20000", cut.to_str().unwrap()], b"");
        assert_eq!(code, 2);
        assert!(err.contains("zstd data truncated or corrupt"), "{err}");
        let out = String::from_utf8(out).unwrap();
        assert!(out.lines().count() > 100, "the games before the cut");
        assert!(out.lines().all(|l| l.starts_with("{\"game\":")), "no summary");
    }
}
