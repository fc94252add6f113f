//! The game as the viewer shows it: every node with its SAN, position, FEN,
//! highlights, comments and clock, computed once when a game is opened.
//!
//! A [`ViewGame`] is built from any [`GameSource`], the narrow interface the
//! viewer needs from a reader's game tree.

use std::rc::Rc;

use movetext_core::rules::AnyPosition;
use movetext_core::shakmaty::{
    fen::Fen, san::SanPlus, Board, CastlingSide, Color, EnPassantMode, Move, Position, Square,
};

use movetext_core::{Diagnostic, NodeId};

use crate::text::comment_commands::split_comment;
use movetext_core::commands::{Arrow, Eval, SquareMark};

/// What a node of a source game holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The start position.
    Root,
    /// A move.
    Move(Move),
    /// A null move: the side to move passes.
    Null,
}

/// A game tree as read by a PGN reader: what the viewer needs from it.
pub trait GameSource {
    /// The reader's node handle.
    type Id: Copy;
    /// The root node (the start position).
    fn root(&self) -> Self::Id;
    /// A number that names the node in the source game (stable across edits).
    fn key(&self, id: Self::Id) -> NodeId;
    /// The children of a node; the first one continues the main line.
    fn children(&self, id: Self::Id) -> Vec<Self::Id>;
    /// What the node holds.
    fn step(&self, id: Self::Id) -> Step;
    /// The position before the first move.
    fn start(&self) -> AnyPosition;
    /// Tag pairs in file order.
    fn tags(&self) -> Vec<(String, String)>;
    /// NAGs of a node.
    fn nags(&self, id: Self::Id) -> Vec<u8>;
    /// Comments written before the move of a node.
    fn comments_before(&self, id: Self::Id) -> Vec<String>;
    /// Comments written after the move of a node (for the root: before the first move).
    fn comments_after(&self, id: Self::Id) -> Vec<String>;
    /// What the reader repaired or could not read.
    fn diagnostics(&self) -> Vec<Diagnostic>;
    /// Text after a node that could not be read as moves, kept as written:
    /// the rest of its line, then variations whose first move failed.
    fn unplayed(&self, id: Self::Id) -> Vec<String>;
    /// The pieces and FEN to show before the first move instead of
    /// [`GameSource::start`]'s, for a variant whose start is not a position
    /// of chess (none by default).
    fn start_shown(&self) -> Option<(Board, String)> {
        None
    }

    /// How many nodes the game holds, the root included, or a guess at it
    /// (room for them is taken at once rather than by growing; none by
    /// default).
    fn size_hint(&self) -> usize {
        0
    }
}

/// A shared [`ViewGame`]; two handles are equal when they hold the same game.
#[derive(Clone, Debug)]
pub struct SharedGame(pub Rc<ViewGame>);

impl PartialEq for SharedGame {
    fn eq(&self, other: &SharedGame) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for SharedGame {
    type Target = ViewGame;
    fn deref(&self) -> &ViewGame {
        &self.0
    }
}

/// Index of a node in a [`ViewGame`]; the root is 0.
pub type NodeIx = usize;

/// One node of a [`ViewGame`].
#[derive(Clone, Debug, PartialEq)]
pub struct ViewNode {
    /// The node's number in the source game ([`GameSource::key`]).
    pub key: NodeId,
    /// The move (none for the root and null moves).
    pub mv: Option<Move>,
    /// Long algebraic form of the move, e.g. `Ng1-f3`, `e7xd8=Q+`.
    pub lan: String,
    /// The node before this one.
    pub parent: Option<NodeIx>,
    /// The continuations; the first one is the main line from here.
    pub children: Vec<NodeIx>,
    /// Canonical SAN of the move; empty for the root, `--` for a null move.
    pub san: String,
    /// Full-move number of the move.
    pub number: u32,
    /// Whether White made the move (for the root: whether White moves first).
    pub by_white: bool,
    /// How many times the path from the root leaves the main line.
    pub depth: u32,
    /// NAGs of the move.
    pub nags: Vec<u8>,
    /// Comments written before the move, commands stripped, empty ones left out.
    pub before: Vec<String>,
    /// Comments written after the move, commands stripped, empty ones left out.
    pub after: Vec<String>,
    /// The position after the move (its FEN is written when asked for:
    /// [`ViewNode::fen`]).
    pub pos: AnyPosition,
    /// Pieces and FEN shown instead of `pos`'s (the start of a variant that
    /// is not played, [`GameSource::start_shown`]).
    pub shown: Option<Box<(Board, String)>>,
    /// Squares the move went from and to (the king's squares for castling).
    pub last_move: Option<(Square, Square)>,
    /// Square of the king in check after the move.
    pub check: Option<Square>,
    /// `[%clk]` after the move, in tenths of a second.
    pub clock: Option<u32>,
    /// `[%eval]` after the move.
    pub eval: Option<Eval>,
    /// `[%emt]` after the move (the time it took), in tenths of a second.
    pub emt: Option<u32>,
    /// `[%cal]` arrows after the move.
    pub arrows: Vec<Arrow>,
    /// `[%csl]` squares after the move.
    pub marks: Vec<SquareMark>,
    /// Text after the move that could not be read as moves, kept as written.
    pub unplayed: Vec<String>,
}

impl ViewNode {
    /// The pieces after the move.
    pub fn board(&self) -> &Board {
        match &self.shown {
            Some(shown) => &shown.0,
            None => self.pos.board(),
        }
    }

