//! Keeping edits safe in the browser: the open file and every edited game
//! are stored in IndexedDB as they change, and come back after a reload or
//! a crash until the user discards them.
//!
//! The file is stored in parts of [`PART`] bytes, each copied out of the
//! page's memory and written as a `Blob` by a worker, so a file
//! of any size is stored without holding the page up and without one record
//! too large for the browser (the browser keeps blobs on disk, and reads
//! them back off the page's thread). The file's description (name, size,
//! parts) is written last: a file whose writing stopped half way is never
//! read back as if it were whole.

use std::rc::Rc;

use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::state::blob_reading::{read_blob, Scratch};

/// Bytes of the file stored per record. Each part read back leaves the
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
export function parts_put(writer, key, bytes, length) { return writer.put(key, bytes, length); }
export function parts_end(writer) { writer.end(); }
export function idb_put(key, value) { return store().put(key, value); }
export function idb_get(key) { return store().get(key); }
export function idb_clear() { return store().clear(); }
export function idb_forget_file() { return store().forgetFile(); }
"#)]
extern "C" {
    #[wasm_bindgen(catch)]
    fn idb_put(key: &str, value: &JsValue) -> Result<js_sys::Promise, JsValue>;
    #[wasm_bindgen(catch)]
    fn parts_writer() -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch)]
    fn parts_put(writer: &JsValue, key: &str, bytes: &Uint8Array, length: u32) -> Result<js_sys::Promise, JsValue>;
    fn parts_end(writer: &JsValue);
    #[wasm_bindgen(catch)]
    fn idb_get(key: &str) -> Result<js_sys::Promise, JsValue>;
    #[wasm_bindgen(catch)]
    fn idb_clear() -> Result<js_sys::Promise, JsValue>;
    #[wasm_bindgen(catch)]
    fn idb_forget_file() -> Result<js_sys::Promise, JsValue>;
}

/// A stored session: the file and the edited games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Saved {
    /// File name(s).
    pub name: String,
    /// The file's bytes.
    pub bytes: Rc<Vec<u8>>,
    /// Each file's name and start offset.
    pub parts: Vec<(String, usize)>,
    /// Edited games: index and PGN in export format.
    pub games: Vec<(usize, String)>,
    /// Games made in the app, in order: PGN.
    pub added: Vec<String>,
    /// The game that was open.
    pub open: usize,
}

/// The file to store: its name, bytes and parts.
#[derive(Clone, Debug)]
pub struct FileRecord {
    /// File name(s).
    pub name: String,
    /// The bytes (shared with the open file, not copied).
    pub bytes: Rc<Vec<u8>>,
    /// Each file's name and start offset.
    pub parts: Vec<(String, usize)>,
}

async fn call(p: Result<js_sys::Promise, JsValue>) -> Result<JsValue, String> {
    JsFuture::from(p.map_err(|e| describe(&e))?).await.map_err(|e| describe(&e))
}

/// A browser error in words (a `DOMException`'s name and message).
fn describe(e: &JsValue) -> String {
    if let Some(s) = e.as_string() {
        return s;
    }
    let name = get(e, "name").as_string().unwrap_or_default();
    let message = get(e, "message").as_string().unwrap_or_default();
    match (name.is_empty(), message.is_empty()) {
        (false, false) => format!("{name}: {message}"),
        (true, false) => message,
        (false, true) => name,
        (true, true) => "the browser gave no reason".to_owned(),
    }
}

