//! What a file is when it is not PGN text, told by its first bytes: an
//! archive (gzip, zstd, zip, bzip2, xz, 7z, rar), an image, a PDF, another
//! binary file, or text in UTF-16. Names are not trusted: a `.pgn` may be
//! an archive, and a PGN file may be called anything.
//!
//! ```
//! use movetext_core::sniff::{sniff, Kind};
//! assert_eq!(sniff(b"\x1f\x8b\x08\x00rest"), Kind::Gzip);
//! assert_eq!(sniff(b"[Event \"x\"]\n\n1. e4 *"), Kind::Text);
//! assert_eq!(Kind::Zip.archive(), Some("zip"));
//! ```

/// What the first bytes of a file say it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text in UTF-8 or a single-byte encoding: what the reader reads.
    Text,
    /// Text in UTF-16, little-endian, with its byte order mark.
    Utf16Le,
    /// Text in UTF-16, big-endian, with its byte order mark.
    Utf16Be,
    /// A gzip stream (`.gz`).
    Gzip,
    /// A Zstandard frame (`.zst`).
    Zstd,
    /// A zip archive.
    Zip,
    /// A bzip2 stream (`.bz2`).
    Bzip2,
    /// An xz stream (`.xz`).
    Xz,
    /// A 7-Zip archive.
    SevenZip,
    /// A RAR archive.
    Rar,
    /// A PDF document.
    Pdf,
    /// An image (PNG, JPEG, GIF or WebP).
    Image,
    /// Some other binary file (NUL bytes or control characters in its
    /// first bytes).
    Binary,
}

impl Kind {
    /// Whether the reader can read it as it is.
    pub fn is_text(self) -> bool {
        self == Kind::Text
    }

    /// The archive format's name ("gzip", "zip"…), for an archive.
    pub fn archive(self) -> Option<&'static str> {
        Some(match self {
            Kind::Gzip => "gzip",
            Kind::Zstd => "Zstandard",
            Kind::Zip => "zip",
            Kind::Bzip2 => "bzip2",
            Kind::Xz => "xz",
            Kind::SevenZip => "7-Zip",
            Kind::Rar => "RAR",
            _ => return None,
        })
    }

    /// A short English name of the kind ("a gzip archive"), for messages.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Utf16Le | Kind::Utf16Be => "UTF-16 text",
            Kind::Gzip => "a gzip archive",
            Kind::Zstd => "a Zstandard archive",
            Kind::Zip => "a zip archive",
            Kind::Bzip2 => "a bzip2 archive",
            Kind::Xz => "an xz archive",
            Kind::SevenZip => "a 7-Zip archive",
            Kind::Rar => "a RAR archive",
            Kind::Pdf => "a PDF document",
            Kind::Image => "an image",
            Kind::Binary => "a binary file",
        }
    }
}

/// Leading bytes of each kind told by a signature.
const SIGNATURES: &[(&[u8], Kind)] = &[
    (b"\xff\xfe", Kind::Utf16Le),
    (b"\xfe\xff", Kind::Utf16Be),
    (b"\x1f\x8b", Kind::Gzip),
    (b"\x28\xb5\x2f\xfd", Kind::Zstd),
    (b"PK\x03\x04", Kind::Zip),
    (b"PK\x05\x06", Kind::Zip),
    (b"BZh", Kind::Bzip2),
    (b"\xfd7zXZ\x00", Kind::Xz),
    (b"7z\xbc\xaf\x27\x1c", Kind::SevenZip),
    (b"Rar!\x1a\x07", Kind::Rar),
    (b"%PDF-", Kind::Pdf),
    (b"\x89PNG\r\n\x1a\n", Kind::Image),
    (b"\xff\xd8\xff", Kind::Image),
    (b"GIF87a", Kind::Image),
    (b"GIF89a", Kind::Image),
];

/// How many leading bytes are looked at for control characters.
const LOOKED_AT: usize = 4096;

