//! Piece letters of other languages: the app writes moves with them, and the
//! reader reads moves written with them (`Sf3`, `Cf3`, `Кf3`).
//!
//! ```
//! use movetext_core::piece_letters::{LANGUAGES, to_english};
//! let german = &LANGUAGES[0];
//! assert_eq!(german.letters, ["K", "D", "T", "L", "S"]);
//! assert_eq!(to_english("Sxe5", &german.letters).as_deref(), Some("Nxe5"));
//! assert_eq!(to_english("e8=D+", &german.letters).as_deref(), Some("e8=Q+"));
//! assert_eq!(to_english("e4", &german.letters), None);
//! ```

/// A language's letters for the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language {
    /// Short code, as `de`.
    pub code: &'static str,
    /// The language's name in itself.
    pub name: &'static str,
    /// English name of the language.
    pub english: &'static str,
    /// Letters for king, queen, rook, bishop and knight.
    pub letters: [&'static str; 5],
}

/// Languages whose piece letters are read and written; Spanish and Italian
/// share theirs.
pub const LANGUAGES: [Language; 6] = [
    Language { code: "de", name: "Deutsch", english: "German", letters: ["K", "D", "T", "L", "S"] },
    Language { code: "fr", name: "Français", english: "French", letters: ["R", "D", "T", "F", "C"] },
    Language { code: "es", name: "Español", english: "Spanish", letters: ["R", "D", "T", "A", "C"] },
    Language { code: "it", name: "Italiano", english: "Italian", letters: ["R", "D", "T", "A", "C"] },
    Language { code: "nl", name: "Nederlands", english: "Dutch", letters: ["K", "D", "T", "L", "P"] },
    Language { code: "ru", name: "Русский", english: "Russian", letters: ["Кр", "Ф", "Л", "С", "К"] },
];

/// The English letters, in the order of [`Language::letters`].
const ENGLISH: [char; 5] = ['K', 'Q', 'R', 'B', 'N'];

/// The letter of `letters` (the longest) that `s` starts with, among the
/// pieces `from..5`: its index and length.
fn letter_at(s: &str, letters: &[&str; 5], from: usize) -> Option<(usize, usize)> {
    (from..5).filter(|&i| s.starts_with(letters[i])).max_by_key(|&i| letters[i].len()).map(|i| (i, letters[i].len()))
}

/// A move written with `letters` in English SAN: the piece letter at its
/// start and the promotion piece (after `=`, or after the last rank) are
/// replaced. `None` when it has no such letter.
pub fn to_english(word: &str, letters: &[&str; 5]) -> Option<String> {
    let mut out = String::with_capacity(word.len());
    let mut rest = word;
    let mut changed = false;
    if let Some((i, len)) = letter_at(rest, letters, 0) {
        out.push(ENGLISH[i]);
        rest = &rest[len..];
        changed = true;
    }
    while let Some(c) = rest.chars().next() {
        let promotion = matches!(out.chars().last(), Some('=' | '1' | '8'));
        if let (true, Some((i, len))) = (promotion, letter_at(rest, letters, 1)) {
            out.push(ENGLISH[i]);
            rest = &rest[len..];
            changed = true;
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_in_each_language_read_as_english() {
        let cases = [
            ("de", "Sf3", "Nf3"),
            ("de", "Lxb5+", "Bxb5+"),
            ("fr", "Cc6", "Nc6"),
            ("fr", "Rg1", "Kg1"),
            ("es", "Axf7#", "Bxf7#"),
            ("it", "Dd1", "Qd1"),
            ("nl", "Pf6", "Nf6"),
            ("ru", "Крe2", "Ke2"),
            ("ru", "Кf3", "Nf3"),
            ("ru", "e8=Ф", "e8=Q"),
            ("de", "a1T", "a1R"),
        ];
        for (code, written, english) in cases {
            let lang = LANGUAGES.iter().find(|l| l.code == code).unwrap();
            assert_eq!(to_english(written, &lang.letters).as_deref(), Some(english), "{code} {written}");
        }
        // A pawn move, castling and a file letter stay as they are.
        for word in ["e4", "O-O", "exd5"] {
            assert_eq!(to_english(word, &LANGUAGES[1].letters), None, "{word}");
        }
    }
}
