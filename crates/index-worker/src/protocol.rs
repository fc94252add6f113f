//! The messages between the page and an index worker, as bytes (a worker
//! gets and gives one `Uint8Array` a message).
//!
//! ```
//! use movetext_index_worker::protocol::{AddBatch, Request, Response};
//! use movetext_index_worker::IndexWorker;
//!
//! let mut batch = AddBatch::default();
//! batch.push(7, b"[Result \"1-0\"]\n\n1. e4 e5 1-0\n");
//! let mut worker = IndexWorker::default();
//! let Some(Response::Added(added)) = Response::decode(&worker.handle(&batch.finish())) else { panic!() };
//! assert_eq!((added.games, added.positions), (1, 3));
//! assert_eq!(added.hashes[0].number, 7);
//! ```

use movetext_core::positions::{PackedMove, PositionKey, Tally, Tree};

use crate::summary::{Summary, LENGTH_CLASSES};
use crate::wire::{Reader, Writer};

const ADD: u8 = 0;
const TREE: u8 = 1;
const SEARCH: u8 = 2;
const SUMMARY: u8 = 3;
const ADDED: u8 = 10;
const TREE_IS: u8 = 11;
const MATCHES: u8 = 12;
const SUMMARY_IS: u8 = 13;
const FAILED: u8 = 14;

/// Games for a worker to index: each game's number and bytes.
#[derive(Debug, Default)]
pub struct AddBatch {
    spans: Vec<(u32, u32)>,
    bytes: Vec<u8>,
}

impl AddBatch {
    /// Adds game `number` (its bytes as in the file).
    pub fn push(&mut self, number: u32, game: &[u8]) {
        self.spans.push((number, u32::try_from(game.len()).unwrap_or(u32::MAX)));
        self.bytes.extend_from_slice(&game[..game.len().min(u32::MAX as usize)]);
    }

    /// Games added.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// No game added.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Bytes of the games added.
    pub fn byte_len(&self) -> usize {
        self.bytes.len()
    }

    /// The message.
    pub fn finish(self) -> Vec<u8> {
        let mut w = Writer(Vec::with_capacity(9 + self.spans.len() * 8 + self.bytes.len()));
        w.u8(ADD);
        w.u32(self.spans.len() as u32);
        for (number, len) in &self.spans {
            w.u32(*number);
            w.u32(*len);
        }
        w.bytes(&self.bytes);
        w.0
    }
}

/// What the page asks of a worker.
#[derive(Debug, PartialEq)]
pub enum Request<'a> {
    /// Index these games: (number, bytes) each.
    Add(Vec<(u32, &'a [u8])>),
    /// The moves played from a position.
    Tree(PositionKey),
    /// The games that reach a position.
    Search(PositionKey),
    /// The summary of the games indexed.
    Summary,
}

impl Request<'_> {
    /// The message (for [`Request::Add`], [`AddBatch`] avoids a copy).
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::default();
        match self {
            Request::Add(games) => {
                let mut batch = AddBatch::default();
                for (number, bytes) in games {
                    batch.push(*number, bytes);
                }
                return batch.finish();
            }
            Request::Tree(key) => {
                w.u8(TREE);
                w.u64(key.0);
            }
            Request::Search(key) => {
                w.u8(SEARCH);
                w.u64(key.0);
            }
            Request::Summary => w.u8(SUMMARY),
        }
        w.0
    }

    /// Reads a message (`None` if it is not one).
    pub fn decode(bytes: &[u8]) -> Option<Request<'_>> {
        let mut r = Reader::new(bytes);
        Some(match r.u8()? {
            ADD => {
                let n = r.count(8)?;
                let spans: Vec<(u32, u32)> = (0..n).map(|_| Some((r.u32()?, r.u32()?))).collect::<Option<_>>()?;
                let mut all = r.bytes()?;
                let mut games = Vec::with_capacity(n);
                for (number, len) in spans {
                    let len = (len as usize).min(all.len());
                    let (game, rest) = all.split_at(len);
                    games.push((number, game));
                    all = rest;
                }
                Request::Add(games)
            }
            TREE => Request::Tree(PositionKey(r.u64()?)),
            SEARCH => Request::Search(PositionKey(r.u64()?)),
            SUMMARY => Request::Summary,
            _ => return None,
        })
    }
}

/// The hashes of one game, for finding duplicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameHashes {
    /// The game's number.
    pub number: u32,
    /// Its main line's moves (and start position).
    pub moves: u64,
    /// Its tags and its moves.
    pub whole: u64,
}

/// What a worker says after indexing a batch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Added {
    /// Games indexed in this batch.
    pub games: u32,
    /// Positions indexed in this batch.
    pub positions: u64,
    /// Bytes the worker's index holds now.
    pub heap_bytes: u64,
    /// Each game's hashes.
    pub hashes: Vec<GameHashes>,
}

/// What a worker answers.
#[derive(Clone, Debug, PartialEq)]
pub enum Response {
    /// A batch is indexed.
    Added(Added),
    /// The moves from a position.
    Tree(Tree),
    /// The games that reach a position: (number, first ply).
    Matches(Vec<(u32, u32)>),
    /// The summary of the worker's games.
    Summary(Box<Summary>),
    /// The request could not be read.
    Failed(String),
}

fn write_tally(w: &mut Writer, t: &Tally) {
    for v in [t.games, t.white, t.draws, t.black, t.elo_count] {
        w.u32(v);
    }
    w.u64(t.elo_sum);
}

