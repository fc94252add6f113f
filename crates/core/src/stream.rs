//! Reading the games of a file a piece at a time, from anything that reads
//! bytes, with the same games, byte ranges and line numbers as
//! [`crate::GameReader`] and [`crate::FileIndex`] find in the whole file.
//!
//! A game is only known whole once the start of the next one (or the end of
//! the file) has been read: the bytes after the last whole game are kept
//! and read on. What has been read is split at whole lines only, and a
//! game whose comment is not closed in what has been read waits for more
//! (a comment closed later in the file ends at another line than one never
//! closed). HTML line breaks (`<br>`) are line breaks, as when the whole
//! file is read ([`crate::html_line_breaks`]).
//!
//! ```
//! use movetext_core::stream::GameStream;
//!
//! let pgn: &[u8] = b"[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. d4 d5 *\n";
//! let mut stream = GameStream::new(pgn);
//! let batch = stream.next_batch().unwrap().unwrap();
//! let games: Vec<_> = batch.games().collect();
//! assert_eq!(games.len(), 2);
//! assert_eq!((games[1].offset(), games[1].line()), (22, 5));
//! assert_eq!(games[1].tag("White").as_deref(), Some("B"));
//! assert_eq!(games[1].read().mainline_plies(), 2);
//! assert!(stream.next_batch().unwrap().is_none());
//! ```

use std::borrow::Cow;
use std::io::{self, Read};

use memchr::memrchr;

use crate::decode::html_line_breaks_in_place;
use crate::game::Game;
use crate::index::text;
use crate::positions::Target;
use crate::reader::{parse_in_buffers, ReadBuffers};
use crate::split::{RawGame, RawTag, SplitPoint, Splitter, HEAD};

/// How much a [`GameStream`] reads at a time unless told otherwise.
pub const DEFAULT_CHUNK: usize = 1 << 20;

/// A comment not closed in this much of the file is taken as never closed:
/// a file with a stray `{` and no `}` after it is not read whole into memory
/// (the only place where a stream may split otherwise than the whole file).
pub const MAX_OPEN_COMMENT: usize = 64 << 20;

/// Reads the games of a file from `R` in batches of whole games.
pub struct GameStream<R> {
    reader: R,
    /// Bytes read (line breaks turned) and not yet handed out; they start
    /// at offset `base` of the file.
    buf: Vec<u8>,
    base: usize,
    /// Bytes held back from the line break check (see
    /// `html_line_breaks_in_place`).
    held: Vec<u8>,
    /// Where splitting goes on in `buf` (`None` before the first split).
    point: Option<SplitPoint>,
    chunk: usize,
    /// The last split found no whole game: read as much again as is held
    /// (a long game is then split a number of times that grows with the
    /// logarithm of its length, not with its length).
    grow: bool,
    /// Bytes read from `reader`, before line breaks are turned.
    read: u64,
    eof: bool,
    /// The error that stopped reading, reported after the games before it.
    error: Option<io::Error>,
    done: bool,
    /// Batches given back ([`GameStream::recycle`]), emptied: the next
    /// batches are made in their room.
    spare: Vec<Batch>,
}

/// At most this many batches given back are kept.
const SPARE: usize = 4;

/// Whole games read from a [`GameStream`], with their bytes.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    bytes: Vec<u8>,
    /// Offset of `bytes` in the file.
    base: usize,
    /// The games, offsets in `bytes`, and their tags' range in `tags`.
    games: Vec<(RawGame, (usize, usize))>,
    tags: Vec<RawTag>,
}

/// One game of a [`Batch`]: its bytes as in the file, where they are, its
/// tags, and its tree on demand.
#[derive(Clone, Copy, Debug)]
pub struct GameBytes<'a> {
    bytes: &'a [u8],
    base: usize,
    raw: &'a RawGame,
    tags: &'a [RawTag],
}

impl<R: Read> GameStream<R> {
    /// Reads the games of what `reader` gives, [`DEFAULT_CHUNK`] bytes at a time.
    pub fn new(reader: R) -> GameStream<R> {
        GameStream::with_chunk(reader, DEFAULT_CHUNK)
    }

