//! The game tree: an arena of nodes (first child = main line), the tags,
//! the comments and NAGs, the start position, and what the reader said.

use std::sync::Arc;

use shakmaty::{
    fen::Fen,
    san::{San, SanPlus, Suffix},
    CastlingMode, Chess, EnPassantMode, Move, Position,
};

use crate::diagnostic::Diagnostic;

/// A node in a game: an index into its arena. The root (the start
/// position) is `NodeId(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root of every game.
    pub const ROOT: NodeId = NodeId(0);
}

pub(crate) const NONE: u32 = u32::MAX;

/// Text held by a game: a range of the text it was read from, or text
/// written by an edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    /// Byte range of the game's source text.
    Src(u32, u32),
    /// Text of its own.
    Own(Box<str>),
}

/// How a comment was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentKind {
    /// `{...}`
    Brace,
    /// `; ...` to the end of the line.
    Line,
}

/// A comment: its text as written (without the braces) and its form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The text between `{` and `}` (or after `;`).
    pub text: Text,
    /// Brace or line comment.
    pub kind: CommentKind,
}

/// A tag pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The name, as written.
    pub name: Text,
    /// The value, escapes resolved.
    pub value: Text,
}

/// What a node holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The start position.
    Root,
    /// A legal move.
    Move(Move),
    /// A null move (`--` or `Z0`): the side to move passes.
    Null,
}

/// A range `(start, len)` into one of the game's side tables.
pub(crate) type Run = (u32, u32);

/// One node of the arena.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    pub(crate) parent: u32,
    pub(crate) first_child: u32,
    pub(crate) next_sibling: u32,
    pub(crate) kind: NodeKind,
    /// The move as written in the source (empty for moves made by edits).
    pub(crate) written: (u32, u32),
    pub(crate) nags: Run,
    pub(crate) before: Run,
    pub(crate) after: Run,
    /// Text after this node that could not be played, kept verbatim.
    pub(crate) tail: (u32, u32),
    /// Variations to this move whose first move could not be played: a
    /// run of the game's table of kept spans.
    pub(crate) alts: Run,
}

impl Node {
    pub(crate) fn new(parent: u32, kind: NodeKind) -> Node {
        Node {
            parent,
            first_child: NONE,
            next_sibling: NONE,
            kind,
            written: (0, 0),
            nags: (0, 0),
            before: (0, 0),
            after: (0, 0),
            tail: (0, 0),
            alts: (0, 0),
        }
    }
}

/// The rules a game is played by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Standard chess.
    Standard,
    /// Chess960 (Fischer random): castling by king and rook squares.
    Chess960,
    /// One of lichess's variants, played by its own rules (with the feature
    /// `variants`; without it such a game is `Unsupported`), from a Chess960
    /// start when `chess960`.
    #[cfg(feature = "variants")]
    Lichess {
        /// Which variant.
        variant: LichessVariant,
        /// Castling as in Chess960 (`Crazyhouse960`, or a Chess960 FEN).
        chess960: bool,
    },
    /// A variant Movetext does not play: its moves are kept as text.
    Unsupported(String),
}

pub use crate::rules::LichessVariant;

