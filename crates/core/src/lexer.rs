//! The movetext lexer: byte-level, one table lookup per byte, no allocation.
//! Tokens are byte ranges of the game's text.

use memchr::memchr;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `{...}`: the range is the text inside; `closed` is false if the game
    /// ended before `}`.
    Comment {
        /// Was the closing brace found?
        closed: bool,
    },
    /// `; ...` to the end of the line: the range is the text after `;`.
    LineComment,
    /// A `%` escape line (column 1), to the end of the line.
    Escape,
    /// `(`
    Open,
    /// `)`
    Close,
    /// `$` and digits: the range is the digits.
    Nag,
    /// A symbol: move, move number, result, suffix marks.
    Symbol,
    /// Bytes that belong to no token (stray brackets, text that is not
    /// ASCII), up to the next white space.
    Stray,
}

/// A token: its kind and byte range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: Kind,
    /// Start of the range.
    pub start: usize,
    /// End of the range (exclusive).
    pub end: usize,
}

const WS: u8 = 0;
const SYM: u8 = 1;
const BRACE: u8 = 2;
const SEMI: u8 = 3;
const OPEN: u8 = 4;
const CLOSE: u8 = 5;
const DOLLAR: u8 = 6;
const STRAY: u8 = 7;
const PERCENT: u8 = 8;

static CLASS: [u8; 256] = {
    let mut t = [STRAY; 256];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        t[i] = if c.is_ascii_alphanumeric() {
            SYM
        } else {
            match c {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => WS,
                b'{' => BRACE,
                b';' => SEMI,
                b'(' => OPEN,
                b')' => CLOSE,
                b'$' => DOLLAR,
                b'%' => PERCENT,
                b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/' | b'.' | b'@' | b'!' | b'?' | b'*' | b',' | b'~' => SYM,
                _ => STRAY,
            }
        };
        i += 1;
    }
    t
};

/// How many of the eight bytes of `x` (the first in the lowest byte) are,
/// from the first, ASCII letters or digits: most of a move, read eight
/// bytes at a time.
#[cfg(not(feature = "compact"))]
#[inline(always)]
fn alphanumeric_run(x: u64) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // High bit set in each byte (below 0x80) that is `n` or more; no carry
    // runs from one byte into the next.
    let at_least = |v: u64, n: u8| (v + LO * u64::from(0x80 - n)) & HI;
    let low = x & !HI;
    let digit = at_least(low, b'0') & !at_least(low, b'9' + 1);
    let lower = low | (LO * 0x20);
    let letter = at_least(lower, b'a') & !at_least(lower, b'z' + 1);
    let other = !((digit | letter) & !x) & HI;
    (other.trailing_zeros() / 8) as usize
}

/// Length of a character at `p` that files use inside moves and results in
/// place of ASCII: the dashes and hyphens U+2010 to U+2015 (the non-breaking
/// hyphen of `O‑O`, en dash, em dash), minus sign (for `-`) and `½`.
#[inline]
pub fn lookalike(b: &[u8], p: usize) -> usize {
    match b.get(p..p + 2) {
        Some([0xC2, 0xBD]) => 2,
        Some([0xE2, 0x80]) if matches!(b.get(p + 2), Some(0x90..=0x95)) => 3,
        Some([0xE2, 0x88]) if b.get(p + 2) == Some(&0x92) => 3,
        _ => 0,
    }
}

/// Replaces the look-alike characters of [`lookalike`] by ASCII (`½` by `1/2`).
pub fn ascii_lookalikes(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        match lookalike(s, i) {
            0 => {
                out.push(s[i]);
                i += 1;
            }
            2 => {
                out.extend_from_slice(b"1/2");
                i += 2;
            }
            n => {
                out.push(b'-');
                i += n;
            }
        }
    }
    out
}

/// Does `b` continue a symbol (a move, a move number, a marker)?
#[inline]
pub fn is_symbol_byte(b: u8) -> bool {
    CLASS[b as usize] == SYM
}

/// Length of white space that is not ASCII at `p`: a no-break space
/// (U+00A0) or a byte order mark (U+FEFF) inside the text.
#[inline]
fn wide_space(b: &[u8], p: usize) -> usize {
    match b[p] {
        0xC2 if b.get(p + 1) == Some(&0xA0) => 2,
        0xEF if b.get(p + 1..p + 3) == Some(&[0xBB, 0xBF]) => 3,
        _ => 0,
    }
}

