//! The SVG chess board: squares, coordinates, highlights, pieces, coloured
//! squares and arrows.

use std::cell::RefCell;
use std::rc::Rc;

use movetext_core::shakmaty::{Board, Color, Move, Rank, Role, Square};
use movetext_view::game::board_interaction::{square_words, start_square};
use movetext_view::markup::board_markup::{self, arrow_points, centre, corner};
use movetext_view::markup::pieces;
use movetext_view::text::numbers::tenths;
use yew::prelude::*;

use crate::components::board_keys::board_keys;
use crate::components::board_pointer::{use_pointer, PointerHandlers};
use crate::components::board_props::{BoardProps, Interaction};
use crate::i18n::Lang;

/// The piece drawings as SVG symbols, rendered once.
#[derive(Properties, PartialEq)]
struct PieceSymbolsProps {
    set: pieces::PieceSet,
}

/// The board's definitions (the pieces of a set, the glow of a king in
/// check), written as our own markup in one piece: about a hundred
/// elements that the page builds far quicker from markup than one by one.
#[function_component(PieceSymbols)]
fn piece_symbols(props: &PieceSymbolsProps) -> Html {
    let markup = use_memo(props.set, |&set| AttrValue::from(board_markup::defs(set)));
    html! { <defs>{ Html::from_html_unchecked((*markup).clone()) }</defs> }
}

/// The board.
#[function_component(ChessBoard)]
pub fn chess_board(props: &BoardProps) -> Html {
    let lang = crate::i18n::use_lang();
    let flipped = props.flipped;
    let state = use_state(Interaction::default);
    let svg = use_node_ref();
    // A new position clears what the pointer was doing.
    {
        let state = state.clone();
        use_effect_with((props.fen.clone(), props.legal.clone()), move |_| {
            state.set(Interaction { cursor: state.cursor, ..Interaction::default() })
        });
    }
    let onkeydown = board_keys(props, &state);
    let onblur = {
        let state = state.clone();
        Callback::from(move |_: FocusEvent| {
            if state.cursor.is_some() {
                state.set(Interaction { cursor: None, ..(*state).clone() });
            }
        })
    };
    let editable = !props.legal.is_empty();
    let BoardHandlers { onpointerdown, onpointermove, onpointerup, onfocus, pointer_up } =
        use_board_handlers(props, &state, &svg);
    let oncontextmenu = Callback::from(|e: MouseEvent| e.prevent_default());
    // The dark squares and the coordinates, written when the board turns.
    let squares_and_coords = use_memo(flipped, |&flipped| {
        (AttrValue::from(board_markup::dark_squares(flipped)), AttrValue::from(board_markup::coordinates(flipped)))
    });
    // The last move, the file's marked squares and a king in check.
    let highlights = AttrValue::from(board_markup::highlights(props.last_move, &props.marks, props.check, flipped));
    let dragged = state.drag.map(|d| d.0);
    let slide = use_slide(props, &svg, &pointer_up);
    // The pieces (drawn again only when their markup changes).
    let pieces_markup = AttrValue::from(board_markup::pieces(&props.board, flipped, dragged, slide));
    // The file's arrows and the engine's best move.
    let arrows = AttrValue::from(board_markup::arrows(&props.arrows, props.best, flipped));
    // Picked-up piece, its targets, the piece under the pointer, drawing.
    let selected = state.selected.map(|sq| square_rect(sq, flipped, "hl-selected"));
    let cursor_square = state.cursor.filter(|_| editable);
    let cursor = cursor_square.map(|sq| square_rect(sq, flipped, "hl-cursor"));
    let cursor_words = cursor_words(&props.board, &state, cursor_square, lang);
    let targets = targets(props, state.selected);
    let floating = floating_piece(&props.board, &state);
    let drawing = drawing(&state, flipped);
    let chooser = state.promotion.map(|(from, to)| promotion_chooser(props, &state, from, to, lang));
    let classes = classes!("board", editable.then_some("editable"), state.drag.is_some().then_some("is-dragging"));
    // An editable board takes focus: its keys make moves.
    let (role, tabindex, label) = if editable {
        ("application", Some("0"), format!("{} {}", props.label, lang.text("board-keys-help")))
    } else {
        ("img", None, props.label.to_string())
    };
    html! {
        <div class={classes} {role} {tabindex} aria-roledescription={editable.then_some(lang.text("board-role"))}
            aria-label={label} data-fen={props.fen.clone()}
            aria-describedby="board-description" data-flipped={flipped.to_string()}
            data-selected={state.selected.map(|s| s.to_string())}
            data-cursor={cursor_square.map(|s| s.to_string())}
            {onpointerdown} {onpointermove} {onpointerup} {oncontextmenu} {onkeydown} {onfocus} {onblur}>
            <p id="board-description" class="sr-only">{ props.description.clone() }</p>
            <p class="sr-only" aria-live="polite">{ cursor_words }</p>
            <svg class="board-svg" viewBox="0 0 800 800" aria-hidden="true" focusable="false" ref={svg}>
                <PieceSymbols set={props.pieces} />
                <rect class="sq-light" x="0" y="0" width="800" height="800" />
                <g class="squares">{ Html::from_html_unchecked(squares_and_coords.0.clone()) }</g>
                <g class="highlights">{ Html::from_html_unchecked(highlights) }</g>
                <g class="coords">{ Html::from_html_unchecked(squares_and_coords.1.clone()) }</g>
                { one_slot(selected) }
                { one_slot(cursor) }
                <g class="pieces">{ Html::from_html_unchecked(pieces_markup) }</g>
                <g class="targets">{ for targets }</g>
                <g class="arrows">{ Html::from_html_unchecked(arrows) }{ one_slot(drawing) }</g>
                { one_slot(floating) }
                { one_slot(chooser) }
            </svg>
        </div>
    }
}

