//! A document as the browser's store keeps it: its description, and the
//! records of its edited games, as the page reads and writes them (the
//! store itself is `static/store.js`, reached through [`crate::state::persist`]).

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

/// A stored document's description.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DocMeta {
    /// Its id in the store.
    pub id: String,
    /// File name(s).
    pub name: String,
    /// Where it came from: `file`, `paste`, `link`, `sample`, `new`,
    /// `url:` and the address, or `import:`, the service and the user
    /// (`import:lichess:name`).
    pub source: String,
    /// Its size in bytes.
    pub size: usize,
    /// How many parts its bytes are stored in.
    pub count: usize,
    /// Each file's name and start offset.
    pub parts: Vec<(String, usize)>,
    /// Its fingerprint ([`movetext_view::game::fingerprint`]); empty when not known.
    pub hash: String,
    /// Its games, as many as known when last stored.
    pub games: usize,
    /// Whether it holds edits.
    pub edited: bool,
    /// When it was last opened or edited (milliseconds since 1970).
    pub last_opened: f64,
    /// The game that was open.
    pub open: usize,
}

/// Where an edited game is kept in its document: by its number in the file,
/// or, for a game made in the app, by a key of its own (so that games made
/// in two tabs never take each other's place).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EditKey {
    /// A game of the file, by index.
    Game(usize),
    /// A game made in the app (`a:` and a unique text).
    Added(String),
}

impl EditKey {
    /// A new key for a game made in the app.
    pub fn new_added() -> EditKey {
        EditKey::Added(format!("a:{}", unique()))
    }

    /// As the store keeps it.
    pub fn to_js(&self) -> JsValue {
        match self {
            EditKey::Game(i) => (*i as f64).into(),
            EditKey::Added(k) => k.as_str().into(),
        }
    }

    /// As the store gave it.
    pub fn from_js(v: &JsValue) -> Option<EditKey> {
        match (v.as_f64(), v.as_string()) {
            (Some(n), _) if n >= 0.0 => Some(EditKey::Game(n as usize)),
            (_, Some(k)) => Some(EditKey::Added(k)),
            _ => None,
        }
    }
}

/// One stored game of a document's edits.
#[derive(Clone, Debug, PartialEq)]
pub struct EditRecord {
    /// Which game.
    pub key: EditKey,
    /// Its text in export format (`None`: as in the file again).
    pub pgn: Option<String>,
    /// Its revision: one more at every write, by any tab.
    pub rev: u64,
    /// For a game made in the app: its place among them (when made).
    pub order: f64,
}

/// A text unique to this page and moment (ids and keys).
pub fn unique() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    #[cfg(target_arch = "wasm32")]
    let (now, random) = (js_sys::Date::now() as u64, (js_sys::Math::random() * 2f64.powi(40)) as u64);
    #[cfg(not(target_arch = "wasm32"))]
    let (now, random) = {
        let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        (since.map_or(0, |d| d.as_millis() as u64), u64::from(std::process::id()))
    };
    let count = COUNT.fetch_add(1, Ordering::Relaxed);
    format!("{now:x}{random:010x}{count:x}")
}

pub(crate) fn set(obj: &Object, key: &str, value: &JsValue) {
    let _ = Reflect::set(obj, &key.into(), value);
}

pub(crate) fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

fn number(obj: &JsValue, key: &str) -> f64 {
    get(obj, key).as_f64().unwrap_or(0.0)
}

fn text(obj: &JsValue, key: &str) -> String {
    get(obj, key).as_string().unwrap_or_default()
}

impl DocMeta {
    /// As the store keeps it.
    pub fn to_js(&self) -> JsValue {
        let obj = Object::new();
        set(&obj, "id", &self.id.as_str().into());
        set(&obj, "name", &self.name.as_str().into());
        set(&obj, "source", &self.source.as_str().into());
        set(&obj, "size", &(self.size as f64).into());
        set(&obj, "count", &(self.count as f64).into());
        let list = Array::new();
        for (n, at) in &self.parts {
            list.push(&Array::of2(&n.into(), &(*at as f64).into()));
        }
        set(&obj, "parts", &list);
        set(&obj, "hash", &self.hash.as_str().into());
        set(&obj, "games", &(self.games as f64).into());
        set(&obj, "edited", &self.edited.into());
        set(&obj, "lastOpened", &self.last_opened.into());
        set(&obj, "open", &(self.open as f64).into());
        obj.into()
    }

