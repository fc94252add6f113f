//! Compiles the opening names (`a.tsv` … `e.tsv`: ECO code, name, moves) into
//! a table keyed by the position each line reaches, written to
//! `$OUT_DIR/openings_table.rs` for `src/openings.rs`.
//!
//! The data is looked for in `$MOVETEXT_OPENINGS_DIR`, else in
//! `shared/data/openings` beside the checkout (`../shared` from the
//! workspace's root). Without it, or without the `openings` feature, the
//! table is empty and the build goes on.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

use shakmaty::san::San;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position};

const FILES: [&str; 5] = ["a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=MOVETEXT_OPENINGS_DIR");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("OUT_DIR")).join("openings_table.rs");
    let wanted = env::var_os("CARGO_FEATURE_OPENINGS").is_some();
    let dir = data_dir();
    if let Some(dir) = &dir {
        println!("cargo:rerun-if-changed={}", dir.display());
        for f in FILES {
            println!("cargo:rerun-if-changed={}", dir.join(f).display());
        }
    }
    // The tests read the data too, to check the table against it.
    let shown = dir.as_ref().map(|d| d.display().to_string()).unwrap_or_default();
    println!("cargo:rustc-env=MOVETEXT_OPENINGS_DATA={}", if wanted { shown.as_str() } else { "" });
    let lines = match (&dir, wanted) {
        (Some(dir), true) => read_lines(dir),
        (None, true) => {
            println!("cargo:warning=no opening data (set MOVETEXT_OPENINGS_DIR): the openings table is empty");
            Vec::new()
        }
        _ => Vec::new(),
    };
    fs::write(&out, Table::of(&lines).source()).expect("write the openings table");
}

/// The data directory, if it holds the files.
fn data_dir() -> Option<PathBuf> {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR")?);
    let candidates = match env::var_os("MOVETEXT_OPENINGS_DIR") {
        Some(dir) => vec![PathBuf::from(dir)],
        // crates/core -> the workspace's root -> beside it.
        None => vec![manifest.join("../../../shared/data/openings")],
    };
    candidates.into_iter().find(|d| FILES.iter().all(|f| d.join(f).is_file())).map(|d| d.canonicalize().unwrap_or(d))
}

/// One line of the data: ECO code, name, and the key of the position reached.
struct Line {
    eco: String,
    name: String,
    key: u64,
    plies: usize,
}

fn read_lines(dir: &Path) -> Vec<Line> {
    let mut lines = Vec::new();
    for f in FILES {
        let path = dir.join(f);
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (n, row) in text.lines().enumerate() {
            let mut cols = row.split('\t');
            let (Some(eco), Some(name), Some(moves)) = (cols.next(), cols.next(), cols.next()) else { continue };
            if n == 0 && eco == "eco" {
                continue;
            }
            let (key, plies) =
                replay(moves).unwrap_or_else(|bad| panic!("{}:{}: cannot play `{bad}`", path.display(), n + 1));
            lines.push(Line { eco: eco.to_owned(), name: name.to_owned(), key, plies });
        }
    }
    lines
}

/// Plays the moves of a line from the start: the key of the position
/// reached (as `PositionKey::of` computes it) and the number of moves.
fn replay(moves: &str) -> Result<(u64, usize), String> {
    let mut pos = Chess::default();
    let mut plies = 0;
    for token in moves.split_ascii_whitespace() {
        let san = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if san.is_empty() {
            continue;
        }
        let m =
            San::from_ascii(san.as_bytes()).ok().and_then(|s| s.to_move(&pos).ok()).ok_or_else(|| token.to_owned())?;
        pos.play_unchecked(m);
        plies += 1;
    }
    Ok((pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0, plies))
}

