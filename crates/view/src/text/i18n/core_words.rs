//! The core's words in the reader's language: what the reader says about a
//! game (`diag-<key>` in `locales/app`, one message for each key of
//! [`DIAGNOSTIC_MESSAGES`](movetext_core::diagnostic_messages::DIAGNOSTIC_MESSAGES))
//! and the meanings of NAGs (`nag-<n>` in `locales/app/nags`). Where a
//! language lacks one they are said in English, as the core says them. The
//! widget's build leaves these words out and is given those of the page's
//! language while running ([`add_words`](super::add_words)).

use movetext_core::nag::nag_info;
use movetext_core::Diagnostic;

use super::Lang;

impl Lang {
    /// What diagnostic `d` says, in the language (its English message when
    /// the language has no text for its key).
    pub fn diagnostic(self, d: &Diagnostic) -> String {
        let text = self.text(&format!("diag-{}", d.key));
        if text.is_empty() {
            return d.message.clone();
        }
        // A glyph read as a NAG is said with the NAG's meaning in the language.
        let meaning = match d.key {
            "glyph-read" => d
                .args
                .iter()
                .find(|(name, _)| *name == "nag")
                .and_then(|(_, n)| n.parse::<u8>().ok())
                .map(|n| self.nag_meaning(n))
                .filter(|m| !m.is_empty()),
            _ => None,
        };
        let args: Vec<(&str, &str)> = d
            .args
            .iter()
            .map(|(name, value)| match (*name, meaning) {
                ("meaning", Some(m)) => (*name, m),
                _ => (*name, value.as_str()),
            })
            .collect();
        super::fill(text, &args)
    }

    /// The meaning of NAG `nag` in the language (the core's English where
    /// the language has none); empty for a NAG without a meaning.
    pub fn nag_meaning(self, nag: u8) -> &'static str {
        match nag_info(nag).map_or("", |info| info.meaning) {
            "" => "",
            english => match self.text(&format!("nag-{nag}")) {
                "" => english,
                text => text,
            },
        }
    }
}

#[cfg(all(test, feature = "app-words"))]
mod tests {
    use super::super::{messages, LANGS};
    use super::*;
    use movetext_core::diagnostic_messages::{placeholders, DIAGNOSTIC_MESSAGES};
    use movetext_core::read_game;
    use std::collections::HashMap;

    fn sorted(mut v: Vec<&str>) -> Vec<&str> {
        v.sort_unstable();
        v
    }

    #[test]
    fn every_diagnostic_key_has_a_message_in_every_language() {
        for lang in LANGS {
            let table: HashMap<_, _> = messages(lang.app_source()).into_iter().collect();
            for (key, english) in DIAGNOSTIC_MESSAGES {
                let text = table
                    .get(format!("diag-{key}").as_str())
                    .unwrap_or_else(|| panic!("{}: diag-{key} missing", lang.tag()));
                assert_eq!(sorted(placeholders(text)), sorted(placeholders(english)), "{}: diag-{key}", lang.tag());
                if lang == Lang::En {
                    assert_eq!(text, english, "diag-{key} reads as the core's English");
                }
            }
        }
    }

    #[test]
    fn diagnostics_are_said_in_the_language() {
        let g = read_game(b"[White Anna]\n\n1. e4 \xc2\xb1 e5 2. Mf3 *");
        let said = |lang: Lang| g.diagnostics().iter().map(|d| lang.diagnostic(d)).collect::<Vec<_>>();
        let english: Vec<String> = g.diagnostics().iter().map(|d| d.message.clone()).collect();
        assert_eq!(said(Lang::En), english);
        assert_eq!(
            said(Lang::De)[..2],
            [
                "der Wert des Tags White steht nicht in Anführungszeichen",
                "± als Kommentarzeichen $16 (Weiß steht klar besser) gelesen",
            ]
        );
        assert!(
            said(Lang::Ru)[2].starts_with("2. Mf3 не является ходом (M — не буква фигуры в PGN"),
            "{:?}",
            said(Lang::Ru)
        );
        // A key the files do not know: the English message.
        let mut odd = g.diagnostics()[0].clone();
        odd.key = "no-such-key";
        assert_eq!(Lang::Fr.diagnostic(&odd), odd.message);
    }

    #[test]
    fn every_nag_with_a_meaning_has_one_in_every_language() {
        let mut known = 0;
        for n in 0..=255u8 {
            let Some(english) = nag_info(n).map(|i| i.meaning).filter(|m| !m.is_empty()) else { continue };
            known += 1;
            for lang in LANGS {
                let table: HashMap<_, _> = messages(lang.nag_source()).into_iter().collect();
                let text =
                    table.get(format!("nag-{n}").as_str()).unwrap_or_else(|| panic!("{}: nag-{n} missing", lang.tag()));
                assert!(!text.is_empty(), "{}: nag-{n}", lang.tag());
                if lang == Lang::En {
                    assert_eq!(*text, english, "nag-{n} reads as the core's meaning");
                }
            }
        }
        assert!(known > 140);
        assert_eq!(Lang::De.nag_meaning(1), "guter Zug");
        assert_eq!(Lang::Ru.nag_meaning(19), "У чёрных решающее преимущество");
        assert_eq!(Lang::Es.nag_meaning(200), "");
    }
}
