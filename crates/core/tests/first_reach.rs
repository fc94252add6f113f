//! The position search that stops early (`Target::first_ply`) and reads
//! the movetext the quick way (`GameBytes::first_reach`) against the
//! positions of the game read whole (`GamePositions::first_ply`): for every
//! game of the corpus, of the bench samples, of the hostile files and of
//! real games with hostile tokens put in anywhere, and for positions each
//! game reaches and positions taken from other games.

use std::path::Path;

use movetext_core::positions::{position_of_fen, GamePositions, PositionKey, Target};
use movetext_core::shakmaty::fen::Fen;
use movetext_core::shakmaty::{Chess, EnPassantMode, Position};
use movetext_core::stream::GameStream;
use movetext_core::{Game, ReadBuffers};
use movetext_hostile::{Rng, TOKENS};

/// The positions of a game's main line, as `GamePositions::of` plays them.
fn line_positions(game: &Game) -> Vec<Chess> {
    if matches!(game.variant(), movetext_core::game::Variant::Unsupported(_)) {
        return Vec::new();
    }
    let mut pos = game.start_position().clone();
    let mut out = vec![pos.clone()];
    for id in game.mainline() {
        let Some(m) = game.mv(id) else { break };
        pos.play_unchecked(m);
        out.push(pos.clone());
    }
    out
}

/// The positions at plies 0, 1, 4, 10, 20 and the last (all of them in a
/// short game).
fn picks(game: &Game) -> Vec<Chess> {
    let line = line_positions(game);
    if line.len() <= 12 {
        return line;
    }
    let mut out: Vec<Chess> = [0, 1, 4, 10, 20].iter().filter_map(|&p| line.get(p).cloned()).collect();
    out.extend(line.last().cloned());
    out
}

#[derive(Default)]
struct Tally {
    games: usize,
    checks: usize,
    found: usize,
}

/// Checks every game of `file` against its own picks, those of the game
/// before it and `pool` (which takes some picks of the file along).
fn check_file(file: &[u8], name: &str, pool: &mut Vec<Chess>, tally: &mut Tally) {
    let mut stream = GameStream::new(file);
    let mut buffers = ReadBuffers::default();
    let mut before: Vec<Chess> = Vec::new();
    while let Some(batch) = stream.next_batch().unwrap() {
        for g in batch.games() {
            let game = g.read();
            let positions = GamePositions::of(&game);
            let own = picks(&game);
            for pos in own.iter().chain(&before).chain(pool.iter()) {
                let target = Target::new(pos);
                let expected = positions.first_ply(PositionKey::of(pos));
                assert_eq!(target.key(), PositionKey::of(pos));
                assert_eq!(target.first_ply(&game), expected, "{name}, game at {}: first_ply", g.offset());
                assert_eq!(
                    g.first_reach(&target, &mut buffers),
                    expected,
                    "{name}, game at {}: first_reach of {}",
                    g.offset(),
                    Fen::from_position(pos, EnPassantMode::Legal)
                );
                tally.checks += 1;
                tally.found += usize::from(expected.is_some());
            }
            if tally.games.is_multiple_of(37) && pool.len() < 48 {
                pool.extend(own.iter().skip(2).cloned());
            }
            tally.games += 1;
            before = own;
        }
    }
}

/// Positions no game of the samples reaches, or reaches rarely.
fn fixed_pool() -> Vec<Chess> {
    [
        "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "8/5k2/8/8/8/8/3K4/4R3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
    ]
    .iter()
    .map(|f| position_of_fen(f).unwrap())
    .collect()
}

fn corpus() -> Option<Vec<std::path::PathBuf>> {
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
fn the_corpus_is_searched_as_it_reads() {
    let Some(files) = corpus() else { return };
    let mut pool = fixed_pool();
    let mut tally = Tally::default();
    for path in &files {
        check_file(&std::fs::read(path).unwrap(), &path.display().to_string(), &mut pool, &mut tally);
    }
    assert!(tally.games > 1500, "{} games", tally.games);
    assert!(tally.found > 1000 && tally.found < tally.checks);
}

/// `bytes` with hostile tokens put in at one white space in `rate`.
fn spoiled(bytes: &[u8], seed: u64, rate: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(b);
        if b == b' ' && rng.below(rate) == 0 {
            out.extend_from_slice(TOKENS[rng.below(TOKENS.len())]);
            if rng.below(2) == 0 {
                out.push(b' ');
            }
        }
    }
    out
}

#[test]
fn real_games_with_hostile_tokens_are_searched_as_they_read() {
    let Some(files) = corpus() else { return };
    let mut pool = fixed_pool();
    let mut tally = Tally::default();
    for path in files.iter().filter(|p| p.to_string_lossy().contains("bench")) {
        let file = std::fs::read(path).unwrap();
        let cut = file.len().min(300_000);
        for (seed, rate) in [(1, 30), (2, 200), (3, 1000)] {
            check_file(&spoiled(&file[..cut], seed, rate), &path.display().to_string(), &mut pool, &mut tally);
        }
    }
    assert!(tally.found > 100 && tally.found < tally.checks);
}

