//! The summary of a file: results, lengths, the most played openings and
//! the players with most games. Each worker adds up its share of the games;
//! the page merges the shares.

use std::collections::HashMap;

use movetext_core::positions::Outcome;
use movetext_core::reader::GameHead;

/// Length classes of [`Summary::lengths`]: ten full moves each, the last
/// one open-ended.
pub const LENGTH_CLASSES: usize = 10;

/// What a file's games add up to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games counted.
    pub games: u32,
    /// Won by White, drawn, won by Black, other (unfinished or unknown).
    pub results: [u32; 4],
    /// Main-line half-moves, summed.
    pub plies: u64,
    /// Games by main-line length: class `i` holds games of `10 i` to
    /// `10 i + 9` full moves, the last class every longer game.
    pub lengths: [u32; LENGTH_CLASSES],
    /// Games per player (as `White` or `Black`).
    pub players: HashMap<String, u32>,
    /// Games per opening: its ECO code and name (see [`Summary::add`]).
    pub openings: HashMap<String, u32>,
}

impl Summary {
    /// Counts a game of `plies` main-line half-moves; `opening` names its
    /// opening (none: the `ECO` and `Opening` tags, when there are).
    pub fn add(&mut self, game: &GameHead, plies: usize, opening: Option<String>) {
        self.games += 1;
        let result = game.tag("Result").unwrap_or_else(|| game.result());
        let class = match Outcome::of(result) {
            Outcome::White => 0,
            Outcome::Draw => 1,
            Outcome::Black => 2,
            Outcome::Unknown => 3,
        };
        self.results[class] += 1;
        self.plies += plies as u64;
        self.lengths[(plies.div_ceil(2) / 10).min(LENGTH_CLASSES - 1)] += 1;
        for side in ["White", "Black"] {
            let name = game.tag(side).map(str::trim).unwrap_or_default();
            if !name.is_empty() && name != "?" {
                *self.players.entry(name.to_owned()).or_default() += 1;
            }
        }
        let opening = opening.or_else(|| {
            let tag = |n| game.tag(n).map(str::trim).filter(|v| !v.is_empty() && *v != "?");
            match (tag("ECO"), tag("Opening")) {
                (Some(eco), Some(name)) => Some(format!("{eco} {name}")),
                (Some(one), None) | (None, Some(one)) => Some(one.to_owned()),
                (None, None) => None,
            }
        });
        if let Some(o) = opening {
            *self.openings.entry(o).or_default() += 1;
        }
    }

    /// Adds the games `other` counted.
    pub fn merge(&mut self, other: Summary) {
        self.games += other.games;
        for (a, b) in self.results.iter_mut().zip(other.results) {
            *a += b;
        }
        self.plies += other.plies;
        for (a, b) in self.lengths.iter_mut().zip(other.lengths) {
            *a += b;
        }
        for (name, n) in other.players {
            *self.players.entry(name).or_default() += n;
        }
        for (name, n) in other.openings {
            *self.openings.entry(name).or_default() += n;
        }
    }

    /// The players with most games, most first (then by name).
    pub fn top_players(&self, n: usize) -> Vec<(&str, u32)> {
        top(&self.players, n)
    }

    /// The most played openings, most first (then by name).
    pub fn top_openings(&self, n: usize) -> Vec<(&str, u32)> {
        top(&self.openings, n)
    }

    /// The average main-line length in full moves.
    pub fn average_moves(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.plies as f64 / 2.0 / f64::from(self.games)
        }
    }
}

fn top(counts: &HashMap<String, u32>, n: usize) -> Vec<(&str, u32)> {
    let mut v: Vec<_> = counts.iter().map(|(k, &c)| (k.as_str(), c)).collect();
    v.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    v.truncate(n);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_game(pgn: &[u8]) -> GameHead {
        movetext_core::read_game(pgn).into()
    }

    #[test]
    fn counts_results_lengths_players_and_openings() {
        let mut s = Summary::default();
        let a = read_game(b"[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n1. e4 e5 1-0\n");
        let b = read_game(b"[White \"Bo\"]\n[Black \"Ann\"]\n[Result \"1/2-1/2\"]\n\n1. d4 1/2-1/2\n");
        s.add(&a, 2, None);
        s.add(&b, 1, Some("D00 Queen's Pawn Game".into()));
        let mut other = Summary::default();
        other.add(&read_game(b"[White \"Cy\"]\n[Black \"?\"]\n\n1. c4 *\n"), 25, None);
        s.merge(other);
        assert_eq!(s.games, 3);
        assert_eq!(s.results, [1, 1, 0, 1]);
        assert_eq!(s.lengths[0], 2);
        assert_eq!(s.lengths[1], 1, "13 full moves");
        assert_eq!(s.top_players(2), vec![("Ann", 2), ("Bo", 2)]);
        assert_eq!(s.players.get("?"), None, "unknown players are not counted");
        assert_eq!(s.top_openings(5), vec![("C20", 1), ("D00 Queen's Pawn Game", 1)]);
        assert!((s.average_moves() - 28.0 / 6.0).abs() < 1e-9);
    }
}
