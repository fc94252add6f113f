//! The analysis panel: the button that turns the engine on and off, the
//! depth reached and up to three lines, each with its score (from White's
//! side) and its moves in the chosen notation.

use std::rc::Rc;
use yew::prelude::*;

use movetext_view::game::engine::{position_of, score_text, write_line, Analysis};
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
    /// Why the engine does not run, if it failed.
    #[prop_or_default]
    pub error: Option<AttrValue>,
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
    html! {
        <section class={classes!("analysis", props.on.then_some("on"))} aria-label={lang.text("analysis")}
            data-engine-depth={props.on.then(|| depth.to_string())}
            data-engine-best={if current { props.analysis.lines.first().and_then(|l| l.pv.first().cloned()) } else { None }}>
            <div class="analysis-head">
                <button type="button" class="btn analysis-toggle" aria-pressed={props.on.to_string()} onclick={toggle}
                    title={lang.text("analysis-title")} aria-keyshortcuts="L">{ lang.text("analysis") }</button>
                if props.on {
                    <span class="analysis-depth" data-depth={depth.to_string()}>
                        { if depth == 0 { lang.text("analysis-starting").to_owned() } else { lang.say("analysis-depth", &[("depth", &depth.to_string())]) } }
                    </span>
                    <span class="analysis-engine">{ "Stockfish 18" }</span>
                }
            </div>
            if let Some(error) = props.error.clone() {
                <p class="analysis-error" role="alert">{ error }</p>
            }
            if props.on {
                <ol class="analysis-lines">{ lines }</ol>
            }
        </section>
    }
}
