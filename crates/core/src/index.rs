//! A fast index of a file: each game's byte range, first line and tags,
//! without building trees. Games are read on demand from it.

use std::borrow::Cow;

use crate::blocks::Blocks;
use crate::decode::decode;
use crate::game::Game;
use crate::reader::{parse_raw, unescape};
use crate::split::{RawGame, RawTag, SplitPoint, Splitter, TAG_ESCAPED};

/// One game in the index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexEntry {
    /// The game as the splitter found it.
    pub raw: RawGame,
    /// Its tags: start and count in [`FileIndex`]'s tag table (in its
    /// table of wide tags when the start has bit 31 set); read them with
    /// [`FileIndex::tags`].
    pub tags: (u32, u32),
}

/// The games of a file and their tags. Holds byte offsets only; pass the
/// same bytes to read tags and games.
#[derive(Clone, Debug, Default)]
pub struct FileIndex {
    /// Kept in blocks, like the tags, so that the index of a file of a
    /// gigabyte grows without ever copying much of what it holds (the first
    /// block grows by doubling: at most half a block is copied at once).
    games: Blocks<IndexEntry, { 1 << 16 }>,
    tags: Blocks<IndexTag, { 1 << 20 }>,
    /// Number of games.
    count: usize,
    /// Tags that do not fit an [`IndexTag`] (games of 4 GiB and more, names
    /// of 64 KiB and more): their [`IndexEntry::tags`] range has [`WIDE`] set.
    wide: Vec<RawTag>,
    /// The splitter's tags of the game being indexed.
    scratch: Vec<RawTag>,
    /// Where indexing goes on ([`FileIndex::index_more`]); `None` before
    /// it starts.
    next: Option<SplitPoint>,
    /// The whole file is indexed.
    complete: bool,
}

/// A tag in the index, in a third of the room of a [`RawTag`]: offsets
/// from the start of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct IndexTag {
    name: u32,
    value: u32,
    value_len: u32,
    name_len: u16,
    flags: u8,
}

/// Marks an [`IndexEntry::tags`] range of the index's table of wide tags.
const WIDE: u32 = 1 << 31;

impl IndexTag {
    /// The tag relative to a game starting at `start`, if it fits.
    fn new(t: &RawTag, start: usize) -> Option<IndexTag> {
        Some(IndexTag {
            name: u32::try_from(t.name.0.checked_sub(start)?).ok()?,
            name_len: u16::try_from(t.name.1.checked_sub(t.name.0)?).ok()?,
            value: u32::try_from(t.value.0.checked_sub(start)?).ok()?,
            value_len: u32::try_from(t.value.1.checked_sub(t.value.0)?).ok()?,
            flags: t.flags,
        })
    }

    /// Back to file offsets.
    fn raw(&self, start: usize) -> RawTag {
        let name = start + self.name as usize;
        let value = start + self.value as usize;
        RawTag {
            name: (name, name + self.name_len as usize),
            value: (value, value + self.value_len as usize),
            flags: self.flags,
        }
    }
}

impl FileIndex {
    /// Indexes a whole file.
    pub fn build(bytes: &[u8]) -> FileIndex {
        let mut index = FileIndex::default();
        index.index_more(bytes, usize::MAX);
        index
    }

    /// Indexes up to `max_games` more games of `bytes`, from where the
    /// last call ended (pass the same bytes each time): a large file is
    /// indexed a slice at a time. Returns how many games were added; fewer
    /// than `max_games` means the whole file is indexed.
    ///
    /// ```
    /// use movetext_core::FileIndex;
    ///
    /// let pgn = b"1. e4 *\n\n1. d4 *\n\n1. c4 *\n";
    /// let mut index = FileIndex::default();
    /// assert_eq!(index.index_more(pgn, 2), 2);
    /// assert!(!index.is_complete());
    /// assert_eq!(index.index_more(pgn, 2), 1);
    /// assert!(index.is_complete());
    /// assert_eq!(index.len(), 3);
    /// ```
    pub fn index_more(&mut self, bytes: &[u8], max_games: usize) -> usize {
        if self.complete {
            return 0;
        }
        let mut splitter = match self.next {
            Some(point) => Splitter::resume(bytes, point),
            None => Splitter::new(bytes),
        };
        let added = self.extend(&mut splitter, max_games);
        if added < max_games {
            self.complete = true;
        }
        self.next = Some(splitter.point());
        added
    }

    /// Whether the whole file is indexed.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// How far indexing has come: the offset where the next game starts.
    pub fn indexed_bytes(&self) -> usize {
        self.next.map_or(0, |p| p.position())
    }

