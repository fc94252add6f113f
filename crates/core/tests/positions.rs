//! The explorer and the position search against an independent replay:
//! generated games (many transpositions) are replayed move by move with
//! shakmaty alone, positions compared by their FEN (counters aside), and
//! every figure of the index must agree game by game.

use std::collections::HashMap;

use movetext_core::positions::{GameInfo, GamePositions, PositionIndex, PositionKey, Tree};
use movetext_core::reader::PositionReader;
use movetext_core::shakmaty::fen::Fen;
use movetext_core::shakmaty::san::San;
use movetext_core::shakmaty::uci::UciMove;
use movetext_core::shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use movetext_core::GameReader;
use movetext_hostile::Rng;

/// A position as a FEN without its move counters.
fn placement(pos: &Chess) -> String {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    fen.rsplitn(3, ' ').nth(2).unwrap_or_default().to_string()
}

/// Games from a few opening moves in any order (so positions are reached by
/// several move orders), then random legal moves; results and ratings vary.
fn generated_pgn(games: usize) -> String {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    // The last one comes back to the start: a game reaches it twice.
    let openings: [&[&str]; 5] = [
        &["e4", "e5", "Nf3", "Nc6"],
        &["Nf3", "Nc6", "e4", "e5"],
        &["d4", "d5", "c4", "e6"],
        &["c4", "e6", "d4", "d5"],
        &["Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5"],
    ];
    let mut out = String::new();
    for g in 0..games {
        let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)];
        out.push_str(&format!("[Event \"Generated\"]\n[Round \"{}\"]\n[Result \"{result}\"]\n", g + 1));
        if rng.below(3) > 0 {
            out.push_str(&format!(
                "[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n",
                1500 + rng.below(1000),
                1500 + rng.below(1000)
            ));
        }
        out.push('\n');
        let mut pos = Chess::default();
        let opening = openings[rng.below(openings.len())];
        let plies = rng.below(40);
        for ply in 0..plies {
            let m = if let Some(san) = opening.get(ply) {
                san.parse::<San>().expect("san").to_move(&pos).expect("legal opening move")
            } else {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mut sorted: Vec<_> = legal.iter().cloned().collect();
                sorted.sort_by_key(|m| m.to_uci(CastlingMode::Standard).to_string());
                // Few choices early on: transpositions and shared lines.
                let choices = if ply < 10 { sorted.len().min(3) } else { sorted.len() };
                sorted[rng.below(choices)]
            };
            if ply % 2 == 0 {
                out.push_str(&format!("{}. ", ply / 2 + 1));
            }
            out.push_str(&San::from_move(&pos, m).to_string());
            out.push(' ');
            pos.play_unchecked(m);
        }
        out.push_str(result);
        out.push_str("\n\n");
    }
    out
}

/// One game replayed with shakmaty alone: its positions and moves.
struct Replay {
    positions: Vec<String>,
    moves: Vec<String>,
    result: String,
    elos: Vec<u64>,
}

fn replay(pgn: &str) -> Vec<Replay> {
    let mut games = Vec::new();
    for block in pgn.split("\n\n[").filter(|b| !b.trim().is_empty()) {
        let (tags, movetext) = block.split_once("\n\n").expect("tags and moves");
        let tag = |name: &str| {
            tags.lines()
                .find(|l| l.trim_start_matches('[').starts_with(&format!("{name} \"")))
                .map(|l| l.split('"').nth(1).unwrap_or_default().to_string())
        };
        let mut pos = Chess::default();
        let mut r = Replay {
            positions: vec![placement(&pos)],
            moves: Vec::new(),
            result: tag("Result").unwrap_or_default(),
            elos: ["WhiteElo", "BlackElo"].iter().filter_map(|t| tag(t)).map(|v| v.parse().expect("elo")).collect(),
        };
        for token in movetext.split_whitespace() {
            if token.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                continue;
            }
            let m = token.parse::<San>().expect("san").to_move(&pos).expect("legal");
            r.moves.push(m.to_uci(CastlingMode::Standard).to_string());
            pos.play_unchecked(m);
            r.positions.push(placement(&pos));
        }
        games.push(r);
    }
    games
}

