//! Turning bytes into text: UTF-8 when valid, else Windows-1252 (a superset
//! of Latin-1 for printable text), so that nothing is lost.

use std::borrow::Cow;

/// The UTF-8 byte order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How a piece of text was decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Valid UTF-8 (ASCII included).
    Utf8,
    /// Not UTF-8: decoded as Windows-1252.
    Windows1252,
}

/// Windows-1252 code points for bytes 0x80..=0x9F (undefined ones map to the
/// C1 control of the same value, as Latin-1 does).
const CP1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}', '\u{02C6}',
    '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{8D}', '\u{017D}', '\u{8F}', '\u{90}', '\u{2018}', '\u{2019}',
    '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}', '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}',
    '\u{0153}', '\u{9D}', '\u{017E}', '\u{0178}',
];

/// Decodes `bytes` as UTF-8 if valid, else as Windows-1252. Borrows when it can.
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, Encoding) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (Cow::Borrowed(s), Encoding::Utf8),
        Err(_) => (Cow::Owned(decode_cp1252(bytes)), Encoding::Windows1252),
    }
}

/// Decodes every byte as Windows-1252.
pub fn decode_cp1252(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0x9F => CP1252_HIGH[(b - 0x80) as usize],
            _ => b as char,
        })
        .collect()
}

