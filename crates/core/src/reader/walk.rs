//! The walk over a game's movetext: the lexer's tokens one after the other,
//! each handed to the method for its kind, which says whether to read on;
//! then the end of the game (variations left open, the termination marker
//! and any text after it).

use std::ops::ControlFlow;

use super::{at_end, forfeit, is_result, joined_line_comments, next_line_comment, skip_ws_fwd, Line, Parser};
use crate::diagnostic::Severity;
use crate::game::{Comment, CommentKind, NodeKind, Text, Variant, NONE};
use crate::lexer::{Kind, Lexer, Token};
use crate::movetext::{self, number_cut, Resolved};
use crate::rules::Played;

/// Whether the walk reads on after a token, or stops (at the game's
/// termination marker).
type Flow = ControlFlow<()>;
/// Read on.
const ON: Flow = ControlFlow::Continue(());
/// Stop: the termination marker was read.
const STOP: Flow = ControlFlow::Break(());

/// A diagnostic's key and values, said when a word is no move.
type Msg = (&'static str, Vec<(&'static str, String)>);

/// The state of the walk over one game's movetext.
///
/// Its methods are all inlined into the loop of [`Walk::read`]: the state
/// then lives in that one function's locals. A method called out of line
/// would take the address of the whole state and keep all of it in memory,
/// which slows the reading of the usual move down (most in WebAssembly).
pub(super) struct Walk<'a, P> {
    p: &'a mut Parser,
    /// The game's text.
    src: &'a str,
    /// The same, as bytes.
    bytes: &'a [u8],
    lx: Lexer<'a>,
    /// The line of play being read.
    line: Line<P>,
    /// The lines around it, outermost first (the main line at the bottom).
    stack: Vec<Line<P>>,
    /// The last child of each node so far (the parser's buffer, lent).
    last_child: Vec<u32>,
    /// The termination marker, once read.
    result_at: Option<Token>,
    /// The marker as read when it is not as written (`1/2`, `+--`, `1–0`).
    result_own: Option<String>,
    /// No move number read so far was wrong (only the first wrong one is said).
    numbers_right: bool,
}

/// A comment in braces at `start..end` of the game's text.
#[cfg_attr(not(feature = "compact"), inline(always))]
fn brace(start: usize, end: usize) -> Comment {
    Comment { text: Text::Src(start as u32, end as u32), kind: CommentKind::Brace }
}

impl<P: Played> Line<P> {
    /// A line of play from `node`, the position `pos` at it, whose `(` is
    /// at `open_at`.
    fn new(node: u32, pos: P, open_at: usize) -> Line<P> {
        Line {
            cur: node,
            pos: pos.clone(),
            base: (node, pos),
            fresh: true,
            sealed: false,
            pending: (0, 0),
            open_at,
            phantom: 0,
            early_nags: Vec::new(),
        }
    }
}

