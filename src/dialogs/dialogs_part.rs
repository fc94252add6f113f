//! The dialogs' code (comment, tags, new game, print, image and GIF,
//! export) is a part of the app's module of its own, fetched after the
//! app's first drawing, or when a dialog is opened before it has come
//! (`scripts/app-module.sh` splits it off at [`dialogs_view`]). Until it has come a
//! dialog asked for says that it is opening; if it cannot be fetched (offline
//! before the app was installed, say), the dialog says so and can try again.
//! Nothing else waits for it.

// The split point's macro declares the part's import and export, which
// needs `unsafe` (the app's only use; the rest of the crate denies it).
#![allow(unsafe_code)]

use std::cell::{Cell, RefCell};

use wasm_split_helpers::{wasm_split, SplitLoaderError};
use yew::prelude::*;

use crate::dialogs::app_dialogs::DialogContext;
use crate::i18n::Lang;
use crate::state::page_state::Dialog;

/// Draws an open dialog (in the dialogs' part).
pub(crate) type DialogView = fn(&Dialog, &DialogContext) -> Html;

/// The dialogs' part: its one entry, which gives the function that draws
/// them. Everything reached only from it is in the part.
#[wasm_split(dialogs, fallible)]
fn dialogs_view() -> Result<DialogView, SplitLoaderError> {
    Ok(crate::dialogs::app_dialogs::dialog_view)
}

/// Where the part is.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Part {
    /// Not asked for yet.
    Absent,
    /// Being fetched.
    Loading,
    /// Its fetching failed (it can be tried again).
    Failed,
    /// Here, with what draws the dialogs.
    Ready(DialogView),
}

thread_local! {
    static PART: Cell<Part> = const { Cell::new(Part::Absent) };
    static WAITING: RefCell<Vec<Callback<()>>> = const { RefCell::new(Vec::new()) };
}

/// What draws the dialogs, once the part is here.
pub(crate) fn view() -> Option<DialogView> {
    match part() {
        Part::Ready(view) => Some(view),
        Part::Absent | Part::Loading | Part::Failed => None,
    }
}

/// Where the part is now.
pub(crate) fn part() -> Part {
    PART.with(Cell::get)
}

/// Fetches the part unless it is here or coming; `then` is called once it
/// has come or failed.
pub(crate) fn load(then: Callback<()>) {
    match part() {
        Part::Ready(_) => return,
        Part::Loading => {
            WAITING.with(|w| w.borrow_mut().push(then));
            return;
        }
        Part::Absent | Part::Failed => {}
    }
    PART.with(|p| p.set(Part::Loading));
    WAITING.with(|w| w.borrow_mut().push(then));
    wasm_bindgen_futures::spawn_local(async {
        let now = dialogs_view().await.map_or(Part::Failed, Part::Ready);
        PART.with(|p| p.set(now));
        for then in WAITING.with(|w| std::mem::take(&mut *w.borrow_mut())) {
            then.emit(());
        }
    });
}

/// What a dialog asked for shows while the part is not here: that it is
/// opening, or that it could not be fetched (with a way to try again).
pub(crate) fn waiting_view(lang: Lang, retry: Callback<()>, close: Callback<()>) -> Html {
    let failed = matches!(part(), Part::Failed);
    let on_close = close.reform(|_: MouseEvent| ());
    let on_retry = retry.reform(|_: MouseEvent| ());
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        e.stop_propagation();
        if e.key() == "Escape" {
            e.prevent_default();
            close.emit(());
        }
    });
    html! {
        <div class="dialog-backdrop">
            <div class="dialog part-dialog" role="dialog" aria-modal="true" aria-busy={(!failed).to_string()}
                aria-label={lang.text("part-opening")} {onkeydown}>
                if failed {
                    <p role="alert">{ lang.text("part-failed") }</p>
                    <div class="dialog-actions">
                        <button type="button" class="btn btn-primary" onclick={on_retry}>{ lang.text("part-retry") }</button>
                        <button type="button" class="btn" onclick={on_close}>{ lang.text("close") }</button>
                    </div>
                } else {
                    <p role="status">{ lang.text("part-opening") }</p>
                    <div class="dialog-actions">
                        <button type="button" class="btn" onclick={on_close}>{ lang.text("cancel") }</button>
                    </div>
                }
            </div>
        </div>
    }
}

/// Fetches the part once the app has drawn; gives what the part calls once
/// it has come (the app is drawn again then, with the dialog asked for).
#[hook]
pub(crate) fn use_dialogs_part() -> Callback<()> {
    let redraw = use_force_update();
    let done = use_memo((), move |()| Callback::from(move |()| redraw.force_update()));
    {
        let done = (*done).clone();
        use_effect_with((), move |()| load(done));
    }
    (*done).clone()
}