/// The board's pointer and focus handlers, and when the pointer last let
/// go (page clock, ms).
struct BoardHandlers {
    onpointerdown: Callback<PointerEvent>,
    onpointermove: Callback<PointerEvent>,
    onpointerup: Callback<PointerEvent>,
    onfocus: Callback<FocusEvent>,
    pointer_up: Rc<RefCell<f64>>,
}

/// The pointer handlers of [`use_pointer`], which also note when the
/// pointer last let go (a move made with it is not slid) and whether a
/// press comes before the focus: focus by the pointer (its press comes
/// first) or by keyboard, and only the keyboard shows the cursor.
#[hook]
fn use_board_handlers(props: &BoardProps, state: &UseStateHandle<Interaction>, svg: &NodeRef) -> BoardHandlers {
    let PointerHandlers { onpointerdown, onpointermove, onpointerup } = use_pointer(props, state, svg);
    let pointer_up = use_mut_ref(|| 0.0_f64);
    let onpointerup = {
        let pointer_up = pointer_up.clone();
        Callback::from(move |e: PointerEvent| {
            *pointer_up.borrow_mut() = crate::state::slice_clock::now();
            onpointerup.emit(e);
        })
    };
    let pressed = use_mut_ref(|| false);
    let onpointerdown = {
        let pressed = pressed.clone();
        Callback::from(move |e: PointerEvent| {
            *pressed.borrow_mut() = true;
            onpointerdown.emit(e);
        })
    };
    let onpointerup = {
        let pressed = pressed.clone();
        Callback::from(move |e: PointerEvent| {
            *pressed.borrow_mut() = false;
            onpointerup.emit(e);
        })
    };
    let onfocus = {
        let state = state.clone();
        let (board, legal) = (props.board.clone(), props.legal.clone());
        Callback::from(move |_: FocusEvent| {
            let by_pointer = std::mem::take(&mut *pressed.borrow_mut());
            if !by_pointer && !legal.is_empty() && state.cursor.is_none() {
                state.set(Interaction { cursor: Some(start_square(&board, &legal)), ..(*state).clone() });
            }
        })
    };
    BoardHandlers { onpointerdown, onpointermove, onpointerup, onfocus, pointer_up }
}

