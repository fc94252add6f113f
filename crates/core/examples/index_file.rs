//! Indexes a file `n` times and prints the game count and speed:
//! `cargo run --release --example index_file -- FILE [N]`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: index_file FILE [N]");
        std::process::exit(2);
    };
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let bytes = std::fs::read(path).expect("readable file");
    let start = std::time::Instant::now();
    let mut games = 0usize;
    for _ in 0..n {
        games += movetext_core::FileIndex::build(&bytes).len();
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{games} games, {:.1} MiB/s", (bytes.len() * n) as f64 / secs / 1048576.0);
}