/// Where the first `}` of `hay` is. Most comments are short (a clock, an
/// evaluation), so their first bytes are searched eight at a time here,
/// which costs less than a call to memchr; the rest is left to memchr.
#[cfg_attr(not(feature = "compact"), inline(always))]
fn find_close(hay: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut i = 0;
    while i < 64 && i + 8 <= hay.len() {
        // High bit set in each byte that is `}`; the lowest one found is
        // exact (a borrow only runs upwards from a matching byte).
        let x = u64::from_le_bytes(hay[i..i + 8].try_into().unwrap()) ^ (LO * u64::from(b'}'));
        let found = x.wrapping_sub(LO) & !x & HI;
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    memchr(b'}', &hay[i..]).map(|j| i + j)
}

/// Splits movetext into tokens.
pub struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// [`Lexer::next_quick`] read a character from 0x80 up outside comments
    /// (see [`Lexer::read_wide`]).
    wide: bool,
}

impl<'a> Lexer<'a> {
    /// Lexes `bytes` from `pos`.
    pub fn new(bytes: &'a [u8], pos: usize) -> Lexer<'a> {
        Lexer { bytes, pos, wide: false }
    }

    /// Where the next token will be looked for.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Moves to `pos`.
    pub fn seek(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// Reads the usual move number, a token of its own made of digits and
    /// then dots (`12.`, `12...`), when it is the next token: its value
    /// (wrapping past `u32`), where it starts and its number of digits.
    /// Otherwise `None`, with only ASCII white space read: the next token
    /// is then the one [`Iterator::next`] would have given.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    pub fn move_number(&mut self) -> Option<(u32, usize, usize)> {
        let b = self.bytes;
        let mut p = self.pos;
        while p < b.len() && CLASS[b[p] as usize] == WS {
            p += 1;
        }
        self.pos = p;
        let start = p;
        // Most tokens start with no digit.
        let mut n = u32::from(b.get(p)?.wrapping_sub(b'0'));
        if n >= 10 {
            return None;
        }
        p += 1;
        while let Some(d) = b.get(p).map(|c| c.wrapping_sub(b'0')).filter(|d| *d < 10) {
            n = n.wrapping_mul(10).wrapping_add(u32::from(d));
            p += 1;
        }
        let digits = p - start;
        if b.get(p) != Some(&b'.') {
            return None;
        }
        p += 1;
        while b.get(p) == Some(&b'.') {
            p += 1;
        }
        // The symbol must end here: a symbol byte or a look-alike character
        // (from 0x80 up) would continue it.
        if b.get(p).is_some_and(|c| *c >= 0x80 || CLASS[*c as usize] == SYM) {
            return None;
        }
        self.pos = p;
        Some((n, start, digits))
    }

    fn line_end(&self, from: usize) -> usize {
        let rest = &self.bytes[from..];
        match memchr::memchr2(b'\n', b'\r', rest) {
            Some(i) => from + i,
            None => self.bytes.len(),
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn next(&mut self) -> Option<Token> {
        self.token::<false>()
    }
}

impl Lexer<'_> {
    /// The next token, as [`Iterator::next`] gives it, with symbols read
    /// eight bytes at a time while they are letters and digits: quicker
    /// where little else is done per token (the position search's main
    /// line), not in the reader's walk.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    pub fn next_quick(&mut self) -> Option<Token> {
        self.token::<true>()
    }

    /// Has [`Lexer::next_quick`] read a character from 0x80 up outside
    /// comments (white space that is not ASCII, a look-alike in a symbol)?
    /// Every other such byte is in a [`Kind::Stray`] token, so without one
    /// the tokens read are the same whichever way the text's bytes from
    /// 0x80 up are decoded (as UTF-8 or Windows-1252, they never become
    /// ASCII).
    pub fn read_wide(&self) -> bool {
        self.wide
    }

    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn token<const EIGHT: bool>(&mut self) -> Option<Token> {
        let b = self.bytes;
        let mut p = self.pos;
        let (start, class, wide) = loop {
            let Some(&c) = b.get(p) else {
                self.pos = p;
                return None;
            };
            let class = CLASS[c as usize];
            if class == WS {
                p += 1;
                continue;
            }
            if c < 0x80 {
                break (p, class, 0);
            }
            // Rarely: white space that is not ASCII, or a look-alike
            // character (the only symbol bytes from 0x80 up).
            self.wide |= EIGHT;
            let n = wide_space(b, p);
            if n > 0 {
                p += n;
                continue;
            }
            let wide = lookalike(b, p);
            break (p, if wide > 0 { SYM } else { class }, wide);
        };
        let tok = match class {
            SYM => {
                p += wide.max(1);
                loop {
                    #[cfg(not(feature = "compact"))]
                    while let (true, Some(eight)) = (EIGHT, b.get(p..p + 8)) {
                        let n = alphanumeric_run(u64::from_le_bytes(eight.try_into().unwrap()));
                        p += n;
                        if n < 8 {
                            break;
                        }
                    }
                    while p < b.len() && CLASS[b[p] as usize] == SYM {
                        p += 1;
                    }
                    let n = if p < b.len() && b[p] >= 0x80 { lookalike(b, p) } else { 0 };
                    if n == 0 {
                        break;
                    }
                    self.wide |= EIGHT;
                    p += n;
                }
                Token { kind: Kind::Symbol, start, end: p }
            }
            BRACE => match find_close(&b[p + 1..]) {
                Some(i) => {
                    p = p + 1 + i + 1;
                    Token { kind: Kind::Comment { closed: true }, start: start + 1, end: p - 1 }
                }
                None => {
                    p = b.len();
                    Token { kind: Kind::Comment { closed: false }, start: start + 1, end: p }
                }
            },
            SEMI => {
                p = self.line_end(p + 1);
                Token { kind: Kind::LineComment, start: start + 1, end: p }
            }
            PERCENT if start == 0 || matches!(b[start - 1], b'\n' | b'\r') => {
                p = self.line_end(p);
                Token { kind: Kind::Escape, start, end: p }
            }
            OPEN => {
                p += 1;
                Token { kind: Kind::Open, start, end: p }
            }
            CLOSE => {
                p += 1;
                Token { kind: Kind::Close, start, end: p }
            }
            DOLLAR => {
                p += 1;
                while p < b.len() && b[p].is_ascii_digit() {
                    p += 1;
                }
                Token { kind: Kind::Nag, start: start + 1, end: p }
            }
            _ => {
                p += 1;
                while p < b.len()
                    && matches!(CLASS[b[p] as usize], STRAY | PERCENT)
                    && lookalike(b, p) == 0
                    && wide_space(b, p) == 0
                {
                    p += 1;
                }
                Token { kind: Kind::Stray, start, end: p }
            }
        };
        self.pos = p;
        Some(tok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(Kind, &str)> {
        Lexer::new(s.as_bytes(), 0).map(|t| (t.kind, &s[t.start..t.end])).collect()
    }

    #[cfg(not(feature = "compact"))]
    #[test]
    fn alphanumeric_runs_are_counted_eight_bytes_at_a_time() {
        // Every byte value at every place, among letters and digits and
        // at random.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for round in 0..20_000u32 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut bytes = if round % 2 == 0 { *b"Nf3xe5Q7" } else { seed.to_le_bytes() };
            bytes[(round as usize / 2) % 8] = (round % 256) as u8;
            let want = bytes.iter().take_while(|c| c.is_ascii_alphanumeric()).count();
            assert_eq!(alphanumeric_run(u64::from_le_bytes(bytes)), want, "{bytes:?}");
        }
    }

    #[test]
    fn tokens() {
        assert_eq!(
            kinds("1.e4 {c} ; l\n(e5) $12 *"),
            vec![
                (Kind::Symbol, "1.e4"),
                (Kind::Comment { closed: true }, "c"),
                (Kind::LineComment, " l"),
                (Kind::Open, "("),
                (Kind::Symbol, "e5"),
                (Kind::Close, ")"),
                (Kind::Nag, "12"),
                (Kind::Symbol, "*"),
            ]
        );
    }

    #[test]
    fn escapes_strays_and_open_comments() {
        assert_eq!(kinds("%x y\ne4"), vec![(Kind::Escape, "%x y"), (Kind::Symbol, "e4")]);
        assert_eq!(
            kinds("e4 [%clk] →x"),
            vec![
                (Kind::Symbol, "e4"),
                (Kind::Stray, "[%"),
                (Kind::Symbol, "clk"),
                (Kind::Stray, "]"),
                (Kind::Stray, "→"),
                (Kind::Symbol, "x")
            ]
        );
        assert_eq!(kinds("{open"), vec![(Kind::Comment { closed: false }, "open")]);
        assert_eq!(kinds("$"), vec![(Kind::Nag, "")]);
    }

    #[test]
    fn closing_brace_found_as_memchr_finds_it() {
        for len in 0..100 {
            for at in (0..len).chain([len]) {
                let mut hay = vec![b'x'; len];
                if at < len {
                    hay[at] = b'}';
                    // A second one after the first changes nothing.
                    if at + 9 < len {
                        hay[at + 9] = b'}';
                    }
                }
                assert_eq!(find_close(&hay), memchr(b'}', &hay), "{len} {at}");
            }
        }
        assert_eq!(
            kinds("{ [%clk 0:05:00] } e4"),
            vec![(Kind::Comment { closed: true }, " [%clk 0:05:00] "), (Kind::Symbol, "e4")]
        );
    }

    #[test]
    fn wide_spaces_and_dashes() {
        assert_eq!(
            kinds("1.\u{a0}e4 \u{feff}e5"),
            vec![(Kind::Symbol, "1."), (Kind::Symbol, "e4"), (Kind::Symbol, "e5")]
        );
        assert_eq!(kinds("→\u{a0}x"), vec![(Kind::Stray, "→"), (Kind::Symbol, "x")]);
        assert_eq!(ascii_lookalikes("O‑O 1–0 ½-½".as_bytes()), b"O-O 1-0 1/2-1/2");
    }
}
