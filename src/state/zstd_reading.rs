//! Reading a Zstandard file (`.pgn.zst`, as lichess publishes its
//! databases): its frames inflated one after another, a piece at a time,
//! letting the page answer between pieces. The decoder is a part of the
//! app's module of its own, fetched when a first such file is opened
//! (`scripts/app-module.sh` splits it off at [`zstd_next`]).

// The split point's macro declares the part's import and export, which
// needs `unsafe` (see also src/dialogs/dialogs_part.rs).
#![allow(unsafe_code)]

use std::io::Read;

use ruzstd::decoding::{FrameDecoder, StreamingDecoder};
use wasm_split_helpers::{wasm_split, SplitLoaderError};

use crate::state::slice_clock::{Slices, SLICE_MS};

/// How much is inflated at a time, in bytes.
const PIECE: usize = 256 << 10;
/// The most room made at once for the text, in bytes.
const MOST_ROOM: u64 = 3 << 30;
/// How many times larger than a Zstandard file its PGN is taken to be when
/// its frame does not say (lichess's databases are about seven).
const RATIO: u64 = 8;

/// Zstandard frames, inflated a piece at a time.
struct Frames<'a> {
    source: &'a [u8],
    frame: Option<StreamingDecoder<&'a [u8], FrameDecoder>>,
    piece: Vec<u8>,
}

impl<'a> Frames<'a> {
    fn new(bytes: &'a [u8]) -> Frames<'a> {
        Frames { source: bytes, frame: None, piece: vec![0; PIECE] }
    }

    /// Appends the next piece to `out`; false at the end. The room for the
    /// whole text is made at the first frame (its size as the frame says,
    /// else a guess), so that the text is not moved as it grows.
    fn next(&mut self, out: &mut Vec<u8>) -> Result<bool, String> {
        loop {
            if self.frame.is_none() {
                if self.source.is_empty() {
                    return Ok(false);
                }
                let frame = StreamingDecoder::new(self.source).map_err(|e| e.to_string())?;
                if out.capacity() == 0 {
                    let said = frame.decoder.content_size();
                    let room = if said > 0 { said } else { self.source.len() as u64 * RATIO };
                    let _ = out.try_reserve_exact(room.min(MOST_ROOM) as usize);
                }
                self.frame = Some(frame);
            }
            let frame = self.frame.as_mut().expect("a frame");
            let n = frame.read(&mut self.piece).map_err(|e| e.to_string())?;
            if n > 0 {
                out.extend_from_slice(&self.piece[..n]);
                return Ok(true);
            }
            // The frame has ended: the next one follows its last byte.
            self.source = self.frame.take().expect("a frame").into_inner();
        }
    }
}

/// Inflates the next piece (in the decoder's part).
type NextPiece = fn(&mut Frames<'_>, &mut Vec<u8>) -> Result<bool, String>;

/// The decoder's part: its one entry, which gives the function that
/// inflates a piece. Everything reached only from it is in the part.
#[wasm_split(zstd, fallible)]
fn zstd_next() -> Result<NextPiece, SplitLoaderError> {
    Ok(|frames, out| frames.next(out))
}

/// Why a Zstandard file was not read to its end.
#[derive(Debug)]
pub(crate) enum ZstdError {
    /// The decoder's part could not be fetched: nothing was read.
    NoDecoder,
    /// The file is cut short or damaged (what came before is kept).
    Broken,
}

/// Appends what `bytes` (Zstandard frames) hold to `out`. On an error (the
/// file cut short or damaged) what was inflated before it stays in `out`;
/// without the decoder (its part could not be fetched) nothing is.
pub(crate) async fn read_zstd(bytes: &[u8], out: &mut Vec<u8>) -> Result<(), ZstdError> {
    let next = zstd_next().await.map_err(|_| ZstdError::NoDecoder)?;
    let mut frames = Frames::new(bytes);
    let mut slices = Slices::of(SLICE_MS);
    while next(&mut frames, out).map_err(|_| ZstdError::Broken)? {
        slices.answer().await;
    }
    out.shrink_to_fit();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ruzstd::encoding::{compress_to_vec, CompressionLevel};

    fn inflate(bytes: &[u8]) -> (Vec<u8>, Result<(), String>) {
        let mut frames = Frames::new(bytes);
        let mut out = Vec::new();
        let result = loop {
            match frames.next(&mut out) {
                Ok(true) => {}
                Ok(false) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        (out, result)
    }

    #[test]
    fn frames_are_inflated_one_after_another() {
        let one = b"[Event \"One\"]\n\n1. e4 e5 *\n\n".repeat(20_000);
        let two = b"[Event \"Two\"]\n\n1. d4 *\n".to_vec();
        let mut both = compress_to_vec(&one[..], CompressionLevel::Fastest);
        both.extend(compress_to_vec(&two[..], CompressionLevel::Fastest));
        let (out, result) = inflate(&both);
        assert!(result.is_ok());
        assert_eq!(out.len(), one.len() + two.len());
        assert!(out.starts_with(&one) && out.ends_with(&two));
    }

    #[test]
    fn a_file_cut_short_keeps_what_came_before() {
        let text = (0..30_000).map(|i| format!("[Round \"{i}\"]\n\n1. e4 *\n\n")).collect::<String>();
        let packed = compress_to_vec(text.as_bytes(), CompressionLevel::Fastest);
        let (out, result) = inflate(&packed[..packed.len() / 2]);
        assert!(result.is_err());
        assert!(!out.is_empty() && text.as_bytes().starts_with(&out), "{} bytes kept", out.len());
    }
}