    /// Reads `chunk` bytes at a time (at least 1). Batches hold the whole
    /// games of about that many bytes; a longer game is read whole.
    pub fn with_chunk(reader: R, chunk: usize) -> GameStream<R> {
        GameStream {
            reader,
            buf: Vec::new(),
            base: 0,
            held: Vec::new(),
            point: None,
            chunk: chunk.max(1),
            grow: false,
            read: 0,
            eof: false,
            error: None,
            done: false,
            spare: Vec::new(),
        }
    }

    /// Gives back a batch once done with it: the next batches are made in
    /// its room rather than in memory fresh from the system, which it zeroes
    /// and maps a page at a time. A few are kept (none that a long game
    /// made much larger than a chunk); the others are dropped.
    pub fn recycle(&mut self, mut batch: Batch) {
        if self.spare.len() < SPARE && batch.bytes.capacity() <= self.chunk.saturating_mul(4).max(1 << 16) {
            batch.bytes.clear();
            batch.games.clear();
            batch.tags.clear();
            self.spare.push(batch);
        }
    }

    /// Bytes read from the reader so far.
    pub fn bytes_read(&self) -> u64 {
        self.read
    }

    /// Length of the file as split so far (line breaks turned): its
    /// length once the stream has ended.
    pub fn position(&self) -> usize {
        self.base + self.buf.len()
    }

    /// The next whole games (at least one), `None` at the end of the file.
    /// A read error is returned once the whole games read before it have
    /// been returned; the stream ends after it.
    pub fn next_batch(&mut self) -> io::Result<Option<Batch>> {
        loop {
            if self.done {
                return Ok(None);
            }
            if !self.eof && self.error.is_none() {
                self.fill();
            }
            let last = self.eof && self.error.is_none();
            // The start of the file decides its line ends (`SplitPoint::start`).
            if self.point.is_none() && !last && self.error.is_none() && self.buf.len() < HEAD {
                continue;
            }
            let batch = self.split(last);
            if !batch.games.is_empty() {
                return Ok(Some(batch));
            }
            self.recycle(batch);
            if let Some(e) = self.error.take() {
                self.done = true;
                return Err(e);
            }
            if last {
                self.done = true;
                return Ok(None);
            }
        }
    }

    /// Reads about a chunk more (less only at the end or on an error; more
    /// while no whole game is held).
    fn fill(&mut self) {
        let from = self.buf.len();
        self.buf.append(&mut self.held);
        let mut filled = self.buf.len();
        let more = if self.grow { self.chunk.max(filled) } else { self.chunk };
        self.buf.resize(filled + more, 0);
        while filled < self.buf.len() {
            match self.reader.read(&mut self.buf[filled..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    filled += n;
                    self.read += n as u64;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.error = Some(e);
                    break;
                }
            }
        }
        self.buf.truncate(filled);
        self.held = html_line_breaks_in_place(&mut self.buf, from, self.eof);
    }

    /// Takes the whole games from the buffer. `last`: it holds the end of
    /// the file.
    fn split(&mut self, last: bool) -> Batch {
        let point = *self.point.get_or_insert_with(|| SplitPoint::start(&self.buf));
        let cut = if last {
            self.buf.len()
        } else {
            memrchr(point.eol(), &self.buf).map_or(0, |i| i + 1).max(point.position())
        };
        let mut splitter = Splitter::resume(&self.buf[..cut], point);
        splitter.partial = !last && self.buf.len() < MAX_OPEN_COMMENT;
        let mut batch = self.spare.pop().unwrap_or_default();
        let mut next = point;
        loop {
            let before = batch.tags.len();
            splitter.short = false;
            let Some(raw) = splitter.next_game(&mut batch.tags) else { break };
            if !last && (raw.end >= cut || splitter.short) {
                batch.tags.truncate(before);
                break;
            }
            next = splitter.point();
            batch.games.push((raw, (before, batch.tags.len())));
        }
        let end = next.position();
        self.grow = batch.games.is_empty();
        if batch.games.is_empty() {
            self.point = Some(next);
            return batch;
        }
        // What is left goes on in the room of a batch given back, if any.
        let mut rest = std::mem::take(&mut batch.bytes);
        rest.extend_from_slice(&self.buf[end..]);
        batch.bytes = std::mem::replace(&mut self.buf, rest);
        batch.bytes.truncate(end);
        batch.base = self.base;
        self.base += end;
        self.point = Some(next.shifted(end));
        batch
    }
}

