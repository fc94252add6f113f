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

/// Glyph and meaning of NAGs 0 to [`LAST_KNOWN_NAG`], indexed by number.
/// Even numbers from 14 to 139 are about White and odd ones about Black.
const TABLE: [(Option<&str>, &str); LAST_KNOWN_NAG as usize + 1] = [
    (None, "null annotation"),                                                  // 0
    (Some("!"), "good move"),                                                   // 1
    (Some("?"), "mistake"),                                                     // 2
    (Some("!!"), "brilliant move"),                                             // 3
    (Some("??"), "blunder"),                                                    // 4
    (Some("!?"), "interesting move"),                                           // 5
    (Some("?!"), "dubious move"),                                               // 6
    (Some("□"), "forced move (every other move loses quickly)"),                // 7
    (None, "only move (no reasonable alternative)"),                            // 8
    (None, "worst move"),                                                       // 9
    (Some("="), "drawish position"),                                            // 10
    (None, "equal chances, quiet position"),                                    // 11
    (None, "equal chances, active position"),                                   // 12
    (Some("∞"), "unclear position"),                                            // 13
    (Some("⩲"), "White is slightly better"),                                    // 14
    (Some("⩱"), "Black is slightly better"),                                    // 15
    (Some("±"), "White is clearly better"),                                     // 16
    (Some("∓"), "Black is clearly better"),                                     // 17
    (Some("+\u{2212}"), "White has a decisive advantage"),                      // 18
    (Some("\u{2212}+"), "Black has a decisive advantage"),                      // 19
    (None, "White has a crushing advantage (Black should resign)"),             // 20
    (None, "Black has a crushing advantage (White should resign)"),             // 21
    (Some("⨀"), "White is in zugzwang"),                                        // 22
    (Some("⨀"), "Black is in zugzwang"),                                        // 23
    (None, "White has a slight space advantage"),                               // 24
    (None, "Black has a slight space advantage"),                               // 25
    (Some("○"), "White has a moderate space advantage"),                        // 26
    (Some("○"), "Black has a moderate space advantage"),                        // 27
    (None, "White has a decisive space advantage"),                             // 28
    (None, "Black has a decisive space advantage"),                             // 29
    (None, "White has a slight lead in development (time)"),                    // 30
    (None, "Black has a slight lead in development (time)"),                    // 31
    (Some("⟳"), "White has a moderate lead in development (time)"),             // 32
    (Some("⟳"), "Black has a moderate lead in development (time)"),             // 33
    (None, "White has a decisive lead in development (time)"),                  // 34
    (None, "Black has a decisive lead in development (time)"),                  // 35
    (Some("↑"), "White has the initiative"),                                    // 36
    (Some("↑"), "Black has the initiative"),                                    // 37
    (None, "White has a lasting initiative"),                                   // 38
    (None, "Black has a lasting initiative"),                                   // 39
    (Some("→"), "White has the attack"),                                        // 40
    (Some("→"), "Black has the attack"),                                        // 41
    (None, "White lacks enough compensation for the material deficit"),         // 42
    (None, "Black lacks enough compensation for the material deficit"),         // 43
    (Some("=/∞"), "White has enough compensation for the material deficit"),    // 44
    (Some("=/∞"), "Black has enough compensation for the material deficit"),    // 45
    (None, "White has more than enough compensation for the material deficit"), // 46
    (None, "Black has more than enough compensation for the material deficit"), // 47
    (None, "White has slightly better control of the centre"),                  // 48
    (None, "Black has slightly better control of the centre"),                  // 49
    (None, "White has clearly better control of the centre"),                   // 50
    (None, "Black has clearly better control of the centre"),                   // 51
    (None, "White has decisive control of the centre"),                         // 52
    (None, "Black has decisive control of the centre"),                         // 53
    (None, "White has slightly better control of the kingside"),                // 54
    (None, "Black has slightly better control of the kingside"),                // 55
    (None, "White has clearly better control of the kingside"),                 // 56
    (None, "Black has clearly better control of the kingside"),                 // 57
    (None, "White has decisive control of the kingside"),                       // 58
    (None, "Black has decisive control of the kingside"),                       // 59
    (None, "White has slightly better control of the queenside"),               // 60
    (None, "Black has slightly better control of the queenside"),               // 61
    (None, "White has clearly better control of the queenside"),                // 62
    (None, "Black has clearly better control of the queenside"),                // 63
    (None, "White has decisive control of the queenside"),                      // 64
    (None, "Black has decisive control of the queenside"),                      // 65
    (None, "White's first rank is vulnerable"),                                 // 66
    (None, "Black's first rank is vulnerable"),                                 // 67
    (None, "White's first rank is well protected"),                             // 68
    (None, "Black's first rank is well protected"),                             // 69
    (None, "White's king is poorly protected"),                                 // 70
    (None, "Black's king is poorly protected"),                                 // 71
    (None, "White's king is well protected"),                                   // 72
    (None, "Black's king is well protected"),                                   // 73
    (None, "White's king is poorly placed"),                                    // 74
    (None, "Black's king is poorly placed"),                                    // 75
    (None, "White's king is well placed"),                                      // 76
    (None, "Black's king is well placed"),                                      // 77
    (None, "White's pawn structure is very weak"),                              // 78
    (None, "Black's pawn structure is very weak"),                              // 79
    (None, "White's pawn structure is somewhat weak"),                          // 80
    (None, "Black's pawn structure is somewhat weak"),                          // 81
    (None, "White's pawn structure is somewhat strong"),                        // 82
    (None, "Black's pawn structure is somewhat strong"),                        // 83
    (None, "White's pawn structure is very strong"),                            // 84
    (None, "Black's pawn structure is very strong"),                            // 85
    (None, "White's knight is poorly placed"),                                  // 86
    (None, "Black's knight is poorly placed"),                                  // 87
    (None, "White's knight is well placed"),                                    // 88
    (None, "Black's knight is well placed"),                                    // 89
    (None, "White's bishop is poorly placed"),                                  // 90
    (None, "Black's bishop is poorly placed"),                                  // 91
    (None, "White's bishop is well placed"),                                    // 92
    (None, "Black's bishop is well placed"),                                    // 93
    (None, "White's rook is poorly placed"),                                    // 94
    (None, "Black's rook is poorly placed"),                                    // 95
    (None, "White's rook is well placed"),                                      // 96
    (None, "Black's rook is well placed"),                                      // 97
    (None, "White's queen is poorly placed"),                                   // 98
    (None, "Black's queen is poorly placed"),                                   // 99
    (None, "White's queen is well placed"),                                     // 100
    (None, "Black's queen is well placed"),                                     // 101
    (None, "White's pieces are poorly coordinated"),                            // 102
    (None, "Black's pieces are poorly coordinated"),                            // 103
    (None, "White's pieces are well coordinated"),                              // 104
    (None, "Black's pieces are well coordinated"),                              // 105
    (None, "White played the opening very badly"),                              // 106
    (None, "Black played the opening very badly"),                              // 107
    (None, "White played the opening badly"),                                   // 108
    (None, "Black played the opening badly"),                                   // 109
    (None, "White played the opening well"),                                    // 110
    (None, "Black played the opening well"),                                    // 111
    (None, "White played the opening very well"),                               // 112
    (None, "Black played the opening very well"),                               // 113
    (None, "White played the middlegame very badly"),                           // 114
    (None, "Black played the middlegame very badly"),                           // 115
    (None, "White played the middlegame badly"),                                // 116
    (None, "Black played the middlegame badly"),                                // 117
    (None, "White played the middlegame well"),                                 // 118
    (None, "Black played the middlegame well"),                                 // 119
    (None, "White played the middlegame very well"),                            // 120
    (None, "Black played the middlegame very well"),                            // 121
    (None, "White played the ending very badly"),                               // 122
    (None, "Black played the ending very badly"),                               // 123
    (None, "White played the ending badly"),                                    // 124
    (None, "Black played the ending badly"),                                    // 125
    (None, "White played the ending well"),                                     // 126
    (None, "Black played the ending well"),                                     // 127
    (None, "White played the ending very well"),                                // 128
    (None, "Black played the ending very well"),                                // 129
    (None, "White has slight counterplay"),                                     // 130
    (None, "Black has slight counterplay"),                                     // 131
    (Some("⇆"), "White has moderate counterplay"),                              // 132
    (Some("⇆"), "Black has moderate counterplay"),                              // 133
    (None, "White has decisive counterplay"),                                   // 134
    (None, "Black has decisive counterplay"),                                   // 135
    (None, "White is short of time"),                                           // 136
    (None, "Black is short of time"),                                           // 137
    (Some("⊕"), "White is in severe time trouble"),                             // 138
    (Some("⊕"), "Black is in severe time trouble"),                             // 139
    (Some("∆"), "with the idea"),                                               // 140
    (Some("∇"), "aimed against"),                                               // 141
    (Some("⌓"), "a better move is"),                                            // 142
    (None, "a worse move is"),                                                  // 143
    (None, "an equally good move is"),                                          // 144
    (Some("RR"), "editorial comment"),                                          // 145
    (Some("N"), "novelty"),                                                     // 146
];

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
    TABLE.get(usize::from(nag)).map(|&(glyph, meaning)| NagInfo { nag, glyph, meaning })
}

/// The NAG written by a move suffix or a symbol typed in a file: `!` `?` `!!`
/// `??` `!?` `?!` (1-6, also as the single characters `‼ ⁇ ⁉ ⁈`), `□` (7),
/// `=` (10), `∞` (13), `+=` `+/=` `⩲` (14), `=+` `=/+` `⩱` (15), `+/-` `±`
/// (16), `-/+` `∓` (17), `+-` `+−` (18) and `-+` `−+` (19). Symbols that do
/// not say which side they favour (such as `⨀` or `→`) give `None`, as does
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
        "~" | "inf" => 13,
        "RR" => 145,
        "N" | "TN" => 146,
        _ => return None,
    };
    Some(nag)
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
