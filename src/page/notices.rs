//! What the page says over its content: a message (an error, or news), the
//! banner of edits restored from the browser (keep or discard them), the
//! banner of edits held back after the page stopped on them, the question
//! whether to open pasted text that holds no game, and the paste panel.

use movetext_view::game::url_state::Place;
use yew::prelude::*;

use crate::page::loading::{open_stored, LoadRequest};
use crate::page::paste::{open_asked, open_text};
use crate::page::session::Session;
use crate::state::page_state::PageAction;
use crate::state::persist;

/// What the notices need besides the session.
#[derive(Properties, PartialEq)]
pub(crate) struct NoticesProps {
    /// Opens a file.
    pub load: Callback<LoadRequest>,
    /// Brings back the saved edits (place, named by the address, at start).
    pub restore_saved: Callback<(Place, bool, bool)>,
}

/// The message and the banners.
#[function_component(Notices)]
pub(crate) fn notices(props: &NoticesProps) -> Html {
    let session = use_context::<Session>().expect("the page's session");
    let lang = crate::i18n::use_lang();
    let act = |action: PageAction| {
        let page = session.page.dispatcher();
        Callback::from(move |_: MouseEvent| page.dispatch(action.clone()))
    };
    let asked = |open: bool| {
        let (session, load) = (session.clone(), props.load.clone());
        Callback::from(move |_: MouseEvent| open_asked(&session, &load, open))
    };
    let discard = {
        let (session, load) = (session.clone(), props.load.clone());
        Callback::from(move |_: MouseEvent| {
            session.act(PageAction::Restored(false));
            session.edits.borrow_mut().clear();
            // The document stays, as its file has it.
            let id = session.jobs.doc.borrow().id.clone();
            let (session, load) = (session.clone(), load.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match persist::discard_edits(&id).await {
                    Ok(()) => open_stored(&session, &load, &id, Some(Place::default())).await,
                    Err(e) => session.act(PageAction::Error(e.to_string())),
                }
            });
        })
    };
    let open_held_back = {
        let restore_saved = props.restore_saved.clone();
        Callback::from(move |_: MouseEvent| restore_saved.emit((Place::default(), false, false)))
    };
    let page = &session.page;
    let name = session.library.lib.borrow().name.clone();
    html! {
        <>
            if let Some(n) = &page.notice {
                <div class={classes!("notice", n.error.then_some("notice-error"))} role="alert">
                    <span>{ n.text.clone() }</span>
                    <button type="button" class="btn" onclick={act(PageAction::Notice(None))}>{ lang.text("dismiss") }</button>
                </div>
            }
            if page.restored {
                <div class="notice notice-restored" role="status">
                    <span>{ lang.say("restored", &[("file", &name)]) }</span>
                    <span>
                        <button type="button" class="btn" onclick={act(PageAction::Restored(false))}>{ lang.text("restored-keep") }</button>
                        <button type="button" class="btn" onclick={discard}>{ lang.text("restored-discard") }</button>
                    </span>
                </div>
            }
            if let Some(text) = page.asked_paste.clone() {
                <div class="notice notice-paste" role="alert">
                    <span>{ lang.say("paste-not-pgn", &[("text", &text)]) }</span>
                    <span>
                        <button type="button" class="btn paste-anyway" onclick={asked(true)}>{ lang.text("paste-open-anyway") }</button>
                        <button type="button" class="btn paste-cancel" onclick={asked(false)}>{ lang.text("cancel") }</button>
                    </span>
                </div>
            }
            if page.held_back {
                <div class="notice notice-held-back" role="status">
                    <span>{ lang.text("held-back") }</span>
                    <span>
                        <button type="button" class="btn" onclick={open_held_back}>{ lang.text("held-back-open") }</button>
                        <button type="button" class="btn" onclick={act(PageAction::HeldBack(false))}>{ lang.text("dismiss") }</button>
                    </span>
                </div>
            }
        </>
    }
}

/// What the paste panel needs besides the session.
#[derive(Properties, PartialEq)]
pub(crate) struct PastePanelProps {
    /// Opens the pasted text.
    pub load: Callback<LoadRequest>,
}

/// The paste panel, while it is open.
#[function_component(PastePanel)]
pub(crate) fn paste_panel(props: &PastePanelProps) -> Html {
    let session = use_context::<Session>().expect("the page's session");
    let lang = crate::i18n::use_lang();
    let paste_box = use_node_ref();
    let toggle = {
        let page = session.page.dispatcher();
        Callback::from(move |_: MouseEvent| page.dispatch(PageAction::TogglePaste))
    };
    let open = {
        let (paste_box, load, session) = (paste_box.clone(), props.load.clone(), session.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = paste_box.cast::<web_sys::HtmlTextAreaElement>() {
                open_text(&session, &load, lang.text("pasted-text"), area.value());
            }
        })
    };
    if !session.page.paste_open {
        return html! {};
    }
    html! {
        <div class="paste-panel" role="dialog" aria-label={lang.text("paste-dialog")}>
            <textarea ref={paste_box} class="paste-text" rows="8" spellcheck="false"
                aria-label={lang.text("paste-text")} placeholder={lang.text("paste-placeholder")} />
            <div class="paste-actions">
                <button type="button" class="btn btn-primary paste-open" onclick={open}>{ lang.text("open") }</button>
                <button type="button" class="btn" onclick={toggle}>{ lang.text("cancel") }</button>
            </div>
        </div>
    }
}