impl Batch {
    /// Number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Holds no game?
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Game `i` of the batch.
    pub fn get(&self, i: usize) -> Option<GameBytes<'_>> {
        let (raw, (from, to)) = self.games.get(i)?;
        Some(GameBytes { bytes: &self.bytes, base: self.base, raw, tags: &self.tags[*from..*to] })
    }

    /// The games in file order.
    pub fn games(&self) -> impl Iterator<Item = GameBytes<'_>> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// Offset in the file just after the batch's last game.
    pub fn end(&self) -> usize {
        self.base + self.bytes.len()
    }
}

impl<'a> GameBytes<'a> {
    /// The game's bytes as in the file: tags, movetext and the blank lines
    /// (or whatever else) up to the next game.
    pub fn bytes(&self) -> &'a [u8] {
        &self.bytes[self.raw.start..self.raw.end]
    }

    /// Byte offset of the game in the file.
    pub fn offset(&self) -> usize {
        self.base + self.raw.start
    }

    /// Length of the game in bytes.
    pub fn len(&self) -> usize {
        self.raw.end - self.raw.start
    }

    /// Is the game empty? (Never for a game of a stream.)
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// 1-based line of the file on which the game starts.
    pub fn line(&self) -> u32 {
        self.raw.line
    }

    /// The game as the splitter found it, offsets in the file.
    pub fn raw(&self) -> RawGame {
        RawGame {
            start: self.offset(),
            end: self.base + self.raw.end,
            movetext: self.base + self.raw.movetext,
            line: self.raw.line,
        }
    }

    /// The tags (decoded, escapes resolved), in file order, as
    /// [`crate::FileIndex::tags`] gives them.
    pub fn tags(&self) -> Vec<(Cow<'a, str>, Cow<'a, str>)> {
        self.tags.iter().map(|t| (text(self.bytes, t.name, 0), text(self.bytes, t.value, t.flags))).collect()
    }

    /// The value of the first tag `name`.
    pub fn tag(&self, name: &str) -> Option<Cow<'a, str>> {
        self.tags
            .iter()
            .find(|t| self.bytes.get(t.name.0..t.name.1) == Some(name.as_bytes()))
            .map(|t| text(self.bytes, t.value, t.flags))
    }

    /// Reads the game into a tree; its diagnostics give lines and offsets
    /// in the file.
    pub fn read(&self) -> Game {
        self.read_with(&mut ReadBuffers::default())
    }

    /// [`GameBytes::read`] with buffers kept from game to game.
    pub fn read_with(&self, buffers: &mut ReadBuffers) -> Game {
        parse_in_buffers(self.bytes, self.base, self.raw, self.tags, buffers)
    }

    /// The first ply at which the game's main line reaches `target`, as
    /// [`Target::first_ply`] of the game read gives it. The movetext of a
    /// game of standard chess from the usual start is read the quick way,
    /// main line only and no further than needed; any other game, or any
    /// movetext not so plain, is read whole (with `buffers`).
    ///
    /// ```
    /// use movetext_core::positions::Target;
    /// use movetext_core::stream::GameStream;
    /// use movetext_core::ReadBuffers;
    ///
    /// let pgn: &[u8] = b"[White \"A\"]\n\n1. e4 {best} (1. d4 d5) 1... e5 2. Nf3 *\n";
    /// let batch = GameStream::new(pgn).next_batch().unwrap().unwrap();
    /// let target: Target = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".parse().unwrap();
    /// assert_eq!(batch.get(0).unwrap().first_reach(&target, &mut ReadBuffers::default()), Some(2));
    /// ```
    pub fn first_reach(&self, target: &Target, buffers: &mut ReadBuffers) -> Option<usize> {
        self.quick_reach(target).unwrap_or_else(|| target.first_ply(&self.read_with(buffers)))
    }

    /// [`GameBytes::first_reach`] the quick way, `None` when unsure: a tag
    /// that may set another start or variant, movetext the quick way does
    /// not read, or text that is not UTF-8 (read as Windows-1252) with
    /// characters from 0x80 up in its main line.
    fn quick_reach(&self, target: &Target) -> Option<Option<usize>> {
        let setup = |name: &[u8]| {
            let name = name.trim_ascii();
            [&b"FEN"[..], b"SetUp", b"Variant"].iter().any(|n| name.eq_ignore_ascii_case(n))
        };
        if self.tags.iter().any(|t| self.bytes.get(t.name.0..t.name.1).is_none_or(setup)) {
            return None;
        }
        let text = self.bytes.get(self.raw.start..self.raw.end)?;
        target.quick_first_ply(text, self.raw.movetext.checked_sub(self.raw.start)?)
    }

    /// [`GameBytes::read_with`], and the FEN at the end of the game's main
    /// line ([`Game::fen`] of its last node) without playing the moves
    /// again.
    pub fn read_with_fen(&self, buffers: &mut ReadBuffers) -> (Game, String) {
        let game = self.read_with(buffers);
        let last = game.mainline().last().copied().unwrap_or(game.root());
        let fen = match buffers.take_end() {
            Some((id, pos)) if id == last && last != game.root() => Game::fen_of(&pos),
            _ => game.fen(last),
        };
        (game, fen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FileIndex, GameReader};

    /// A reader that gives at most `step` bytes a read, then fails after
    /// `fail_at` bytes if set.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        fail_at: Option<usize>,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let mut n = self.step.min(out.len()).min(self.bytes.len());
            if let Some(f) = self.fail_at {
                if f == 0 {
                    return Err(io::Error::new(io::ErrorKind::InvalidData, "broken"));
                }
                n = n.min(f);
                self.fail_at = Some(f - n);
            }
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// (offset, end, line, movetext, tags, diagnostics) of each game.
    type Found = Vec<(usize, usize, u32, usize, Vec<(String, String)>, Vec<(usize, u32, u32, String)>)>;

    fn whole(file: &[u8]) -> Found {
        let bytes = crate::html_line_breaks(file).unwrap_or(file.to_vec());
        let index = FileIndex::build(&bytes);
        let games: Vec<Game> = GameReader::new(&bytes).collect();
        assert_eq!(games.len(), index.len());
        (0..index.len())
            .map(|i| {
                let raw = &index.entry(i).unwrap().raw;
                let tags = index.tags(&bytes, i).into_iter().map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
                let diags =
                    games[i].diagnostics().iter().map(|d| (d.span.0, d.line, d.col, d.message.clone())).collect();
                (raw.start, raw.end, raw.line, raw.movetext, tags, diags)
            })
            .collect()
    }

    fn streamed(file: &[u8], chunk: usize, step: usize) -> (Found, usize) {
        let mut stream = GameStream::with_chunk(Trickle { bytes: file, step, fail_at: None }, chunk);
        let mut found = Found::new();
        let mut buffers = ReadBuffers::default();
        let mut batches = 0;
        while let Some(batch) = stream.next_batch().unwrap() {
            assert!(!batch.is_empty());
            batches += 1;
            for g in batch.games() {
                let raw = g.raw();
                let tags = g.tags().into_iter().map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
                let (game, fen) = g.read_with_fen(&mut buffers);
                assert_eq!(fen, game.fen(game.mainline().last().copied().unwrap_or(game.root())));
                let diags = game.diagnostics().iter().map(|d| (d.span.0, d.line, d.col, d.message.clone())).collect();
                assert_eq!(g.bytes().len(), g.len());
                found.push((raw.start, raw.end, raw.line, raw.movetext, tags, diags));
            }
            // Most batches are given back, their room then taken by the next.
            if batches % 3 != 0 {
                stream.recycle(batch);
            }
        }
        (found, stream.position())
    }

    fn same_as_whole(file: &[u8]) {
        let expected = whole(file);
        let len = crate::html_line_breaks(file).map_or(file.len(), |b| b.len());
        for (chunk, step) in [(1, 1), (3, 2), (7, 100), (64, 5), (1000, 1000), (DEFAULT_CHUNK, 4096)] {
            let (found, position) = streamed(file, chunk, step);
            assert_eq!(found, expected, "chunk {chunk}, reads of {step}");
            assert_eq!(position, len);
        }
    }

    #[test]
    fn pieces_split_as_the_whole_file() {
        same_as_whole(b"[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. d4 d5 *\n");
        same_as_whole(b"\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n1. d4 Qxx *\r\n\r\n\r\n");
        same_as_whole(b"1. e4 e5\n\n1. d4 d5\n\n1. c4\n");
        same_as_whole(b"1. e4 {open\n[see below]\n2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 } d5 *\n");
        same_as_whole(b"1. e4 {open\n[see below]\n2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 d5 *\n");
        same_as_whole(b"{banner\nover lines\n[Note \"x\"]} [Event \"A\"]\n\n1. e4 1-0 [Event \"B\"] 1. d4 *");
        same_as_whole(b"[Event \"A\"]<br>[White \"W\"]<br><br>1. e4 e5 *<br><br>[Event \"B\"]<br><br>1. d4 *");
        same_as_whole(b"[Event \"A\"]\r[White \"W\"]\r\r1. e4 e5 *\r\r[Event \"B\"]\r\r1. d4 *\r");
        same_as_whole(b"[Event \"R\\xe9ti\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qh5 Nf6 5. Qxf7# 1-0\n\n");
        same_as_whole(b"");
        same_as_whole(b"\n\n  \n");
        same_as_whole(b"[Event \"headers\"]\n[Site \"only\"]\n\n[Event \"again\"]\n");
    }

    #[test]
    fn the_corpus_splits_as_the_whole_files() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
        let Ok(entries) = std::fs::read_dir(&dir) else { return };
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        if let Ok(more) = std::fs::read_dir(dir.join("edge-cases")) {
            files.extend(more.flatten().map(|e| e.path()));
        }
        for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "pgn")) {
            let file = std::fs::read(path).unwrap();
            let expected = whole(&file);
            for chunk in [13, 4096] {
                assert_eq!(streamed(&file, chunk, 997).0, expected, "{}", path.display());
            }
        }
    }

    #[test]
    fn a_game_longer_than_the_chunk_is_read_whole() {
        let mut file = b"[Event \"long\"]\n\n".to_vec();
        for _ in 0..4000 {
            file.extend_from_slice(b"1. Nf3 Nf6 2. Ng1 Ng8 ");
        }
        file.extend_from_slice(b"*\n\n");
        for _ in 0..200 {
            file.extend_from_slice(b"[Event \"short\"]\n\n1. e4 *\n\n");
        }
        let mut stream = GameStream::with_chunk(&file[..], 1000);
        let first = stream.next_batch().unwrap().unwrap();
        assert_eq!(first.get(0).unwrap().read().mainline_plies(), 16000);
        let mut games = first.len();
        while let Some(batch) = stream.next_batch().unwrap() {
            assert_eq!(batch.get(0).unwrap().tag("Event").as_deref(), Some("short"));
            games += batch.len();
        }
        assert_eq!(games, 201);
    }

    #[test]
    fn a_read_error_comes_after_the_games_before_it() {
        let file = b"1. e4 *\n\n1. d4 *\n\n1. c4 *\n\n1. g3 *\n";
        let mut stream = GameStream::with_chunk(Trickle { bytes: file, step: 4, fail_at: Some(20) }, 8);
        let mut offsets = Vec::new();
        let err = loop {
            match stream.next_batch() {
                Ok(Some(b)) => offsets.extend(b.games().map(|g| g.offset())),
                Ok(None) => panic!("the error was lost"),
                Err(e) => break e,
            }
        };
        assert_eq!(err.to_string(), "broken");
        // The second game is only known whole once the third one starts.
        assert_eq!(offsets, [0]);
        assert_eq!(stream.bytes_read(), 20);
        assert!(stream.next_batch().unwrap().is_none());
    }
}
