//! Native benchmark host. `cargo run --release -p movetext-bench`, or
//! `scripts/bench.sh` to run it together with the wasm host.
//!
//! Environment:
//! - `MOVETEXT_BENCH_CORPUS`: folder of `.pgn` samples
//!   (default `../shared/corpus/bench` from the repository root);
//! - `MOVETEXT_BENCH_MB`: size each sample is repeated to, in MiB (default 64);
//! - `MOVETEXT_BENCH_RUNS`: runs per reader, taken in turns; the best is kept
//!   (default 5).

use std::{
    env, fs,
    hint::black_box,
    path::{Path, PathBuf},
    process::ExitCode,
    time::{Duration, Instant},
};

use movetext_bench::{corpus, ours, peer, Memory, Tally};

const MIB: f64 = 1_048_576.0;
/// Goals: ours / pgn-reader throughput, index MiB/s (1 GB/s read as 1 GiB/s),
/// heap bytes per move of an open game (1 KB read as 1000 bytes).
const GOAL_RATIO: f64 = 1.0;
const GOAL_INDEX_MIBS: f64 = 1024.0;
const GOAL_BYTES_PER_MOVE: f64 = 1000.0;

fn main() -> ExitCode {
    let dir = env::var_os("MOVETEXT_BENCH_CORPUS")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/bench"), PathBuf::from);
    let dir = dir.canonicalize().unwrap_or(dir);
    let target_mib = env_number("MOVETEXT_BENCH_MB", 64);
    let runs = env_number("MOVETEXT_BENCH_RUNS", 5).max(1);

    let mut samples: Vec<PathBuf> = match fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .collect(),
        Err(err) => {
            eprintln!("cannot read corpus folder {}: {err}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    samples.sort();
    if samples.is_empty() {
        eprintln!("no .pgn samples in {}", dir.display());
        return ExitCode::FAILURE;
    }

    println!(
        "Movetext benchmark, native {}: each sample repeated to {target_mib} MiB, best of {runs} runs; MiB = 1048576 bytes",
        env::consts::ARCH
    );
    println!("corpus: {}", dir.display());
    if !ours::ENABLED {
        println!("(built without the `ours` feature: Movetext's reader and index are not measured)");
    }

    let mut summary = Vec::new();
    for path in &samples {
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let sample = match fs::read(path) {
            Ok(bytes) => bytes,
            Err(err) => {
                eprintln!("cannot read {}: {err}", path.display());
                return ExitCode::FAILURE;
            }
        };
        let input = corpus::repeat_to(&sample, (target_mib as usize) << 20);
        println!();
        println!(
            "{name}: {} bytes repeated to {} bytes ({:.1} MiB)",
            sample.len(),
            input.len(),
            input.len() as f64 / MIB
        );
        println!("  {:<30} {:>9} {:>11} {:>9} {:>10} {:>7}", "reader", "MiB/s", "games/s", "games", "moves", "errors");

        // The readers take turns, run after run, so that a change of machine
        // load falls on all of them rather than on one.
        let mut ours_best = Best::default();
        let mut peer_best = Best::default();
        let mut index_best = Best::default();
        let mut positions_best = Best::default();
        for _ in 0..runs {
            if ours::ENABLED {
                ours_best.time(|| ours::read_trees(&input));
            }
            peer_best.time(|| peer::validate(&input));
            if ours::ENABLED {
                index_best.time(|| ours::index(&input));
                positions_best.time(|| ours::positions(&input));
            }
        }

        let ours_run = ours_best.finish().and_then(|(t, r)| r.map(|r| (t, r)));
        if let Some((time, tally)) = ours_run {
            row("movetext trees (legal moves)", input.len(), time, &tally);
        }
        let (peer_time, peer_tally) = peer_best.finish().expect("at least one run");
        row("pgn-reader 0.29 + shakmaty", input.len(), peer_time, &peer_tally);

        let ratio = ours_run.map(|(time, tally)| {
            if tally.games != peer_tally.games {
                println!("  warning: movetext read {} games, pgn-reader {}", tally.games, peer_tally.games);
            }
            peer_time.as_secs_f64() / time.as_secs_f64()
        });
        match ratio {
            Some(r) => println!("  {:<30} {r:>9.2}", "ratio movetext / pgn-reader"),
            None => println!("  {:<30} {:>9}", "ratio movetext / pgn-reader", "n/a"),
        }

        let index_mibs = match index_best.finish() {
            Some((time, Some(games))) => {
                let mibs = input.len() as f64 / MIB / time.as_secs_f64();
                println!(
                    "  {:<30} {mibs:>9.0} {:>11.0} {games:>9}",
                    "movetext header index",
                    games as f64 / time.as_secs_f64()
                );
                Some(mibs)
            }
            _ => None,
        };

        if let Some((time, Some(tally))) = positions_best.finish() {
            println!(
                "  {:<30} {:>9.0} {:>11.0} {:>9} {:>10}",
                "movetext position index",
                input.len() as f64 / MIB / time.as_secs_f64(),
                tally.games as f64 / time.as_secs_f64(),
                tally.games,
                tally.moves
            );
            // The index reads every game as the tree reader does, then keys
            // its main line: how much of the reader's speed it keeps.
            if let Some((trees, _)) = ours_run {
                println!(
                    "  {:<30} {:>9.2}",
                    "position index vs the tree reader",
                    trees.as_secs_f64() / time.as_secs_f64()
                );
            }
        }

        let memory = ours::memory(&sample);
        if let Some(m) = memory {
            print_memory(&m);
        }
        summary.push((name, ratio, index_mibs, memory));
    }

    println!();
    println!(
        "native goals: ratio >= {GOAL_RATIO}, index >= {GOAL_INDEX_MIBS} MiB/s, open game < {GOAL_BYTES_PER_MOVE} B/move"
    );
    for (name, ratio, index, memory) in &summary {
        println!(
            "  {name:<30} ratio {}  index {}  memory {}",
            verdict(*ratio, |r| format!("{r:.2}"), |r| r >= GOAL_RATIO),
            verdict(*index, |i| format!("{i:.0} MiB/s"), |i| i >= GOAL_INDEX_MIBS),
            verdict(memory.map(|m| m.mean_per_move()), |b| format!("{b:.0} B/move"), |b| b < GOAL_BYTES_PER_MOVE),
        );
    }
    ExitCode::SUCCESS
}

/// Shortest time of a reader over its runs, and its last result.
struct Best<T> {
    time: Duration,
    result: Option<T>,
}

impl<T> Default for Best<T> {
    fn default() -> Self {
        Best { time: Duration::MAX, result: None }
    }
}

impl<T> Best<T> {
    fn time(&mut self, f: impl FnOnce() -> T) {
        let start = Instant::now();
        let result = black_box(f());
        self.time = self.time.min(start.elapsed());
        self.result = Some(result);
    }

    fn finish(self) -> Option<(Duration, T)> {
        self.result.map(|r| (self.time, r))
    }
}

fn row(label: &str, bytes: usize, time: Duration, tally: &Tally) {
    let secs = time.as_secs_f64();
    println!(
        "  {label:<30} {:>9.1} {:>11.0} {:>9} {:>10} {:>7}",
        bytes as f64 / MIB / secs,
        tally.games as f64 / secs,
        tally.games,
        tally.moves,
        tally.errors
    );
}

fn print_memory(m: &Memory) {
    println!(
        "  open games (sample, {} games, {} moves): {:.0} heap bytes/move on average, worst game {:.0} (games of >= {} moves)",
        m.games,
        m.moves,
        m.mean_per_move(),
        m.worst_per_move,
        Memory::MIN_MOVES
    );
}

fn verdict(value: Option<f64>, show: impl Fn(f64) -> String, ok: impl Fn(f64) -> bool) -> String {
    match value {
        Some(v) => format!("{} {}", show(v), if ok(v) { "ok" } else { "MISSED" }),
        None => "n/a".to_owned(),
    }
}

fn env_number(name: &str, default: u32) -> u32 {
    match env::var(name) {
        Ok(s) => s.trim().parse().unwrap_or_else(|_| {
            eprintln!("ignoring {name}={s:?}: not a whole number");
            default
        }),
        Err(_) => default,
    }
}
