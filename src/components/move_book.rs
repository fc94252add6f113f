//! The moves as a book prints them (the other layout of the move list): the
//! moves as running text with their NAGs, comments in their place and
//! variations in parentheses, each variation folded or unfolded by the
//! button before it. A click on a move shows it. A very long game is drawn
//! around the shown move only.

use std::collections::HashSet;

use yew::prelude::*;

use crate::components::print_layout::{layout, Piece};
use crate::state::model::{NodeIx, SharedGame};
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

/// The book layout of the moves.
#[function_component(MoveBook)]
pub fn move_book(props: &MoveBookProps) -> Html {
    let folded = use_state(HashSet::<NodeIx>::new);
    let game = &props.game;
    let pieces = use_memo((game.clone(), props.notation), |(game, notation)| layout(game, *notation, &|_| false));
    let ends = closing(&pieces);
    // The part drawn: around the shown move.
    let at = pieces.iter().position(|p| matches!(p, Piece::Move { node, .. } if *node == props.current)).unwrap_or(0);
    let (start, stop) = (at.saturating_sub(WINDOW), (at + WINDOW).min(pieces.len()));
    let mut out: Vec<Html> = Vec::with_capacity(stop - start + 2);
    if start > 0 {
        out.push(html! { <span class="bk-more" title="Earlier moves: step back to see them">{ "…" }</span> });
    }
    let mut i = start;
    while i < stop {
        // A space before each piece, except after "(".
        let gap = if i > 0 && matches!(pieces[i - 1], Piece::Open) { "" } else { " " };
        match &pieces[i] {
            Piece::Move { node, text, main } => {
                let onclick = {
                    let (cb, node) = (props.on_select.clone(), *node);
                    Callback::from(move |_: MouseEvent| cb.emit(node))
                };
                let class =
                    classes!("bk-move", main.then_some("bk-main"), (*node == props.current).then_some("current"));
                out.push(html! { <>{ gap }<span class={class} data-node={node.to_string()} {onclick}>{ text.clone() }</span></> });
            }
            Piece::Comment(c) => out.push(html! { <>{ gap }<span class="bk-comment">{ c.clone() }</span></> }),
            Piece::Open => {
                let first = match pieces.get(i + 1) {
                    Some(Piece::Move { node, .. }) => Some(*node),
                    _ => None,
                };
                let end = ends[i].unwrap_or(pieces.len() - 1);
                let is_folded = first.is_some_and(|f| folded.contains(&f));
                let toggle = first.map(|f| {
                    let folded = folded.clone();
                    Callback::from(move |_: MouseEvent| {
                        let mut set = (*folded).clone();
                        if !set.remove(&f) {
                            set.insert(f);
                        }
                        folded.set(set);
                    })
                });
                let moves = pieces[i..=end].iter().filter(|p| matches!(p, Piece::Move { .. })).count();
                out.push(html! {
                    <>{ " " }<button type="button" class="bk-fold" aria-expanded={(!is_folded).to_string()} onclick={toggle}
                        title={if is_folded { "Show this variation" } else { "Hide this variation" }}
                        aria-label={format!("{} a variation of {moves} moves", if is_folded { "Show" } else { "Hide" })}>
                        { if is_folded { "▸" } else { "▾" } }</button>
                    <span class="bk-paren">{ "(" }</span></>
                });
                if is_folded {
                    out.push(html! { <><span class="bk-folded">{ format!("… {moves} moves") }</span><span class="bk-paren">{ ")" }</span></> });
                    i = end + 1;
                    continue;
                }
            }
            Piece::Close => out.push(html! { <span class="bk-paren">{ ")" }</span> }),
            Piece::Diagram(..) => {}
        }
        i += 1;
    }
    if stop < pieces.len() {
        out.push(html! { <span class="bk-more" title="Later moves: step on to see them">{ " …" }</span> });
    }
    html! { <div class="move-book" aria-label="Moves">{ for out }</div> }
}
