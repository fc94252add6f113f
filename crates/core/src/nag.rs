//! Numeric Annotation Glyphs (NAGs): the `$n` marks that judge a move or a
//! position.
//!
//! The table covers the standard range 0-139 (0 null, 1-9 about the move,
//! 10-135 about the position, 136-139 about the clock) and the widely used
//! extensions 140-146 (with the idea, aimed against, better/worse/equal move,
//! editorial comment, novelty). Each entry has the usual printed symbol where
//! one exists and a short meaning in plain English.

/// What a NAG talks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NagKind {
    /// `$0`, the null annotation.
    Null,
    /// 1-9: an assessment of the move itself.
    Move,
    /// 10-135: an assessment of the position after the move.
    Position,
    /// 136-139: time pressure.
    Time,
    /// 140 and above: outside the standard table.
    Extension,
}

/// One row of the NAG table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NagInfo {
    /// The NAG number.
    pub nag: u8,
    /// The usual printed symbol, when there is one.
    pub glyph: Option<&'static str>,
    /// A short meaning in plain English.
    pub meaning: &'static str,
}

impl NagInfo {
    /// What this NAG talks about.
    pub fn kind(&self) -> NagKind {
        nag_kind(self.nag)
    }
}

/// The largest NAG number with an entry in the table.
pub const LAST_KNOWN_NAG: u8 = 146;

/// NAGs offered in an editor's palette, in palette order.
pub const COMMON_NAGS: &[u8] =
    &[1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19, 22, 32, 36, 40, 44, 132, 138, 146];