    /// Indexes up to `max_games` more games from `splitter`. Returns how
    /// many were added.
    fn extend(&mut self, splitter: &mut Splitter<'_>, max_games: usize) -> usize {
        let mut n = 0;
        while n < max_games {
            self.scratch.clear();
            let Some(raw) = splitter.next_game(&mut self.scratch) else { break };
            let count = self.scratch.len() as u32;
            let scratch = &self.scratch;
            let first = self.tags.run_room(scratch.len()).and_then(|(first, block)| {
                let before = block.len();
                block.extend(scratch.iter().map_while(|t| IndexTag::new(t, raw.start)));
                if block.len() - before == scratch.len() {
                    Some(first)
                } else {
                    block.truncate(before);
                    None
                }
            });
            let tags = match first {
                Some(first) if first < WIDE as usize => (first as u32, count),
                _ => {
                    let at = self.wide.len() as u32;
                    self.wide.extend_from_slice(&self.scratch);
                    (at | WIDE, count)
                }
            };
            self.games.push(IndexEntry { raw, tags });
            self.count += 1;
            n += 1;
        }
        n
    }

    /// Number of games.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Is the index empty?
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The entry of game `i`.
    pub fn entry(&self, i: usize) -> Option<&IndexEntry> {
        self.games.get(i)
    }

    /// Byte range of game `i`.
    pub fn range(&self, i: usize) -> Option<std::ops::Range<usize>> {
        self.games.get(i).map(|g| g.raw.start..g.raw.end)
    }

    /// The tags of game `i` as the splitter found them.
    fn raw_tags(&self, i: usize) -> Vec<RawTag> {
        let Some(g) = self.games.get(i) else { return Vec::new() };
        let (first, count) = (g.tags.0 & !WIDE, g.tags.1);
        if g.tags.0 & WIDE != 0 {
            let range = first as usize..first as usize + count as usize;
            self.wide.get(range).unwrap_or(&[]).to_vec()
        } else {
            self.tags.run(first as usize, count as usize).unwrap_or(&[]).iter().map(|t| t.raw(g.raw.start)).collect()
        }
    }

    /// The tags of game `i` (decoded, escapes resolved), in file order.
    pub fn tags<'b>(&self, bytes: &'b [u8], i: usize) -> Vec<(Cow<'b, str>, Cow<'b, str>)> {
        self.raw_tags(i).iter().map(|t| (text(bytes, t.name, 0), text(bytes, t.value, t.flags))).collect()
    }

    /// The value of the first tag `name` of game `i`.
    pub fn tag<'b>(&self, bytes: &'b [u8], i: usize, name: &str) -> Option<Cow<'b, str>> {
        self.raw_tags(i)
            .iter()
            .find(|t| bytes.get(t.name.0..t.name.1) == Some(name.as_bytes()))
            .map(|t| text(bytes, t.value, t.flags))
    }

    /// Reads game `i` into a tree.
    pub fn read_game(&self, bytes: &[u8], i: usize) -> Option<Game> {
        let g = self.games.get(i)?;
        Some(parse_raw(bytes, &g.raw, &self.raw_tags(i)))
    }
}

/// The text of a tag's name or value (`range` in `bytes`).
pub(crate) fn text(bytes: &[u8], range: (usize, usize), flags: u8) -> Cow<'_, str> {
    let (t, _) = decode(bytes.get(range.0..range.1).unwrap_or(&[]));
    if flags & TAG_ESCAPED != 0 {
        Cow::Owned(unescape(&t))
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_read_on_demand() {
        let pgn = b"[White \"A\\\"x\"]\n[Black \"B\"]\n\n1. e4 *\n\n[White \"C\"]\n\n1. d4 d5 *\n";
        let idx = FileIndex::build(pgn);
        assert_eq!(idx.len(), 2);
        assert_eq!(idx.tag(pgn, 0, "White").as_deref(), Some("A\"x"));
        assert_eq!(idx.tag(pgn, 1, "White").as_deref(), Some("C"));
        assert_eq!(idx.tag(pgn, 1, "Black"), None);
        let g = idx.read_game(pgn, 1).unwrap();
        assert_eq!(g.mainline_plies(), 2);
        assert_eq!(g.tag("White"), Some("C"));
        assert!(idx.read_game(pgn, 2).is_none());
    }

    #[test]
    fn long_tag_names_are_kept_whole() {
        let name = "N".repeat(70_000);
        let pgn = format!("[{name} \"v\"]\n[Event \"e\"]\n\n1. e4 *\n\n[White \"w\"]\n\n1. d4 *\n");
        let idx = FileIndex::build(pgn.as_bytes());
        assert_eq!(idx.len(), 2);
        assert_eq!(idx.tag(pgn.as_bytes(), 0, &name).as_deref(), Some("v"));
        assert_eq!(idx.tag(pgn.as_bytes(), 0, "Event").as_deref(), Some("e"));
        assert_eq!(idx.tags(pgn.as_bytes(), 1).len(), 1);
        assert_eq!(idx.tag(pgn.as_bytes(), 1, "White").as_deref(), Some("w"));
    }
}
