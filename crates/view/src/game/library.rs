//! The open file: its bytes, the core's index of its games (built a slice at
//! a time so a large file never blocks the page), the game list's rows, its
//! filter and its sort orders.

use std::borrow::Cow;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::VecDeque;
use std::rc::Rc;

use movetext_core::catalog::{count_plies, CollationKey, DateKey};
use movetext_core::{FileIndex, Game, Severity};

use crate::game::model::shown_part;

/// One row of the game list (its texts cut as [`Library::row`] says).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    /// `White`.
    pub white: String,
    /// `WhiteElo`.
    pub white_elo: String,
    /// `Black`.
    pub black: String,
    /// `BlackElo`.
    pub black_elo: String,
    /// `Result`.
    pub result: String,
    /// `Event`.
    pub event: String,
    /// `Date`.
    pub date: String,
    /// Full moves of the main line.
    pub moves: u32,
}

/// How many problems the reader found in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Problems {
    /// Diagnostics of severity error.
    pub errors: u32,
    /// All diagnostics.
    pub total: u32,
    /// Half-moves of the main line as read (moves that could not be
    /// played are not counted).
    pub plies: u32,
}

/// A column the list can be sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SortBy {
    /// File order.
    File,
    /// The standard's collation (Date, Event, Site, Round, White, Black, Result, movetext).
    Standard,
    /// `White`.
    White,
    /// `Black`.
    Black,
    /// `WhiteElo`, numerically.
    WhiteElo,
    /// `BlackElo`, numerically.
    BlackElo,
    /// `Result`.
    Result,
    /// `Event`.
    Event,
    /// `Date`, unknown parts as 0.
    Date,
    /// Main-line length.
    Moves,
}

/// An open file of games.
#[derive(Debug)]
pub struct Library {
    /// File name(s), for the title.
    pub name: String,
    bytes: Rc<Vec<u8>>,
    index: FileIndex,
    plies: Vec<u32>,
    /// Each game's problems once it has been read, by index.
    problems: RefCell<Vec<Option<Problems>>>,
    /// The game last opened ([`Library::open_game`]), as read, shared with
    /// whoever shows it: reading a long game again (to edit it) takes
    /// longer than taking it from here.
    opened: RefCell<Option<(usize, Rc<Game>)>>,
    /// The files joined in `bytes`: name, start offset, lines before it.
    parts: Vec<(String, usize, u32)>,
    /// Games made in the app (new games, set-up positions), after the file's.
    added: Vec<Game>,
}

impl Library {
    /// A file to be indexed; nothing is read yet (see [`Library::index_more`]).
    pub fn new(name: impl Into<String>, bytes: impl Into<Rc<Vec<u8>>>) -> Library {
        let bytes = bytes.into();
        Library {
            name: name.into(),
            bytes,
            index: FileIndex::default(),
            plies: Vec::new(),
            problems: RefCell::new(Vec::new()),
            opened: RefCell::new(None),
            parts: Vec::new(),
            added: Vec::new(),
        }
    }

    /// Adds a game made in the app after the file's games; returns its index.
    pub fn add_game(&mut self, game: Game) -> usize {
        self.added.push(game);
        self.len() - 1
    }

    /// Games from the file (not made in the app).
    pub fn file_games(&self) -> usize {
        self.index.len()
    }

    /// The bytes of game `i` as they are in the file.
    pub fn original(&self, i: usize) -> Option<&[u8]> {
        self.index.range(i).map(|r| &self.bytes[r])
    }

    /// The whole file as it was read.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The whole file, shared rather than copied.
    pub fn shared_bytes(&self) -> Rc<Vec<u8>> {
        self.bytes.clone()
    }

    /// Each file's name and start offset.
    pub fn parts(&self) -> Vec<(String, usize)> {
        self.parts.iter().map(|p| (p.0.clone(), p.1)).collect()
    }