    /// The side to move after the move.
    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// FEN of the position after the move.
    pub fn fen(&self) -> String {
        match &self.shown {
            Some(shown) => shown.1.clone(),
            None => Fen::from_position(&self.pos, EnPassantMode::Legal).to_string(),
        }
    }
}

/// The most characters of a tag's value that the page shows: a value of a
/// megabyte (an event's name, in a hostile file) took the browser 300 ms to
/// lay out in the game list. The whole value is kept, edited and exported.
pub const SHOWN_TAG_CHARS: usize = 200;

/// The first [`SHOWN_TAG_CHARS`] characters of `text`.
pub fn shown_part(text: &str) -> &str {
    match text.char_indices().nth(SHOWN_TAG_CHARS) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}

/// A game ready to be shown.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// All nodes; index 0 is the start position.
    pub nodes: Vec<ViewNode>,
    /// What the reader reported.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether any node has an `[%eval]`.
    pub has_eval: bool,
}

impl ViewGame {
    /// Computes the view of a source game.
    pub fn build<S: GameSource>(src: &S) -> ViewGame {
        let mut builder = ViewBuilder::new(src);
        builder.step(src, &mut || false);
        builder.finish(src)
    }

    /// The value of a tag as it is shown, if present and not empty: at most
    /// its first [`SHOWN_TAG_CHARS`] characters (the whole value is in
    /// [`ViewGame::tags`]).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| shown_part(v))
            .filter(|v| !v.trim().is_empty())
    }

    /// The node at an index.
    pub fn node(&self, ix: NodeIx) -> &ViewNode {
        &self.nodes[ix]
    }

    /// The main-line continuation of a node, if any.
    pub fn next(&self, ix: NodeIx) -> Option<NodeIx> {
        self.nodes[ix].children.first().copied()
    }

    /// The main line: the start (index 0) and every main-line move.
    pub fn main_line(&self) -> Vec<NodeIx> {
        let mut line = vec![0];
        while let Some(next) = self.next(*line.last().unwrap_or(&0)) {
            line.push(next);
        }
        line
    }

    /// The last node reached by following the main line from `ix`.
    pub fn line_end(&self, mut ix: NodeIx) -> NodeIx {
        while let Some(next) = self.next(ix) {
            ix = next;
        }
        ix
    }

    /// Is the node on the main line?
    pub fn is_mainline(&self, ix: NodeIx) -> bool {
        self.nodes[ix].depth == 0
    }

    /// The last `[%clk]` of a side on the way to `ix`.
    pub fn clock_at(&self, ix: NodeIx, side: Color) -> Option<u32> {
        let mut at = Some(ix);
        while let Some(i) = at {
            let node = &self.nodes[i];
            if i != 0 && node.by_white == side.is_white() && node.clock.is_some() {
                return node.clock;
            }
            at = node.parent;
        }
        None
    }

    /// The last `[%eval]` on the way to `ix`.
    pub fn eval_at(&self, ix: NodeIx) -> Option<Eval> {
        let mut at = Some(ix);
        while let Some(i) = at {
            if let Some(e) = self.nodes[i].eval {
                return Some(e);
            }
            at = self.nodes[i].parent;
        }
        None
    }

    /// The move text of a node with its number, e.g. `12. O-O-O` or `12... Rd8`.
    pub fn numbered_san(&self, ix: NodeIx) -> String {
        let n = &self.nodes[ix];
        if ix == 0 {
            return String::new();
        }
        let dots = if n.by_white { "." } else { "..." };
        format!("{}{} {}", n.number, dots, n.san)
    }
}

/// A [`ViewGame`] being built a part at a time: [`ViewBuilder::step`] until
/// it says done, then [`ViewBuilder::finish`], with the same source each time.
pub struct ViewBuilder<S: GameSource> {
    nodes: Vec<ViewNode>,
    /// Nodes whose children are still to build, depth first, in order:
    /// (source id, view index, position).
    pending: Vec<(S::Id, NodeIx, AnyPosition)>,
    has_eval: bool,
}

