//! Reading a blob (a file, a fetched body, a stored part) into memory a
//! piece at a time, letting the page answer between pieces.

use js_sys::{ArrayBuffer, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::state::slice_clock::now;

/// How long reading may hold the page before it lets the page answer, in
/// milliseconds.
const READ_SLICE_MS: f64 = 10.0;
/// The buffer the browser reads each piece into, in bytes, when it can.
const SCRATCH: u32 = 1 << 20;

/// Appends the bytes of a blob (a file, a fetched body, a stored part) to
/// `bytes` as the browser streams them, a piece (up to a megabyte) at a
/// time, letting the page answer every few milliseconds: a file of a
/// gigabyte never holds the page up. (Reading it as one buffer, or as a few
/// large ones, makes the browser itself stop the page for tens of
/// milliseconds; pieces that are already there arrive without a pause.)
///
/// Where the browser can, every piece is read into the same buffer (a
/// "BYOB" reader): a new buffer for each piece left a gigabyte of them for
/// the browser's garbage collector to free, in tasks of 30 to 80 ms, and
/// took twice the page's time.
pub(crate) async fn read_blob(blob: &web_sys::Blob, bytes: &mut Vec<u8>) -> Result<(), String> {
    let size = blob.size() as usize;
    bytes.try_reserve(size).map_err(|_| format!("{size} bytes do not fit in this page's memory"))?;
    let stream = blob.stream();
    let mut read = Reader::new(&stream);
    let mut since = now();
    loop {
        if now() - since > READ_SLICE_MS {
            gloo_timers::future::TimeoutFuture::new(0).await;
            since = now();
        }
        if !read.next(bytes).await? {
            return Ok(());
        }
    }
}

/// A blob's stream as it is read: into one buffer, or a new one each time.
enum Reader {
    Into(web_sys::ReadableStreamByobReader, ArrayBuffer),
    Fresh(web_sys::ReadableStreamDefaultReader),
}

impl Reader {
    fn new(stream: &web_sys::ReadableStream) -> Reader {
        match web_sys::ReadableStreamByobReader::new(stream) {
            Ok(reader) => Reader::Into(reader, ArrayBuffer::new(SCRATCH)),
            Err(_) => Reader::Fresh(stream.get_reader().unchecked_into()),
        }
    }

    /// Appends the next piece to `bytes`; false at the end.
    async fn next(&mut self, bytes: &mut Vec<u8>) -> Result<bool, String> {
        let promise = match self {
            Reader::Into(reader, scratch) => reader.read_with_array_buffer_view(&Uint8Array::new(scratch)),
            Reader::Fresh(reader) => reader.read(),
        };
        let piece = JsFuture::from(promise).await.map_err(|_| "the file could not be read")?;
        let field = |name: &str| js_sys::Reflect::get(&piece, &JsValue::from_str(name));
        if field("done").ok().and_then(|d| d.as_bool()).unwrap_or(true) {
            return Ok(false);
        }
        let data: Uint8Array = field("value").map_err(|_| "the file could not be read")?.unchecked_into();
        let from = bytes.len();
        bytes.resize(from + data.length() as usize, 0);
        data.copy_to(&mut bytes[from..]);
        if let Reader::Into(_, scratch) = self {
            // The buffer was handed to the browser and comes back in the piece.
            *scratch = data.buffer();
        }
        Ok(true)
    }
}
