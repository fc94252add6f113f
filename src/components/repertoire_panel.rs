//! The repertoire panel: a button that opens it; open, the repertoire's
//! side, games and drill, the new cards a day, Start, and the dashboard
//! (due today, new, learned, lapses, the coming week's forecast, the lines
//! missed most), with Export progress and Import progress; while training,
//! what the last answer was (announced), the score, Hint and Stop.

use movetext_core::shakmaty::{Color, Move};
use movetext_view::game::repertoire::deck::Dashboard;
use movetext_view::game::repertoire::drill::{Drill, Feedback, Scope};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::state::repertoire_view::RepertoireView;

/// What the panel's controls do.
#[derive(Clone, PartialEq)]
pub struct RepertoireActions {
    /// Opens or closes the panel.
    pub toggle: Callback<()>,
    /// Chooses the side.
    pub set_side: Callback<Color>,
    /// Every game of the file (true) or the shown one.
    pub set_all: Callback<bool>,
    /// Chooses what a drill keeps to.
    pub set_scope: Callback<Scope>,
    /// Sets the new cards a day.
    pub set_limit: Callback<u32>,
    /// Starts a drill.
    pub start: Callback<()>,
    /// Stops it.
    pub stop: Callback<()>,
    /// A hint.
    pub hint: Callback<()>,
    /// A move made on the board: an answer.
    pub answer: Callback<Move>,
    /// Offers the progress as a JSON file.
    pub export: Callback<()>,
    /// Reads progress from a JSON file.
    pub import: Callback<web_sys::File>,
}

/// What the repertoire panel shows.
#[derive(Properties, PartialEq)]
pub struct RepertoirePanelProps {
    /// The panel's state.
    pub view: RepertoireView,
    /// What the controls do.
    pub actions: RepertoireActions,
    /// The engine's note on a wrong answer (with the analysis on).
    #[prop_or_default]
    pub engine_note: Option<AttrValue>,
}

/// The repertoire panel.
#[function_component(RepertoirePanel)]
pub fn repertoire_panel(props: &RepertoirePanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let a = &props.actions;
    let emit = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let label = lang.text("repertoire");
    if !props.view.open {
        return html! {
            <section class="repertoire" aria-label={label}>
                <button type="button" class="btn repertoire-open" aria-expanded="false" onclick={emit(&a.toggle)}>{ label }</button>
            </section>
        };
    }
    let training = props.view.drill.as_ref().filter(|_| props.view.drilling());
    html! {
        <section class="repertoire on" aria-label={label}>
            <div class="repertoire-head">
                <button type="button" class="btn repertoire-open" aria-expanded="true" onclick={emit(&a.toggle)}>{ label }</button>
                if let Some(d) = training {
                    { drill_html(d, props.view.side, a, lang) }
                    if let Some(note) = &props.engine_note {
                        <span class="repertoire-engine" role="status">{ note.clone() }</span>
                    }
                } else {
                    { settings_html(props, lang) }
                }
            </div>
            if let Some(note) = &props.view.note {
                <p class={classes!("repertoire-note", note.error.then_some("error"))} role={if note.error { "alert" } else { "status" }}>{ note.text.clone() }</p>
            }
            { dashboard_html(&props.view.dashboard, props.view.deck.is_some(), lang) }
            if training.is_none() {
                { files_html(a, props.view.deck.is_some(), lang) }
            }
        </section>
    }
}

/// The side, games, drill and new cards a day, and Start.
fn settings_html(props: &RepertoirePanelProps, lang: Lang) -> Html {
    let a = &props.actions;
    let value = |e: &Event| e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()).map(|s| s.value());
    let on_side = {
        let cb = a.set_side.clone();
        Callback::from(move |e: Event| {
            cb.emit(if value(&e).as_deref() == Some("black") { Color::Black } else { Color::White })
        })
    };
    let on_games = {
        let cb = a.set_all.clone();
        Callback::from(move |e: Event| cb.emit(value(&e).as_deref() == Some("all")))
    };
    let on_scope = {
        let cb = a.set_scope.clone();
        Callback::from(move |e: Event| {
            cb.emit(match value(&e).as_deref() {
                Some("line") => Scope::Line,
                Some("subtree") => Scope::Subtree,
                _ => Scope::All,
            })
        })
    };
    let on_limit = {
        let cb = a.set_limit.clone();
        Callback::from(move |e: Event| {
            let input = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
            if let Some(n) = input.and_then(|i| i.value().trim().parse::<u32>().ok()) {
                cb.emit(n.min(999));
            }
        })
    };
    let start = {
        let cb = a.start.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let white = props.view.side == Color::White;
    let limit = props.view.deck.as_ref().map_or(String::new(), |d| d.new_per_day.to_string());
    html! {
        <div class="repertoire-settings">
            <label>{ lang.text("repertoire-side") }
                <select class="repertoire-side" onchange={on_side}>
                    <option value="white" selected={white}>{ lang.text("side-white") }</option>
                    <option value="black" selected={!white}>{ lang.text("side-black") }</option>
                </select></label>
            <label>{ lang.text("repertoire-games") }
                <select class="repertoire-games" onchange={on_games}>
                    <option value="this" selected={!props.view.all_games}>{ lang.text("repertoire-this-game") }</option>
                    <option value="all" selected={props.view.all_games}>{ lang.text("repertoire-all-games") }</option>
                </select></label>
            <label>{ lang.text("repertoire-drill") }
                <select class="repertoire-scope" onchange={on_scope}>
                    <option value="all" selected={props.view.scope == Scope::All}>{ lang.text("repertoire-drill-all") }</option>
                    <option value="line" selected={props.view.scope == Scope::Line}>{ lang.text("repertoire-drill-line") }</option>
                    <option value="subtree" selected={props.view.scope == Scope::Subtree}>{ lang.text("repertoire-drill-subtree") }</option>
                </select></label>
            <label>{ lang.text("repertoire-new-per-day") }
                <input type="number" class="repertoire-limit" min="0" max="999" value={limit} onchange={on_limit} disabled={props.view.deck.is_none()} /></label>
            <button type="button" class="btn primary repertoire-start" onclick={start} disabled={props.view.deck.is_none()}>{ lang.text("repertoire-start") }</button>
        </div>
    }
}