/// How many nodes are built between two looks at the clock.
const NODES_BETWEEN_CHECKS: usize = 32;

impl<S: GameSource> ViewBuilder<S> {
    /// Starts the view of `src` with its root.
    pub fn new(src: &S) -> Self {
        let start = src.start();
        let root = src.root();
        // Growing a vector of 20,000 nodes copies megabytes at a time: one
        // such copy alone made a slice take 25 ms.
        let mut nodes = Vec::with_capacity(src.size_hint().max(1));
        nodes.push(make_node(src, root, None, 0, Step::Root, &start, None));
        nodes[0].shown = src.start_shown().map(Box::new);
        ViewBuilder { nodes, pending: vec![(root, 0, start)], has_eval: false }
    }

    /// Builds more nodes, until all are built (`true`) or `stop` (asked
    /// every few nodes) says to stop for now (`false`).
    pub fn step(&mut self, src: &S, stop: &mut dyn FnMut() -> bool) -> bool {
        let mut built = 0;
        while let Some((id, ix, pos)) = self.pending.pop() {
            let kids = src.children(id);
            let mut made = Vec::with_capacity(kids.len());
            for (rank, kid) in kids.into_iter().enumerate() {
                let step = src.step(kid);
                let Some((after, san, last)) = play(&pos, &step) else {
                    continue;
                };
                let lan = match &step {
                    Step::Move(m) => long_algebraic(m, &san),
                    _ => san.clone(),
                };
                let depth = self.nodes[ix].depth + u32::from(rank > 0);
                let mv = match &step {
                    Step::Move(m) => Some(*m),
                    _ => None,
                };
                let mut node = make_node(src, kid, Some(ix), depth, step, &after, last);
                node.san = san;
                node.lan = lan;
                node.mv = mv;
                let (number, by_white) = move_number(&pos);
                node.number = number;
                node.by_white = by_white;
                self.has_eval |= node.eval.is_some();
                self.nodes.push(node);
                made.push((kid, self.nodes.len() - 1, after));
            }
            built += made.len() + 1;
            self.nodes[ix].children = made.iter().map(|(_, k, _)| *k).collect();
            self.pending.extend(made.into_iter().rev());
            if built >= NODES_BETWEEN_CHECKS {
                built = 0;
                if !self.pending.is_empty() && stop() {
                    return false;
                }
            }
        }
        true
    }

    /// The view, with the nodes not yet built built now.
    pub fn finish(mut self, src: &S) -> ViewGame {
        self.step(src, &mut || false);
        ViewGame { tags: src.tags(), nodes: self.nodes, diagnostics: src.diagnostics(), has_eval: self.has_eval }
    }
}

fn make_node<S: GameSource>(
    src: &S,
    id: S::Id,
    parent: Option<NodeIx>,
    depth: u32,
    step: Step,
    pos: &AnyPosition,
    last_move: Option<(Square, Square)>,
) -> ViewNode {
    let mut clock = None;
    let mut eval = None;
    let mut emt = None;
    let mut arrows = Vec::new();
    let mut marks = Vec::new();
    let mut after = Vec::new();
    for comment in src.comments_after(id) {
        let parts = split_comment(&comment);
        clock = parts.clock.or(clock);
        eval = parts.eval.or(eval);
        emt = parts.emt.or(emt);
        arrows.extend(parts.arrows);
        marks.extend(parts.marks);
        if !parts.text.is_empty() {
            after.push(parts.text);
        }
    }
    let before = src.comments_before(id).iter().map(|c| split_comment(c).text).filter(|t| !t.is_empty()).collect();
    let (number, by_white) = match step {
        Step::Root => (pos.fullmoves().get(), pos.turn().is_white()),
        _ => (0, false),
    };
    ViewNode {
        key: src.key(id),
        mv: None,
        lan: String::new(),
        parent,
        children: Vec::new(),
        san: String::new(),
        number,
        by_white,
        depth,
        nags: src.nags(id),
        before,
        after,
        pos: pos.clone(),
        shown: None,
        last_move,
        check: if pos.is_check() { pos.board().king_of(pos.turn()) } else { None },
        clock,
        eval,
        emt,
        arrows,
        marks,
        unplayed: src.unplayed(id),
    }
}

/// Full-move number and side of the move made from `pos`.
fn move_number(pos: &AnyPosition) -> (u32, bool) {
    (pos.fullmoves().get(), pos.turn().is_white())
}

/// Plays a step: the position after it, its SAN and the squares to highlight.
/// A played step: the position after it, its SAN, and the squares to highlight.
type Played = (AnyPosition, String, Option<(Square, Square)>);

