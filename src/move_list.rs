//! The move list: the main line in move pairs, comments, and variations as
//! indented blocks (deeper ones inline in parentheses).

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::model::{NodeIx, SharedGame, ViewGame};
use crate::nag_glyphs::nag_view;
use crate::notation::Notation;

/// Variations down to this depth get blocks of their own; deeper ones are
/// written inline in parentheses.
const MAX_BLOCK_DEPTH: u32 = 2;

/// NAGs drawn after a move at most; the rest are counted.
const MAX_NAGS_SHOWN: usize = 6;

/// What the move list shows.
#[derive(Properties, PartialEq, Clone)]
pub struct MoveListProps {
    /// The game.
    pub game: SharedGame,
    /// The node shown on the board.
    pub current: NodeIx,
    /// Called with the node of a clicked move.
    pub on_select: Callback<NodeIx>,
    /// How moves are written.
    pub notation: Notation,
    /// Called with a move and the pointer position on right-click.
    #[prop_or_default]
    pub on_context: Option<Callback<(NodeIx, i32, i32)>>,
}

/// The move list. The moves are drawn once per game (and notation); moving
/// through the game only moves the highlight, so a game of thousands of
/// moves steps as fast as a short one.
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let container = use_node_ref();
    {
        let container = container.clone();
        use_effect_with((props.current, props.game.clone(), props.notation), move |(current, _, _)| {
            mark_current(&container, *current);
            keep_current_in_view(&container);
        });
    }
    let g = &props.game;
    let label = format!("Moves: {} – {}", g.tag("White").unwrap_or("White"), g.tag("Black").unwrap_or("Black"));
    html! {
        <div class="move-list" ref={container} role="region" aria-label={label}>
            <MoveListBody game={props.game.clone()} on_select={props.on_select.clone()}
                notation={props.notation} on_context={props.on_context.clone()} />
        </div>
    }
}

/// What the drawn moves depend on (not the shown move).
#[derive(Properties, PartialEq, Clone)]
struct BodyProps {
    game: SharedGame,
    on_select: Callback<NodeIx>,
    notation: Notation,
    on_context: Option<Callback<(NodeIx, i32, i32)>>,
}

#[function_component(MoveListBody)]
fn move_list_body(props: &BodyProps) -> Html {
    let ctx = Ctx {
        game: &props.game,
        on_select: &props.on_select,
        notation: props.notation,
        on_context: props.on_context.as_ref(),
    };
    mainline(&ctx)
}

/// Moves the highlight (class `current`, `aria-current`) to node `current`.
fn mark_current(container: &NodeRef, current: NodeIx) {
    let Some(list) = container.cast::<web_sys::Element>() else { return };
    if let Ok(old) = list.query_selector_all(".mv.current") {
        for i in 0..old.length() {
            if let Some(el) = old.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
                let _ = el.class_list().remove_1("current");
                let _ = el.remove_attribute("aria-current");
            }
        }
    }
    if let Ok(Some(el)) = list.query_selector(&format!(".mv[data-node=\"{current}\"]")) {
        let _ = el.class_list().add_1("current");
        let _ = el.set_attribute("aria-current", "step");
    }
}

/// Scrolls the move list (not the page) so that the current move is visible.
fn keep_current_in_view(container: &NodeRef) {
    let Some(list) = container.cast::<HtmlElement>() else {
        return;
    };
    let Ok(Some(current)) = list.query_selector(".mv.current") else {
        return;
    };
    let outer = list.get_bounding_client_rect();
    let inner = current.get_bounding_client_rect();
    let margin = 24.0;
    if inner.top() < outer.top() {
        list.set_scroll_top(list.scroll_top() - (outer.top() - inner.top() + margin) as i32);
    } else if inner.bottom() > outer.bottom() {
        list.set_scroll_top(list.scroll_top() + (inner.bottom() - outer.bottom() + margin) as i32);
    }
}

struct Ctx<'a> {
    game: &'a ViewGame,
    on_select: &'a Callback<NodeIx>,
    notation: Notation,
    on_context: Option<&'a Callback<(NodeIx, i32, i32)>>,
}