/// The compiled table: keys sorted, each with an ECO code and a name; the
/// names are made of pieces (`Sicilian Defense`, `: Najdorf Variation`,
/// `, English Attack`) kept once each.
#[derive(Default)]
struct Table {
    keys: Vec<u64>,
    ecos: Vec<u16>,
    names: Vec<u16>,
    eco_text: String,
    name_starts: Vec<u16>,
    name_pieces: Vec<u16>,
    piece_starts: Vec<u16>,
    piece_text: String,
    plies: usize,
}

impl Table {
    fn of(lines: &[Line]) -> Table {
        let mut t = Table { name_starts: vec![0], piece_starts: vec![0], ..Table::default() };
        let mut ecos: HashMap<&str, u16> = HashMap::new();
        let mut names: HashMap<&str, u16> = HashMap::new();
        let mut pieces: HashMap<&str, u16> = HashMap::new();
        let mut rows: Vec<(u64, u16, u16)> = Vec::new();
        let mut seen: HashSet<u64> = HashSet::new();
        for line in lines {
            t.plies = t.plies.max(line.plies);
            // A position reached by several lines keeps the first line's name.
            if !seen.insert(line.key) {
                continue;
            }
            let eco = *ecos.entry(&line.eco).or_insert_with(|| {
                assert_eq!(line.eco.len(), 3, "ECO code `{}`", line.eco);
                t.eco_text.push_str(&line.eco);
                (t.eco_text.len() / 3 - 1) as u16
            });
            let name = match names.get(line.name.as_str()) {
                Some(&n) => n,
                None => {
                    for piece in split_name(&line.name) {
                        let p = *pieces.entry(piece).or_insert_with(|| {
                            t.piece_text.push_str(piece);
                            t.piece_starts.push(u16::try_from(t.piece_text.len()).expect("names fit in 64 KB"));
                            (t.piece_starts.len() - 2) as u16
                        });
                        t.name_pieces.push(p);
                    }
                    t.name_starts.push(u16::try_from(t.name_pieces.len()).expect("fewer than 65,536 pieces"));
                    let n = (t.name_starts.len() - 2) as u16;
                    names.insert(&line.name, n);
                    n
                }
            };
            rows.push((line.key, eco, name));
        }
        rows.sort_unstable_by_key(|r| r.0);
        t.keys = rows.iter().map(|r| r.0).collect();
        t.ecos = rows.iter().map(|r| r.1).collect();
        t.names = rows.iter().map(|r| r.2).collect();
        t
    }

    fn source(&self) -> String {
        let mut s = String::new();
        let array = |s: &mut String, name: &str, ty: &str, values: Vec<String>| {
            let _ = writeln!(s, "pub(crate) static {name}: [{ty}; {}] = [{}];", values.len(), values.join(","));
        };
        array(&mut s, "KEYS", "u64", self.keys.iter().map(|k| format!("{k:#x}")).collect());
        array(&mut s, "ECOS", "u16", self.ecos.iter().map(u16::to_string).collect());
        array(&mut s, "NAMES", "u16", self.names.iter().map(u16::to_string).collect());
        array(&mut s, "NAME_STARTS", "u16", self.name_starts.iter().map(u16::to_string).collect());
        array(&mut s, "NAME_PIECES", "u16", self.name_pieces.iter().map(u16::to_string).collect());
        array(&mut s, "PIECE_STARTS", "u16", self.piece_starts.iter().map(u16::to_string).collect());
        let _ = writeln!(s, "pub(crate) static ECO_TEXT: &str = {:?};", self.eco_text);
        let _ = writeln!(s, "pub(crate) static PIECE_TEXT: &str = {:?};", self.piece_text);
        let _ = writeln!(s, "pub(crate) const DEEPEST: usize = {};", self.plies);
        s
    }
}

/// A name in pieces, each but the first starting with its `:` or `,`.
fn split_name(name: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in name.char_indices() {
        if (c == ':' || c == ',') && i > start {
            out.push(&name[start..i]);
            start = i;
        }
    }
    out.push(&name[start..]);
    out
}
