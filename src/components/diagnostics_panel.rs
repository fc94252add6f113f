//! What the reader repaired or could not read in the open game, each with
//! its line and column in the file.

use movetext_core::Severity;
use yew::prelude::*;

use crate::state::model::SharedGame;

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
    let list = &props.game.diagnostics;
    if list.is_empty() {
        return html! {};
    }
    let errors = list.iter().filter(|d| d.severity == Severity::Error).count();
    let summary = match (errors, list.len() - errors) {
        (0, n) => format!("{n} repair{} or warning{}", plural(n), plural(n)),
        (e, 0) => format!("{e} error{}", plural(e)),
        (e, n) => format!("{e} error{}, {n} repair{} or warning{}", plural(e), plural(n), plural(n)),
    };
    let open = errors > 0;
    html! {
        <details class="diagnostics" {open} aria-label="Problems found while reading">
            <summary><h2>{ format!("Problems found while reading: {summary}") }</h2></summary>
            <ol class="diag-list">
                { for list.iter().map(|d| html! {
                    <li class={format!("diag diag-{}", d.severity.as_str())}>
                        <span class="diag-sev">{ d.severity.as_str() }</span>
                        <span class="diag-where">{ format!("{} line {}, column {}", props.file, d.line.saturating_sub(props.line_offset), d.col) }</span>
                        <span class="diag-msg">{ d.message.clone() }</span>
                    </li>
                }) }
            </ol>
            if errors > 0 {
                <p class="diag-note">{ "Everything up to each error is shown; the text after it is kept and exported unchanged." }</p>
            }
        </details>
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
