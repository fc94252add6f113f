//! Reads every game of a file with pgn-reader + shakmaty, `n` times, for
//! profiling against `movetext-core`'s `read_file` example:
//! `cargo run --release -p movetext-bench --example peer_file -- FILE [N]`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: peer_file FILE [N]");
        std::process::exit(2);
    };
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let bytes = std::fs::read(path).expect("readable file");
    let mut games = 0;
    for _ in 0..n {
        games += movetext_bench::peer::validate(&bytes).games;
    }
    println!("{games} games");
}
