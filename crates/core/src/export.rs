//! Writing games in the export format of the PGN standard, byte for byte:
//! the Seven Tag Roster then the other tags in ASCII order, movetext in
//! lines under 80 characters, canonical SAN, `$n` NAGs, variations, and the
//! termination marker equal to the Result tag.

use std::borrow::Cow;

use shakmaty::Position;

use crate::rules::AnyPosition;

use crate::game::{play_kind, san_of, CommentKind, Game, NodeId, Run, NONE};
use crate::lexer::{Kind, Lexer};

/// The Seven Tag Roster, in export order.
pub const SEVEN_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// What to keep when writing a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// Keep the text of comments.
    pub comments: bool,
    /// Keep `[%cmd]` commands in comments.
    pub commands: bool,
    /// Keep variations.
    pub variations: bool,
    /// Keep NAGs.
    pub nags: bool,
    /// Reduced export format: the Seven Tag Roster and the main line only.
    pub reduced: bool,
    /// Fill the `ECO` and `Opening` tags the game lacks (absent, empty or
    /// `?`) from its main line's opening ([`crate::openings::of_game`]);
    /// tags with a value are kept. Not in the reduced export format.
    pub opening_tags: bool,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            comments: true,
            commands: true,
            variations: true,
            nags: true,
            reduced: false,
            opening_tags: false,
        }
    }
}

impl ExportOptions {
    /// The reduced export format of the standard.
    pub fn reduced() -> ExportOptions {
        ExportOptions {
            comments: false,
            commands: false,
            variations: false,
            nags: false,
            reduced: true,
            opening_tags: false,
        }
    }
}

/// Longest line: the standard asks for fewer than 80 characters.
pub const MAX_LINE: usize = 79;

/// Greedy line filling.
struct Wrap {
    out: String,
    line: usize,
    /// The next token follows without a space (after `(`).
    glue: bool,
    /// Where the tokens of the current line start in `out`.
    starts: Vec<usize>,
    /// Escape lines still to write: at the next token that may start a line.
    escapes: Vec<String>,
    /// The last thing written is a `;` comment.
    after_semicolon: bool,
}

/// A token that is a termination marker or ends with one (kept text may
/// glue one to what comes before it): a line must not end with it, or the
/// line after would be read as the next game.
fn is_marker(t: &str) -> bool {
    matches!(t.as_bytes().last(), Some(b'0' | b'1' | b'2' | b'*'))
        && ["1-0", "0-1", "1/2-1/2", "*"].iter().any(|m| t.ends_with(m))
}

/// `12.` or `12...`.
fn is_move_number(t: &str) -> bool {
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t.len() > digits && t.bytes().skip(digits).all(|b| b == b'.')
}

/// A line that starts with `%` is an escape line, one that starts with `[`
/// may be read as a tag: kept text must not start a line so.
fn starts_line_badly(t: &str) -> bool {
    let b = t.as_bytes();
    matches!(b.first(), Some(b'%' | b'['))
}

impl Wrap {
    fn token(&mut self, t: &str) {
        let glue = std::mem::take(&mut self.glue);
        self.put(t, glue);
    }

    /// `)` follows the last token without a space.
    fn close(&mut self) {
        self.glue = false;
        self.put(")", true);
    }

    fn open(&mut self) {
        self.token("(");
        self.glue = true;
    }

    fn put(&mut self, t: &str, glue: bool) {
        self.after_semicolon = false;
        if !self.escapes.is_empty() && !starts_line_badly(t) {
            self.flush_escapes();
        }
        let w = t.chars().count();
        let sep = usize::from(!glue);
        if self.line > 0 && self.line + sep + w > MAX_LINE {
            // Break before token k (k = len: before `t`), but never so that a
            // line starts with "%" or "[", or ends with a marker that is not
            // the game's last token: move the break back as needed.
            let mut k = self.starts.len();
            loop {
                let next_bad =
                    if k == self.starts.len() { starts_line_badly(t) } else { starts_line_badly(self.token_at(k)) };
                let prev_marker = k > 0 && is_marker(self.token_at(k - 1));
                if k == 0 || !(next_bad || prev_marker) {
                    break;
                }
                k -= 1;
            }
            if k == 0 {
                // Nowhere to break: a longer line is the lesser harm.
                if !glue {
                    self.out.push(' ');
                    self.line += 1;
                }
            } else {
                let cut = self.starts.get(k).copied().unwrap_or(self.out.len());
                let moved: String = self.out[cut..].to_string();
                let carried: Vec<usize> = self.starts.get(k..).unwrap_or_default().to_vec();
                self.out.truncate(cut);
                while self.out.ends_with(' ') {
                    self.out.pop();
                }
                self.out.push('\n');
                self.starts.clear();
                self.line = 0;
                if !moved.is_empty() {
                    // Re-add the carried tokens with their spacing (a token
                    // may hold spaces: kept text in quotes).
                    let base = self.out.len();
                    self.out.push_str(&moved);
                    self.starts = carried.iter().map(|s| s - cut + base).collect();
                    self.line = moved.chars().count();
                    if !glue {
                        self.out.push(' ');
                        self.line += 1;
                    }
                }
            }
        } else if self.line > 0 && !glue {
            self.out.push(' ');
            self.line += 1;
        }
        if self.line == 0 && !self.out.is_empty() && t.starts_with('%') {
            // Not in column 1, so not an escape line.
            self.out.push(' ');
            self.line = 1;
        }
        self.starts.push(self.out.len());
        self.out.push_str(t);
        self.line += w;
    }

    /// A `%` escape line, verbatim on a line of its own. It is written
    /// before the next token that may start a line (not `[` nor `%`), and
    /// after the line it interrupts, which must not end in a marker: markers
    /// there move on after it.
    fn escape(&mut self, t: &str) {
        self.escapes.push(t.to_string());
    }

    /// Ends the line: the next token starts the next one.
    fn break_line(&mut self) {
        if self.line > 0 {
            while self.out.ends_with(' ') {
                self.out.pop();
            }
            self.out.push('\n');
            self.starts.clear();
            self.line = 0;
        }
    }

    /// Token `k` of the current line, as written.
    fn token_at(&self, k: usize) -> &str {
        let end = self.starts.get(k + 1).copied().unwrap_or(self.out.len());
        self.out[self.starts[k]..end].trim_end()
    }

    fn flush_escapes(&mut self) {
        let mut k = self.starts.len();
        while k > 0 && is_marker(self.token_at(k - 1)) {
            k -= 1;
        }
        let moved = match self.starts.get(k) {
            Some(&cut) => {
                let m = self.out[cut..].trim_end().to_string();
                self.out.truncate(cut);
                m
            }
            None => String::new(),
        };
        while self.out.ends_with(' ') {
            self.out.pop();
        }
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        for e in std::mem::take(&mut self.escapes) {
            self.out.push_str(&e);
            self.out.push('\n');
        }
        self.line = 0;
        self.starts.clear();
        for m in moved.split(' ').filter(|m| !m.is_empty()) {
            if self.line > 0 {
                self.out.push(' ');
                self.line += 1;
            }
            self.starts.push(self.out.len());
            self.out.push_str(m);
            self.line += m.chars().count();
        }
    }

