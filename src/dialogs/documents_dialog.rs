//! The documents kept in this browser: each file opened, with its name,
//! where it came from, its games, whether it holds edits, its size and when
//! it was last opened; one opens, or is deleted (asking first when it holds
//! edits).

use yew::prelude::*;

use crate::dialogs::dialog_focus::{escape_closes, use_focus_first};
use crate::dialogs::export_panel::size_text;
use crate::i18n::Lang;
use crate::state::documents::{announcement, DocMeta};
use crate::state::persist;

/// What the dialog needs.
#[derive(Properties, PartialEq, Clone)]
pub struct DocumentsDialogProps {
    /// The id of the open document.
    pub current: AttrValue,
    /// Opens a document.
    pub on_open: Callback<String>,
    /// The open document was deleted.
    pub on_deleted_open: Callback<()>,
    /// Closes the dialog.
    pub on_close: Callback<()>,
}

/// Where a document came from, in words.
fn source_text(lang: Lang, source: &str) -> String {
    if let Some(service) = source.strip_prefix("import:").and_then(|s| s.split(':').next()) {
        let site = movetext_view::game::import::Service::from_code(service).map_or(service, |s| s.title());
        return lang.say("source-import", &[("site", site)]);
    }
    match source.strip_prefix("url:") {
        Some(address) => address.to_owned(),
        None => match source {
            "paste" => lang.text("source-paste"),
            "link" => lang.text("source-link"),
            "sample" => lang.text("source-sample"),
            _ => lang.text("source-file"),
        }
        .to_owned(),
    }
}

/// When, in the reader's language.
fn when_text(lang: Lang, ms: f64) -> String {
    let date = js_sys::Date::new(&ms.into());
    let options = js_sys::Object::new();
    crate::state::documents::set(&options, "dateStyle", &"medium".into());
    crate::state::documents::set(&options, "timeStyle", &"short".into());
    date.to_locale_string(lang.tag(), &options).into()
}

fn row(lang: Lang, doc: &DocMeta, open: bool, on_open: Callback<MouseEvent>, on_delete: Callback<MouseEvent>) -> Html {
    let mut facts = vec![source_text(lang, &doc.source), lang.count("games", doc.games as u64)];
    if doc.edited {
        facts.push(lang.text("docs-edited").to_owned());
    }
    facts.push(size_text(lang, doc.size));
    facts.push(lang.say("docs-opened", &[("when", &when_text(lang, doc.last_opened))]));
    html! {
        <li class={classes!("doc-row", open.then_some("doc-open"))} data-doc={doc.id.clone()}>
            <div class="doc-text">
                <span class="doc-name">{ doc.name.clone() }
                    if open { <span class="doc-badge">{ lang.text("docs-open-now") }</span> }
                </span>
                <span class="doc-facts">{ facts.join(" · ") }</span>
            </div>
            <button type="button" class="btn doc-open-button" disabled={open} onclick={on_open}
                aria-label={lang.say("docs-open-named", &[("name", &doc.name)])}>{ lang.text("docs-open") }</button>
            <button type="button" class="btn doc-delete" onclick={on_delete}
                aria-label={lang.say("docs-delete-named", &[("name", &doc.name)])}>{ lang.text("docs-delete") }</button>
        </li>
    }
}

/// The documents dialog.
#[function_component(DocumentsDialog)]
pub fn documents_dialog(props: &DocumentsDialogProps) -> Html {
    let lang = crate::i18n::use_lang();
    let dialog = use_node_ref();
    use_focus_first(dialog.clone());
    let docs = use_state(|| None::<Result<Vec<DocMeta>, String>>);
    let generation = use_state(|| 0u32);
    {
        let docs = docs.clone();
        use_effect_with(*generation, move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                docs.set(Some(persist::documents().await.map_err(|e| e.to_string())));
            });
        });
    }
    let delete = |doc: &DocMeta| {
        let (doc, generation, props) = (doc.clone(), generation.clone(), props.clone());
        Callback::from(move |_: MouseEvent| {
            if doc.edited {
                let asked = lang.say("docs-delete-confirm", &[("name", &doc.name)]);
                let ok = web_sys::window().and_then(|w| w.confirm_with_message(&asked).ok()).unwrap_or(false);
                if !ok {
                    return;
                }
            }
            let (doc, generation, props) = (doc.clone(), generation.clone(), props.clone());
            wasm_bindgen_futures::spawn_local(async move {
                if persist::delete(&doc.id).await.is_ok() {
                    persist::announce(&announcement("deleted", &doc.id));
                    if doc.id == props.current.as_str() {
                        props.on_deleted_open.emit(());
                    }
                }
                generation.set(*generation + 1);
            });
        })
    };
    let open = |doc: &DocMeta| {
        let (id, on_open, on_close) = (doc.id.clone(), props.on_open.clone(), props.on_close.clone());
        Callback::from(move |_: MouseEvent| {
            on_close.emit(());
            on_open.emit(id.clone());
        })
    };
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    let onkeydown = escape_closes(props.on_close.clone());
    let body = match &*docs {
        None => html! { <p class="field-note">{ lang.text("docs-reading") }</p> },
        Some(Err(e)) => {
            html! { <p class="field-note" role="alert">{ lang.say("restore-failed", &[("reason", e)]) }</p> }
        }
        Some(Ok(list)) if list.is_empty() => html! { <p class="field-note">{ lang.text("docs-none") }</p> },
        Some(Ok(list)) => html! {
            <ul class="doc-list">
                { for list.iter().map(|d| row(lang, d, d.id == props.current.as_str(), open(d), delete(d))) }
            </ul>
        },
    };
    html! {
        <div class="dialog-backdrop">
            <div class="dialog documents-dialog" role="dialog" aria-modal="true" aria-label={lang.text("docs-title")}
                ref={dialog} {onkeydown}>
                <h2>{ lang.text("docs-title") }</h2>
                <p class="field-note">{ lang.text("docs-note") }</p>
                { body }
                <div class="dialog-actions">
                    <button type="button" class="btn" onclick={close}>{ lang.text("close") }</button>
                </div>
            </div>
        </div>
    }
}
