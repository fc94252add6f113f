//! `GamePositions::of` updates each position's key by the move played; the
//! keys must be exactly those computed afresh from each position
//! (`PositionKey::of`), over every game of the corpus (skipped when absent)
//! and over games that castle, capture en passant, promote and take rooks
//! that could still castle, in standard chess and in Chess960.

use std::path::{Path, PathBuf};

#[cfg(feature = "record")]
use movetext_core::positions::GameInfo;
use movetext_core::positions::{GamePositions, PositionKey};
#[cfg(feature = "record")]
use movetext_core::reader::PositionReader;
#[cfg(feature = "record")]
use movetext_core::stream::GameStream;
#[cfg(feature = "record")]
use movetext_core::ReadBuffers;
use movetext_core::{Game, GameReader, NodeId};

/// Checks every key of `game`'s main line against a fresh hash; gives the
/// number of positions checked.
fn check(game: &Game, name: &str) -> usize {
    let got = GamePositions::of(game);
    if got.is_empty() {
        return 0;
    }
    // A variant's positions by its rules (`of_any` is `of` for standard chess).
    let mut pos = game.any_start();
    let mut want = vec![PositionKey::of_any(&pos)];
    let mut cur = game.main_child(NodeId::ROOT);
    while let Some(id) = cur {
        let Some(m) = game.mv(id) else { break };
        movetext_core::shakmaty::Position::play_unchecked(&mut pos, m);
        want.push(PositionKey::of_any(&pos));
        cur = game.main_child(id);
    }
    let got: Vec<PositionKey> = got.keys().collect();
    assert_eq!(got.len(), want.len(), "{name}: positions");
    for (ply, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "{name}: key after {ply} plies");
    }
    want.len()
}

const SPECIAL: &str = r#"[Event "En passant, castling both ways, promotions"]

1. e4 d5 2. e5 f5 3. exf6 e5 4. fxg7 Nh6 5. gxh8=Q Qe7 6. Nh3 Bd7 7. Bb5 Nc6 8. O-O O-O-O 9. d4 e4 10. f4 exf3 11. gxf3 Kb8 *

[Event "A pawn promotes on a rook that could still castle"]

1. g4 h5 2. gxh5 Nf6 3. h6 e6 4. hxg7 Be7 5. gxh8=Q+ Bf8 6. Nf3 Ke7 7. Rg1 *

[Event "Kings and rooks move, rights lost one by one"]

1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Rg1 Rg8 6. Rh1 Rh8 7. a4 a5 8. Ra3 Ra6 *

[Event "Chess960, the king stays and the rook jumps"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1"]

1. O-O O-O 2. Kh1 Kh8 3. a4 a5 *

[Event "Chess960, long castling"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1"]

1. O-O-O O-O-O 2. Kb1 Kb8 3. Rhg1 Rhg8 *
"#;

#[test]
fn special_moves_keep_the_keys_exact() {
    let mut positions = 0;
    for (i, game) in GameReader::new(SPECIAL.as_bytes()).enumerate() {
        let diagnostics: Vec<String> = game.diagnostics().iter().map(|d| d.message.to_string()).collect();
        assert!(diagnostics.is_empty(), "game {}: {diagnostics:?}", i + 1);
        positions += check(&game, &format!("game {}", i + 1));
    }
    assert_eq!(positions, 23 + 14 + 17 + 7 + 7, "{positions} positions");
}

fn corpus() -> Option<Vec<PathBuf>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir).ok()?.flatten().map(|e| e.path()).collect();
    for sub in ["edge-cases", "bench"] {
        if let Ok(more) = std::fs::read_dir(dir.join(sub)) {
            files.extend(more.flatten().map(|e| e.path()));
        }
    }
    files.retain(|p| p.extension().is_some_and(|e| e == "pgn"));
    files.sort();
    Some(files)
}

#[test]
fn the_corpus_keys_equal_fresh_ones() {
    let Some(files) = corpus() else {
        eprintln!("corpus not found at ../shared/corpus: skipped");
        return;
    };
    let (mut games, mut positions) = (0, 0);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        for (i, game) in GameReader::new(&bytes).enumerate() {
            positions += check(&game, &format!("{} game {}", path.display(), i + 1));
            games += 1;
        }
    }
    assert!(games > 1500 && positions > 100_000, "{games} games, {positions} positions");
}