    /// A comment holding `}`, as `;` comments on lines of at most 79
    /// characters: its lines, each broken at white space (a word longer
    /// than a line has a line of its own, as in a brace comment). The
    /// reader joins them again.
    fn line_comments(&mut self, text: &str) {
        // Right after another comment's `;` lines, this one's start one
        // column in, so that the reader does not join the two.
        let after_semicolon = self.after_semicolon;
        if after_semicolon {
            self.out.push(' ');
            self.line = 1;
            self.glue = true;
        }
        let mut room = MAX_LINE - 1 - usize::from(after_semicolon);
        let mut any = false;
        for part in text.split(['\n', '\r']) {
            let mut line = String::new();
            let mut len = 0;
            for word in part.split_ascii_whitespace() {
                let wlen = word.chars().count();
                if len > 0 && len + 1 + wlen > room {
                    room = MAX_LINE - 1;
                    self.line_comment(&format!(";{line}"));
                    any = true;
                    line.clear();
                    len = 0;
                }
                if len > 0 {
                    line.push(' ');
                    len += 1;
                }
                line.push_str(word);
                len += wlen;
            }
            if len > 0 {
                self.line_comment(&format!(";{line}"));
                room = MAX_LINE - 1;
                any = true;
            }
        }
        if !any {
            self.line_comment(";");
        }
    }

    /// A `;` comment runs to the end of its line.
    fn line_comment(&mut self, t: &str) {
        self.token(t);
        self.after_semicolon = true;
        self.break_line();
    }

    /// Writes the words of a comment from byte `at` (a word start) as
    /// [`Wrap::put`] would, without its bookkeeping, so that a comment of
    /// megabytes is written quickly: a word that fits on the line goes on
    /// it, and a line is broken before a word that does not, unless a line
    /// must not start with that word (`%`, `[`) or the word before is a
    /// marker (both left to `put`, which moves the break back). The caller
    /// has checked that no escape line waits, nothing is glued and the line
    /// is not empty; `after_marker` says whether the word before `at` is a
    /// marker. Words parted by one space on one line are copied together.
    /// Stops before the comment's last word (left to the caller) and before
    /// a second line break. Gives where it stopped and whether the last
    /// word written is a marker.
    ///
    /// Not inlined, and a line or two a call: a browser compiles a
    /// WebAssembly function well only from one of its later calls on, and a
    /// comment of megabytes is one call of [`Wrap::comment`] but many of
    /// this.
    #[inline(never)]
    fn plain_run(&mut self, text: &str, at: usize, after_marker: bool) -> (usize, bool) {
        let b = text.as_bytes();
        let mut s = at;
        // Text copied as it is, not yet written: `text[from..to]`.
        let (mut from, mut to) = (at, at);
        let mut marker = after_marker;
        let mut broke = false;
        loop {
            let mut e = s;
            let mut high = 0u8;
            while e < b.len() && !b[e].is_ascii_whitespace() {
                high |= b[e];
                e += 1;
            }
            let next = skip_space(b, e);
            if next == b.len() {
                break;
            }
            let w = &text[s..e];
            let width = if high < 0x80 { e - s } else { w.chars().count() };
            if self.line + 1 + width > MAX_LINE {
                if broke || marker || matches!(b[s], b'%' | b'[') {
                    break;
                }
                broke = true;
                self.out.push_str(&text[from..to]);
                while self.out.ends_with(' ') {
                    self.out.pop();
                }
                self.out.push('\n');
                self.starts.clear();
                self.starts.push(self.out.len());
                self.line = width;
                (from, to) = (s, e);
            } else if to > from && to + 1 == s && b[to] == b' ' {
                self.starts.push(self.out.len() + (s - from));
                to = e;
                self.line += 1 + width;
            } else {
                self.out.push_str(&text[from..to]);
                self.out.push(' ');
                self.starts.push(self.out.len());
                self.line += 1 + width;
                (from, to) = (s, e);
            }
            self.after_semicolon = false;
            marker = is_marker(w);
            s = next;
        }
        self.out.push_str(&text[from..to]);
        (s, marker)
    }

    /// A brace comment, broken at white space.
    fn comment(&mut self, text: &str) {
        let mut at = None;
        while !self.comment_part(text, &mut at, usize::MAX) {}
    }

    /// Writes brace comment `text` on from `place` (`None`: its start),
    /// about `budget` bytes of it; `true` once all of it is written, else
    /// `place` says where to go on. Written in parts or at once, the text
    /// is the same.
    fn comment_part(&mut self, text: &str, place: &mut Option<CommentAt>, budget: usize) -> bool {
        let b = text.as_bytes();
        let lead = text.starts_with(|c: char| c.is_ascii_whitespace());
        let trail = text.ends_with(|c: char| c.is_ascii_whitespace());
        let CommentAt { mut at, mut first, mut after_marker } = match *place {
            Some(p) => p,
            None => {
                let at = skip_space(b, 0);
                if at == b.len() {
                    self.token(if text.is_empty() { "{}" } else { "{ }" });
                    return true;
                }
                CommentAt { at, first: true, after_marker: false }
            }
        };
        let stop = at.saturating_add(budget);
        let mut t = String::new();
        loop {
            if at >= stop {
                *place = Some(CommentAt { at, first, after_marker });
                return false;
            }
            if !first && self.escapes.is_empty() && !self.glue && self.line != 0 {
                let (next, marker) = self.plain_run(text, at, after_marker);
                if next != at {
                    (at, after_marker) = (next, marker);
                    continue;
                }
            }
            let mut end = at;
            while end < b.len() && !b[end].is_ascii_whitespace() {
                end += 1;
            }
            let w = &text[at..end];
            let next = skip_space(b, end);
            let last = next == b.len();
            after_marker = is_marker(w);
            t.clear();
            if first {
                t.push('{');
                if lead {
                    self.token("{");
                    t.clear();
                }
            }
            t.push_str(w);
            if last && !trail {
                t.push('}');
            }
            self.token(&t);
            if last {
                if trail {
                    self.token("}");
                }
                return true;
            }
            first = false;
            at = next;
        }
    }
}

/// Where the writing of a brace comment stands ([`Wrap::comment_part`]).
#[derive(Clone, Copy, Debug)]
struct CommentAt {
    /// The next word's first byte.
    at: usize,
    /// Nothing of the comment is written yet.
    first: bool,
    /// The last word written ends with a termination marker.
    after_marker: bool,
}