    /// Names the files joined in the bytes: each name with its start offset.
    pub fn set_parts(&mut self, parts: Vec<(String, usize)>) {
        let mut line = 0;
        let mut from = 0;
        self.parts = parts
            .into_iter()
            .map(|(name, start)| {
                let start = start.min(self.bytes.len()).max(from);
                line += count_line_breaks(&self.bytes[from..start]);
                from = start;
                (name, start, line)
            })
            .collect();
    }

    /// The file game `i` is in, and the lines before that file (diagnostic
    /// lines count from the start of all the loaded text).
    pub fn file_of(&self, i: usize) -> (String, u32) {
        if i >= self.index.len() {
            return ("New game".to_owned(), 0);
        }
        let start = self.index.entry(i).map_or(0, |e| e.raw.start);
        self.parts.iter().rev().find(|p| p.1 <= start).map_or_else(|| (self.name.clone(), 0), |p| (p.0.clone(), p.2))
    }

    /// Indexes the whole file at once (for small files and tests).
    pub fn indexed(name: impl Into<String>, bytes: impl Into<Rc<Vec<u8>>>) -> Library {
        let mut lib = Library::new(name, bytes);
        while !lib.index_more(&mut || false) {}
        lib
    }

    /// Indexes games until the file ends or `stop()` says so (it is asked
    /// every 16 games). Returns whether the whole file is indexed.
    pub fn index_more(&mut self, stop: &mut dyn FnMut() -> bool) -> bool {
        if self.index.is_complete() {
            return true;
        }
        loop {
            let before = self.index.len();
            let added = self.index.index_more(&self.bytes, 16);
            for i in before..self.index.len() {
                let entry = self.index.entry(i).expect("just indexed");
                let plies = self
                    .index
                    .tag(&self.bytes, i, "PlyCount")
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or_else(|| count_plies(&self.bytes[entry.raw.movetext..entry.raw.end]));
                self.plies.push(plies);
            }
            if added < 16 {
                return true;
            }
            if stop() {
                return false;
            }
        }
    }

    /// Whether the whole file is indexed.
    pub fn is_indexed(&self) -> bool {
        self.index.is_complete()
    }

    /// Share of the file indexed so far, from 0 to 1.
    pub fn progress(&self) -> f64 {
        if self.index.is_complete() || self.bytes.is_empty() {
            1.0
        } else {
            self.index.indexed_bytes() as f64 / self.bytes.len() as f64
        }
    }

    /// Games indexed so far, and games made in the app.
    pub fn len(&self) -> usize {
        self.index.len() + self.added.len()
    }

