//! The opening explorer: at the shown position, every move the open file's
//! games played from it (transpositions included), with the number of
//! games, the share won by White, drawn and won by Black, and the average
//! rating; a click plays the move. The games of the position are one click
//! away, a FEN can be searched for, and the file's summary opened. While the
//! index is built it shows how far it is.

use movetext_core::positions::Tally;
use movetext_core::rules::AnyPosition;
use movetext_core::shakmaty::Move;
use movetext_view::game::engine::{position_of, written_move};
use movetext_view::text::notation::Notation;
use movetext_view::text::numbers::grouped;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::state::database::{Explored, Progress};
use crate::state::feed::{use_feed, Feed};

/// What the explorer shows.
#[derive(Properties, PartialEq)]
pub struct ExplorerPanelProps {
    /// How far the index is built (the panel alone is drawn again as it
    /// moves).
    pub progress: Feed<Progress>,
    /// The latest answer (shown only if it is of the shown position).
    pub explored: Option<Explored>,
    /// The shown position's FEN.
    pub fen: AttrValue,
    /// The shown position when it is a variant's (its moves, drops among
    /// them, are written by its rules).
    #[prop_or_default]
    pub variant: Option<AnyPosition>,
    /// How moves are written.
    pub notation: Notation,
    /// A search is under way.
    #[prop_or_default]
    pub searching: bool,
    /// Play a move from the shown position.
    pub on_play: Callback<Move>,
    /// Show the games that reach the shown position in the game list.
    pub on_games: Callback<()>,
    /// Show the games that reach a position given as FEN.
    pub on_fen: Callback<String>,
    /// Open the file's summary.
    pub on_summary: Callback<()>,
}

/// A share of games as a whole percent.
fn percent(part: u32, of: u32) -> f64 {
    if of == 0 {
        0.0
    } else {
        f64::from(part) * 100.0 / f64::from(of)
    }
}

/// The White / draw / Black bar of a tally.
fn shares(t: &Tally, lang: crate::i18n::Lang) -> Html {
    let parts =
        [("white", t.white, "ex-white-wins"), ("draw", t.draws, "ex-draws"), ("black", t.black, "ex-black-wins")];
    let label = parts
        .iter()
        .map(|(_, n, what)| lang.say(what, &[("percent", &format!("{:.0}", percent(*n, t.games)))]))
        .collect::<Vec<_>>();
    html! {
        <div class="ex-bar" role="img" aria-label={label.join(", ")}>
            { for parts.iter().map(|(class, n, _)| {
                let p = percent(*n, t.games);
                html! {
                    <span class={classes!("ex-share", *class)} style={format!("width:{p:.2}%")}>
                        if p >= 12.0 { { format!("{p:.0}%") } }
                    </span>
                }
            }) }
        </div>
    }
}