/// Glyph and meaning of NAGs 0 to [`LAST_KNOWN_NAG`], a line each by
/// number: the glyph (empty when there is none), a tab, the meaning. Even
/// numbers from 14 to 139 are about White and odd ones about Black. (One
/// text and the places of its lines rather than a table of pairs: the
/// widget's module is the smaller for it.)
const TABLE: &str = "\
\tnull annotation
!\tgood move
?\tmistake
!!\tbrilliant move
??\tblunder
!?\tinteresting move
?!\tdubious move
□\tforced move (every other move loses quickly)
\tonly move (no reasonable alternative)
\tworst move
=\tdrawish position
\tequal chances, quiet position
\tequal chances, active position
∞\tunclear position
⩲\tWhite is slightly better
⩱\tBlack is slightly better
±\tWhite is clearly better
∓\tBlack is clearly better
+\u{2212}\tWhite has a decisive advantage
\u{2212}+\tBlack has a decisive advantage
\tWhite has a crushing advantage (Black should resign)
\tBlack has a crushing advantage (White should resign)
⨀\tWhite is in zugzwang
⨀\tBlack is in zugzwang
\tWhite has a slight space advantage
\tBlack has a slight space advantage
○\tWhite has a moderate space advantage
○\tBlack has a moderate space advantage
\tWhite has a decisive space advantage
\tBlack has a decisive space advantage
\tWhite has a slight lead in development (time)
\tBlack has a slight lead in development (time)
⟳\tWhite has a moderate lead in development (time)
⟳\tBlack has a moderate lead in development (time)
\tWhite has a decisive lead in development (time)
\tBlack has a decisive lead in development (time)
↑\tWhite has the initiative
↑\tBlack has the initiative
\tWhite has a lasting initiative
\tBlack has a lasting initiative
→\tWhite has the attack
→\tBlack has the attack
\tWhite lacks enough compensation for the material deficit
\tBlack lacks enough compensation for the material deficit
=/∞\tWhite has enough compensation for the material deficit
=/∞\tBlack has enough compensation for the material deficit
\tWhite has more than enough compensation for the material deficit
\tBlack has more than enough compensation for the material deficit
\tWhite has slightly better control of the centre
\tBlack has slightly better control of the centre
\tWhite has clearly better control of the centre
\tBlack has clearly better control of the centre
\tWhite has decisive control of the centre
\tBlack has decisive control of the centre
\tWhite has slightly better control of the kingside
\tBlack has slightly better control of the kingside
\tWhite has clearly better control of the kingside
\tBlack has clearly better control of the kingside
\tWhite has decisive control of the kingside
\tBlack has decisive control of the kingside
\tWhite has slightly better control of the queenside
\tBlack has slightly better control of the queenside
\tWhite has clearly better control of the queenside
\tBlack has clearly better control of the queenside
\tWhite has decisive control of the queenside
\tBlack has decisive control of the queenside
\tWhite's first rank is vulnerable
\tBlack's first rank is vulnerable
\tWhite's first rank is well protected
\tBlack's first rank is well protected
\tWhite's king is poorly protected
\tBlack's king is poorly protected
\tWhite's king is well protected
\tBlack's king is well protected
\tWhite's king is poorly placed
\tBlack's king is poorly placed
\tWhite's king is well placed
\tBlack's king is well placed
\tWhite's pawn structure is very weak
\tBlack's pawn structure is very weak
\tWhite's pawn structure is somewhat weak
\tBlack's pawn structure is somewhat weak
\tWhite's pawn structure is somewhat strong
\tBlack's pawn structure is somewhat strong
\tWhite's pawn structure is very strong
\tBlack's pawn structure is very strong
\tWhite's knight is poorly placed
\tBlack's knight is poorly placed
\tWhite's knight is well placed
\tBlack's knight is well placed
\tWhite's bishop is poorly placed
\tBlack's bishop is poorly placed
\tWhite's bishop is well placed
\tBlack's bishop is well placed
\tWhite's rook is poorly placed
\tBlack's rook is poorly placed
\tWhite's rook is well placed
\tBlack's rook is well placed
\tWhite's queen is poorly placed
\tBlack's queen is poorly placed
\tWhite's queen is well placed
\tBlack's queen is well placed
\tWhite's pieces are poorly coordinated
\tBlack's pieces are poorly coordinated
\tWhite's pieces are well coordinated
\tBlack's pieces are well coordinated
\tWhite played the opening very badly
\tBlack played the opening very badly
\tWhite played the opening badly
\tBlack played the opening badly
\tWhite played the opening well
\tBlack played the opening well
\tWhite played the opening very well
\tBlack played the opening very well
\tWhite played the middlegame very badly
\tBlack played the middlegame very badly
\tWhite played the middlegame badly
\tBlack played the middlegame badly
\tWhite played the middlegame well
\tBlack played the middlegame well
\tWhite played the middlegame very well
\tBlack played the middlegame very well
\tWhite played the ending very badly
\tBlack played the ending very badly
\tWhite played the ending badly
\tBlack played the ending badly
\tWhite played the ending well
\tBlack played the ending well
\tWhite played the ending very well
\tBlack played the ending very well
\tWhite has slight counterplay
\tBlack has slight counterplay
⇆\tWhite has moderate counterplay
⇆\tBlack has moderate counterplay
\tWhite has decisive counterplay
\tBlack has decisive counterplay
\tWhite is short of time
\tBlack is short of time
⊕\tWhite is in severe time trouble
⊕\tBlack is in severe time trouble
∆\twith the idea
∇\taimed against
⌓\ta better move is
\ta worse move is
\tan equally good move is
RR\teditorial comment
N\tnovelty";

/// How many lines [`TABLE`] has.
const LINES: usize = LAST_KNOWN_NAG as usize + 1;

/// Where each line of [`TABLE`] starts, and (last) one past its end.
const STARTS: [u16; LINES + 1] = line_starts(TABLE);

/// The places where the lines of `text` start (each after a line break),
/// and its length plus one, as if it ended with a line break.
const fn line_starts(text: &str) -> [u16; LINES + 1] {
    let bytes = text.as_bytes();
    let mut starts = [0u16; LINES + 1];
    let (mut i, mut line) = (0, 1);
    while i < bytes.len() {
        if bytes[i] == b'\n' {
            assert!(line < LINES, "more lines than NAGs");
            starts[line] = i as u16 + 1;
            line += 1;
        }
        i += 1;
    }
    assert!(line == LINES, "fewer lines than NAGs");
    starts[LINES] = bytes.len() as u16 + 1;
    starts
}

