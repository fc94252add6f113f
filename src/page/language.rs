//! The app's language: a `lang=xx` in the address, else the reader's
//! choice kept in local storage, else the browser's first language that
//! Movetext speaks, else English. The page's `lang` follows it, and a
//! selector in the top bar changes it. The words of a language other than
//! English are fetched when it is first shown (`words/<tag>.ftl`, written
//! at build time; see Trunk.toml).

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::{add_words, use_lang, Lang, ALL_BUILT_IN, LANGS};

thread_local! {
    /// The languages whose words were fetched.
    static FETCHED: RefCell<Vec<Lang>> = const { RefCell::new(Vec::new()) };
}

/// Whether the words of `lang` are here (built in, or fetched).
pub(crate) fn has_words(lang: Lang) -> bool {
    lang == Lang::En || ALL_BUILT_IN || FETCHED.with(|f| f.borrow().contains(&lang))
}

/// Fetches the words of `lang` if they are not here. Words that cannot be
/// fetched (offline, before the page was kept for offline use) are said in
/// English, and asked for again when the language is chosen again.
pub(crate) async fn fetch_words(lang: Lang) {
    if has_words(lang) {
        return;
    }
    if let Some(text) = crate::state::fetched::text(&format!("words/{}.ftl", lang.tag())).await {
        add_words(lang, text);
        FETCHED.with(|f| f.borrow_mut().push(lang));
    }
}

/// Where the reader's choice is kept.
const STORAGE_KEY: &str = "movetext-lang";

/// Each language under its own name.
const NAMES: [(Lang, &str); 5] = [
    (Lang::En, "English"),
    (Lang::De, "Deutsch"),
    (Lang::Fr, "Français"),
    (Lang::Es, "Español"),
    (Lang::Ru, "Русский"),
];

/// The language of a tag, if Movetext speaks it.
fn supported(tag: &str) -> Option<Lang> {
    let lang = Lang::from_tag(tag);
    let primary = tag.trim().split(['-', '_']).next().unwrap_or("");
    (lang != Lang::En || primary.eq_ignore_ascii_case("en")).then_some(lang)
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The `lang` of the address, if any.
fn from_address() -> Option<Lang> {
    let search = web_sys::window()?.location().search().ok()?;
    supported(&web_sys::UrlSearchParams::new_with_str(&search).ok()?.get("lang")?)
}

/// The browser's first language that Movetext speaks.
fn from_browser() -> Option<Lang> {
    let languages = web_sys::window()?.navigator().languages();
    languages.iter().filter_map(|l| l.as_string()).find_map(|l| supported(&l))
}

/// The language to show the app in.
pub(crate) fn chosen() -> Lang {
    from_address()
        .or_else(|| storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()).and_then(|t| supported(&t)))
        .or_else(from_browser)
        .unwrap_or_default()
}

/// Sets the page's `lang`.
pub(crate) fn apply(lang: Lang) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        root.set_attribute("lang", lang.tag()).ok();
    }
}

/// Keeps the reader's choice, and takes a `lang` out of the address so
/// that a reload keeps it too.
fn remember(lang: Lang) {
    if let Some(s) = storage() {
        s.set_item(STORAGE_KEY, lang.tag()).ok();
    }
    let Some(window) = web_sys::window() else { return };
    let Ok(href) = window.location().href() else { return };
    let Ok(url) = web_sys::Url::new(&href) else { return };
    if url.search_params().get("lang").is_some() {
        url.search_params().delete("lang");
        if let Ok(history) = window.history() {
            history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url.href())).ok();
        }
    }
}

/// What the language selector needs.
#[derive(Properties, PartialEq)]
pub(crate) struct LanguageChoiceProps {
    /// Shows the app in another language.
    pub on_change: Callback<Lang>,
}

/// The selector of the app's language (each under its own name).
#[function_component(LanguageChoice)]
pub(crate) fn language_choice(props: &LanguageChoiceProps) -> Html {
    let lang = use_lang();
    let onchange = {
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) else { return };
            let chosen = LANGS.get(select.selected_index().max(0) as usize).copied().unwrap_or_default();
            remember(chosen);
            let on_change = on_change.clone();
            wasm_bindgen_futures::spawn_local(async move {
                fetch_words(chosen).await;
                apply(chosen);
                on_change.emit(chosen);
            });
        })
    };
    html! {
        <select class="language-choice" aria-label={lang.text("language")} title={lang.text("language")} {onchange}>
            { for NAMES.iter().map(|(l, name)| html! { <option value={l.tag()} lang={l.tag()} selected={*l == lang}>{ *name }</option> }) }
        </select>
    }
}
