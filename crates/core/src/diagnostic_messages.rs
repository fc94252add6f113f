//! The English text of every diagnostic, by key. A diagnostic carries its
//! key and the values put into its text, so that a program can say it in
//! another language; its English message is always made from this table.
//!
//! Texts are written as Fluent messages are: `{ $name }` where a value goes.
//!
//! ```
//! use movetext_core::diagnostic_messages::{english, fill};
//! let text = english("tag-no-quotes").unwrap();
//! assert_eq!(fill(text, &[("tag", "White")]), "the value of tag White has no quotes");
//! ```

/// Every diagnostic's key and English text, `{ $name }` where a value goes.
pub const DIAGNOSTIC_MESSAGES: &[(&str, &str)] = &[
    ("not-utf8", "this game is not valid UTF-8; it was read as Windows-1252 (Latin-1)"),
    ("tag-no-name", "a tag without a name"),
    ("tag-no-quotes", "the value of tag { $tag } has no quotes"),
    ("tag-no-closing-quote", "the value of tag { $tag } has no closing quote"),
    (
        "tag-inner-quotes",
        "the value of tag { $tag } holds quotes without a backslash; it runs to the last quote before ]",
    ),
    ("tag-no-bracket", "tag { $tag } has no closing ]"),
    ("tag-repeated", "tag { $tag } appears more than once; the first value is used"),
    ("tag-renamed", "tag { $tag } read as { $name }"),
    ("setup-without-fen", "SetUp is 1 but there is no FEN tag; the game starts from the usual position"),
    ("fen-without-setup", "a FEN tag without SetUp \"1\": the FEN is used"),
    ("fen-unreadable", "the FEN tag cannot be read ({ $reason }); the game starts from the usual position"),
    ("fen-chess960", "the FEN has Chess960 castling rights: read as Chess960"),
    (
        "fen-rights-dropped",
        "the FEN has impossible castling rights or en passant square ({ $reason }); they were dropped",
    ),
    ("fen-illegal", "the FEN is not a legal position ({ $reason }); the game starts from the usual position"),
    ("variation-without-moves", "a variation without moves: its comment is kept after the move before it"),
    ("variant-unsupported", "variant { $variant } is not supported: its moves are kept as text"),
    ("lookalikes", "{ $written } read as { $read }"),
    ("forfeit", "{ $written } (a win by forfeit) read as the result { $result }"),
    ("half-result", "1/2 read as the result 1/2-1/2"),
    ("result-in-variation", "a result { $result } inside a variation was ignored"),
    ("ep-mark", "an e.p. mark after an en passant capture"),
    ("comma", "a comma after a move"),
    ("not-a-move-game", "{ $move } is not a move; it and the rest of the game are kept as text"),
    ("not-a-move-variation", "{ $move } is not a move; it and the rest of the variation are kept as text"),
    (
        "not-a-move-letter-game",
        "{ $move } is not a move ({ $letter } is not a piece letter of PGN, which writes K, Q, R, B and N); \
         it and the rest of the game are kept as text",
    ),
    (
        "not-a-move-letter-variation",
        "{ $move } is not a move ({ $letter } is not a piece letter of PGN, which writes K, Q, R, B and N); \
         it and the rest of the variation are kept as text",
    ),
    ("illegal", "{ $move } is illegal: { $reason }"),
    ("comment-not-closed", "a comment is not closed with }"),
    ("line-break", "{ $written } read as a line break"),
    ("not-a-nag", "${ $nag } is not a NAG (0 to 255); kept as a comment"),
    ("open-without-move", "a ( with no move before it; kept as a comment"),
    ("close-of-open-without-move", "the ) of a ( with no move before it; kept as a comment"),
    ("close-without-open", "a ) without a matching (; kept as a comment"),
    ("not-pgn", "\"{ $text }\" is not PGN; kept as a comment"),
    ("variations-not-closed", "{ $count } variation(s) not closed with )"),
    ("result-tag-unknown", "the game ends with { $result } but its Result tag is *; { $result } is kept"),
    ("result-unknown", "the game ends with * but its Result tag is { $tag }; { $tag } is kept"),
    ("result-mismatch", "the result { $result } does not match the Result tag { $tag }"),
    ("text-after-result", "text after the result; kept as a comment after the last move"),
    ("no-result-from-tag", "the game has no result at its end; { $result } is taken from the Result tag"),
    ("no-result", "the game has no result at its end; * (unknown) is used"),
    ("glyph-read", "{ $written } read as the annotation ${ $nag } ({ $meaning })"),
    ("preamble", "text before the game's tags is kept as a comment before its first move"),
    ("foreign-king", "{ $written } read as { $move }: { $letter } is the king in { $languages }"),
    ("foreign-queen", "{ $written } read as { $move }: { $letter } is the queen in { $languages }"),
    ("foreign-rook", "{ $written } read as { $move }: { $letter } is the rook in { $languages }"),
    ("foreign-bishop", "{ $written } read as { $move }: { $letter } is the bishop in { $languages }"),
    ("foreign-knight", "{ $written } read as { $move }: { $letter } is the knight in { $languages }"),
    (
        "wrong-number",
        "move number { $number } where { $expected } was expected; the moves are read as they stand \
         (later numbers are not checked)",
    ),
    ("result-tag-half", "the Result tag 1/2 read as 1/2-1/2"),
    ("glued-result", "{ $written } read as the move { $move } and the result { $result }"),
    ("glued-glyph", "{ $written } read as the move { $move } and the annotation { $glyph } (${ $nag })"),
    ("repair-zeros", "{ $move }: castling written with zeros"),
    ("repair-pawn-letter", "{ $move }: a pawn move written with P"),
    ("repair-no-equals", "{ $move }: a promotion written without ="),
    ("repair-ep", "{ $move }: an e.p. mark after an en passant capture"),
    ("repair-double-plus", "{ $move }: ++ written for check"),
    ("repair-long", "{ $move }: long algebraic notation"),
    ("repair-coordinates", "{ $move }: a move in coordinates"),
    ("repair-case", "{ $move }: a lower-case letter where a capital belongs"),
    ("repair-mark-order", "{ $move }: the check mark written after the annotation marks"),
    ("repair-stray-equals", "{ $move }: a stray = after a move that is no promotion; read as the move"),
    ("repair-no-capture", "{ $move }: written as a capture, but nothing is taken"),
    ("repair-capture-without-x", "{ $move }: a capture written without x"),
    ("check-not-check", "{ $move } is marked as check but gives no check"),
    ("mate-not-check", "{ $move } is marked as mate but gives no check"),
    ("mate-only-check", "{ $move } is marked as mate but is only check"),
    ("more-diagnostics", "{ $count } more diagnostics in this game are not listed"),
];

