//! The print dialog: the game laid out as a book prints it (the header, the
//! moves as running text with comments, variations in parentheses, and
//! diagrams after the moves marked for one or chosen here), previewed as it
//! will print; **Print** hands it to the browser, whose print stylesheet
//! prints this view alone (the preview itself: one copy of the moves).
//!
//! A long game (thousands of moves, or of variations) is laid out a slice
//! of the page's time at a time, with a progress line, and drawn when done,
//! a part of about 1,500 pieces a task; a newer layout (other diagrams,
//! another game) or closing the dialog stops it.

use std::cell::Cell;
use std::rc::Rc;

use movetext_view::game::model::{NodeIx, SharedGame, ViewGame};
use movetext_view::text::notation::Notation;
use movetext_view::text::tag_values::{player_name, shown_date};
use yew::prelude::*;

use crate::components::position_image::{position_svg, ImageOptions};
use crate::components::print_layout::{layout, Layout, Piece};
use crate::state::slice_clock::{now, SLICE_MS};

/// Games of more nodes than this are laid out in slices; smaller ones at
/// once.
const LAID_OUT_AT_ONCE: usize = 2_000;

/// The "every N moves" choices (0: none).
const EVERY: [(u32, &str); 4] =
    [(0, "print-none"), (10, "print-every-10"), (20, "print-every-20"), (30, "print-every-30")];

/// What the print dialog needs.
#[derive(Properties, PartialEq)]
pub struct PrintPanelProps {
    /// The game.
    pub game: SharedGame,
    /// The shown node.
    pub current: NodeIx,
    /// Black at the bottom (diagrams are drawn so, unless marked otherwise).
    pub flipped: bool,
    /// How moves are written.
    pub notation: Notation,
    /// Close the dialog.
    pub on_close: Callback<()>,
}

/// A diagram of the position after `ix` as an image.
fn diagram(game: &SharedGame, ix: NodeIx, flipped: bool, lang: crate::i18n::Lang) -> Html {
    let n = game.node(ix);
    let svg = position_svg(&ImageOptions {
        board: n.board(),
        flipped,
        last_move: n.last_move,
        arrows: &n.arrows,
        marks: &n.marks,
        coordinates: true,
        caption: None,
        size: 240,
    });
    let src = format!("data:image/svg+xml;charset=utf-8,{}", js_sys::encode_uri_component(&svg));
    let after = if ix == 0 {
        lang.text("print-start").to_owned()
    } else {
        lang.say("print-after", &[("move", &game.numbered_san(ix))])
    };
    html! {
        <figure class="pv-diagram" data-node={ix.to_string()}>
            <img src={src} alt={lang.say("print-diagram", &[("position", &after)])} width="240" height="240" />
            <figcaption>{ after }</figcaption>
        </figure>
    }
}

/// Where diagrams go besides after the moves whose NAGs ask for one.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Diagrams {
    /// After the shown move.
    shown: Option<NodeIx>,
    /// After every this many moves of the main line (0: none).
    every: u32,
}

impl Diagrams {
    /// Does a diagram go after node `ix`?
    fn at(&self, game: &ViewGame, ix: NodeIx) -> bool {
        let n = game.node(ix);
        self.shown == Some(ix)
            || (self.every > 0 && game.is_mainline(ix) && !n.by_white && n.number.is_multiple_of(self.every))
    }
}

/// What a layout is of: the game, how its moves are written, and where
/// the diagrams go.
#[derive(Clone, Debug, PartialEq)]
struct Request {
    game: SharedGame,
    notation: Notation,
    diagrams: Diagrams,
}

/// The pieces of a layout; two are equal when they are the same layout.
#[derive(Clone, Debug)]
struct Pieces(Rc<Vec<Piece>>);