    /// Whether no game has been found (yet).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn tag(&self, i: usize, name: &str) -> String {
        self.tag_text(i, name).trim().to_owned()
    }

    /// A tag value as a row shows it: trimmed, and cut after
    /// [`SHOWN_TAG_CHARS`](crate::game::model::SHOWN_TAG_CHARS) characters with "…".
    fn shown_tag(&self, i: usize, name: &str) -> String {
        let text = self.tag_text(i, name);
        let text = text.trim();
        let part = shown_part(text);
        if part.len() < text.len() {
            format!("{part}…")
        } else {
            part.to_owned()
        }
    }

    /// A tag value as stored (borrowed from the file when it can be).
    fn tag_text(&self, i: usize, name: &str) -> Cow<'_, str> {
        match i.checked_sub(self.index.len()) {
            Some(k) => Cow::Borrowed(self.added.get(k).and_then(|g| g.tag(name)).unwrap_or_default()),
            None => self.index.tag(&self.bytes, i, name).unwrap_or_default(),
        }
    }

    /// A tag value as a case-blind sort key.
    fn tag_key(&self, i: usize, name: &str) -> String {
        self.tag_text(i, name).trim().to_lowercase()
    }

    fn plies_of(&self, i: usize) -> u32 {
        match i.checked_sub(self.index.len()) {
            Some(k) => self.added.get(k).map_or(0, |g| g.mainline_plies() as u32),
            None => self.plies.get(i).copied().unwrap_or(0),
        }
    }

    /// A tag of game `i`, trimmed (none when absent).
    pub fn game_tag(&self, i: usize, name: &str) -> Option<String> {
        let v = self.tag(i, name);
        (!v.is_empty()).then_some(v)
    }

    /// The list row of game `i`: its tags' values trimmed, and cut after
    /// [`SHOWN_TAG_CHARS`](crate::game::model::SHOWN_TAG_CHARS) characters with "…".
    pub fn row(&self, i: usize) -> Row {
        Row {
            white: self.shown_tag(i, "White"),
            white_elo: self.shown_tag(i, "WhiteElo"),
            black: self.shown_tag(i, "Black"),
            black_elo: self.shown_tag(i, "BlackElo"),
            result: self.shown_tag(i, "Result"),
            event: self.shown_tag(i, "Event"),
            date: self.shown_tag(i, "Date"),
            // Counted as read once the game has been read, else as the
            // index counted them (without playing them).
            moves: self.known_problems(i).map_or_else(|| self.plies_of(i), |p| p.plies).div_ceil(2),
        }
    }

    /// Reads game `i`.
    pub fn game(&self, i: usize) -> Option<Game> {
        if let Some(g) = self.opened_game(i) {
            return Some((*g).clone());
        }
        self.read(i)
    }

    fn read(&self, i: usize) -> Option<Game> {
        match i.checked_sub(self.index.len()) {
            Some(k) => self.added.get(k).cloned(),
            None => self.index.read_game(&self.bytes, i),
        }
    }

    /// Game `i` if it is the one last opened.
    fn opened_game(&self, i: usize) -> Option<Rc<Game>> {
        self.opened.borrow().as_ref().filter(|(k, _)| *k == i).map(|(_, g)| g.clone())
    }

    /// Game `i` as [`Library::game`] reads it, remembered (not copied)
    /// until another game is opened.
    pub fn open_game(&self, i: usize) -> Option<Rc<Game>> {
        if let Some(g) = self.opened_game(i) {
            return Some(g);
        }
        let game = Rc::new(self.read(i)?);
        if i < self.index.len() {
            *self.opened.borrow_mut() = Some((i, game.clone()));
        }
        Some(game)
    }

    /// Game `i`, to keep (to edit): the one last opened is taken, copied
    /// only if it is still being shown from.
    pub fn take_game(&self, i: usize) -> Option<Game> {
        if self.opened.borrow().as_ref().is_some_and(|(k, _)| *k == i) {
            if let Some((_, g)) = self.opened.borrow_mut().take() {
                return Some(Rc::try_unwrap(g).unwrap_or_else(|g| (*g).clone()));
            }
        }
        self.read(i)
    }

    /// `f` of game `i`, read for the purpose (or the one last opened),
    /// without copying it or remembering it.
    pub fn with_game<R>(&self, i: usize, f: impl FnOnce(&Game) -> R) -> Option<R> {
        match self.opened_game(i) {
            Some(g) => Some(f(&g)),
            None => self.read(i).map(|g| f(&g)),
        }
    }

    /// The problems of game `i` (the game is read once, then remembered).
    pub fn problems(&self, i: usize) -> Problems {
        if let Some(p) = self.known_problems(i) {
            return p;
        }
        let p = self
            .with_game(i, |g| Problems {
                errors: g.diagnostics().iter().filter(|d| d.severity == Severity::Error).count() as u32,
                total: g.diagnostics().len() as u32,
                plies: g.mainline_plies() as u32,
            })
            .unwrap_or_default();
        let mut known = self.problems.borrow_mut();
        if known.len() <= i {
            known.resize(i + 1, None);
        }
        known[i] = Some(p);
        p
    }

    /// The problems of game `i` if it has been read.
    fn known_problems(&self, i: usize) -> Option<Problems> {
        self.problems.borrow().get(i).copied().flatten()
    }

    /// Whether any tag value of game `i` contains `needle` (already lower case).
    pub fn matches(&self, i: usize, needle: &str) -> bool {
        if needle.is_empty() {
            return true;
        }
        match i.checked_sub(self.index.len()) {
            Some(k) => self.added.get(k).is_some_and(|g| g.tags().any(|(_, v)| contains_folded(v, needle))),
            None => self.index.tags(&self.bytes, i).iter().any(|(_, v)| contains_folded(v, needle)),
        }
    }

    /// The games (indices) that match a filter, in a sort order, at once.
    pub fn order(&self, filter: &str, sort: SortBy, descending: bool) -> Vec<u32> {
        let mut job = self.order_job(filter, sort, descending, None);
        loop {
            if let Some(order) = self.order_step(&mut job, &mut || false) {
                return order;
            }
        }
    }

    /// Starts computing an order a slice at a time (see [`Library::order_step`]),
    /// of the games in `only` (in file order) or of all.
    pub fn order_job(&self, filter: &str, sort: SortBy, descending: bool, only: Option<Rc<Vec<u32>>>) -> OrderJob {
        let len = only.as_ref().map_or(self.len(), |o| o.len());
        OrderJob {
            needle: filter.trim().to_lowercase(),
            sort,
            descending,
            next: 0,
            len,
            only,
            keyed: Vec::new(),
            runs: VecDeque::new(),
            merge: None,
        }
    }

    /// Goes on with an order until it is done (then returns it) or `stop()`
    /// says so (asked every 256 games, and every 256 games merged). The
    /// games are sorted in runs of [`RUN`] as they are keyed, and the runs
    /// are then merged two at a time, so that no step is long whatever the
    /// number of games.
    pub fn order_step(&self, job: &mut OrderJob, stop: &mut dyn FnMut() -> bool) -> Option<Vec<u32>> {
        let sorted = job.sort != SortBy::File;
        while job.next < job.len {
            let i = job.only.as_ref().map_or(job.next, |o| o[job.next] as usize);
            job.next += 1;
            if i < self.len() && self.matches(i, &job.needle) {
                job.keyed.push((self.sort_key(i, job.sort), i as u32));
                if sorted && job.keyed.len() == RUN {
                    let mut run = std::mem::take(&mut job.keyed);
                    run.sort_by(|a, b| self.compare(job.sort, a, b));
                    job.runs.push_back(run);
                }
            }
            if job.next.is_multiple_of(256) && stop() {
                return None;
            }
        }
        // What is left unsorted makes the last run (an empty one when no
        // game matched).
        if !job.keyed.is_empty() || (job.runs.is_empty() && job.merge.is_none()) {
            let mut run = std::mem::take(&mut job.keyed);
            if sorted {
                run.sort_by(|a, b| self.compare(job.sort, a, b));
            }
            job.runs.push_back(run);
        }
        loop {
            if let Some(merge) = &mut job.merge {
                let mut merged = 0u32;
                while let (Some(a), Some(b)) = (merge.first.peek(), merge.second.peek()) {
                    let take_first = self.compare(job.sort, a, b).is_le();
                    let next = if take_first { merge.first.next() } else { merge.second.next() };
                    merge.out.extend(next);
                    merged += 1;
                    if merged.is_multiple_of(256) && stop() {
                        return None;
                    }
                }
                let Merge { first, second, mut out } = job.merge.take()?;
                out.extend(first);
                out.extend(second);
                job.runs.push_back(out);
            }
            if job.runs.len() < 2 {
                break;
            }
            let (first, second) = (job.runs.pop_front()?, job.runs.pop_front()?);
            let out = Vec::with_capacity(first.len() + second.len());
            job.merge = Some(Merge { first: first.into_iter().peekable(), second: second.into_iter().peekable(), out });
        }
        let mut games: Vec<u32> = job.runs.pop_front().unwrap_or_default().into_iter().map(|(_, i)| i).collect();
        if job.descending {
            games.reverse();
        }
        Some(games)
    }

    /// The order of two keyed games in a sort: by key, then (in the standard
    /// order) by moves, then by place in the file.
    fn compare(&self, sort: SortBy, a: &Keyed, b: &Keyed) -> Ordering {
        let by_key = a.0.cmp(&b.0);
        let by_key = match sort {
            SortBy::Standard => by_key.then_with(|| self.movetext(a.1).cmp(self.movetext(b.1))),
            _ => by_key,
        };
        by_key.then(a.1.cmp(&b.1))
    }

    /// The key of game `i` for a sort.
    fn sort_key(&self, i: usize, sort: SortBy) -> SortKey {
        let number = |name: &str| SortKey::Number(self.tag_text(i, name).trim().parse::<u32>().unwrap_or(0));
        match sort {
            SortBy::File => SortKey::None,
            SortBy::Standard => SortKey::Standard(Box::new(CollationKey::new(|n| Some(self.tag_text(i, n))))),
            SortBy::WhiteElo => number("WhiteElo"),
            SortBy::BlackElo => number("BlackElo"),
            SortBy::Date => SortKey::Date(DateKey::parse(&self.tag_text(i, "Date"))),
            SortBy::Moves => SortKey::Number(self.plies_of(i)),
            SortBy::White => SortKey::Text(self.tag_key(i, "White")),
            SortBy::Black => SortKey::Text(self.tag_key(i, "Black")),
            SortBy::Result => SortKey::Text(self.tag_key(i, "Result")),
            SortBy::Event => SortKey::Text(self.tag_key(i, "Event")),
        }
    }

    fn movetext(&self, i: u32) -> &[u8] {
        self.index.entry(i as usize).map_or(&[][..], |e| &self.bytes[e.raw.movetext..e.raw.end])
    }
}