/// What a file is, from its first bytes. Text is anything without a known
/// signature whose first 4 KiB hold no NUL byte and almost no other
/// control characters (tabs, line breaks and form feeds are text).
pub fn sniff(bytes: &[u8]) -> Kind {
    if let Some(&(_, kind)) = SIGNATURES.iter().find(|(sig, _)| bytes.starts_with(sig)) {
        return kind;
    }
    if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        return Kind::Image;
    }
    let head = &bytes[..bytes.len().min(LOOKED_AT)];
    let control = head.iter().filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)).count();
    if head.contains(&0) || control * 100 > head.len().max(1) {
        return Kind::Binary;
    }
    Kind::Text
}

/// UTF-16 text (with its byte order mark) as UTF-8 bytes, unpaired
/// surrogates replaced; `None` when the bytes are not UTF-16 text.
pub fn utf16_to_utf8(bytes: &[u8]) -> Option<Vec<u8>> {
    let big = match sniff(bytes) {
        Kind::Utf16Le => false,
        Kind::Utf16Be => true,
        _ => return None,
    };
    let units = bytes[2..].chunks_exact(2).map(|p| {
        if big {
            u16::from_be_bytes([p[0], p[1]])
        } else {
            u16::from_le_bytes([p[0], p[1]])
        }
    });
    Some(char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect::<String>().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archives_images_and_documents_are_told_by_their_first_bytes() {
        let cases: &[(&[u8], Kind)] = &[
            (b"\x1f\x8b\x08\x00\x00\x00", Kind::Gzip),
            (b"\x28\xb5\x2f\xfd\x04\x00", Kind::Zstd),
            (b"PK\x03\x04\x14\x00", Kind::Zip),
            (b"BZh91AY&SY", Kind::Bzip2),
            (b"\xfd7zXZ\x00\x00", Kind::Xz),
            (b"7z\xbc\xaf\x27\x1c\x00", Kind::SevenZip),
            (b"Rar!\x1a\x07\x01\x00", Kind::Rar),
            (b"%PDF-1.7\n", Kind::Pdf),
            (b"\x89PNG\r\n\x1a\n\x00\x00", Kind::Image),
            (b"\xff\xd8\xff\xe0\x00\x10JFIF", Kind::Image),
            (b"GIF89a\x01\x00", Kind::Image),
            (b"RIFF\x10\x00\x00\x00WEBPVP8 ", Kind::Image),
            (b"\x00\x01\x02\x03 binary", Kind::Binary),
        ];
        for (bytes, kind) in cases {
            assert_eq!(sniff(bytes), *kind, "{bytes:?}");
            assert!(!kind.is_text());
        }
    }

    #[test]
    fn text_in_any_single_byte_encoding_is_text() {
        assert_eq!(sniff(b""), Kind::Text);
        assert_eq!(sniff(b"[Event \"x\"]\r\n\r\n1. e4\te5 *\x0c"), Kind::Text);
        assert_eq!(sniff("[White \"Müller\"]\n\n1. e4 *".as_bytes()), Kind::Text);
        assert_eq!(sniff(b"[White \"M\xfcller\"]\n\n1. e4 *"), Kind::Text, "Windows-1252");
        assert_eq!(sniff(b"\xef\xbb\xbf[Event \"x\"]"), Kind::Text, "UTF-8 with a byte order mark");
        // One stray control character in a long text is still text.
        let mut long = b"1. e4 e5 ".repeat(100);
        long.push(0x1b);
        assert_eq!(sniff(&long), Kind::Text);
    }

    #[test]
    fn utf16_text_is_made_utf8() {
        let text = "[White \"Müller\"]\n\n1. e4 ♞ *";
        let mut le = vec![0xff, 0xfe];
        let mut be = vec![0xfe, 0xff];
        for u in text.encode_utf16() {
            le.extend_from_slice(&u.to_le_bytes());
            be.extend_from_slice(&u.to_be_bytes());
        }
        assert_eq!(utf16_to_utf8(&le).unwrap(), text.as_bytes());
        assert_eq!(utf16_to_utf8(&be).unwrap(), text.as_bytes());
        assert_eq!(utf16_to_utf8(text.as_bytes()), None);
    }
}