    /// As the store gave it.
    pub fn from_js(v: &JsValue) -> DocMeta {
        let parts = Array::from(&get(v, "parts"))
            .iter()
            .filter_map(|pair| {
                let pair = Array::from(&pair);
                Some((pair.get(0).as_string()?, pair.get(1).as_f64()? as usize))
            })
            .collect();
        DocMeta {
            id: text(v, "id"),
            name: text(v, "name"),
            source: text(v, "source"),
            size: number(v, "size") as usize,
            count: number(v, "count") as usize,
            parts,
            hash: text(v, "hash"),
            games: number(v, "games") as usize,
            edited: get(v, "edited").as_bool().unwrap_or(false),
            last_opened: number(v, "lastOpened"),
            open: number(v, "open") as usize,
        }
    }
}

impl EditRecord {
    /// As the store gave it.
    pub fn from_js(v: &JsValue) -> Option<EditRecord> {
        Some(EditRecord {
            key: EditKey::from_js(&get(v, "key"))?,
            pgn: get(v, "pgn").as_string(),
            rev: number(v, "rev") as u64,
            order: number(v, "order"),
        })
    }
}

/// The records of a document's edits, as the store gave them.
pub fn records(list: &JsValue) -> Vec<EditRecord> {
    Array::from(list).iter().filter_map(|r| EditRecord::from_js(&r)).collect()
}

/// A write of an edited game: its key, its text (`None`: as in the file
/// again) and the revision it was made from.
#[derive(Clone, Debug)]
pub struct Write {
    /// Which game.
    pub key: EditKey,
    /// Its text, a string of the page (`None`: as in the file).
    pub pgn: Option<JsValue>,
    /// The revision this tab last saw.
    pub base: u64,
    /// For a game made in the app: its place among them.
    pub order: f64,
}

impl Write {
    /// As the store takes it.
    pub fn to_js(&self) -> JsValue {
        let obj = Object::new();
        set(&obj, "key", &self.key.to_js());
        set(&obj, "pgn", self.pgn.as_ref().unwrap_or(&JsValue::NULL));
        set(&obj, "base", &(self.base as f64).into());
        set(&obj, "order", &self.order.into());
        obj.into()
    }
}

/// What a save did: each game's new revision, and the games another tab
/// had written meanwhile (this tab's version kept as a new game: the key
/// written, the new game's key, the other tab's revision).
#[derive(Clone, Debug, Default)]
pub struct Saved {
    /// Each written game's new revision.
    pub revs: Vec<(EditKey, u64)>,
    /// Games written by another tab meanwhile.
    pub conflicts: Vec<(EditKey, EditKey, u64)>,
}

impl Saved {
    /// As the store gave it.
    pub fn from_js(v: &JsValue) -> Saved {
        let revs = Array::from(&get(v, "revs"))
            .iter()
            .filter_map(|r| Some((EditKey::from_js(&get(&r, "key"))?, number(&r, "rev") as u64)))
            .collect();
        let conflicts = Array::from(&get(v, "conflicts"))
            .iter()
            .filter_map(|r| {
                Some((
                    EditKey::from_js(&get(&r, "key"))?,
                    EditKey::from_js(&get(&r, "copy"))?,
                    number(&r, "rev") as u64,
                ))
            })
            .collect();
        Saved { revs, conflicts }
    }
}

/// A message to the app's other tabs: what changed (`edits`, `docs`,
/// `deleted`), in which document.
pub fn announcement(kind: &str, id: &str) -> JsValue {
    let obj = Object::new();
    set(&obj, "type", &kind.into());
    set(&obj, "doc", &id.into());
    obj.into()
}