/// The English text of diagnostic `key`, `{ $name }` where a value goes.
pub fn english(key: &str) -> Option<&'static str> {
    DIAGNOSTIC_MESSAGES.iter().find(|(k, _)| *k == key).map(|(_, text)| *text)
}

/// `text` with each `{ $name }` replaced by its value in `args` (by an
/// empty string when `args` has none): the core's messages, and the
/// messages of the app's language files.
pub fn fill<N: AsRef<str>, V: AsRef<str>>(text: &str, args: &[(N, V)]) -> String {
    fill_with(text, &|name| args.iter().find(|(n, _)| n.as_ref() == name).map(|(_, v)| v.as_ref()))
}

/// [`fill`] with the value of each name from `value`: one copy of this
/// code serves every kind of argument list.
fn fill_with<'a>(text: &str, value: &dyn Fn(&str) -> Option<&'a str>) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    // Searched by their first character: a search for a longer pattern
    // would bring the standard library's substring search into the widget.
    while let Some(open) = find_from(rest, '{', "{ $") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 3..];
        let Some(close) = find_from(after, ' ', " }") else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &after[..close];
        out.push_str(value(name).unwrap_or(""));
        rest = &after[close + 2..];
    }
    out.push_str(rest);
    out
}

/// Where `pattern` (which starts with `first`) first stands in `text`.
fn find_from(text: &str, first: char, pattern: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(first) {
        if text[from + i..].starts_with(pattern) {
            return Some(from + i);
        }
        from += i + first.len_utf8();
    }
    None
}

/// The names of the values a text takes (`{ $name }`), in order.
pub fn placeholders(text: &str) -> Vec<&str> {
    text.split("{ $").skip(1).filter_map(|p| p.split_once(" }").map(|(n, _)| n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_texts_whole() {
        let mut keys: Vec<&str> = DIAGNOSTIC_MESSAGES.iter().map(|(k, _)| *k).collect();
        assert!(keys
            .iter()
            .all(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')));
        keys.sort_unstable();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "a key is given twice");
        for (key, text) in DIAGNOSTIC_MESSAGES {
            assert!(!text.is_empty() && text.trim() == *text, "{key}");
            assert!(!text.contains("  "), "{key}: {text}");
            // Every `{ $` is closed.
            assert_eq!(text.matches("{ $").count(), placeholders(text).len(), "{key}");
        }
    }

    #[test]
    fn values_are_put_in() {
        let args = vec![("result", "1-0".to_owned())];
        assert_eq!(
            fill(english("result-tag-unknown").unwrap(), &args),
            "the game ends with 1-0 but its Result tag is *; 1-0 is kept"
        );
        assert_eq!(fill("${ $nag } and { $x", &[("nag", "7")]), "$7 and { $x");
        assert_eq!(english("no-such-key"), None);
    }
}