fn set(obj: &Object, key: &str, value: &JsValue) {
    let _ = Reflect::set(obj, &key.into(), value);
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

fn part_key(i: usize) -> String {
    format!("part:{i:06}")
}

/// The worker that writes a file's parts, ended when dropped.
struct PartWriter(JsValue);

impl Drop for PartWriter {
    fn drop(&mut self) {
        parts_end(&self.0);
    }
}

/// Stores the file (once per file: it can be large), a part at a time.
///
/// Each part is copied into one buffer, which a worker (static/store.js)
/// makes a blob of and stores, off the page's thread, and hands back for the
/// next part: the page makes no buffer nor blob per part for its garbage
/// collector. (With one buffer but the blobs made on the page, their bytes
/// stayed in the browser's memory until it refused to make more, at about
/// 500 MB: the workers are ended as they go, which frees them.)
pub async fn save_file(file: FileRecord) -> Result<(), String> {
    call(idb_forget_file()).await?;
    let count = file.bytes.len().div_ceil(PART);
    let writer = PartWriter(parts_writer().map_err(|e| describe(&e))?);
    let mut buffer = Uint8Array::new_with_length(PART.min(file.bytes.len()) as u32);
    for i in 0..count {
        let chunk = &file.bytes[i * PART..((i + 1) * PART).min(file.bytes.len())];
        buffer.subarray(0, chunk.len() as u32).copy_from(chunk);
        // Each part is written in a task of its own: the worker's answer
        // comes back as a task of its own.
        buffer = call(parts_put(&writer.0, &part_key(i), &buffer, chunk.len() as u32)).await?.unchecked_into();
    }
    drop(writer);
    let obj = Object::new();
    set(&obj, "name", &file.name.as_str().into());
    set(&obj, "size", &(file.bytes.len() as f64).into());
    set(&obj, "count", &(count as f64).into());
    let list = Array::new();
    for (n, at) in &file.parts {
        list.push(&Array::of2(&n.into(), &(*at as f64).into()));
    }
    set(&obj, "parts", &list);
    call(idb_put("file", &obj)).await.map(|_| ())
}

/// Stores the edits (after every change): the edited games of the file
/// (index and text) and the games made in the app, as strings of the page.
pub async fn save_edits(games: &[(usize, JsValue)], added: &[JsValue], open: usize) -> Result<(), String> {
    let obj = Object::new();
    let list = Array::new();
    for (i, pgn) in games {
        list.push(&Array::of2(&(*i as f64).into(), pgn));
    }
    set(&obj, "games", &list);
    set(&obj, "added", &added.iter().collect::<Array>());
    set(&obj, "open", &(open as f64).into());
    call(idb_put("edits", &obj)).await.map(|_| ())
}

/// The stored session, if there is one with edits and its whole file.
pub async fn load() -> Result<Option<Saved>, String> {
    let edits = call(idb_get("edits")).await?;
    if edits.is_undefined() || edits.is_null() {
        return Ok(None);
    }
    let file = call(idb_get("file")).await?;
    if file.is_undefined() || file.is_null() {
        return Ok(None);
    }
    let games: Vec<(usize, String)> = Array::from(&get(&edits, "games"))
        .iter()
        .filter_map(|pair| {
            let pair = Array::from(&pair);
            Some((pair.get(0).as_f64()? as usize, pair.get(1).as_string()?))
        })
        .collect();
    let added: Vec<String> = Array::from(&get(&edits, "added")).iter().filter_map(|v| v.as_string()).collect();
    if games.is_empty() && added.is_empty() {
        return Ok(None);
    }
    let parts = Array::from(&get(&file, "parts"))
        .iter()
        .filter_map(|pair| {
            let pair = Array::from(&pair);
            Some((pair.get(0).as_string()?, pair.get(1).as_f64()? as usize))
        })
        .collect();
    let bytes = read_file_parts(&file).await?;
    Ok(Some(Saved {
        name: get(&file, "name").as_string().unwrap_or_default(),
        bytes: Rc::new(bytes),
        parts,
        games,
        added,
        open: get(&edits, "open").as_f64().unwrap_or(0.0) as usize,
    }))
}

/// The bytes of a stored file, a part at a time (or whole, as an earlier
/// version stored them).
async fn read_file_parts(file: &JsValue) -> Result<Vec<u8>, String> {
    let whole = get(file, "bytes");
    if whole.is_instance_of::<Uint8Array>() {
        return Ok(Uint8Array::new(&whole).to_vec());
    }
    let size = get(file, "size").as_f64().unwrap_or(0.0) as usize;
    let count = get(file, "count").as_f64().unwrap_or(0.0) as usize;
    let mut bytes = Vec::new();
    bytes.try_reserve_exact(size).map_err(|_| format!("the stored file ({size} bytes) does not fit in memory"))?;
    let mut scratch = Scratch::default();
    for i in 0..count {
        let part = call(idb_get(&part_key(i))).await?;
        let Some(blob) = part.dyn_ref::<web_sys::Blob>() else {
            return Err(format!("part {} of {count} of the stored file is missing", i + 1));
        };
        read_blob(blob, &mut bytes, &mut scratch).await?;
    }
    if bytes.len() != size {
        return Err(format!("the stored file has {} of its {size} bytes", bytes.len()));
    }
    Ok(bytes)
}

/// Forgets the stored session.
pub async fn clear() {
    let _ = call(idb_clear()).await;
}