/// What kind of judgement a NAG number expresses.
pub fn nag_kind(nag: u8) -> NagKind {
    match nag {
        0 => NagKind::Null,
        1..=9 => NagKind::Move,
        10..=135 => NagKind::Position,
        136..=139 => NagKind::Time,
        _ => NagKind::Extension,
    }
}

/// The table row for a NAG, or `None` for numbers above [`LAST_KNOWN_NAG`].
pub fn nag_info(nag: u8) -> Option<NagInfo> {
    let n = usize::from(nag);
    let line = TABLE.get(*STARTS.get(n)? as usize..*STARTS.get(n + 1)? as usize - 1)?;
    let (glyph, meaning) = line.split_once('\t')?;
    Some(NagInfo { nag, glyph: (!glyph.is_empty()).then_some(glyph), meaning })
}

/// The NAG written by a move suffix or a symbol typed in a file: `!` `?` `!!`
/// `??` `!?` `?!` (1-6, also as the single characters `‼ ⁇ ⁉ ⁈`), `□` (7),
/// `=` (10), `∞` (13), `+=` `+/=` `⩲` (14), `=+` `=/+` `⩱` (15), `+/-` `±`
/// (16), `-/+` `∓` (17), `+-` `+−` (18) and `-+` `−+` (19); Scid's and
/// ChessBase's `~` `~~` (13), `==` (10), `=~` `=&` (12), `+--` (20), `--+`
/// (21) and `D` `D'` ([`DIAGRAM`]). Symbols that do not say which side they
/// are about (such as `⨀` or `→`) give `None` (see [`glyph_nag`]), as does
/// anything else. Surrounding white space is ignored.
pub fn nag_from_suffix(s: &str) -> Option<u8> {
    let nag = match s.trim() {
        "!" => 1,
        "?" => 2,
        "!!" | "\u{203C}" => 3,
        "??" | "\u{2047}" => 4,
        "!?" | "\u{2049}" => 5,
        "?!" | "\u{2048}" => 6,
        "\u{25A1}" => 7,
        "=" => 10,
        "\u{221E}" => 13,
        "+=" | "+/=" | "\u{2A72}" => 14,
        "=+" | "=/+" | "\u{2A71}" => 15,
        "+/-" | "\u{B1}" => 16,
        "-/+" | "\u{2213}" => 17,
        "+-" | "+\u{2212}" => 18,
        "-+" | "\u{2212}+" => 19,
        "~" | "~~" | "inf" => 13,
        "==" => 10,
        "=~" | "=&" => 12,
        "+--" => 20,
        "--+" => 21,
        "RR" => 145,
        "N" | "TN" => 146,
        "D" | "D'" => DIAGRAM,
        _ => return None,
    };
    Some(nag)
}

/// The NAG Scid and ChessBase write as `D` (or `D'`): a diagram of the
/// position after the move (not in the standard's table).
pub const DIAGRAM: u8 = 201;

/// The NAG of a glyph written after a move, as Informant, Scid and
/// ChessBase write them: those of [`nag_from_suffix`], and the glyphs that
/// name no side, read as being about the side that just moved
/// (`white_moved`): compensation `=/∞` `=/~` `~=` `=∞` `=/&` (44/45),
/// space `○` (26/27), development `⟳` (32/33), initiative `↑` (36/37),
/// attack `→` (40/41), counterplay `⇆` (132/133) and time trouble `⊕`
/// (138/139).
///
/// ```
/// use movetext_core::nag::glyph_nag;
///
/// assert_eq!(glyph_nag("+-", true), Some(18));
/// assert_eq!(glyph_nag("=/~", true), Some(44));
/// assert_eq!(glyph_nag("=/\u{221E}", false), Some(45));
/// assert_eq!(glyph_nag("D", true), Some(201));
/// assert_eq!(glyph_nag("Nf3", true), None);
/// ```
pub fn glyph_nag(s: &str, white_moved: bool) -> Option<u8> {
    if let Some(n) = nag_from_suffix(s) {
        return Some(n);
    }
    let white = match s.trim() {
        "=/\u{221E}" | "=/~" | "~=" | "=\u{221E}" | "=/&" => 44,
        "\u{25CB}" => 26,
        "\u{27F3}" => 32,
        "\u{2191}" => 36,
        "\u{2192}" => 40,
        "\u{21C6}" => 132,
        "\u{2295}" => 138,
        _ => return None,
    };
    Some(if white_moved { white } else { white + 1 })
}