/// The explorer panel.
#[function_component(ExplorerPanel)]
pub fn explorer_panel(props: &ExplorerPanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let fen_input = use_node_ref();
    let progress = use_feed(&props.progress);
    let p = &progress;
    let head_status = if let Some(failed) = &p.failed {
        html! { <p class="ex-error" role="alert">{ lang.say("ex-failed", &[("reason", failed)]) }</p> }
    } else if !p.done() {
        let percent = p.share() * 100.0;
        html! {
            <div class="ex-progress" role="progressbar" aria-label={lang.text("ex-indexing")} aria-valuemin="0"
                aria-valuemax="100" aria-valuenow={(percent as u32).to_string()}>
                <div class="ex-progress-bar" style={format!("width:{percent:.1}%")}></div>
                <span class="ex-progress-text">
                    { lang.say("ex-indexing-progress", &[("percent", &format!("{percent:.0}")), ("workers", &p.workers.to_string())]) }
                </span>
            </div>
        }
    } else {
        html! {}
    };
    let current = props.explored.as_ref().filter(|e| e.fen == props.fen.as_str());
    let pos = props.variant.clone().or_else(|| position_of(&props.fen).map(AnyPosition::from));
    let table = match (current, &pos) {
        (Some(e), Some(pos)) => {
            let rows = e.tree.moves().into_iter().filter_map(|(m, t)| {
                let mv = m.to_move(pos)?;
                let uci = m.uci().to_string();
                let text = written_move(pos, mv, props.notation);
                let onclick = {
                    let cb = props.on_play.clone();
                    Callback::from(move |_: MouseEvent| cb.emit(mv))
                };
                Some(html! {
                    <tr class="ex-row" data-uci={uci} data-games={t.games.to_string()} data-white={t.white.to_string()}
                        data-draws={t.draws.to_string()} data-black={t.black.to_string()}>
                        <td><button type="button" class="ex-move" {onclick} title={lang.text("ex-play")}>{ text }</button></td>
                        <td class="ex-games">{ grouped(t.games.into()) }
                            <span class="ex-games-share">{ format!(" {:.0}%", percent(t.games, e.tree.games)) }</span></td>
                        <td>{ shares(&t, lang) }</td>
                        <td class="ex-elo">{ t.average_elo().map(|e| e.to_string()).unwrap_or_default() }</td>
                    </tr>
                })
            });
            let total = &e.tree;
            html! {
                <table class="ex-table" data-games={total.games.to_string()} data-ms={format!("{:.1}", e.ms)}>
                    <thead><tr><th scope="col">{ lang.text("ex-move") }</th><th scope="col">{ lang.text("games-table") }</th>
                        <th scope="col">{ lang.text("ex-results") }</th><th scope="col">{ "Elo" }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                    <tfoot><tr class="ex-total" data-games={total.games.to_string()} data-white={total.white.to_string()}
                        data-draws={total.draws.to_string()} data-black={total.black.to_string()}>
                        <th scope="row">{ lang.text("ex-all") }</th><td class="ex-games">{ grouped(total.games.into()) }</td>
                        <td>{ shares(total, lang) }</td>
                        <td class="ex-elo">{ total.average_elo().map(|e| e.to_string()).unwrap_or_default() }</td>
                    </tr></tfoot>
                </table>
            }
        }
        _ if p.done() => html! { <p class="ex-wait">{ lang.text("ex-looking") }</p> },
        _ => html! {},
    };
    let games = current.map_or(0, |e| e.tree.games);
    let on_games = {
        let cb = props.on_games.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let on_summary = {
        let cb = props.on_summary.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let on_fen = {
        let (cb, input) = (props.on_fen.clone(), fen_input.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(input) = input.cast::<HtmlInputElement>() {
                let fen = input.value().trim().to_owned();
                if !fen.is_empty() {
                    cb.emit(fen);
                }
            }
        })
    };
    let done = p.done();
    html! {
        <section class="explorer" aria-label={lang.text("explorer")} data-done={done.to_string()} data-workers={p.workers.to_string()}
            data-took-ms={p.took_ms.map(|t| format!("{t:.0}"))}>
            <div class="ex-head">
                <h2 class="ex-title">{ lang.text("explorer") }</h2>
                if done {
                    <span class="ex-figures">{ lang.say("ex-figures", &[("games", &grouped(p.total as u64)), ("positions", &grouped(p.positions))]) }</span>
                    <button type="button" class="btn ex-games-btn" onclick={on_games} disabled={games == 0 || props.searching}
                        title={lang.text("ex-games-title")}>
                        { if props.searching { lang.text("ex-finding").to_owned() } else { lang.say("ex-games", &[("games", &grouped(games.into()))]) } }
                    </button>
                    <button type="button" class="btn ex-summary-btn" onclick={on_summary}
                        title={lang.text("summary-title")}>{ lang.text("summary") }</button>
                }
            </div>
            { head_status }
            { table }
            if done {
                <form class="ex-fen" onsubmit={on_fen}>
                    <input type="text" class="ex-fen-input" ref={fen_input} placeholder={lang.text("ex-fen-placeholder")}
                        aria-label={lang.text("ex-fen")} spellcheck="false" />
                    <button type="submit" class="btn">{ lang.text("setup-find") }</button>
                </form>
            }
        </section>
    }
}