impl Ctx<'_> {
    /// A clickable move with its NAGs.
    fn move_button(&self, ix: NodeIx) -> Html {
        let node = self.game.node(ix);
        let on_select = self.on_select.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_select.emit(ix));
        let oncontextmenu = self.on_context.cloned().map(|cb| {
            let on_select = self.on_select.clone();
            Callback::from(move |e: MouseEvent| {
                e.prevent_default();
                on_select.emit(ix);
                cb.emit((ix, e.client_x(), e.client_y()));
            })
        });
        // A move shows its first few NAGs; a flood of them (files have
        // thousands) is counted, not drawn.
        let nags: Vec<_> = node.nags.iter().take(MAX_NAGS_SHOWN).map(|&n| nag_view(n)).collect();
        let more = node.nags.len().saturating_sub(MAX_NAGS_SHOWN);
        let more_view = (more > 0).then(|| {
            html! { <span class="nag nag-more" title={format!("{more} more annotation glyphs")}>{ format!("+{more}") }</span> }
        });
        let move_nags = nags.iter().filter(|v| v.judges_move).map(|v| {
            html! { <span class="nag nag-move" title={v.meaning}>{ v.glyph.clone() }</span> }
        });
        let position_nags = nags.iter().filter(|v| !v.judges_move).map(|v| {
            html! { <span class="nag nag-position" title={v.meaning}>{ v.glyph.clone() }</span> }
        });
        // The name holds the move as shown (figurines and other letters too).
        let dots = if node.by_white { "." } else { "..." };
        let mut label = format!("{}{} {}", node.number, dots, self.notation.write(node));
        for v in nags.iter().filter(|v| !v.meaning.is_empty()) {
            label.push_str(", ");
            label.push_str(v.meaning);
        }
        if more > 0 {
            label.push_str(&format!(", and {more} more annotation glyphs"));
        }
        html! {
                <button type="button" class="mv"
                    data-node={ix.to_string()} aria-label={label}
                    {onclick} {oncontextmenu}>
                    <span class="san">{ self.notation.write(node) }</span>{ for move_nags }{ for position_nags }{ for more_view }
                </button>
        }
    }

    fn comment(&self, text: &str, block: bool) -> Html {
        let class = if block {
            "comment comment-block"
        } else {
            "comment"
        };
        // A very long comment shows its start; the rest opens on demand.
        const LONG: usize = 1000;
        if text.len() > LONG {
            let cut = text.char_indices().nth(240).map_or(text.len(), |(i, _)| i);
            return html! {
                <details class={classes!(class, "long-comment")}>
                    <summary>{ text[..cut].to_owned() }<span class="ellipsis">{ format!("… ({} more characters)", text[cut..].chars().count()) }</span></summary>
                    <span>{ text[cut..].to_owned() }</span>
                </details>
            };
        }
        html! { <span class={class}>{ text.to_owned() }</span> }
    }

    /// Text after a move that could not be read as moves, kept as written.
    fn unplayed(&self, text: &str) -> Html {
        html! {
            <span class="unplayed" title="Not understood as moves: kept as written, and exported unchanged">
                { text.to_owned() }
            </span>
        }
    }

    /// The alternatives to `ix` (its younger siblings), when `ix` is the
    /// first child of its parent.
    fn alternatives(&self, ix: NodeIx) -> &[NodeIx] {
        match self.game.node(ix).parent {
            Some(p) if self.game.node(p).children.first() == Some(&ix) => {
                &self.game.node(p).children[1..]
            }
            _ => &[],
        }
    }

    /// A variation starting at `start` as a block of its own (`depth` is at
    /// most [`MAX_BLOCK_DEPTH`], so blocks nest no deeper than that).
    fn variation(&self, start: NodeIx, depth: u32) -> Html {
        let mut items = Vec::new();
        self.line_items(start, depth, &mut items);
        html! { <div class={format!("var var-d{depth}")} data-depth={depth.to_string()}>{ for items }</div> }
    }

    /// The items of the line from `start` (a variation at `depth`): its
    /// moves, comments and kept text, and its alternatives, as blocks down to
    /// [`MAX_BLOCK_DEPTH`] and below that inline in parentheses. The inline
    /// ones are written flat, side by side, with an explicit stack: however
    /// deep the file nests them, nothing here recurses and the page's
    /// elements nest no deeper.
    fn line_items(&self, start: NodeIx, depth: u32, items: &mut Vec<Html>) {
        enum Step {
            /// Write the line from a node (the first node of a variation when
            /// `first`), needing a move number first when `number`.
            Line { from: NodeIx, depth: u32, first: bool, number: bool },
            /// Close an inline variation.
            Close,
        }
        let mut steps = vec![Step::Line { from: start, depth, first: true, number: true }];
        while let Some(step) = steps.pop() {
            let (from, depth, first, mut need_number) = match step {
                Step::Close => {
                    items.push(html! { <span class="var-paren">{ ")" }</span> });
                    continue;
                }
                Step::Line { from, depth, first, number } => (from, depth, first, number),
            };
            if first && depth > MAX_BLOCK_DEPTH {
                items.push(html! { <span class="var-paren">{ "(" }</span> });
            }
            let mut at = Some(from);
            while let Some(ix) = at {
                let node = self.game.node(ix);
                for c in &node.before {
                    items.push(self.comment(c, false));
                    need_number = true;
                }
                if node.by_white {
                    items.push(html! { <span class="num">{ format!("{}.", node.number) }</span> });
                } else if need_number {
                    items.push(html! { <span class="num">{ format!("{}...", node.number) }</span> });
                }
                need_number = false;
                items.push(self.move_button(ix));
                for c in &node.after {
                    items.push(self.comment(c, false));
                    need_number = true;
                }
                for u in &node.unplayed {
                    items.push(self.unplayed(u));
                    need_number = true;
                }
                let alternatives = if ix == from && first { &[][..] } else { self.alternatives(ix) };
                at = self.game.next(ix);
                if alternatives.is_empty() {
                    continue;
                }
                if depth < MAX_BLOCK_DEPTH {
                    // Blocks: at most MAX_BLOCK_DEPTH levels of calls.
                    for &alt in alternatives {
                        items.push(self.variation(alt, depth + 1));
                    }
                    need_number = true;
                    continue;
                }
                // Inline: the rest of this line waits on the stack behind
                // the alternatives, each opened here and closed by `Close`.
                if let Some(next) = at {
                    steps.push(Step::Line { from: next, depth, first: false, number: true });
                }
                for &alt in alternatives.iter().rev() {
                    steps.push(Step::Close);
                    steps.push(Step::Line { from: alt, depth: depth + 1, first: true, number: true });
                }
                break;
            }
        }
    }
}

