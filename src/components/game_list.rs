//! The list of games in the open file: a filter box, sorting by column or by
//! the standard's collation, and a virtualised list (only the rows in view
//! exist in the page, so 100,000 games scroll as smoothly as ten).

use std::rc::Rc;

use movetext_view::game::library::{Library, LibraryHandle, SortBy};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::next_frame::in_next_frame;
use crate::i18n::Lang;
use crate::state::game_order::GameOrder;

/// Height of one row in CSS pixels (kept in step with `.game-row` in style.css).
pub const ROW_HEIGHT: f64 = 30.0;
/// Rows drawn above and below the visible ones.
const OVERSCAN: usize = 6;

/// What the list needs.
#[derive(Properties, PartialEq, Clone)]
pub struct GameListProps {
    /// The open file.
    pub library: LibraryHandle,
    /// Games shown, in order.
    pub order: GameOrder,
    /// The open game.
    pub selected: usize,
    /// Open a game.
    pub on_select: Callback<usize>,
    /// The filter text.
    pub filter: AttrValue,
    /// The filter changed.
    pub on_filter: Callback<String>,
    /// Sort column and whether descending.
    pub sort: (SortBy, bool),
    /// Sort by a column (again: reverse).
    pub on_sort: Callback<SortBy>,
    /// Games edited in this session (sorted).
    #[prop_or_default]
    pub edited: Rc<Vec<usize>>,
    /// A new filter or sort is being computed.
    #[prop_or_default]
    pub busy: bool,
    /// What the games the list is limited to have in common, if it is.
    #[prop_or_default]
    pub subset: Option<AttrValue>,
    /// Shows every game again (ends the limit to a subset).
    #[prop_or_default]
    pub on_clear_subset: Callback<()>,
}

const SORTS: [(SortBy, &str); 10] = [
    (SortBy::File, "sort-file"),
    (SortBy::Standard, "sort-standard"),
    (SortBy::White, "side-white"),
    (SortBy::Black, "side-black"),
    (SortBy::WhiteElo, "sort-white-elo"),
    (SortBy::BlackElo, "sort-black-elo"),
    (SortBy::Result, "column-result"),
    (SortBy::Event, "column-event"),
    (SortBy::Date, "column-date"),
    (SortBy::Moves, "column-moves"),
];

