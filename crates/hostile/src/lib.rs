//! Hostile PGN files, made the same way every time: stray braces and
//! parentheses anywhere, legal variations nested 10,000 deep, 10,000
//! variations on one move, lines of a megabyte, binary bytes, token soup,
//! 100,000 NAGs on a move, a 5 MB comment and a game of 20,000 plies.
//!
//! The core's tests read, edit and export them; the fuzz targets draw on the
//! same generators; the browser tests open the files that `movetext-hostile
//! DIR` writes.
//!
//! ```
//! let cases = movetext_hostile::cases();
//! assert!(cases.iter().any(|c| c.name == "deep-variations"));
//! assert!(cases.iter().all(|c| !c.bytes.is_empty()));
//! ```

/// One generated file.
#[derive(Clone, Debug)]
pub struct Case {
    /// A short name, also the file name (without `.pgn`).
    pub name: &'static str,
    /// What the file holds, in words.
    pub about: &'static str,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// A small deterministic generator (xorshift64), so that failures reproduce.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a fixed non-zero seed).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// A real game with comments, clocks, NAGs and a nested variation, the
/// material the other generators cut up.
pub const GAME: &str = "[Event \"Hostile\"]\n[Site \"?\"]\n[Date \"2026.11.23\"]\n[Round \"1\"]\n[White \"White\"]\n[Black \"Black\"]\n[Result \"1-0\"]\n\n\
1. e4 {[%clk 0:03:00]} e5 2. Nf3 Nc6 3. Bb5 a6 $1 (3... Nf6 4. O-O (4. d3 Bc5) Nxe4) 4. Ba4 Nf6 {a comment} \
5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 !? 11. Nbd2 Bb7 12. Bc2 Re8 1-0\n";

/// A knight shuffle: legal for ever, four plies a round.
const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

/// Bytes inserted anywhere by [`stray_brackets`].
const STRAYS: [&[u8]; 6] = [b"}", b"{", b"(", b")", b"} {", b")("];

/// Games with stray `}`, `{`, `(` and `)` put anywhere, also between games
/// and inside tags, and a file that is only a `}`.
pub fn stray_brackets(seed: u64, games: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut out = b"1. e4 } e5 *\n\n".to_vec();
    for _ in 0..games {
        let mut game = GAME.as_bytes().to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(game.len() + 1);
            let stray = STRAYS[rng.below(STRAYS.len())];
            game.splice(at..at, stray.iter().copied());
        }
        out.extend_from_slice(&game);
        out.push(b'\n');
    }
    out.extend_from_slice(b"}\n");
    out
}

/// One game whose legal variations nest `depth` levels deep: each
/// variation plays one move of a knight shuffle and a reply, and the next
/// variation is the alternative to that reply, so the deepest line is
/// `depth` plies long.
pub fn deep_variations(depth: usize) -> Vec<u8> {
    let number = |ply: usize| {
        if ply.is_multiple_of(2) {
            format!("{}. ", ply / 2 + 1)
        } else {
            format!("{}... ", ply / 2 + 1)
        }
    };
    let reply = |ply: usize| if ply.is_multiple_of(2) { "Nc3" } else { "Nc6" };
    let mut s = String::from("[White \"Deep\"]\n[Black \"Variations\"]\n[Result \"*\"]\n\n1. Nc3 ");
    for ply in 0..depth {
        s.push('(');
        s.push_str(&number(ply));
        s.push_str(SHUFFLE[ply % 4]);
        s.push(' ');
        s.push_str(&number(ply + 1));
        s.push_str(reply(ply + 1));
        s.push(if ply % 8 == 7 { '\n' } else { ' ' });
    }
    s.push_str(&")".repeat(depth));
    s.push_str(" 1... Nf6 *\n");
    s.into_bytes()
}

/// One game whose first move has `n` variations.
pub fn many_siblings(n: usize) -> Vec<u8> {
    const FIRST: [&str; 4] = ["d4", "c4", "Nf3", "g3"];
    let mut s = String::from("[White \"Many\"]\n[Black \"Siblings\"]\n[Result \"*\"]\n\n1. e4 ");
    for i in 0..n {
        s.push_str("(1. ");
        s.push_str(FIRST[i % FIRST.len()]);
        s.push_str(") ");
    }
    s.push_str("e5 2. Nf3 *\n");
    s.into_bytes()
}

