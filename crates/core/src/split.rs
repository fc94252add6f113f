//! Splitting a file into games, the way real files need, without building
//! trees: the shared first pass of the reader and of the index.
//!
//! Every byte of the file belongs to exactly one game's range (blank lines
//! and junk after a game belong to it), so the ranges put back together are
//! the file. A new game starts at a tag line after movetext, at a repeated
//! tag name after a blank line (files of headers only), at movetext after
//! a termination marker (games without tags; `;` comment lines right after
//! the marker still belong to its game), or at a line starting with White's
//! "1." after a blank line that follows moves (games without markers).

use memchr::{memchr, memchr2, memrchr2};

/// A tag as found in the file: byte ranges of its name and of its value as
/// written (escapes not yet resolved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawTag {
    /// Start and end of the name.
    pub name: (usize, usize),
    /// Start and end of the value between the quotes, escapes as written.
    pub value: (usize, usize),
    /// Repairs the tag needed, as [`TAG_UNQUOTED`] and friends.
    pub flags: u8,
}

/// The value had no quotes: it runs to the closing bracket.
pub const TAG_UNQUOTED: u8 = 1;
/// The value's closing quote is missing: it runs to the end of the line.
pub const TAG_UNTERMINATED: u8 = 2;
/// The closing `]` is missing.
pub const TAG_NO_BRACKET: u8 = 4;
/// The value contains a backslash escape.
pub const TAG_ESCAPED: u8 = 8;
/// The value holds quotes that are not escaped (`"Lee "The Wall""`): it runs
/// to the last quote before the tag's `]`.
pub const TAG_INNER_QUOTES: u8 = 16;

/// One game found by the splitter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    /// Byte range of the whole game (tags, movetext and what follows it).
    pub start: usize,
    /// End of the range (exclusive).
    pub end: usize,
    /// Where the movetext starts (equal to `end` for a game of tags only).
    pub movetext: usize,
    /// 1-based line on which the game starts.
    pub line: u32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Start,
    Tags,
    Movetext,
    AfterResult,
}

/// A saved position of a [`Splitter`]; see [`Splitter::point`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitPoint {
    pos: usize,
    line: u32,
    eol: u8,
}

/// How much of the start of a file [`SplitPoint::start`] looks at.
pub const HEAD: usize = 1 << 16;

impl SplitPoint {
    /// Where splitting a file starts: after a leading UTF-8 BOM, on line 1,
    /// with the line end found in its first [`HEAD`] bytes (files with lone
    /// CR line ends, and no LF at all, split on CR).
    pub fn start(bytes: &[u8]) -> SplitPoint {
        let pos = if bytes.starts_with(crate::decode::BOM) { 3 } else { 0 };
        let head = &bytes[..bytes.len().min(HEAD)];
        let eol = if memchr(b'\n', head).is_none() && memchr(b'\r', head).is_some() { b'\r' } else { b'\n' };
        SplitPoint { pos, line: 1, eol }
    }

    /// The same point in bytes that start `by` bytes later.
    pub fn shifted(self, by: usize) -> SplitPoint {
        SplitPoint { pos: self.pos - by, ..self }
    }

    /// The line end byte the splitter splits on.
    pub fn eol(&self) -> u8 {
        self.eol
    }

    /// Offset where the next game will start.
    pub fn position(&self) -> usize {
        self.pos
    }
}

/// Splits a byte buffer into games. Tags are pushed into a vector the
/// caller owns, so a long file is split without allocation per game.
pub struct Splitter<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: u32,
    eol: u8,
    /// The first `{` or `;` at or after the place it was last looked for
    /// (the length of the input if there is none): lines before it hold no
    /// comment.
    next_comment: usize,
    /// The same for `"`: lines before it hold no tag pair.
    next_quote: usize,
    /// Use the quick paths for the usual tag lines and plain movetext lines
    /// (off only in tests that compare both ways).
    quick: bool,
    /// The bytes are only the start of the input (whole lines of it), more
    /// may follow: see `short`.
    pub(crate) partial: bool,
    /// In a partial input, a search for what closes a comment ran into the
    /// end of the bytes: the game last found may end elsewhere once more of
    /// the input is known.
    pub(crate) short: bool,
}

