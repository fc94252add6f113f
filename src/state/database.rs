//! The open file as a database: what the index workers have built so far,
//! the batches of games they are given, and their answers merged (the
//! explorer's tree, the games that reach a position, the summary, the
//! duplicates). The workers themselves are started by the page
//! (`page/database.rs`); this holds no web types.

use std::collections::HashMap;
use std::rc::Rc;

use movetext_core::positions::Tree;
use movetext_index_worker::protocol::{AddBatch, Added, Response};
use movetext_index_worker::summary::Summary;

use movetext_view::game::library::Library;

/// Bytes of games in one batch given to a worker (a batch is copied out of
/// the page's memory in one task, so it stays small).
pub const BATCH_BYTES: usize = 1 << 21;
/// Games in one batch at most.
pub const BATCH_GAMES: usize = 4096;

/// The next batch of games from game `from` on: the batch and the game
/// after it.
pub fn next_batch(lib: &Library, from: usize) -> (AddBatch, usize) {
    let mut batch = AddBatch::default();
    let mut i = from;
    while i < lib.file_games() && batch.len() < BATCH_GAMES && batch.byte_len() < BATCH_BYTES {
        batch.push(i as u32, lib.original(i).unwrap_or_default());
        i += 1;
    }
    (batch, i)
}

/// How far the index is built.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Workers building it.
    pub workers: usize,
    /// Games of the file.
    pub total: usize,
    /// Games indexed.
    pub indexed: usize,
    /// Positions indexed.
    pub positions: u64,
    /// Bytes the workers' indexes hold.
    pub bytes: u64,
    /// Milliseconds the building took, once done.
    pub took_ms: Option<f64>,
    /// Why the index could not be built, if it could not (said after "The position index could not be built:").
    pub failed: Option<String>,
}

impl Progress {
    /// Whether every game is indexed.
    pub fn done(&self) -> bool {
        self.failed.is_none() && self.indexed >= self.total
    }

    /// Share indexed, from 0 to 1.
    pub fn share(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.indexed as f64 / self.total as f64
        }
    }
}

/// The index being built: its progress, each worker's bytes, and each
/// game's hashes (moves, tags and moves) for the duplicates.
#[derive(Debug, Default)]
pub struct Building {
    /// Progress so far.
    pub progress: Progress,
    worker_bytes: Vec<u64>,
    /// Each game's hashes, by game number.
    pub hashes: Vec<(u64, u64)>,
}

impl Building {
    /// Building the index of `total` games with `workers` workers.
    pub fn new(total: usize, workers: usize) -> Building {
        Building {
            progress: Progress { workers, total, ..Progress::default() },
            worker_bytes: vec![0; workers],
            hashes: vec![(0, 0); total],
        }
    }

    /// Worker `w` indexed a batch.
    pub fn added(&mut self, w: usize, added: &Added) {
        self.progress.indexed += added.games as usize;
        self.progress.positions += added.positions;
        if let Some(b) = self.worker_bytes.get_mut(w) {
            *b = added.heap_bytes;
        }
        self.progress.bytes = self.worker_bytes.iter().sum::<u64>() + self.hashes.len() as u64 * 16;
        for h in &added.hashes {
            if let Some(slot) = self.hashes.get_mut(h.number as usize) {
                *slot = (h.moves, h.whole);
            }
        }
    }
}

/// An answer being put together from every worker's.
#[derive(Debug)]
pub struct Merging {
    /// Workers yet to answer.
    pub waiting: usize,
    /// The answer so far.
    pub answer: Answer,
}

/// A merged answer of the workers.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The moves from a position.
    Tree(Rc<Tree>),
    /// The games that reach a position, by game number: (game, first ply).
    Matches(Rc<Vec<(u32, u32)>>),
    /// The file's summary.
    Summary(Rc<Summary>),
}

impl Merging {
    /// Waiting for `workers` answers to the kind of question `empty` is.
    pub fn new(workers: usize, empty: Answer) -> Merging {
        Merging { waiting: workers, answer: empty }
    }

    /// Adds one worker's answer; the merged answer once all have answered.
    pub fn add(&mut self, response: Response) -> Option<Answer> {
        self.waiting = self.waiting.saturating_sub(1);
        match (&mut self.answer, response) {
            (Answer::Tree(t), Response::Tree(more)) => Rc::make_mut(t).merge(&more),
            (Answer::Matches(m), Response::Matches(more)) => Rc::make_mut(m).extend(more),
            (Answer::Summary(s), Response::Summary(more)) => Rc::make_mut(s).merge(*more),
            _ => {}
        }
        if self.waiting > 0 {
            return None;
        }
        if let Answer::Matches(m) = &mut self.answer {
            Rc::make_mut(m).sort_unstable();
        }
        Some(self.answer.clone())
    }
}

/// The explorer's answer for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Explored {
    /// The position's FEN.
    pub fen: String,
    /// The moves played from it.
    pub tree: Rc<Tree>,
    /// Milliseconds from the question to the merged answer.
    pub ms: f64,
}

/// Which games count as duplicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sameness {
    /// The same moves from the same start.
    Moves,
    /// The same tags and the same moves.
    TagsAndMoves,
}

/// The games that have a duplicate, both ways of counting, found a slice
/// at a time (see [`DuplicatesJob::step`]).
#[derive(Debug)]
pub struct DuplicatesJob {
    hashes: Rc<Vec<(u64, u64)>>,
    counts: [HashMap<u64, u32>; 2],
    next: usize,
    found: [Vec<u32>; 2],
    later: [Vec<u32>; 2],
    seen: [std::collections::HashSet<u64>; 2],
    counted: bool,
}

