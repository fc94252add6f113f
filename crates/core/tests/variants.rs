//! lichess's variants: read and played by their own rules, exported and
//! read back to the same game, their FENs with pockets and checks, their
//! positions keyed apart from standard chess's.
#![cfg(feature = "variants")]

use std::path::{Path, PathBuf};

use movetext_core::export::{write_game, ExportOptions};
use movetext_core::game::{LichessVariant, Variant};
use movetext_core::positions::{GamePositions, PositionKey};
use movetext_core::shakmaty::{variant::VariantPosition, Color, Outcome, Position, Role};
use movetext_core::{edit, equivalent, read_game, Game, GameReader, Severity};

fn corpus(name: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus").join(name);
    p.exists().then_some(p)
}

fn errors(g: &Game) -> Vec<String> {
    g.diagnostics().iter().filter(|d| d.severity == Severity::Error).map(|d| d.message.clone()).collect()
}

fn last(g: &Game) -> movetext_core::NodeId {
    g.mainline().last().copied().unwrap_or(g.root())
}

/// Export, then read back: the same game, and the export again the same text.
fn round_trip(g: &Game) {
    for opts in [ExportOptions::default(), ExportOptions::reduced()] {
        let text = write_game(g, &opts);
        let back = read_game(text.as_bytes());
        assert_eq!(back.variant(), g.variant(), "{text}");
        assert!(errors(&back).is_empty(), "{:?}\n{text}", errors(&back));
        assert_eq!(back.mainline_plies(), g.mainline_plies(), "{text}");
        assert_eq!(back.fen(last(&back)), g.fen(last(g)), "{text}");
        assert_eq!(write_game(&back, &opts), text);
        if opts == ExportOptions::default() {
            assert_eq!(equivalent(g, &back), Ok(()), "{text}");
        } else {
            // The reduced export keeps what the game cannot be read without.
            assert!(text.contains("[Variant \""), "{text}");
        }
    }
}

/// Every game of a corpus file read whole: every move played, no error.
fn read_all(name: &str, variant: LichessVariant) -> Option<Vec<Game>> {
    let bytes = std::fs::read(corpus(name)?).unwrap();
    let games: Vec<Game> = GameReader::new(&bytes).collect();
    assert!(!games.is_empty(), "{name}");
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.variant(), &Variant::Lichess { variant, chess960: false }, "{name} game {}", i + 1);
        assert!(errors(g).is_empty(), "{name} game {}: {:?}", i + 1, errors(g));
        assert!(g.mainline_plies() > 0, "{name} game {}", i + 1);
        // Nothing kept as text: every move of the main line was played.
        assert!(g.unplayed(last(g)).is_none_or(|t| t.trim().is_empty()), "{name} game {}", i + 1);
        round_trip(g);
    }
    Some(games)
}

#[test]
fn lichess_crazyhouse_games_are_read_whole_with_their_drops() {
    let Some(games) = read_all("python-chess__saturs-jannlee-zh-lichess.pgn", LichessVariant::Crazyhouse) else {
        return;
    };
    let g = &games[0];
    // Its PlyCount tag is the plies lichess counted.
    assert_eq!(g.mainline_plies().to_string(), g.tag("PlyCount").unwrap());
    let drops: Vec<String> = g
        .mainline()
        .iter()
        .filter(|&&id| matches!(g.mv(id), Some(movetext_core::shakmaty::Move::Put { .. })))
        .map(|&id| g.san(id))
        .collect();
    assert!(drops.iter().any(|s| s == "B@b6"), "{drops:?}");
    // Written `P@e6` by lichess, a pawn's drop is `@e6` in canonical SAN.
    assert!(drops.iter().any(|s| s == "@e6"), "{drops:?}");
    assert!(drops.iter().any(|s| s == "Q@e2+"), "{drops:?}");
    assert!(read_all("python-chess__knightvuillaume-jannlee-zh-lichess.pgn", LichessVariant::Crazyhouse).is_some());
    let fifty = read_all("scalachess__prod50crazyhouse-movetext.pgn", LichessVariant::Crazyhouse).unwrap();
    assert_eq!(fifty.len(), 50);
}