#[test]
fn hostile_files_are_searched_as_they_read() {
    let mut pool = fixed_pool();
    let mut tally = Tally::default();
    for case in movetext_hostile::cases() {
        check_file(&case.bytes, case.name, &mut pool, &mut tally);
    }
    for seed in 1..40 {
        check_file(&movetext_hostile::token_soup(seed, 400), "token soup", &mut pool, &mut tally);
    }
    let mut game = movetext_hostile::GAME.as_bytes().to_vec();
    game.extend_from_slice(movetext_hostile::GAME.as_bytes());
    for seed in 1..200 {
        check_file(&spoiled(&game, seed, 4), "spoiled game", &mut pool, &mut tally);
    }
    assert!(tally.found > 0 && tally.found < tally.checks);
}

/// Movetext the reader reads otherwise than the usual way.
const HAND_MADE: &[&[u8]] = &[
    b"1. e4 e5 2. \xd0\x9af3 \xd0\x9ac6 3. Bb5 *",
    b"1. e4 e5 2. N\xe2\x86\x92f3 Nc6 *",
    b"1. e4 ; note <br> e5 2. Nf3 *",
    b"1. e4 ; note <BR/> e5 2. Nf3 *",
    b"1. e4 ; note\n; more ( 1. d4\n e5 2. Nf3 *",
    b"( 1. d4 ) 1. e4 e5 *",
    b"( 1. d4 d5 2. c4 ) *",
    b"1. e4 ) e5 2. Nf3 *",
    b"1. e4 e5 2. Nf3 (2. Nc3 1-0 Nc6) Nc6 3. Bb5 *",
    b"1. e4 e5 2. Nf3 (2. Nc3 (2. f4 *) Nc6 3. Qxh7 ( 3. Nf3 ) ) Nc6 *",
    b"1. e4 e5 2. Nf3 ( ( 2. Nc3 ) 2. f4 ) Nc6 *",
    b"1. e4 e5 2. Nf3 (2. Qxh7 Nc6 (2... d6) 3. d4) Nc6 *",
    b"1. e4 e5 2. Nf3 {open comment 2... Nc6",
    b"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 *",
    b"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7 *",
    b"1.e4 1...e5 2.Nf3 2...Nc6 3.Bb5 3...a6 4.1.Ba4 Nf6 5.ep O-O *",
    b"1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.cxd5 exd5 5.Bg5 Be7 6.e3 O-O 7.Bd3 Nbd7 8.Qc2 Re8 9.Nge2 Nf8 10.O-O-O *",
    b"1.e4 e5 2.Nf3\xc2\xb1 Nc6 3.Bb5\xe2\x88\x9e a6 *",
    b"1.e4 e5 2.Nf3, Nc6 3.Bb5= a6 4.0-0 *",
    b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *",
    b"1. e4 -- 2. d4 d5 *",
    b"1. e4 Z0 2. d4 d5 *",
    b"1. e4 e5 2. Nf3! Nc6?? 3. Bb5+ a6!? *",
    b"1. e4 e5 2. Nf3, Nc6, 3. Bb5 *",
    b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O\xe2\x80\x91O *",
    b"[Event \"R\xe9ti\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O\x96O Bd6 *",
    b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O\x96O Bd6 *",
    // Not UTF-8 (so read as Windows-1252), with bytes in the main line
    // that would be white space or look-alikes read as UTF-8 (castling
    // with a non-breaking hyphen after the same game in UTF-8, whose
    // positions the one read as Windows-1252 does not reach); and with
    // such bytes only in a tag, comments and a variation.
    b"[Event \"R\xe9ti\"]\n\n1. e4 e5 2. Nf3\xc2\xa0Nc6 3. Bb5 a6 *",
    b"[Event \"R\xe9ti\"]\n\n1. e4 e5 2. Nf3 \xef\xbb\xbfNc6 3. Bb5 a6 *",
    b"[Event \"R\xc3\xa9ti\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O\xe2\x80\x91O Be7 *",
    b"[Event \"R\xe9ti\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O\xe2\x80\x91O Be7 *",
    b"[Event \"R\xe9ti\"]\n\n1. e4 e5 2. Nf3 Nc6 \xc2\xbd-\xc2\xbd 3. Bb5 a6 *",
    b"1. e4 e5 {caf\xe9} 2. Nf3 Nc6 1\xe2\x80\x930 3. Bb5 a6 *",
    b"[Event \"R\xe9ti\"]\n\n1. e4 {caf\xe9} e5 2. Nf3 (2. f4 d\xe9 ; \xe9\n) Nc6 3. Bb5 a6 *",
    b"%escape (\n1. e4 e5\n%esc (\n2. Nf3 *",
    b"1. e4 $1 $300 e5 2. Nf3 *",
    b"1. e4 e5 2. Nf3 Nc6 1/2 3. Bb5 *",
    b"1. e4 e5 +-- 2. Nf3 *",
    b"1. e4 e5 2. Nf3 Nc6 1\xe2\x80\x930 3. Bb5",
    b"1. e4 e5 2. Nf3 Nc6 * 3. Bb5 a6",
    b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *",
    b"1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q Nb6 6. Qxa7 *",
    b"1. e4 f5 2. e5 d5 3. exd6 e.p. e6 4. d4 *",
    b"1. e2e4 e7e5 2. Ng1-f3 *",
    b"1. e4 e5 2. Nf3 Nc6 3... Bb5 4. a6 *",
    b"12. e4 e5 2. Nf3 *",
    b"1... e5 2. e4 *",
    b"[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1... e5 2. e4 *",
    b"[fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 2. Nf3 *",
    b"[Variant \"Horde\"]\n\n1. e4 e5 *",
    b"[variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 *",
    b"[Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 *",
    b"1. e4 e5 2. Nxf3 Nc6 3. Bb5 *",
    b"1. e4 d5 2. e5 f5 3. exf6 e6 4. fxg7 Bd6 5. gxh8=Q Kf8 6. Qxg8+ *",
    b"1. e4 d5 2. e5 f5 3. exf6e.p. e6 4. fxg7 Bd6 5. gxh8=N Kf8 *",
    b"1. e4 d5 2. e5 f5 3. exf6ep e6 4. fxg7 Bd6 5. gxh8Q Kf8 *",
    b"1. e4 d5 2. e5 f5 3. exf6 ep e6 4. fxg7 Bd6 5. gxh8(Q) Kf8 *",
    b"1. e4 e5 2. Ngf3 Nc6 3. Nf3d4 exd4 4. Pc3 *",
    b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *",
    b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7++ *",
    b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 b5 5. Bb3 Nf6 6. O-O Be7 7. Nc3 O-O-O *",
    b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 b5 5. Bb3 Nf6 6. 0-0 Be7 7. Nc3 o-o *",
    b"1. e4 e5 2. Sf3 Sc6 3. Lb5 *",
    b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Kf1 Ke7 6. Ke1 Ke8 7. Kf1 *",
    // Kings written with the French letter where no rook can go (read as
    // kings), then pawns taking on and on.
    b"1. e4 e5 2. Ke2 Ke7 3. Rf3 Rf6 4. d4 d5 5. exd5 exd4 6. c4 dxc3 7. bxc3 *",
    // A pawn taking where nothing stands, a piece going through a man: the
    // main line ends there, its pawns as written go on.
    b"1. e4 e5 2. exd5 Nc6 3. d4 exd4 *",
    b"1. e4 e5 2. Nf3 Nc6 3. Qh5 Nf6 4. d4 exd4 5. e5 *",
    // Pawns going as they may: en passant on both wings, a double step
    // after a single one, promotions taking and not.
    b"1. e4 a6 2. e5 d5 3. exd6 h5 4. g4 h4 5. g5 f5 6. gxf6 Nh6 7. fxg7 Rh7 8. gxf8=R+ Kxf8 9. dxc7 Qe8 10. cxb8=Q *",
];

