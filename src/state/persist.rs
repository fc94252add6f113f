//! Keeping documents safe in the browser: every file opened is a document
//! of the store (`static/store.js`, in IndexedDB), its bytes stored once in
//! parts and its edited games stored with its description as they change,
//! so that they come back after a reload or a crash, and in every tab.
//!
//! A document's bytes are stored in parts of [`PART`] bytes, each copied out
//! of the page's memory and written as a `Blob` by a worker, so a file of
//! any size is stored without holding the page up and without one record
//! too large for the browser; they are read back by a worker the same way.
//! Its description is written last, in one
//! transaction: a document whose writing stopped half way is never read
//! back (its parts are swept at the next start). Its edits are written with
//! its description, in one transaction: both change, or neither.

use js_sys::{Array, Object, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::state::blob_reading::READ_SLICE_MS;
use crate::state::documents::{get, records, set, DocMeta, EditKey, EditRecord, Saved, Write};
use crate::state::slice_clock::Slices;

/// Bytes of a document stored per record. Each part read back leaves the
/// browser objects of its request, blob and stream for the garbage
/// collector, which frees them in one task after a restore: parts of 2 MiB,
/// 512 for a gigabyte, made that task 77 to 114 ms long.
pub const PART: usize = 8 << 20;

#[wasm_bindgen(inline_js = r#"
// The store is static/store.js, loaded by the page before the module.
function store() {
  if (!globalThis.movetextStore) throw new Error('the store script (store.js) did not load');
  return globalThis.movetextStore;
}
export function parts_writer() { return store().partsWriter(); }
export function parts_put(writer, id, n, bytes, length) { return writer.put([id, n], bytes, length); }
export function parts_end(writer) { writer.end(); }
export function parts_reader() { return store().partsReader(); }
export function parts_get(reader, id, n, bytes) { return reader.get([id, n], bytes); }
export function store_call(name, args) { return store()[name](...args); }
export function store_listen(handler) { store().listen(handler); }
export function store_announce(message) { store().announce(message); }
export function store_persist() { store().persist(); }
"#)]
extern "C" {
    #[wasm_bindgen(catch)]
    fn parts_writer() -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch)]
    fn parts_put(
        writer: &JsValue,
        id: &str,
        n: u32,
        bytes: &Uint8Array,
        length: u32,
    ) -> Result<js_sys::Promise, JsValue>;
    fn parts_end(writer: &JsValue);
    #[wasm_bindgen(catch)]
    fn parts_reader() -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch)]
    fn parts_get(reader: &JsValue, id: &str, n: u32, bytes: &Uint8Array) -> Result<js_sys::Promise, JsValue>;
    #[wasm_bindgen(catch)]
    fn store_call(name: &str, args: Array) -> Result<js_sys::Promise, JsValue>;
    #[wasm_bindgen(catch)]
    fn store_listen(handler: &js_sys::Function) -> Result<(), JsValue>;
    #[wasm_bindgen(catch)]
    fn store_announce(message: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(catch)]
    fn store_persist() -> Result<(), JsValue>;
}