/// Games with a duplicate: every game of each group, in file order, and
/// the number of groups.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Duplicates {
    /// The games.
    pub games: Rc<Vec<u32>>,
    /// Groups of games that are the same.
    pub groups: usize,
    /// The games that repeat an earlier one (all of each group but its
    /// first), in file order: what an export without duplicates leaves out.
    pub later: Rc<Vec<u32>>,
}

impl DuplicatesJob {
    /// Finds the duplicates among games of these hashes (by game number).
    pub fn new(hashes: Rc<Vec<(u64, u64)>>) -> DuplicatesJob {
        DuplicatesJob {
            hashes,
            counts: Default::default(),
            next: 0,
            found: Default::default(),
            later: Default::default(),
            seen: Default::default(),
            counted: false,
        }
    }

    fn key(h: &(u64, u64), same: usize) -> u64 {
        if same == 0 {
            h.0
        } else {
            h.1
        }
    }

    /// Goes on until done (then gives the duplicates by the same moves and
    /// by the same tags and moves) or `stop()` says so (asked every 4,096 games).
    pub fn step(&mut self, stop: &mut dyn FnMut() -> bool) -> Option<[Duplicates; 2]> {
        let hashes = self.hashes.clone();
        while self.next < hashes.len() {
            let h = &hashes[self.next];
            for same in 0..2 {
                if !self.counted {
                    *self.counts[same].entry(Self::key(h, same)).or_default() += 1;
                } else if self.counts[same][&Self::key(h, same)] > 1 {
                    self.found[same].push(self.next as u32);
                    if !self.seen[same].insert(Self::key(h, same)) {
                        self.later[same].push(self.next as u32);
                    }
                }
            }
            self.next += 1;
            if self.next == hashes.len() && !self.counted {
                self.counted = true;
                self.next = 0;
            }
            if self.next.is_multiple_of(4096) && stop() {
                return None;
            }
        }
        let groups = |same: usize| self.counts[same].values().filter(|&&n| n > 1).count();
        let take = |v: &mut Vec<u32>| Rc::new(std::mem::take(v));
        let [moves, whole] = &mut self.found;
        let [later_moves, later_whole] = &mut self.later;
        Some([
            Duplicates { games: take(moves), groups: groups(0), later: take(later_moves) },
            Duplicates { games: take(whole), groups: groups(1), later: take(later_whole) },
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_index_worker::protocol::GameHashes;

    #[test]
    fn batches_cover_the_file_in_order() {
        let mut text = String::new();
        for i in 0..10_000 {
            text.push_str(&format!("[Round \"{i}\"]\n\n1. e4 e5 *\n\n"));
        }
        let lib = Library::indexed("x.pgn", text.into_bytes());
        let (mut from, mut batches) = (0, 0);
        while from < lib.file_games() {
            let (batch, next) = next_batch(&lib, from);
            assert_eq!(batch.len(), next - from);
            assert!(batch.len() <= BATCH_GAMES);
            from = next;
            batches += 1;
        }
        assert_eq!(batches, 3, "4096 games a batch");
    }

    #[test]
    fn progress_and_duplicates() {
        let mut b = Building::new(4, 2);
        let hashes = |n: &[(u32, u64, u64)]| -> Vec<GameHashes> {
            n.iter().map(|&(number, moves, whole)| GameHashes { number, moves, whole }).collect()
        };
        b.added(0, &Added { games: 2, positions: 10, heap_bytes: 100, hashes: hashes(&[(0, 1, 10), (2, 1, 10)]) });
        assert!(!b.progress.done());
        b.added(1, &Added { games: 2, positions: 6, heap_bytes: 50, hashes: hashes(&[(1, 2, 20), (3, 1, 11)]) });
        assert!(b.progress.done());
        assert_eq!((b.progress.positions, b.progress.bytes), (16, 150 + 64));
        let mut job = DuplicatesJob::new(Rc::new(b.hashes.clone()));
        let [moves, whole] = job.step(&mut || false).unwrap();
        assert_eq!((moves.games.as_slice(), moves.groups), (&[0, 2, 3][..], 1));
        assert_eq!((whole.games.as_slice(), whole.groups), (&[0, 2][..], 1));
        assert_eq!((moves.later.as_slice(), whole.later.as_slice()), (&[2, 3][..], &[2][..]));
    }

    #[test]
    fn duplicates_in_slices_equal_duplicates_at_once() {
        let hashes: Rc<Vec<(u64, u64)>> = Rc::new((0..20_000u64).map(|i| (i % 7_000, i % 13_000)).collect());
        let whole = DuplicatesJob::new(hashes.clone()).step(&mut || false).unwrap();
        let mut job = DuplicatesJob::new(hashes);
        let mut slices = 0;
        let sliced = loop {
            if let Some(d) = job.step(&mut || true) {
                break d;
            }
            slices += 1;
        };
        assert!(slices >= 8, "{slices}");
        assert_eq!(sliced, whole);
        assert_eq!((whole[0].groups, whole[0].games.len()), (7_000, 20_000));
        assert_eq!((whole[1].groups, whole[1].games.len()), (7_000, 14_000));
        assert_eq!(whole[1].later.len(), 7_000, "one of each pair");
        assert_eq!(whole[0].later.len(), 20_000 - 7_000, "all but the first of each group");
    }

    #[test]
    fn answers_merge_once_all_workers_answered() {
        let mut m = Merging::new(2, Answer::Matches(Rc::default()));
        assert_eq!(m.add(Response::Matches(vec![(5, 1), (9, 3)])), None);
        assert_eq!(
            m.add(Response::Matches(vec![(2, 0)])),
            Some(Answer::Matches(Rc::new(vec![(2, 0), (5, 1), (9, 3)])))
        );
    }
}