/// The game list.
#[function_component(GameList)]
pub fn game_list(props: &GameListProps) -> Html {
    let lang = crate::i18n::use_lang();
    let scroll = use_state(|| (0.0f64, 360.0f64));
    let viewport = use_node_ref();
    let lib = props.library.lib.borrow();
    let total = lib.len();
    let shown = props.order.len();
    use_selected_in_view(&viewport, props.order.position(props.selected), props.selected);

    let onscroll = {
        let scroll = scroll.clone();
        Callback::from(move |e: Event| {
            if let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
                scroll.set((f64::from(el.scroll_top()), f64::from(el.client_height())));
            }
        })
    };
    let onkeydown = on_list_keys(props.order.clone(), props.selected, props.on_select.clone());
    let oninput = {
        let on_filter = props.on_filter.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                on_filter.emit(input.value());
            }
        })
    };
    let onchange = {
        let on_sort = props.on_sort.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let i = select.selected_index().max(0) as usize;
                on_sort.emit(SORTS.get(i).map_or(SortBy::File, |s| s.0));
            }
        })
    };

    let (top, height) = *scroll;
    let first = ((top / ROW_HEIGHT) as usize).saturating_sub(OVERSCAN);
    let count = (height / ROW_HEIGHT).ceil() as usize + 2 * OVERSCAN;
    let rows = (first..(first + count).min(shown))
        .filter_map(|pos| Some((pos, props.order.get(pos)?)))
        .map(|(pos, game)| game_row(props, &lib, pos, game, lang));
    let header = |sort: SortBy, key: &str, class: &'static str| column_header(props, sort, key, class, lang);
    let status = status_text(props, shown, total, lang);

    html! {
        <section class="game-list" aria-label={lang.text("game-list")}>
            <div class="gl-tools">
                <input type="search" class="gl-filter" placeholder={lang.text("filter-placeholder")}
                    aria-label={lang.text("filter")} value={props.filter.clone()} {oninput} />
                <select class="gl-sortby" aria-label={lang.text("sort")} {onchange}>
                    { for SORTS.iter().map(|(s, label)| html! {
                        <option selected={*s == props.sort.0}>{ lang.text(label) }</option>
                    }) }
                </select>
                <span class="gl-count" aria-live="polite">{ status }</span>
            </div>
            if let Some(label) = props.subset.clone() {
                <div class="gl-subset" role="status">
                    <span class="gl-subset-label">{ label }</span>
                    <button type="button" class="btn gl-subset-clear" onclick={{
                        let cb = props.on_clear_subset.clone();
                        Callback::from(move |_: MouseEvent| cb.emit(()))
                    }} title={lang.text("show-all-title")}>{ lang.text("show-all") }</button>
                </div>
            }
            <div role="table" class="gl-table" aria-label={lang.text("games-table")} aria-rowcount={(shown + 1).to_string()}
                style={number_width(lib.len())}>
                <div role="row" class="game-row gl-head" aria-rowindex="1">
                    { header(SortBy::File, "#", "gl-num") }
                    { header(SortBy::White, "side-white", "gl-white") }
                    { header(SortBy::Black, "side-black", "gl-black") }
                    { header(SortBy::Result, "column-result", "gl-result") }
                    { header(SortBy::Date, "column-date", "gl-date") }
                    { header(SortBy::Event, "column-event", "gl-event") }
                    { header(SortBy::Moves, "column-moves", "gl-moves") }
                    <span role="columnheader" class="gl-problems" aria-label={lang.text("column-problems")}>{ "⚠" }</span>
                </div>
                <div class="gl-viewport" role="rowgroup" ref={viewport} {onscroll} {onkeydown} tabindex="0"
                    style={format!("height:{}px", (shown.max(1) as f64 * ROW_HEIGHT).min(216.0))}
                    aria-label={lang.text("game-rows")}>
                    <div class="gl-spacer" role="presentation" style={format!("height:{}px", shown as f64 * ROW_HEIGHT)}>
                        { for rows }
                    </div>
                </div>
            </div>
        </section>
    }
}

/// Keeps the open game (`selected`, at `position` in the list) in view
/// when it changes (measured before the next frame: not in the task that
/// drew the list).
#[hook]
fn use_selected_in_view(viewport: &NodeRef, position: Option<usize>, selected: usize) {
    let viewport = viewport.clone();
    use_effect_with((selected, position), move |(_, position)| {
        let position = *position;
        in_next_frame(move || {
            if let (Some(pos), Some(el)) = (position, viewport.cast::<web_sys::HtmlElement>()) {
                let top = pos as f64 * ROW_HEIGHT;
                let view = f64::from(el.client_height());
                let at = f64::from(el.scroll_top());
                if top < at {
                    el.set_scroll_top(top as i32);
                } else if top + ROW_HEIGHT > at + view {
                    el.set_scroll_top((top + ROW_HEIGHT - view) as i32);
                }
            }
        });
    });
}

/// The list's keys: the arrows open the game below or above the open one.
fn on_list_keys(order: GameOrder, selected: usize, on_select: Callback<usize>) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let pos = order.position(selected);
        let to = match (e.key().as_str(), pos) {
            ("ArrowDown", Some(p)) => Some((p + 1).min(order.len().saturating_sub(1))),
            ("ArrowUp", Some(p)) => Some(p.saturating_sub(1)),
            ("ArrowDown" | "ArrowUp", None) => Some(0),
            _ => None,
        };
        if let Some(game) = to.and_then(|p| order.get(p)) {
            e.prevent_default();
            e.stop_propagation();
            on_select.emit(game);
        }
    })
}