impl<'a> Splitter<'a> {
    /// Starts splitting `bytes` (a leading UTF-8 BOM is skipped).
    pub fn new(bytes: &'a [u8]) -> Splitter<'a> {
        Splitter::resume(bytes, SplitPoint::start(bytes))
    }

    /// Where the splitter stands, to resume it later on the same bytes
    /// (so a long file can be split a slice at a time).
    pub fn point(&self) -> SplitPoint {
        SplitPoint { pos: self.pos, line: self.line, eol: self.eol }
    }

    /// Resumes splitting `bytes` at a point taken from a splitter over the
    /// same bytes.
    pub fn resume(bytes: &'a [u8], point: SplitPoint) -> Splitter<'a> {
        Splitter {
            bytes,
            pos: point.pos.min(bytes.len()),
            line: point.line,
            eol: point.eol,
            next_comment: 0,
            next_quote: 0,
            quick: true,
            partial: false,
            short: false,
        }
    }

    /// Finds the next game, appending its tags to `tags`. Returns `None` at
    /// the end of the input. A game of white space only is not reported.
    pub fn next_game(&mut self, tags: &mut Vec<RawTag>) -> Option<RawGame> {
        let bytes = self.bytes;
        let len = bytes.len();
        if self.pos >= len {
            return None;
        }
        let start = self.pos;
        let first_tag = tags.len();
        let mut state = State::Start;
        let mut blank_since_tag = false;
        // A blank line came after movetext that began with a move: a line that
        // then starts with "1." begins a new game (games without markers).
        let mut moves_seen = false;
        let mut blank_in_movetext = false;
        let mut movetext = None;
        // Where comments before the game's tags or moves begin.
        let mut preamble = None;
        let mut p = start;
        let mut lines = 0u32;
        let mut end = len;
        while p < len {
            if self.quick && state == State::Movetext && moves_seen && !blank_in_movetext {
                p = self.skip_plain_lines(p, &mut lines);
                if p >= len {
                    break;
                }
            }
            if self.quick && bytes[p] == b'[' && (state == State::Start || (state == State::Tags && !blank_since_tag)) {
                // The usual tag line, read in one go.
                if let Some((tag, next)) = quick_tag(bytes, p, self.eol) {
                    tags.push(tag);
                    state = State::Tags;
                    lines += 1;
                    p = next;
                    continue;
                }
            }
            let (eol, semicolon, quote) = self.line_facts(p);
            let next = if eol < len { eol + 1 } else { len };
            let content = skip_bom(bytes, skip_ws(bytes, p, eol), eol);
            if content == eol {
                // Blank line.
                if state == State::Tags {
                    blank_since_tag = true;
                }
                blank_in_movetext |= state == State::Movetext;
                lines += 1;
                p = next;
                continue;
            }
            let c = bytes[content];
            if c == b'%' && content == p {
                // Escape line: ignored, kept with the game.
                lines += 1;
                p = next;
                continue;
            }
            if state == State::Start && (c == b';' || c == b'{') {
                // Comments before a game's tags or moves (a file's banner)
                // belong to the game after them; the reader keeps them.
                if let Some(close) = self.comment_end(content, eol) {
                    preamble.get_or_insert(content);
                    lines += bytes[p..close].iter().filter(|&&b| b == self.eol).count() as u32;
                    p = close;
                    continue;
                }
            }
            if c == b'[' && looks_like_tag(bytes, content, eol) {
                let new_game = match state {
                    State::Start => false,
                    State::Tags => blank_since_tag && named_before(bytes, content, eol, &tags[first_tag..]),
                    State::Movetext | State::AfterResult => true,
                };
                if new_game {
                    end = p;
                    break;
                }
                state = State::Tags;
                blank_since_tag = false;
                let rest = parse_tag_line(bytes, content, eol, tags);
                if rest < eol {
                    // Movetext after the tags on the same line.
                    movetext.get_or_insert(rest);
                    state = State::Movetext;
                    moves_seen |= bytes[rest].is_ascii_alphanumeric();
                    let (end_pos, result) = self.scan_movetext(rest, eol, (semicolon, quote), &mut lines);
                    if result {
                        state = State::AfterResult;
                    }
                    p = end_pos;
                    continue;
                }
                lines += 1;
                p = next;
                continue;
            }
            if c == b';' && state == State::AfterResult {
                // A comment line after the marker (engine summaries): kept with
                // the game it follows.
                lines += 1;
                p = next;
                continue;
            }
            // Movetext (or junk, which the reader reports).
            if state == State::AfterResult
                || (blank_in_movetext && moves_seen && starts_first_move(bytes, content, eol))
            {
                end = p;
                break;
            }
            moves_seen |= c.is_ascii_alphanumeric();
            blank_in_movetext = false;
            if state != State::Movetext {
                movetext.get_or_insert(content);
                state = State::Movetext;
            }
            let (end_pos, result) = self.scan_movetext(content, eol, (semicolon, quote), &mut lines);
            if result {
                state = State::AfterResult;
            }
            p = end_pos;
        }
        if p >= len {
            end = len;
        }
        // Only white space, escape lines and comments: a game of comments,
        // or nothing at all.
        let empty = state == State::Start && preamble.is_none();
        if state == State::Start {
            movetext = preamble;
        }
        self.found(start, end, lines, movetext, empty)
    }

    /// The game from `start` to `end`, `lines` lines long, whose movetext
    /// starts at `movetext` (at `end` when it has none): the splitter moves
    /// on after it. Nothing is reported for a game with `empty` set (of
    /// white space and escape lines only) that is the rest of the input
    /// (white space after the last game).
    #[inline]
    fn found(&mut self, start: usize, end: usize, lines: u32, movetext: Option<usize>, empty: bool) -> Option<RawGame> {
        self.pos = end;
        let line = self.line;
        self.line += lines;
        if empty && end >= self.bytes.len() {
            return None;
        }
        Some(RawGame { start, end, movetext: movetext.unwrap_or(end), line })
    }

    /// Where the comment at `content` (`;` or `{`, on a line that ends at
    /// `eol`) ends, if it does in the bytes at hand.
    fn comment_end(&mut self, content: usize, eol: usize) -> Option<usize> {
        let bytes = self.bytes;
        let close =
            if bytes[content] == b';' { Some(eol) } else { memchr(b'}', &bytes[content..]).map(|i| content + i + 1) };
        self.short |= close.is_none() && self.partial;
        close
    }

    /// The end of the line at `p`, and whether a `;` and a `"` come before
    /// it.
    #[inline]
    fn line_facts(&mut self, p: usize) -> (usize, bool, bool) {
        let bytes = self.bytes;
        let len = bytes.len();
        // In WebAssembly memchr looks four bytes at a time: the usual line
        // (of movetext, with neither `;` nor `"`) is read once, eight bytes
        // at a time, for all three (not in the compact build, where size
        // counts first).
        #[cfg(all(any(target_arch = "wasm32", test), not(feature = "compact")))]
        if let Some(i) = first_of_three(&bytes[p..], self.eol, b';', b'"') {
            if bytes[p + i] == self.eol {
                return (p + i, false, false);
            }
        }
        let (eol, semicolon) = match memchr2(self.eol, b';', &bytes[p..]) {
            Some(i) if bytes[p + i] == b';' => (memchr(self.eol, &bytes[p + i..]).map_or(len, |j| p + i + j), true),
            Some(i) => (p + i, false),
            None => (len, false),
        };
        (eol, semicolon, self.quote_before(p, eol))
    }

    /// The first `"` at or after `p` (the length of the input if there is
    /// none), looked for only when the one found last lies before `p`, so
    /// that the file is searched once.
    fn next_quote_from(&mut self, p: usize) -> usize {
        if self.next_quote < p {
            self.next_quote = memchr(b'"', &self.bytes[p..]).map_or(self.bytes.len(), |i| p + i);
        }
        self.next_quote
    }

    /// Is there a `"` from `p` to `end`?
    fn quote_before(&mut self, p: usize, end: usize) -> bool {
        self.next_quote_from(p) < end
    }

    /// Skips, from the line start `p`, lines of plain movetext: lines that
    /// start with a letter or digit, hold no `{`, `;` or `"` and do not end in a
    /// termination marker. The loop of `next_game` would do nothing with
    /// them but count them, which this does in fewer steps. Returns the
    /// start of the first other line (or of the last line of the input).
    fn skip_plain_lines(&mut self, mut p: usize, lines: &mut u32) -> usize {
        let bytes = self.bytes;
        let len = bytes.len();
        if self.next_comment < p {
            self.next_comment = memchr2(b'{', b';', &bytes[p..]).map_or(len, |i| p + i);
        }
        // (A line with a `"` may hold a tag pair after a marker.)
        let limit = self.next_comment.min(self.next_quote_from(p));
        while p < limit && CLASS[bytes[p] as usize] & PLAIN != 0 {
            let Some(i) = memchr(self.eol, &bytes[p..limit]) else { break };
            let eol = p + i;
            // The line is at least one byte long: it starts with a letter or digit.
            if matches!(bytes[eol - 1], b'*' | b'0' | b'1' | b'2' | b' ' | b'\t' | b'\r' | b'\n')
                && ends_with_result(&bytes[p..eol])
            {
                break;
            }
            *lines += 1;
            p = eol + 1;
        }
        p
    }

    /// Scans movetext from `p` to the line end `eol`, following brace
    /// comments over line ends. Returns where scanning should continue (the
    /// start of the next line) and whether the line ended in a termination
    /// marker. Counts the lines it passes. `semicolon` (`quote`) is false
    /// when the line is known to hold no `;` (no `"`).
    fn scan_movetext(
        &mut self,
        mut p: usize,
        mut eol: usize,
        (mut semicolon, mut quote): (bool, bool),
        lines: &mut u32,
    ) -> (usize, bool) {
        let bytes = self.bytes;
        let len = bytes.len();
        loop {
            let line = &bytes[p..eol];
            if quote {
                // `... 1-0 [Event "Next"] ...`: the next game starts on this line.
                if let Some(q) = tags_after_result(bytes, p, eol) {
                    return (q, true);
                }
            }
            let mut open_comment = None;
            if !(semicolon && memchr(b';', line).is_some()) {
                if let Some(i) = memrchr2(b'{', b'}', line) {
                    if line[i] == b'{' {
                        open_comment = Some(p + i + 1);
                    }
                }
            } else {
                // Slow path: a `;` comment may hide braces, and braces may hide `;`.
                let mut q = p;
                while q < eol {
                    match memchr2(b'{', b';', &bytes[q..eol]) {
                        None => break,
                        Some(i) if bytes[q + i] == b';' => {
                            // Rest of the line is a comment: no marker can end it.
                            *lines += 1;
                            return (if eol < len { eol + 1 } else { len }, false);
                        }
                        Some(i) => match memchr(b'}', &bytes[q + i..eol]) {
                            Some(j) => q = q + i + j + 1,
                            None => {
                                open_comment = Some(q + i + 1);
                                break;
                            }
                        },
                    }
                }
            }
            match open_comment {
                None => {
                    *lines += 1;
                    let result = ends_with_result(line);
                    return (if eol < len { eol + 1 } else { len }, result);
                }
                Some(from) => {
                    // A comment runs over the line end: find its close, but stop
                    // before a line that starts a tag (an unclosed brace must not
                    // swallow the games that follow).
                    // A comment closed later runs over lines that merely
                    // start with `[` (`[see below] ...`); only a real tag
                    // pair line before its close ends it early. One never
                    // closed ends at any line that looks like a tag.
                    let close = memchr(b'}', &bytes[from..]).map(|i| from + i);
                    self.short |= close.is_none() && self.partial;
                    let limit = close.unwrap_or(len);
                    let mut q = eol;
                    while q < limit {
                        *lines += 1;
                        let ls = q + 1;
                        let c = skip_ws(bytes, ls.min(len), limit);
                        if c < limit && bytes[c] == b'[' && looks_like_tag(bytes, c, limit) {
                            let tag = close.is_none() || {
                                let line_end = memchr(self.eol, &bytes[c..]).map_or(len, |i| c + i);
                                is_tag_pair_line(bytes, c, line_end)
                            };
                            if tag {
                                return (ls, false);
                            }
                        }
                        q = memchr(self.eol, &bytes[ls.min(len)..limit]).map_or(limit, |i| ls + i);
                    }
                    match close {
                        None => return (len, false),
                        Some(c) => {
                            p = c + 1;
                            eol = memchr(self.eol, &bytes[p..]).map_or(len, |i| p + i);
                            semicolon = true;
                            quote = self.quote_before(p, eol);
                        }
                    }
                }
            }
        }
    }
}

/// Where the first of bytes `a`, `b` and `c` is in `hay`, eight bytes at a
/// time.
#[cfg(any(all(target_arch = "wasm32", not(feature = "compact")), test))]
#[inline]
fn first_of_three(hay: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // High bit set in each byte of `x` that is zero; the lowest one found is
    // exact (a borrow only runs upwards from a zero byte).
    let zero = |x: u64| x.wrapping_sub(LO) & !x & HI;
    let (la, lb, lc) = (LO * u64::from(a), LO * u64::from(b), LO * u64::from(c));
    let mut chunks = hay.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let found = zero(x ^ la) | zero(x ^ lb) | zero(x ^ lc);
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks.remainder().iter().position(|&x| x == a || x == b || x == c).map(|i| at + i)
}

/// Byte classes of the splitter, as bits of [`CLASS`].
const WS: u8 = 1;
/// A byte of a tag name.
const NAME: u8 = 2;
/// A byte that can start a line of plain movetext (see `skip_plain_lines`).
const PLAIN: u8 = 4;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        let mut k = 0;
        if matches!(c, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c) {
            k |= WS;
        }
        if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-') {
            k |= NAME;
        }
        if c.is_ascii_alphanumeric() {
            k |= PLAIN;
        }
        t[i] = k;
        i += 1;
    }
    t
};