/// Two games on lines of about `bytes` bytes each: one of moves with
/// comments and NAGs (and a site's name that long), one whose event's name
/// is that long.
pub fn long_lines(bytes: usize) -> Vec<u8> {
    let mut s = String::from("[White \"Long\"]\n[Black \"Line\"]\n[Site \"");
    s.push_str(&"y".repeat(bytes));
    s.push_str("\"]\n[Result \"*\"]\n\n");
    let mut ply = 0usize;
    let start = s.len();
    while s.len() - start < bytes {
        if ply.is_multiple_of(2) {
            s.push_str(&format!("{}. ", ply / 2 + 1));
        }
        s.push_str(SHUFFLE[ply % 4]);
        s.push_str(" $1 {a comment on one very long line} ");
        ply += 1;
    }
    s.push_str("*\n\n[Event \"");
    s.push_str(&"x".repeat(bytes));
    s.push_str("\"]\n[Result \"*\"]\n\n1. d4 d5 *\n");
    s.into_bytes()
}

/// `len` random bytes.
pub fn binary(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    (0..len).map(|_| rng.next_u64() as u8).collect()
}

/// The pieces [`token_soup`] is made of: PGN tokens, broken tokens and bytes
/// that are not UTF-8.
pub const TOKENS: &[&[u8]] = &[
    b"1.",
    b"2...",
    b"e4",
    b"e5",
    b"Nf3",
    b"Nc6",
    b"Bb5",
    b"a6",
    b"O-O",
    b"0-0-0",
    b"exd5",
    b"e8=Q",
    b"Qxf7#",
    b"--",
    b"Z0",
    b"e2e4",
    b"Ng1-f3",
    b"(",
    b")",
    b"{c}",
    b"{",
    b"}",
    b";x\n",
    b"$1",
    b"$",
    b"!?",
    b"?",
    b"*",
    b"1-0",
    b"0-1",
    b"1/2-1/2",
    b"[Event \"x\"]",
    b"[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]",
    b"[Variant \"Chess960\"]",
    b"[SetUp \"1\"]",
    b"\n",
    b"\n\n",
    b"\r\n",
    b"\r",
    b"%esc\n",
    b" ",
    b"\t",
    b"[%clk 0:00:01]",
    "\u{2013}".as_bytes(),
    "½-½".as_bytes(),
    b"\"",
    b"[",
    b"]",
    b"<",
    b">",
    "\u{00e9}".as_bytes(),
    b"\xff",
    b"\x00",
];

/// `tokens` random pieces of [`TOKENS`], some with spaces between them.
pub fn token_soup(seed: u64, tokens: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..tokens {
        out.extend_from_slice(TOKENS[rng.below(TOKENS.len())]);
        if rng.below(3) == 0 {
            out.push(b' ');
        }
    }
    out
}

/// One game with `n` NAGs on its first move.
pub fn nag_flood(n: usize) -> Vec<u8> {
    let mut s = String::from("[White \"NAG\"]\n[Black \"Flood\"]\n[Result \"*\"]\n\n1. e4 ");
    for i in 0..n {
        s.push_str(&format!("${} ", 1 + i % 139));
        if i % 12 == 11 {
            s.push('\n');
        }
    }
    s.push_str("e5 2. Nf3 *\n");
    s.into_bytes()
}

/// One game with a comment of `bytes` bytes after its first move.
pub fn huge_comment(bytes: usize) -> Vec<u8> {
    let mut s = String::from("[White \"Huge\"]\n[Black \"Comment\"]\n[Result \"*\"]\n\n1. e4 {");
    let words = ["the ", "knight ", "goes ", "to ", "f5 ", "[%clk 0:01:00] ", "\n"];
    let mut i = 0;
    while s.len() < bytes {
        s.push_str(words[i % words.len()]);
        i += 1;
    }
    s.push_str("} e5 2. Nf3 *\n");
    s.into_bytes()
}

