//! The move list's layout: the game written out as one flat sequence of
//! items (numbers, moves, comments, parentheses), each with the boxes it sits
//! in, and cut into pages. A page can be drawn on its own, so the list draws
//! only the pages in view: a game of 20,000 plies or 10,000 variations costs
//! no more to show than its first screen.
//!
//! Nothing here recurses as deep as the file nests: variations below
//! [`MAX_BLOCK_DEPTH`] are written inline from an explicit stack.

use std::ops::Range;

use crate::game::model::{NodeIx, ViewGame};

/// Variations down to this depth get blocks of their own; deeper ones are
/// written inline in parentheses.
pub const MAX_BLOCK_DEPTH: u32 = 2;

/// Items on a page, about: a page ends at the first place after this many
/// where it may end.
pub const PAGE_ITEMS: usize = 200;

/// One thing in the move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A main-line move number, first cell of a row.
    RowNumber(u32),
    /// An empty main-line cell, with "…" when `dots`.
    Filler {
        /// Shows "…".
        dots: bool,
    },
    /// A move.
    Move(NodeIx),
    /// A move number in a variation (`12.`, or `12...` when `black`).
    Number {
        /// The move's number.
        number: u32,
        /// Black's move.
        black: bool,
    },
    /// Comment `index` before (`before`) or after the move of `node`; a
    /// `block` of its own between main-line moves.
    Comment {
        /// The move it belongs to.
        node: NodeIx,
        /// Before the move (else after it).
        before: bool,
        /// Which of the move's comments.
        index: u32,
        /// A block of its own.
        block: bool,
    },
    /// Kept text `index` after the move of `node`.
    Unplayed {
        /// The move it follows.
        node: NodeIx,
        /// Which of its kept texts.
        index: u32,
    },
    /// Opens an inline variation.
    Open,
    /// Closes an inline variation.
    Close,
}

/// The boxes an item sits in: an interruption of the main line and the
/// variation blocks of depth 1 and 2 (0 for none; ids are unique).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Boxes {
    /// The interruption of the main line.
    pub interruption: u32,
    /// The variation block of depth 1.
    pub block1: u32,
    /// The variation block of depth 2.
    pub block2: u32,
}

impl Boxes {
    /// The id of the box at `level` (0 interruption, 1 and 2 blocks).
    pub fn at(self, level: usize) -> u32 {
        match level {
            0 => self.interruption,
            1 => self.block1,
            _ => self.block2,
        }
    }
}

/// An item in its boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The item.
    pub item: Item,
    /// Where it sits.
    pub boxes: Boxes,
}

/// A variation block: the variation's first move and how many moves it
/// holds (its own and those of the variations inside it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Block {
    /// The node of the variation's first move (0 for an id that is not a block).
    pub start: NodeIx,
    /// The moves inside the block.
    pub moves: u32,
}

/// The whole list, cut into pages.
#[derive(Debug, Default, PartialEq)]
pub struct Layout {
    /// Every item, in order.
    pub items: Vec<Placed>,
    /// The items of each page.
    pub pages: Vec<Range<usize>>,
    /// A guess at each page's height in CSS pixels, until it is measured.
    pub estimates: Vec<f64>,
    /// The variation blocks, by box id (see [`Boxes`]).
    pub blocks: Vec<Block>,
    /// The page of each node's move (0 for the root).
    page_of_node: Vec<u32>,
}

impl Layout {
    /// Lays out a game.
    pub fn of(game: &ViewGame) -> Layout {
        let mut w = Writer { game, items: Vec::new(), next_id: 0, blocks: vec![Block::default()] };
        w.mainline();
        let (items, mut blocks) = (w.items, w.blocks);
        for placed in &items {
            if let Item::Move(_) = placed.item {
                for id in [placed.boxes.block1, placed.boxes.block2] {
                    if id != 0 {
                        blocks[id as usize].moves += 1;
                    }
                }
            }
        }
        let pages = cut_pages(&items);
        let mut page_of_node = vec![0; game.nodes.len()];
        let mut estimates = Vec::with_capacity(pages.len());
        for (p, range) in pages.iter().enumerate() {
            for placed in &items[range.clone()] {
                if let Item::Move(ix) = placed.item {
                    page_of_node[ix] = p as u32;
                }
            }
            estimates.push(estimate(game, &items[range.clone()]));
        }
        Layout { items, pages, estimates, blocks, page_of_node }
    }

