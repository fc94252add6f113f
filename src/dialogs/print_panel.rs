//! The print dialog: the game laid out as a book prints it (the header, the
//! moves as running text with comments, variations in parentheses, and
//! diagrams after the moves marked for one or chosen here), previewed as it
//! will print; **Print** hands it to the browser, whose print stylesheet
//! prints this view alone.

use movetext_view::game::model::{NodeIx, SharedGame};
use movetext_view::text::notation::Notation;
use movetext_view::text::tag_values::{player_name, shown_date};
use yew::prelude::*;

use crate::components::position_image::{position_svg, ImageOptions};
use crate::components::print_layout::{layout, Piece};

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

/// The print dialog.
#[function_component(PrintPanel)]
pub fn print_panel(props: &PrintPanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let dialog_ref = use_node_ref();
    crate::dialogs::dialog_focus::use_focus_first(dialog_ref.clone());
    let at_shown = use_state(|| props.current != 0);
    let every = use_state(|| 0u32);
    let game = &props.game;
    let (shown, every_n) = (props.current, *every);
    let at_shown_on = *at_shown;
    let pieces = layout(game, props.notation, &|ix| {
        let n = game.node(ix);
        (at_shown_on && ix == shown)
            || (every_n > 0 && game.is_mainline(ix) && !n.by_white && n.number.is_multiple_of(every_n))
    });
    let tag = |name: &str| game.tag(name).map(str::trim).filter(|v| !v.is_empty() && *v != "?").map(str::to_owned);
    // The names and the date as the screen writes them.
    let title =
        format!("{} – {}", player_name(game.tag("White"), true, lang), player_name(game.tag("Black"), false, lang));
    let details: Vec<String> = ["Event", "Site", "Date", "Round", "ECO"]
        .iter()
        .filter_map(|&t| if t == "Date" { shown_date(game.tag(t)) } else { tag(t) })
        .collect();
    let result = tag("Result").unwrap_or_else(|| "*".into());
    // A space before each piece, except after "(" and before ")".
    let body = pieces.iter().enumerate().map(|(i, p)| {
        let gap = if i == 0 || matches!(pieces[i - 1], Piece::Open | Piece::Diagram(..)) { "" } else { " " };
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
    let view = html! {
        <>
            <h1 class="pv-title">{ title }</h1>
            if !details.is_empty() {
                <p class="pv-details">{ details.join(" · ") }</p>
            }
            <div class="pv-moves">{ for body }{ " " }<span class="pv-result">{ result }</span></div>
        </>
    };
    // What prints: the same view, at the top of the document (the print
    // stylesheet shows it alone).
    let printed = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("print-root"))
        .map(|host| create_portal(html! { <article class="print-view printed">{ view.clone() }</article> }, host));
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
                <article class="print-view" aria-label={lang.text("print-view")}>{ view }</article>
                { printed.unwrap_or_default() }
                <div class="dialog-actions print-hide">
                    <button type="button" class="btn btn-primary print-now" onclick={print}>{ lang.text("print-now") }</button>
                    <span class="spacer"></span>
                    <button type="button" class="btn" onclick={close}>{ lang.text("close") }</button>
                </div>
            </div>
        </div>
    }
}