/// One legal game of `plies` plies (a knight shuffle), ten moves a line.
pub fn long_game(plies: usize) -> Vec<u8> {
    let mut s = String::from("[White \"Long\"]\n[Black \"Game\"]\n[Result \"1/2-1/2\"]\n\n");
    for ply in 0..plies {
        if ply.is_multiple_of(2) {
            s.push_str(&format!("{}. ", ply / 2 + 1));
        }
        s.push_str(SHUFFLE[ply % 4]);
        s.push(if ply % 20 == 19 { '\n' } else { ' ' });
    }
    s.push_str("1/2-1/2\n");
    s.into_bytes()
}

/// Every hostile file at the sizes the issue names.
pub fn cases() -> Vec<Case> {
    vec![
        Case { name: "stray-brackets", about: "stray braces and parentheses anywhere", bytes: stray_brackets(7, 40) },
        Case { name: "deep-variations", about: "legal variations nested 10,000 deep", bytes: deep_variations(10_000) },
        Case { name: "many-siblings", about: "10,000 variations on one move", bytes: many_siblings(10_000) },
        Case { name: "long-lines", about: "lines of 1 MB", bytes: long_lines(1 << 20) },
        Case { name: "binary", about: "random bytes", bytes: binary(11, 64 << 10) },
        Case { name: "token-soup", about: "random PGN tokens", bytes: token_soup(13, 20_000) },
        Case { name: "nag-flood", about: "100,000 NAGs on one move", bytes: nag_flood(100_000) },
        Case { name: "huge-comment", about: "a 5 MB comment", bytes: huge_comment(5 << 20) },
        Case { name: "long-game", about: "a game of 20,000 plies", bytes: long_game(20_000) },
    ]
}

/// A file shaped by arbitrary bytes (a fuzzer's input): the first byte
/// picks a generator, the next two its size and seed (kept small, so that a
/// fuzzer runs fast), and the rest is put in at a place they choose.
pub fn from_bytes(data: &[u8]) -> Vec<u8> {
    let pick = data.first().copied().unwrap_or(0);
    let size = usize::from(data.get(1).copied().unwrap_or(0)) + 1;
    let seed = u64::from(data.get(2).copied().unwrap_or(0)) + 1;
    let rest = data.get(3..).unwrap_or_default();
    let mut out = match pick % 10 {
        0 => stray_brackets(seed, size % 8 + 1),
        1 => deep_variations(size * 2),
        2 => many_siblings(size * 2),
        3 => long_lines(size * 64),
        4 => binary(seed, size * 8),
        5 => token_soup(seed, size),
        6 => nag_flood(size * 4),
        7 => huge_comment(size * 64),
        8 => long_game(size * 4),
        _ => GAME.as_bytes().to_vec(),
    };
    let at = (seed as usize * 7919 + size) % (out.len() + 1);
    out.splice(at..at, rest.iter().copied());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_are_deterministic_and_sized() {
        assert_eq!(stray_brackets(3, 5), stray_brackets(3, 5));
        assert_ne!(stray_brackets(3, 5), stray_brackets(4, 5));
        assert_eq!(binary(1, 100).len(), 100);
        assert!(huge_comment(5 << 20).len() >= 5 << 20);
        let lines = long_lines(1 << 20);
        let longest = lines.split(|&b| b == b'\n').map(<[u8]>::len).max().unwrap();
        assert!(longest >= 1 << 20, "{longest}");
        assert_eq!(
            std::str::from_utf8(&deep_variations(3)).unwrap(),
            "[White \"Deep\"]\n[Black \"Variations\"]\n[Result \"*\"]\n\n1. Nc3 (1. Nf3 1... Nc6 (1... Nf6 2. Nc3 (2. Ng1 2... Nc6 ))) 1... Nf6 *\n"
        );
        assert_eq!(std::str::from_utf8(&long_game(20_000)).unwrap().matches("Nf3").count(), 5_000);
        for pick in 0..=255u8 {
            let file = from_bytes(&[pick, pick, pick, b'}', b'(']);
            assert!(file.windows(2).any(|w| w == b"}("), "the rest is put in");
        }
        assert!(!from_bytes(&[]).is_empty());
    }
}
