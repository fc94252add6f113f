//! The position in the URL hash, `#game=3&ply=14`, so a reload or a shared
//! link returns to the same game and move.
//!
//! `game` counts from 1 in file order. `ply` is a path from the start: a
//! number of main-line moves, then for each step into a variation `,k,n`:
//! take the k-th alternative (1 is the first variation) and follow its
//! main line for n more moves. `ply=5,1,2` is the 5th half-move, then the
//! first variation to the 6th, then two more. `ply=last` is the end.

use crate::game::model::{NodeIx, ViewGame};

/// What the hash names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// Game index, from 0.
    pub game: usize,
    /// Path to the node, see the module documentation; `None` when absent.
    pub ply: Option<String>,
}

/// Reads a hash (with or without the leading `#`).
pub fn parse_hash(hash: &str) -> Place {
    let mut place = Place::default();
    for pair in hash.trim_start_matches('#').split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "game" => place.game = value.parse::<usize>().unwrap_or(1).saturating_sub(1),
            "ply" if !value.is_empty() => place.ply = Some(value.to_owned()),
            _ => {}
        }
    }
    place
}

/// Writes the hash for a game index and a node.
pub fn format_hash(game_index: usize, game: &ViewGame, node: NodeIx) -> String {
    format!("#game={}&ply={}", game_index + 1, path_of(game, node))
}

/// The path of a node (see the module documentation).
pub fn path_of(game: &ViewGame, node: NodeIx) -> String {
    // Child ranks from the root down to the node.
    let mut ranks = Vec::new();
    let mut at = node;
    while let Some(parent) = game.node(at).parent {
        let rank = game.node(parent).children.iter().position(|&c| c == at).unwrap_or(0);
        ranks.push(rank);
        at = parent;
    }
    ranks.reverse();
    let mut out = String::new();
    let mut run = 0;
    for rank in ranks {
        if rank == 0 {
            run += 1;
        } else {
            out.push_str(&format!("{run},{rank},"));
            run = 0;
        }
    }
    out.push_str(&run.to_string());
    out
}

/// The node a path names, as far as the game has it (`last`: the end of the
/// main line). A path that goes too far stops at the last node it reaches.
pub fn node_at(game: &ViewGame, path: &str) -> NodeIx {
    if path == "last" {
        return game.line_end(0);
    }
    let mut at = 0;
    for (i, part) in path.split(',').enumerate() {
        let Ok(n) = part.trim().parse::<usize>() else { break };
        if i % 2 == 0 {
            for _ in 0..n {
                match game.next(at) {
                    Some(next) => at = next,
                    None => return at,
                }
            }
        } else {
            match game.node(at).children.get(n) {
                Some(&alt) => at = alt,
                None => return at,
            }
        }
    }
    at
}

/// The node a ply names: `first` (or `0`, or nothing), `last`, a number
/// of plies along the main line, or a path ([`node_at`]).
pub fn start_node(game: &ViewGame, ply: Option<&str>) -> NodeIx {
    match ply.map(str::trim) {
        None | Some("" | "first" | "0") => 0,
        Some("last") => game.line_end(0),
        Some(p) if p.contains(',') => node_at(game, p),
        Some(p) => match p.parse::<usize>() {
            Ok(n) => {
                let mut at = 0;
                for _ in 0..n {
                    match game.next(at) {
                        Some(next) => at = next,
                        None => break,
                    }
                }
                at
            }
            Err(_) => 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::game_source::open_first_game;

    #[test]
    fn paths_round_trip_through_variations() {
        let g = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) (1... e6) 2. Nf3 *");
        for ix in 0..g.nodes.len() {
            let path = path_of(&g, ix);
            assert_eq!(node_at(&g, &path), ix, "{path}");
        }
        let e6 = node_at(&g, "1,2,0");
        assert_eq!(g.numbered_san(e6), "1... e6");
        let d5 = node_at(&g, "1,1,0,1,1");
        assert_eq!(g.numbered_san(d5), "2... d5");
        assert_eq!(path_of(&g, g.line_end(0)), "3");
        assert_eq!(node_at(&g, "last"), g.line_end(0));
        // Too far, or nonsense: as far as it goes.
        assert_eq!(node_at(&g, "99"), g.line_end(0));
        assert_eq!(node_at(&g, "1,7,3"), g.next(0).unwrap());
        assert_eq!(node_at(&g, "x"), 0);
    }

    #[test]
    fn hashes() {
        assert_eq!(parse_hash("#game=3&ply=5,1,2"), Place { game: 2, ply: Some("5,1,2".into()) });
        assert_eq!(parse_hash(""), Place::default());
        assert_eq!(parse_hash("#game=0&ply="), Place { game: 0, ply: None });
        let g = open_first_game(b"1. e4 e5 *");
        assert_eq!(format_hash(0, &g, g.line_end(0)), "#game=1&ply=2");
    }
}