/// Why the store refused: its words, and whether the browser's storage is full.
#[derive(Clone, Debug, PartialEq)]
pub struct StoreError {
    /// The browser's error in words (its name and message).
    pub reason: String,
    /// The browser said its storage for the page is full.
    pub quota: bool,
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

impl From<String> for StoreError {
    fn from(reason: String) -> StoreError {
        StoreError { reason, quota: false }
    }
}

/// A browser error in words (a `DOMException`'s name and message).
fn describe(e: &JsValue) -> StoreError {
    if let Some(s) = e.as_string() {
        return s.into();
    }
    let name = get(e, "name").as_string().unwrap_or_default();
    let message = get(e, "message").as_string().unwrap_or_default();
    let quota = name == "QuotaExceededError";
    let reason = match (name.is_empty(), message.is_empty()) {
        (false, false) => format!("{name}: {message}"),
        (true, false) => message,
        (false, true) => name,
        (true, true) => "the browser gave no reason".to_owned(),
    };
    StoreError { reason, quota }
}

async fn call(p: Result<js_sys::Promise, JsValue>) -> Result<JsValue, StoreError> {
    JsFuture::from(p.map_err(|e| describe(&e))?).await.map_err(|e| describe(&e))
}

async fn store(name: &str, args: &[JsValue]) -> Result<JsValue, StoreError> {
    call(store_call(name, args.iter().collect())).await
}

/// Every stored document, the most recently opened first.
pub async fn documents() -> Result<Vec<DocMeta>, StoreError> {
    let list = store("docs", &[]).await?;
    Ok(Array::from(&list).iter().map(|d| DocMeta::from_js(&d)).collect())
}

/// A stored document and its edits, read together.
pub async fn document(id: &str) -> Result<Option<(DocMeta, Vec<EditRecord>)>, StoreError> {
    let found = store("docWithEdits", &[id.into()]).await?;
    if found.is_null() || found.is_undefined() {
        return Ok(None);
    }
    Ok(Some((DocMeta::from_js(&get(&found, "doc")), records(&get(&found, "edits")))))
}

/// Some of a document's edited games (a game never written comes with
/// revision 0 and no text).
pub async fn edits_at(id: &str, keys: &[EditKey]) -> Result<Vec<EditRecord>, StoreError> {
    let keys: Array = keys.iter().map(EditKey::to_js).collect();
    Ok(records(&store("editsAt", &[id.into(), keys.into()]).await?))
}

/// The worker that writes or reads a file's parts, ended when dropped.
struct PartWorker(JsValue);

impl Drop for PartWorker {
    fn drop(&mut self) {
        parts_end(&self.0);
    }
}

/// The lock a document's parts are written under, released when dropped.
struct Held(JsValue);

impl Drop for Held {
    fn drop(&mut self) {
        if let Some(release) = self.0.dyn_ref::<js_sys::Function>() {
            let _ = release.call0(&JsValue::NULL);
        }
    }
}

/// Stores a new document: its bytes, a part at a time, then its
/// description. On failure nothing of it is left (its parts are deleted;
/// a crash leaves them for the next start's sweep).
///
/// Each part is copied into one buffer, which a worker (static/store.js)
/// makes a blob of and stores, off the page's thread, and hands back for the
/// next part: the page makes no buffer nor blob per part for its garbage
/// collector. (With one buffer but the blobs made on the page, their bytes
/// stayed in the browser's memory until it refused to make more, at about
/// 500 MB: the workers are ended as they go, which frees them.)
pub async fn store_document(meta: &DocMeta, bytes: &[u8]) -> Result<(), StoreError> {
    store_document_as(meta, bytes, None).await
}

/// Stores a new document in place of another (`old`: its id, and how many
/// places later its games are in the new one): the other's edits move to
/// it, and the other goes, in one transaction once the bytes are written.
/// On failure the other stays as it was.
pub async fn replace_document(meta: &DocMeta, bytes: &[u8], old: (&str, usize)) -> Result<(), StoreError> {
    store_document_as(meta, bytes, Some(old)).await
}

async fn store_document_as(meta: &DocMeta, bytes: &[u8], old: Option<(&str, usize)>) -> Result<(), StoreError> {
    let _held = Held(store("lock", &[meta.id.as_str().into()]).await?);
    let result = write_parts(&meta.id, bytes).await;
    let result = match result {
        Ok(count) => {
            let meta = DocMeta { count, size: bytes.len(), ..meta.clone() };
            match old {
                None => store("putDoc", &[meta.to_js()]).await.map(|_| ()),
                Some((id, shift)) => {
                    store("replaceDoc", &[meta.to_js(), id.into(), (shift as f64).into()]).await.map(|_| ())
                }
            }
        }
        Err(e) => Err(e),
    };
    if result.is_err() {
        let _ = store("dropParts", &[meta.id.as_str().into()]).await;
    }
    result
}

async fn write_parts(id: &str, bytes: &[u8]) -> Result<usize, StoreError> {
    let count = bytes.len().div_ceil(PART);
    let writer = PartWorker(parts_writer().map_err(|e| describe(&e))?);
    let mut buffer = Uint8Array::new_with_length(PART.min(bytes.len()).max(1) as u32);
    for i in 0..count {
        let chunk = &bytes[i * PART..((i + 1) * PART).min(bytes.len())];
        buffer.subarray(0, chunk.len() as u32).copy_from(chunk);
        // Each part is written in a task of its own: the worker's answer
        // comes back as a task of its own.
        buffer = call(parts_put(&writer.0, id, i as u32, &buffer, chunk.len() as u32)).await?.unchecked_into();
    }
    Ok(count)
}

/// What a save changes in a document's description besides its edits.
#[derive(Clone, Debug)]
pub struct Fields {
    /// Its games, as many as known.
    pub games: usize,
    /// Whether it holds edits.
    pub edited: bool,
    /// The game open.
    pub open: usize,
}

impl Fields {
    fn to_js(&self) -> JsValue {
        let obj = Object::new();
        set(&obj, "games", &(self.games as f64).into());
        set(&obj, "edited", &self.edited.into());
        set(&obj, "open", &(self.open as f64).into());
        set(&obj, "lastOpened", &js_sys::Date::now().into());
        obj.into()
    }
}

/// Stores edited games of a document with its description, in one
/// transaction (see [`Saved`] for games another tab wrote meanwhile).
pub async fn save_edits(id: &str, fields: &Fields, writes: &[Write]) -> Result<Saved, StoreError> {
    let writes: Array = writes.iter().map(Write::to_js).collect();
    let saved = store("saveEdits", &[id.into(), fields.to_js(), writes.into()]).await?;
    Ok(Saved::from_js(&saved))
}

/// Changes a stored document's description: when it was opened, its games,
/// its fingerprint (a document that is not stored stays so).
pub async fn touch(id: &str, games: Option<usize>, hash: Option<&str>) -> Result<(), StoreError> {
    let obj = Object::new();
    set(&obj, "lastOpened", &js_sys::Date::now().into());
    if let Some(games) = games {
        set(&obj, "games", &(games as f64).into());
    }
    if let Some(hash) = hash {
        set(&obj, "hash", &hash.into());
    }
    store("touch", &[id.into(), obj.into()]).await.map(|_| ())
}

/// The bytes of a stored document, a part at a time.
///
/// A worker (static/store.js) reads each part into one buffer, handed back
/// and forth, which the page copies from: the page makes no blob nor
/// stream of its own for the browser's garbage collector (reading the
/// parts' blobs on the page left a gigabyte of the stream's pieces to be
/// freed in a task of over 100 ms).
pub async fn read_bytes(meta: &DocMeta) -> Result<Vec<u8>, StoreError> {
    let (size, count) = (meta.size, meta.count);
    let mut bytes = Vec::new();
    bytes.try_reserve_exact(size).map_err(|_| format!("the stored file ({size} bytes) does not fit in memory"))?;
    let reader = PartWorker(parts_reader().map_err(|e| describe(&e))?);
    let mut buffer = Uint8Array::new_with_length(PART.min(size).max(1) as u32);
    for i in 0..count {
        let part = call(parts_get(&reader.0, &meta.id, i as u32, &buffer)).await?;
        let Some(view) = part.dyn_ref::<Uint8Array>() else {
            return Err(format!("part {} of {count} of the stored file is missing", i + 1).into());
        };
        let (start, len) = (bytes.len(), view.length() as usize);
        if start + len > size {
            return Err(format!("the stored file has more than its {size} bytes").into());
        }
        copy_in_slices(view, &mut bytes).await;
        buffer = Uint8Array::new(&view.buffer());
    }
    if bytes.len() != size {
        return Err(format!("the stored file has {} of its {size} bytes", bytes.len()).into());
    }
    Ok(bytes)
}

/// Appends the bytes of `view` to `bytes` a megabyte at a time, letting the
/// page answer every 10 ms: the first writes into the file's memory touch
/// its pages for the first time, which made one part's copy a task of up to
/// 45 ms on a busy machine.
async fn copy_in_slices(view: &Uint8Array, bytes: &mut Vec<u8>) {
    const PIECE: u32 = 1 << 20;
    let mut slices = Slices::of(READ_SLICE_MS);
    let mut at = 0;
    while at < view.length() {
        slices.answer().await;
        let end = (at + PIECE).min(view.length());
        let start = bytes.len();
        bytes.resize(start + (end - at) as usize, 0);
        view.subarray(at, end).copy_to(&mut bytes[start..]);
        at = end;
    }
}

/// Forgets a document's edits (its bytes stay).
pub async fn discard_edits(id: &str) -> Result<(), StoreError> {
    store("discardEdits", &[id.into()]).await.map(|_| ())
}

/// Deletes a document, its bytes and its edits, together.
pub async fn delete(id: &str) -> Result<(), StoreError> {
    store("deleteDoc", &[id.into()]).await.map(|_| ())
}

/// A document's repertoire progress (its JSON text), if one is stored.
pub async fn progress(id: &str) -> Result<Option<String>, StoreError> {
    Ok(store("progress", &[id.into()]).await?.as_string())
}

/// Stores a document's repertoire progress (its JSON text), in a
/// transaction of its own: a failure leaves the document as it was.
pub async fn put_progress(id: &str, json: &str) -> Result<(), StoreError> {
    store("putProgress", &[id.into(), json.into()]).await.map(|_| ())
}

/// Deletes the parts that no document owns (a write that stopped half way).
pub async fn sweep() {
    let _ = store("sweep", &[]).await;
}

/// Asks the browser to keep the store when its space runs short.
pub fn ask_to_persist() {
    let _ = store_persist();
}

/// Tells the app's other tabs of a change.
pub fn announce(message: &JsValue) {
    let _ = store_announce(message);
}

/// Hears the app's other tabs (one handler a page).
pub fn listen(handler: &js_sys::Function) {
    let _ = store_listen(handler);
}