/// Line breaks in bytes: LF, CRLF and a lone CR each count once.
pub fn count_line_breaks(bytes: &[u8]) -> u32 {
    let mut n = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            n += 1;
        }
    }
    n
}

/// A game's key for one sort (every key of a sort has the same kind).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum SortKey {
    None,
    Number(u32),
    Date(DateKey),
    Text(String),
    Standard(Box<CollationKey>),
}

/// A game's sort key and its index.
type Keyed = (SortKey, u32);

/// How many games an order sorts at once before merging ([`Library::order_step`]).
pub const RUN: usize = 1024;

/// An order being computed a slice at a time.
#[derive(Debug)]
pub struct OrderJob {
    needle: String,
    sort: SortBy,
    descending: bool,
    next: usize,
    len: usize,
    only: Option<Rc<Vec<u32>>>,
    /// Games keyed and not yet sorted.
    keyed: Vec<Keyed>,
    /// Sorted runs waiting to be merged.
    runs: VecDeque<Vec<Keyed>>,
    /// Two runs being merged.
    merge: Option<Merge>,
}

/// Two sorted runs being merged into one.
#[derive(Debug)]
struct Merge {
    first: std::iter::Peekable<std::vec::IntoIter<Keyed>>,
    second: std::iter::Peekable<std::vec::IntoIter<Keyed>>,
    out: Vec<Keyed>,
}

