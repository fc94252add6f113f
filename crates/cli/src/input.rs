//! Opening an input: a file or standard input (`-`), plain or compressed
//! (zstd, gzip, bzip2: told by its first bytes, whatever its name).

use std::fs::File;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// How an input is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Not compressed.
    Plain,
    /// Zstandard (`.zst`).
    Zstd,
    /// gzip (`.gz`).
    Gzip,
    /// bzip2 (`.bz2`).
    Bzip2,
}

impl Format {
    /// The format whose magic number starts `head`.
    pub fn detect(head: &[u8]) -> Format {
        if head.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
            Format::Zstd
        } else if head.starts_with(&[0x1F, 0x8B]) {
            Format::Gzip
        } else if head.starts_with(b"BZh") {
            Format::Bzip2
        } else {
            Format::Plain
        }
    }

    /// Its name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Format::Plain => "plain",
            Format::Zstd => "zstd",
            Format::Gzip => "gzip",
            Format::Bzip2 => "bzip2",
        }
    }
}

/// An open input: its PGN bytes, and what is known of its file.
pub struct Input<'a> {
    /// The PGN, decompressed.
    pub reader: Box<dyn Read + Send + 'a>,
    /// The file.
    pub source: Source,
}

/// Where an input comes from, and how far into it reading has come.
pub struct Source {
    /// The name given on the command line.
    pub name: String,
    /// How the file is compressed.
    pub format: Format,
    /// Bytes of the file read so far (compressed bytes; shared with the reader).
    pub consumed: Arc<AtomicU64>,
}

/// A reader that counts the bytes it gives.
struct Counted<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Opens `name` (`-`: `stdin`).
pub fn open<'a>(name: &str, stdin: &'a mut (dyn Read + Send)) -> Result<Input<'a>, String> {
    let raw: Box<dyn Read + Send + 'a> = if name == "-" {
        Box::new(stdin)
    } else {
        Box::new(File::open(name).map_err(|e| format!("movetext: cannot read {name}: {e}"))?)
    };
    let consumed = Arc::new(AtomicU64::new(0));
    let mut counted = Counted { inner: raw, count: consumed.clone() };
    // The first bytes tell the format; they are read again.
    let mut head = Vec::with_capacity(4);
    (&mut counted).take(4).read_to_end(&mut head).map_err(|e| format!("movetext: cannot read {name}: {e}"))?;
    let format = Format::detect(&head);
    let whole = io::Cursor::new(head).chain(counted);
    let reader: Box<dyn Read + Send + 'a> = match format {
        Format::Plain => Box::new(whole),
        Format::Zstd => {
            let mut d = zstd::Decoder::new(whole).map_err(|e| format!("movetext: cannot read {name}: {e}"))?;
            // Files made with `zstd --long` need a window of up to 2 GiB.
            d.window_log_max(31).map_err(|e| format!("movetext: cannot read {name}: {e}"))?;
            Box::new(d)
        }
        Format::Gzip => Box::new(flate2::read::MultiGzDecoder::new(whole)),
        Format::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(whole)),
    };
    Ok(Input { reader, source: Source { name: name.to_string(), format, consumed } })
}

/// The size of file `name` (`None` for standard input, or when unknown).
pub fn size(name: &str) -> Option<u64> {
    (name != "-").then(|| std::fs::metadata(name).ok().filter(|m| m.is_file()).map(|m| m.len())).flatten()
}

impl Source {
    /// Bytes of the file read so far.
    pub fn consumed(&self) -> u64 {
        self.consumed.load(Ordering::Relaxed)
    }

    /// The message for a read error after `pgn_bytes` bytes of PGN.
    pub fn read_error(&self, pgn_bytes: u64, e: &io::Error) -> String {
        let at = self.consumed();
        match self.format {
            Format::Plain => format!("movetext: {}: read error at byte {at}: {e}", self.name),
            f => format!(
                "movetext: {}: {} data truncated or corrupt at byte {at} of the file (after {pgn_bytes} bytes of PGN): {e}",
                self.name,
                f.name()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_their_first_bytes() {
        assert_eq!(Format::detect(&[0x28, 0xB5, 0x2F, 0xFD, 0]), Format::Zstd);
        assert_eq!(Format::detect(&[0x1F, 0x8B, 8]), Format::Gzip);
        assert_eq!(Format::detect(b"BZh91AY"), Format::Bzip2);
        assert_eq!(Format::detect(b"[Event"), Format::Plain);
        assert_eq!(Format::detect(b"B"), Format::Plain);
        assert_eq!(Format::detect(b""), Format::Plain);
    }

    #[test]
    fn short_and_empty_inputs_read_whole() {
        for text in [&b""[..], b"1", b"1. e4 *\n"] {
            let mut stdin: &[u8] = text;
            let mut input = open("-", &mut stdin).unwrap();
            let mut out = Vec::new();
            input.reader.read_to_end(&mut out).unwrap();
            assert_eq!(out, text);
            assert_eq!(input.source.format, Format::Plain);
        }
    }
}