/// Whether `text` holds `}`: looked for 16 KiB a call, so that a browser
/// runs its compiled-for-speed code for most of a long comment (see
/// [`Wrap::plain_run`]).
fn has_close_brace(text: &str) -> bool {
    #[inline(never)]
    fn part_has(part: &[u8]) -> bool {
        part.contains(&b'}')
    }
    text.as_bytes().chunks(16 << 10).any(part_has)
}

/// The first byte at or after `at` that is not ASCII white space.
fn skip_space(b: &[u8], mut at: usize) -> usize {
    while at < b.len() && b[at].is_ascii_whitespace() {
        at += 1;
    }
    at
}

/// Escapes a tag value: `\` and `"` get a backslash.
pub fn escape_tag_value(v: &str) -> String {
    let mut s = String::with_capacity(v.len());
    push_escaped(&mut s, v);
    s
}

/// Pushes a tag value escaped ([`escape_tag_value`]): the runs between
/// two escaped characters are copied whole.
fn push_escaped(out: &mut String, v: &str) {
    let mut from = 0;
    for (i, b) in v.bytes().enumerate() {
        if b == b'\\' || b == b'"' {
            out.push_str(&v[from..i]);
            out.push('\\');
            from = i;
        }
    }
    out.push_str(&v[from..]);
}

/// A move number or a NAG as a token: `prefix`, `n` in decimal and
/// `suffix`, written in `buf` (one is written for nearly every move, so
/// without the formatting machinery).
fn numbered<'b>(buf: &'b mut String, prefix: &str, n: u32, suffix: &str) -> &'b str {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.clear();
    buf.push_str(prefix);
    buf.extend(digits[i..].iter().map(|&d| char::from(d)));
    buf.push_str(suffix);
    buf
}

fn default_value(name: &str) -> &'static str {
    match name {
        "Date" => "????.??.??",
        "Result" => "*",
        _ => "?",
    }
}

/// The termination marker export writes: the Result tag when it is one,
/// else the marker read.
pub fn export_result(game: &Game) -> &str {
    match game.tag("Result") {
        Some(r @ ("1-0" | "0-1" | "1/2-1/2" | "*")) => r,
        _ => game.result(),
    }
}

/// Writes the tag section (with its empty line).
fn write_tags(game: &Game, opts: &ExportOptions, out: &mut String) {
    let result = export_result(game).to_string();
    for name in SEVEN_TAGS {
        let v = if name == "Result" { result.as_str() } else { game.tag(name).unwrap_or(default_value(name)) };
        push_tag(out, name, v);
    }
    // The standard pairs SetUp with FEN: a FEN without it gets it back.
    let setup = game.tag("SetUp").or(game.tag("FEN").map(|_| "1"));
    if opts.reduced {
        // The moves mean nothing without their start position and rules
        // (a Variant tag naming standard chess says nothing).
        for (name, v) in [("SetUp", setup), ("FEN", game.tag("FEN")), ("Variant", game.tag("Variant"))] {
            match v {
                Some(v) if !(name == "Variant" && is_standard_variant(v)) => push_tag(out, name, v),
                _ => {}
            }
        }
    } else {
        let mut used = [false; 7];
        let mut others: Vec<(&str, &str)> = Vec::new();
        for (n, v) in game.tags() {
            if let Some(i) = SEVEN_TAGS.iter().position(|s| *s == n) {
                if !used[i] {
                    used[i] = true;
                    continue;
                }
            }
            others.push((n, v));
        }
        if game.tag("SetUp").is_none() && game.tag("FEN").is_some() {
            others.push(("SetUp", "1"));
        }
        let opening = if opts.opening_tags { crate::openings::of_game(game) } else { None };
        if let Some(opening) = &opening {
            let placeholder = |v: &str| matches!(v.trim(), "" | "?");
            for (tag, value) in [("ECO", opening.eco), ("Opening", opening.name.as_str())] {
                if !others.iter().any(|&(n, v)| n == tag && !placeholder(v)) {
                    others.retain(|&(n, _)| n != tag);
                    others.push((tag, value));
                }
            }
        }
        crate::stable_order::sort_stable(&mut others, &|a, b| a.0.as_bytes() < b.0.as_bytes());
        for (n, v) in others {
            push_tag(out, n, v);
        }
    }
    out.push('\n');
}

/// Whether a `Variant` tag names standard chess ("Standard", "Normal",
/// "Chess", "Regular", as programs write it).
pub fn is_standard_variant(value: &str) -> bool {
    let v = value.trim();
    ["standard", "normal", "chess", "regular", "standard chess", "classical", "orthodox"]
        .iter()
        .any(|s| v.eq_ignore_ascii_case(s))
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    push_escaped(out, value);
    out.push_str("\"]\n");
}

enum Item {
    /// A line of play starting at a node, from the position before it.
    Line {
        node: NodeId,
        pos: AnyPosition,
        force: bool,
    },
    /// The text kept after a node that could not be played.
    Tail(NodeId),
    /// A variation kept as text.
    AltText(NodeId, u32),
    Open,
    Close,
    /// The comments of a run from its `next`th, that one from `at` (a long
    /// comment is written a part at a time); `text` is that comment as
    /// written, when it is not as read.
    Comments {
        run: Run,
        next: u32,
        at: Option<CommentAt>,
        text: Option<String>,
    },
    /// A move's number (when due), SAN and NAGs.
    Move {
        node: NodeId,
        pos: AnyPosition,
    },
    /// The escape lines after a node.
    Escapes(NodeId),
    /// What follows a move whose parts were items.
    After {
        node: NodeId,
        pos: AnyPosition,
    },
}

/// The comment text to write under `opts`, or `None` to leave it out.
fn comment_text<'a>(text: &'a str, opts: &ExportOptions) -> Option<std::borrow::Cow<'a, str>> {
    use std::borrow::Cow;
    match (opts.comments, opts.commands) {
        (true, true) => Some(Cow::Borrowed(text)),
        (true, false) => {
            let t = crate::commands::display_text(text);
            (!t.is_empty() || text.trim().is_empty()).then_some(Cow::Owned(t))
        }
        (false, true) => {
            let cmds = crate::commands::parse_commands(text);
            if cmds.is_empty() {
                None
            } else {
                let mut kept = String::new();
                for c in &cmds {
                    if !kept.is_empty() {
                        kept.push(' ');
                    }
                    kept.push_str(&text[c.span.clone()]);
                }
                Some(Cow::Owned(kept))
            }
        }
        (false, false) => None,
    }
}

