//! The header editor: the Seven Tag Roster and any other tag, with the
//! values checked as the standard writes them (Date, Round, Result, Elo,
//! TimeControl) and clear messages. FEN and SetUp follow the start position
//! and change through "Set up position".

use movetext_core::export::SEVEN_TAGS;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;

/// Tags that follow the start position: shown, not edited here.
const POSITION_TAGS: [&str; 3] = ["FEN", "SetUp", "Variant"];

/// What is wrong with a tag value, if anything.
pub fn validate(lang: Lang, name: &str, value: &str) -> Option<String> {
    let v = value.trim();
    if value.chars().any(char::is_control) {
        return Some(lang.say("tag-no-breaks", &[("tag", name)]));
    }
    match name {
        "Date" | "EventDate" if !date_ok(v) => Some(lang.say("tag-date", &[("tag", name)])),
        "Round" if !round_ok(v) => Some(lang.text("tag-round").to_owned()),
        "Result" if !matches!(v, "1-0" | "0-1" | "1/2-1/2" | "*") => Some(lang.text("tag-result").to_owned()),
        "WhiteElo" | "BlackElo" if !(v.is_empty() || v == "-" || v.bytes().all(|b| b.is_ascii_digit())) => {
            Some(lang.say("tag-elo", &[("tag", name)]))
        }
        "TimeControl" if !v.is_empty() => {
            movetext_core::timecontrol::parse(v).err().map(|e| format!("TimeControl: {e}."))
        }
        _ => None,
    }
}

/// What is wrong with a tag name, if anything.
pub fn validate_name(lang: Lang, name: &str) -> Option<String> {
    let n = name.trim();
    if n.is_empty() {
        Some(lang.text("tag-needs-name").to_owned())
    } else if !n.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        || !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        Some(lang.say("tag-name-letters", &[("tag", n)]))
    } else if POSITION_TAGS.iter().any(|p| p.eq_ignore_ascii_case(n)) {
        Some(lang.say("tag-position", &[("tag", n)]))
    } else {
        None
    }
}

fn date_ok(v: &str) -> bool {
    movetext_core::PgnDate::parse_strict(v).is_ok()
}

fn round_ok(v: &str) -> bool {
    v == "?"
        || v == "-"
        || (!v.is_empty() && v.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
}

/// One row of the editor.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    name: String,
    value: String,
    /// A row added in this dialog (its name can be typed).
    added: bool,
}

/// What the editor needs.
#[derive(Properties, PartialEq, Clone)]
pub struct TagEditorProps {
    /// The game's tags in file order.
    pub tags: Vec<(String, String)>,
    /// Save: every tag to set (value) or remove (`None`).
    pub on_save: Callback<Vec<(String, Option<String>)>>,
    /// Close without saving.
    pub on_cancel: Callback<()>,
}

/// The header editor dialog.
#[function_component(TagEditor)]
pub fn tag_editor(props: &TagEditorProps) -> Html {
    let lang = crate::i18n::use_lang();
    let dialog_ref = use_node_ref();
    crate::dialogs::dialog_focus::use_focus_first(dialog_ref.clone());
    let rows = use_state(|| initial_rows(&props.tags));
    let tried = use_state(|| false);

    let problems = problems_of(lang, &rows);
    let duplicate = {
        let mut names: Vec<&str> = rows.iter().map(|r| r.name.trim()).collect();
        names.sort_unstable();
        names.windows(2).find(|w| w[0] == w[1] && !w[0].is_empty()).map(|w| w[0].to_owned())
    };
    let valid = problems.iter().all(Option::is_none) && duplicate.is_none();

    let set = |i: usize, name: bool| {
        let rows = rows.clone();
        Callback::from(move |e: InputEvent| {
            let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
            let mut next = (*rows).clone();
            if name {
                next[i].name = input.value();
            } else {
                next[i].value = input.value();
            }
            rows.set(next);
        })
    };
    let remove = |i: usize| {
        let rows = rows.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*rows).clone();
            next.remove(i);
            rows.set(next);
        })
    };
    let add = {
        let rows = rows.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*rows).clone();
            next.push(Row { name: String::new(), value: String::new(), added: true });
            rows.set(next);
        })
    };
    let save = {
        let rows = rows.clone();
        let tried = tried.clone();
        let original = props.tags.clone();
        let on_save = props.on_save.clone();
        Callback::from(move |_: MouseEvent| {
            tried.set(true);
            if !valid {
                return;
            }
            let mut changes: Vec<(String, Option<String>)> = Vec::new();
            for r in rows.iter() {
                let name = r.name.trim().to_owned();
                if POSITION_TAGS.contains(&name.as_str()) {
                    continue;
                }
                let old = original.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str());
                if old != Some(r.value.as_str()) {
                    changes.push((name, Some(r.value.clone())));
                }
            }
            for (n, _) in &original {
                if !SEVEN_TAGS.contains(&n.as_str())
                    && !POSITION_TAGS.contains(&n.as_str())
                    && !rows.iter().any(|r| r.name.trim() == n)
                {
                    changes.push((n.clone(), None));
                }
            }
            on_save.emit(changes);
        })
    };
    let cancel = {
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |_: MouseEvent| on_cancel.emit(()))
    };
    let onkeydown = crate::dialogs::dialog_focus::escape_closes(props.on_cancel.clone());

    let body = rows.iter().enumerate().map(|(i, r)| {
        let fixed = POSITION_TAGS.contains(&r.name.as_str()) && !r.added;
        let problem = problems[i].clone().filter(|_| *tried || !r.value.is_empty() || !r.added);
        let id = format!("tag-value-{i}");
        let described = problem.as_ref().map(|_| format!("tag-problem-{i}"));
        html! {
            <div class={classes!("tag-row", problem.is_some().then_some("invalid"))}>
                if r.added {
                    <input class="tag-name" aria-label={lang.text("tag-name")} placeholder={lang.text("tag-name-placeholder")} value={r.name.clone()} oninput={set(i, true)} />
                } else {
                    <label class="tag-name" for={id.clone()}>{ r.name.clone() }</label>
                }
                <input id={id} class="tag-value" value={r.value.clone()} oninput={set(i, false)}
                    aria-label={if r.added { lang.text("tag-value").to_owned() } else { r.name.clone() }}
                    aria-invalid={problem.is_some().to_string()} aria-describedby={described.clone()}
                    readonly={fixed} data-tag={r.name.clone()} />
                if SEVEN_TAGS.contains(&r.name.as_str()) && !r.added {
                    <span class="tag-remove-placeholder"></span>
                } else {
                    <button type="button" class="btn tag-remove" onclick={remove(i)} aria-label={lang.say("tag-remove", &[("tag", &r.name)])}>{ "×" }</button>
                }
                if let Some(p) = problem {
                    <p class="tag-problem" id={described.unwrap_or_default()} role="alert">{ p }</p>
                }
            </div>
        }
    });

    html! {
        <div class="dialog-backdrop">
            <div class="dialog tag-editor" ref={dialog_ref} role="dialog" aria-modal="true" aria-label={lang.text("tags-dialog")} {onkeydown}>
                <h2>{ lang.text("tags-dialog") }</h2>
                <div class="tag-rows">{ for body }</div>
                if let Some(d) = duplicate {
                    <p class="tag-problem" role="alert">{ lang.say("tag-twice", &[("tag", &d)]) }</p>
                }
                <div class="dialog-actions">
                    <button type="button" class="btn" onclick={add}>{ lang.text("tag-add") }</button>
                    <span class="spacer"></span>
                    <button type="button" class="btn btn-primary" onclick={save} disabled={*tried && !valid}>{ lang.text("save") }</button>
                    <button type="button" class="btn" onclick={cancel}>{ lang.text("cancel") }</button>
                </div>
            </div>
        </div>
    }
}

