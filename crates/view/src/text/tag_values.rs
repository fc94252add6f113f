//! A game's tags as the page writes them, one rule for the app's screen,
//! its print and images, and the widget: a player's name the file leaves
//! out (no tag, an empty value, `?`, `-`, `0`) is the side's word in the
//! reader's language ("White", "Black"), and a date is written with the
//! parts that are known (`1858`, `1858.06`, `1858.06.21`).

use movetext_core::PgnDate;

use crate::text::i18n::Lang;

/// A player's name worth showing: trimmed, and none when it is missing
/// (absent, empty, `0`, or only `?`, `-` and `.`).
pub fn known_name(value: Option<&str>) -> Option<&str> {
    let v = value?.trim();
    (v != "0" && !v.bytes().all(|b| matches!(b, b'?' | b'-' | b'.'))).then_some(v)
}

/// The name of White's player (`white`) or Black's: the tag's value, or the
/// side's word in `lang` when the name is missing.
pub fn player_name(value: Option<&str>, white: bool, lang: Lang) -> &str {
    known_name(value).unwrap_or_else(|| lang.text(if white { "side-white" } else { "side-black" }))
}

/// A date's known parts, as the page shows a date: `1858.??.??` is `1858`,
/// `1858.06.??` is `1858.06`; a date the standard's reader does not read is
/// shown as written, and one with nothing known (`????.??.??`) not at all.
pub fn shown_date(value: Option<&str>) -> Option<String> {
    let v = value?.trim();
    if v.chars().all(|c| matches!(c, '?' | '.')) {
        return None;
    }
    let standard = v.parse::<PgnDate>().map_or_else(|_| v.to_owned(), |d| d.to_string());
    Some(standard.trim_end_matches(".??").trim_end_matches(".??").to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_name_is_the_side() {
        for missing in [None, Some(""), Some("  "), Some("?"), Some("??"), Some("-"), Some("0")] {
            assert_eq!(known_name(missing), None, "{missing:?}");
            assert_eq!(player_name(missing, true, Lang::En), "White");
            assert_eq!(player_name(missing, false, Lang::En), "Black");
        }
        assert_eq!(player_name(Some(" Morphy, Paul "), true, Lang::En), "Morphy, Paul");
        assert_eq!(known_name(Some("0-0 Club")), Some("0-0 Club"));
    }

    #[test]
    fn a_date_shows_its_known_parts() {
        assert_eq!(shown_date(Some("1858.??.??")).as_deref(), Some("1858"));
        assert_eq!(shown_date(Some("1858.06.??")).as_deref(), Some("1858.06"));
        assert_eq!(shown_date(Some("1858.06.21")).as_deref(), Some("1858.06.21"));
        assert_eq!(shown_date(Some("1858-06")).as_deref(), Some("1858.06"));
        assert_eq!(shown_date(Some("Summer 1858")).as_deref(), Some("Summer 1858"));
        assert_eq!(shown_date(Some("????.??.??")), None);
        assert_eq!(shown_date(Some(" ")), None);
        assert_eq!(shown_date(None), None);
    }
}