/// Skips spaces, tabs, CR/LF and other ASCII white space from `p` up to `end`.
#[inline]
fn skip_ws(bytes: &[u8], mut p: usize, end: usize) -> usize {
    while p < end && CLASS[bytes[p] as usize] & WS != 0 {
        p += 1;
    }
    p
}

/// Skips byte order marks (U+FEFF, which some files repeat before a game)
/// and the white space after them, from `p` up to `end`.
fn skip_bom(bytes: &[u8], mut p: usize, end: usize) -> usize {
    while p + 3 <= end && bytes[p] == 0xEF && &bytes[p..p + 3] == crate::decode::BOM {
        p = skip_ws(bytes, p + 3, end);
    }
    p
}

/// Does the line at `p` start with White's first move number ("1." or
/// "1.e4", not "1...")?
fn starts_first_move(bytes: &[u8], p: usize, eol: usize) -> bool {
    bytes.get(p..p + 2) == Some(b"1.") && (p + 2 >= eol || bytes[p + 2] != b'.')
}

/// Is the line ending at `line`'s end a termination marker?
fn ends_with_result(line: &[u8]) -> bool {
    let mut e = line.len();
    while e > 0 && matches!(line[e - 1], b' ' | b'\t' | b'\r' | b'\n') {
        e -= 1;
    }
    let t = &line[..e];
    let n = if t.ends_with(b"*") {
        1
    } else if t.ends_with(b"1-0") || t.ends_with(b"0-1") {
        3
    } else if t.ends_with(b"1/2-1/2") {
        7
    } else {
        return false;
    };
    marker_apart(&t[..t.len() - n])
}