/// The rows at start: the Seven Tag Roster (with the standard's value for
/// a tag that is missing), then the game's other tags in order.
fn initial_rows(tags: &[(String, String)]) -> Vec<Row> {
    let mut rows: Vec<Row> = SEVEN_TAGS
        .iter()
        .map(|&n| Row {
            name: n.to_owned(),
            value: tags.iter().find(|(t, _)| t == n).map(|(_, v)| v.clone()).unwrap_or_else(|| default_value(n)),
            added: false,
        })
        .collect();
    rows.extend(tags.iter().filter(|(n, _)| !SEVEN_TAGS.contains(&n.as_str())).map(|(n, v)| Row {
        name: n.clone(),
        value: v.clone(),
        added: false,
    }));
    rows
}

/// What is wrong with each row, if anything (the tags of the start
/// position are shown, not edited here).
fn problems_of(lang: Lang, rows: &[Row]) -> Vec<Option<String>> {
    rows.iter()
        .map(|r| {
            if r.added {
                validate_name(lang, &r.name).or_else(|| validate(lang, r.name.trim(), &r.value))
            } else if POSITION_TAGS.contains(&r.name.as_str()) {
                None
            } else {
                validate(lang, &r.name, &r.value)
            }
        })
        .collect()
}

fn default_value(name: &str) -> String {
    match name {
        "Date" => "????.??.??",
        "Result" => "*",
        _ => "?",
    }
    .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked() {
        assert_eq!(validate(Lang::En, "Date", "1992.11.04"), None);
        assert_eq!(validate(Lang::En, "Date", "1992.??.??"), None);
        assert!(validate(Lang::En, "Date", "1992.13.01").is_some());
        assert!(validate(Lang::En, "Date", "4.11.1992").is_some());
        assert!(validate(Lang::En, "Date", "1992-11-04").is_some());
        assert_eq!(validate(Lang::En, "Round", "3.1"), None);
        assert_eq!(validate(Lang::En, "Round", "-"), None);
        assert!(validate(Lang::En, "Round", "three").is_some());
        assert_eq!(validate(Lang::En, "Result", "1/2-1/2"), None);
        assert!(validate(Lang::En, "Result", "½-½").is_some());
        assert_eq!(validate(Lang::En, "TimeControl", "40/7200:3600"), None);
        assert!(validate(Lang::En, "TimeControl", "forty moves").unwrap().starts_with("TimeControl: "));
        assert!(validate(Lang::En, "WhiteElo", "2700+").is_some());
        assert!(validate(Lang::En, "White", "Anna\nB").is_some());
        assert_eq!(validate(Lang::En, "Annotator", "anything at all"), None);
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(validate_name(Lang::En, "WhiteFideId"), None);
        assert!(validate_name(Lang::En, "White Fide").is_some());
        assert!(validate_name(Lang::En, "").is_some());
        assert!(validate_name(Lang::En, "fen").unwrap().contains("Set up position"));
    }
}
