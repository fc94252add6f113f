//! The import dialog: a user's games from lichess or chess.com. The name is
//! checked before anything is asked of the service; while the games arrive,
//! the dialog says how many so far and **Cancel** stops, keeping them; what
//! went wrong is said in the dialog.

use movetext_view::game::import::{valid_user, ImportPhase, ImportRequest, Service, DEFAULT_GAMES, MAX_GAMES};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::dialogs::dialog_focus::{escape_closes, use_focus_first};

/// What the dialog needs.
#[derive(Properties, PartialEq, Clone)]
pub struct ImportDialogProps {
    /// Where the import is.
    pub phase: ImportPhase,
    /// Starts an import.
    pub on_start: Callback<ImportRequest>,
    /// Stops the import under way, keeping what arrived.
    pub on_cancel: Callback<()>,
    /// Closes the dialog (an import under way goes on).
    pub on_close: Callback<()>,
}

/// The value of an input or a select that an event came from.
fn value_of(e: &Event) -> String {
    let target = e.target();
    if let Some(input) = target.clone().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
        return input.value();
    }
    target.and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()).map(|s| s.value()).unwrap_or_default()
}

/// The import dialog.
#[function_component(ImportDialog)]
pub fn import_dialog(props: &ImportDialogProps) -> Html {
    let lang = crate::i18n::use_lang();
    let dialog = use_node_ref();
    use_focus_first(dialog.clone());
    let asked = match &props.phase {
        ImportPhase::Running { request, .. } => Some(request.clone()),
        _ => None,
    };
    let service = use_state(|| asked.as_ref().map_or(Service::Lichess, |r| r.service));
    let user = use_state(|| asked.as_ref().map(|r| r.user.clone()).unwrap_or_default());
    let max = use_state(|| asked.as_ref().map_or(DEFAULT_GAMES, |r| r.max).to_string());
    let problem = use_state(|| None::<String>);
    let running = matches!(props.phase, ImportPhase::Running { .. });
    let on_service = {
        let service = service.clone();
        Callback::from(move |e: Event| service.set(Service::from_code(&value_of(&e)).unwrap_or(Service::Lichess)))
    };
    let on_user = {
        let user = user.clone();
        Callback::from(move |e: InputEvent| user.set(value_of(&e)))
    };
    let on_max = {
        let max = max.clone();
        Callback::from(move |e: InputEvent| max.set(value_of(&e)))
    };
    let onsubmit = {
        let (service, user, max, problem, on_start) =
            (service.clone(), user.clone(), max.clone(), problem.clone(), props.on_start.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let name = user.trim().to_owned();
            if !valid_user(*service, &name) {
                problem.set(Some(lang.say("import-bad-name", &[("user", &name), ("site", service.title())])));
                return;
            }
            problem.set(None);
            let max = max.trim().parse::<usize>().ok().filter(|n| *n > 0).map_or(DEFAULT_GAMES, |n| n.min(MAX_GAMES));
            on_start.emit(ImportRequest { service: *service, user: name, max });
        })
    };
    let cancel = {
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |_: MouseEvent| on_cancel.emit(()))
    };
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    let onkeydown = escape_closes(props.on_close.clone());
    let status = match (&*problem, &props.phase) {
        (Some(p), _) => html! { <p class="import-error" role="alert">{ p.clone() }</p> },
        (None, ImportPhase::Running { request, games }) => {
            let name = request.service.document_name(&request.user);
            let so_far =
                lang.say("import-progress", &[("name", &name), ("games", &lang.count("games", *games as u64))]);
            html! {
                <div class="import-status">
                    <progress class="import-bar" max={request.max.to_string()} value={games.to_string()}
                        aria-label={lang.text("import-title")}></progress>
                    <p class="import-progress" role="status">{ so_far }</p>
                </div>
            }
        }
        (None, ImportPhase::Failed(text)) => html! { <p class="import-error" role="alert">{ text.clone() }</p> },
        (None, ImportPhase::Done(text)) => html! { <p class="import-done" role="status">{ text.clone() }</p> },
        (None, ImportPhase::Idle) => html! {},
    };
    let option = |s: Service| html! { <option value={s.code()} selected={*service == s}>{ s.title() }</option> };
    html! {
        <div class="dialog-backdrop">
            <div class="dialog import-dialog" role="dialog" aria-modal="true" aria-labelledby="import-title"
                ref={dialog} {onkeydown}>
                <h2 id="import-title">{ lang.text("import-title") }</h2>
                <p class="field-note">{ lang.text("import-note") }</p>
                <form class="import-form" {onsubmit}>
                    <label class="field">
                        <span>{ lang.text("import-site") }</span>
                        <select class="import-site" onchange={on_service} disabled={running}>
                            { option(Service::Lichess) }
                            { option(Service::ChessCom) }
                        </select>
                    </label>
                    <label class="field">
                        <span>{ lang.text("import-user") }</span>
                        <input type="text" class="import-user" value={(*user).clone()} oninput={on_user}
                            autocomplete="off" spellcheck="false" autocapitalize="off" disabled={running}
                            aria-invalid={problem.is_some().then_some("true")} />
                    </label>
                    <label class="field">
                        <span>{ lang.text("import-max") }</span>
                        <input type="number" class="import-max" min="1" max={MAX_GAMES.to_string()}
                            value={(*max).clone()} oninput={on_max} disabled={running} />
                    </label>
                    { status }
                    <div class="dialog-actions">
                        if running {
                            <button type="button" class="btn import-cancel" onclick={cancel}
                                title={lang.text("import-cancel-title")}>{ lang.text("import-cancel") }</button>
                        } else {
                            <button type="submit" class="btn btn-primary import-start">{ lang.text("import-start") }</button>
                        }
                        <button type="button" class="btn" onclick={close}>{ lang.text("close") }</button>
                    </div>
                </form>
            </div>
        </div>
    }
}