/// The header of a column that sorts by `sort`, labelled with message `key`
/// (or `#`), of class `class`.
fn column_header(props: &GameListProps, sort: SortBy, key: &str, class: &'static str, lang: Lang) -> Html {
    let label = if key == "#" { "#" } else { lang.text(key) };
    // A shorter label for narrow screens, where there is one.
    let short = match lang.text(&format!("{key}-short")) {
        "" => label,
        s => s,
    };
    let on_sort = props.on_sort.clone();
    let onclick = Callback::from(move |_: MouseEvent| on_sort.emit(sort));
    let state = match props.sort {
        (s, false) if s == sort => "ascending",
        (s, true) if s == sort => "descending",
        _ => "none",
    };
    html! {
        <span role="columnheader" class={class} aria-sort={state}>
            <button type="button" class="gl-sort" {onclick} title={lang.say("sort-by", &[("column", label)])} aria-label={label}>
                <span class="label-long">{ label }</span>
                <span class="label-short" aria-hidden="true">{ short }</span>
            </button>
        </span>
    }
}

/// What the list is doing, or how many of the file's `total` games it
/// shows (`shown`).
fn status_text(props: &GameListProps, shown: usize, total: usize, lang: Lang) -> String {
    if props.busy && (!props.filter.trim().is_empty() || props.subset.is_some()) {
        lang.text("filtering").to_owned()
    } else if props.busy {
        lang.text("sorting").to_owned()
    } else if shown == total {
        lang.count("games", total as u64)
    } else {
        lang.say("games-shown", &[("shown", &shown.to_string()), ("total", &total.to_string())])
    }
}

/// The width of the number column: room for the largest game number (and
/// the edited mark) in the file.
fn number_width(games: usize) -> String {
    let digits = (games.max(1)).to_string().len().max(3);
    format!("--gl-num: calc({digits}ch + 1.4em)")
}

/// The row of game `game`, at position `pos` of the list.
fn game_row(props: &GameListProps, lib: &Library, pos: usize, game: usize, lang: Lang) -> Html {
    // (Read first: the row then counts the moves as read.)
    let problems = lib.problems(game);
    let row = lib.row(game);
    let selected = game == props.selected;
    let on_select = props.on_select.clone();
    let onclick = Callback::from(move |_: MouseEvent| on_select.emit(game));
    let player = |name: &str, elo: &str| {
        let name = if name.is_empty() || name == "?" { "?".to_owned() } else { name.to_owned() };
        html! { <>{ name }if !elo.is_empty() && elo != "?" && elo != "-" { <span class="elo">{ format!(" {elo}") }</span> }</> }
    };
    let problem_cell = if problems.total == 0 {
        html! { <span role="cell" class="gl-problems"></span> }
    } else {
        let class = if problems.errors > 0 { "gl-problems has-errors" } else { "gl-problems has-warnings" };
        let label = lang.count("game-problems", problems.total as u64);
        html! { <span role="cell" {class} title={label.clone()} aria-label={label}>{ format!("⚠ {}", problems.total) }</span> }
    };
    html! {
        <div role="row" class={classes!("game-row", selected.then_some("selected"))}
            style={format!("top:{}px", pos as f64 * ROW_HEIGHT)}
            aria-rowindex={(pos + 2).to_string()} aria-selected={selected.to_string()}
            data-game={game.to_string()} {onclick}>
            <span role="cell" class="gl-num">
                if props.edited.binary_search(&game).is_ok() {
                    <span class="edited-mark" title={lang.text("edited")} aria-label={lang.text("edited")}>{ "✎ " }</span>
                }
                { game + 1 }
            </span>
            <span role="cell" class="gl-white">{ player(&row.white, &row.white_elo) }</span>
            <span role="cell" class="gl-black">{ player(&row.black, &row.black_elo) }</span>
            <span role="cell" class="gl-result">{ row.result.replace("1/2", "½") }</span>
            <span role="cell" class="gl-date">{ row.date.trim_end_matches(".??").trim_end_matches(".??").to_owned() }</span>
            <span role="cell" class="gl-event">{ row.event }</span>
            <span role="cell" class="gl-moves">{ row.moves }</span>
            { problem_cell }
        </div>
    }
}
