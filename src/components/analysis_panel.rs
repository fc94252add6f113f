//! The analysis panel: the button that turns the engine on and off, the
//! engine's one state (downloading, with a progress bar; starting; the
//! depth reached; failed, and why) and up to three lines, each with its
//! score (from White's side) and its moves in the chosen notation.

use std::rc::Rc;
use yew::prelude::*;

use movetext_view::game::engine::{
    position_of, score_text, write_line, Analysis, EngineFailure, EngineStatus, EngineView,
};
use movetext_view::text::notation::Notation;

/// How many moves of a line are written.
const MOVES_SHOWN: usize = 12;

/// What the analysis panel shows.
#[derive(Properties, PartialEq)]
pub struct AnalysisPanelProps {
    /// Analysis is on.
    pub on: bool,
    /// Turns it on or off.
    pub on_toggle: Callback<()>,
    /// The engine's latest lines.
    pub analysis: Rc<Analysis>,
    /// The shown position's FEN; lines of another position are not shown.
    pub fen: AttrValue,
    /// How moves are written.
    pub notation: Notation,
    /// Where the engine is: loading, ready or failed, and whether it was
    /// started again.
    #[prop_or_default]
    pub engine: EngineView,
    /// Play a line's moves up to one (in UCI, from the shown position) into
    /// the game.
    #[prop_or_default]
    pub on_line: Callback<Vec<String>>,
}

/// The analysis panel.
#[function_component(AnalysisPanel)]
pub fn analysis_panel(props: &AnalysisPanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let toggle = {
        let cb = props.on_toggle.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let current = props.analysis.fen == props.fen.as_str();
    let pos = position_of(&props.fen);
    let depth = if current { props.analysis.depth() } else { 0 };
    let lines = match (&pos, current) {
        (Some(pos), true) => props
            .analysis
            .lines
            .iter()
            .map(|line| {
                let moves = write_line(pos, &line.pv, props.notation, MOVES_SHOWN);
                let first = moves.first().map(|m| m.uci.clone());
                let buttons = moves.iter().enumerate().map(|(k, m)| {
                    let onclick = {
                        let (cb, pv) = (props.on_line.clone(), line.pv[..=k].to_vec());
                        Callback::from(move |_: MouseEvent| cb.emit(pv.clone()))
                    };
                    html! {
                        <button type="button" class="analysis-move" data-uci={m.uci.clone()} {onclick}
                            title={lang.text("analysis-play")}>{ m.text.clone() }</button>
                    }
                });
                html! {
                    <li class="analysis-line" data-multipv={line.multipv.to_string()} data-uci={first}>
                        <span class="analysis-score">{ score_text(line.eval) }</span>
                        <span class="analysis-moves">{ for buttons }</span>
                    </li>
                }
            })
            .collect::<Html>(),
        _ => html! {},
    };
    let status = props.engine.status(depth);
    html! {
        <section class={classes!("analysis", props.on.then_some("on"))} aria-label={lang.text("analysis")}
            data-engine-depth={props.on.then(|| depth.to_string())}
            data-engine-status={props.on.then_some(status_name(status))}
            data-engine-best={if current { props.analysis.lines.first().and_then(|l| l.pv.first().cloned()) } else { None }}>
            <div class="analysis-head">
                <button type="button" class="btn analysis-toggle" aria-pressed={props.on.to_string()} onclick={toggle}
                    title={lang.text("analysis-title")} aria-keyshortcuts="L">{ lang.text("analysis") }</button>
                if props.on {
                    { status_head(status, lang) }
                    <span class="analysis-engine">{ "Stockfish 18" }</span>
                }
            </div>
            if props.on {
                if let EngineStatus::Failed(why) = status {
                    <p class="analysis-error" role="alert">{ lang.text(failure_key(why)) }</p>
                } else if props.engine.restarted {
                    <p class="analysis-notice" role="status">{ lang.text("engine-restarted") }</p>
                }
                <ol class="analysis-lines">{ lines }</ol>
            }
        </section>
    }
}

/// The state's name, for the page's attribute.
fn status_name(status: EngineStatus) -> &'static str {
    match status {
        EngineStatus::Downloading(_) => "downloading",
        EngineStatus::Starting => "starting",
        EngineStatus::Running(_) => "running",
        EngineStatus::Failed(_) => "failed",
    }
}

/// The key of the words that say why the engine does not run.
fn failure_key(why: EngineFailure) -> &'static str {
    match why {
        EngineFailure::NotStarted => "engine-not-started",
        EngineFailure::NotLoaded => "engine-not-loaded",
        EngineFailure::Stopped => "engine-stopped",
    }
}

/// The state in the panel's head: the download with its bar, starting, or
/// the depth (nothing when it failed: the message below says it).
fn status_head(status: EngineStatus, lang: crate::i18n::Lang) -> Html {
    match status {
        EngineStatus::Downloading(percent) => {
            let text = lang.say("analysis-downloading", &[("percent", &percent.to_string())]);
            html! {
                <>
                    <span class="analysis-download">{ text }</span>
                    <progress class="analysis-progress" max="100" value={percent.to_string()}
                        aria-label={lang.text("analysis-download")} />
                </>
            }
        }
        EngineStatus::Starting => html! {
            <span class="analysis-depth" data-depth="0">{ lang.text("analysis-starting") }</span>
        },
        EngineStatus::Running(depth) => html! {
            <span class="analysis-depth" data-depth={depth.to_string()}>
                { if depth == 0 { lang.text("analysis-starting").to_owned() } else { lang.say("analysis-depth", &[("depth", &depth.to_string())]) } }
            </span>
        },
        EngineStatus::Failed(_) => html! {},
    }
}