/// Can a marker follow `before`: is it a token of its own, as the lexer
/// sees it, or glued to the end of a move (`Nc6*`, which the reader splits)?
#[inline(never)]
fn marker_apart(before: &[u8]) -> bool {
    let Some(&last) = before.last() else { return true };
    if last >= 0x80 {
        // Apart after a no-break space; else glued to other text (a
        // look-alike dash, say), whatever its encoding.
        return before.ends_with(b"\xC2\xA0");
    }
    matches!(last, b'a'..=b'z' | b'A'..=b'Z' | b'1'..=b'8' | b'+' | b'#' | b'!' | b'?')
        || !crate::lexer::is_symbol_byte(last)
}

/// A `[` followed by a letter (after optional spaces): the start of a tag,
/// not a `[%cmd]` or stray bracket.
fn looks_like_tag(bytes: &[u8], open: usize, end: usize) -> bool {
    let p = skip_ws(bytes, open + 1, end);
    p < end && bytes[p].is_ascii_alphabetic()
}

/// Where a tag pair that follows a termination marker on the line from `p`
/// to `eol` starts (`1-0 [Event "Next"]`), outside comments.
fn tags_after_result(bytes: &[u8], p: usize, eol: usize) -> Option<usize> {
    let mut after_result = false;
    for t in crate::lexer::Lexer::new(bytes, p) {
        if t.start >= eol {
            break;
        }
        let text = &bytes[t.start..t.end];
        if after_result && text.first() == Some(&b'[') && tag_pair_end(bytes, t.start, eol).is_some() {
            return Some(t.start);
        }
        // (Judged with what is glued before it, as at a line end.)
        after_result = t.kind == crate::lexer::Kind::Symbol && ends_with_result(&bytes[p..t.end]);
    }
    None
}