fn write_comments(game: &Game, w: &mut Wrap, run: (u32, u32), opts: &ExportOptions) -> bool {
    let mut any = false;
    if opts.reduced {
        return false;
    }
    for c in game.comments_raw(run) {
        let raw = game.text(&c.text);
        let Some(text) = comment_text(raw, opts) else { continue };
        any = true;
        let text = if c.kind == CommentKind::Line { text.trim_ascii() } else { &text };
        if has_close_brace(text) {
            w.line_comments(text);
        } else {
            w.comment(text);
        }
    }
    any
}

/// The `%` escape lines after a node, kept as they were (not in reduced export).
fn write_escapes(game: &Game, w: &mut Wrap, node: NodeId, opts: &ExportOptions) {
    if !opts.reduced {
        for e in game.escapes(node) {
            w.escape(e);
        }
    }
}

fn write_tail(game: &Game, w: &mut Wrap, node: NodeId) {
    write_span(game, w, game.node(node).tail, !game.is_mainline(node));
}

/// Writes kept text as it was written: each run of tokens with no space
/// between them is one word, and so is a quoted string on one line, with
/// its spaces; only the white space between words may change (a space or a
/// line break). Comments, `;` comments and escape
/// lines are written as elsewhere. In a variation (`nested`), a `)` that
/// closes nothing in the text is written as a comment, so that it does not
/// end the variation when the export is read again.
fn write_span(game: &Game, w: &mut Wrap, t: (u32, u32), nested: bool) {
    if t.1 <= t.0 {
        return;
    }
    let src = game.span((0, t.1));
    let bytes = src.as_bytes();
    let mut lx = Lexer::new(bytes, t.0 as usize);
    let mut depth = 0usize;
    // The word being gathered and where it ends in the source.
    let mut word = String::new();
    let mut word_end = usize::MAX;
    let flush = |w: &mut Wrap, word: &mut String| {
        if !word.is_empty() {
            w.token(word.trim_end());
            word.clear();
        }
    };
    while let Some(tok) = lx.next() {
        let text = &src[tok.start..tok.end];
        // `;` comments on lines in a row are one, as the reader reads them.
        let joined;
        let text = if tok.kind == Kind::LineComment && crate::reader::next_line_comment(bytes, tok.end).is_some() {
            let end;
            (joined, end) = crate::reader::joined_line_comments(src, tok.start, tok.end);
            lx.seek(end);
            joined.as_str()
        } else {
            text
        };
        match tok.kind {
            // In the main line, a marker in kept text (from a variation made
            // the main line) would end the game when read again: it is
            // written as a comment.
            Kind::Symbol if !nested && depth == 0 && crate::reader::is_marker(text.as_bytes()) => {
                flush(w, &mut word);
                word_end = usize::MAX;
                w.comment(text);
            }
            Kind::Symbol | Kind::Stray | Kind::Nag => {
                // A NAG's range is its digits: its `$` comes before.
                let start = if tok.kind == Kind::Nag { tok.start - 1 } else { tok.start };
                // Glued to the word before; or inside its quotes, which run
                // on over spaces (not over a line break nor other tokens).
                let gap = src.get(word_end..start).unwrap_or("\n");
                let open_quote = word.matches('"').count() % 2 == 1;
                let quoted = open_quote && !gap.contains(['\n', '\r']);
                if start == word_end || quoted {
                    word.push_str(gap);
                } else if is_move_number(&word) {
                    // A move number stays on the line of its move.
                    word.push(' ');
                } else if open_quote && starts_line_badly(&src[start..tok.end]) {
                    // A word whose quote is still open, parted from this one
                    // by a line break that cannot stay (this word may not
                    // start a line): on one line they read back as one
                    // quoted word, so they are one word now.
                    word.push(' ');
                } else {
                    // A word whose quote is still open, parted from this
                    // one by a line break: on one line the two would read
                    // back as one quoted word, with the white space after it
                    // kept inside the quotes, so the line break stays.
                    flush(w, &mut word);
                    if open_quote {
                        w.break_line();
                    }
                }
                word.push_str(&src[start..tok.end]);
                word_end = tok.end;
            }
            kind => {
                flush(w, &mut word);
                word_end = usize::MAX;
                match kind {
                    // An unclosed comment is closed, so that what follows stays outside it.
                    Kind::Comment { .. } => w.comment(text),
                    Kind::LineComment if !text.contains('}') => w.comment(text.trim_ascii()),
                    Kind::LineComment => w.line_comments(text),
                    Kind::Escape => w.escape(text),
                    Kind::Open => {
                        depth += 1;
                        w.open();
                    }
                    Kind::Close if depth == 0 && nested => w.comment(text),
                    _ => {
                        depth = depth.saturating_sub(1);
                        w.close();
                    }
                }
            }
        }
    }
    flush(w, &mut word);
    // Kept text never leaves a parenthesis open behind it.
    for _ in 0..depth {
        w.close();
    }
}

/// Writes one game in export format (tags, empty line, movetext, empty line).
///
/// ```
/// use movetext_core::export::{write_game, ExportOptions};
///
/// let game = movetext_core::read_game(b"1.e4 {best by test} e5 *");
/// let text = write_game(&game, &ExportOptions::default());
/// assert!(text.ends_with("1. e4 {best by test} 1... e5 *\n\n"));
/// ```
pub fn write_game(game: &Game, opts: &ExportOptions) -> String {
    let mut writer = GameWriter::new(game, opts);
    writer.write_some(&mut || true);
    writer.into_text()
}

/// Writes a game in export format a part at a time, for a caller that
/// must not be held up for long (a page): [`GameWriter::write_some`]
/// writes until its closure says stop, and [`GameWriter::into_text`] gives
/// the text, the same as [`write_game`]'s.
///
/// ```
/// use movetext_core::export::{write_game, ExportOptions, GameWriter};
///
/// let game = movetext_core::read_game(b"1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *");
/// let opts = ExportOptions::default();
/// let mut writer = GameWriter::new(&game, &opts);
/// let mut parts = 0;
/// while !writer.write_some(&mut || false) {
///     parts += 1;
/// }
/// assert!(parts > 0);
/// assert_eq!(writer.into_text(), write_game(&game, &opts));
/// ```
pub struct GameWriter<'a> {
    game: &'a Game,
    opts: ExportOptions,
    w: Wrap,
    stack: Vec<Item>,
    /// The next move is numbered even if it is Black's (for a move whose
    /// parts are items of the stack).
    force: bool,
    /// Where a move number or a NAG is written before it is a token.
    num: String,
}

/// Moves written between two questions whether to go on.
const MOVES_PER_ASK: usize = 64;

/// Comments longer than this (in bytes) are written a part at a time.
const LONG_COMMENT: usize = 64 << 10;

/// How much of a long comment is written between two questions whether to
/// go on (in bytes).
const COMMENT_PART: usize = 256 << 10;