/// Games whose main line ends early or holds more than moves: null moves,
/// a move that cannot be played, variations and brackets without a move,
/// a variant Movetext does not play, lichess's variants, a FEN start.
#[cfg(feature = "record")]
const TRICKY: &str = r#"[Event "A null move in the main line"]

1. e4 e5 2. -- Nc6 3. Nf3 *

[Event "A null move in a variation"]

1. e4 (1. d4 -- 2. c4) 1... e5 2. Nf3 (2. Nc3 Nf6 (2... Nc6)) 2... Nc6 *

[Event "A move that cannot be played"]

1. e4 e5 2. Ke3 Nc6 3. Nf3 *

[Event "Brackets without moves"]

( ) 1. e4 ( ) e5 ) 2. Nf3 (( 2. Nc3 )) Nc6 *

[Event "Variations left open"]

1. e4 e5 (1... c5 2. Nf3 (2. Nc3 *

[Event "Unplayed variant"]
[Variant "Bughouse"]

1. e4 e5 2. Nf3 *

[Event "Crazyhouse"]
[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 N@f3 *

[Event "From a FEN"]
[SetUp "1"]
[FEN "4k3/P7/8/8/8/8/8/4K2R w K - 0 1"]

1. a8=Q+ Kd7 2. O-O Kc7 *

[Event "No moves"]

*
"#;

#[cfg(feature = "record")]
/// The positions the reader keeps as it plays each game of `bytes` (by
/// [`GameReader::with_positions`] and by [`ReadBuffers::with_positions`])
/// are those [`GamePositions::of`] gives; gives the games checked.
fn check_recorded(bytes: &[u8], name: &str) -> usize {
    let mut reader = GameReader::new(bytes).with_positions();
    let mut games = 0;
    while let Some(game) = reader.next() {
        games += 1;
        let want = GamePositions::of(&game);
        assert_eq!(reader.positions(), Some(&want), "{name}: game {games}");
    }
    assert_eq!(GameReader::new(bytes).positions(), None, "{name}: not asked for");
    let mut buffers = ReadBuffers::with_positions();
    let mut stream = GameStream::new(bytes);
    let mut streamed = 0;
    while let Some(batch) = stream.next_batch().unwrap() {
        for g in batch.games() {
            let game = g.read_with(&mut buffers);
            streamed += 1;
            assert_eq!(buffers.positions(), Some(&GamePositions::of(&game)), "{name}: game {streamed}, streamed");
        }
    }
    assert_eq!(streamed, games, "{name}");
    // The index's reader (each game's main line read the quick way where it
    // is plain) gives the same heads and positions as the reader.
    let mut whole = GameReader::new(bytes).with_positions();
    let mut quick = PositionReader::new(bytes);
    for n in 1..=games {
        let game = whole.next().unwrap();
        let (head, positions) = quick.next_game().unwrap();
        let name = format!("{name}: game {n}, main line only");
        assert_eq!(Some(positions), whole.positions(), "{name}");
        assert!(head.tags().eq(game.tags()), "{name}: {:?}", head.tags().collect::<Vec<_>>());
        assert_eq!(head.result(), game.result(), "{name}");
        assert_eq!(head.info(n as u32), GameInfo::of(n as u32, &game), "{name}");
    }
    assert!(quick.next_game().is_none(), "{name}");
    games
}

#[cfg(feature = "record")]
#[test]
fn the_reader_keeps_the_positions_it_plays() {
    assert_eq!(check_recorded(SPECIAL.as_bytes(), "special"), 5);
    assert_eq!(check_recorded(TRICKY.as_bytes(), "tricky"), 9);
    // The keys stop at the null move and at the move that cannot be played.
    let mut reader = GameReader::new(TRICKY.as_bytes()).with_positions();
    let lens: Vec<usize> = std::iter::from_fn(|| reader.next().map(|_| reader.positions().unwrap().len())).collect();
    // (The crazyhouse game's last drop has no knight in the pocket.)
    assert_eq!(lens, [3, 5, 3, 5, 3, 0, 8, 5, 1]);
    for case in movetext_hostile::cases() {
        check_recorded(&case.bytes, case.name);
    }
    let Some(files) = corpus() else {
        eprintln!("corpus not found at ../shared/corpus: skipped");
        return;
    };
    let mut games = 0;
    for path in &files {
        games += check_recorded(&std::fs::read(path).unwrap(), &path.display().to_string());
    }
    assert!(games > 1500, "{games} games");
}