impl<'a, P: Played> Walk<'a, P> {
    /// Starts the walk over the movetext of `src` (the game's text) at
    /// `start`. Escape lines among the tags are kept before the first move;
    /// the moves of a variant that is not read are kept as text.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    pub(super) fn new(p: &'a mut Parser, src: &'a str, start: usize, pos: P) -> Walk<'a, P> {
        let bytes = src.as_bytes();
        tag_escapes(p, bytes, start);
        let mut last_child = std::mem::take(&mut p.last_child);
        last_child.clear();
        last_child.push(NONE);
        let unsupported = match &p.g.variant {
            Variant::Unsupported(v) => Some(v.clone()),
            _ => None,
        };
        let mut walk = Walk {
            line: Line::new(0, pos, start),
            p,
            src,
            bytes,
            lx: Lexer::new(bytes, start),
            stack: Vec::new(),
            last_child,
            result_at: None,
            result_own: None,
            numbers_right: true,
        };
        if let Some(v) = unsupported {
            walk.unsupported(v);
        }
        walk
    }

    /// The moves of variant `v`, which is not read, are kept as text.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn unsupported(&mut self, v: String) {
        let p = &mut *self.p;
        let first = self.lx.offset();
        let end = p.skip_line(&mut self.lx, self.bytes, true, 0, first);
        let from = skip_ws_fwd(self.bytes, first);
        if end > from {
            p.g.nodes[0].tail = (from as u32, end as u32);
        }
        let (s, e) = p.tag_span("Variant");
        p.diag(Severity::Warning, s, e, "variant-unsupported", vec![("variant", v)]);
    }

    /// Reads the movetext to its end: each token to the method for its
    /// kind, until one says to stop; then the end of the game.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    pub(super) fn read(&mut self, start: usize) {
        loop {
            self.move_number();
            let Some(t) = self.lx.next() else { break };
            let flow = match t.kind {
                Kind::Symbol => self.symbol(t),
                Kind::Comment { closed } => self.brace_comment(t, closed),
                Kind::LineComment => self.line_comment(t),
                Kind::Escape => self.escape(t),
                Kind::Nag => self.nag(t),
                Kind::Open => self.open(t),
                Kind::Close => self.close(t),
                Kind::Stray => self.stray(t),
            };
            if flow.is_break() {
                break;
            }
        }
        self.end_of_game(start);
    }

    /// The usual move number ("12." or "12..."), read apart from the other
    /// tokens. (Any other is read as a symbol, by `number_symbol`.)
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn move_number(&mut self) {
        if let Some((n, at, digits)) = self.lx.move_number() {
            self.check_number(n, at, digits);
        }
    }

    /// Only the first move number (`n`, of `digits` digits at `at`) that is
    /// not the move's own is said.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn check_number(&mut self, n: u32, at: usize, digits: usize) {
        if self.numbers_right && n != self.line.pos.fullmoves().get() && digits <= 9 {
            self.numbers_right = false;
            self.p.wrong_number(n, self.line.pos.fullmoves().get(), at, at + digits);
        }
    }

    /// A NAG for the last move (or the first move of the variation ahead).
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn note_nag(&mut self, n: u8) {
        self.p.nag(&mut self.line, !self.stack.is_empty(), n);
    }

    /// A comment for its place in the current line.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn note_comment(&mut self, c: Comment) {
        self.p.comment(&mut self.line, !self.stack.is_empty(), c);
    }

    /// Plays a move that had a glyph glued to it, then gives it the glyph's NAG.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn play_glued(&mut self, glued: (super::Glued, u8), word: &[u8], at: usize) {
        let nested = !self.stack.is_empty();
        self.p.play_glued(&mut self.line, glued, word, at, nested, &mut self.last_child);
    }

    /// A symbol: the usual move, read the quick way, or anything else.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn symbol(&mut self, t: Token) -> Flow {
        let bytes = self.bytes;
        let text = &bytes[t.start..t.end];
        // The usual move (a piece letter or a file first, ASCII, no comma,
        // not an e.p. mark) needs none of the checks of the lax path.
        let letter = movetext::starts_move(text[0]);
        if letter {
            // (The quick way reads only such moves.)
            if let Some((m, suffix, nags)) = movetext::quick_move(text, &self.line.pos) {
                let span = (t.start, t.end);
                self.p.played(&mut self.line, NodeKind::Move(m), span, span, suffix, nags, text, &mut self.last_child);
                return ON;
            }
        }
        self.lax_symbol(t, letter)
    }

    /// A symbol the quick way does not read: a move number, glyphs and
    /// marks, a result, or a word for the lax move reader. `letter`: it
    /// starts as the usual move does.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn lax_symbol(&mut self, t: Token, letter: bool) -> Flow {
        let bytes = self.bytes;
        let text = &bytes[t.start..t.end];
        if text[0].is_ascii_digit() && text[text.len() - 1] == b'.' && self.number_symbol(t) {
            return ON;
        }
        let plain =
            letter && text.is_ascii() && text[text.len() - 1] != b',' && !matches!(text, b"e.p." | b"ep" | b"e.p");
        let is_fixed = !plain && text.iter().any(|b| *b >= 0x80);
        if !is_fixed && bytes.get(t.end).is_some_and(|b| *b >= 0x80) && self.glyph_beyond_ascii(t) {
            return ON;
        }
        let fixed;
        let mut sym = text;
        let mut sym_start = t.start;
        if !plain {
            if is_fixed {
                fixed = crate::lexer::ascii_lookalikes(text);
                sym = &fixed;
                let args = vec![
                    ("written", String::from_utf8_lossy(text).into_owned()),
                    ("read", String::from_utf8_lossy(sym).into_owned()),
                ];
                self.p.diag(Severity::Fixed, t.start, t.end, "lookalikes", args);
            }
            let Some(cut) = number_cut(sym) else { return ON };
            sym = &sym[cut..];
            // (A word of lookalikes is said where its token starts.)
            if !is_fixed {
                sym_start += cut;
            }
            if let Some(flow) = self.mark(t, sym, sym_start, is_fixed) {
                return flow;
            }
        }
        self.word(t, sym, sym_start, is_fixed)
    }

    /// A move number that `move_number` leaves to the lexer (one right after
    /// another, or before text that is not ASCII), read to the same effect:
    /// whether `t` is one.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn number_symbol(&mut self, t: Token) -> bool {
        let text = &self.bytes[t.start..t.end];
        // The number's digits and value in one pass.
        let (mut digits, mut n) = (0, 0u32);
        while let Some(d) = text.get(digits).map(|b| b.wrapping_sub(b'0')).filter(|d| *d < 10) {
            n = n.wrapping_mul(10).wrapping_add(u32::from(d));
            digits += 1;
        }
        if text[digits..].iter().all(|b| *b == b'.') {
            self.check_number(n, t.start, digits);
            return true;
        }
        false
    }

    /// Glyphs that run into characters beyond ASCII ("=/∞", "=∞"), alone or
    /// glued to a move: whether one was read at `t` (the lexer then goes on
    /// after it).
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn glyph_beyond_ascii(&mut self, t: Token) -> bool {
        let bytes = self.bytes;
        let end =
            t.end + bytes[t.end..].iter().take_while(|c| !c.is_ascii_whitespace() && !b"{}();".contains(c)).count();
        let joined = &bytes[t.start..end];
        let white_moved = !self.line.pos.turn().is_white();
        if let Some(n) = std::str::from_utf8(joined).ok().and_then(|g| crate::nag::glyph_nag(g, white_moved)) {
            self.p.glyph_read(joined, n, t.start, end);
            self.note_nag(n);
            self.lx.seek(end);
            return true;
        }
        if let Some(glued) = self.p.glued_glyph(&self.line.pos, joined, t.start) {
            self.play_glued(glued, joined, t.start);
            self.lx.seek(end);
            return true;
        }
        false
    }

    /// Results, forfeits, glyphs and e.p. marks written apart from a move
    /// (`sym`, at `sym_start`, of token `t`): whether to read on, or `None`
    /// for a word to read as a move.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn mark(&mut self, t: Token, sym: &[u8], sym_start: usize, is_fixed: bool) -> Option<Flow> {
        if let (b'+' | b'-', true) = (sym[0], self.stack.is_empty()) {
            // Scid's "+--" in mid-game: a crushing advantage.
            if let Some(r) = forfeit(sym).filter(|_| at_end(self.bytes, self.lx.offset())) {
                let args = vec![("written", String::from_utf8_lossy(sym).into_owned()), ("result", r.into())];
                self.p.diag(Severity::Fixed, sym_start, t.end, "forfeit", args);
                self.result_at = Some(Token { kind: t.kind, start: sym_start, end: t.end });
                self.result_own = Some(r.into());
                return Some(STOP);
            }
        }
        let half = sym == b"1/2";
        if half || is_result(sym) {
            if self.stack.is_empty() {
                self.result_at = Some(Token { kind: t.kind, start: sym_start, end: t.end });
                if half {
                    self.p.diag(Severity::Fixed, sym_start, t.end, "half-result", Vec::new());
                    self.result_own = Some("1/2-1/2".into());
                } else if is_fixed {
                    self.result_own = Some(String::from_utf8_lossy(sym).into_owned());
                }
                return Some(STOP);
            }
            let args = vec![("result", String::from_utf8_lossy(sym).into_owned())];
            self.p.diag(Severity::Warning, sym_start, t.end, "result-in-variation", args);
            return Some(ON);
        }
        // Marks written apart from the move.
        let glyph = if sym[0].is_ascii_alphabetic() {
            None
        } else {
            movetext::suffix_nag(sym).or_else(|| {
                let white_moved = !self.line.pos.turn().is_white();
                std::str::from_utf8(sym).ok().and_then(|g| crate::nag::glyph_nag(g, white_moved))
            })
        };
        if let Some(n) = glyph {
            if n > 6 {
                self.p.glyph_read(sym, n, sym_start, t.end);
            }
            self.note_nag(n);
            return Some(ON);
        }
        if matches!(sym, b"e.p." | b"ep" | b"e.p") && !self.line.fresh {
            self.p.diag(Severity::Fixed, sym_start, t.end, "ep-mark", Vec::new());
            return Some(ON);
        }
        None
    }

    /// The lax path for the word `sym` (at `sym_start`, of token `t`; read
    /// from lookalikes when `is_fixed`): a move however written, an
    /// evaluation word, a move with something glued to it, or else no move
    /// (the rest of the line is then kept as text).
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn word(&mut self, t: Token, sym: &[u8], sym_start: usize, is_fixed: bool) -> Flow {
        let mut word = sym;
        while word.len() > 1 && word[word.len() - 1] == b',' {
            word = &word[..word.len() - 1];
        }
        if word.len() < sym.len() {
            self.p.diag(Severity::Fixed, sym_start, t.end, "comma", Vec::new());
        }
        // "d4+=", "e4=+": an evaluation the lax move reader would
        // otherwise take for a check and a stray mark.
        if matches!(word.last(), Some(b'-' | b'=' | b'~' | b'/' | b'&'))
            || word.ends_with(b"=+")
            || word.ends_with(b"-+")
            || word.ends_with(b"/+")
        {
            if let Some(glued) = self.p.glued_glyph(&self.line.pos, word, sym_start) {
                self.play_glued(glued, word, sym_start);
                return ON;
            }
        }
        match self.lax_move(t, word, sym_start, is_fixed) {
            Ok(()) => ON,
            Err(msg) => self.not_a_move(t, word, sym_start, msg),
        }
    }

    /// The lax move reader on `word`: the move played, or an evaluation
    /// word read, or what to say when it is neither.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn lax_move(&mut self, t: Token, word: &[u8], sym_start: usize, is_fixed: bool) -> Result<(), Msg> {
        let label = || std::str::from_utf8(word).unwrap_or("?");
        let Some(tok) = movetext::parse_token(word) else {
            return self.evaluation_word(t, word, sym_start);
        };
        let (kind, extra) = match movetext::resolve(&tok, &self.line.pos) {
            Resolved::Illegal(why) => {
                return Err(("illegal", vec![("move", self.p.move_label(&self.line.pos, label())), ("reason", why)]))
            }
            Resolved::Move(m, extra) => (NodeKind::Move(m), extra),
            Resolved::Null => (NodeKind::Null, None),
        };
        if tok.repairs != 0 || extra.is_some() {
            self.p.repairs(&self.line.pos, label(), tok.repairs, extra, sym_start, t.end);
        }
        let written_end = if is_fixed { t.end } else { sym_start + word.len() };
        self.p.played(
            &mut self.line,
            kind,
            (sym_start.min(t.end), written_end),
            (sym_start, t.end),
            tok.suffix,
            tok.nags,
            word,
            &mut self.last_child,
        );
        Ok(())
    }

    /// "N", "TN", "RR", "inf": evaluation words between moves, read as NAGs;
    /// what to say of a word that is none.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn evaluation_word(&mut self, t: Token, word: &[u8], sym_start: usize) -> Result<(), Msg> {
        let bytes = self.bytes;
        if let Some(n) = std::str::from_utf8(word).ok().and_then(crate::nag::nag_from_suffix) {
            // "D'": the diagram mark with its stroke.
            let end = if n == crate::nag::DIAGRAM && bytes.get(t.end) == Some(&b'\'') {
                self.lx.seek(t.end + 1);
                t.end + 1
            } else {
                t.end
            };
            self.p.glyph_read(&bytes[sym_start..end], n, sym_start, end);
            self.note_nag(n);
            return Ok(());
        }
        let mut args = vec![("move", self.p.move_label(&self.line.pos, std::str::from_utf8(word).unwrap_or("?")))];
        let hint = movetext::not_a_move_hint(word).is_some();
        if hint {
            args.push(("letter", char::from(word[0]).to_string()));
        }
        let key = match (hint, self.stack.is_empty()) {
            (false, true) => "not-a-move-game",
            (false, false) => "not-a-move-variation",
            (true, true) => "not-a-move-letter-game",
            (true, false) => "not-a-move-letter-variation",
        };
        Err((key, args))
    }

    /// A word the lax move reader could not play: a move in another
    /// language's piece letters, or with a result or a glyph glued to it;
    /// else `msg` is said and the rest of the line kept as text.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn not_a_move(&mut self, t: Token, word: &[u8], sym_start: usize, msg: Msg) -> Flow {
        let bytes = self.bytes;
        // "Sf3", "Cc6": piece letters of another language.
        if let Some((kind, tok, from)) = self.p.foreign_move(&self.line.pos, &bytes[t.start..t.end], t.start) {
            let span = (from, t.end);
            let written = &bytes[from..t.end];
            self.p.played(&mut self.line, kind, span, span, tok.suffix, tok.nags, written, &mut self.last_child);
            return ON;
        }
        // "Nc6*", "Nf31-0": a move with the result glued to it.
        if let Some(g) = self.p.glued_result(&self.line.pos, word, sym_start) {
            let mv = &word[..g.marker - sym_start];
            let span = (sym_start, g.marker);
            self.p.played(&mut self.line, g.kind, span, span, g.tok.suffix, g.tok.nags, mv, &mut self.last_child);
            // Read on from the marker, as if it were written apart.
            self.lx.seek(g.marker);
            return ON;
        }
        // "Nf3+-", "Qh4+−": a move with an evaluation glued to it.
        if let Some(glued) = self.p.glued_glyph(&self.line.pos, word, sym_start) {
            self.play_glued(glued, word, sym_start);
            return ON;
        }
        let outer = self.stack.last().map(|l| l.cur);
        self.p.unplayable(&mut self.lx, bytes, &mut self.line, outer, (sym_start, t.end), msg);
        ON
    }

    /// A comment in braces (`closed`: its `}` was found).
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn brace_comment(&mut self, t: Token, closed: bool) -> Flow {
        if !closed {
            self.p.diag(Severity::Warning, t.start - 1, t.end, "comment-not-closed", Vec::new());
        }
        let c = brace(t.start, t.end);
        if !self.line.fresh && !self.line.sealed {
            // The usual place, after the move just read, whose comments
            // are the last of the table (or none yet).
            let g = &mut self.p.g;
            let len = g.comments.len() as u32;
            let after = &mut g.nodes[self.line.cur as usize].after;
            if after.1 == 0 || after.0 + after.1 == len {
                *after = if after.1 == 0 { (len, 1) } else { (after.0, after.1 + 1) };
                g.comments.push(c);
                return ON;
            }
        }
        self.note_comment(c);
        ON
    }

    /// A `;` comment, up to a `<br>` in it, or joined with those on the
    /// lines right after it.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn line_comment(&mut self, t: Token) -> Flow {
        let bytes = self.bytes;
        let mut text = Text::Src(t.start as u32, t.end as u32);
        // A "<br>" (any case) ends the comment as a line break would.
        let br = memchr::memchr_iter(b'<', &bytes[t.start..t.end])
            .find_map(|i| Some((t.start + i, crate::decode::html_break(bytes, t.start + i)?)));
        if let Some((end, after)) = br {
            let args = vec![("written", String::from_utf8_lossy(&bytes[end..after]).into_owned())];
            self.p.diag(Severity::Fixed, end, after, "line-break", args);
            self.lx.seek(after);
            text = Text::Src(t.start as u32, end as u32);
        } else if next_line_comment(bytes, t.end).is_some() {
            // `;` comments at the start of lines in a row are one
            // comment of several lines (as export writes a long one).
            let (joined, end) = joined_line_comments(self.src, t.start, t.end);
            self.lx.seek(end);
            text = Text::Own(joined.into());
        }
        self.note_comment(Comment { text, kind: CommentKind::Line });
        ON
    }

    /// A `%` escape line, kept after the current move.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn escape(&mut self, t: Token) -> Flow {
        self.p.g.escapes.push((self.line.cur, (t.start as u32, t.end as u32)));
        ON
    }

    /// A `$` NAG; one that is no number from 0 to 255 is kept as a comment.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn nag(&mut self, t: Token) -> Flow {
        let bytes = self.bytes;
        match std::str::from_utf8(&bytes[t.start..t.end]).ok().and_then(|s| s.parse::<u8>().ok()) {
            Some(n) => self.note_nag(n),
            None => {
                let args = vec![("nag", String::from_utf8_lossy(&bytes[t.start..t.end]).into_owned())];
                self.p.diag(Severity::Warning, t.start - 1, t.end, "not-a-nag", args);
                self.note_comment(brace(t.start - 1, t.end));
            }
        }
        ON
    }

    /// A `(`: a variation of the last move starts (or, with no move before
    /// it, the `(` is kept as a comment).
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn open(&mut self, t: Token) -> Flow {
        if self.line.fresh {
            // "(" with no move before it in this line.
            self.p.diag(Severity::Warning, t.start, t.end, "open-without-move", Vec::new());
            self.line.phantom += 1;
            self.note_comment(brace(t.start, t.end));
            return ON;
        }
        let parent = self.p.g.nodes[self.line.cur as usize].parent;
        let prev = self.p.replay(&mut self.line.base, parent);
        let outer = std::mem::replace(&mut self.line, Line::new(parent, prev, t.start));
        self.stack.push(outer);
        ON
    }

    /// A `)`: the variation ends (one of a `(` kept as a comment, or with
    /// none open, is kept as a comment too).
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn close(&mut self, t: Token) -> Flow {
        if self.line.phantom > 0 {
            self.line.phantom -= 1;
            self.p.diag(Severity::Warning, t.start, t.end, "close-of-open-without-move", Vec::new());
            self.note_comment(brace(t.start, t.end));
            return ON;
        }
        match self.stack.pop() {
            Some(mut outer) => {
                self.p.flush_pending(&mut self.line, t.start);
                outer.sealed = true;
                self.line = outer;
            }
            None => {
                self.p.diag(Severity::Warning, t.start, t.end, "close-without-open", Vec::new());
                self.p.comment(&mut self.line, false, brace(t.start, t.end));
            }
        }
        ON
    }

    /// Bytes no token takes: a `<br>`, a move with a piece letter beyond
    /// ASCII, an evaluation glyph, or else text kept as a comment.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn stray(&mut self, t: Token) -> Flow {
        let bytes = self.bytes;
        let text = &bytes[t.start..t.end];
        // "<br>" from pasted web text: a line break.
        if let Some(end) = crate::decode::html_break(bytes, t.start) {
            let args = vec![("written", String::from_utf8_lossy(&bytes[t.start..end]).into_owned())];
            self.p.diag(Severity::Fixed, t.start, end, "line-break", args);
            self.lx.seek(end);
            return ON;
        }
        if bytes.get(t.end).is_some_and(u8::is_ascii_alphanumeric) && self.glued_foreign_move(t) {
            return ON;
        }
        // "±", "∞": evaluation glyphs between moves; "⨀" is
        // zugzwang of the side to move.
        let zugzwang = (text == "⨀".as_bytes() || text == "⊙".as_bytes()).then(|| {
            if self.line.pos.turn().is_white() {
                22
            } else {
                23
            }
        });
        if let Some(n) = zugzwang.or_else(|| {
            let white_moved = !self.line.pos.turn().is_white();
            std::str::from_utf8(text).ok().and_then(|g| crate::nag::glyph_nag(g, white_moved))
        }) {
            self.p.glyph_read(text, n, t.start, t.end);
            self.note_nag(n);
            return ON;
        }
        let args = vec![("text", String::from_utf8_lossy(text).into_owned())];
        self.p.diag(Severity::Warning, t.start, t.end, "not-pgn", args);
        self.note_comment(brace(t.start, t.end));
        ON
    }

    /// "Кf3": a piece letter that is not ASCII (the stray `t`), glued to
    /// the move: whether a move was so read.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn glued_foreign_move(&mut self, t: Token) -> bool {
        let bytes = self.bytes;
        let e =
            t.end + bytes[t.end..].iter().take_while(|b| b.is_ascii_alphanumeric() || b"x=+#!?-:".contains(b)).count();
        let Some((kind, tok, from)) = self.p.foreign_move(&self.line.pos, &bytes[t.start..e], t.start) else {
            return false;
        };
        let span = (from, e);
        self.p.played(&mut self.line, kind, span, span, tok.suffix, tok.nags, &bytes[from..e], &mut self.last_child);
        self.lx.seek(e);
        true
    }

    /// The end of the game, whose movetext starts at `start`: variations
    /// still open are closed, then the termination marker is read (or its
    /// absence said).
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn end_of_game(&mut self, start: usize) {
        let bytes = self.bytes;
        // Close what is still open.
        let end_at = self.result_at.map_or(bytes.len(), |t| t.start);
        if !self.stack.is_empty() {
            let args = vec![("count", self.stack.len().to_string())];
            self.p.diag(Severity::Fixed, self.line.open_at, end_at, "variations-not-closed", args);
            while let Some(mut outer) = self.stack.pop() {
                self.p.flush_pending(&mut self.line, end_at);
                outer.sealed = true;
                self.line = outer;
            }
        }
        self.p.flush_pending(&mut self.line, end_at);
        self.p.end = self.line.pos.standard().map(|pos| (self.line.cur, pos));
        match self.result_at {
            Some(t) => {
                self.p.result_marker(t.start, t.end, self.result_own.take());
                self.text_after_result(t);
            }
            None => self.p.no_result(self.bytes, start),
        }
        self.p.last_child = std::mem::take(&mut self.last_child);
    }

    /// Anything after the marker `t` goes after the last move: comments as
    /// they are, other words run together into one comment, with one
    /// warning for all of it.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn text_after_result(&mut self, t: Token) {
        let p = &mut *self.p;
        let rest = Lexer::new(self.bytes, t.end);
        let mut last = None;
        let mut span: Option<(usize, usize)> = None;
        let mut run: Option<(usize, usize)> = None;
        for j in rest {
            let (s, e) = match j.kind {
                Kind::Comment { closed: true } => (j.start - 1, j.end + 1),
                Kind::Comment { closed: false } | Kind::LineComment | Kind::Nag => (j.start - 1, j.end),
                Kind::Escape => {
                    let last = *last.get_or_insert_with(|| p.g.mainline().last().map_or(0, |n| n.0));
                    if let Some((a, b)) = run.take() {
                        p.push_comment(last, true, brace(a, b));
                    }
                    p.g.escapes.push((last, (j.start as u32, j.end as u32)));
                    continue;
                }
                _ => (j.start, j.end),
            };
            let last = *last.get_or_insert_with(|| p.g.mainline().last().map_or(0, |n| n.0));
            span = Some(span.map_or((s, e), |(a, _)| (a, e)));
            let kind = match j.kind {
                Kind::Comment { .. } => CommentKind::Brace,
                Kind::LineComment => CommentKind::Line,
                _ => {
                    run = Some(run.map_or((s, e), |(a, _)| (a, e)));
                    continue;
                }
            };
            if let Some((a, b)) = run.take() {
                p.push_comment(last, true, brace(a, b));
            }
            p.push_comment(last, true, Comment { text: Text::Src(j.start as u32, j.end as u32), kind });
        }
        if let (Some((a, b)), Some(last)) = (run, last) {
            p.push_comment(last, true, brace(a, b));
        }
        if let Some((s, e)) = span {
            p.diag(Severity::Warning, s, e, "text-after-result", Vec::new());
        }
    }
}

/// Escape lines among the tags (before the movetext at `start`) are kept
/// before the first move. Lines end at LF (a CR inside a tag value starts
/// no line), or at CR in text without LF.
fn tag_escapes(p: &mut Parser, bytes: &[u8], start: usize) {
    let lone_cr = memchr::memchr(b'\n', bytes).is_none();
    let mut at = 0;
    while let Some(i) = memchr::memchr(b'%', &bytes[at..start]) {
        let q = at + i;
        at = q + 1;
        if q == 0 || bytes[q - 1] == b'\n' || (lone_cr && bytes[q - 1] == b'\r') {
            let e = memchr::memchr2(b'\n', b'\r', &bytes[q..start]).map_or(start, |j| q + j);
            p.g.escapes.push((0, (q as u32, e as u32)));
            at = e;
        }
    }
}