#[test]
fn hand_made_movetext_is_searched_as_it_reads() {
    let mut pool = fixed_pool();
    let mut tally = Tally::default();
    for pgn in HAND_MADE {
        // Each alone, and all in one file (each game then searched for the
        // positions of the one before).
        check_file(pgn, &String::from_utf8_lossy(pgn), &mut pool, &mut tally);
    }
    let all: Vec<u8> = HAND_MADE.iter().flat_map(|g| [*g, b"\n\n"]).flatten().copied().collect();
    check_file(&all, "hand-made games", &mut pool, &mut tally);
    assert!(tally.found > 100 && tally.found < tally.checks);
}

#[test]
fn a_game_is_left_as_soon_as_it_cannot_reach_the_target() {
    let najdorf: Target = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6".parse().unwrap();
    let read = |pgn: &[u8]| movetext_core::read_game(pgn);
    let game = read(b"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be2 *");
    assert_eq!(najdorf.first_ply(&game), Some(10));
    // Moves that cannot be played after the position is left are never read.
    let batch = GameStream::new(&b"1. c4 c5 2. Qxh7 *\n"[..]).next_batch().unwrap().unwrap();
    assert_eq!(batch.get(0).unwrap().first_reach(&najdorf, &mut ReadBuffers::default()), None);
}

