//! What the reader repaired or could not read in the open game, each with
//! its line and column in the file, all in the reader's language (what
//! happened in English where the language has no words for it).

use movetext_core::Severity;
use yew::prelude::*;

use movetext_view::game::model::SharedGame;

/// What the panel shows.
#[derive(Properties, PartialEq, Clone)]
pub struct DiagnosticsProps {
    /// The open game.
    pub game: SharedGame,
    /// Name of the file the game is in.
    pub file: AttrValue,
    /// Lines of the loaded text before that file (when several were loaded).
    pub line_offset: u32,
}

/// The diagnostics panel; nothing when the game read cleanly.
#[function_component(DiagnosticsPanel)]
pub fn diagnostics_panel(props: &DiagnosticsProps) -> Html {
    let lang = crate::i18n::use_lang();
    let list = &props.game.diagnostics;
    if list.is_empty() {
        return html! {};
    }
    let errors = list.iter().filter(|d| d.severity == Severity::Error).count();
    let summary = match (errors, list.len() - errors) {
        (0, n) => lang.count("diag-repairs", n as u64),
        (e, 0) => lang.count("diag-errors", e as u64),
        (e, n) => format!("{}, {}", lang.count("diag-errors", e as u64), lang.count("diag-repairs", n as u64)),
    };
    let open = errors > 0;
    html! {
        <details class="diagnostics" {open} aria-label={lang.text("diag")}>
            <summary><h2>{ lang.say("diag-heading", &[("summary", &summary)]) }</h2></summary>
            <ol class="diag-list">
                { for list.iter().map(|d| {
                    let message = lang.diagnostic(d);
                    let said_in = if message == d.message { "en" } else { lang.tag() };
                    html! {
                        <li class={format!("diag diag-{}", d.severity.as_str())}>
                            <span class="diag-sev">{ lang.text(&format!("diag-{}", d.severity.as_str())) }</span>
                            <span class="diag-where">{ lang.say("diag-where", &[
                                ("file", &props.file),
                                ("line", &d.line.saturating_sub(props.line_offset).to_string()),
                                ("column", &d.col.to_string()),
                            ]) }</span>
                            <span class="diag-msg" lang={said_in}>{ message }</span>
                        </li>
                    }
                }) }
            </ol>
            if errors > 0 {
                <p class="diag-note">{ lang.text("diag-note") }</p>
            }
        </details>
    }
}