impl PartialEq for Pieces {
    fn eq(&self, other: &Pieces) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// A layout done, with what it is of.
type Laid = Option<(Request, Pieces)>;

/// Lays out `request` a slice of the page's time at a time, the page given
/// back between slices, its share done (in percent) in `progress`; the
/// pieces go to `laid` when done, unless `cancelled` is set first.
async fn lay_out(
    request: Request,
    cancelled: Rc<Cell<bool>>,
    progress: UseStateHandle<Option<u32>>,
    laid: UseStateHandle<Laid>,
) {
    let game = request.game.clone();
    let diagrams = request.diagrams;
    let at = |ix| diagrams.at(&game, ix);
    let mut laying = Layout::new(&game);
    let mut shown = None;
    loop {
        gloo_timers::future::TimeoutFuture::new(0).await;
        if cancelled.get() {
            return;
        }
        let start = now();
        if laying.step(&game, request.notation, &at, &mut || now() - start < SLICE_MS) {
            break;
        }
        let percent = (laying.progress(&game) * 100.0) as u32;
        if shown != Some(percent) {
            shown = Some(percent);
            progress.set(Some(percent));
        }
    }
    progress.set(None);
    laid.set(Some((request, Pieces(Rc::new(laying.finish())))));
}

/// The progress line: `done` of the game laid out (0 to 1).
fn progress_line(done: f64, lang: crate::i18n::Lang) -> Html {
    let percent = ((done * 100.0) as u32).min(100).to_string();
    html! { <p class="print-progress" role="status">{ lang.say("print-laying-out", &[("percent", &percent)]) }</p> }
}

/// Pieces drawn in one part of the preview: parts are drawn one after the
/// other, a task each, so that a long game never holds the page.
const PART: usize = 1_500;

/// Where the parts of a layout begin and end: about [`PART`] pieces each,
/// ended after a comment, a variation or a diagram when one comes soon
/// after, so that a part rarely breaks a line of moves.
fn parts(pieces: &[Piece]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < pieces.len() {
        let soonest = (start + PART).min(pieces.len());
        let latest = (soonest + PART / 4).min(pieces.len());
        let end = (soonest..latest)
            .find(|&i| matches!(pieces[i - 1], Piece::Comment(_) | Piece::Close | Piece::Diagram(..)))
            .unwrap_or(latest);
        out.push(start..end);
        start = end;
    }
    out
}

/// What the printed moves need.
#[derive(Properties, PartialEq)]
struct PrintMovesProps {
    game: SharedGame,
    pieces: Pieces,
    /// Black at the bottom.
    flipped: bool,
    /// The game's result, written after the last move.
    result: AttrValue,
}

/// The moves as laid out, drawn a part at a time (each part drawn again
/// only for another layout).
#[function_component(PrintMoves)]
fn print_moves(props: &PrintMovesProps) -> Html {
    let parts = use_memo(props.pieces.clone(), |pieces| parts(&pieces.0));
    let drawn = use_state(|| 1usize);
    {
        let (drawn, count) = (drawn.clone(), parts.len());
        use_effect_with(*drawn, move |&now| {
            let next = (now < count).then(|| gloo_timers::callback::Timeout::new(0, move || drawn.set(now + 1)));
            move || drop(next)
        });
    }
    let last = parts.len().saturating_sub(1);
    html! {
        <>{ for parts.iter().take(*drawn).enumerate().map(|(i, range)| html! {
            <PrintPart key={i} game={props.game.clone()} pieces={props.pieces.clone()} range={range.clone()}
                flipped={props.flipped} result={(i == last).then(|| props.result.clone())} />
        }) }</>
    }
}

/// What a part of the printed moves needs.
#[derive(Properties, PartialEq)]
struct PrintPartProps {
    game: SharedGame,
    pieces: Pieces,
    range: std::ops::Range<usize>,
    flipped: bool,
    /// The result, in the last part.
    result: Option<AttrValue>,
}

/// A part of the moves: running text, comments, parentheses, diagrams.
#[function_component(PrintPart)]
fn print_part(props: &PrintPartProps) -> Html {
    let lang = crate::i18n::use_lang();
    let (game, pieces) = (&props.game, &props.pieces.0);
    // A space before each piece, except after "(" and before ")".
    let body = props.range.clone().map(|i| {
        let p = &pieces[i];
        let gap = if i == props.range.start || matches!(pieces[i - 1], Piece::Open | Piece::Diagram(..)) { "" } else { " " };
        match p {
            Piece::Move { text, main, .. } => {
                html! { <>{ gap }<span class={if *main { "pv-move pv-main" } else { "pv-move" }}>{ text.clone() }</span></> }
            }
            Piece::Comment(c) => html! { <>{ gap }<span class="pv-comment">{ c.clone() }</span></> },
            Piece::Open => html! { <>{ gap }<span class="pv-paren">{ "(" }</span></> },
            Piece::Close => html! { <span class="pv-paren">{ ")" }</span> },
            Piece::Diagram(ix, black) => diagram(game, *ix, *black != props.flipped, lang),
        }
    });
    html! {
        <div class="pv-part">
            { for body }
            if let Some(result) = &props.result {
                { " " }<span class="pv-result">{ result.clone() }</span>
            }
        </div>
    }
}

/// The print dialog.
#[function_component(PrintPanel)]
pub fn print_panel(props: &PrintPanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let dialog_ref = use_node_ref();
    crate::dialogs::dialog_focus::use_focus_first(dialog_ref.clone());
    let at_shown = use_state(|| props.current != 0);
    let every = use_state(|| 0u32);
    let progress = use_state(|| None::<u32>);
    let laid = use_state(|| None::<(Request, Pieces)>);
    let game = &props.game;
    let request = Request {
        game: game.clone(),
        notation: props.notation,
        diagrams: Diagrams { shown: (*at_shown).then_some(props.current), every: *every },
    };
    let at_once = game.nodes.len() <= LAID_OUT_AT_ONCE;
    {
        let (progress, laid) = (progress.clone(), laid.clone());
        use_effect_with(request.clone(), move |request| {
            let cancelled = Rc::new(Cell::new(false));
            let done = laid.as_ref().is_some_and(|(r, _)| r == request);
            if !at_once && !done {
                progress.set(Some(0));
                wasm_bindgen_futures::spawn_local(lay_out(request.clone(), cancelled.clone(), progress, laid));
            }
            move || cancelled.set(true)
        });
    }
    let pieces = if at_once {
        Some(Pieces(Rc::new(layout(game, props.notation, &|ix| request.diagrams.at(game, ix)))))
    } else {
        laid.as_ref().filter(|(r, _)| *r == request).map(|(_, p)| p.clone())
    };
    let tag = |name: &str| game.tag(name).map(str::trim).filter(|v| !v.is_empty() && *v != "?").map(str::to_owned);
    // The names and the date as the screen writes them.
    let title =
        format!("{} – {}", player_name(game.tag("White"), true, lang), player_name(game.tag("Black"), false, lang));
    let details: Vec<String> = ["Event", "Site", "Date", "Round", "ECO"]
        .iter()
        .filter_map(|&t| if t == "Date" { shown_date(game.tag(t)) } else { tag(t) })
        .collect();
    let result = tag("Result").unwrap_or_else(|| "*".into());
    let moves = pieces.map(|pieces| {
        // A new layout is drawn afresh, from its first part.
        let key = Rc::as_ptr(&pieces.0) as usize;
        html! { <PrintMoves {key} game={game.clone()} {pieces} flipped={props.flipped} result={AttrValue::from(result.clone())} /> }
    });
    let on_every = {
        let every = every.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            every.set(EVERY.get(select.selected_index().max(0) as usize).map_or(0, |x| x.0));
        })
    };
    let toggle_shown = {
        let at_shown = at_shown.clone();
        Callback::from(move |_: Event| at_shown.set(!*at_shown))
    };
    let print = Callback::from(|_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    });
    let close = {
        let cb = props.on_close.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let onkeydown = crate::dialogs::dialog_focus::escape_closes(props.on_close.clone());
    // The progress while the moves are laid out, then the moves.
    let moves = moves.unwrap_or_else(|| progress_line(f64::from(progress.unwrap_or(0)) / 100.0, lang));
    html! {
        <div class="dialog-backdrop print-backdrop">
            <div class="dialog print-panel" ref={dialog_ref} role="dialog" aria-modal="true" aria-label={lang.text("print-dialog")} {onkeydown}>
                <h2 class="print-hide">{ lang.text("print-dialog") }</h2>
                <div class="export-options print-hide" role="group" aria-label={lang.text("print-diagrams")}>
                    <span>{ lang.text("print-marked") }</span>
                    <label class="export-option">
                        <input type="checkbox" checked={*at_shown} disabled={props.current == 0} onchange={toggle_shown} />
                        { lang.text("print-at-shown") }
                    </label>
                    <select class="print-every" aria-label={lang.text("print-more")} onchange={on_every}>
                        { for EVERY.iter().map(|(n, label)| html! { <option selected={*n == *every}>{ lang.text(label) }</option> }) }
                    </select>
                </div>
                <article class="print-view" aria-label={lang.text("print-view")}>
                    <h1 class="pv-title">{ title }</h1>
                    if !details.is_empty() {
                        <p class="pv-details">{ details.join(" · ") }</p>
                    }
                    <div class="pv-moves">{ moves }</div>
                </article>
                <div class="dialog-actions print-hide">
                    <button type="button" class="btn btn-primary print-now" onclick={print}>{ lang.text("print-now") }</button>
                    <span class="spacer"></span>
                    <button type="button" class="btn" onclick={close}>{ lang.text("close") }</button>
                </div>
            </div>
        </div>
    }
}
