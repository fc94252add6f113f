//! How NAGs are shown: a glyph and a meaning for the hover text, from the
//! core's NAG table.
//!
//! Slight advantages are written `+/=` and `=/+`: the glyphs ⩲ and ⩱ are
//! missing from the fonts of many systems.

use movetext_core::nag::{nag_glyph_for_display, nag_info, nag_kind, NagKind};

use crate::text::i18n::Lang;

/// A NAG as shown: its glyph, its meaning, and whether it judges the move
/// itself (shown right after the SAN) or the position (shown after it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NagView {
    /// The glyph, e.g. `!?` or `±`; `$n` for a NAG without one.
    pub glyph: String,
    /// The meaning in words; empty when unknown.
    pub meaning: &'static str,
    /// True for NAGs 1-9, which judge the move.
    pub judges_move: bool,
}

/// How to show a NAG, its meaning in English.
pub fn nag_view(nag: u8) -> NagView {
    let glyph = match nag_glyph_for_display(nag).as_str() {
        "\u{2A72}" => "+/=".to_owned(),
        "\u{2A71}" => "=/+".to_owned(),
        other => other.to_owned(),
    };
    NagView {
        glyph,
        meaning: nag_info(nag).map_or("", |info| info.meaning),
        judges_move: nag_kind(nag) == NagKind::Move,
    }
}

/// How to show a NAG, its meaning in `lang` (English where `lang` has none).
pub fn nag_view_in(nag: u8, lang: Lang) -> NagView {
    NagView { meaning: lang.nag_meaning(nag), ..nag_view(nag) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_and_meanings() {
        assert_eq!(nag_view(1).glyph, "!");
        assert!(nag_view(6).judges_move);
        assert_eq!(nag_view(14).glyph, "+/=");
        assert!(!nag_view(18).judges_move);
        assert!(!nag_view(18).meaning.is_empty());
        assert_eq!(nag_view(200).glyph, "$200");
        assert_eq!(nag_view_in(3, Lang::En), nag_view(3));
        #[cfg(feature = "app-words")]
        assert_eq!(nag_view_in(3, Lang::Fr).meaning, "coup brillant");
    }
}