#[test]
fn pockets_fill_with_captures_and_empty_with_drops() {
    let g = read_game(b"[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *");
    assert!(errors(&g).is_empty(), "{:?}", errors(&g));
    let ids = g.mainline();
    let pockets = |id| *g.any_position(id).pockets().unwrap();
    // After 2. exd5 White holds a pawn; after 2... Qxd5 Black holds one too.
    assert_eq!(pockets(ids[2])[Color::White][Role::Pawn], 1);
    assert_eq!(pockets(ids[3])[Color::Black][Role::Pawn], 1);
    // The drop empties White's pocket.
    assert_eq!(pockets(ids[6])[Color::White][Role::Pawn], 0);
    assert_eq!(g.san(ids[6]), "@d5");
    assert_eq!(g.fen(ids[3]), "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3");
    round_trip(&g);
}

#[test]
fn crazyhouse_fens_with_pockets_and_promoted_pieces() {
    // A pocket in brackets and a promoted queen (`Q~`): taken, it is a pawn again.
    let fen = "4k3/8/8/8/8/8/r7/Q~3K3[Nn] b - - 0 40";
    let g = read_game(
        format!("[Variant \"Crazyhouse\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n40... Rxa1+ 41. Kd2 N@c4+ *").as_bytes(),
    );
    assert!(errors(&g).is_empty(), "{:?}", errors(&g));
    assert_eq!(g.fen(g.root()), fen);
    let end = g.any_position(last(&g));
    let pockets = end.pockets().unwrap();
    assert_eq!(pockets[Color::Black][Role::Pawn], 1, "a promoted queen taken is a pawn in hand");
    assert_eq!(pockets[Color::Black][Role::Knight], 0);
    // The `/` form of a pocket reads too.
    let slash = read_game(b"[Variant \"crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3/Rr w - - 0 1\"]\n\n1. R@a8+ *");
    assert!(errors(&slash).is_empty(), "{:?}", errors(&slash));
    assert_eq!(slash.san(last(&slash)), "R@a8+");
    round_trip(&g);
}

#[test]
fn three_check_games_count_their_checks() {
    if let Some(games) = read_all("scalachess__prod5threecheck-movetext.pgn", LichessVariant::ThreeCheck) {
        assert_eq!(games.len(), 5);
    }
    let pgn = "[Event \"Rated Three-check game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[Variant \"Three-check\"]\n[TimeControl \"180+0\"]\n\n1. e4 e5 2. Bc4 Nf6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ 1-0\n";
    let g = read_game(pgn.as_bytes());
    assert!(errors(&g).is_empty(), "{:?}", errors(&g));
    let end = g.any_position(last(&g));
    assert!(end.is_variant_end());
    assert_eq!(
        end.variant_outcome(),
        Outcome::Known(movetext_core::shakmaty::KnownOutcome::Decisive { winner: Color::White })
    );
    let checks = end.remaining_checks().unwrap();
    assert_eq!((u32::from(checks[Color::White]), u32::from(checks[Color::Black])), (0, 3));
    round_trip(&g);
    // The counts in a FEN: "3+3" (checks left) and lichess's "+0+0" (checks given).
    for (fen, white_left) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+3 0 1", 1),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +2+0", 1),
    ] {
        for name in ["Three-check", "Three-Check", "3check", "threeCheck"] {
            let g = read_game(format!("[Variant \"{name}\"]\n[FEN \"{fen}\"]\n\n1. e4 *").as_bytes());
            assert!(errors(&g).is_empty(), "{name} {fen}: {:?}", errors(&g));
            let left = g.any_start().remaining_checks().map(|c| u32::from(c[Color::White]));
            assert_eq!(left, Some(white_left), "{name} {fen}");
        }
    }
}

#[test]
fn antichess_atomic_and_horde_play_by_their_rules() {
    if let Some(games) = read_all("python-chess__antichess-programfox.pgn", LichessVariant::Antichess) {
        // Promotions to a king: only antichess allows them.
        assert!(games.iter().any(|g| g.mainline().iter().any(|&id| g.san(id).ends_with("=K"))));
    }
    read_all("edge-cases/scalachess__atomicpromotion.pgn", LichessVariant::Atomic);
    read_all("edge-cases/lichess-pgn-viewer__demo-horde.pgn", LichessVariant::Horde);
    // Atomic: a capture next to the king blows it up, and the game ends.
    let g = read_game(b"[Variant \"Atomic\"]\n\n1. e3 e6 2. Qh5 Qh4 3. Qxf7 *");
    assert!(errors(&g).is_empty(), "{:?}", errors(&g));
    let end = g.any_position(last(&g));
    assert!(end.is_variant_end());
    assert!(end.board().king_of(Color::Black).is_none(), "the black king blew up");
    assert!(end.board().piece_at(movetext_core::shakmaty::Square::F7).is_none(), "the queen blew up too");
    // Atomic's own mark of such a win.
    let g = read_game(b"[Variant \"Atomic\"]\n\n1. e3 e6 2. Qh5 Qh4 3. Qxf7# 1-0");
    assert!(g.diagnostics().iter().all(|d| d.severity != Severity::Warning), "{:?}", g.diagnostics());
}

