//! Reads every game of a file into trees, `n` times, and prints counts:
//! `cargo run --release --example read_file -- FILE [N]`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: read_file FILE [N]");
        std::process::exit(2);
    };
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let bytes = std::fs::read(path).expect("readable file");
    let start = std::time::Instant::now();
    let (mut games, mut moves) = (0usize, 0usize);
    for _ in 0..n {
        for g in movetext_core::GameReader::new(&bytes) {
            games += 1;
            moves += g.node_count();
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{games} games, {moves} moves, {:.1} MiB/s", (bytes.len() * n) as f64 / secs / 1048576.0);
}
