//! The page's top bar: the name of the open file (and which game of how
//! many), opening files by the picker, importing games, the paste panel's button, the move
//! notation, the language and the theme.

use movetext_view::game::url_state::Place;
use movetext_view::text::notation::{Notation, CHOICES};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::theme::ThemeToggle;
use crate::i18n::{use_lang, Lang};
use crate::page::file_input::read_files;
use crate::page::language::LanguageChoice;
use crate::page::loading::LoadRequest;
use crate::page::session::Session;
use crate::state::page_state::{Dialog, PageAction};

/// What the top bar needs besides the session.
#[derive(Properties, PartialEq)]
pub(crate) struct TopBarProps {
    /// Opens a file.
    pub load: Callback<LoadRequest>,
    /// Shows the app in another language.
    pub on_lang: Callback<Lang>,
}

/// The top bar.
#[function_component(TopBar)]
pub(crate) fn top_bar(props: &TopBarProps) -> Html {
    let session = use_context::<Session>().expect("the page's session");
    let lang = use_lang();
    let file_input = use_node_ref();
    let pick = {
        let file_input = file_input.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(input) = file_input.cast::<web_sys::HtmlInputElement>() {
                input.click();
            }
        })
    };
    let picked = {
        let (load, report) = (props.load.clone(), session.reporter());
        Callback::from(move |e: Event| {
            let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
            if let Some(files) = input.files().filter(|f| f.length() > 0) {
                let (load, report, input) = (load.clone(), report.clone(), input.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    let result = read_files(files, lang).await;
                    input.set_value("");
                    match result {
                        Ok(loaded) => load.emit((loaded, Place::default(), None)),
                        Err(e) => report.emit(e),
                    }
                });
            }
        })
    };
    let documents = {
        let page = session.page.dispatcher();
        Callback::from(move |_: MouseEvent| page.dispatch(PageAction::Dialog(Some(Dialog::Documents))))
    };
    let import = {
        let page = session.page.dispatcher();
        Callback::from(move |_: MouseEvent| page.dispatch(PageAction::Dialog(Some(Dialog::Import))))
    };
    let toggle_paste = {
        let page = session.page.dispatcher();
        Callback::from(move |_: MouseEvent| page.dispatch(PageAction::TogglePaste))
    };
    let on_notation = {
        let page = session.page.dispatcher();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let choice = CHOICES.get(select.selected_index().max(0) as usize).map_or(Notation::San, |c| c.2);
                crate::state::notation_choice::remember(choice);
                page.dispatch(PageAction::Notation(choice));
            }
        })
    };
    let lib = session.library.lib.borrow();
    let many = lib.len() > 1 || !lib.is_indexed();
    let file_label = if many {
        lang.say(
            "file-game-of",
            &[
                ("file", &lib.name),
                ("game", &(session.viewer.game_index + 1).to_string()),
                ("games", &lib.len().to_string()),
            ],
        )
    } else {
        lib.name.clone()
    };
    let notation = session.page.notation;
    html! {
        <header class="topbar">
            <span class="brand">{ "Movetext" }</span>
            <span class="file-name" title={lib.name.clone()}>{ file_label }</span>
            <div class="top-actions">
                <button type="button" class="btn open-file" onclick={pick}
                    title={lang.text("open-title")}>{ lang.text("open") }</button>
                <input type="file" class="file-picker" ref={file_input} multiple=true hidden=true
                    accept=".pgn,application/x-chess-pgn,application/vnd.chess-pgn,text/plain"
                    aria-label={lang.text("open-files")} onchange={picked} />
                <button type="button" class="btn documents-button" onclick={documents}
                    title={lang.text("docs-button-title")}>
                    <svg class="documents-icon" viewBox="0 0 20 20" aria-hidden="true">
                        <path d="M7 2.5h6.5l3 3V15a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3.5a1 1 0 0 1 1-1z" />
                        <path d="M4 5.5V17a1.5 1.5 0 0 0 1.5 1.5H13" />
                    </svg>
                    <span class="btn-label">{ lang.text("docs-button") }</span>
                </button>
                <button type="button" class="btn import-button" onclick={import}
                    title={lang.text("import-button-title")}>
                    <svg class="import-icon" viewBox="0 0 20 20" aria-hidden="true">
                        <path d="M10 3v9.5M6 8.5l4 4 4-4" />
                        <path d="M3.5 13v2.5a1 1 0 0 0 1 1h11a1 1 0 0 0 1-1V13" />
                    </svg>
                    <span class="btn-label">{ lang.text("import-button") }</span>
                </button>
                <button type="button" class="btn paste-button" onclick={toggle_paste}
                    aria-expanded={session.page.paste_open.to_string()} title={lang.text("paste-title")}>{ lang.text("paste") }</button>
                <select class="notation-choice" aria-label={lang.text("notation")} title={lang.text("notation")} onchange={on_notation}>
                    { for CHOICES.iter().map(|(code, label, n)| html! { <option selected={*n == notation}>{ notation_label(lang, code, label) }</option> }) }
                </select>
                <LanguageChoice on_change={props.on_lang.clone()} />
                <ThemeToggle />
            </div>
        </header>
    }
}

/// A notation's name in the reader's language (a language's letters under
/// the language's own name).
fn notation_label(lang: Lang, code: &str, label: &'static str) -> &'static str {
    match code {
        "fan" => lang.text("notation-fan"),
        "lan" => lang.text("notation-lan"),
        _ => label,
    }
}
