//! The moves as a book prints them (the other layout of the move list): the
//! moves as running text with their NAGs, comments in their place and
//! variations in parentheses, each variation folded or unfolded by the
//! button before it. A click on a move shows it. A very long game is drawn
//! in paragraphs, those around the shown move only; a step moves the mark
//! of the shown move, and adds or drops a paragraph now and then.

use std::ops::Range;
use std::rc::Rc;

use movetext_view::game::model::{NodeIx, SharedGame, ViewGame};
use movetext_view::text::notation::Notation;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::book_chunks::{drawn, paragraph_of, paragraph_starts, toward};
use crate::components::move_list::{FoldAction, Folded};
use crate::components::print_layout::{layout, Piece};
use crate::state::idle_task::when_idle;
use crate::state::same::Same;

/// How long the part drawn may wait for the page to be idle before it
/// catches up with the shown move, in milliseconds.
const CATCH_UP_WITHIN_MS: u32 = 100;

/// What the book layout shows.
#[derive(Properties, PartialEq)]
pub struct MoveBookProps {
    /// The game.
    pub game: SharedGame,
    /// The shown node.
    pub current: NodeIx,
    /// Show a move.
    pub on_select: Callback<NodeIx>,
    /// How moves are written.
    pub notation: Notation,
}

/// Where each variation that opens at `i` closes.
fn closing(pieces: &[Piece]) -> Vec<Option<usize>> {
    let mut out = vec![None; pieces.len()];
    let mut open = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        match p {
            Piece::Open => open.push(i),
            Piece::Close => {
                if let Some(o) = open.pop() {
                    out[o] = Some(i);
                }
            }
            _ => {}
        }
    }
    out
}

/// The book layout of the moves: the text is drawn again only when the
/// game or the folding changes, and a paragraph when the part drawn moves
/// on (after the step is shown); stepping moves the mark of the shown
/// move. One listener on the text shows the move clicked.
#[function_component(MoveBook)]
pub fn move_book(props: &MoveBookProps) -> Html {
    let lang = crate::i18n::use_lang();
    let folded_state = use_reducer_eq(Folded::default);
    let folded = folded_state.0.clone();
    let game = &props.game;
    let book = use_memo((game.clone(), props.notation), |(game, notation)| Book::of(game, *notation));
    let at = book.piece_of.get(props.current).map_or(0, |&i| i as usize);
    let book_id = Rc::as_ptr(&book) as usize;
    let want = drawn(&book.starts, at, book.pieces.len());
    // The paragraphs drawn last are kept while the shown move is in them:
    // a step is shown at once, and the part drawn catches up a paragraph at
    // a time once the page is idle.
    let last = use_mut_ref(|| Drawn { book: 0, shown: 0..0, want: 0..0 });
    let shown = {
        let mut last = last.borrow_mut();
        let held = last.shown.contains(&paragraph_of(&book.starts, at)) && last.shown.end <= book.starts.len();
        if last.book != book_id || !held {
            last.book = book_id;
            last.shown = want.clone();
        }
        last.want = want.clone();
        last.shown.clone()
    };
    let catch_up = use_force_update();
    use_effect_with((book_id, shown.clone(), shown != want), move |&(_, _, behind)| {
        let task = behind
            .then(|| {
                when_idle(CATCH_UP_WITHIN_MS, move || {
                    let mut last = last.borrow_mut();
                    last.shown = toward(&last.shown, &last.want);
                    drop(last);
                    catch_up.force_update();
                })
            })
            .flatten();
        move || drop(task)
    });
    let (first, end) = (shown.start, shown.end);
    let on_fold = {
        let dispatch = folded_state.dispatcher();
        use_callback((), move |first: NodeIx, _| dispatch.dispatch(FoldAction::Toggle(first)))
    };
    let text = use_node_ref();
    {
        let text = text.clone();
        let deps = (props.current, book_id, first, end, folded.clone());
        use_effect_with(deps, move |(current, ..)| mark_current(&text, *current));
    }
    let onclick = {
        let on_select = props.on_select.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(node) = clicked_move(&e) {
                on_select.emit(node);
            }
        })
    };
    html! {
        <div class="move-book" aria-label={lang.text("column-moves")} ref={text} {onclick}>
            <BookText book={Same(book.clone())} {first} {end} folded={folded.clone()} {on_fold} />
        </div>
    }
}

