//! `movetext`: check, export and index PGN files from the command line.

use std::io::Write;
use std::process::ExitCode;

use movetext_core::export::{write_game, ExportOptions};
use movetext_core::{FileIndex, Game, GameReader, Severity};

const USAGE: &str = "usage:
  movetext check FILE...           one JSON line per game, then a summary
  movetext export [--reduced] FILE export format on standard output
  movetext index FILE              games and their tags, one JSON line each";

/// Writes `s` as a JSON string literal.
fn json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_tags<'a>(out: &mut String, tags: impl Iterator<Item = (&'a str, &'a str)>) {
    out.push('{');
    let mut seen = std::collections::HashSet::new();
    let mut first = true;
    for (n, v) in tags {
        if !seen.insert(n) {
            continue;
        }
        if !first {
            out.push(',');
        }
        first = false;
        json_str(out, n);
        out.push(':');
        json_str(out, v);
    }
    out.push('}');
}

fn check_line(n: usize, g: &Game) -> String {
    let mut s = String::new();
    s.push_str(&format!("{{\"game\":{n},\"tags\":"));
    json_tags(&mut s, g.tags());
    let end = g.mainline().last().copied().unwrap_or(g.root());
    s.push_str(&format!(",\"plies\":{},\"nodes\":{},\"fen\":", g.mainline_plies(), g.node_count()));
    json_str(&mut s, &g.fen(end));
    s.push_str(",\"diagnostics\":[");
    for (i, d) in g.diagnostics().iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&format!(
            "{{\"severity\":\"{}\",\"line\":{},\"col\":{},\"message\":",
            d.severity.as_str(),
            d.line,
            d.col
        ));
        json_str(&mut s, &d.message);
        s.push('}');
    }
    s.push_str("]}");
    s
}

/// A file's bytes; line breaks written as HTML (`<br>`) are line breaks.
fn read(path: &str) -> Result<Vec<u8>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("movetext: cannot read {path}: {e}"))?;
    Ok(movetext_core::html_line_breaks(&bytes).unwrap_or(bytes))
}

fn check(files: &[String]) -> Result<bool, String> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut games, mut errors, mut warnings, mut fixed, mut with_errors) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut unreadable = false;
    for path in files {
        let bytes = match read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{e}");
                unreadable = true;
                continue;
            }
        };
        for g in GameReader::new(&bytes) {
            games += 1;
            for d in g.diagnostics() {
                match d.severity {
                    Severity::Error => errors += 1,
                    Severity::Warning => warnings += 1,
                    Severity::Fixed => fixed += 1,
                }
            }
            if g.has_errors() {
                with_errors += 1;
            }
            writeln!(out, "{}", check_line(games, &g)).map_err(|e| e.to_string())?;
        }
    }
    writeln!(
        out,
        "{{\"summary\":{{\"files\":{},\"games\":{games},\"games_with_errors\":{with_errors},\"errors\":{errors},\"warnings\":{warnings},\"fixed\":{fixed}}}}}",
        files.len()
    )
    .map_err(|e| e.to_string())?;
    Ok(with_errors == 0 && !unreadable)
}

fn export(path: &str, reduced: bool) -> Result<bool, String> {
    let bytes = read(path)?;
    let opts = if reduced { ExportOptions::reduced() } else { ExportOptions::default() };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut ok = true;
    for g in GameReader::new(&bytes) {
        ok &= !g.has_errors();
        out.write_all(write_game(&g, &opts).as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(ok)
}

fn index(path: &str) -> Result<bool, String> {
    let bytes = read(path)?;
    let idx = FileIndex::build(&bytes);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for i in 0..idx.len() {
        let e = idx.entry(i).expect("index entry in range");
        let tags = idx.tags(&bytes, i);
        let mut s = format!(
            "{{\"game\":{},\"offset\":{},\"length\":{},\"line\":{},\"tags\":",
            i + 1,
            e.raw.start,
            e.raw.end - e.raw.start,
            e.raw.line
        );
        json_tags(&mut s, tags.iter().map(|(n, v)| (n.as_ref(), v.as_ref())));
        s.push('}');
        writeln!(out, "{s}").map_err(|e| e.to_string())?;
    }
    writeln!(out, "{{\"summary\":{{\"games\":{},\"bytes\":{}}}}}", idx.len(), bytes.len())
        .map_err(|e| e.to_string())?;
    Ok(true)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("check") if args.len() > 1 => check(&args[1..]),
        Some("export") => match &args[1..] {
            [f] => export(f, false),
            [flag, f] if flag == "--reduced" => export(f, true),
            _ => Err(USAGE.into()),
        },
        Some("index") if args.len() == 2 => index(&args[1]),
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            Ok(true)
        }
        _ => Err(USAGE.into()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