#[test]
fn king_of_the_hill_and_racing_kings_games() {
    let koth = "[Event \"Rated King of the Hill game\"]\n[Site \"https://lichess.org/kothkoth\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n[Variant \"King of the Hill\"]\n\n1. e4 { [%clk 0:03:00] } d5 { [%clk 0:03:00] } 2. exd5 Kd7 3. Ke2 Kd6 4. Ke3 Kxd5 0-1\n";
    for name in ["King of the Hill", "kingOfTheHill", "KOTH", "king-of-the-hill"] {
        let g = read_game(koth.replace("King of the Hill\"]", &format!("{name}\"]")).as_bytes());
        assert_eq!(g.variant(), &Variant::Lichess { variant: LichessVariant::KingOfTheHill, chess960: false });
        assert!(errors(&g).is_empty(), "{:?}", errors(&g));
        assert_eq!(g.mainline_plies(), 8);
        let end = g.any_position(last(&g));
        assert!(end.is_variant_end(), "the black king is on the hill");
        round_trip(&g);
    }
    let rk = "[Event \"Rated Racing Kings game\"]\n[Site \"https://lichess.org/racingkg\"]\n[Result \"*\"]\n[Variant \"Racing Kings\"]\n[FEN \"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kh3 Ka3 2. Kh4 Ka4 3. Kh5 Ka5 *\n";
    for name in ["Racing Kings", "racingKings", "racing-kings"] {
        let g = read_game(rk.replace("Racing Kings\"]", &format!("{name}\"]")).as_bytes());
        assert_eq!(g.variant(), &Variant::Lichess { variant: LichessVariant::RacingKings, chess960: false });
        assert!(errors(&g).is_empty(), "{:?}", errors(&g));
        assert_eq!(g.mainline_plies(), 6);
        round_trip(&g);
    }
    // Racing kings allows no check: a move giving one (Nc3, to a2) is illegal.
    let g = read_game(b"[Variant \"Racing Kings\"]\n[FEN \"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\"]\n\n1. Nc3 *");
    assert!(!errors(&g).is_empty());
}

#[test]
fn variant_tag_spellings() {
    let cases = [
        ("Crazyhouse", LichessVariant::Crazyhouse),
        ("crazyhouse", LichessVariant::Crazyhouse),
        ("Atomic", LichessVariant::Atomic),
        ("Antichess", LichessVariant::Antichess),
        ("Three-check", LichessVariant::ThreeCheck),
        ("three check", LichessVariant::ThreeCheck),
        ("3check", LichessVariant::ThreeCheck),
        ("King of the Hill", LichessVariant::KingOfTheHill),
        ("kingOfTheHill", LichessVariant::KingOfTheHill),
        ("KOTH", LichessVariant::KingOfTheHill),
        ("Horde", LichessVariant::Horde),
        ("Racing Kings", LichessVariant::RacingKings),
        ("racingKings", LichessVariant::RacingKings),
    ];
    for (name, variant) in cases {
        let g = read_game(format!("[Variant \" {name} \"]\n\n*").as_bytes());
        assert_eq!(g.variant(), &Variant::Lichess { variant, chess960: false }, "{name}");
    }
    for name in ["From Position", "fromPosition", "Standard"] {
        assert_eq!(read_game(format!("[Variant \"{name}\"]\n\n1. e4 *").as_bytes()).variant(), &Variant::Standard);
    }
    for name in ["Chess960", "chess 960", "Fischerandom"] {
        assert_eq!(read_game(format!("[Variant \"{name}\"]\n\n1. e4 *").as_bytes()).variant(), &Variant::Chess960);
    }
    // An unknown variant: its moves kept as text, the diagnostic naming it.
    let g = read_game(b"[Variant \"Shatranj\"]\n\n1. e4 e5 *");
    assert_eq!(g.variant(), &Variant::Unsupported("Shatranj".into()));
    assert_eq!(g.mainline_plies(), 0);
    assert!(g.diagnostics().iter().any(|d| d.key == "variant-unsupported" && d.message.contains("Shatranj")));
    // Chess960 starts only for variants that castle.
    assert!(matches!(read_game(b"[Variant \"Horde960\"]\n\n*").variant(), Variant::Unsupported(_)));
}

