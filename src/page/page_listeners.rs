//! The page's window listeners: keys (navigation and editing shortcuts),
//! hash changes (a place, or a game the address carries), paste, drag and drop of files, and leaving with edits
//! never exported.

use gloo_events::{EventListener, EventListenerOptions};
use movetext_view::game::editing::EditOp;
use movetext_view::game::url_state::Place;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::page::file_input::{hash_pgn, read_files, Loaded};
use crate::page::hash_sync::current_place;
use crate::page::key_context::KeyContext;
use crate::page::loading::LoadRequest;
use crate::page::paste::open_text;
use crate::page::session::Session;
use crate::state::keys::{key_belongs_to_target, key_event_action};
use crate::state::page_state::CommentSide;
use crate::state::page_state::PageAction;
use crate::state::viewer::{Action, Nav};

/// Installs the page's window listeners once, then marks the page's root
/// element ([`ReadyMark`]); they go with the component.
#[hook]
pub(crate) fn use_page_listeners(session: &Session, load: &Callback<LoadRequest>) {
    let session = session.clone();
    let load = load.clone();
    use_effect_with((), move |_| {
        let dispatcher = session.viewer.dispatcher();
        let opener = session.opener.clone();
        let edits = session.edits.clone();
        let key_context = session.jobs.key_context.clone();
        let latest = session.jobs.latest.clone();
        let report = session.reporter();
        let page = session.page.dispatcher();
        let window = web_sys::window().expect("a window");
        let active = EventListenerOptions::enable_prevent_default();
        let keys = {
            let dispatcher = dispatcher.clone();
            let key_context = key_context.clone();
            EventListener::new_with_options(&window, "keydown", active, move |event| {
                let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
                if key_belongs_to_target(event) {
                    return;
                }
                let ctx = key_context.borrow().clone();
                let training = ctx.as_ref().is_some_and(|c| c.training);
                if let Some(ctx) = ctx.as_ref().filter(|c| c.blocked) {
                    if event.key() == "Escape" {
                        ctx.close.emit(());
                    }
                    return;
                }
                if let Some(ctx) = ctx.filter(|c| !c.blocked) {
                    if let Some(done) = edit_key(event, &ctx) {
                        if done {
                            event.prevent_default();
                        }
                        return;
                    }
                }
                if let Some(action) = key_event_action(event) {
                    event.prevent_default();
                    let ahead =
                        matches!(action, Action::Nav(Nav::Next | Nav::Last) | Action::TogglePlay | Action::Sibling(_));
                    if ahead && training {
                        return;
                    }
                    dispatcher.dispatch(action);
                }
            })
        };
        let hash = {
            let opener = opener.clone();
            let latest = latest.clone();
            let edits = edits.clone();
            let (load, lang) = (load.clone(), session.jobs.clone());
            EventListener::new(&window, "hashchange", move |_| {
                // A game the address carries (`pgn=`) is opened as a
                // document of its own, as at start; else the place named.
                if let Some(text) = hash_pgn() {
                    let name = lang.lang.get().text("shared-game");
                    load.emit((Loaded::text(name, text, "link"), current_place(), None));
                    return;
                }
                let handle = latest.borrow().clone();
                opener.open(&handle.lib.borrow(), &edits.borrow(), &current_place());
            })
        };
        let paste = {
            let (load, session) = (load.clone(), session.clone());
            EventListener::new(&window, "paste", move |event| {
                if typing_target(event) {
                    return;
                }
                let Some(event) = event.dyn_ref::<web_sys::ClipboardEvent>() else { return };
                let text = event.clipboard_data().and_then(|d| d.get_data("text/plain").ok()).unwrap_or_default();
                open_text(&session, &load, session.lang().text("pasted-text"), text);
            })
        };
        let has_files = |event: &Event| {
            event
                .dyn_ref::<web_sys::DragEvent>()
                .and_then(|e| e.data_transfer())
                .is_some_and(|d| d.types().includes(&"Files".into(), 0))
        };
        let over = {
            let page = page.clone();
            EventListener::new_with_options(&window, "dragover", active, move |event| {
                if has_files(event) {
                    event.prevent_default();
                    page.dispatch(PageAction::Dragging(true));
                }
            })
        };
        let leave = {
            let page = page.clone();
            EventListener::new(&window, "dragleave", move |event| {
                let outside = event.dyn_ref::<web_sys::DragEvent>().is_some_and(|e| e.related_target().is_none());
                if outside {
                    page.dispatch(PageAction::Dragging(false));
                }
            })
        };
        let jobs = session.jobs.clone();
        let dropping = session.clone();
        let drop = EventListener::new_with_options(&window, "drop", active, move |event| {
            page.dispatch(PageAction::Dragging(false));
            let Some(data) = event.dyn_ref::<web_sys::DragEvent>().and_then(|e| e.data_transfer()) else { return };
            event.prevent_default();
            let files = data.files().filter(|f| f.length() > 0);
            let load = load.clone();
            let report = report.clone();
            let lang = jobs.lang.get();
            if let Some(files) = files {
                wasm_bindgen_futures::spawn_local(async move {
                    match read_files(files, lang).await {
                        Ok(loaded) => load.emit((loaded, Place::default(), None)),
                        Err(e) => report.emit(e),
                    }
                });
            } else if let Ok(text) = data.get_data("text/plain") {
                open_text(&dropping, &load, jobs.lang.get().text("dropped-text"), text);
            }
        });
        let leaving = {
            let (edits, jobs) = (edits.clone(), session.jobs.clone());
            EventListener::new_with_options(&window, "beforeunload", active, move |event| {
                if edits.borrow().unexported {
                    event.prevent_default();
                    if let Some(e) = event.dyn_ref::<web_sys::BeforeUnloadEvent>() {
                        e.set_return_value(jobs.lang.get().text("unload-warning"));
                    }
                }
            })
        };
        // Scripts of the page that hand the app files (a launch, a share)
        // wait for this: the board can be drawn before these listeners are.
        let ready = ReadyMark::set();
        move || drop_all((ready, keys, hash, paste, over, leave, drop, leaving))
    });
}