/// The last move's squares when its piece is to slide from its square: the
/// game stepped forward (not after a move made with the pointer, which let
/// go at `pointer_up`, whose piece is already there, nor for readers who
/// ask for less motion). Decided once a position: drawn again, it keeps
/// its slide. Slides start once drawn.
#[hook]
fn use_slide(props: &BoardProps, svg: &NodeRef, pointer_up: &Rc<RefCell<f64>>) -> Option<(Square, Square)> {
    // The position drawn before (to see which piece moved).
    let shown = use_mut_ref(|| None::<(AttrValue, Board, Option<(Square, Square)>)>);
    let slide = match &*shown.borrow() {
        Some((fen, _, slide)) if *fen == props.fen => *slide,
        previous => props.last_move.filter(|&(from, to)| {
            let Some((_, before, _)) = previous else { return false };
            let moved =
                before.piece_at(from).is_some_and(|p| props.board.piece_at(to).is_some_and(|q| q.color == p.color));
            *before != props.board
                && moved
                && props.board.piece_at(from).is_none()
                && crate::state::slice_clock::now() - *pointer_up.borrow() > 400.0
                && !less_motion()
        }),
    };
    let (board, svg, fen) = (props.board.clone(), svg.clone(), props.fen.clone());
    use_effect_with(props.fen.clone(), move |_| {
        *shown.borrow_mut() = Some((fen, board, slide));
        if let Some(svg) = svg.cast::<web_sys::Element>() {
            start_slides(&svg);
        }
    });
    slide
}

/// Starts the slides (`animate.slide`) drawn in `svg`.
fn start_slides(svg: &web_sys::Element) {
    let Ok(list) = svg.query_selector_all("animate.slide") else { return };
    for i in 0..list.length() {
        if let Some(el) = list.item(i) {
            if let Ok(begin) = js_sys::Reflect::get(&el, &"beginElement".into()) {
                if let Some(f) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&begin) {
                    let _ = f.call0(&el);
                }
            }
        }
    }
}

/// A square's highlight of class `class`.
fn square_rect(sq: Square, flipped: bool, class: &str) -> Html {
    let (x, y) = corner(sq, flipped);
    html! { <rect class={class.to_owned()} x={tenths(x.into())} y={tenths(y.into())} width="100" height="100" /> }
}

/// What a screen reader hears of the keyboard's square: the square, the
/// piece picked up, or how to choose a promotion piece.
fn cursor_words(board: &Board, state: &Interaction, cursor: Option<Square>, lang: Lang) -> String {
    match (cursor, state.selected, state.promotion) {
        (_, _, Some(_)) => lang.text("board-promote-keys").to_owned(),
        (Some(sq), Some(from), _) if from != sq => {
            lang.say("board-picked-up-from", &[("here", &square_words(board, sq, lang)), ("from", &from.to_string())])
        }
        (Some(sq), Some(_), _) => lang.say("board-picked-up", &[("square", &square_words(board, sq, lang))]),
        (Some(sq), None, _) => square_words(board, sq, lang),
        (None, _, _) => String::new(),
    }
}

/// The squares the piece picked up at `selected` can move to, as circles
/// (larger on a capture).
fn targets(props: &BoardProps, selected: Option<Square>) -> impl Iterator<Item = Html> + '_ {
    let flipped = props.flipped;
    selected.into_iter().flat_map(move |from| {
        let board = &props.board;
        props.legal.iter().filter(move |m| m.from() == Some(from)).map(move |m| {
            let to = match *m {
                Move::Castle { king, rook } => {
                    let side = movetext_core::shakmaty::CastlingSide::from_queen_side(rook < king);
                    side.king_to(Color::from_white(king.rank() == Rank::First))
                }
                _ => m.to(),
            };
            let (cx, cy) = centre(to, flipped);
            let capture = board.piece_at(to).is_some() && !matches!(m, Move::Castle { .. });
            let class = if capture { "target target-capture" } else { "target" };
            let r = if capture { "46" } else { "15" };
            html! { <circle class={class} cx={tenths(cx.into())} cy={tenths(cy.into())} r={r} data-square={to.to_string()} /> }
        })
    })
}

