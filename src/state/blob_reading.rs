//! Reading a blob (a file, a fetched body) into memory a
//! piece at a time, letting the page answer between pieces.

use js_sys::{ArrayBuffer, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::state::slice_clock::Slices;

/// How long reading may hold the page before it lets the page answer, in
/// milliseconds.
pub(crate) const READ_SLICE_MS: f64 = 10.0;
/// The buffer the browser reads each piece into, in bytes, when it can.
const SCRATCH: u32 = 1 << 20;

/// The buffer the browser reads pieces into, kept from one blob to the
/// next: the files of a drop (a buffer made for each blob was, when the
/// parts of a stored file were read so, one of a megabyte for each, 512 for a
/// gigabyte, left to the browser's garbage collector).
#[derive(Default)]
pub(crate) struct Scratch(Option<ArrayBuffer>);

/// Appends the bytes of a blob (a file, a fetched body) to
/// `bytes` as the browser streams them, a piece (up to a megabyte) at a
/// time, letting the page answer every few milliseconds: a file of a
/// gigabyte never holds the page up. (Reading it as one buffer, or as a few
/// large ones, makes the browser itself stop the page for tens of
/// milliseconds; pieces that are already there arrive without a pause.)
///
/// Where the browser can, every piece is read into the same buffer (a
/// "BYOB" reader), `scratch`, which is handed on to the next blob: a new
/// buffer for each piece left a gigabyte of them for the browser's garbage
/// collector to free, in tasks of 30 to 80 ms, and took twice the page's
/// time.
pub(crate) async fn read_blob(blob: &web_sys::Blob, bytes: &mut Vec<u8>, scratch: &mut Scratch) -> Result<(), String> {
    let size = blob.size() as usize;
    bytes.try_reserve(size).map_err(|_| format!("{size} bytes do not fit in this page's memory"))?;
    let stream = blob.stream();
    let mut read = Reader::new(&stream, scratch.0.take());
    read.read_all(bytes).await?;
    if let Reader::Into(_, buffer) = read {
        scratch.0 = Some(buffer);
    }
    Ok(())
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The browser's `DecompressionStream`.
    #[wasm_bindgen(js_name = DecompressionStream)]
    type Inflate;
    #[wasm_bindgen(constructor, js_class = "DecompressionStream", catch)]
    fn new(format: &str) -> Result<Inflate, JsValue>;
    /// A `ReadableStream`, as far as piping it goes.
    #[wasm_bindgen(js_name = ReadableStream)]
    type Piped;
    #[wasm_bindgen(method, js_name = pipeThrough)]
    fn pipe_through(this: &Piped, inflate: &Inflate) -> web_sys::ReadableStream;
}

/// How compressed bytes are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compressed {
    /// A gzip file.
    Gzip,
    /// Raw deflate (a member of a zip archive).
    Deflate,
}

/// Appends what a blob holds compressed to `bytes`, inflated by the
/// browser as it streams, letting the page answer every few milliseconds.
/// On an error (the data cut short or damaged) what was inflated before it
/// stays in `bytes`.
pub(crate) async fn read_inflated(blob: &web_sys::Blob, format: Compressed, bytes: &mut Vec<u8>) -> Result<(), String> {
    let name = match format {
        Compressed::Gzip => "gzip",
        Compressed::Deflate => "deflate-raw",
    };
    let inflate = Inflate::new(name).map_err(|_| "this browser cannot inflate")?;
    let stream = blob.stream().unchecked_into::<Piped>().pipe_through(&inflate);
    Reader::Fresh(stream.get_reader().unchecked_into()).read_all(bytes).await
}

/// A blob's stream as it is read: into one buffer, or a new one each time.
enum Reader {
    Into(web_sys::ReadableStreamByobReader, ArrayBuffer),
    Fresh(web_sys::ReadableStreamDefaultReader),
}

impl Reader {
    /// A reader into `scratch` (a new buffer if none, or if it was handed
    /// to the browser and not given back) where the browser has one.
    fn new(stream: &web_sys::ReadableStream, scratch: Option<ArrayBuffer>) -> Reader {
        let scratch = scratch.filter(|b| b.byte_length() > 0);
        match web_sys::ReadableStreamByobReader::new(stream) {
            Ok(reader) => Reader::Into(reader, scratch.unwrap_or_else(|| ArrayBuffer::new(SCRATCH))),
            Err(_) => Reader::Fresh(stream.get_reader().unchecked_into()),
        }
    }

    /// Appends every piece to `bytes`, letting the page answer every few
    /// milliseconds.
    async fn read_all(&mut self, bytes: &mut Vec<u8>) -> Result<(), String> {
        let mut slices = Slices::of(READ_SLICE_MS);
        loop {
            slices.answer().await;
            if !self.next(bytes).await? {
                return Ok(());
            }
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
        let value = field("value").ok().and_then(|v| v.dyn_into::<Uint8Array>().ok());
        if let (Reader::Into(_, scratch), Some(data)) = (&mut *self, &value) {
            // The buffer was handed to the browser and comes back with the
            // piece (and, empty, with the end).
            *scratch = data.buffer();
        }
        if field("done").ok().and_then(|d| d.as_bool()).unwrap_or(true) {
            return Ok(false);
        }
        let data = value.ok_or("the file could not be read")?;
        let from = bytes.len();
        bytes.resize(from + data.length() as usize, 0);
        data.copy_to(&mut bytes[from..]);
        Ok(true)
    }
}
