//! Reading a blob (a file, a fetched body, a stored part) into memory a
//! piece at a time, letting the page answer between pieces.

use js_sys::Uint8Array;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::state::slice_clock::now;

/// How long reading may hold the page before it lets the page answer, in
/// milliseconds.
const READ_SLICE_MS: f64 = 10.0;

/// Appends the bytes of a blob (a file, a fetched body, a stored part) to
/// `bytes` as the browser streams them, a piece (tens of kilobytes) at a
/// time, letting the page answer every few milliseconds: a file of a
/// gigabyte never holds the page up. (Reading it as one buffer, or as a few
/// large ones, makes the browser itself stop the page for tens of
/// milliseconds; pieces that are already there arrive without a pause.)
pub(crate) async fn read_blob(blob: &web_sys::Blob, bytes: &mut Vec<u8>) -> Result<(), String> {
    let size = blob.size() as usize;
    bytes.try_reserve(size).map_err(|_| format!("{size} bytes do not fit in this page's memory"))?;
    let reader: web_sys::ReadableStreamDefaultReader = blob.stream().get_reader().unchecked_into();
    let (done_key, value_key) = (JsValue::from_str("done"), JsValue::from_str("value"));
    let mut since = now();
    loop {
        if now() - since > READ_SLICE_MS {
            gloo_timers::future::TimeoutFuture::new(0).await;
            since = now();
        }
        let piece = JsFuture::from(reader.read()).await.map_err(|_| "the file could not be read")?;
        if js_sys::Reflect::get(&piece, &done_key).ok().and_then(|d| d.as_bool()).unwrap_or(true) {
            break;
        }
        let data: Uint8Array =
            js_sys::Reflect::get(&piece, &value_key).map_err(|_| "the file could not be read")?.unchecked_into();
        let from = bytes.len();
        bytes.resize(from + data.length() as usize, 0);
        data.copy_to(&mut bytes[from..]);
    }
    Ok(())
}