/// The piece being dragged, under the pointer.
fn floating_piece(board: &Board, state: &Interaction) -> Option<Html> {
    state.drag.and_then(|(sq, x, y)| {
        let piece = board.piece_at(sq)?;
        let href = format!("#{}", pieces::symbol_id(piece.color, piece.role));
        Some(html! { <use class="piece dragging" href={href} x={tenths((x - 50.0).into())} y={tenths((y - 50.0).into())} width="100" height="100" /> })
    })
}

/// The square or arrow being drawn with the right button.
fn drawing(state: &Interaction, flipped: bool) -> Option<Html> {
    state.drawing.map(|(from, to, color)| {
        let name = color.name();
        if from == to {
            let (cx, cy) = centre(from, flipped);
            html! { <circle class={format!("drawing-ring arrow-{name}")} cx={tenths(cx.into())} cy={tenths(cy.into())} r="46" /> }
        } else {
            let points = arrow_points(centre(from, flipped), centre(to, flipped));
            html! { <polygon class={format!("arrow drawing arrow-{name}")} points={points} /> }
        }
    })
}

/// Any number of nodes as one child of the drawing. Children given with
/// `{ for ... }` are spliced into their parent's list, and the page matches
/// old and new children by place: a highlight appearing would shift the
/// children around it, and the piece drawings and squares, written as
/// markup, would be parsed again at every such step.
fn one_slot(nodes: impl IntoIterator<Item = Html>) -> Html {
    nodes.into_iter().collect()
}

/// The pieces a pawn can promote to, in a column from the promotion square
/// towards the middle; the shade around cancels.
fn promotion_chooser(
    props: &BoardProps,
    state: &UseStateHandle<Interaction>,
    from: Square,
    to: Square,
    lang: Lang,
) -> Html {
    let flipped = props.flipped;
    let choose = |role: Role| {
        let state = state.clone();
        let legal = props.legal.clone();
        let on_move = props.on_move.clone();
        Callback::from(move |e: PointerEvent| {
            e.stop_propagation();
            if let Some((from, to)) = state.promotion {
                if let Some(m) =
                    legal.iter().find(|m| m.from() == Some(from) && m.to() == to && m.promotion() == Some(role))
                {
                    on_move.emit(*m);
                }
            }
            state.set(Interaction::default());
        })
    };
    let cancel_promotion = {
        let state = state.clone();
        Callback::from(move |e: PointerEvent| {
            e.stop_propagation();
            state.set(Interaction::default());
        })
    };
    let color = props.board.piece_at(from).map_or(Color::White, |p| p.color);
    let (x, _) = corner(to, flipped);
    // The column of choices runs from the promotion square towards the middle.
    let down = corner(to, flipped).1 < 400.0;
    let items = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight].into_iter().enumerate().map(|(i, role)| {
        let y = if down { i as f32 * 100.0 } else { 700.0 - i as f32 * 100.0 };
        let href = format!("#{}", pieces::symbol_id(color, role));
        html! {
            <g class="promotion-choice" data-role={role.char().to_string()} onpointerdown={choose(role)}>
                <rect x={tenths(x.into())} y={tenths(y.into())} width="100" height="100" rx="50" />
                <use href={href} x={tenths((x + 5.0).into())} y={tenths((y + 5.0).into())} width="90" height="90" />
            </g>
        }
    });
    html! {
        <g class="promotion" role="dialog" aria-label={lang.text("board-promote")}>
            <rect class="promotion-shade" x="0" y="0" width="800" height="800" onpointerdown={cancel_promotion} />
            { for items }
        </g>
    }
}

/// Whether the reader asked for less motion (`prefers-reduced-motion`).
fn less_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_follow_orientation() {
        assert_eq!(corner(Square::A1, false), (0.0, 700.0));
        assert_eq!(corner(Square::H8, false), (700.0, 0.0));
        assert_eq!(corner(Square::A1, true), (700.0, 0.0));
        assert_eq!(corner(Square::E4, true), (300.0, 300.0));
    }

    #[test]
    fn arrow_has_seven_points_and_stops_short_of_the_centre() {
        let pts = arrow_points((50.0, 750.0), (50.0, 350.0));
        let list: Vec<&str> = pts.split(' ').collect();
        assert_eq!(list.len(), 7);
        assert_eq!(list[3], "50,362");
    }
}