fn read_tally(r: &mut Reader) -> Option<Tally> {
    let [games, white, draws, black, elo_count] = [r.u32()?, r.u32()?, r.u32()?, r.u32()?, r.u32()?];
    Some(Tally { games, white, draws, black, elo_count, elo_sum: r.u64()? })
}

fn write_counts(w: &mut Writer, counts: &std::collections::HashMap<String, u32>) {
    w.u32(counts.len() as u32);
    for (name, n) in counts {
        w.str(name);
        w.u32(*n);
    }
}

fn read_counts(r: &mut Reader) -> Option<std::collections::HashMap<String, u32>> {
    let n = r.count(8)?;
    (0..n).map(|_| Some((r.string()?, r.u32()?))).collect()
}

impl Response {
    /// The message.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::default();
        match self {
            Response::Added(a) => {
                w.u8(ADDED);
                w.u32(a.games);
                w.u64(a.positions);
                w.u64(a.heap_bytes);
                w.u32(a.hashes.len() as u32);
                for h in &a.hashes {
                    w.u32(h.number);
                    w.u64(h.moves);
                    w.u64(h.whole);
                }
            }
            Response::Tree(tree) => {
                w.u8(TREE_IS);
                write_tally(&mut w, tree);
                let moves = tree.moves();
                w.u32(moves.len() as u32);
                for (m, t) in moves {
                    w.u16(m.bits());
                    write_tally(&mut w, &t);
                }
            }
            Response::Matches(found) => {
                w.u8(MATCHES);
                w.u32(found.len() as u32);
                for (number, ply) in found {
                    w.u32(*number);
                    w.u32(*ply);
                }
            }
            Response::Summary(s) => {
                w.u8(SUMMARY_IS);
                w.u32(s.games);
                s.results.iter().for_each(|&v| w.u32(v));
                w.u64(s.plies);
                s.lengths.iter().for_each(|&v| w.u32(v));
                write_counts(&mut w, &s.players);
                write_counts(&mut w, &s.openings);
            }
            Response::Failed(why) => {
                w.u8(FAILED);
                w.str(why);
            }
        }
        w.0
    }

    /// Reads a message (`None` if it is not one).
    pub fn decode(bytes: &[u8]) -> Option<Response> {
        let mut r = Reader::new(bytes);
        Some(match r.u8()? {
            ADDED => {
                let (games, positions, heap_bytes) = (r.u32()?, r.u64()?, r.u64()?);
                let n = r.count(20)?;
                let hashes = (0..n)
                    .map(|_| Some(GameHashes { number: r.u32()?, moves: r.u64()?, whole: r.u64()? }))
                    .collect::<Option<_>>()?;
                Response::Added(Added { games, positions, heap_bytes, hashes })
            }
            TREE_IS => {
                let mut tree = Tree::default();
                tree.add_total(&read_tally(&mut r)?);
                for _ in 0..r.count(30)? {
                    let m = PackedMove::from_bits(r.u16()?);
                    tree.add_move(m, &read_tally(&mut r)?);
                }
                Response::Tree(tree)
            }
            MATCHES => {
                let n = r.count(8)?;
                Response::Matches((0..n).map(|_| Some((r.u32()?, r.u32()?))).collect::<Option<_>>()?)
            }
            SUMMARY_IS => {
                let mut s = Summary { games: r.u32()?, ..Summary::default() };
                for v in &mut s.results {
                    *v = r.u32()?;
                }
                s.plies = r.u64()?;
                for v in s.lengths.iter_mut().take(LENGTH_CLASSES) {
                    *v = r.u32()?;
                }
                s.players = read_counts(&mut r)?;
                s.openings = read_counts(&mut r)?;
                Response::Summary(Box::new(s))
            }
            FAILED => Response::Failed(r.string()?),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::positions::{GameInfo, GamePositions, Outcome};

    #[test]
    fn requests_read_back() {
        let games: Vec<(u32, &[u8])> = vec![(3, b"1. e4 *"), (9, b""), (10, b"1. d4 d5 *")];
        for req in
            [Request::Add(games), Request::Tree(PositionKey(42)), Request::Search(PositionKey(7)), Request::Summary]
        {
            assert_eq!(Request::decode(&req.encode()).as_ref(), Some(&req));
        }
        assert_eq!(Request::decode(&[99]), None);
        assert_eq!(Request::decode(&[ADD, 255, 255, 255, 255]), None, "a count beyond the message");
    }

    #[test]
    fn responses_read_back() {
        let game = movetext_core::read_game(b"[WhiteElo \"2000\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0");
        let positions = GamePositions::of(&game);
        let mut tree = Tree::default();
        tree.add(positions.key_at(0).unwrap(), &GameInfo::of(1, &game), &positions);
        tree.count(&GameInfo { number: 2, outcome: Outcome::Draw, elo: [None, Some(1500)] }, None);
        let mut summary = Summary::default();
        summary.add(&game.clone().into(), 2, None);
        let added = Added {
            games: 2,
            positions: 9,
            heap_bytes: 1 << 40,
            hashes: vec![GameHashes { number: 1, moves: 5, whole: u64::MAX }],
        };
        for resp in [
            Response::Added(added),
            Response::Tree(tree),
            Response::Matches(vec![(1, 0), (4_000_000, 300)]),
            Response::Summary(Box::new(summary)),
            Response::Failed("no".into()),
        ] {
            assert_eq!(Response::decode(&resp.encode()).as_ref(), Some(&resp));
        }
        assert_eq!(Response::decode(&[TREE_IS, 1, 2]), None, "cut short");
    }
}