    /// The block of box id `id`, if it is a variation block.
    pub fn block(&self, id: u32) -> Option<Block> {
        self.blocks.get(id as usize).copied().filter(|b| b.start != 0)
    }

    /// The page holding the move of node `ix`.
    pub fn page_of(&self, ix: NodeIx) -> usize {
        self.page_of_node.get(ix).map_or(0, |&p| p as usize)
    }
}

/// Where pages end: after about [`PAGE_ITEMS`] items, where the main line
/// begins a row (so its grid keeps its columns) or a box of an interruption
/// begins; inside one very long box, before a move number or a parenthesis,
/// and failing that anywhere in it. A box cut by a page's edge is opened
/// again on the next page.
fn cut_pages(items: &[Placed]) -> Vec<Range<usize>> {
    let mut pages = Vec::new();
    let mut start = 0;
    let mut i = PAGE_ITEMS;
    while i < items.len() {
        let placed = items[i];
        let inside = placed.boxes.interruption != 0;
        let long = i - start;
        let here = matches!(placed.item, Item::RowNumber(_))
            || (inside && placed.boxes != items[i - 1].boxes)
            || (inside && long >= 2 * PAGE_ITEMS && matches!(placed.item, Item::Number { .. } | Item::Open))
            || (inside && long >= 3 * PAGE_ITEMS);
        if here {
            pages.push(start..i);
            start = i;
            i += PAGE_ITEMS;
        } else {
            i += 1;
        }
    }
    pages.push(start..items.len());
    pages
}

/// A guess at the height of a page's items: a main-line row is about 31
/// pixels, text in an interruption about 24 pixels for each 40 characters.
fn estimate(game: &ViewGame, items: &[Placed]) -> f64 {
    let (mut rows, mut chars, mut boxes) = (0usize, 0usize, 0usize);
    let mut last = Boxes::default();
    for placed in items {
        if placed.boxes != last && placed.boxes.interruption != 0 {
            boxes += 1;
            last = placed.boxes;
        }
        chars += match placed.item {
            Item::RowNumber(_) => {
                rows += 1;
                0
            }
            Item::Filler { .. } => 0,
            Item::Move(ix) => game.node(ix).san.len() + 2,
            Item::Number { .. } => 4,
            Item::Comment { node, before, index, .. } => {
                let n = game.node(node);
                let list = if before { &n.before } else { &n.after };
                list[index as usize].len().min(300) + 1
            }
            Item::Unplayed { node, index } => game.node(node).unplayed[index as usize].len().min(2000) + 1,
            Item::Open | Item::Close => 2,
        };
    }
    31.0 * rows as f64 + 24.0 * (chars as f64 / 40.0).ceil() + 12.0 * boxes as f64
}

/// The alternatives to `ix` (its younger siblings), when `ix` is the first
/// child of its parent.
fn alternatives(game: &ViewGame, ix: NodeIx) -> &[NodeIx] {
    match game.node(ix).parent {
        Some(p) if game.node(p).children.first() == Some(&ix) => &game.node(p).children[1..],
        _ => &[],
    }
}

struct Writer<'a> {
    game: &'a ViewGame,
    items: Vec<Placed>,
    next_id: u32,
    /// The variation blocks by id (ids of interruptions left empty).
    blocks: Vec<Block>,
}

