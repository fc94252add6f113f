//! Movetext's widget as a WebAssembly module, drawn without a framework:
//! `widget/movetext.js` loads it once per page and mounts one widget per
//! `<movetext-viewer>` element or `Movetext.mount` call; every widget
//! shares this one instance. The widget writes its parts as markup
//! (`movetext_view` writes the board, the players' bars and the move list)
//! and answers the page through one listener of each kind.
//!
//! Its parts, by role, each using only those named before it: `dom` (what
//! the widget asks of the page), `shell` (the frame's markup), `move_list`,
//! `state` (the widget's state, with no drawing and no timer), `render` (its
//! drawing), `run` (each change made, drawn and told to the page, and the
//! widget's timers), `board` and `menu` (the board's and the menu's
//! listeners), `events` (the frame's listeners) and `api` (what the page's
//! script calls).

/// The module's memory is handed out by Talc, a smaller allocator than
/// the standard library's.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

mod api;
mod board;
mod dom;
mod events;
mod menu;
mod move_list;
mod render;
mod run;
mod shell;
mod state;

pub use api::{add_words, fault, mount, MountedWidget};