fn play(pos: &AnyPosition, step: &Step) -> Option<Played> {
    match step {
        Step::Root => None,
        Step::Move(m) => {
            if !pos.is_legal(*m) {
                return None;
            }
            let mut after = pos.clone();
            let san = SanPlus::from_move_and_play_unchecked(&mut after, *m).to_string();
            Some((after, san, Some(highlight(m, pos.turn()))))
        }
        Step::Null => {
            let after = pos.clone().swap_turn().ok()?;
            Some((after, "--".to_owned(), None))
        }
    }
}

/// Long algebraic notation: piece letter, from square, `-` or `x`, to
/// square, promotion and check marks taken from the SAN (`O-O` stays).
pub fn long_algebraic(m: &Move, san: &str) -> String {
    if matches!(m, Move::Castle { .. }) {
        return san.to_owned();
    }
    let Some(from) = m.from() else { return san.to_owned() };
    let piece = match m.role() {
        movetext_core::shakmaty::Role::Pawn => String::new(),
        role => role.upper_char().to_string(),
    };
    let sep = if m.is_capture() { 'x' } else { '-' };
    let promotion = m.promotion().map(|r| format!("={}", r.upper_char())).unwrap_or_default();
    let suffix: String = san.chars().rev().take_while(|c| matches!(c, '+' | '#')).collect();
    format!("{piece}{from}{sep}{}{promotion}{suffix}", m.to())
}

impl ViewGame {
    /// The view index of the node with this source key.
    pub fn by_key(&self, key: NodeId) -> Option<NodeIx> {
        self.nodes.iter().position(|n| n.key == key)
    }
}

/// The squares that show where a move went (for castling, the king's squares).
fn highlight(m: &Move, turn: Color) -> (Square, Square) {
    match *m {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            (king, side.king_to(turn))
        }
        _ => (m.from().unwrap_or(m.to()), m.to()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::game_source::open_first_game;

    #[test]
    fn built_in_parts_as_at_once() {
        let text = movetext_hostile::deep_variations(300);
        let game = movetext_core::read_game(&text);
        let whole = ViewGame::build(&game);
        let mut builder = ViewBuilder::new(&game);
        let mut parts = 1;
        while !builder.step(&game, &mut || true) {
            parts += 1;
        }
        assert!(parts > 10, "{parts} parts");
        assert_eq!(builder.finish(&game), whole);
        assert!(whole.nodes.len() > 300);
    }

    #[test]
    fn a_tag_is_shown_in_part_and_kept_whole() {
        let site = "ü".repeat(SHOWN_TAG_CHARS + 1);
        let g = open_first_game(format!("[Site \"{site}\"]\n[White \"A\"]\n\n1. e4 *").as_bytes());
        assert_eq!(g.tag("Site"), Some("ü".repeat(SHOWN_TAG_CHARS).as_str()));
        assert_eq!(g.tag("White"), Some("A"));
        assert!(g.tags.iter().any(|(n, v)| n == "Site" && *v == site), "kept whole");
    }

    #[test]
    fn tree_positions_and_numbers() {
        let g = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 {[%clk 0:01:00]} *");
        assert_eq!(g.nodes.len(), 8);
        let e4 = g.next(0).unwrap();
        assert_eq!(g.node(e4).san, "e4");
        assert_eq!(g.node(e4).children.len(), 2);
        let c5 = g.node(e4).children[1];
        assert_eq!(g.numbered_san(c5), "1... c5");
        assert_eq!(g.node(c5).depth, 1);
        let nf3 = g.next(c5).unwrap();
        let c3 = g.node(nf3).parent.map(|p| g.node(p).children[1]).unwrap();
        assert_eq!(g.node(c3).san, "c3");
        assert_eq!(g.node(c3).depth, 2);
        let end = g.line_end(0);
        assert_eq!(g.node(end).san, "Nf3");
        assert_eq!(g.clock_at(end, Color::White), Some(600));
        assert_eq!(g.clock_at(end, Color::Black), None);
        assert_eq!(g.node(end).fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    }

    #[test]
    fn castling_highlight_and_check() {
        let g = open_first_game(b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Bxf7+ *");
        let mut path = vec![g.line_end(0)];
        while let Some(p) = g.node(path[0]).parent.filter(|&p| p != 0) {
            path.insert(0, p);
        }
        let castle = g.node(path[6]);
        assert_eq!(castle.last_move, Some((Square::E1, Square::G1)));
        let check = g.node(path[8]);
        assert_eq!(check.san, "Bxf7+");
        assert_eq!(check.check, Some(Square::E8));
    }
}