#[test]
fn explorer_and_search_agree_with_a_replay_game_by_game() {
    let pgn = generated_pgn(600);
    let expected = replay(&pgn);
    let games: Vec<_> = GameReader::new(pgn.as_bytes()).collect();
    assert_eq!(games.len(), expected.len());

    // One index of all games, and one made of two halves appended.
    let mut index = PositionIndex::default();
    let (mut first, mut second) = (PositionIndex::default(), PositionIndex::default());
    for (i, g) in games.iter().enumerate() {
        let info = GameInfo::of(i as u32 + 1, g);
        let positions = GamePositions::of(g);
        assert_eq!(positions.len(), expected[i].positions.len(), "game {}", i + 1);
        index.add(info, &positions);
        if i < games.len() / 2 { &mut first } else { &mut second }.add(info, &positions);
    }
    first.append(second);
    assert_eq!(index.games(), games.len());

    // Queries: the start, positions after the openings' moves (reached by
    // transposition), and positions from random games and plies.
    let mut rng = Rng::new(7);
    let mut queries: Vec<(usize, usize)> = vec![(0, 0)];
    for _ in 0..60 {
        let g = rng.below(expected.len());
        queries.push((g, rng.below(expected[g].positions.len())));
    }
    let mut transposed = 0;
    for (g, ply) in queries {
        let fen_part = expected[g].positions[ply].clone();
        let key: PositionKey = format!("{fen_part} 0 1").parse().expect("fen of a replayed position");
        assert_eq!(Some(key), GamePositions::of(&games[g]).key_at(ply));

        // The replay's answer: each game once, at its first arrival.
        let mut want_search = Vec::new();
        let mut want_moves: HashMap<String, (u32, u32, u32, u32)> = HashMap::new();
        let (mut total, mut white, mut draws, mut black, mut elo_sum, mut elo_count) = (0, 0, 0, 0, 0u64, 0u32);
        for (i, r) in expected.iter().enumerate() {
            let Some(at) = r.positions.iter().position(|p| *p == fen_part) else { continue };
            if r.positions.iter().filter(|p| **p == fen_part).count() > 1 || (at > 0 && at != ply) {
                transposed += 1;
            }
            want_search.push((i as u32 + 1, at));
            total += 1;
            let outcome = |e: &mut (u32, u32, u32, u32)| {
                e.0 += 1;
                match r.result.as_str() {
                    "1-0" => e.1 += 1,
                    "1/2-1/2" => e.2 += 1,
                    "0-1" => e.3 += 1,
                    _ => {}
                }
            };
            let mut t = (0, 0, 0, 0);
            outcome(&mut t);
            white += t.1;
            draws += t.2;
            black += t.3;
            elo_sum += r.elos.iter().sum::<u64>();
            elo_count += r.elos.len() as u32;
            if let Some(m) = r.moves.get(at) {
                outcome(want_moves.entry(m.clone()).or_default());
            }
        }

        for idx in [&index, &first] {
            assert_eq!(idx.search(key), want_search, "search {fen_part}");
            let tree = idx.tree(key);
            assert_eq!((tree.games, tree.white, tree.draws, tree.black), (total, white, draws, black), "{fen_part}");
            assert_eq!((tree.elo_sum, tree.elo_count), (elo_sum, elo_count));
            let got: HashMap<String, (u32, u32, u32, u32)> = tree
                .moves()
                .into_iter()
                .map(|(m, t)| (m.uci().to_string(), (t.games, t.white, t.draws, t.black)))
                .collect();
            assert_eq!(got, want_moves, "moves from {fen_part}");
        }

        // Counting game by game as a stream gives the same tree, also when
        // split in two parts and merged.
        let (mut a, mut b) = (Tree::default(), Tree::default());
        for (i, g) in games.iter().enumerate() {
            let part = if i % 2 == 0 { &mut a } else { &mut b };
            part.add(key, &GameInfo::of(i as u32 + 1, g), &GamePositions::of(g));
        }
        a.merge(&b);
        assert_eq!(a.moves(), index.tree(key).moves());
        assert_eq!(a.total, index.tree(key).total);
    }
    assert!(transposed > 0, "the generated games reach some positions by transposition or twice");
    // Every move of the tree is legal where it was played.
    let start = Chess::default();
    for (m, _) in index.tree(PositionKey::of(&start)).moves() {
        assert!(m.to_move(&start).is_some(), "{}", m.uci());
        assert!(matches!(m.uci(), UciMove::Normal { .. }));
    }
}

#[test]
fn games_with_the_same_moves_have_the_same_hash() {
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. e4 {x} e5 (1... c5) 2. Nf3 1-0\n\n\
               [Event \"c\"]\n\n1. Nf3 e5 2. e4 *\n\n[Event \"d\"]\n\n1. e4 e5 *\n";
    let h: Vec<u64> = GameReader::new(pgn.as_bytes()).map(|g| GamePositions::of(&g).moves_hash()).collect();
    assert_eq!(h[0], h[1]);
    assert_ne!(h[0], h[2], "same final position, other moves");
    assert_ne!(h[0], h[3]);
}

#[test]
fn a_bad_fen_is_refused_with_its_text() {
    let e = "8/8/8 w - -".parse::<PositionKey>().unwrap_err();
    assert_eq!(e.to_string(), "`8/8/8 w - -` is not the FEN of a legal position");
    assert!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse::<PositionKey>().is_ok());
}

#[test]
fn a_game_of_a_variant_not_played_leaves_the_moves_of_the_games_after_it_in_place() {
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n[Variant \"Bughouse\"]\n\n1. e4 e5 *\n\n\
               [Event \"c\"]\n\n1. d4 d5 2. c4 *\n";
    // As the index worker builds it.
    let mut index = PositionIndex::default();
    let mut reader = PositionReader::new(pgn.as_bytes());
    let mut number = 0;
    while let Some((head, positions)) = reader.next_game() {
        number += 1;
        index.add(head.info(number), positions);
    }
    assert_eq!(index.games(), 3);
    let moves = |key: PositionKey| -> Vec<String> {
        let mut m: Vec<String> = index.tree(key).moves().into_iter().map(|(m, _)| m.uci().to_string()).collect();
        m.sort();
        m
    };
    let mut pos = Chess::default();
    assert_eq!(moves(PositionKey::of(&pos)), ["d2d4", "e2e4"]);
    for san in ["d4", "d5"] {
        let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    assert_eq!(moves(PositionKey::of(&pos)), ["c2c4"]);
    assert_eq!(index.search(PositionKey::of(&pos)), [(3, 2)]);
}