/// The longest glyph [`glyph_nag`] reads at the end of `word` after at least
/// one other byte: where it starts, and its NAG (`Nf3+-`, `d4+=`, `Nxd4+/-`).
pub fn glued_glyph(word: &[u8], white_moved: bool) -> Option<(usize, u8)> {
    (1..word.len()).find_map(|cut| {
        let glyph = std::str::from_utf8(&word[cut..]).ok()?;
        // A single `=` or `+` belongs to the move (a promotion, a check);
        // letters are the move's own.
        if matches!(glyph, "=" | "+" | "#" | "!" | "?") || glyph.as_bytes()[0].is_ascii_alphanumeric() {
            return None;
        }
        glyph_nag(glyph, white_moved).map(|n| (cut, n))
    })
}

/// How to show a NAG: its glyph when it has one, otherwise `$n`.
pub fn nag_glyph_for_display(nag: u8) -> String {
    match nag_info(nag).and_then(|info| info.glyph) {
        Some(glyph) => glyph.to_string(),
        None => format!("${nag}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_covers_standard_range_and_extensions() {
        for n in 0..=LAST_KNOWN_NAG {
            let info = nag_info(n).expect("entry");
            assert_eq!(info.nag, n);
            assert!(!info.meaning.is_empty());
            assert_eq!(info.meaning.trim(), info.meaning);
        }
        for n in LAST_KNOWN_NAG + 1..=u8::MAX {
            assert_eq!(nag_info(n), None);
        }
    }

    #[test]
    fn well_known_entries() {
        let glyph = |n| nag_info(n).and_then(|i| i.glyph);
        let meaning = |n| nag_info(n).map(|i| i.meaning).unwrap_or("");
        assert_eq!(glyph(0), None);
        assert_eq!(meaning(0), "null annotation");
        assert_eq!(glyph(1), Some("!"));
        assert_eq!(glyph(2), Some("?"));
        assert_eq!(glyph(3), Some("!!"));
        assert_eq!(glyph(4), Some("??"));
        assert_eq!(glyph(5), Some("!?"));
        assert_eq!(glyph(6), Some("?!"));
        assert_eq!(glyph(7), Some("□"));
        assert_eq!(glyph(10), Some("="));
        assert_eq!(glyph(13), Some("∞"));
        assert_eq!(glyph(14), Some("⩲"));
        assert_eq!(glyph(15), Some("⩱"));
        assert_eq!(glyph(16), Some("±"));
        assert_eq!(glyph(17), Some("∓"));
        assert_eq!(glyph(18), Some("+−"));
        assert_eq!(glyph(19), Some("−+"));
        assert_eq!(glyph(22), Some("⨀"));
        assert_eq!(glyph(23), Some("⨀"));
        assert_eq!(glyph(32), Some("⟳"));
        assert_eq!(glyph(36), Some("↑"));
        assert_eq!(glyph(40), Some("→"));
        assert_eq!(glyph(44), Some("=/∞"));
        assert_eq!(glyph(132), Some("⇆"));
        assert_eq!(glyph(138), Some("⊕"));
        assert_eq!(glyph(140), Some("∆"));
        assert_eq!(glyph(142), Some("⌓"));
        assert_eq!(glyph(145), Some("RR"));
        assert_eq!(glyph(146), Some("N"));
        assert_eq!(meaning(146), "novelty");
        assert_eq!(meaning(115), "Black played the middlegame very badly");
        assert_eq!(meaning(139), "Black is in severe time trouble");
    }

    #[test]
    fn sides_alternate_white_black() {
        for n in 14..=139u8 {
            let m = nag_info(n).map(|i| i.meaning).unwrap_or("");
            let side = if n % 2 == 0 { "White" } else { "Black" };
            assert!(m.starts_with(side), "{n}: {m}");
            // The pair differs only in the side.
            if n % 2 == 0 {
                let other = nag_info(n + 1).map(|i| i.meaning).unwrap_or("");
                let swapped = m.replace("White", "\u{0}").replace("Black", "White").replace('\u{0}', "Black");
                assert_eq!(other, swapped, "{n}");
            }
        }
    }

    #[test]
    fn kinds() {
        assert_eq!(nag_kind(0), NagKind::Null);
        assert_eq!(nag_kind(1), NagKind::Move);
        assert_eq!(nag_kind(9), NagKind::Move);
        assert_eq!(nag_kind(10), NagKind::Position);
        assert_eq!(nag_kind(135), NagKind::Position);
        assert_eq!(nag_kind(136), NagKind::Time);
        assert_eq!(nag_kind(139), NagKind::Time);
        assert_eq!(nag_kind(140), NagKind::Extension);
        assert_eq!(nag_kind(255), NagKind::Extension);
        assert_eq!(nag_info(138).map(|i| i.kind()), Some(NagKind::Time));
    }

    #[test]
    fn suffixes_and_typed_symbols() {
        let cases = [
            ("!", 1),
            ("?", 2),
            ("!!", 3),
            ("??", 4),
            ("!?", 5),
            ("?!", 6),
            ("‼", 3),
            ("⁇", 4),
            ("⁉", 5),
            ("⁈", 6),
            ("□", 7),
            ("=", 10),
            ("∞", 13),
            ("+=", 14),
            ("+/=", 14),
            ("⩲", 14),
            ("=+", 15),
            ("=/+", 15),
            ("⩱", 15),
            ("+/-", 16),
            ("±", 16),
            ("-/+", 17),
            ("∓", 17),
            ("+-", 18),
            ("+−", 18),
            ("-+", 19),
            ("−+", 19),
            (" !? ", 5),
        ];
        for (s, n) in cases {
            assert_eq!(nag_from_suffix(s), Some(n), "{s:?}");
        }
        for (s, n) in [("N", 146), ("TN", 146), ("RR", 145), ("inf", 13), ("~", 13)] {
            assert_eq!(nag_from_suffix(s), Some(n), "{s:?}");
        }
        // ⨀ is zugzwang and =/∞ compensation for either side: the reader
        // decides zugzwang by the position.
        for s in ["", "!!!", "?!?", "⨀", "→", "$1", "1", "+", "-", "=/∞"] {
            assert_eq!(nag_from_suffix(s), None, "{s:?}");
        }
    }

    #[test]
    fn glyphs_read_back_when_unambiguous() {
        for n in 0..=LAST_KNOWN_NAG {
            if let Some(g) = nag_info(n).and_then(|i| i.glyph) {
                if let Some(back) = nag_from_suffix(g) {
                    assert_eq!(back, n, "{g}");
                }
            }
        }
        for n in [1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19] {
            assert_eq!(nag_from_suffix(&nag_glyph_for_display(n)), Some(n));
        }
    }

    #[test]
    fn display_form() {
        assert_eq!(nag_glyph_for_display(1), "!");
        assert_eq!(nag_glyph_for_display(18), "+−");
        assert_eq!(nag_glyph_for_display(0), "$0");
        assert_eq!(nag_glyph_for_display(11), "$11");
        assert_eq!(nag_glyph_for_display(200), "$200");
        assert_eq!(nag_glyph_for_display(255), "$255");
    }

    #[test]
    fn palette_entries_exist() {
        assert!(COMMON_NAGS.iter().all(|&n| nag_info(n).is_some()));
        let mut sorted = COMMON_NAGS.to_vec();
        sorted.dedup();
        assert_eq!(sorted.len(), COMMON_NAGS.len());
        assert!(COMMON_NAGS.iter().all(|&n| nag_info(n).and_then(|i| i.glyph).is_some()));
    }
}