#[test]
fn chess960_with_a_variant() {
    // A Chess960 start for crazyhouse, named so, castling by its rook's square.
    let fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
    let pgn =
        format!("[Variant \"Crazyhouse960\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. e4 e5 2. O-O O-O 3. Ng3 Ng6 *");
    let g = read_game(pgn.as_bytes());
    assert_eq!(g.variant(), &Variant::Lichess { variant: LichessVariant::Crazyhouse, chess960: true });
    assert!(errors(&g).is_empty(), "{:?}", errors(&g));
    assert_eq!(g.mainline_plies(), 6);
    // Castled the Chess960 way: the king on g1, its rook on f1.
    let after = g.any_position(g.mainline()[2]);
    assert_eq!(after.board().king_of(Color::White), Some(movetext_core::shakmaty::Square::G1));
    round_trip(&g);
    // A variant named plainly, with a FEN only Chess960 can hold: read as Chess960.
    let g = read_game(format!("[Variant \"Atomic\"]\n[FEN \"{fen}\"]\n\n1. g4 *").as_bytes());
    assert_eq!(g.variant(), &Variant::Lichess { variant: LichessVariant::Atomic, chess960: true });
    assert!(g.diagnostics().iter().any(|d| d.key == "fen-chess960"));
    assert!(errors(&g).is_empty(), "{:?}", errors(&g));
}

#[test]
fn edits_play_by_the_variant_and_export_reads_back() {
    let g = read_game(b"[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 *");
    let (g, id) = edit::play_san(&g, last(&g), "Qxd5").unwrap();
    // White holds a pawn, no knight.
    assert!(matches!(edit::play_san(&g, id, "N@e5"), Err(edit::EditError::IllegalMove(_))));
    let (g, id) = edit::play_san(&g, id, "P@e4").unwrap();
    assert_eq!(g.san(id), "@e4");
    let (g, id) = edit::play_san(&g, id, "Qxe4+").unwrap();
    assert_eq!(g.any_position(id).pockets().unwrap()[Color::Black][Role::Pawn], 2);
    let text = write_game(&g, &ExportOptions::default());
    assert!(text.contains("3. @e4 Qxe4+"), "{text}");
    round_trip(&g);
}

#[test]
fn variant_positions_are_keyed_apart() {
    let pgn = b"[Variant \"Crazyhouse\"]\n\n1. e4 e5 *\n\n[Variant \"Standard\"]\n\n1. e4 e5 *\n\n[Variant \"Atomic\"]\n\n1. e4 e5 *\n";
    let games: Vec<Game> = GameReader::new(pgn).collect();
    let keys: Vec<Vec<PositionKey>> = games.iter().map(|g| GamePositions::of(g).keys().collect()).collect();
    for k in &keys {
        assert_eq!(k.len(), 3);
    }
    for (i, ((zh, standard), atomic)) in keys[0].iter().zip(&keys[1]).zip(&keys[2]).enumerate() {
        assert_ne!(zh, standard, "crazyhouse and standard, ply {i}");
        assert_ne!(atomic, standard, "atomic and standard, ply {i}");
        assert_ne!(zh, atomic, "crazyhouse and atomic, ply {i}");
    }
    // A standard game's keys are as they were.
    assert_eq!(keys[1][0], PositionKey::of(&movetext_core::shakmaty::Chess::default()));
    assert_eq!(
        keys[0][0],
        PositionKey::of_any(&VariantPosition::new(movetext_core::shakmaty::variant::Variant::Crazyhouse))
    );
    // A crazyhouse position holds its pockets in its key.
    let a = read_game(b"[Variant \"Crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[N] w - - 0 1\"]\n\n*");
    let b = read_game(b"[Variant \"Crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[B] w - - 0 1\"]\n\n*");
    assert_ne!(PositionKey::of_any(&a.any_start()), PositionKey::of_any(&b.any_start()));
    // Drops are kept among the moves of the index.
    let g = read_game(b"[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *");
    let p = GamePositions::of(&g);
    let drop = p.move_at(p.len() - 2).unwrap();
    assert_eq!(drop.uci().to_string(), "P@e4");
}