/// A game: tags, an arena of moves with comments and NAGs, the start
/// position, the termination marker and the diagnostics of reading it.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) src: Arc<str>,
    pub(crate) offset: usize,
    pub(crate) line: u32,
    pub(crate) raw: Option<Arc<[u8]>>,
    pub(crate) tags: Vec<Tag>,
    pub(crate) nodes: Vec<Node>,
    pub(crate) nags: Vec<u8>,
    pub(crate) comments: Vec<Comment>,
    /// Spans of variations kept as text (see `Node::alts`).
    pub(crate) alt_spans: Vec<(u32, u32)>,
    /// `%` escape lines of the movetext: the node they follow and their
    /// span, in the order of the nodes (see [`Game::escapes`]).
    pub(crate) escapes: Vec<(u32, (u32, u32))>,
    pub(crate) start: Chess,
    /// The start of a game of one of lichess's variants, by its rules
    /// (`start` then holds it as chess can).
    #[cfg(feature = "variants")]
    pub(crate) vstart: Option<Box<shakmaty::variant::VariantPosition>>,
    pub(crate) variant: Variant,
    pub(crate) result: Option<Text>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) edited: bool,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// An empty game from the standard start position.
    pub fn new() -> Game {
        Game {
            src: Arc::from(""),
            offset: 0,
            line: 1,
            raw: None,
            tags: Vec::new(),
            nodes: vec![Node::new(NONE, NodeKind::Root)],
            nags: Vec::new(),
            comments: Vec::new(),
            alt_spans: Vec::new(),
            escapes: Vec::new(),
            start: Chess::default(),
            #[cfg(feature = "variants")]
            vstart: None,
            variant: Variant::Standard,
            result: None,
            diagnostics: Vec::new(),
            edited: false,
        }
    }

    pub(crate) fn text<'a>(&'a self, t: &'a Text) -> &'a str {
        match t {
            Text::Src(s, e) => self.src.get(*s as usize..*e as usize).unwrap_or(""),
            Text::Own(s) => s,
        }
    }

    pub(crate) fn span(&self, s: (u32, u32)) -> &str {
        self.src.get(s.0 as usize..s.1 as usize).unwrap_or("")
    }

    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    /// Is `id` a node of this game (still attached to the tree)?
    pub fn contains(&self, id: NodeId) -> bool {
        let mut cur = id.0;
        let mut steps = 0usize;
        loop {
            let Some(n) = self.nodes.get(cur as usize) else { return false };
            if cur == 0 {
                return true;
            }
            let p = n.parent;
            if p == NONE || steps > self.nodes.len() {
                return false;
            }
            let Some(pn) = self.nodes.get(p as usize) else { return false };
            // Check that the parent still lists this node as a child.
            let mut c = pn.first_child;
            let mut found = false;
            while c != NONE {
                if c == cur {
                    found = true;
                    break;
                }
                c = self.nodes[c as usize].next_sibling;
            }
            if !found {
                return false;
            }
            cur = p;
            steps += 1;
        }
    }

    // ----- tags -----

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| self.text(&t.name) == name).map(|t| self.text(&t.value))
    }

    /// All tags in the order they were read (or set).
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.tags.iter().map(|t| (self.text(&t.name), self.text(&t.value)))
    }

    /// The termination marker: as written, else the Result tag, else `*`.
    pub fn result(&self) -> &str {
        if let Some(r) = &self.result {
            return self.text(r);
        }
        match self.tag("Result") {
            Some(r @ ("1-0" | "0-1" | "1/2-1/2" | "*")) => r,
            _ => "*",
        }
    }

    /// The rules this game is played by.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// How castling is written: standard or Chess960.
    pub fn castling_mode(&self) -> CastlingMode {
        #[cfg(feature = "variants")]
        let chess960 = matches!(self.variant, Variant::Chess960 | Variant::Lichess { chess960: true, .. });
        #[cfg(not(feature = "variants"))]
        let chess960 = self.variant == Variant::Chess960;
        if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    // ----- tree -----

    /// The root: the start position.
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// The parent of a node (`None` for the root).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        let p = self.node(id).parent;
        (p != NONE).then_some(NodeId(p))
    }

    /// The children of a node: the first continues the line, the others are
    /// variations, in order.
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children { game: self, next: self.node(id).first_child }
    }

    /// The main-line continuation of a node.
    pub fn main_child(&self, id: NodeId) -> Option<NodeId> {
        let c = self.node(id).first_child;
        (c != NONE).then_some(NodeId(c))
    }

    /// The next sibling (the next variation) of a node.
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        let c = self.node(id).next_sibling;
        (c != NONE).then_some(NodeId(c))
    }

    /// The nodes of the main line after the root, in order.
    pub fn mainline(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut cur = self.main_child(NodeId::ROOT);
        while let Some(c) = cur {
            out.push(c);
            cur = self.main_child(c);
        }
        out
    }

    /// The number of moves (plies) in the main line.
    pub fn mainline_plies(&self) -> usize {
        let mut n = 0;
        let mut cur = self.node(NodeId::ROOT).first_child;
        while cur != NONE {
            n += 1;
            cur = self.nodes[cur as usize].first_child;
        }
        n
    }

    /// The number of moves in the whole tree, variations included.
    pub fn node_count(&self) -> usize {
        // The tree is walked by its own links (down to a first child, on to
        // a next sibling, back up by parents): nothing to allocate.
        let mut n = 0;
        let mut cur = self.node(NodeId::ROOT).first_child;
        while cur != NONE {
            n += 1;
            let node = &self.nodes[cur as usize];
            if node.first_child != NONE {
                cur = node.first_child;
                continue;
            }
            let mut up = node;
            cur = loop {
                if up.next_sibling != NONE {
                    break up.next_sibling;
                }
                if up.parent == NodeId::ROOT.0 || up.parent == NONE {
                    break NONE;
                }
                up = &self.nodes[up.parent as usize];
            };
        }
        n
    }

    /// The path from the root's first move to `id`.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut cur = id;
        while let Some(p) = self.parent(cur) {
            path.push(cur);
            cur = p;
        }
        path.reverse();
        path
    }

    /// How many moves `id` is from the root.
    pub fn ply(&self, id: NodeId) -> usize {
        let mut n = 0;
        let mut cur = id;
        while let Some(p) = self.parent(cur) {
            n += 1;
            cur = p;
        }
        n
    }

    /// Is `id` on the main line?
    pub fn is_mainline(&self, id: NodeId) -> bool {
        let mut cur = id;
        while let Some(p) = self.parent(cur) {
            if self.node(p).first_child != cur.0 {
                return false;
            }
            cur = p;
        }
        true
    }

    /// What the node holds.
    pub fn kind(&self, id: NodeId) -> NodeKind {
        self.node(id).kind
    }

    /// The move that leads to this node (`None` for the root and null moves).
    pub fn mv(&self, id: NodeId) -> Option<Move> {
        match self.node(id).kind {
            NodeKind::Move(m) => Some(m),
            _ => None,
        }
    }

    /// The move as it was written in the file (empty for moves made by edits).
    pub fn written_san(&self, id: NodeId) -> &str {
        self.span(self.node(id).written)
    }

    /// The NAGs of a node, in order.
    pub fn nags(&self, id: NodeId) -> &[u8] {
        let (s, l) = self.node(id).nags;
        &self.nags[s as usize..(s + l) as usize]
    }

    fn comment_run(&self, run: Run) -> impl Iterator<Item = &Comment> + '_ {
        self.comments[run.0 as usize..(run.0 + run.1) as usize].iter()
    }

    /// The comments written before the move, with their original text.
    pub fn comments_before(&self, id: NodeId) -> impl Iterator<Item = &str> + '_ {
        self.comment_run(self.node(id).before).map(|c| self.text(&c.text))
    }

    /// The comments written after the move (for the root: before the first
    /// move), with their original text.
    pub fn comments_after(&self, id: NodeId) -> impl Iterator<Item = &str> + '_ {
        self.comment_run(self.node(id).after).map(|c| self.text(&c.text))
    }

    pub(crate) fn comments_raw(&self, run: Run) -> &[Comment] {
        &self.comments[run.0 as usize..(run.0 + run.1) as usize]
    }

    /// Text after this node that could not be played, kept as written.
    pub fn unplayed(&self, id: NodeId) -> Option<&str> {
        let t = self.node(id).tail;
        (t.1 > t.0).then(|| self.span(t))
    }

    /// Variations to this move that could not be played from their first
    /// move, kept as written (without their parentheses).
    pub fn unplayed_variations(&self, id: NodeId) -> impl Iterator<Item = &str> + '_ {
        let (s, l) = self.node(id).alts;
        self.alt_spans[s as usize..(s + l) as usize].iter().map(|sp| self.span(*sp))
    }

    /// The `%` escape lines written after this node's move (for the root:
    /// before the first move), verbatim, in file order.
    pub fn escapes(&self, id: NodeId) -> impl Iterator<Item = &str> + '_ {
        let from = self.escapes.partition_point(|e| e.0 < id.0);
        self.escapes[from..].iter().take_while(move |e| e.0 == id.0).map(|e| self.span(e.1))
    }

    // ----- positions -----

    /// The start position.
    pub fn start_position(&self) -> &Chess {
        &self.start
    }

    /// The position at a node (after its move). In a game of one of
    /// lichess's variants, its board as chess holds it (see
    /// [`crate::rules::as_chess`]); [`Game::any_position`] plays it by the
    /// variant's rules.
    pub fn position(&self, id: NodeId) -> Chess {
        #[cfg(feature = "variants")]
        if self.vstart.is_some() {
            return crate::rules::as_chess(&self.position_in::<shakmaty::variant::VariantPosition>(id));
        }
        self.position_in::<Chess>(id)
    }

    /// The position at a node played by rules `P` (the game's own).
    pub(crate) fn position_in<P: crate::rules::Played>(&self, id: NodeId) -> P {
        let mut pos = P::start_from(
            &self.start,
            #[cfg(feature = "variants")]
            self.vstart.as_deref(),
        );
        for n in self.path(id) {
            play_kind(&mut pos, self.node(n).kind);
        }
        pos
    }

    /// The position at a node by the game's own rules (a variant's pockets
    /// and checks included).
    #[allow(clippy::useless_conversion)] // the same type without the feature `variants`
    pub fn any_position(&self, id: NodeId) -> crate::rules::AnyPosition {
        #[cfg(feature = "variants")]
        if self.vstart.is_some() {
            return self.position_in(id);
        }
        self.position_in::<Chess>(id).into()
    }

    /// The start position by the game's own rules.
    #[allow(clippy::useless_conversion)] // the same type without the feature `variants`
    pub fn any_start(&self) -> crate::rules::AnyPosition {
        #[cfg(feature = "variants")]
        if let Some(v) = &self.vstart {
            return (**v).clone();
        }
        self.start.clone().into()
    }

    /// Whether the game is played by one of lichess's variants' rules (its
    /// positions then given by [`Game::any_position`]).
    pub fn plays_variant(&self) -> bool {
        #[cfg(feature = "variants")]
        return self.vstart.is_some();
        #[cfg(not(feature = "variants"))]
        false
    }

    /// The FEN of the position at a node.
    pub fn fen(&self, id: NodeId) -> String {
        if let (Variant::Unsupported(_), Some(fen), true) = (&self.variant, self.tag("FEN"), id == self.root()) {
            // A variant's start as its FEN tag gives it, whether or not
            // chess can hold the position.
            return fen.trim().to_string();
        }
        #[cfg(feature = "variants")]
        if self.vstart.is_some() {
            let pos = self.position_in::<shakmaty::variant::VariantPosition>(id);
            return Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        }
        Game::fen_of(&self.position(id))
    }

    /// The FEN of a position (not a variant's start: see [`Game::fen`]).
    pub(crate) fn fen_of(pos: &Chess) -> String {
        Fen::from_position(pos, EnPassantMode::Legal).to_string()
    }

    /// The canonical SAN of the move at a node (with `+` or `#`); `--` for a
    /// null move, empty for the root.
    pub fn san(&self, id: NodeId) -> String {
        match self.parent(id) {
            None => String::new(),
            #[cfg(feature = "variants")]
            Some(p) if self.vstart.is_some() => {
                san_of(&self.position_in::<shakmaty::variant::VariantPosition>(p), self.node(id).kind)
            }
            Some(p) => san_of(&self.position(p), self.node(id).kind),
        }
    }

    /// The move number and side of a node's move: (fullmove number, white to move before it).
    pub fn move_number(&self, id: NodeId) -> (u32, bool) {
        let plies = self.ply(id) as u32;
        let start_full = self.start.fullmoves().get();
        let white_first = self.start.turn().is_white();
        let offset = if white_first { 0 } else { 1 };
        let idx = plies.saturating_sub(1) + offset;
        (start_full + idx / 2, idx.is_multiple_of(2))
    }

    // ----- reading facts -----

    /// What the reader repaired or could not understand.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Does any diagnostic have severity error?
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == crate::Severity::Error)
    }

    /// Was the game changed since it was read?
    pub fn is_edited(&self) -> bool {
        self.edited
    }

    /// The bytes this game was read from, as they were (`None` for a game
    /// that was not read from a file).
    pub fn original_bytes(&self) -> Option<&[u8]> {
        if let Some(raw) = &self.raw {
            return Some(raw);
        }
        if self.src.is_empty() {
            None
        } else {
            Some(self.src.as_bytes())
        }
    }

    /// Byte offset of this game in its file, and the 1-based line it starts on.
    pub fn location(&self) -> (usize, u32) {
        (self.offset, self.line)
    }

    /// Heap bytes this game holds (its text, arena and side tables).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        let own = |t: &Text| match t {
            Text::Own(s) => s.len(),
            Text::Src(..) => 0,
        };
        self.src.len()
            + self.raw.as_ref().map_or(0, |r| r.len())
            + self.nodes.capacity() * size_of::<Node>()
            + self.nags.capacity()
            + self.comments.capacity() * size_of::<Comment>()
            + self.comments.iter().map(|c| own(&c.text)).sum::<usize>()
            + self.tags.capacity() * size_of::<Tag>()
            + self.tags.iter().map(|t| own(&t.name) + own(&t.value)).sum::<usize>()
            + self.escapes.capacity() * size_of::<(u32, (u32, u32))>()
            + self
                .diagnostics
                .iter()
                .map(|d| {
                    size_of::<Diagnostic>()
                        + d.message.len()
                        + d.args.iter().map(|a| size_of_val(a) + a.1.len()).sum::<usize>()
                })
                .sum::<usize>()
    }
}

/// Iterator over the children of a node.
pub struct Children<'a> {
    game: &'a Game,
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        if self.next == NONE {
            return None;
        }
        let id = self.next;
        self.next = self.game.nodes[id as usize].next_sibling;
        Some(NodeId(id))
    }
}

/// Plays what a node holds on a position (null moves pass the turn).
pub(crate) fn play_kind<P: crate::rules::Played>(pos: &mut P, kind: NodeKind) {
    match kind {
        NodeKind::Root => {}
        NodeKind::Move(m) => pos.play_unchecked(m),
        NodeKind::Null => {
            if let Some(p) = null_move(pos) {
                *pos = p;
            }
        }
    }
}

pub(crate) use crate::rules::null_move;

pub(crate) fn san_of<P: crate::rules::Played>(pos: &P, kind: NodeKind) -> String {
    match kind {
        NodeKind::Root => String::new(),
        NodeKind::Move(m) => SanPlus::from_move(pos.clone(), m).to_string(),
        NodeKind::Null => {
            let mut s = San::Null.to_string();
            if let Some(p) = null_move(pos) {
                if let Some(sfx) = Suffix::from_position(&p) {
                    s.push(sfx.char());
                }
            }
            s
        }
    }
}