/// Encodes text decoded by [`decode_cp1252`] back into the same bytes.
/// Characters outside Windows-1252 are written as UTF-8. (A check of
/// [`decode_cp1252`] in tests.)
#[cfg(test)]
pub fn encode_cp1252(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        let code = c as u32;
        if code < 0x80 || (0xA0..=0xFF).contains(&code) {
            out.push(code as u8);
        } else if let Some(i) = CP1252_HIGH.iter().position(|&h| h == c) {
            out.push(0x80 + i as u8);
        } else {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    out
}

/// Maps offsets in text decoded by [`decode_cp1252`] back to offsets in the
/// bytes it was decoded from (one byte per character there).
#[derive(Clone, Debug, Default)]
pub struct Cp1252Offsets {
    /// For each character written with more than one byte in the text: where
    /// it ends in the text, and how many bytes longer the text is than the
    /// original up to there.
    marks: Vec<(usize, usize)>,
}

impl Cp1252Offsets {
    /// Notes where `text` (decoded from Windows-1252) is longer than its bytes.
    pub fn new(text: &str) -> Cp1252Offsets {
        let mut marks = Vec::new();
        let mut extra = 0;
        for (i, c) in text.char_indices() {
            let n = c.len_utf8();
            if n > 1 {
                extra += n - 1;
                marks.push((i + n, extra));
            }
        }
        Cp1252Offsets { marks }
    }

    /// The offset in the original bytes of `offset` in the text (an offset
    /// inside a character counts the bytes of the text before it).
    pub fn original(&self, offset: usize) -> usize {
        let k = self.marks.partition_point(|m| m.0 <= offset);
        offset - if k == 0 { 0 } else { self.marks[k - 1].1 }
    }
}

/// The end of an HTML line break (`<br>`, `<br/>`, `<br />`, any case) at
/// `at`, if one is there.
pub(crate) fn html_break(bytes: &[u8], at: usize) -> Option<usize> {
    let rest = bytes.get(at..)?;
    if rest.len() < 4 || rest[0] != b'<' || !rest[1..3].eq_ignore_ascii_case(b"br") {
        return None;
    }
    let mut i = 3;
    while rest.get(i).is_some_and(|b| *b == b' ') {
        i += 1;
    }
    if rest.get(i) == Some(&b'/') {
        i += 1;
    }
    (rest.get(i) == Some(&b'>')).then_some(at + i + 1)
}

/// Text copied from a web page may write its line breaks in HTML: `<br>`,
/// `<br/>` and `<br />` (any case). This gives the text with each of them a
/// line break, or `None` when it holds none.
///
/// ```
/// use movetext_core::html_line_breaks;
/// let pasted = b"[Event \"A\"]<br>[Result \"*\"]<BR /><br>1. e4 *";
/// assert_eq!(html_line_breaks(pasted).unwrap(), b"[Event \"A\"]\n[Result \"*\"]\n\n1. e4 *");
/// assert_eq!(html_line_breaks(b"1. e4 <b> *"), None);
/// ```
pub fn html_line_breaks(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0;
    for at in memchr::memchr_iter(b'<', bytes) {
        if at < copied {
            continue;
        }
        if let Some(end) = html_break(bytes, at) {
            let o = out.get_or_insert_with(|| Vec::with_capacity(bytes.len()));
            o.extend_from_slice(&bytes[copied..at]);
            o.push(b'\n');
            copied = end;
        }
    }
    let mut o = out?;
    o.extend_from_slice(&bytes[copied..]);
    Some(o)
}

/// Could `rest`, which starts with `<`, begin an HTML line break that more
/// bytes after it would complete?
fn break_prefix(rest: &[u8]) -> bool {
    let n = rest.len().min(3);
    if !rest[..n].eq_ignore_ascii_case(&b"<br"[..n]) {
        return false;
    }
    let spaces = rest.iter().skip(3).take_while(|b| **b == b' ').count();
    matches!(&rest[(3 + spaces).min(rest.len())..], [] | [b'/'])
}

/// [`html_line_breaks`] for a file read a piece at a time: turns the HTML
/// line breaks in `buf[from..]` into line breaks, in place. Unless `last`
/// (the end of the file), a `<` near the end that more bytes may make a
/// line break is not turned yet: the bytes from it are cut off and
/// returned, to be put back before the next piece. The pieces so turned,
/// put together, are what [`html_line_breaks`] makes of the whole file
/// (or the file itself when it holds no HTML line break).
pub(crate) fn html_line_breaks_in_place(buf: &mut Vec<u8>, from: usize, last: bool) -> Vec<u8> {
    let (mut read, mut write) = (from, from);
    let mut held = Vec::new();
    while let Some(i) = memchr::memchr(b'<', &buf[read..]) {
        let at = read + i;
        if let Some(end) = html_break(buf, at) {
            buf.copy_within(read..at, write);
            write += at - read;
            buf[write] = b'\n';
            write += 1;
            read = end;
        } else if !last && break_prefix(&buf[at..]) {
            held = buf[at..].to_vec();
            buf.truncate(at);
            break;
        } else if write == read {
            (read, write) = (at + 1, at + 1);
        } else {
            buf.copy_within(read..at + 1, write);
            write += at + 1 - read;
            read = at + 1;
        }
    }
    if write != read {
        let end = buf.len();
        buf.copy_within(read..end, write);
        buf.truncate(write + end - read);
    }
    held
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_borrows() {
        let (t, e) = decode("Réti".as_bytes());
        assert!(matches!(t, Cow::Borrowed(_)));
        assert_eq!(e, Encoding::Utf8);
    }

    #[test]
    fn latin1_and_cp1252_decode_and_round_trip() {
        let bytes = b"R\xe9ti \x93quoted\x94 King\xe2s \x81";
        let (t, e) = decode(bytes);
        assert_eq!(e, Encoding::Windows1252);
        assert_eq!(t, "Réti \u{201C}quoted\u{201D} Kingâs \u{81}");
        assert_eq!(encode_cp1252(&t), bytes.to_vec());
    }

    #[test]
    fn offsets_map_back_to_the_bytes() {
        let bytes = b"a\xe9b\x80c";
        let text = decode_cp1252(bytes);
        let map = Cp1252Offsets::new(&text);
        for (i, (at, _)) in text.char_indices().enumerate() {
            assert_eq!(map.original(at), i);
        }
        assert_eq!(map.original(text.len()), bytes.len());
    }

    #[test]
    fn every_byte_round_trips() {
        let all: Vec<u8> = (0..=255u8).collect();
        assert_eq!(encode_cp1252(&decode_cp1252(&all)), all);
    }

    #[test]
    fn line_breaks_turned_a_piece_at_a_time_are_those_of_the_whole() {
        let texts: [&[u8]; 5] = [
            b"[Event \"A\"]<br>[Result \"*\"]<BR /><br>1. e4 <b> *<br",
            b"1. e4 <br  /> e5 <Br/><<br>>< br> <br x> *",
            b"no breaks at all < b r",
            b"<br>",
            b"<br   ",
        ];
        for text in texts {
            let whole = html_line_breaks(text).unwrap_or(text.to_vec());
            for piece in 1..=text.len() {
                let mut out = Vec::new();
                let mut held = Vec::new();
                for (k, chunk) in text.chunks(piece).enumerate() {
                    let last = (k + 1) * piece >= text.len();
                    let from = out.len();
                    out.append(&mut held);
                    out.extend_from_slice(chunk);
                    held = html_line_breaks_in_place(&mut out, from, last);
                }
                assert!(held.is_empty());
                assert_eq!(out, whole, "{} in pieces of {piece}", String::from_utf8_lossy(text));
            }
        }
    }
}
