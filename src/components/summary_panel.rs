//! The summary of the open file: results, lengths, the most played
//! openings, the players with most games, and its duplicates (each a click
//! away in the game list).

use std::rc::Rc;

use movetext_index_worker::summary::{Summary, LENGTH_CLASSES};
use movetext_view::text::numbers::grouped;
use yew::prelude::*;

use crate::state::database::{Duplicates, Sameness};

/// Rows of the openings' and the players' tables.
const TOP: usize = 10;

/// What the summary shows.
#[derive(Properties, PartialEq)]
pub struct SummaryPanelProps {
    /// The file's summary.
    pub summary: Rc<Summary>,
    /// Games with the same moves, and with the same tags and moves (once found).
    pub duplicates: Option<Rc<[Duplicates; 2]>>,
    /// Show duplicates in the game list.
    pub on_duplicates: Callback<Sameness>,
    /// Close the summary.
    pub on_close: Callback<()>,
}

fn share(lang: crate::i18n::Lang, n: u32, of: u32) -> String {
    if of == 0 {
        "0%".to_owned()
    } else {
        lang.decimal(&format!("{:.1}%", f64::from(n) * 100.0 / f64::from(of)))
    }
}

/// A table of names and counts.
fn counts(caption: &str, class: &'static str, rows: Vec<(&str, u32)>) -> Html {
    html! {
        <table class={classes!("sum-table", class)}>
            <caption>{ caption.to_owned() }</caption>
            <tbody>
                { for rows.into_iter().map(|(name, n)| html! {
                    <tr><td class="sum-name">{ name.to_owned() }</td><td class="sum-n">{ grouped(n.into()) }</td></tr>
                }) }
            </tbody>
        </table>
    }
}

/// The summary panel.
#[function_component(SummaryPanel)]
pub fn summary_panel(props: &SummaryPanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let s = &props.summary;
    let [white, draws, black, other] = s.results;
    let longest = s.lengths.iter().copied().max().unwrap_or(0).max(1);
    let length_label = |i: usize| {
        if i + 1 == LENGTH_CLASSES {
            format!("{}+", i * 10)
        } else {
            format!("{}–{}", i * 10, i * 10 + 9)
        }
    };
    let close = {
        let cb = props.on_close.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let duplicates = match &props.duplicates {
        None => html! { <p class="sum-dup">{ lang.text("sum-looking") }</p> },
        Some(d) => {
            let button = |same: Sameness, d: &Duplicates, what: &str| {
                let cb = props.on_duplicates.clone();
                let onclick = Callback::from(move |_: MouseEvent| cb.emit(same));
                let class = if same == Sameness::Moves { "sum-dup-moves" } else { "sum-dup-whole" };
                html! {
                    <li>
                        <button type="button" class={classes!("btn", class)} {onclick} disabled={d.games.is_empty()}
                            data-games={d.games.len().to_string()} data-groups={d.groups.to_string()}>
                            { lang.say(what, &[("games", &grouped(d.games.len() as u64)), ("groups", &grouped(d.groups as u64))]) }
                        </button>
                    </li>
                }
            };
            html! {
                <ul class="sum-dup">
                    { button(Sameness::Moves, &d[0], "sum-dup-moves") }
                    { button(Sameness::TagsAndMoves, &d[1], "sum-dup-whole") }
                </ul>
            }
        }
    };
    html! {
        <section class="summary" aria-label={lang.text("sum")} data-games={s.games.to_string()}>
            <div class="sum-head">
                <h2 class="sum-title">{ lang.text("summary") }</h2>
                <button type="button" class="btn sum-close" onclick={close} aria-label={lang.text("sum-close")}>{ "×" }</button>
            </div>
            <p class="sum-results" data-white={white.to_string()} data-draws={draws.to_string()} data-black={black.to_string()}>
                { lang.say("sum-results", &[
                    ("games", &grouped(s.games.into())),
                    ("white", &grouped(white.into())),
                    ("white-share", &share(lang, white, s.games)),
                    ("draws", &grouped(draws.into())),
                    ("draws-share", &share(lang, draws, s.games)),
                    ("black", &grouped(black.into())),
                    ("black-share", &share(lang, black, s.games)),
                    ("other", &grouped(other.into())),
                ]) }
            </p>
            <p class="sum-length">{ lang.say("sum-length", &[("moves", &lang.decimal(&format!("{:.1}", s.average_moves())))]) }</p>
            <table class="sum-table sum-lengths">
                <caption>{ lang.text("sum-lengths") }</caption>
                <tbody>
                    { for s.lengths.iter().enumerate().map(|(i, &n)| html! {
                        <tr>
                            <td class="sum-name">{ length_label(i) }</td>
                            <td class="sum-bar-cell"><span class="sum-bar"
                                style={format!("width:{:.1}%", f64::from(n) * 100.0 / f64::from(longest))}></span></td>
                            <td class="sum-n">{ grouped(n.into()) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            { counts(lang.text("sum-openings"), "sum-openings", s.top_openings(TOP)) }
            { counts(lang.text("sum-players"), "sum-players", s.top_players(TOP)) }
            <h3 class="sum-subtitle">{ lang.text("sum-duplicates") }</h3>
            { duplicates }
        </section>
    }
}
