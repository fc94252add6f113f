//! The streaming commands give, for every file of the shared corpus, what
//! the core reads from the whole file: the same games, in the same order,
//! with the same lines, columns, offsets and tags.

mod common;

use movetext_core::export::{write_game, ExportOptions};
use movetext_core::{html_line_breaks, FileIndex, GameReader};

fn json(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// Tags as a JSON object, first value of a repeated name.
fn tags_json<'a>(tags: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let mut seen = Vec::new();
    let mut parts = Vec::new();
    for (n, v) in tags {
        if !seen.contains(&n) {
            seen.push(n);
            parts.push(format!("{}:{}", json(n), json(v)));
        }
    }
    format!("{{{}}}", parts.join(","))
}

fn corpus_files() -> Vec<std::path::PathBuf> {
    let Some(dir) = common::corpus() else { return Vec::new() };
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.extend(std::fs::read_dir(dir.join("edge-cases")).into_iter().flatten().flatten().map(|e| e.path()));
    files.retain(|p| p.extension().is_some_and(|e| e == "pgn"));
    files.sort();
    files
}

#[test]
fn check_gives_the_whole_file_reading_of_every_corpus_file() {
    let files = corpus_files();
    if files.is_empty() {
        return;
    }
    let mut expected = String::new();
    let (mut games, mut with_errors, mut counts) = (0, 0, [0usize; 3]);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let bytes = html_line_breaks(&bytes).unwrap_or(bytes);
        for g in GameReader::new(&bytes) {
            games += 1;
            with_errors += usize::from(g.has_errors());
            let end = g.mainline().last().copied().unwrap_or(g.root());
            let diags: Vec<String> = g
                .diagnostics()
                .iter()
                .map(|d| {
                    counts[d.severity as usize] += 1;
                    format!(
                        "{{\"severity\":\"{}\",\"line\":{},\"col\":{},\"message\":{}}}",
                        d.severity.as_str(),
                        d.line,
                        d.col,
                        json(&d.message)
                    )
                })
                .collect();
            expected.push_str(&format!(
                "{{\"game\":{games},\"tags\":{},\"plies\":{},\"nodes\":{},\"fen\":{},\"diagnostics\":[{}]}}\n",
                tags_json(g.tags()),
                g.mainline_plies(),
                g.node_count(),
                json(&g.fen(end)),
                diags.join(",")
            ));
        }
    }
    // Severity counts: fixed, warning, error (the order of the enum).
    expected.push_str(&format!(
        "{{\"summary\":{{\"files\":{},\"games\":{games},\"games_with_errors\":{with_errors},\"errors\":{},\"warnings\":{},\"fixed\":{}}}}}\n",
        files.len(),
        counts[2],
        counts[1],
        counts[0]
    ));
    let names: Vec<&str> = files.iter().map(|p| p.to_str().unwrap()).collect();
    // Small pieces and several threads: many game boundaries fall between pieces.
    let args: Vec<&str> =
        ["check", "-j", "3", "--chunk-size", "4096"].into_iter().chain(names.iter().copied()).collect();
    let (code, out, err) = common::run(&args, b"");
    assert_eq!(String::from_utf8(out).unwrap(), expected);
    assert_eq!(err, "");
    assert_eq!(code, if with_errors > 0 { 1 } else { 0 });
}

#[test]
fn index_and_export_give_the_whole_file_reading_of_every_corpus_file() {
    for path in corpus_files() {
        let name = path.to_str().unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let bytes = html_line_breaks(&bytes).unwrap_or(bytes);
        let index = FileIndex::build(&bytes);
        let mut expected = String::new();
        for i in 0..index.len() {
            let raw = &index.entry(i).unwrap().raw;
            let tags = index.tags(&bytes, i);
            expected.push_str(&format!(
                "{{\"game\":{},\"offset\":{},\"length\":{},\"line\":{},\"tags\":{}}}\n",
                i + 1,
                raw.start,
                raw.end - raw.start,
                raw.line,
                tags_json(tags.iter().map(|(n, v)| (n.as_ref(), v.as_ref())))
            ));
        }
        expected.push_str(&format!("{{\"summary\":{{\"games\":{},\"bytes\":{}}}}}\n", index.len(), bytes.len()));
        let (code, out, _) = common::run(&["index", "-j", "2", "--chunk-size", "1000", name], b"");
        assert_eq!((code, String::from_utf8(out).unwrap()), (0, expected), "{name}");

        let games: Vec<_> = GameReader::new(&bytes).collect();
        let export: String = games.iter().map(|g| write_game(g, &ExportOptions::default())).collect();
        let code = u8::from(games.iter().any(|g| g.has_errors()));
        let (c, out, _) = common::run(&["export", "-j", "2", "--chunk-size", "1000", name], b"");
        assert_eq!((c, String::from_utf8(out).unwrap()), (code, export), "{name}");
    }
}