/// The node of the move a click is on, if it is on one.
fn clicked_move(e: &MouseEvent) -> Option<NodeIx> {
    let target = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let on = target.closest(".bk-move").ok()??;
    on.get_attribute("data-node")?.parse().ok()
}

/// The paragraphs drawn of a book (known by its address), and those wanted
/// around the shown move.
struct Drawn {
    book: usize,
    shown: Range<usize>,
    want: Range<usize>,
}

/// Moves the mark of the shown move (class `current`) to node `current`.
fn mark_current(text: &NodeRef, current: NodeIx) {
    let Some(el) = text.cast::<web_sys::Element>() else { return };
    if let Ok(old) = el.query_selector_all(".bk-move.current") {
        for i in 0..old.length() {
            if let Some(old) = old.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
                let _ = old.class_list().remove_1("current");
            }
        }
    }
    if let Ok(Some(now)) = el.query_selector(&format!(".bk-move[data-node=\"{current}\"]")) {
        let _ = now.class_list().add_1("current");
    }
}

/// A game's pieces, where each paragraph begins, where each variation
/// closes, the piece of each node's move, and how many moves come before
/// each piece (a variation's moves counted without walking it).
struct Book {
    pieces: Vec<Piece>,
    starts: Vec<usize>,
    ends: Vec<Option<usize>>,
    piece_of: Vec<u32>,
    moves_before: Vec<u32>,
}

impl Book {
    /// The book of a game, its moves written in `notation`.
    fn of(game: &ViewGame, notation: Notation) -> Book {
        let pieces = layout(game, notation, &|_| false);
        let starts = paragraph_starts(&pieces);
        let ends = closing(&pieces);
        let mut piece_of = vec![0u32; game.nodes.len()];
        for (i, p) in pieces.iter().enumerate() {
            if let Piece::Move { node, .. } = p {
                if let Some(slot) = piece_of.get_mut(*node) {
                    *slot = i as u32;
                }
            }
        }
        let mut moves_before = Vec::with_capacity(pieces.len() + 1);
        moves_before.push(0u32);
        for p in &pieces {
            let last = moves_before.last().copied().unwrap_or(0);
            moves_before.push(last + u32::from(matches!(p, Piece::Move { .. })));
        }
        Book { pieces, starts, ends, piece_of, moves_before }
    }
}

/// What the text of the book depends on (not the shown move).
#[derive(Properties, PartialEq)]
struct BookTextProps {
    book: Same<Book>,
    /// The paragraphs drawn: `first..end`.
    first: usize,
    end: usize,
    /// The folded variations, by their first move.
    folded: Rc<Vec<NodeIx>>,
    /// Folds or unfolds the variation of a first move.
    on_fold: Callback<NodeIx>,
}

/// The paragraphs `first..end` (keyed by where they begin): when the part
/// drawn moves on, those still in it are kept as they are, and one is
/// drawn or dropped.
#[function_component(BookText)]
fn book_text(props: &BookTextProps) -> Html {
    let lang = crate::i18n::use_lang();
    let book = &props.book.0;
    let len = book.pieces.len();
    let bound = |k: usize| book.starts.get(k).copied().unwrap_or(len);
    let (start, stop) = (bound(props.first), bound(props.end));
    let paragraph = book.starts.len() > 1;
    let chunks = (props.first..props.end).map(|k| {
        let from = book.starts[k];
        html! {
            <BookChunk key={from} book={props.book.clone()} {from} to={bound(k + 1)} {paragraph}
                folded={props.folded.clone()} on_fold={props.on_fold.clone()} />
        }
    });
    // A block of its own inside the scrolling box: when the column around
    // is laid out again (another line of text above it changes), the
    // text keeps its layout instead of being laid out again.
    html! {
        <div class="bk-text">
            if start > 0 {
                <span class="bk-more" title={lang.text("book-earlier")}>{ "…" }</span>
            }
            // A list of its own, all keyed: among the "…" (not keyed) the
            // paragraphs would be matched by place, not by key, and each one
            // drawn again with its neighbour's pieces.
            <>{ for chunks }</>
            if stop < len {
                <span class="bk-more" title={lang.text("book-later")}>{ " …" }</span>
            }
        </div>
    }
}

/// What a chunk of the book's text depends on.
#[derive(Properties, PartialEq)]
struct BookChunkProps {
    book: Same<Book>,
    /// The pieces `from..to`.
    from: usize,
    to: usize,
    /// A paragraph of its own (a long game's), rather than the whole text.
    paragraph: bool,
    /// The folded variations, by their first move.
    folded: Rc<Vec<NodeIx>>,
    /// Folds or unfolds the variation of a first move.
    on_fold: Callback<NodeIx>,
}