/// Case-insensitive `contains` for a needle already in lower case.
fn contains_folded(haystack: &str, needle: &str) -> bool {
    if needle.is_ascii() {
        let (h, n) = (haystack.as_bytes(), needle.as_bytes());
        h.len() >= n.len() && h.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n))
    } else {
        haystack.to_lowercase().contains(needle)
    }
}

/// A shared [`Library`] for components: two handles are equal when they
/// hold the same library at the same indexing step.
#[derive(Clone, Debug)]
pub struct LibraryHandle {
    /// The library.
    pub lib: Rc<RefCell<Library>>,
    /// Bumped whenever the library changes.
    pub version: u64,
}

impl PartialEq for LibraryHandle {
    fn eq(&self, other: &LibraryHandle) -> bool {
        Rc::ptr_eq(&self.lib, &other.lib) && self.version == other.version
    }
}

impl LibraryHandle {
    /// A handle on a new library.
    pub fn new(lib: Library) -> LibraryHandle {
        LibraryHandle { lib: Rc::new(RefCell::new(lib)), version: 0 }
    }

    /// The same library, marked as changed.
    pub fn bumped(&self) -> LibraryHandle {
        LibraryHandle { lib: self.lib.clone(), version: self.version + 1 }
    }
}

/// A file name without characters that file systems refuse.
pub fn file_safe(name: &str) -> String {
    name.chars()
        .map(
            |c| {
                if matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') || c.is_control() {
                    '_'
                } else {
                    c
                }
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const THREE: &str = "[Event \"Zonal\"]\n[Date \"1990.01.02\"]\n[Round \"10\"]\n[White \"Émile\"]\n[Black \"Bo\"]\n[WhiteElo \"2400\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\
[Event \"Zonal\"]\n[Date \"1990.01.02\"]\n[Round \"2\"]\n[White \"Ann\"]\n[Black \"Cy\"]\n[WhiteElo \"2500\"]\n[Result \"0-1\"]\n\n1. d4 Nf6 2. Ke3 e5 0-1\n\n\
[Event \"Open\"]\n[Date \"1989.??.??\"]\n[White \"Dee\"]\n[Black \"Ann\"]\n[PlyCount \"41\"]\n[Result \"*\"]\n\n1. c4 *\n";

    #[test]
    fn indexing_in_slices_finds_every_game() {
        let mut many = String::new();
        for _ in 0..100 {
            many.push_str(THREE);
            many.push('\n');
        }
        let mut lib = Library::new("x.pgn", many.into_bytes());
        let mut slices = 0;
        while !lib.index_more(&mut || true) {
            slices += 1;
            assert!(lib.progress() < 1.0);
        }
        assert!(slices >= 4, "{slices}");
        assert_eq!(lib.len(), 300);
        assert_eq!(lib.progress(), 1.0);
        assert_eq!(lib.row(299).white, "Dee");
    }

    #[test]
    fn a_row_shows_the_start_of_a_long_value_and_the_filter_all_of_it() {
        use crate::game::model::SHOWN_TAG_CHARS;
        let event = format!("{}needle", "é".repeat(100_000));
        let pgn = format!("[Event \"{event}\"]\n[White \"A\"]\n\n1. e4 *\n");
        let lib = Library::indexed("long.pgn", pgn.into_bytes());
        let row = lib.row(0);
        assert_eq!(row.event, format!("{}…", "é".repeat(SHOWN_TAG_CHARS)));
        assert_eq!(row.white, "A");
        assert_eq!(lib.order("needle", SortBy::File, false), vec![0], "the filter reads the whole value");
    }

    #[test]
    fn rows_filter_and_sorts() {
        let lib = Library::indexed("x.pgn", THREE.as_bytes().to_vec());
        assert_eq!(lib.len(), 3);
        let row = lib.row(0);
        assert_eq!((row.white.as_str(), row.black.as_str(), row.moves), ("Émile", "Bo", 2));
        assert_eq!(lib.row(2).moves, 21, "PlyCount wins");
        let broken = Library::indexed("y.pgn", b"[White \"A\"]\n\n1. Kx9 Qz3 2. Ra0 *\n".to_vec());
        let _ = broken.problems(0);
        assert_eq!(broken.row(0).moves, 0, "moves that cannot be played are not counted once read");
        assert_eq!(lib.order("ann", SortBy::File, false), vec![1, 2]);
        assert_eq!(lib.order("ÉMILE", SortBy::File, false), vec![0]);
        assert_eq!(lib.order("", SortBy::Standard, false), vec![2, 1, 0]);
        assert_eq!(lib.order("", SortBy::WhiteElo, true), vec![1, 0, 2]);
        assert_eq!(lib.order("", SortBy::Moves, false), vec![0, 1, 2]);
        assert_eq!(lib.order("", SortBy::White, false), vec![1, 2, 0]);
    }

    #[test]
    fn games_know_their_file_and_its_first_line() {
        let text = "[White \"A\"]\r\n\r\n1. e4 *\r\n\n\n[White \"B\"]\n\n1. e4 e5 2. Ke3 *\n";
        let second = text.find("[White \"B").unwrap();
        let mut lib = Library::new("a.pgn, b.pgn", text.as_bytes().to_vec());
        lib.set_parts(vec![("a.pgn".into(), 0), ("b.pgn".into(), second)]);
        while !lib.index_more(&mut || false) {}
        assert_eq!(lib.file_of(0), ("a.pgn".to_owned(), 0));
        assert_eq!(lib.file_of(1), ("b.pgn".to_owned(), 5));
        let game = lib.game(1).unwrap();
        let d = &game.diagnostics()[0];
        assert_eq!(d.line - lib.file_of(1).1, 3, "Ke3 is on line 3 of b.pgn");
    }

    #[test]
    fn orders_in_slices_equal_orders_at_once() {
        let mut many = String::new();
        for _ in 0..200 {
            many.push_str(THREE);
            many.push('\n');
        }
        let lib = Library::indexed("x.pgn", many.into_bytes());
        for sort in [SortBy::Standard, SortBy::White, SortBy::WhiteElo, SortBy::Moves, SortBy::File] {
            let whole = lib.order("ann", sort, true);
            let mut job = lib.order_job("ann", sort, true, None);
            let mut slices = 0;
            let sliced = loop {
                if let Some(o) = lib.order_step(&mut job, &mut || true) {
                    break o;
                }
                slices += 1;
            };
            assert!(slices >= 2, "{sort:?}: {slices}");
            assert_eq!(sliced, whole, "{sort:?}");
            assert_eq!(whole.len(), 400, "games with Ann");
        }
        // Several runs merged: every sort is in order by key, then by place.
        let mut lots = String::new();
        for i in 0..3000 {
            let elo = (i * 7919) % 2801;
            lots.push_str(&format!(
                "[White \"P{}\"]\n[Black \"Q\"]\n[WhiteElo \"{elo}\"]\n[Date \"20{:02}.01.01\"]\n\n1. e4 e5 *\n\n",
                (i * 31) % 97,
                i % 25
            ));
        }
        let big = Library::indexed("lots.pgn", lots.into_bytes());
        for sort in [SortBy::Standard, SortBy::White, SortBy::WhiteElo, SortBy::Date, SortBy::File] {
            let mut job = big.order_job("", sort, false, None);
            let order = loop {
                if let Some(o) = big.order_step(&mut job, &mut || true) {
                    break o;
                }
            };
            let mut seen = order.clone();
            seen.sort_unstable();
            assert_eq!(seen, (0..3000).collect::<Vec<u32>>(), "{sort:?}: every game once");
            for pair in order.windows(2) {
                let (a, b) = (big.sort_key(pair[0] as usize, sort), big.sort_key(pair[1] as usize, sort));
                assert!(a < b || (a == b && pair[0] < pair[1]), "{sort:?}: {pair:?}");
            }
        }
        let only = Rc::new(vec![0, 1, 2, 5, 999_999]);
        let mut job = lib.order_job("", SortBy::White, false, Some(only));
        assert_eq!(lib.order_step(&mut job, &mut || false), Some(vec![1, 2, 5, 0]), "Ann, Dee, Dee, Émile");
    }

    #[test]
    fn problems_are_counted_once_read() {
        let lib = Library::indexed("x.pgn", THREE.as_bytes().to_vec());
        assert_eq!(lib.problems(0).errors, 0);
        let p = lib.problems(1);
        assert_eq!(p.errors, 1, "2. Ke3 is illegal");
        assert!(lib.game(1).is_some());
        assert!(lib.game(3).is_none());
    }
}