impl<'a> GameWriter<'a> {
    /// Starts writing `game`: its tags and the NAGs before its first move.
    pub fn new(game: &'a Game, opts: &ExportOptions) -> GameWriter<'a> {
        let opts = *opts;
        let mut out = String::new();
        write_tags(game, &opts, &mut out);
        let mut w = Wrap { out, line: 0, glue: false, starts: Vec::new(), escapes: Vec::new(), after_semicolon: false };
        let root = game.root();
        let mut num = String::new();
        if opts.nags && !opts.reduced {
            for n in game.nags(root) {
                w.token(numbered(&mut num, "$", u32::from(*n), ""));
            }
        }
        // What comes before the first move, in the order written (last
        // pushed, first written): comments, escape lines, kept text.
        let mut stack: Vec<Item> = Vec::new();
        if let Some(first) = game.main_child(root) {
            // The first move always has its number: `12... Kd7` when Black begins.
            stack.push(Item::Line { node: first, pos: game.any_start(), force: true });
        }
        // Reduced export holds only moves: not the text that could not be played.
        if game.node(root).tail.1 > game.node(root).tail.0 && !opts.reduced {
            stack.push(Item::Tail(root));
        }
        stack.push(Item::Escapes(root));
        stack.push(Item::Comments { run: game.node(root).after, next: 0, at: None, text: None });
        GameWriter { game, opts, w, stack, force: false, num }
    }

    /// Writes more of the game, asking `more` after every variation, every
    /// 64 moves and every 256 KiB of a long comment whether to go on; gives
    /// `true` once all of the movetext is written.
    pub fn write_some(&mut self, more: &mut dyn FnMut() -> bool) -> bool {
        while let Some(item) = self.stack.pop() {
            match item {
                Item::Open => self.w.open(),
                Item::Close => self.w.close(),
                Item::Tail(n) => write_tail(self.game, &mut self.w, n),
                Item::AltText(n, i) => {
                    let (s, _) = self.game.node(n).alts;
                    write_span(self.game, &mut self.w, self.game.alt_spans[(s + i) as usize], true);
                }
                Item::Line { node, pos, force } => self.line(node, pos, force, more),
                Item::Comments { run, next, at, text } => self.comments(run, next, at, text),
                Item::Move { node, pos } => self.move_tokens(node, &pos),
                Item::Escapes(node) => write_escapes(self.game, &mut self.w, node, &self.opts),
                Item::After { node, pos } => {
                    if let Some((next, after)) = self.next_in_line(node, &pos) {
                        self.stack.push(Item::Line { node: next, pos: after, force: self.force });
                    }
                }
            }
            if !more() {
                return self.stack.is_empty();
            }
        }
        true
    }

    /// The text written so far. Everything up to its last line break is
    /// final (a prefix of [`GameWriter::into_text`]'s); the line after it
    /// may still change.
    pub fn written(&self) -> &str {
        &self.w.out
    }

    /// The text written, ended by the termination marker: the whole game
    /// once [`GameWriter::write_some`] has given `true`.
    pub fn into_text(mut self) -> String {
        self.w.token(export_result(self.game));
        let mut out = self.w.out;
        out.push_str("\n\n");
        out
    }

    /// A line of play from `node`: up to its first variation or kept text
    /// (which go on the stack with the rest of the line), up to a move
    /// with a long comment (whose parts go on the stack), or up to a stop
    /// `more` asks for.
    fn line(&mut self, mut node: NodeId, mut pos: AnyPosition, mut force: bool, more: &mut dyn FnMut() -> bool) {
        let mut moves = 0;
        loop {
            let (game, opts) = (self.game, &self.opts);
            let n = game.node(node);
            if self.has_long_comment(node) {
                // The move's parts, each an item: the first written last.
                self.force = force;
                self.stack.push(Item::After { node, pos: pos.clone() });
                self.stack.push(Item::Escapes(node));
                self.stack.push(Item::Comments { run: n.after, next: 0, at: None, text: None });
                self.stack.push(Item::Move { node, pos });
                self.stack.push(Item::Comments { run: n.before, next: 0, at: None, text: None });
                return;
            }
            let w = &mut self.w;
            if write_comments(game, w, n.before, opts) {
                force = true;
            }
            let white = pos.turn().is_white();
            let num = pos.fullmoves().get();
            if white {
                w.token(numbered(&mut self.num, "", num, "."));
            } else if force {
                w.token(numbered(&mut self.num, "", num, "..."));
            }
            w.token(&san_of(&pos, n.kind));
            if opts.nags && !opts.reduced {
                for nag in game.nags(node) {
                    w.token(numbered(&mut self.num, "$", u32::from(*nag), ""));
                }
            }
            force = write_comments(game, w, n.after, opts);
            write_escapes(game, w, node, opts);
            match self.next_in_line(node, &pos) {
                Some((next, after)) => {
                    moves += 1;
                    if moves % MOVES_PER_ASK == 0 && !more() {
                        // The rest of the line, where it stands.
                        self.stack.push(Item::Line { node: next, pos: after, force });
                        return;
                    }
                    node = next;
                    pos = after;
                }
                None => return,
            }
        }
    }

    /// What follows move `node` (played from `pos`): the next move of the
    /// line and the position before it when nothing comes between; else
    /// `None`, with the variations, kept text and the rest of the line on
    /// the stack.
    fn next_in_line(&mut self, node: NodeId, pos: &AnyPosition) -> Option<(NodeId, AnyPosition)> {
        let (game, opts) = (self.game, &self.opts);
        let n = game.node(node);
        let variations = opts.variations && !opts.reduced;
        let parent = n.parent;
        let is_first = parent != NONE && game.node(NodeId(parent)).first_child == node.0;
        let mut after = pos.clone();
        play_kind(&mut after, n.kind);
        let has_tail = n.tail.1 > n.tail.0 && !opts.reduced;
        let alts = if variations { n.alts.1 } else { 0 };
        let vars: Vec<NodeId> =
            if variations && is_first { game.children(NodeId(parent)).skip(1).collect() } else { Vec::new() };
        if vars.is_empty() && !has_tail && alts == 0 {
            return game.main_child(node).map(|c| (c, after));
        }
        // Continuation after the variations and the kept text.
        if let Some(c) = game.main_child(node) {
            self.stack.push(Item::Line { node: c, pos: after, force: true });
        }
        if has_tail {
            self.stack.push(Item::Tail(node));
        }
        for i in (0..alts).rev() {
            self.stack.push(Item::Close);
            self.stack.push(Item::AltText(node, i));
            self.stack.push(Item::Open);
        }
        for v in vars.into_iter().rev() {
            self.stack.push(Item::Close);
            self.stack.push(Item::Line { node: v, pos: pos.clone(), force: true });
            self.stack.push(Item::Open);
        }
        None
    }

    /// Whether a comment before or after `node` is long enough to be
    /// written in parts.
    fn has_long_comment(&self, node: NodeId) -> bool {
        let (game, n) = (self.game, self.game.node(node));
        !self.opts.reduced
            && (self.opts.comments || self.opts.commands)
            && [n.before, n.after]
                .iter()
                .any(|&run| game.comments_raw(run).iter().any(|c| game.text(&c.text).len() > LONG_COMMENT))
    }

    /// A move written as an item: its number when due, SAN and NAGs.
    fn move_tokens(&mut self, node: NodeId, pos: &AnyPosition) {
        let (game, opts, w) = (self.game, &self.opts, &mut self.w);
        let num = pos.fullmoves().get();
        if pos.turn().is_white() {
            w.token(numbered(&mut self.num, "", num, "."));
        } else if self.force {
            w.token(numbered(&mut self.num, "", num, "..."));
        }
        w.token(&san_of(pos, game.node(node).kind));
        if opts.nags && !opts.reduced {
            for nag in game.nags(node) {
                w.token(numbered(&mut self.num, "$", u32::from(*nag), ""));
            }
        }
        self.force = false;
    }

    /// The comments of `run` from its `next`th, that one from `at`; a long
    /// one is written [`COMMENT_PART`] bytes at a time, the rest going back
    /// on the stack (with `text`, the comment as written when it is not as
    /// read). Any comment written numbers the next move.
    fn comments(&mut self, run: Run, next: u32, mut at: Option<CommentAt>, mut text: Option<String>) {
        if self.opts.reduced {
            return;
        }
        let game = self.game;
        let list = game.comments_raw(run);
        for (i, c) in list.iter().enumerate().skip(next as usize) {
            let shown = match text.take() {
                Some(t) => Cow::Owned(t),
                None => match comment_text(game.text(&c.text), &self.opts) {
                    Some(t) => t,
                    None => continue,
                },
            };
            self.force = true;
            let body = if c.kind == CommentKind::Line { shown.trim_ascii() } else { &shown };
            if at.is_none() && (body.len() <= LONG_COMMENT || has_close_brace(body)) {
                if has_close_brace(body) {
                    self.w.line_comments(body);
                } else {
                    self.w.comment(body);
                }
            } else if !self.w.comment_part(body, &mut at, COMMENT_PART) {
                let text = match shown {
                    Cow::Owned(t) => Some(t),
                    Cow::Borrowed(_) => None,
                };
                self.stack.push(Item::Comments { run, next: i as u32, at, text });
                return;
            }
            at = None;
        }
    }
}

/// The bytes to save for a game: exactly what was read if it was not
/// edited, else the export format.
pub fn write_game_bytes(game: &Game, opts: &ExportOptions) -> Vec<u8> {
    match game.original_bytes() {
        Some(b) if !game.is_edited() => b.to_vec(),
        _ => write_game(game, opts).into_bytes(),
    }
}

/// Collapses white space runs to one space and trims: how comments compare.
pub(crate) fn tidy(s: &str) -> String {
    s.split_ascii_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{read_game, GameReader};

    #[test]
    fn kept_text_with_an_open_quote_keeps_its_line_break() {
        // The second line's `"` would close the first line's quote if the
        // two were joined on one line, and the white space after it (a form
        // feed, a tab, two spaces) would then be kept inside the quotes.
        for gap in ["\x0c", "\t", "  "] {
            let pgn = format!("_\"\n\"{gap}x *");
            let once = export(&pgn);
            assert_eq!(export(&once), once, "{gap:?}: {once:?}");
            assert!(once.contains("_\"\n\""), "{gap:?}: {once:?}");
        }
        // Words that may not start a line stay on it.
        for pgn in ["_\"\n[\"\x0cx *", "_\"\n%\"\x0cx *", "_\"\n[a \"\tb\" c *"] {
            let once = export(pgn);
            assert_eq!(export(&once), once, "{pgn:?}: {once:?}");
        }
        // A quote closed on its line is one word with its spaces.
        let once = export("_\"a  b\" x *");
        assert!(once.contains("_\"a  b\" x"), "{once:?}");
        assert_eq!(export(&once), once);
    }

    #[test]
    fn numbers_and_escapes_are_written_as_formatting_would() {
        let mut buf = String::new();
        for n in [0, 7, 10, 255, 4_294_967_295] {
            assert_eq!(numbered(&mut buf, "$", n, ""), format!("${n}"));
            assert_eq!(numbered(&mut buf, "", n, "..."), format!("{n}..."));
        }
        assert_eq!(escape_tag_value(r#"a "b" \ c é"#), r#"a \"b\" \\ c é"#);
        assert_eq!(escape_tag_value("\""), "\\\"");
    }

    fn export(pgn: &str) -> String {
        write_game(&read_game(pgn.as_bytes()), &ExportOptions::default())
    }

    #[test]
    fn opening_tags_fill_what_is_missing() {
        if crate::openings::count() == 0 {
            return;
        }
        let opts = ExportOptions { opening_tags: true, ..ExportOptions::default() };
        let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h4 *";
        let out = write_game(&read_game(moves.as_bytes()), &opts);
        assert!(out.contains("[ECO \"C70\"]\n[Opening \"Ruy Lopez: Morphy Defense\"]\n"), "{out}");
        // A value is kept; a placeholder is filled.
        let out = write_game(&read_game(format!("[ECO \"C99\"]\n[Opening \"?\"]\n\n{moves}").as_bytes()), &opts);
        assert!(out.contains("[ECO \"C99\"]\n[Opening \"Ruy Lopez: Morphy Defense\"]\n"), "{out}");
        assert!(!out.contains("C70") && !out.contains("\"?\"]\n[Opening"), "{out}");
        // Not asked, or the reduced format: as before.
        assert!(!export(moves).contains("[ECO"));
        let reduced = ExportOptions { opening_tags: true, ..ExportOptions::reduced() };
        assert!(!write_game(&read_game(moves.as_bytes()), &reduced).contains("[ECO"));
        // A game of no named opening gets none.
        let bare = b"[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *";
        assert!(!write_game(&read_game(bare), &opts).contains("[ECO"));
    }

    #[test]
    fn seven_tags_then_others_sorted() {
        let out = export("[White \"b\\\\\"]\n[ECO \"C20\"]\n[Annotator \"x\"]\n\n1. e4 e5 1-0");
        assert_eq!(
            out,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"b\\\\\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[Annotator \"x\"]\n[ECO \"C20\"]\n\n1. e4 e5 1-0\n\n"
        );
    }

    #[test]
    fn move_numbers_comments_variations() {
        let out = export("1. e4 {best} e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 $1 Nc6 *");
        assert!(
            out.ends_with("\n\n1. e4 {best} 1... e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 $1 Nc6 *\n\n"),
            "{out}"
        );
    }

    #[test]
    fn a_game_where_black_moves_first_numbers_its_first_move() {
        let out = export("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 *");
        assert!(out.ends_with("\n\n12... Kd7 13. e4 *\n\n"), "{out}");
        let out = export("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 (12... Ke7) *");
        assert!(out.ends_with("\n\n12... Kd7 (12... Ke7) *\n\n"), "{out}");
    }

    #[test]
    fn null_moves_count_moves() {
        let out = export("1. e4 e5 2. Nf3 -- 3. -- Nc6 *");
        assert!(out.ends_with("1. e4 e5 2. Nf3 -- 3. -- Nc6 *\n\n"), "{out}");
    }

    #[test]
    fn escape_lines_are_kept_on_lines_of_their_own() {
        let pgn = "%before the tags\n[Event \"e\"]\n%among the tags\n\n1. e4 e5\n%after e5 {not a comment} (x\n2. Nf3 (2. Nc3\n%in a variation\nNc6) 2... Nc6 {c}\n3. Bb5 Qxx1\n%in kept text\ny 1-0\n%after the result\n";
        let g = read_game(pgn.as_bytes());
        let e5 = g.mainline()[1];
        assert_eq!(g.escapes(g.root()).collect::<Vec<_>>(), vec!["%before the tags", "%among the tags"]);
        assert_eq!(g.escapes(e5).collect::<Vec<_>>(), vec!["%after e5 {not a comment} (x"]);
        assert_eq!(g.comments_after(e5).count(), 0);
        let nc3 = g.children(e5).nth(1).unwrap();
        assert_eq!(g.escapes(nc3).collect::<Vec<_>>(), vec!["%in a variation"]);
        let last = *g.mainline().last().unwrap();
        assert_eq!(g.escapes(last).collect::<Vec<_>>(), vec!["%after the result"]);
        let out = write_game(&g, &ExportOptions::default());
        // Escape lines go right after the comments of their move, so one
        // after the result comes before the text kept after that move.
        assert!(
            out.ends_with(
                "\n\n%before the tags\n%among the tags\n1. e4 e5\n%after e5 {not a comment} (x\n2. Nf3 (2. Nc3\n%in a variation\nNc6) 2... Nc6 {c} 3. Bb5\n%after the result\nQxx1\n%in kept text\ny 1-0\n\n"
            ),
            "{out}"
        );
        // Read again: the same game, the same export.
        let again = read_game(out.as_bytes());
        assert_eq!(crate::equivalent(&g, &again), Ok(()));
        assert_eq!(write_game(&again, &ExportOptions::default()), out);
        // Reduced export leaves them out, as it leaves out comments and the
        // text that could not be played (it holds only moves).
        let reduced = write_game(&g, &ExportOptions { reduced: true, ..ExportOptions::default() });
        assert!(reduced.ends_with("\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n\n"), "{reduced}");
    }

    #[test]
    fn a_marker_in_kept_text_made_the_main_line_is_written_as_a_comment() {
        let g = read_game(b"1. e4 (1. d4 Qxx9 1-0 e5) *\n");
        let (g, _) = crate::edit::delete_from(&g, g.mainline()[0]).unwrap();
        let out = write_game(&g, &ExportOptions::default());
        assert!(out.ends_with("\n\n1. d4 Qxx9 {1-0} e5 *\n\n"), "{out}");
        let again = read_game(out.as_bytes());
        assert_eq!(write_game(&again, &ExportOptions::default()), out);
    }

    #[test]
    fn escape_lines_in_kept_text() {
        // In a variation kept as text, the escape line is kept once, with it.
        let g = read_game(b"1. e4 (\n%esc\nx y) *\n");
        let e4 = g.mainline()[0];
        assert_eq!(g.escapes(g.root()).count() + g.escapes(e4).count(), 0);
        assert_eq!(g.unplayed_variations(e4).collect::<Vec<_>>(), vec!["%esc\nx y"]);
        let out = write_game(&g, &ExportOptions::default());
        assert!(out.ends_with("\n\n1. e4 (\n%esc\nx y) *\n\n"), "{out}");
        // A line of kept text must not end in a marker before an escape line
        // (the game would end there): the marker moves after it. Nor may a
        // `[` start the line after it (a tag): the escape line waits.
        for (pgn, want) in [
            (&b"x ( 0-1\r%esc\ry ) *\n"[..], "\n\nx (\n%esc\n0-1 y) *\n\n"),
            (b"x ( 0-1\r%esc\r[ y ) *\n", "\n\nx (0-1 [\n%esc\ny) *\n\n"),
        ] {
            let g = read_game(pgn);
            assert_eq!(GameReader::new(pgn).count(), 1);
            let out = write_game(&g, &ExportOptions::default());
            assert!(out.ends_with(want), "{out}");
            let again = read_game(out.as_bytes());
            assert_eq!(GameReader::new(out.as_bytes()).count(), 1);
            assert_eq!(write_game(&again, &ExportOptions::default()), out);
        }
    }

    /// The movetext of an export (what follows the tags).
    fn movetext_of(out: &str) -> &str {
        out.split("\n\n").nth(1).unwrap_or("")
    }

    #[test]
    fn text_that_could_not_be_played_is_written_as_it_was() {
        let pgn = "[Result \"1-0\"]\n\n1. e4 e5 2. Qh9 {x} (2. c4) Nf6 3.Nf3!? \"a  b\" $1 1-0";
        let out = export(pgn);
        assert_eq!(movetext_of(&out), "1. e4 e5 2. Qh9 {x} (2. c4) Nf6 3.Nf3!? \"a  b\" $1 1-0");
        assert_eq!(export(&out), out, "the same once read again");
        // Black's move keeps its number too; so does a variation's.
        let out = export("1. e4 e5 2. Nf3 2... Qz9 c6 (2... Nc6 3. Bz9) *");
        assert_eq!(movetext_of(&out), "1. e4 e5 2. Nf3 2... Qz9 c6 (2... Nc6 3. Bz9) *");
        // A number at the end of a `;` comment is the comment's.
        let g = read_game(b"1. e4 ; see 2.\nQz9 *");
        assert_eq!(g.unplayed(g.mainline()[0]), Some("Qz9"));
    }

    #[test]
    fn reduced_export_leaves_out_what_could_not_be_played() {
        let g = read_game(b"[Result \"1-0\"]\n\n1. e4 e5 2. Qh9 {x} (2. c4) Nf6 1-0");
        let reduced = write_game(&g, &ExportOptions { reduced: true, ..ExportOptions::default() });
        assert_eq!(movetext_of(&reduced), "1. e4 e5 1-0");
        let g = read_game(b"Zz9 e4 *");
        let reduced = write_game(&g, &ExportOptions { reduced: true, ..ExportOptions::default() });
        assert_eq!(movetext_of(&reduced), "*");
    }

    #[test]
    fn kept_text_over_several_lines_keeps_numbers_with_their_moves() {
        let words: Vec<String> = (2..40).map(|n| format!("{n}. Qz{n}")).collect();
        let pgn = format!("1. e4 e5 {} *", words.join(" "));
        let out = export(&pgn);
        for line in movetext_of(&out).lines() {
            assert!(line.len() <= 79, "{line}");
            assert!(!line.trim_end().ends_with('.'), "a number ends a line: {line}");
        }
        assert_eq!(movetext_of(&out).split_whitespace().collect::<Vec<_>>().join(" "), pgn);
        assert_eq!(export(&out), out);
    }

    #[test]
    fn long_comments_fill_each_line_and_keep_every_word() {
        // Words of every length, parted by one or more spaces and line
        // breaks, with non-ASCII ones and a word longer than a line.
        let mut words = Vec::new();
        for i in 0..3000usize {
            let w = match i % 11 {
                3 => "é".repeat(i % 7 + 1),
                7 if i % 500 == 7 => "x".repeat(90),
                _ => "w".repeat(i % 13 + 1),
            };
            words.push(w);
        }
        let mut comment = String::new();
        for (i, w) in words.iter().enumerate() {
            comment.push_str(w);
            comment.push_str(match i % 17 {
                5 => "  ",
                9 => "\n",
                12 => " \r\n ",
                _ => " ",
            });
        }
        let out = export(&format!("1. e4 {{{comment}}} e5 *"));
        // The lines of the comment, the last one with its `}`.
        let mut lines: Vec<&str> = out.lines().skip_while(|l| !l.starts_with("1.")).collect();
        lines.truncate(lines.iter().position(|l| l.contains('}')).unwrap() + 1);
        let width = |s: &str| s.chars().count();
        for pair in lines.windows(2) {
            let first_next = pair[1].split(' ').next().unwrap_or("");
            assert!(width(pair[0]) <= 79 || !pair[0].contains(' '), "too long: {}", pair[0]);
            assert!(width(pair[0]) + 1 + width(first_next) > 79, "{} could hold {first_next}", pair[0]);
        }
        let body = out.split_once('{').unwrap().1.split_once('}').unwrap().0;
        assert_eq!(body.split_ascii_whitespace().collect::<Vec<_>>(), words);
    }

    #[test]
    fn lines_stay_under_80() {
        let mut pgn = String::new();
        for _ in 0..20 {
            pgn.push_str("1. Nf3 Nf6 2. Ng1 Ng8 ");
        }
        let out = export(&format!(
            "{pgn} {{a long comment that goes on and on and on and on and on and on and on and on and on}} *"
        ));
        for l in out.lines() {
            assert!(l.len() < 80, "{l}");
            assert_eq!(l.trim(), l);
        }
    }

    /// Words and commands enough for a comment of about `bytes`.
    fn long_text(bytes: usize, seed: usize) -> String {
        let mut t = String::new();
        let mut i = seed;
        while t.len() < bytes {
            i = i.wrapping_mul(2_654_435_761).wrapping_add(12_345);
            match i % 9 {
                0 => t.push_str("[%clk 0:01:00] "),
                1 => t.push_str("1-0 "),
                2 => t.push_str("é\n"),
                3 => t.push_str(&"z".repeat(i % 97)),
                _ => t.push_str(&"w".repeat(i % 11 + 1)),
            }
            t.push(if i.is_multiple_of(5) { '\n' } else { ' ' });
        }
        t
    }

    #[test]
    fn long_comments_are_written_in_parts_as_at_once() {
        let (a, b, c) = (long_text(300_000, 1), long_text(700_000, 2), long_text(90_000, 3));
        let pgn = format!(
            "{{{a}}} 1. e4 {{{b}}} {{short}} e5 {{{c}}} ({{{c}}} 1... c5 {{{a}}}) 2. Nf3\n;{}}} closing brace\n Nc6 *",
            "}".repeat(3) + &c.replace('\n', " ")
        );
        let game = crate::read_game(pgn.as_bytes());
        for opts in [
            ExportOptions::default(),
            ExportOptions { commands: false, ..ExportOptions::default() },
            ExportOptions { comments: false, ..ExportOptions::default() },
            ExportOptions { reduced: true, ..ExportOptions::default() },
        ] {
            let whole = write_game(&game, &opts);
            let mut writer = GameWriter::new(&game, &opts);
            let mut asks = 0;
            while !writer.write_some(&mut || {
                asks += 1;
                false
            }) {
                assert!(whole.starts_with(final_part(writer.written())), "{opts:?}");
            }
            assert_eq!(writer.into_text(), whole, "{opts:?}");
            if opts.comments && opts.commands && !opts.reduced {
                // Each long comment asked about every 256 KiB at least.
                assert!(asks >= 8, "{asks}");
                assert!(whole.contains("2... Nc6") && whole.contains("1. e4"), "numbers after comments");
            }
        }
    }

    /// What [`GameWriter::written`] says is final: up to its last line break.
    fn final_part(written: &str) -> &str {
        &written[..written.rfind('\n').map_or(0, |i| i + 1)]
    }

    #[test]
    fn what_is_written_up_to_a_line_break_is_final() {
        // Lines broken and moved back before markers, escape lines, NAGs,
        // comments and variations, asked about after every item.
        let mut pgn = String::from("[Event \"Lines\"]\n\n{Before the moves} ");
        for n in 0..150 {
            let (a, b) = if n % 2 == 0 { ("Nf3 Nf6", "Ng1 Ng8") } else { ("Nc3 Nc6", "Nb1 Nb8") };
            let (w, x) = a.split_once(' ').unwrap();
            pgn.push_str(&format!("{w} $1 {{a comment of move {n} [%clk 0:01:00]}} {x} ({x} $6 {{another}}) "));
            pgn.push_str(&format!("{}\n%escape {n}\n{} ", b.split_once(' ').unwrap().0, b.split_once(' ').unwrap().1));
        }
        pgn.push('*');
        let game = crate::read_game(pgn.as_bytes());
        for opts in [ExportOptions::default(), ExportOptions { reduced: true, ..ExportOptions::default() }] {
            let whole = write_game(&game, &opts);
            assert!(whole.len() > 3_000 && game.diagnostics().is_empty(), "{}", whole.len());
            let mut writer = GameWriter::new(&game, &opts);
            let mut finals = 0;
            while !writer.write_some(&mut || false) {
                let part = final_part(writer.written());
                assert!(whole.starts_with(part), "{opts:?}: {:?}", &part[part.len().saturating_sub(200)..]);
                finals += usize::from(!part.is_empty());
            }
            assert!(finals > 10, "{finals}");
            assert_eq!(writer.into_text(), whole);
        }
    }
}