impl Writer<'_> {
    fn id(&mut self) -> u32 {
        self.next_id += 1;
        self.blocks.push(Block::default());
        self.next_id
    }

    fn push(&mut self, item: Item, boxes: Boxes) {
        self.items.push(Placed { item, boxes });
    }

    /// Interrupts the main line: closes its open row with a filler and
    /// gives the boxes of a new interruption.
    fn interruption(&mut self, row_open: &mut bool) -> Boxes {
        if std::mem::take(row_open) {
            self.push(Item::Filler { dots: true }, Boxes::default());
        }
        Boxes { interruption: self.id(), ..Boxes::default() }
    }

    /// The main line in rows of move pairs, interrupted by comments, kept
    /// text and variations.
    fn mainline(&mut self) {
        let game = self.game;
        let top = Boxes::default();
        // True while a White move sits in a row without its Black reply.
        let mut row_open = false;
        let root = game.node(0);
        if !root.after.is_empty() || !root.unplayed.is_empty() {
            let boxes = self.interruption(&mut row_open);
            for index in 0..root.after.len() {
                self.push(Item::Comment { node: 0, before: false, index: index as u32, block: true }, boxes);
            }
            for index in 0..root.unplayed.len() {
                self.push(Item::Unplayed { node: 0, index: index as u32 }, boxes);
            }
        }
        let mut at = 0;
        while let Some(ix) = game.next(at) {
            let node = game.node(ix);
            if !node.before.is_empty() {
                let boxes = self.interruption(&mut row_open);
                for index in 0..node.before.len() {
                    self.push(Item::Comment { node: ix, before: true, index: index as u32, block: true }, boxes);
                }
            }
            if node.by_white {
                self.push(Item::RowNumber(node.number), top);
                self.push(Item::Move(ix), top);
                row_open = true;
            } else {
                if !row_open {
                    self.push(Item::RowNumber(node.number), top);
                    self.push(Item::Filler { dots: true }, top);
                }
                self.push(Item::Move(ix), top);
                row_open = false;
            }
            let alternatives = alternatives(game, ix);
            if !node.after.is_empty() || !alternatives.is_empty() || !node.unplayed.is_empty() {
                let boxes = self.interruption(&mut row_open);
                for index in 0..node.after.len() {
                    self.push(Item::Comment { node: ix, before: false, index: index as u32, block: true }, boxes);
                }
                for index in 0..node.unplayed.len() {
                    self.push(Item::Unplayed { node: ix, index: index as u32 }, boxes);
                }
                for &alt in alternatives {
                    self.variation(alt, 1, boxes);
                }
            }
            at = ix;
        }
        if row_open {
            self.push(Item::Filler { dots: false }, top);
        }
    }

    /// A variation starting at `start` as a block of its own at `depth` (at
    /// most [`MAX_BLOCK_DEPTH`], so these calls nest no deeper than that).
    fn variation(&mut self, start: NodeIx, depth: u32, outer: Boxes) {
        let id = self.id();
        self.blocks[id as usize].start = start;
        let boxes = if depth == 1 { Boxes { block1: id, block2: 0, ..outer } } else { Boxes { block2: id, ..outer } };
        self.line(start, depth, boxes);
    }

    /// The line from `start` (a variation at `depth`): its moves, comments
    /// and kept text, and its alternatives, as blocks down to
    /// [`MAX_BLOCK_DEPTH`] and below that inline in parentheses, written
    /// with an explicit stack.
    fn line(&mut self, start: NodeIx, depth: u32, boxes: Boxes) {
        enum Step {
            /// Write the line from a node (the first node of a variation when
            /// `first`), needing a move number first when `number`.
            Line { from: NodeIx, depth: u32, first: bool, number: bool },
            /// Close an inline variation.
            Close,
        }
        let game = self.game;
        let mut steps = vec![Step::Line { from: start, depth, first: true, number: true }];
        while let Some(step) = steps.pop() {
            let (from, depth, first, mut need_number) = match step {
                Step::Close => {
                    self.push(Item::Close, boxes);
                    continue;
                }
                Step::Line { from, depth, first, number } => (from, depth, first, number),
            };
            if first && depth > MAX_BLOCK_DEPTH {
                self.push(Item::Open, boxes);
            }
            let mut at = Some(from);
            while let Some(ix) = at {
                let node = game.node(ix);
                for index in 0..node.before.len() {
                    self.push(Item::Comment { node: ix, before: true, index: index as u32, block: false }, boxes);
                    need_number = true;
                }
                if node.by_white || need_number {
                    self.push(Item::Number { number: node.number, black: !node.by_white }, boxes);
                }
                need_number = false;
                self.push(Item::Move(ix), boxes);
                for index in 0..node.after.len() {
                    self.push(Item::Comment { node: ix, before: false, index: index as u32, block: false }, boxes);
                    need_number = true;
                }
                for index in 0..node.unplayed.len() {
                    self.push(Item::Unplayed { node: ix, index: index as u32 }, boxes);
                    need_number = true;
                }
                let alternatives = if ix == from && first { &[][..] } else { alternatives(game, ix) };
                at = game.next(ix);
                if alternatives.is_empty() {
                    continue;
                }
                if depth < MAX_BLOCK_DEPTH {
                    for &alt in alternatives {
                        self.variation(alt, depth + 1, boxes);
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

/// How far to scroll a list (only the list) so that its shown move is in
/// view with a margin: from the list's and the move's top and bottom on
/// screen; 0 when it is in view.
pub fn scroll_to_show(list: (f64, f64), shown: (f64, f64)) -> f64 {
    const MARGIN: f64 = 24.0;
    if shown.0 < list.0 {
        shown.0 - list.0 - MARGIN
    } else if shown.1 > list.1 {
        shown.1 - list.1 + MARGIN
    } else {
        0.0
    }
}

/// Folds the variation whose first move is `start` (adds it to `folded`),
/// or unfolds it if it was folded.
pub fn toggle_fold(folded: &mut Vec<NodeIx>, start: NodeIx) {
    match folded.iter().position(|&f| f == start) {
        Some(at) => {
            folded.swap_remove(at);
        }
        None => folded.push(start),
    }
}

/// The folded variations (by first move) that hold node `ix`: each first move of a
/// variation (a child that is not its parent's first) on the way to the
/// root that is in `folded`.
pub fn folded_around(game: &ViewGame, ix: NodeIx, folded: &[NodeIx]) -> Vec<NodeIx> {
    let mut out = Vec::new();
    if folded.is_empty() {
        return out;
    }
    let mut at = ix;
    while let Some(parent) = game.nodes.get(at).and_then(|n| n.parent) {
        if game.node(parent).children.first() != Some(&at) && folded.contains(&at) {
            out.push(at);
        }
        at = parent;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_scrolls_only_to_show_its_move() {
        assert_eq!(scroll_to_show((100.0, 400.0), (150.0, 170.0)), 0.0);
        assert_eq!(scroll_to_show((100.0, 400.0), (90.0, 110.0)), -34.0);
        assert_eq!(scroll_to_show((100.0, 400.0), (390.0, 410.0)), 34.0);
    }
    use crate::game::game_source::open_first_game;

    fn moves_in_order(layout: &Layout) -> Vec<NodeIx> {
        layout
            .items
            .iter()
            .filter_map(|p| match p.item {
                Item::Move(ix) => Some(ix),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_short_game_is_one_page() {
        let game = open_first_game(b"1. e4 {best by test} e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 *");
        let layout = Layout::of(&game);
        assert_eq!(layout.pages, vec![0..layout.items.len()]);
        assert_eq!(moves_in_order(&layout).len(), game.nodes.len() - 1);
        // The comment after 1. e4 interrupts the row: 1. e4 …, then 1... e5.
        let kinds: Vec<Item> = layout.items.iter().take(5).map(|p| p.item).collect();
        assert!(
            matches!(
                kinds[..],
                [
                    Item::RowNumber(1),
                    Item::Move(_),
                    Item::Filler { dots: true },
                    Item::Comment { .. },
                    Item::RowNumber(1)
                ]
            ),
            "{kinds:?}"
        );
    }

    #[test]
    fn pages_cover_every_item_once_and_cut_only_where_a_page_may_begin() {
        for bytes in [
            movetext_hostile::long_game(20_000),
            movetext_hostile::many_siblings(10_000),
            movetext_hostile::deep_variations(10_000),
        ] {
            let game = open_first_game(&bytes);
            let layout = Layout::of(&game);
            assert!(layout.pages.len() > 20, "{} pages", layout.pages.len());
            let mut next = 0;
            for page in &layout.pages {
                assert_eq!(page.start, next);
                assert!(page.len() <= PAGE_ITEMS * 3, "a page of {} items", page.len());
                let first = layout.items[page.start];
                assert!(
                    first.boxes.interruption != 0 || matches!(first.item, Item::RowNumber(_) | Item::Comment { .. }),
                    "{first:?}"
                );
                next = page.end;
            }
            assert_eq!(next, layout.items.len());
            assert_eq!(moves_in_order(&layout).len(), game.nodes.len() - 1, "every move once");
            for ix in 1..game.nodes.len() {
                let page = layout.page_of(ix);
                assert!(layout.items[layout.pages[page].clone()].iter().any(|p| p.item == Item::Move(ix)));
            }
            assert!(layout.estimates.iter().all(|&h| h > 0.0));
        }
    }

    #[test]
    fn blocks_nest_two_deep_and_deeper_variations_are_inline() {
        let game = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5 (3. Nf3)) 3. d4) d6) 2. Nf3 *");
        let layout = Layout::of(&game);
        let inside: Vec<(Item, Boxes)> =
            layout.items.iter().filter(|p| p.boxes.interruption != 0).map(|p| (p.item, p.boxes)).collect();
        let block1 = inside[0].1.block1;
        assert!(inside.iter().all(|(_, b)| b.block1 == block1), "one block of depth 1");
        let nested: Vec<Item> = inside.iter().filter(|(_, b)| b.block2 != 0).map(|(i, _)| *i).collect();
        let opens = nested.iter().filter(|i| **i == Item::Open).count();
        let closes = nested.iter().filter(|i| **i == Item::Close).count();
        assert_eq!((opens, closes), (2, 2), "{nested:?}");
    }

    #[test]
    fn each_block_knows_its_first_move_and_counts_its_moves() {
        let game = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5 (3. Nf3)) 3. d4) d6) 2. Nf3 *");
        let layout = Layout::of(&game);
        let first = layout.items.iter().find(|p| p.boxes.block1 != 0).unwrap().boxes.block1;
        let inner = layout.items.iter().find(|p| p.boxes.block2 != 0).unwrap().boxes.block2;
        let outer = layout.block(first).unwrap();
        assert_eq!(game.node(outer.start).san, "c5");
        assert_eq!(outer.moves, 9, "c5 Nf3 d6 and the six inside");
        let nested = layout.block(inner).unwrap();
        assert_eq!(game.node(nested.start).san, "c3");
        assert_eq!(nested.moves, 6);
        let interruption = layout.items.iter().find(|p| p.boxes.interruption != 0).unwrap().boxes.interruption;
        assert_eq!(layout.block(interruption), None);
    }

    #[test]
    fn the_shown_move_finds_the_folded_variations_around_it() {
        let game = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 *");
        let find = |san: &str| (0..game.nodes.len()).find(|&ix| game.node(ix).san == san).unwrap();
        let (c5, c3, d5) = (find("c5"), find("c3"), find("d5"));
        assert_eq!(folded_around(&game, d5, &[c5, c3]), vec![c3, c5]);
        assert_eq!(folded_around(&game, find("d6"), &[c5, c3]), vec![c5]);
        assert!(folded_around(&game, find("e4"), &[c5]).is_empty());
    }
}
