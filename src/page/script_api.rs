//! The app's script interface, for tests and automation (`window.movetext`):
//!
//! - `await movetext.savedDocuments()`: the documents kept in this browser,
//!   `[{ id, name, source, games, edited, size, lastOpened }]`, the most
//!   recently opened first;
//! - `await movetext.documentText(id)`: a document as "Download file"
//!   writes it, its edits included (read whole, on the page's thread: meant
//!   for files of a few megabytes).

use js_sys::{Array, Object, Reflect};
use movetext_view::game::editing::Edits;
use movetext_view::game::library::Library;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

use crate::state::documents::{set, EditKey};
use crate::state::persist;

fn error(e: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&e.to_string()).into()
}

async fn saved_documents() -> Result<JsValue, JsValue> {
    let docs = persist::documents().await.map_err(error)?;
    let list = Array::new();
    for d in docs {
        let obj = Object::new();
        set(&obj, "id", &d.id.as_str().into());
        set(&obj, "name", &d.name.as_str().into());
        set(&obj, "source", &d.source.as_str().into());
        set(&obj, "games", &(d.games as f64).into());
        set(&obj, "edited", &d.edited.into());
        set(&obj, "size", &(d.size as f64).into());
        set(&obj, "lastOpened", &d.last_opened.into());
        list.push(&obj);
    }
    Ok(list.into())
}

/// A stored document's bytes as "Download file" writes them.
pub(crate) async fn document_bytes(id: &str) -> Result<Vec<u8>, String> {
    let (meta, mut records) = persist::document(id).await.map_err(|e| e.reason)?.ok_or("no such document")?;
    let bytes = persist::read_bytes(&meta).await.map_err(|e| e.reason)?;
    let mut lib = Library::indexed(meta.name.clone(), bytes);
    let mut edits = Edits::new();
    records.sort_by(|a, b| a.order.total_cmp(&b.order));
    for r in &records {
        let Some(pgn) = &r.pgn else { continue };
        let game = movetext_core::read_game(pgn.as_bytes());
        match r.key {
            EditKey::Game(i) => edits.restore(i, game),
            EditKey::Added(_) => {
                lib.add_game(game);
            }
        }
    }
    Ok(edits.file_bytes(&lib))
}

async fn document_text(id: String) -> Result<JsValue, JsValue> {
    let bytes = document_bytes(&id).await.map_err(error)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned().into())
}

/// Puts `window.movetext` in place.
pub(crate) fn install() {
    let Some(window) = web_sys::window() else { return };
    let saved = Closure::<dyn Fn() -> js_sys::Promise>::new(|| future_to_promise(saved_documents()));
    let text = Closure::<dyn Fn(JsValue) -> js_sys::Promise>::new(|id: JsValue| {
        future_to_promise(document_text(id.as_string().unwrap_or_default()))
    });
    let api = Object::new();
    set(&api, "savedDocuments", saved.as_ref());
    set(&api, "documentText", text.as_ref());
    saved.forget();
    text.forget();
    let _ = Reflect::set(&window, &"movetext".into(), &api);
}