/// Is the line from `open` (a `[`) to `end` a whole tag pair,
/// `[Name "value"]`, and nothing else but more of them?
fn is_tag_pair_line(bytes: &[u8], open: usize, end: usize) -> bool {
    tag_pair_end(bytes, open, end).is_some_and(|after| {
        let rest = skip_ws(bytes, after, end);
        rest >= end || bytes[rest] == b'['
    })
}

/// If a tag pair `[Name "value"]` starts at `open` (a `[`) and ends before
/// `end`, where it ends (after its `]`).
fn tag_pair_end(bytes: &[u8], open: usize, end: usize) -> Option<usize> {
    let name = skip_ws(bytes, open + 1, end);
    let mut p = name;
    while p < end && bytes[p] != b'"' && is_name_byte(bytes[p]) {
        p += 1;
    }
    if p == name || !bytes[name].is_ascii_alphabetic() {
        return None;
    }
    let quote = skip_ws(bytes, p, end);
    if quote == p || quote >= end || bytes[quote] != b'"' {
        return None;
    }
    // A closing quote, then the bracket.
    let mut from = quote + 1;
    while let Some(i) = memchr(b']', &bytes[from..end]) {
        let bracket = from + i;
        let mut q = bracket;
        while q > quote + 1 && CLASS[bytes[q - 1] as usize] & WS != 0 {
            q -= 1;
        }
        if q > quote + 1 && bytes[q - 1] == b'"' {
            return Some(bracket + 1);
        }
        from = bracket + 1;
    }
    None
}

#[inline]
fn is_name_byte(b: u8) -> bool {
    CLASS[b as usize] & NAME != 0
}

/// Whether the tag on the line at `open` (its `[`, the line ending at
/// `end`) has the name of one of `tags`, a game's tags so far.
fn named_before(bytes: &[u8], open: usize, end: usize, tags: &[RawTag]) -> bool {
    let name = tag_name(bytes, open + 1, end);
    tags.iter().any(|t| &bytes[t.name.0..t.name.1] == name)
}

/// The tag name that starts at or after `p`.
fn tag_name(bytes: &[u8], p: usize, end: usize) -> &[u8] {
    let s = skip_ws(bytes, p, end);
    let mut e = s;
    while e < end && is_name_byte(bytes[e]) {
        e += 1;
    }
    &bytes[s..e]
}

/// Reads the line at `p` if it is one tag written the usual way:
/// `[Name "value"]` with a value without backslashes, then the line end
/// (`eol`, after an optional CR). Returns the tag and the start of the next
/// line; `None` for any other line, which [`parse_tag_line`] then reads (to
/// the same result when this one succeeds).
#[inline]
fn quick_tag(bytes: &[u8], p: usize, eol: u8) -> Option<(RawTag, usize)> {
    let ns = p + 1;
    if !bytes.get(ns)?.is_ascii_alphabetic() {
        return None;
    }
    let mut i = ns + 1;
    while i < bytes.len() && is_name_byte(bytes[i]) {
        i += 1;
    }
    let ne = i;
    if bytes.get(ne..ne + 2)? != b" \"" {
        return None;
    }
    let vs = ne + 2;
    let j = find_quote_or_stop(bytes, vs, eol)?;
    if bytes[j] != b'"' {
        return None;
    }
    let mut q = j + 1;
    if *bytes.get(q)? != b']' {
        return None;
    }
    q += 1;
    if bytes.get(q) == Some(&b'\r') && eol != b'\r' {
        q += 1;
    }
    match bytes.get(q) {
        Some(&b) if b == eol => Some((RawTag { name: (ns, ne), value: (vs, j), flags: 0 }, q + 1)),
        None => Some((RawTag { name: (ns, ne), value: (vs, j), flags: 0 }, q)),
        _ => None,
    }
}

/// The first `"`, backslash or `eol` byte at or after `j`, eight bytes at
/// a time; `None` if there is none.
#[inline]
fn find_quote_or_stop(bytes: &[u8], mut j: usize, eol: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // High bit set in each byte of `x` that is zero; the lowest one found is
    // exact (a borrow only runs upwards from a zero byte).
    let zero = |x: u64| x.wrapping_sub(LO) & !x & HI;
    while let Some(chunk) = bytes.get(j..j + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        let found =
            zero(x ^ (LO * u64::from(b'"'))) | zero(x ^ (LO * u64::from(b'\\'))) | zero(x ^ (LO * u64::from(eol)));
        if found != 0 {
            return Some(j + (found.trailing_zeros() / 8) as usize);
        }
        j += 8;
    }
    while let Some(&b) = bytes.get(j) {
        if b == b'"' || b == b'\\' || b == eol {
            return Some(j);
        }
        j += 1;
    }
    None
}