fn mainline(ctx: &Ctx<'_>) -> Html {
    let game = ctx.game;
    let mut cells = Vec::new();
    let interruption = |items: Vec<Html>| html! { <div class="interruption">{ for items }</div> };
    let root = game.node(0);
    if !root.after.is_empty() || !root.unplayed.is_empty() {
        let mut items: Vec<Html> = root.after.iter().map(|c| ctx.comment(c, true)).collect();
        items.extend(root.unplayed.iter().map(|u| ctx.unplayed(u)));
        cells.push(interruption(items));
    }
    // True while a White move sits in a row without its Black reply.
    let mut row_open = false;
    let mut at = 0;
    while let Some(ix) = game.next(at) {
        let node = game.node(ix);
        if !node.before.is_empty() {
            if row_open {
                cells.push(html! { <span class="mv-filler" aria-hidden="true">{ "…" }</span> });
                row_open = false;
            }
            cells.push(interruption(
                node.before.iter().map(|c| ctx.comment(c, true)).collect(),
            ));
        }
        if node.by_white {
            cells.push(html! { <span class="num">{ node.number }</span> });
            cells.push(ctx.move_button(ix));
            row_open = true;
        } else {
            if !row_open {
                cells.push(html! { <span class="num">{ node.number }</span> });
                cells.push(html! { <span class="mv-filler" aria-hidden="true">{ "…" }</span> });
            }
            cells.push(ctx.move_button(ix));
            row_open = false;
        }
        let alternatives = ctx.alternatives(ix);
        if !node.after.is_empty() || !alternatives.is_empty() || !node.unplayed.is_empty() {
            if row_open {
                cells.push(html! { <span class="mv-filler" aria-hidden="true">{ "…" }</span> });
                row_open = false;
            }
            let mut items: Vec<Html> = node.after.iter().map(|c| ctx.comment(c, true)).collect();
            items.extend(node.unplayed.iter().map(|u| ctx.unplayed(u)));
            items.extend(alternatives.iter().map(|&alt| ctx.variation(alt, 1)));
            cells.push(interruption(items));
        }
        at = ix;
    }
    if row_open {
        cells.push(html! { <span class="mv-filler" aria-hidden="true"></span> });
    }
    let result = game.tag("Result").unwrap_or("*").to_owned();
    html! {
        <div class="mainline">
            { for cells }
            <div class="result" aria-label={format!("result {result}")}>{ result }</div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loader::open_first_game;
    use crate::url_state::{node_at, path_of};

    /// How deep elements nest in `html`, and how many move buttons it has
    /// (walked with an explicit stack).
    fn depth_and_moves(html: &Html) -> (usize, usize) {
        let (mut deepest, mut moves) = (0, 0);
        let mut stack = vec![(html, 0)];
        while let Some((node, depth)) = stack.pop() {
            match node {
                Html::VTag(tag) => {
                    deepest = deepest.max(depth + 1);
                    if tag.tag() == "button" {
                        moves += 1;
                    }
                    stack.extend(tag.children().map(|c| (c, depth + 1)));
                }
                Html::VList(list) => stack.extend(list.iter().map(|c| (c, depth))),
                _ => {}
            }
        }
        (deepest, moves)
    }

    fn list_of(game: &ViewGame) -> Html {
        let on_select = Callback::noop();
        mainline(&Ctx { game, on_select: &on_select, notation: Notation::San, on_context: None })
    }

    #[test]
    fn hostile_games_make_shallow_lists_without_deep_calls() {
        // A thread with far less stack than a wasm page has: recursion as
        // deep as the file would overflow it.
        let run = std::thread::Builder::new().stack_size(256 << 10).spawn(|| {
            for bytes in [
                movetext_hostile::deep_variations(10_000),
                movetext_hostile::many_siblings(10_000),
                movetext_hostile::long_game(20_000),
            ] {
                let game = open_first_game(&bytes);
                let html = list_of(&game);
                let (depth, moves) = depth_and_moves(&html);
                assert!(depth <= 8, "elements nest {depth} deep");
                assert_eq!(moves, game.nodes.len() - 1, "every move has its button");
                let deepest = (0..game.nodes.len()).max_by_key(|&ix| {
                    let (mut n, mut at) = (0, ix);
                    while let Some(p) = game.node(at).parent {
                        n += 1;
                        at = p;
                    }
                    n
                });
                let deepest = deepest.unwrap();
                assert_eq!(node_at(&game, &path_of(&game, deepest)), deepest);
            }
        });
        run.unwrap().join().unwrap();
    }

    #[test]
    fn a_flood_of_nags_is_counted_not_drawn() {
        let game = open_first_game(&movetext_hostile::nag_flood(100_000));
        let html = list_of(&game);
        let mut spans = 0;
        let mut texts = Vec::new();
        let mut stack = vec![&html];
        while let Some(node) = stack.pop() {
            match node {
                Html::VTag(tag) => {
                    spans += usize::from(tag.tag() == "span");
                    stack.extend(tag.children());
                }
                Html::VList(list) => stack.extend(list.iter()),
                Html::VText(t) => texts.push(t.text.to_string()),
                _ => {}
            }
        }
        assert!(spans < 40, "{spans} spans");
        assert!(texts.iter().any(|t| t == "+99994"), "{texts:?}");
    }

    #[test]
    fn inline_variations_are_written_in_parentheses() {
        let game = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5 (3. Nf3)) 3. d4) d6) 2. Nf3 *");
        let html = list_of(&game);
        let mut texts = Vec::new();
        let mut stack = vec![&html];
        while let Some(node) = stack.pop() {
            match node {
                Html::VTag(tag) => stack.extend(tag.children()),
                Html::VList(list) => stack.extend(list.iter().rev()),
                Html::VText(t) => texts.push(t.text.to_string()),
                _ => {}
            }
        }
        let text = texts.join(" ");
        assert!(text.contains("( 2... Nf6 3. e5 ( 3. Nf3 ) ) 3. d4"), "{text}");
    }
}