/// While training: the last answer (announced), the score, Hint and Stop.
fn drill_html(d: &Drill, side: Color, a: &RepertoireActions, lang: Lang) -> Html {
    let (class, text) = match &d.feedback {
        None => (
            "",
            lang.text(if side.is_white() { "repertoire-your-move-white" } else { "repertoire-your-move-black" })
                .to_owned(),
        ),
        Some(Feedback::Right(m)) => ("right", lang.say("repertoire-right", &[("move", m)])),
        Some(Feedback::Wrong { tried, right }) => {
            ("wrong", lang.say("repertoire-wrong", &[("tried", tried), ("right", right)]))
        }
        Some(Feedback::Hint(sq)) => ("hint", lang.say("training-hint-square", &[("square", &sq.to_string())])),
    };
    let emit = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let score = lang.say("repertoire-score", &[("right", &d.right.to_string()), ("wrong", &d.wrong.to_string())]);
    html! {
        <div class="repertoire-drill" data-right={d.right.to_string()} data-wrong={d.wrong.to_string()}>
            <span class="repertoire-score">{ score }</span>
            <span class={classes!("repertoire-feedback", class)} role="status" aria-live="polite">{ text }</span>
            <button type="button" class="btn repertoire-hint" onclick={emit(&a.hint)}>{ lang.text("training-hint") }</button>
            <button type="button" class="btn repertoire-stop" onclick={emit(&a.stop)}>{ lang.text("training-stop") }</button>
        </div>
    }
}

/// The dashboard: the counts, the forecast and the lines missed most.
fn dashboard_html(d: &Dashboard, ready: bool, lang: Lang) -> Html {
    if !ready {
        return html! { <p class="repertoire-loading">{ lang.text("repertoire-loading") }</p> };
    }
    let count = |key: &str, class: &str, n: u32| {
        html! { <div class={classes!("repertoire-count", class.to_owned())}><dt>{ lang.text(key) }</dt><dd>{ n }</dd></div> }
    };
    let day = |i: usize| match i {
        0 => lang.text("repertoire-today").to_owned(),
        1 => lang.text("repertoire-tomorrow").to_owned(),
        n => lang.count("repertoire-in-days", n as u64),
    };
    html! {
        <div class="repertoire-dashboard" data-cards={d.cards.to_string()} data-due={d.due.to_string()} data-new={d.new.to_string()}
            data-learned={d.learned.to_string()} data-lapses={d.lapses.to_string()}>
            <dl class="repertoire-counts">
                { count("repertoire-due", "due", d.due) }
                { count("repertoire-new", "new", d.new) }
                { count("repertoire-learned", "learned", d.learned) }
                { count("repertoire-lapses", "lapses", d.lapses) }
            </dl>
            <h2 class="repertoire-heading">{ lang.text("repertoire-forecast") }</h2>
            <ol class="repertoire-forecast">
                { for d.forecast.iter().enumerate().map(|(i, n)| html! {
                    <li data-count={n.to_string()}><span class="repertoire-day">{ day(i) }</span><span class="repertoire-bar" style={format!("--n: {}", (*n).min(40))}></span><span class="repertoire-n">{ n }</span></li>
                }) }
            </ol>
            <h2 class="repertoire-heading">{ lang.text("repertoire-missed") }</h2>
            if d.missed.is_empty() {
                <p class="repertoire-none">{ lang.text("repertoire-missed-none") }</p>
            } else {
                <ol class="repertoire-missed">
                    { for d.missed.iter().map(|m| html! {
                        <li><span class="repertoire-line">{ if m.line.is_empty() { lang.text("repertoire-start-position").to_owned() } else { m.line.clone() } }</span>
                            { " " }<span class="repertoire-answer">{ lang.say("repertoire-missed-answer", &[("move", &m.answers.join(", "))]) }</span>
                            { " " }<span class="repertoire-misses">{ lang.count("repertoire-misses", u64::from(m.misses)) }</span></li>
                    }) }
                </ol>
            }
        </div>
    }
}

/// Export progress, and Import progress (a hidden file input, opened by
/// its button).
fn files_html(a: &RepertoireActions, ready: bool, lang: Lang) -> Html {
    let input = NodeRef::default();
    let export = {
        let cb = a.export.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let pick = {
        let input = input.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(i) = input.cast::<web_sys::HtmlInputElement>() {
                i.click();
            }
        })
    };
    let on_file = {
        let cb = a.import.clone();
        Callback::from(move |e: Event| {
            let Some(i) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
            if let Some(file) = i.files().and_then(|f| f.get(0)) {
                cb.emit(file);
            }
            i.set_value("");
        })
    };
    html! {
        <div class="repertoire-files">
            <button type="button" class="btn repertoire-export" onclick={export} disabled={!ready}>{ lang.text("repertoire-export") }</button>
            <button type="button" class="btn repertoire-import" onclick={pick} disabled={!ready}>{ lang.text("repertoire-import") }</button>
            <input ref={input} type="file" class="repertoire-import-file" accept=".json,application/json" hidden=true
                onchange={on_file} aria-label={lang.text("repertoire-import")} tabindex="-1" />
        </div>
    }
}
