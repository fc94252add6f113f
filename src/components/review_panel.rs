//! "Analyse game": the button that has the engine evaluate every move of
//! the main line (with a time per move), its progress and cancel, and each
//! side's figures once the main line has evaluations: average loss in
//! centipawns and the count of each mark.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use movetext_view::game::review::SideFigures;

/// The time per position the user can choose, in milliseconds.
const BUDGETS: [(u32, &str); 4] =
    [(100, "review-budget-01"), (300, "review-budget-03"), (1000, "gif-pace-1"), (3000, "review-budget-3")];

/// What the review panel shows.
#[derive(Properties, PartialEq)]
pub struct ReviewPanelProps {
    /// Positions evaluated and all of them, while the analysis runs.
    pub progress: Option<(usize, usize)>,
    /// Start: milliseconds per position.
    pub on_start: Callback<u32>,
    /// Stop without writing anything.
    pub on_cancel: Callback<()>,
    /// Why the last analysis stopped, if it failed.
    #[prop_or_default]
    pub message: Option<AttrValue>,
    /// White's and Black's figures, when the main line has evaluations.
    pub figures: Option<[SideFigures; 2]>,
}

/// The review panel.
#[function_component(ReviewPanel)]
pub fn review_panel(props: &ReviewPanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let budget = use_state(|| 300u32);
    let on_budget = {
        let budget = budget.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Some((ms, _)) = BUDGETS.get(select.selected_index().max(0) as usize) {
                budget.set(*ms);
            }
        })
    };
    let start = {
        let (cb, budget) = (props.on_start.clone(), *budget);
        Callback::from(move |_: MouseEvent| cb.emit(budget))
    };
    let cancel = {
        let cb = props.on_cancel.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let figures = props.figures.map(|sides| {
        let row = |side: &str, s: &SideFigures| {
            let name = lang.text(&format!("side-{side}"));
            html! {
                <tr data-side={side.to_owned()} data-inaccuracies={s.marks[0].to_string()}
                    data-mistakes={s.marks[1].to_string()} data-blunders={s.marks[2].to_string()}>
                    <th scope="row">{ name.to_owned() }</th>
                    <td>{ s.average_loss().map_or_else(|| "–".to_owned(), |l| l.to_string()) }</td>
                    <td>{ s.marks[0].to_string() }</td>
                    <td>{ s.marks[1].to_string() }</td>
                    <td>{ s.marks[2].to_string() }</td>
                </tr>
            }
        };
        html! {
            <table class="review-figures">
                <thead><tr><th scope="col"><span class="sr-only">{ lang.text("review-side") }</span></th>
                    <th scope="col" title={lang.text("review-loss-title")}>{ lang.text("review-loss") }</th>
                    <th scope="col" title={lang.text("review-inaccuracies")}>{ "?!" }</th>
                    <th scope="col" title={lang.text("review-mistakes")}>{ "?" }</th>
                    <th scope="col" title={lang.text("review-blunders")}>{ "??" }</th></tr></thead>
                <tbody>{ row("white", &sides[0]) }{ row("black", &sides[1]) }</tbody>
            </table>
        }
    });
    html! {
        <section class="review" aria-label={lang.text("review")}>
            if let Some((done, total)) = props.progress {
                <div class="review-progress" role="progressbar" aria-label={lang.text("review-analysing")} aria-valuemin="0"
                    aria-valuemax={total.to_string()} aria-valuenow={done.to_string()}>
                    <div class="review-progress-bar"
                        style={format!("width:{:.1}%", done as f64 * 100.0 / total.max(1) as f64)}></div>
                    <span class="review-progress-text">{ lang.say("review-progress", &[("done", &done.to_string()), ("total", &total.to_string())]) }</span>
                </div>
                <button type="button" class="btn review-cancel" onclick={cancel}>{ lang.text("cancel") }</button>
            } else {
                <div class="review-start">
                    <button type="button" class="btn review-button" onclick={start}
                        title={lang.text("review-start-title")}>
                        { lang.text("review-start") }</button>
                    <select class="review-budget" aria-label={lang.text("review-budget")} onchange={on_budget}>
                        { for BUDGETS.iter().map(|(ms, label)| html! {
                            <option selected={*ms == *budget}>{ lang.text(label) }</option>
                        }) }
                    </select>
                </div>
            }
            if let Some(m) = props.message.clone() {
                <p class="review-error" role="alert">{ m }</p>
            }
            { figures.unwrap_or_default() }
        </section>
    }
}
