//! Diagnostics: every repair and every error the reader meets, with where it is.

use std::fmt;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Something was repaired; the game reads as the author meant it.
    Fixed,
    /// Something unusual that was kept as it is.
    Warning,
    /// Something that could not be understood; it is kept verbatim.
    Error,
}

impl Severity {
    /// The lower-case name used in JSON and in the app: `error`, `warning`, `fixed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Fixed => "fixed",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One diagnostic: severity, byte span in the file, 1-based line and column
/// (column counted in characters), and a message for a chess player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// Byte offsets in the file this game was read from (start, end).
    pub span: (usize, usize),
    /// 1-based line in the file.
    pub line: u32,
    /// 1-based column in characters.
    pub col: u32,
    /// What happened, in words (English): the text of [`key`](Self::key)
    /// with [`args`](Self::args) put in. Empty in a build without the
    /// crate's `messages` feature (on by default).
    pub message: String,
    /// Which message this is, a key of
    /// [`DIAGNOSTIC_MESSAGES`](crate::diagnostic_messages::DIAGNOSTIC_MESSAGES)
    /// (such as `tag-no-quotes`), for saying it in another language.
    pub key: &'static str,
    /// The values put into the message, by the name of their `{ $name }`:
    /// tag names, moves as written, reasons given by other errors.
    pub args: Vec<(&'static str, String)>,
}

impl Diagnostic {
    /// A diagnostic with message `key` and its values `args`; its English
    /// message is made from the key's text (the key itself when the table
    /// has no such key; empty without the `messages` feature).
    pub fn new(
        severity: Severity,
        span: (usize, usize),
        (line, col): (u32, u32),
        key: &'static str,
        args: Vec<(&'static str, String)>,
    ) -> Diagnostic {
        debug_assert!(crate::diagnostic_messages::english(key).is_some(), "no diagnostic message {key}");
        let message = if cfg!(feature = "messages") {
            crate::diagnostic_messages::english(key)
                .map_or_else(|| key.to_owned(), |text| crate::diagnostic_messages::fill(text, &args))
        } else {
            String::new()
        };
        Diagnostic { severity, span, line, col, message, key, args }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}: {}", self.line, self.col, self.severity.as_str(), self.message)
    }
}

/// Finds the 1-based line and character column of byte `offset` in `text`,
/// counting LF, CRLF and lone CR as line breaks. `offset` is clamped.
pub fn line_col(text: &str, offset: usize) -> (u32, u32) {
    let (offset, line, line_start) = advance(text, (0, 1, 0), offset);
    (line, text[line_start..offset].chars().count() as u32 + 1)
}

/// Moves a position `(offset, line, line start)` in `text` on to `offset`
/// (clamped to a character boundary), counting the line breaks passed.
/// Starting from the last position asked for keeps a run of lookups linear.
pub(crate) fn advance(text: &str, from: (usize, u32, usize), offset: usize) -> (usize, u32, usize) {
    let bytes = text.as_bytes();
    let mut offset = offset.min(bytes.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let (mut at, mut line, mut line_start) = from;
    if offset < at {
        (at, line, line_start) = (0, 1, 0);
    }
    for i in memchr::memchr2_iter(b'\n', b'\r', &bytes[at..offset]) {
        let i = at + i;
        if bytes[i] == b'\n' || bytes.get(i + 1) != Some(&b'\n') {
            line += 1;
            line_start = i + 1;
        }
    }
    (offset, line, line_start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_all_line_ends() {
        let t = "ab\ncd\r\nef\rgh";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 4), (2, 2));
        assert_eq!(line_col(t, 7), (3, 1));
        assert_eq!(line_col(t, 11), (4, 2));
    }

    #[test]
    fn column_counts_characters() {
        assert_eq!(line_col("é é x", 5), (1, 4));
        // Inside a character: clamps back to its start.
        assert_eq!(line_col("éx", 1), (1, 1));
    }
}