/// Endings (at most 12 men): the search counts a game's moves first and
/// stops once a side has more men than the target beyond what the other
/// side's moves left could take. Every game of the corpus that ends with
/// few men is found at its last position (also after a promotion), its
/// position a few plies before the end too.
#[test]
fn endings_are_found_to_the_last_move() {
    let Some(files) = corpus() else { return };
    let (mut endings, mut promoted) = (0, 0);
    let mut buffers = ReadBuffers::default();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let mut stream = GameStream::new(&bytes[..]);
        while let Some(batch) = stream.next_batch().unwrap() {
            for g in batch.games() {
                let game = g.read();
                if game.plays_variant() {
                    continue;
                }
                let line = line_positions(&game);
                let Some(last) = line.last() else { continue };
                if line.len() < 2 || last.board().occupied().count() > 12 {
                    continue;
                }
                let positions = GamePositions::of(&game);
                let plies = line.len() - 1;
                for back in [0, 1, 3] {
                    let Some(pos) = plies.checked_sub(back).map(|p| &line[p]) else { continue };
                    let target = Target::new(pos);
                    let want = positions.first_ply(PositionKey::of(pos));
                    assert!(want.is_some_and(|p| p <= plies - back));
                    assert_eq!(
                        g.first_reach(&target, &mut buffers),
                        want,
                        "{}, game at {}",
                        path.display(),
                        g.offset()
                    );
                }
                endings += 1;
                let mainline = game.mainline();
                let promotes = mainline.iter().any(|&id| game.mv(id).is_some_and(|m| m.is_promotion()));
                promoted += usize::from(promotes);
            }
        }
    }
    assert!(endings > 100 && promoted > 5, "{endings} endings, {promoted} with a promotion");
}

/// A random game from the usual start, written the way files write moves:
/// SAN with `x` dropped now and then (the reader takes such a capture all
/// the same), castling with zeros now and then, move numbers glued to the
/// moves or apart; and the positions it goes through.
fn random_game(rng: &mut Rng) -> (Vec<u8>, Vec<Chess>) {
    use movetext_core::shakmaty::san::San;
    let mut pos = Chess::default();
    let mut line = vec![pos.clone()];
    let mut text = String::new();
    let plies = 20 + rng.below(160);
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Captures and pawn moves more often than at random, so that games
        // get down to few men and pawns.
        let m = (0..3)
            .map(|_| moves[rng.below(moves.len())])
            .max_by_key(|m| u8::from(m.is_capture()) * 2 + u8::from(m.role() == movetext_core::shakmaty::Role::Pawn))
            .unwrap();
        let mut san = San::from_move(&pos, m).to_string();
        if m.is_capture() && rng.below(4) == 0 {
            san = san.replacen('x', "", 1);
        }
        if san.starts_with("O-O") && rng.below(2) == 0 {
            san = san.replace('O', "0");
        }
        if ply % 2 == 0 {
            let glued = if rng.below(2) == 0 { "" } else { " " };
            text.push_str(&format!("{}.{glued}", ply / 2 + 1));
        }
        text.push_str(&san);
        text.push(' ');
        pos.play_unchecked(m);
        line.push(pos.clone());
    }
    text.push_str("*\n\n");
    (text.into_bytes(), line)
}

#[test]
fn random_games_written_loosely_are_searched_as_they_read() {
    let mut rng = Rng::new(7);
    let mut buffers = ReadBuffers::default();
    let (mut checks, mut found, mut few_pawns) = (0, 0, 0);
    let mut others: Vec<Chess> = Vec::new();
    for _ in 0..400 {
        let (text, line) = random_game(&mut rng);
        let last = line.last().unwrap().board();
        few_pawns += usize::from(last.by_role(movetext_core::shakmaty::Role::Pawn).count() <= 4);
        let batch = GameStream::new(&text[..]).next_batch().unwrap().unwrap();
        let g = batch.get(0).unwrap();
        let game = g.read();
        assert_eq!(game.mainline().len() + 1, line.len(), "{}", String::from_utf8_lossy(&text));
        let positions = GamePositions::of(&game);
        let mut targets: Vec<Chess> = (0..4).map(|_| line[rng.below(line.len())].clone()).collect();
        targets.extend(line.last().cloned());
        targets.extend(others.iter().cloned());
        for pos in &targets {
            let want = positions.first_ply(PositionKey::of(pos));
            let target = Target::new(pos);
            assert_eq!(g.first_reach(&target, &mut buffers), want, "{}", String::from_utf8_lossy(&text));
            checks += 1;
            found += usize::from(want.is_some());
        }
        others = targets.into_iter().skip(1).take(3).collect();
    }
    assert!(found > 1000 && found < checks, "{found} of {checks}");
    assert!(few_pawns > 100, "{few_pawns} games end with 4 pawns or fewer");
}
