//! The moves as a book prints them (the other layout of the move list): the
//! moves as running text with their NAGs, comments in their place and
//! variations in parentheses, each variation folded or unfolded by the
//! button before it. A click on a move shows it. A very long game is drawn
//! around the shown move only; a step moves the mark of the shown move
//! without drawing the text again.

use std::collections::HashSet;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::print_layout::{layout, Piece};
use crate::state::model::{NodeIx, SharedGame, ViewGame};
use crate::state::notation::Notation;

/// Pieces drawn before and after the shown move at most: a very long game
/// draws the part around the shown move, with "…" for the rest.
const WINDOW: usize = 800;

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

/// Where the part drawn of `len` pieces begins and ends when piece `at` is
/// shown: at least [`WINDOW`] pieces either side of it, in steps of half a
/// window, so that stepping through the game draws the text anew only
/// every few hundred pieces.
fn window(at: usize, len: usize) -> (usize, usize) {
    let step = WINDOW / 2;
    let base = at / step * step;
    (base.saturating_sub(WINDOW), (base + step + WINDOW).min(len))
}

/// The book layout of the moves: the text is drawn again only when the
/// game, the part drawn or the folding changes; stepping moves the mark of
/// the shown move.
#[function_component(MoveBook)]
pub fn move_book(props: &MoveBookProps) -> Html {
    let lang = crate::i18n::use_lang();
    let folded = use_state(|| Rc::new(HashSet::<NodeIx>::new()));
    let game = &props.game;
    let book = use_memo((game.clone(), props.notation), |(game, notation)| Book::of(game, *notation));
    let at = book.piece_of.get(props.current).map_or(0, |&i| i as usize);
    let (start, stop) = window(at, book.pieces.len());
    let on_fold = {
        let folded = folded.clone();
        use_callback(folded.clone(), move |first: NodeIx, _| {
            let mut set = (**folded).clone();
            if !set.remove(&first) {
                set.insert(first);
            }
            folded.set(Rc::new(set));
        })
    };
    let text = use_node_ref();
    {
        let text = text.clone();
        let deps = (props.current, Rc::as_ptr(&book) as usize, start, stop, (*folded).clone());
        use_effect_with(deps, move |(current, ..)| mark_current(&text, *current));
    }
    html! {
        <div class="move-book" aria-label={lang.text("column-moves")} ref={text}>
            <BookText book={BookRef(book.clone())} {start} {stop} folded={(*folded).clone()}
                on_select={props.on_select.clone()} {on_fold} />
        </div>
    }
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

/// A game's pieces, where each variation closes, the piece of each node's
/// move, and how many moves come before each piece (a variation's moves
/// counted without walking it).
struct Book {
    pieces: Vec<Piece>,
    ends: Vec<Option<usize>>,
    piece_of: Vec<u32>,
    moves_before: Vec<u32>,
}

impl Book {
    /// The book of a game, its moves written in `notation`.
    fn of(game: &ViewGame, notation: Notation) -> Book {
        let pieces = layout(game, notation, &|_| false);
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
        Book { pieces, ends, piece_of, moves_before }
    }
}

/// A [`Book`], compared by identity.
#[derive(Clone)]
struct BookRef(Rc<Book>);

impl PartialEq for BookRef {
    fn eq(&self, other: &BookRef) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// What the text of the book depends on (not the shown move).
#[derive(Properties, PartialEq)]
struct BookTextProps {
    book: BookRef,
    /// The part drawn: pieces `start..stop`.
    start: usize,
    stop: usize,
    /// The folded variations, by their first move.
    folded: Rc<HashSet<NodeIx>>,
    on_select: Callback<NodeIx>,
    /// Folds or unfolds the variation of a first move.
    on_fold: Callback<NodeIx>,
}

/// The pieces `start..stop` as running text, in chunks of half a window
/// (keyed by where they begin): when the part drawn moves on, the chunks
/// still in it are kept as they are, and one chunk is drawn.
#[function_component(BookText)]
fn book_text(props: &BookTextProps) -> Html {
    let lang = crate::i18n::use_lang();
    let (start, stop) = (props.start, props.stop);
    let step = WINDOW / 2;
    let chunks = (start..stop).step_by(step).map(|from| {
        html! {
            <BookChunk key={from} book={props.book.clone()} {from} to={(from + step).min(stop)}
                folded={props.folded.clone()} on_select={props.on_select.clone()} on_fold={props.on_fold.clone()} />
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
            { for chunks }
            if stop < props.book.0.pieces.len() {
                <span class="bk-more" title={lang.text("book-later")}>{ " …" }</span>
            }
        </div>
    }
}

/// What a chunk of the book's text depends on.
#[derive(Properties, PartialEq)]
struct BookChunkProps {
    book: BookRef,
    /// The pieces `from..to`.
    from: usize,
    to: usize,
    /// The folded variations, by their first move.
    folded: Rc<HashSet<NodeIx>>,
    on_select: Callback<NodeIx>,
    /// Folds or unfolds the variation of a first move.
    on_fold: Callback<NodeIx>,
}

/// Where a chunk starting at piece `from` begins to draw: after the end of
/// any folded variation that opened before it and is still open there.
fn first_shown(book: &Book, folded: &HashSet<NodeIx>, from: usize) -> usize {
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

/// The pieces `from..to` as running text.
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
                let onclick = {
                    let (cb, node) = (props.on_select.clone(), *node);
                    Callback::from(move |_: MouseEvent| cb.emit(node))
                };
                let class = classes!("bk-move", main.then_some("bk-main"));
                out.push(html! { <>{ gap }<span class={class} data-node={node.to_string()} {onclick}>{ text.clone() }</span></> });
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
    html! { <span class="bk-chunk">{ for out }</span> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_holds_the_shown_piece_with_room_either_side_and_moves_in_steps() {
        let len = 20_000;
        let mut changes = 0;
        let mut last = window(0, len);
        for at in 0..len {
            let (start, stop) = window(at, len);
            assert!(start <= at.saturating_sub(WINDOW) && stop >= (at + WINDOW).min(len), "{at}: {start}..{stop}");
            assert!(stop - start <= 2 * WINDOW + WINDOW / 2);
            if (start, stop) != last {
                changes += 1;
                last = (start, stop);
            }
        }
        assert_eq!(changes, len / (WINDOW / 2) - 1);
        assert_eq!(window(5, 10), (0, 10));
    }

    #[test]
    fn a_chunk_inside_a_folded_variation_draws_from_its_end() {
        let game = crate::state::loader::open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *");
        let book = Book::of(&game, Notation::San);
        let find = |san: &str| (0..game.nodes.len()).find(|&ix| game.node(ix).san == san).unwrap();
        let (c5, c3) = (find("c5"), find("c3"));
        let at = |ix: NodeIx| book.piece_of[ix] as usize;
        let close = book.ends[at(c5) - 1].unwrap();
        assert_eq!(first_shown(&book, &HashSet::new(), at(c3)), at(c3));
        assert_eq!(first_shown(&book, &HashSet::from([c5]), at(c3)), close + 1);
        assert_eq!(first_shown(&book, &HashSet::from([c5]), close + 1), close + 1);
        assert_eq!(first_shown(&book, &HashSet::from([c3]), at(c5)), at(c5));
        // Moves counted without walking: c5 Nf3 c3 d6.
        assert_eq!(book.moves_before[close + 1] - book.moves_before[at(c5) - 1], 4);
    }
}
