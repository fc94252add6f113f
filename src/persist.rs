//! Keeping edits safe in the browser: the open file and every edited game
//! are stored in IndexedDB as they change, and come back after a reload or
//! a crash until the user discards them.

use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(inline_js = r#"
const DB = 'movetext';
const STORE = 'session';
function open() {
  return new Promise((ok, fail) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
}
function run(mode, act) {
  return open().then((db) => new Promise((ok, fail) => {
    const tx = db.transaction(STORE, mode);
    const req = act(tx.objectStore(STORE));
    tx.oncomplete = () => { db.close(); ok(req ? req.result : undefined); };
    tx.onerror = () => { db.close(); fail(tx.error); };
    tx.onabort = () => { db.close(); fail(tx.error); };
  }));
}
export function idb_put(key, value) { return run('readwrite', (s) => s.put(value, key)); }
export function idb_get(key) { return run('readonly', (s) => s.get(key)); }
export function idb_clear() { return run('readwrite', (s) => s.clear()); }
"#)]
extern "C" {
    #[wasm_bindgen(catch)]
    fn idb_put(key: &str, value: &JsValue) -> Result<js_sys::Promise, JsValue>;
    #[wasm_bindgen(catch)]
    fn idb_get(key: &str) -> Result<js_sys::Promise, JsValue>;
    #[wasm_bindgen(catch)]
    fn idb_clear() -> Result<js_sys::Promise, JsValue>;
}

/// A stored session: the file and the edited games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Saved {
    /// File name(s).
    pub name: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Each file's name and start offset.
    pub parts: Vec<(String, usize)>,
    /// Edited games: index and PGN in export format.
    pub games: Vec<(usize, String)>,
    /// Games made in the app, in order: PGN.
    pub added: Vec<String>,
    /// The game that was open.
    pub open: usize,
}

async fn call(p: Result<js_sys::Promise, JsValue>) -> Result<JsValue, JsValue> {
    JsFuture::from(p?).await
}

fn set(obj: &Object, key: &str, value: &JsValue) {
    let _ = Reflect::set(obj, &key.into(), value);
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// The stored form of a file: its bytes are copied into JavaScript here,
/// once, so nothing is copied again while it is stored.
pub fn file_record(name: &str, bytes: &[u8], parts: &[(String, usize)]) -> JsValue {
    let obj = Object::new();
    set(&obj, "name", &name.into());
    set(&obj, "bytes", &Uint8Array::from(bytes).into());
    let list = Array::new();
    for (n, at) in parts {
        list.push(&Array::of2(&n.into(), &(*at as f64).into()));
    }
    set(&obj, "parts", &list);
    obj.into()
}

/// Stores a file record (once per file: it can be large).
pub async fn save_file(record: JsValue) -> Result<(), JsValue> {
    call(idb_put("file", &record)).await.map(|_| ())
}

/// Stores the edits (after every change).
pub async fn save_edits(games: &[(usize, String)], added: &[String], open: usize) -> Result<(), JsValue> {
    let obj = Object::new();
    let list = Array::new();
    for (i, pgn) in games {
        list.push(&Array::of2(&(*i as f64).into(), &pgn.into()));
    }
    set(&obj, "games", &list);
    set(&obj, "added", &added.iter().map(|a| JsValue::from(a.as_str())).collect::<Array>());
    set(&obj, "open", &(open as f64).into());
    call(idb_put("edits", &obj)).await.map(|_| ())
}

/// The stored session, if there is one with edits.
pub async fn load() -> Option<Saved> {
    let edits = call(idb_get("edits")).await.ok()?;
    if edits.is_undefined() || edits.is_null() {
        return None;
    }
    let file = call(idb_get("file")).await.ok()?;
    if file.is_undefined() || file.is_null() {
        return None;
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
        return None;
    }
    let parts = Array::from(&get(&file, "parts"))
        .iter()
        .filter_map(|pair| {
            let pair = Array::from(&pair);
            Some((pair.get(0).as_string()?, pair.get(1).as_f64()? as usize))
        })
        .collect();
    Some(Saved {
        name: get(&file, "name").as_string().unwrap_or_default(),
        bytes: Uint8Array::new(&get(&file, "bytes")).to_vec(),
        parts,
        games,
        added,
        open: get(&edits, "open").as_f64().unwrap_or(0.0) as usize,
    })
}

/// Forgets the stored session.
pub async fn clear() {
    let _ = call(idb_clear()).await;
}