/// Where a chunk starting at piece `from` begins to draw: after the end of
/// any folded variation that opened before it and is still open there.
fn first_shown(book: &Book, folded: &[NodeIx], from: usize) -> usize {
    let mut at = from;
    for first in folded {
        let Some(open) = book.piece_of.get(*first).and_then(|&p| (p as usize).checked_sub(1)) else { continue };
        if !matches!(book.pieces.get(open), Some(Piece::Open)) {
            continue;
        }
        if let Some(close) = book.ends[open] {
            if open < from && close >= from {
                at = at.max(close + 1);
            }
        }
    }
    at
}

/// The pieces `from..to` as running text: the whole text, or a paragraph
/// the browser draws only once it is scrolled near.
#[function_component(BookChunk)]
fn book_chunk(props: &BookChunkProps) -> Html {
    let lang = crate::i18n::use_lang();
    let (pieces, ends) = (&props.book.0.pieces, &props.book.0.ends);
    let stop = props.to.min(pieces.len());
    let mut out: Vec<Html> = Vec::with_capacity(stop.saturating_sub(props.from));
    let mut i = first_shown(&props.book.0, &props.folded, props.from);
    while i < stop {
        // A space before each piece, except after "(".
        let gap = if i > 0 && matches!(pieces[i - 1], Piece::Open) { "" } else { " " };
        match &pieces[i] {
            Piece::Move { node, text, main } => {
                let class = if *main { "bk-move bk-main" } else { "bk-move" };
                out.push(html! { <>{ gap }<span {class} data-node={node.to_string()}>{ text.clone() }</span></> });
            }
            Piece::Comment(c) => out.push(html! { <>{ gap }<span class="bk-comment">{ c.clone() }</span></> }),
            Piece::Open => {
                let first = match pieces.get(i + 1) {
                    Some(Piece::Move { node, .. }) => Some(*node),
                    _ => None,
                };
                let end = ends[i].unwrap_or(pieces.len() - 1);
                let is_folded = first.is_some_and(|f| props.folded.contains(&f));
                let toggle = first.map(|f| {
                    let on_fold = props.on_fold.clone();
                    Callback::from(move |_: MouseEvent| on_fold.emit(f))
                });
                let moves = props.book.0.moves_before[end + 1] - props.book.0.moves_before[i];
                out.push(html! {
                    <>{ " " }<button type="button" class="bk-fold" aria-expanded={(!is_folded).to_string()} onclick={toggle}
                        title={lang.text(if is_folded { "fold-show-title" } else { "fold-hide-title" })}
                        aria-label={lang.count(if is_folded { "book-show" } else { "book-hide" }, moves as u64)}>
                        { if is_folded { "▸" } else { "▾" } }</button>
                    <span class="bk-paren">{ "(" }</span></>
                });
                if is_folded {
                    out.push(html! { <><span class="bk-folded">{ format!("… {}", lang.count("moves", moves as u64)) }</span><span class="bk-paren">{ ")" }</span></> });
                    i = end + 1;
                    continue;
                }
            }
            Piece::Close => out.push(html! { <span class="bk-paren">{ ")" }</span> }),
            Piece::Diagram(..) => {}
        }
        i += 1;
    }
    let class = if props.paragraph { "bk-chunk bk-para" } else { "bk-chunk" };
    html! { <span {class}>{ for out }</span> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_inside_a_folded_variation_draws_from_its_end() {
        let game = movetext_view::game::game_source::open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *");
        let book = Book::of(&game, Notation::San);
        let find = |san: &str| (0..game.nodes.len()).find(|&ix| game.node(ix).san == san).unwrap();
        let (c5, c3) = (find("c5"), find("c3"));
        let at = |ix: NodeIx| book.piece_of[ix] as usize;
        let close = book.ends[at(c5) - 1].unwrap();
        assert_eq!(first_shown(&book, &[], at(c3)), at(c3));
        assert_eq!(first_shown(&book, &[c5], at(c3)), close + 1);
        assert_eq!(first_shown(&book, &[c5], close + 1), close + 1);
        assert_eq!(first_shown(&book, &[c3], at(c5)), at(c5));
        // Moves counted without walking: c5 Nf3 c3 d6.
        assert_eq!(book.moves_before[close + 1] - book.moves_before[at(c5) - 1], 4);
    }
}
