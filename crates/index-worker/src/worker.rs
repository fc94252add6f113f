//! One worker's share of the file: the positions of its games and their
//! summary, and the answers to the page's requests.

use std::hash::{DefaultHasher, Hash, Hasher};

use movetext_core::positions::{GamePositions, PositionIndex};
use movetext_core::reader::{GameHead, PositionReader};
use movetext_core::Game;

use crate::protocol::{Added, GameHashes, Request, Response};
use crate::summary::Summary;

/// The games a worker has indexed.
#[derive(Debug, Default)]
pub struct IndexWorker {
    index: PositionIndex,
    summary: Summary,
}

/// A hash of a game's tags (in file order) and of its moves' hash.
fn whole_hash(game: &GameHead, moves: u64) -> u64 {
    let mut h = DefaultHasher::new();
    for (name, value) in game.tags() {
        (name, value.trim()).hash(&mut h);
    }
    moves.hash(&mut h);
    h.finish()
}

impl IndexWorker {
    /// Answers one message of the page (see [`crate::protocol`]).
    pub fn handle(&mut self, message: &[u8]) -> Vec<u8> {
        let response = match Request::decode(message) {
            None => Response::Failed("The index worker got a message it cannot read.".into()),
            Some(Request::Add(games)) => Response::Added(self.add(&games)),
            Some(Request::Tree(key)) => Response::Tree(self.index.tree(key)),
            Some(Request::Search(key)) => Response::Matches(
                self.index
                    .search(key)
                    .into_iter()
                    .map(|(n, ply)| (n, u32::try_from(ply).unwrap_or(u32::MAX)))
                    .collect(),
            ),
            Some(Request::Summary) => Response::Summary(Box::new(self.summary.clone())),
        };
        response.encode()
    }

    fn add(&mut self, games: &[(u32, &[u8])]) -> Added {
        let before = self.index.positions();
        let mut hashes = Vec::with_capacity(games.len());
        for &(number, bytes) in games {
            // Each game's main line read once, its positions kept as played.
            let mut reader = PositionReader::new(bytes);
            let empty;
            let (game, positions) = match reader.next_game() {
                Some(read) => read,
                None => {
                    empty = GamePositions::of(&Game::default());
                    (GameHead::default(), &empty)
                }
            };
            let moves = positions.moves_hash();
            hashes.push(GameHashes { number, moves, whole: whole_hash(&game, moves) });
            // Named by the deepest named position of its main line (the
            // tags when the table has none).
            let opening =
                movetext_core::openings::of_line(positions.keys().take(movetext_core::openings::deepest_line() + 1))
                    .map(|o| format!("{} {}", o.eco, o.name));
            self.summary.add(&game, positions.len().saturating_sub(1), opening);
            self.index.add(game.info(number), positions);
        }
        Added {
            games: games.len() as u32,
            positions: (self.index.positions() - before) as u64,
            heap_bytes: self.index.heap_bytes() as u64,
            hashes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::AddBatch;
    use movetext_core::positions::{PositionKey, Tree};
    use movetext_core::shakmaty::Chess;

    fn ask(w: &mut IndexWorker, req: Request) -> Response {
        Response::decode(&w.handle(&req.encode())).expect("a response")
    }

    #[test]
    fn shares_answer_like_one_index() {
        let games = [
            "[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0",
            "[White \"B\"]\n[Result \"0-1\"]\n\n1. Nf3 e5 2. e4 0-1",
            "[White \"A\"]\n[Result \"1/2-1/2\"]\n\n1. d4 1/2-1/2",
            "[White \"C\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0",
        ];
        let (mut one, mut a, mut b) = (IndexWorker::default(), IndexWorker::default(), IndexWorker::default());
        let mut whole = AddBatch::default();
        for (i, g) in games.iter().enumerate() {
            whole.push(i as u32, g.as_bytes());
            let mut single = AddBatch::default();
            single.push(i as u32, g.as_bytes());
            let share = if i % 2 == 0 { &mut a } else { &mut b };
            assert!(matches!(Response::decode(&share.handle(&single.finish())), Some(Response::Added(_))));
        }
        let Some(Response::Added(added)) = Response::decode(&one.handle(&whole.finish())) else { panic!() };
        assert_eq!(added.games, 4);
        assert_eq!(added.hashes[0].moves, added.hashes[3].moves, "same moves");
        assert_ne!(added.hashes[0].whole, added.hashes[3].whole, "other tags");
        assert_ne!(added.hashes[0].moves, added.hashes[1].moves, "other order of moves");

        let key: PositionKey = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".parse().unwrap();
        for key in [PositionKey::of(&Chess::default()), key] {
            let Response::Tree(all) = ask(&mut one, Request::Tree(key)) else { panic!() };
            let (Response::Tree(ta), Response::Tree(tb)) =
                (ask(&mut a, Request::Tree(key)), ask(&mut b, Request::Tree(key)))
            else {
                panic!()
            };
            let mut merged = Tree::default();
            merged.merge(&ta);
            merged.merge(&tb);
            assert_eq!(merged, all);
        }
        let Response::Matches(found) = ask(&mut one, Request::Search(key)) else { panic!() };
        assert_eq!(found, vec![(0, 3), (1, 3), (3, 3)]);
        let Response::Summary(s) = ask(&mut one, Request::Summary) else { panic!() };
        assert_eq!((s.games, s.results), (4, [2, 1, 1, 0]));
        assert_eq!(s.players.get("A"), Some(&2));
        if movetext_core::openings::count() > 0 {
            // Named by position, by either move order.
            assert_eq!(s.openings.get("C40 King's Knight Opening"), Some(&3), "{:?}", s.openings);
        }
    }

    #[test]
    fn garbage_gets_an_answer() {
        let mut w = IndexWorker::default();
        assert!(matches!(Response::decode(&w.handle(b"\xff\x00")), Some(Response::Failed(_))));
        let mut batch = AddBatch::default();
        batch.push(0, b"}}} ((( \x00\xff 1. Kx9");
        assert!(matches!(Response::decode(&w.handle(&batch.finish())), Some(Response::Added(a)) if a.games == 1));
    }
}
