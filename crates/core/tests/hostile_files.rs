//! The hostile files of `movetext-hostile` (stray brackets, variations
//! 10,000 deep, 10,000 siblings, 1 MB lines, binary bytes, token soup,
//! 100,000 NAGs, a 5 MB comment, 20,000 plies): read, indexed, exported and
//! edited on a thread with a small stack, so that any recursion as deep as
//! the file would overflow it.

mod support;

use movetext_core::{read_game, GameReader};
use movetext_hostile as hostile;
use support::exercise::{exercise, nodes};

/// Far less than the 1 MiB a WebAssembly page has: recursion as deep as a
/// hostile file would not fit.
const STACK: usize = 256 << 10;

fn on_small_stack(name: &'static str, f: impl FnOnce() + Send + 'static) {
    let thread = std::thread::Builder::new().name(name.to_owned()).stack_size(STACK).spawn(f).unwrap();
    if let Err(e) = thread.join() {
        std::panic::resume_unwind(e);
    }
}

#[test]
fn every_hostile_file_is_read_edited_and_exported() {
    for case in hostile::cases() {
        on_small_stack(case.name, move || {
            let games = exercise(&case.bytes, 20);
            assert!(games > 0 || case.bytes.iter().all(u8::is_ascii_whitespace), "{}: no game", case.name);
        });
    }
}

#[test]
fn deep_variations_are_deep() {
    on_small_stack("deep", || {
        let g = read_game(&hostile::deep_variations(10_000));
        assert!(!g.has_errors(), "{:?}", &g.diagnostics()[..1]);
        let deepest = nodes(&g).into_iter().map(|n| n.1).max();
        assert_eq!(deepest, Some(10_001), "each level a move deeper, and the last reply");
        assert_eq!(g.node_count(), 20_002, "two moves a level and the main line's two");
    });
}

#[test]
fn shapes_of_the_other_files() {
    on_small_stack("shapes", || {
        let g = read_game(&hostile::many_siblings(10_000));
        assert_eq!(g.children(g.root()).count(), 10_001);
        let g = read_game(&hostile::long_game(20_000));
        assert_eq!(g.mainline_plies(), 20_000);
        assert!(!g.has_errors());
        let g = read_game(&hostile::nag_flood(100_000));
        assert_eq!(g.nags(g.mainline()[0]).len(), 100_000);
        let g = read_game(&hostile::huge_comment(5 << 20));
        let comment: usize = g.comments_after(g.mainline()[0]).map(str::len).sum();
        assert!(comment >= 5_000_000, "{comment}");
        assert_eq!(GameReader::new(&hostile::long_lines(1 << 20)).count(), 2);
        // A stray `}` is kept as a comment, and every game around it is read.
        let stray = hostile::stray_brackets(7, 40);
        let games: Vec<_> = GameReader::new(&stray).collect();
        assert!(games.len() >= 40, "{}", games.len());
        assert_eq!(games[0].mainline_plies(), 2, "1. e4 }} e5 *");
    });
}

#[test]
fn random_files_from_every_generator() {
    // MOVETEXT_HOSTILE_ROUNDS widens the search.
    let rounds = std::env::var("MOVETEXT_HOSTILE_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(150u64);
    on_small_stack("random", move || {
        for seed in 1..=rounds {
            exercise(&hostile::stray_brackets(seed, 3), 3);
            exercise(&hostile::token_soup(seed, 80), 10);
            exercise(&hostile::binary(seed, 600), 10);
        }
    });
}