/// The first `"` in `from..eol` followed (after white space) by `]`.
fn quote_before_bracket(bytes: &[u8], from: usize, eol: usize) -> Option<usize> {
    let mut i = from;
    while let Some(j) = memchr(b'"', &bytes[i..eol]) {
        let at = i + j;
        let after = skip_ws(bytes, at + 1, eol);
        if after < eol && bytes[after] == b']' {
            return Some(at);
        }
        i = at + 1;
    }
    None
}

/// Parses the tags on one line starting at the `[` at `p`. Returns where the
/// rest of the line (movetext, if any) starts, or `eol`.
fn parse_tag_line(bytes: &[u8], mut p: usize, eol: usize, tags: &mut Vec<RawTag>) -> usize {
    loop {
        p = skip_ws(bytes, p, eol);
        if p >= eol {
            return eol;
        }
        if bytes[p] != b'[' || !looks_like_tag(bytes, p, eol) {
            return p;
        }
        let ns = skip_ws(bytes, p + 1, eol);
        let mut ne = ns;
        while ne < eol && is_name_byte(bytes[ne]) {
            ne += 1;
        }
        let mut q = skip_ws(bytes, ne, eol);
        let mut flags = 0u8;
        let value;
        if q < eol && bytes[q] == b'"' {
            let vs = q + 1;
            let mut i = vs;
            loop {
                match memchr2(b'"', b'\\', &bytes[i..eol]) {
                    None => {
                        flags |= TAG_UNTERMINATED;
                        // Up to a final `]` if there is one.
                        let mut e = eol;
                        while e > vs && matches!(bytes[e - 1], b' ' | b'\t' | b'\r') {
                            e -= 1;
                        }
                        if e > vs && bytes[e - 1] == b']' {
                            value = (vs, e - 1);
                            q = e;
                        } else {
                            value = (vs, e);
                            q = eol;
                            flags |= TAG_NO_BRACKET;
                        }
                        break;
                    }
                    Some(j) if bytes[i + j] == b'\\' => {
                        flags |= TAG_ESCAPED;
                        i = (i + j + 2).min(eol);
                    }
                    Some(j) => {
                        let close = i + j;
                        let after = skip_ws(bytes, close + 1, eol);
                        // A quote not followed by `]`: the value may hold
                        // quotes that are not escaped, if a later quote is.
                        match (after < eol && bytes[after] != b']')
                            .then(|| quote_before_bracket(bytes, close + 1, eol))
                            .flatten()
                        {
                            Some(last) => {
                                flags |= TAG_INNER_QUOTES;
                                value = (vs, last);
                                q = last + 1;
                            }
                            None => {
                                value = (vs, close);
                                q = close + 1;
                            }
                        }
                        break;
                    }
                }
            }
            if flags & TAG_UNTERMINATED == 0 {
                q = skip_ws(bytes, q, eol);
                if q < eol && bytes[q] == b']' {
                    q += 1;
                } else {
                    flags |= TAG_NO_BRACKET;
                }
            }
        } else {
            flags |= TAG_UNQUOTED;
            let close = memchr(b']', &bytes[q..eol]).map(|i| q + i);
            let ve = close.unwrap_or(eol);
            let mut e = ve;
            while e > q && matches!(bytes[e - 1], b' ' | b'\t' | b'\r') {
                e -= 1;
            }
            value = (q, e);
            q = match close {
                Some(c) => c + 1,
                None => {
                    flags |= TAG_NO_BRACKET;
                    eol
                }
            };
        }
        tags.push(RawTag { name: (ns, ne), value, flags });
        p = q;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_of_three_finds_the_first_of_its_bytes() {
        // Every place of the sought bytes, before, across and after
        // eight-byte chunks, and none at all.
        for len in 0..40 {
            for at in 0..=len {
                for (k, byte) in [b'\n', b';', b'"'].into_iter().enumerate() {
                    let mut hay = vec![b'x'; len];
                    hay.extend_from_slice(b"abc");
                    if at < len {
                        hay[at] = byte;
                        // A later one of the others changes nothing.
                        let other = [b'"', b'\n', b';'][k];
                        if at + 3 < len {
                            hay[at + 3] = other;
                        }
                    }
                    let naive = hay.iter().position(|&b| matches!(b, b'\n' | b';' | b'"'));
                    assert_eq!(first_of_three(&hay, b'\n', b';', b'"'), naive, "{len} {at} {k}");
                }
            }
        }
        assert_eq!(first_of_three(&[0x80 | b'"'; 20], b'\n', b';', b'"'), None);
    }

    fn split(s: &str) -> Vec<(String, usize)> {
        let mut sp = Splitter::new(s.as_bytes());
        let mut tags = Vec::new();
        let mut out = Vec::new();
        while let Some(g) = sp.next_game(&mut tags) {
            out.push((s[g.start..g.end].to_string(), g.line as usize));
        }
        out
    }

    #[test]
    fn ranges_cover_the_file() {
        let s = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n\n";
        let g = split(s);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].0, "[Event \"a\"]\n\n1. e4 e5 1-0\n\n");
        assert_eq!(g[1].1, 5);
        assert_eq!(g.iter().map(|x| x.0.clone()).collect::<String>(), s);
    }

    #[test]
    fn resuming_gives_the_same_games_and_lines() {
        let s = "[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r\r1. d4 *\r\r[Event \"c\"]\r1. c4 *\r";
        let whole = split(s);
        let mut tags = Vec::new();
        let mut first = Splitter::new(s.as_bytes());
        let a = first.next_game(&mut tags).unwrap();
        let point = first.point();
        assert_eq!(point.position(), a.end);
        let mut rest = Splitter::resume(s.as_bytes(), point);
        let b = rest.next_game(&mut tags).unwrap();
        let c = rest.next_game(&mut tags).unwrap();
        assert!(rest.next_game(&mut tags).is_none());
        assert_eq!((s[b.start..b.end].to_string(), b.line as usize), whole[1]);
        assert_eq!((s[c.start..c.end].to_string(), c.line as usize), whole[2]);
    }

    #[test]
    fn header_only_games_split_on_repeated_names() {
        let s = "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n[Site \"y\"]\n\n";
        assert_eq!(split(s).len(), 2);
        // A blank line inside one tag section does not split it.
        let s = "[Event \"a\"]\n\n[Site \"x\"]\n\n1. e4 *\n";
        assert_eq!(split(s).len(), 1);
    }

    #[test]
    fn tagless_games_after_a_result() {
        let s = "1. e4 e5 *\n\n1. d4 d5 *\n";
        assert_eq!(split(s).len(), 2);
    }

    #[test]
    fn tags_after_the_result_on_the_same_line_begin_the_next_game() {
        let s = "1. e4 e5 1-0 [Event \"Next\"] [White \"X\"] 1. d4 *\n";
        let g = split(s);
        assert_eq!(
            g.iter().map(|x| (x.0.as_str(), x.1)).collect::<Vec<_>>(),
            [("1. e4 e5 1-0 ", 1), ("[Event \"Next\"] [White \"X\"] 1. d4 *\n", 1)]
        );
        // With tags before, a comment after, and the next game's tags running on.
        let s = "[Event \"A\"] 1. e4 1/2-1/2 [Event \"B\"] 1. d4 {a \"q\"} *\n[Event \"C\"]\n1. c4 0-1 [Event \"D\"]\n[Site \"y\"]\n\n1. Nf3 *\n";
        let g = split(s);
        let lines: Vec<usize> = g.iter().map(|x| x.1).collect();
        assert_eq!(lines, [1, 1, 2, 3], "{g:?}");
        assert_eq!(g[3].0, "[Event \"D\"]\n[Site \"y\"]\n\n1. Nf3 *\n");
        // Glued to the move, as the reader splits it.
        assert_eq!(split("1. e4 e5*\n[Event \"B\"]\n1. d4 *\n").len(), 2);
        assert_eq!(split("1. e4 e5*\n1. d4 d5 *\n").len(), 2);
        // Not a bracket that is no tag pair, nor one inside a comment, nor
        // a tag pair with no marker before it.
        assert_eq!(split("1. e4 1-0 [see below]\n").len(), 1);
        assert_eq!(split("1. e4 {1-0 [Event \"x\"]} e5 *\n").len(), 1);
        assert_eq!(split("1. e4 {x} [Event \"x\"]\n").len(), 1);
    }

    #[test]
    fn a_first_move_after_a_blank_line_starts_a_game() {
        // Games without markers: "1." after a blank line begins the next one.
        let s = "1. e4 Qa1 e5\n\n1. a3\n";
        assert_eq!(split(s).len(), 2);
        // Not when nothing but comments came before, nor for Black's "1...".
        let s = "{intro}\n\n1. e4\n\n{more}\n\n1... e5 *\n";
        assert_eq!(split(s).len(), 1);
        let s = "[Event \"a\"]\n\n1. e4 e5\n\n2. Nf3 *\n";
        assert_eq!(split(s).len(), 1);
    }

    #[test]
    fn comment_lines_after_the_marker_stay_with_the_game() {
        let s = "1. e4 1-0\n; {summary\n; more}\n\n1. d4 *\n";
        let g = split(s);
        assert_eq!(g.len(), 2);
        assert_eq!(g[1].0, "1. d4 *\n");
    }

    #[test]
    fn byte_order_marks_are_white_space() {
        let s = "\n\u{feff}[Event \"a\"]\n\n1. e4 *\n";
        let mut tags = Vec::new();
        let g = Splitter::new(s.as_bytes()).next_game(&mut tags).unwrap();
        assert_eq!(tags.len(), 1);
        assert_eq!(&s[g.movetext..g.end], "1. e4 *\n");
    }

    #[test]
    fn tags_and_moves_on_one_line() {
        let s = "[Event \"a\"] 1. e4 *\n[Event \"b\"] 1. d4 *\n";
        let mut sp = Splitter::new(s.as_bytes());
        let mut tags = Vec::new();
        let g = sp.next_game(&mut tags).unwrap();
        assert_eq!(&s[g.movetext..g.end], "1. e4 *\n");
        assert!(sp.next_game(&mut tags).is_some());
        assert_eq!(tags.len(), 2);
    }

    #[test]
    fn comments_over_lines_hide_brackets_and_results() {
        let s = "[Event \"a\"]\n\n1. e4 {a long\n[%clk 0:01:00] comment *\n} e5 *\n";
        assert_eq!(split(s).len(), 1);
        // An unclosed brace stops at the next tag line.
        let s = "[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n\n1. d4 *\n";
        assert_eq!(split(s).len(), 2);
    }

    #[test]
    fn tag_values_with_escapes_and_brackets() {
        let s = r#"[A "b\""] [C "A]]"] [D "x\\"] [E unquoted]"#;
        let mut tags = Vec::new();
        Splitter::new(s.as_bytes()).next_game(&mut tags).unwrap();
        let v: Vec<&str> = tags.iter().map(|t| &s[t.value.0..t.value.1]).collect();
        assert_eq!(v, vec![r#"b\""#, "A]]", r#"x\\"#, "unquoted"]);
        assert_eq!(tags[3].flags & TAG_UNQUOTED, TAG_UNQUOTED);
    }

    /// Every game, tag and line number as found with the quick paths on and off.
    fn both_ways(bytes: &[u8]) -> [Vec<(RawGame, Vec<RawTag>)>; 2] {
        [true, false].map(|quick| {
            let mut sp = Splitter::new(bytes);
            sp.quick = quick;
            let mut out = Vec::new();
            let mut tags = Vec::new();
            while let Some(g) = sp.next_game(&mut tags) {
                out.push((g, std::mem::take(&mut tags)));
            }
            out
        })
    }

    #[test]
    fn quick_paths_split_as_the_line_loop() {
        // Pieces of lines that matter to the splitter, joined at random.
        let pieces: [&[u8]; 24] = [
            b"[Event \"a\"]",
            b"[Site \"x\\\"y\"]",
            b"[Event \"b\"] 1. e4",
            b"[A \"v\"]  ",
            b"[B \"v\"]]",
            b"[C v]",
            b" [D \"w\"]",
            b"1. e4 e5 2. Nf3",
            b"Nc6 3. Bb5 1-0",
            b"a6 *",
            b"1/2-1/2",
            b"0-1",
            b"4. O-O {a",
            b"comment [Event \"c\"] }",
            b"; line {",
            b"%escape {",
            b"",
            b" ",
            b"\t",
            b"1... e5",
            b"e4 12",
            b"\xEF\xBB\xBF1. d4",
            b"Qd1 Qd2",
            b"(1. c4 c5) 2. Nf3",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..3000 {
            let mut text = Vec::new();
            for _ in 0..(next() % 30) {
                text.extend_from_slice(pieces[(next() % pieces.len() as u64) as usize]);
                let eol: &[u8] = match round % 3 {
                    0 => b"\n",
                    1 => b"\r\n",
                    _ => b"\r",
                };
                text.extend_from_slice(eol);
            }
            if next() % 2 == 0 {
                text.pop();
            }
            let [quick, careful] = both_ways(&text);
            assert_eq!(quick, careful, "{}", String::from_utf8_lossy(&text));
        }
    }

    #[test]
    fn quick_paths_split_the_corpus_as_the_line_loop() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
        let mut files = 0;
        for dir in [root.clone(), root.join("edge-cases"), root.join("bench")] {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            for e in entries.flatten() {
                let path = e.path();
                if path.extension().is_some_and(|x| x == "pgn") {
                    let bytes = std::fs::read(&path).unwrap();
                    let [quick, careful] = both_ways(&bytes);
                    assert_eq!(quick, careful, "{}", path.display());
                    files += 1;
                }
            }
        }
        if files == 0 {
            eprintln!("corpus not found at ../shared/corpus: skipped");
        }
    }

    #[test]
    fn quote_search_agrees_with_a_byte_loop() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 40) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|i| [b'"', b'\\', b'\n', b'\r', b'a', 0x22 ^ 0x80, 0xff, 0][(seed >> (i % 60)) as usize % 8])
                .collect();
            let from = (seed >> 40) as usize % (len + 1);
            for eol in [b'\n', b'\r'] {
                let slow = bytes[from..].iter().position(|&b| b == b'"' || b == b'\\' || b == eol).map(|i| from + i);
                assert_eq!(find_quote_or_stop(&bytes, from, eol), slow, "{bytes:?} from {from}");
            }
        }
    }

    #[test]
    fn lone_cr_files() {
        let s = "[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r\r1. d4 *\r";
        let g = split(s);
        assert_eq!(g.len(), 2);
        assert_eq!(g[1].1, 5);
    }

    #[test]
    fn a_comment_runs_over_lines_that_start_with_a_bracket() {
        // Closed later, with no real tag pair before: one game.
        let one = "[Event \"a\"]\n\n1. e4 {the idea:\n[see below] a knight on f5} e5 *\n";
        assert_eq!(split(one).len(), 1);
        let game = crate::read_game(one.as_bytes());
        assert_eq!(game.mainline_plies(), 2);
        assert!(game.comments_after(game.mainline()[0]).next().unwrap().contains("[see below]"));
        // Never closed: the next tag section still starts the next game.
        let open = "[Event \"a\"]\n\n1. e4 {never closed\n\n[Event \"b\"]\n\n1. d4 *\n";
        assert_eq!(split(open).len(), 2);
        // Closed only in the next game, after a real tag section: two games.
        let later = "[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n[White \"W\"]\n\n1. d4 {fine} *\n";
        assert_eq!(split(later).len(), 2);
        let tag = |line: &[u8]| is_tag_pair_line(line, 0, line.len());
        assert!(tag(b"[Event \"x\"]"));
        assert!(tag(b"[Event \"x\" ] [Site \"y\"]"));
        assert!(!tag(b"[see below] a knight"));
        assert!(!tag(b"[Event \"x\"] e4 e5"));
        assert!(!tag(b"[Event]"));
    }
}