/// The attribute `data-app-ready` of the page's root element, set while
/// the app listens to the window (drops, pastes, keys) and taken off when
/// dropped: `static/offline.js` waits for it before it hands the app a
/// launched or shared file.
struct ReadyMark(Option<web_sys::Element>);

impl ReadyMark {
    const NAME: &'static str = "data-app-ready";

    fn set() -> ReadyMark {
        let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
        if let Some(root) = &root {
            let _ = root.set_attribute(Self::NAME, "");
        }
        ReadyMark(root)
    }
}

impl Drop for ReadyMark {
    fn drop(&mut self) {
        if let Some(root) = &self.0 {
            let _ = root.remove_attribute(Self::NAME);
        }
    }
}

/// The editing shortcuts: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, Delete
/// (delete from here), P (promote), M (main line), C and Shift+C (comment
/// after and before), the context-menu key or Shift+F10 (the move's menu),
/// and L (analysis on or off).
/// `Some(true)` when the key was used, `None` when it is not an edit key.
fn edit_key(event: &KeyboardEvent, ctx: &KeyContext) -> Option<bool> {
    let key = event.key();
    let command = event.ctrl_key() || event.meta_key();
    if command && !event.alt_key() {
        match key.as_str() {
            "z" | "Z" if !event.shift_key() => ctx.undo.emit(()),
            "z" | "Z" | "y" | "Y" => ctx.redo.emit(()),
            _ => return None,
        }
        return Some(true);
    }
    if command || event.alt_key() {
        return None;
    }
    let at = ctx.key;
    match key.as_str() {
        "Delete" | "Backspace" if ctx.current != 0 => ctx.edit.emit(EditOp::Delete(at)),
        "p" | "P" if ctx.current != 0 => ctx.edit.emit(EditOp::Promote(at)),
        "m" | "M" if ctx.current != 0 => ctx.edit.emit(EditOp::MainLine(at)),
        "c" => ctx.comment.emit((ctx.current, CommentSide::After)),
        "C" if ctx.current != 0 => ctx.comment.emit((ctx.current, CommentSide::Before)),
        "l" | "L" => ctx.analysis.emit(()),
        "ContextMenu" => ctx.menu.emit(()),
        "F10" if event.shift_key() => ctx.menu.emit(()),
        _ => return None,
    }
    Some(true)
}

/// Whether an event comes from a field where the user types.
fn typing_target(event: &Event) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA") || el.is_content_editable())
}

/// Drops window listeners (they unregister themselves).
fn drop_all<T>(listeners: T) {
    drop(listeners);
}
