//! Editing operations on games: pure, undoable.
//!
//! Every operation takes a game and returns a new one; the game passed in is
//! left as it was (a game shares its source text, so a copy is cheap). A game
//! that an operation changed is marked edited ([`Game::is_edited`]); an
//! operation that changes nothing returns an unmarked copy.
//!
//! Node ids stay valid across edits: nodes are never renumbered. Deleting
//! unlinks a subtree and leaves its arena slots unused, so an id of a
//! deleted move is simply no longer part of the game ([`Game::contains`]).
//!
//! The edits keep a game equal to what its export reads back as:
//!
//! - A comment before a move can only be written where the export can tell
//!   it apart from the comment after the previous move: before the first
//!   move of a variation, or before a move that follows variations. Elsewhere
//!   [`set_comment_before`] refuses, and when deleting or promoting moves a
//!   comment into such a place, it joins the comments after the previous move
//!   (the game comment for the first move), just as the text reads.
//! - Text after a move that could not be played (see [`Game::unplayed`])
//!   becomes a variation kept as text when a move is entered after it.
//! - The tags FEN, SetUp and Variant follow the start position: they are set
//!   by [`new_game_from_fen`] and cannot be edited on their own.
//!
//! [`Editor`] keeps a game with undo and redo.

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

use shakmaty::{
    fen::{Fen, ParseFenError},
    uci::UciMove,
    CastlingMode, Chess, EnPassantMode, Move, PositionErrorKinds,
};

use crate::commands;
use crate::export::tidy;
use crate::game::{Comment, CommentKind, Game, Node, NodeId, NodeKind, Tag, Text, Variant, NONE};
use crate::movetext::{self, LaxMove, Resolved, Token};
use crate::rules::Played;

// ---------------------------------------------------------------------------
// Errors

/// Why an edit cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The node is not (or no longer) part of the game.
    NoSuchNode(NodeId),
    /// The text given is not a move at all.
    NotAMove(String),
    /// The move cannot be played in the position: the whole explanation.
    IllegalMove(String),
    /// The game is of a variant whose moves Movetext does not play.
    UnsupportedVariant(String),
    /// The start position cannot be deleted.
    DeleteRoot,
    /// A comment before this move would read back as the comment after the
    /// previous move (or as the game comment).
    NoCommentBefore,
    /// A `[%cmd]` that would not read back as one command.
    InvalidCommand(String),
    /// A tag name with characters other than letters, digits and `_`.
    InvalidTagName(String),
    /// A tag value with a line break or another control character.
    InvalidTagValue(String),
    /// FEN, SetUp and Variant follow the start position.
    PositionTag(String),
    /// Not one of `1-0`, `0-1`, `1/2-1/2`, `*`.
    InvalidResult(String),
    /// A FEN that cannot be read or is no legal position: the explanation.
    InvalidFen(String),
    /// Chess960 start positions are numbered 0 to 959.
    NoSuchChess960Position(u32),
    /// The game's tables are full.
    TooLarge,
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::NoSuchNode(_) => f.write_str("this move is no longer in the game"),
            EditError::NotAMove(t) => write!(f, "\"{t}\" is not a move"),
            EditError::IllegalMove(m) | EditError::InvalidFen(m) => f.write_str(m),
            EditError::UnsupportedVariant(v) => {
                write!(f, "moves cannot be entered in a game of {v}: Movetext plays standard chess and Chess960")
            }
            EditError::DeleteRoot => f.write_str("the start position cannot be deleted; delete its first move instead"),
            EditError::NoCommentBefore => f.write_str(
                "a comment before this move would read as the comment after the move before it; write it there instead",
            ),
            EditError::InvalidCommand(c) => write!(
                f,
                "{c} is not a valid command: its name takes letters, digits and _ only, and its value cannot hold [% or an unclosed quote"
            ),
            EditError::InvalidTagName(n) if n.is_empty() => f.write_str("a tag needs a name"),
            EditError::InvalidTagName(n) => {
                write!(f, "\"{n}\" is not a valid tag name: use letters, digits and _ only")
            }
            EditError::InvalidTagValue(n) => {
                write!(f, "the value of tag {n} cannot hold a line break or another control character")
            }
            EditError::PositionTag(n) => write!(
                f,
                "the {n} tag follows the start position and cannot be edited on its own; start a new game from a FEN instead"
            ),
            EditError::InvalidResult(r) => write!(f, "\"{r}\" is not a result: use 1-0, 0-1, 1/2-1/2 or *"),
            EditError::NoSuchChess960Position(n) => {
                write!(f, "there is no Chess960 start position {n}: they are numbered 0 to 959")
            }
            EditError::TooLarge => f.write_str("the game is too large to edit further"),
        }
    }
}

impl std::error::Error for EditError {}

// ---------------------------------------------------------------------------
// Plumbing

/// Fails unless `id` is attached to the game.
fn check(game: &Game, id: NodeId) -> Result<(), EditError> {
    if game.contains(id) {
        Ok(())
    } else {
        Err(EditError::NoSuchNode(id))
    }
}

/// A table length as a `u32` index (never the `NONE` marker).
fn index(n: usize) -> Result<u32, EditError> {
    u32::try_from(n).ok().filter(|&v| v != NONE).ok_or(EditError::TooLarge)
}

/// Runs `f` on a copy of `game`. When `f` says it changed something, the
/// copy is tidied and marked edited; otherwise an unchanged copy is returned.
fn edit<T>(game: &Game, f: impl FnOnce(&mut Game) -> Result<(bool, T), EditError>) -> Result<(Game, T), EditError> {
    let mut g = game.clone();
    let (changed, value) = f(&mut g)?;
    if !changed {
        return Ok((game.clone(), value));
    }
    normalise_before(&mut g)?;
    g.edited = true;
    Ok((g, value))
}

fn node_mut(g: &mut Game, id: u32) -> Result<&mut Node, EditError> {
    g.nodes.get_mut(id as usize).ok_or(EditError::NoSuchNode(NodeId(id)))
}

fn children_of(g: &Game, p: u32) -> Vec<u32> {
    g.children(NodeId(p)).map(|c| c.0).collect()
}

/// Makes `kids` the children of `p`, in this order.
fn relink(g: &mut Game, p: u32, kids: &[u32]) -> Result<(), EditError> {
    node_mut(g, p)?.first_child = kids.first().copied().unwrap_or(NONE);
    for (i, &k) in kids.iter().enumerate() {
        node_mut(g, k)?.next_sibling = kids.get(i + 1).copied().unwrap_or(NONE);
    }
    Ok(())
}

/// Points a node's before or after comments at a new run holding `list`.
fn set_comments(g: &mut Game, node: u32, after: bool, list: Vec<Comment>) -> Result<(), EditError> {
    let run = if list.is_empty() {
        (0, 0)
    } else {
        let start = index(g.comments.len())?;
        let len = index(list.len())?;
        index(g.comments.len() + list.len())?;
        g.comments.extend(list);
        (start, len)
    };
    let n = node_mut(g, node)?;
    if after {
        n.after = run;
    } else {
        n.before = run;
    }
    Ok(())
}

/// Points a node's NAGs at a new run holding `list`.
fn set_nags(g: &mut Game, node: u32, list: &[u8]) -> Result<(), EditError> {
    let run = if list.is_empty() {
        (0, 0)
    } else {
        let start = index(g.nags.len())?;
        let len = index(list.len())?;
        index(g.nags.len() + list.len())?;
        g.nags.extend_from_slice(list);
        (start, len)
    };
    node_mut(g, node)?.nags = run;
    Ok(())
}

/// Can a comment before node `n` be told apart, in the export, from the
/// comment after the previous move? Yes before the first move of a variation
/// and before a move that follows variations (or variations kept as text).
fn before_slot_ok(g: &Game, n: u32) -> bool {
    let Some(node) = g.nodes.get(n as usize) else { return false };
    let p = node.parent;
    let Some(pn) = g.nodes.get(p as usize) else { return false };
    if pn.first_child != n {
        return true;
    }
    if p == 0 {
        return false;
    }
    if pn.alts.1 > 0 {
        return true;
    }
    let first_with_siblings =
        g.nodes.get(pn.parent as usize).is_some_and(|pp| pp.first_child == p) && pn.next_sibling != NONE;
    first_with_siblings
}

/// Moves comments before a move that the export could not tell apart from
/// the comments after the previous move to the end of those.
fn normalise_before(g: &mut Game) -> Result<(), EditError> {
    let mut stack = vec![0u32];
    let mut steps = 0usize;
    while let Some(p) = stack.pop() {
        steps += 1;
        if steps > g.nodes.len() {
            break;
        }
        let kids = children_of(g, p);
        stack.extend(kids.iter().copied());
        let Some(&first) = kids.first() else { continue };
        let before = g.nodes[first as usize].before;
        if before.1 == 0 || before_slot_ok(g, first) {
            continue;
        }
        let mut list = g.comments_raw(g.nodes[p as usize].after).to_vec();
        list.extend_from_slice(g.comments_raw(before));
        set_comments(g, p, true, list)?;
        set_comments(g, first, false, Vec::new())?;
    }
    Ok(())
}

/// Do two games hold the same content (the edited mark aside)?
fn same_game(a: &Game, b: &Game) -> bool {
    let same_src = Arc::ptr_eq(&a.src, &b.src) || a.src == b.src;
    if !same_src || a.nodes.len() != b.nodes.len() || a.variant != b.variant || !a.tags().eq(b.tags()) {
        return false;
    }
    if a.result.as_ref().map(|t| a.text(t)) != b.result.as_ref().map(|t| b.text(t)) {
        return false;
    }
    if Fen::from_position(&a.start, EnPassantMode::Always) != Fen::from_position(&b.start, EnPassantMode::Always) {
        return false;
    }
    // Comments are compared by kind and length first and by text last, so
    // that an edit beside a comment of megabytes is told apart quickly.
    let same_comments = |x: (u32, u32), y: (u32, u32), texts: bool| {
        let (cx, cy) = (a.comments_raw(x), b.comments_raw(y));
        cx.len() == cy.len()
            && cx.iter().zip(cy).all(|(p, q)| {
                let (tp, tq) = (a.text(&p.text), b.text(&q.text));
                p.kind == q.kind && tp.len() == tq.len() && (!texts || tp == tq)
            })
    };
    let same_nodes = |texts: bool| {
        a.nodes.iter().zip(&b.nodes).enumerate().all(|(i, (x, y))| {
            let id = NodeId(i as u32);
            x.parent == y.parent
                && x.first_child == y.first_child
                && x.next_sibling == y.next_sibling
                && x.kind == y.kind
                && x.written == y.written
                && x.tail == y.tail
                && a.nags(id) == b.nags(id)
                && same_comments(x.before, y.before, texts)
                && same_comments(x.after, y.after, texts)
                && a.unplayed_variations(id).eq(b.unplayed_variations(id))
        })
    };
    same_nodes(false) && same_nodes(true)
}

// ---------------------------------------------------------------------------
// Moves

/// "12. Nf3" or "12... Nf6": a move about to be played in `pos`.
fn move_label<P: Played>(pos: &P, tok: &str) -> String {
    let n = pos.fullmoves();
    if pos.turn().is_white() {
        format!("{n}. {tok}")
    } else {
        format!("{n}... {tok}")
    }
}

fn playable(game: &Game) -> Result<(), EditError> {
    match game.variant() {
        Variant::Unsupported(v) => Err(EditError::UnsupportedVariant(v.clone())),
        _ => Ok(()),
    }
}

/// Follows the child of `at` holding `kind`, or appends a new one.
fn add_child_in(g: &mut Game, at: NodeId, kind: NodeKind) -> Result<(bool, NodeId), EditError> {
    if let Some(c) = g.children(at).find(|&c| g.kind(c) == kind) {
        return Ok((false, c));
    }
    let id = index(g.nodes.len())?;
    let mut node = Node::new(at.0, kind);
    // Text after `at` that could not be played becomes a variation to the
    // new move, kept as text: that is where it reads back from.
    let tail = g.node(at).tail;
    if tail.1 > tail.0 {
        let start = index(g.alt_spans.len())?;
        g.alt_spans.push(tail);
        node.alts = (start, 1);
        node_mut(g, at.0)?.tail = (0, 0);
    }
    let last = g.children(at).last();
    g.nodes.push(node);
    match last {
        Some(l) => node_mut(g, l.0)?.next_sibling = id,
        None => node_mut(g, at.0)?.first_child = id,
    }
    Ok((true, NodeId(id)))
}

/// Plays a resolved token at `at`, adding the NAGs of its marks (`!?`).
fn play_token(game: &Game, at: NodeId, label: &str, tok: Token) -> Result<(Game, NodeId), EditError> {
    check(game, at)?;
    playable(game)?;
    #[cfg(feature = "variants")]
    if game.plays_variant() {
        return play_token_in(game, at, label, tok, game.any_position(at));
    }
    play_token_in(game, at, label, tok, game.position(at))
}

/// [`play_token`] in `pos`, the position at `at` by the game's rules.
fn play_token_in<P: Played>(
    game: &Game,
    at: NodeId,
    label: &str,
    tok: Token,
    pos: P,
) -> Result<(Game, NodeId), EditError> {
    let kind = match movetext::resolve(&tok, &pos) {
        Resolved::Move(m, _) => NodeKind::Move(m),
        Resolved::Null => NodeKind::Null,
        Resolved::Illegal(why) => {
            return Err(EditError::IllegalMove(format!("{} is illegal: {why}", move_label(&pos, label))));
        }
    };
    edit(game, |g| {
        let (mut changed, id) = add_child_in(g, at, kind)?;
        for n in tok.nags {
            if n != 0 {
                changed |= add_nag_in(g, id, n)?;
            }
        }
        Ok((changed, id))
    })
}

/// Plays `mv` after node `at`: follows the child that already has this move
/// (the game is then returned unchanged), else adds it as the main line when
/// `at` has no continuation and as a new last variation when it has. Returns
/// the node of the move.
pub fn play_move(game: &Game, at: NodeId, mv: Move) -> Result<(Game, NodeId), EditError> {
    check(game, at)?;
    playable(game)?;
    #[cfg(feature = "variants")]
    if game.plays_variant() {
        return play_move_in(game, at, mv, game.any_position(at));
    }
    play_move_in(game, at, mv, game.position(at))
}

/// [`play_move`] in `pos`, the position at `at` by the game's rules.
fn play_move_in<P: Played>(game: &Game, at: NodeId, mv: Move, pos: P) -> Result<(Game, NodeId), EditError> {
    if !pos.is_legal(mv) {
        let uci = mv.to_uci(game.castling_mode());
        let label = move_label(&pos, &uci.to_string());
        let tok = Token { mv: LaxMove::Coordinates(uci, None), suffix: None, nags: [0; 2], repairs: 0 };
        return Err(EditError::IllegalMove(match movetext::resolve(&tok, &pos) {
            Resolved::Illegal(why) => format!("{label} is illegal: {why}"),
            _ => format!("{label} does not fit this position"),
        }));
    }
    edit(game, |g| add_child_in(g, at, NodeKind::Move(mv)))
}

/// Drops a leading move number ("12.", "12...") from typed text.
fn strip_move_number(s: &str) -> &str {
    let mut s = s.trim();
    loop {
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        let dots = s[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits == 0 || dots == 0 {
            return s;
        }
        s = s[digits + dots..].trim_start();
    }
}

/// Plays a move written in SAN, read as laxly as the reader reads files
/// (`0-0`, `Ng1-f3`, `e2e4`, `--` for a null move; a leading move number is
/// skipped). Marks like `!?` written on the move add their NAGs, also when
/// the move already exists. See [`play_move`].
pub fn play_san(game: &Game, at: NodeId, san: &str) -> Result<(Game, NodeId), EditError> {
    let text = strip_move_number(san);
    if text.is_empty() {
        return Err(EditError::NotAMove(san.trim().to_string()));
    }
    let bytes: Vec<u8> =
        if text.is_ascii() { text.as_bytes().to_vec() } else { crate::lexer::ascii_lookalikes(text.as_bytes()) };
    let tok = movetext::parse_token(&bytes).ok_or_else(|| EditError::NotAMove(san.trim().to_string()))?;
    play_token(game, at, text, tok)
}

/// Plays a move in UCI notation (`e2e4`, `e7e8q`, `0000` for a null move).
/// See [`play_move`].
pub fn play_uci(game: &Game, at: NodeId, uci: &str) -> Result<(Game, NodeId), EditError> {
    let text = uci.trim();
    let parsed = UciMove::from_ascii(text.as_bytes()).map_err(|_| EditError::NotAMove(text.to_string()))?;
    let mv = match parsed {
        UciMove::Null => LaxMove::Null,
        other => LaxMove::Coordinates(other, None),
    };
    play_token(game, at, text, Token { mv, suffix: None, nags: [0; 2], repairs: 0 })
}

/// Deletes `node` and every move after it (its variations included).
/// Returns the node before it. When the main continuation is deleted, the
/// first variation takes its place. Other node ids stay valid.
pub fn delete_from(game: &Game, node: NodeId) -> Result<(Game, NodeId), EditError> {
    check(game, node)?;
    let Some(parent) = game.parent(node) else { return Err(EditError::DeleteRoot) };
    edit(game, |g| {
        let mut kids = children_of(g, parent.0);
        kids.retain(|&k| k != node.0);
        relink(g, parent.0, &kids)?;
        node_mut(g, node.0)?.next_sibling = NONE;
        Ok((true, parent))
    })
}

/// Moves the variation that holds `node` one place up among its siblings:
/// the first variation becomes the main continuation, and the main
/// continuation the first variation. A node of the main line changes nothing.
pub fn promote(game: &Game, node: NodeId) -> Result<Game, EditError> {
    check(game, node)?;
    edit(game, |g| {
        let mut cur = node.0;
        loop {
            let Some(p) = g.parent(NodeId(cur)) else { return Ok((false, ())) };
            let mut kids = children_of(g, p.0);
            match kids.iter().position(|&k| k == cur) {
                Some(i) if i > 0 => {
                    kids.swap(i - 1, i);
                    relink(g, p.0, &kids)?;
                    return Ok((true, ()));
                }
                _ => cur = p.0,
            }
        }
    })
    .map(|(g, ())| g)
}

/// Promotes until `node` is on the main line: every move leading to it
/// becomes the main continuation, the lines it displaces keep their order.
pub fn make_main_line(game: &Game, node: NodeId) -> Result<Game, EditError> {
    check(game, node)?;
    edit(game, |g| {
        let mut changed = false;
        for x in g.path(node) {
            let Some(p) = g.parent(x) else { continue };
            let mut kids = children_of(g, p.0);
            if let Some(i) = kids.iter().position(|&k| k == x.0).filter(|&i| i > 0) {
                kids[..=i].rotate_right(1);
                relink(g, p.0, &kids)?;
                changed = true;
            }
        }
        Ok((changed, ()))
    })
    .map(|(g, ())| g)
}

// ---------------------------------------------------------------------------
// Comments

fn same_tidy(g: &Game, old: &[Comment], new: &[Comment]) -> bool {
    old.len() == new.len() && old.iter().zip(new).all(|(a, b)| tidy(g.text(&a.text)) == tidy(g.text(&b.text)))
}

/// The commands of a run of comments, joined with spaces.
fn run_commands(g: &Game, run: (u32, u32)) -> String {
    g.comments_raw(run)
        .iter()
        .map(|c| commands::with_text(g.text(&c.text), ""))
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn one_comment(text: String) -> Vec<Comment> {
    if text.trim().is_empty() {
        Vec::new()
    } else {
        vec![Comment { text: Text::Own(text.into()), kind: CommentKind::Brace }]
    }
}

fn set_comment(game: &Game, node: NodeId, after: bool, text: &str) -> Result<Game, EditError> {
    check(game, node)?;
    let n = game.node(node);
    let run = if after { n.after } else { n.before };
    let merged = commands::with_text(&run_commands(game, run), text);
    if !after && !merged.is_empty() && !before_slot_ok(game, node.0) {
        return Err(EditError::NoCommentBefore);
    }
    edit(game, |g| {
        let list = one_comment(merged);
        if same_tidy(g, g.comments_raw(run), &list) {
            return Ok((false, ()));
        }
        set_comments(g, node.0, after, list)?;
        Ok((true, ()))
    })
    .map(|(g, ())| g)
}

/// Sets the text shown after a move (for the root: before the first move,
/// the game comment). Every `[%cmd]` of the node's comments there is kept;
/// several comments become one. Empty text and no commands remove the
/// comment.
pub fn set_comment_after(game: &Game, node: NodeId, text: &str) -> Result<Game, EditError> {
    set_comment(game, node, true, text)
}

/// Sets the text shown before a move, like [`set_comment_after`]. Possible
/// before the first move of a variation and before a move that follows
/// variations; elsewhere such a comment reads as the one after the previous
/// move, and [`EditError::NoCommentBefore`] says so.
pub fn set_comment_before(game: &Game, node: NodeId, text: &str) -> Result<Game, EditError> {
    set_comment(game, node, false, text)
}

/// Removes the comments before and after a move. With `keep_commands` the
/// `[%cmd]`s stay (in one comment on each side).
pub fn clear_comments(game: &Game, node: NodeId, keep_commands: bool) -> Result<Game, EditError> {
    check(game, node)?;
    edit(game, |g| {
        let mut changed = false;
        for after in [false, true] {
            let n = g.node(node);
            let run = if after { n.after } else { n.before };
            let list = if keep_commands { one_comment(run_commands(g, run)) } else { Vec::new() };
            if !same_tidy(g, g.comments_raw(run), &list) {
                set_comments(g, node.0, after, list)?;
                changed = true;
            }
        }
        Ok((changed, ()))
    })
    .map(|(g, ())| g)
}

fn valid_command(name: &str, operands: &str) -> Result<(), EditError> {
    let ops = operands.trim_ascii();
    let probe = if ops.is_empty() { format!("[%{name}]") } else { format!("[%{name} {ops}]") };
    let name_ok = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let parsed = commands::parse_commands(&probe);
    let reads_back = matches!(parsed.as_slice(), [only] if only.span == (0..probe.len()));
    if name_ok && reads_back {
        Ok(())
    } else {
        Err(EditError::InvalidCommand(probe))
    }
}

/// Sets the command `[%name operands]` in the comment after a move (e.g.
/// `clk` with `0:01:00`, `cal` with `Ge2e4`), replacing the command of that
/// name (ASCII case ignored) where it stands, or adding it.
pub fn set_command(game: &Game, node: NodeId, name: &str, operands: &str) -> Result<Game, EditError> {
    check(game, node)?;
    valid_command(name, operands)?;
    edit(game, |g| {
        let old: Vec<String> = g.comments_raw(g.node(node).after).iter().map(|c| g.text(&c.text).to_string()).collect();
        let holder = old.iter().position(|t| commands::find_command(t, name).is_some());
        let target = holder.unwrap_or(0);
        let mut texts = Vec::with_capacity(old.len().max(1));
        if old.is_empty() {
            texts.push(commands::set_command("", name, operands));
        }
        for (i, t) in old.iter().enumerate() {
            if i == target {
                texts.push(commands::set_command(t, name, operands));
            } else if holder.is_some_and(|h| i > h) && commands::find_command(t, name).is_some() {
                let rest = commands::remove_command(t, name);
                if !rest.trim().is_empty() {
                    texts.push(rest);
                }
            } else {
                texts.push(t.clone());
            }
        }
        if texts == old {
            return Ok((false, ()));
        }
        let kinds: Vec<CommentKind> = g.comments_raw(g.node(node).after).iter().map(|c| c.kind).collect();
        let list = texts
            .into_iter()
            .enumerate()
            .map(|(i, t)| Comment {
                text: Text::Own(t.into()),
                kind: kinds.get(i).copied().unwrap_or(CommentKind::Brace),
            })
            .collect();
        set_comments(g, node.0, true, list)?;
        Ok((true, ()))
    })
    .map(|(g, ())| g)
}

/// Removes every command `name` (ASCII case ignored) from the comments
/// after a move; a comment left empty goes.
pub fn remove_command(game: &Game, node: NodeId, name: &str) -> Result<Game, EditError> {
    check(game, node)?;
    edit(game, |g| {
        let old = g.comments_raw(g.node(node).after).to_vec();
        let mut changed = false;
        let mut list = Vec::with_capacity(old.len());
        for c in old {
            let t = g.text(&c.text);
            if commands::find_command(t, name).is_none() {
                list.push(c);
                continue;
            }
            changed = true;
            let rest = commands::remove_command(t, name);
            if !rest.trim().is_empty() {
                list.push(Comment { text: Text::Own(rest.into()), kind: c.kind });
            }
        }
        if changed {
            set_comments(g, node.0, true, list)?;
        }
        Ok((changed, ()))
    })
    .map(|(g, ())| g)
}

// ---------------------------------------------------------------------------
// NAGs

/// The NAGs that exclude each other: 1-9 judge the move, 10-135 the
/// position; a move has at most one of each group.
fn nag_group(nag: u8) -> Option<std::ops::RangeInclusive<u8>> {
    match nag {
        1..=9 => Some(1..=9),
        10..=135 => Some(10..=135),
        _ => None,
    }
}

fn add_nag_in(g: &mut Game, node: NodeId, nag: u8) -> Result<bool, EditError> {
    let mut list = g.nags(node).to_vec();
    if list.contains(&nag) {
        return Ok(false);
    }
    match nag_group(nag) {
        Some(group) if list.iter().any(|n| group.contains(n)) => {
            let mut placed = false;
            list.retain_mut(|n| {
                if !group.contains(n) {
                    return true;
                }
                if placed {
                    return false;
                }
                *n = nag;
                placed = true;
                true
            });
        }
        _ => list.push(nag),
    }
    set_nags(g, node.0, &list)?;
    Ok(true)
}

/// Adds a NAG to a move. The move assessments 1-9 (`!`, `?`, `!!`, `??`,
/// `!?`, `?!`, ...) exclude each other, and so do the position assessments
/// 10-135 (`=`, `+=`, `+-`, ...): a new one replaces the one of its group
/// the move had, in its place. Other NAGs are added at the end.
pub fn add_nag(game: &Game, node: NodeId, nag: u8) -> Result<Game, EditError> {
    check(game, node)?;
    edit(game, |g| Ok((add_nag_in(g, node, nag)?, ()))).map(|(g, ())| g)
}

/// Removes a NAG from a move.
pub fn remove_nag(game: &Game, node: NodeId, nag: u8) -> Result<Game, EditError> {
    check(game, node)?;
    edit(game, |g| {
        let list = g.nags(node).to_vec();
        if !list.contains(&nag) {
            return Ok((false, ()));
        }
        let kept: Vec<u8> = list.into_iter().filter(|&n| n != nag).collect();
        set_nags(g, node.0, &kept)?;
        Ok((true, ()))
    })
    .map(|(g, ())| g)
}

/// Removes the NAG when the move has it, else adds it (see [`add_nag`]).
pub fn toggle_nag(game: &Game, node: NodeId, nag: u8) -> Result<Game, EditError> {
    check(game, node)?;
    if game.nags(node).contains(&nag) {
        remove_nag(game, node, nag)
    } else {
        add_nag(game, node, nag)
    }
}

// ---------------------------------------------------------------------------
// Tags

/// The tags that follow the start position.
const POSITION_TAGS: [&str; 3] = ["FEN", "SetUp", "Variant"];

/// The four termination markers.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Sets a tag: replaces the value of the first tag of that name or adds
/// the tag. Names take ASCII letters, digits and `_`; values no line
/// breaks. `Result` goes through [`set_result`]; FEN, SetUp and Variant are
/// refused (see [`new_game_from_fen`]).
pub fn set_tag(game: &Game, name: &str, value: &str) -> Result<Game, EditError> {
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(EditError::InvalidTagName(name.to_string()));
    }
    if name == "Result" {
        return set_result(game, value);
    }
    if POSITION_TAGS.contains(&name) {
        return Err(EditError::PositionTag(name.to_string()));
    }
    if value.chars().any(char::is_control) {
        return Err(EditError::InvalidTagValue(name.to_string()));
    }
    edit(game, |g| Ok((put_tag(g, name, value), ()))).map(|(g, ())| g)
}

/// Replaces the first tag `name` or appends it; says whether anything changed.
fn put_tag(g: &mut Game, name: &str, value: &str) -> bool {
    let found = g.tags.iter().position(|t| g.text(&t.name) == name);
    match found {
        Some(i) if g.text(&g.tags[i].value) == value => false,
        Some(i) => {
            g.tags[i].value = Text::Own(value.into());
            true
        }
        None => {
            g.tags.push(Tag { name: Text::Own(name.into()), value: Text::Own(value.into()) });
            true
        }
    }
}

/// Removes every tag called `name`. Removing `Result` also makes the
/// result unknown (`*`); FEN, SetUp and Variant are refused.
pub fn remove_tag(game: &Game, name: &str) -> Result<Game, EditError> {
    if POSITION_TAGS.contains(&name) {
        return Err(EditError::PositionTag(name.to_string()));
    }
    edit(game, |g| {
        let before = g.tags.len();
        let tags = std::mem::take(&mut g.tags);
        let kept: Vec<Tag> = tags.into_iter().filter(|t| g.text(&t.name) != name).collect();
        g.tags = kept;
        let mut changed = g.tags.len() != before;
        if name == "Result" && g.result.take().is_some_and(|r| g.text(&r) != "*") {
            changed = true;
        }
        Ok((changed, ()))
    })
    .map(|(g, ())| g)
}

/// Sets the result: `1-0`, `0-1`, `1/2-1/2` or `*`, both the Result tag and
/// the termination marker after the moves.
pub fn set_result(game: &Game, result: &str) -> Result<Game, EditError> {
    let r = result.trim();
    if !RESULTS.contains(&r) {
        return Err(EditError::InvalidResult(result.to_string()));
    }
    edit(game, |g| {
        let marker_same = g.result.as_ref().is_some_and(|t| g.text(t) == r);
        let changed = put_tag(g, "Result", r);
        if marker_same {
            return Ok((changed, ()));
        }
        g.result = Some(Text::Own(r.into()));
        Ok((true, ()))
    })
    .map(|(g, ())| g)
}

// ---------------------------------------------------------------------------
// New games

/// A new empty game from the standard start position.
pub fn new_game() -> Game {
    let mut g = Game::new();
    g.edited = true;
    g
}

fn fen_read_error(e: &ParseFenError) -> String {
    let what = match e {
        ParseFenError::InvalidBoard | ParseFenError::InvalidPocket => {
            "the pieces (first field) must be 8 ranks of piece letters and digits, separated by /"
        }
        ParseFenError::InvalidTurn => "the side to move (second field) must be w or b",
        ParseFenError::InvalidCastling => "the castling rights (third field) must be - or letters such as KQkq",
        ParseFenError::InvalidEpSquare => "the en passant square (fourth field) must be - or a square such as e3",
        ParseFenError::InvalidHalfmoveClock => "the halfmove clock (fifth field) must be a number",
        ParseFenError::InvalidFullmoves => "the move number (sixth field) must be a number from 1 up",
        _ => "it is not a FEN",
    };
    format!("the FEN cannot be read: {what} ({e})")
}

/// A new game from a position in FEN (six fields). Sets the tags SetUp
/// "1" and FEN, and Variant "Chess960" when `chess960` is asked for (then
/// castling rights are read by rook files as well). Says in words what is
/// wrong with a FEN that cannot be read or is no legal position.
pub fn new_game_from_fen(fen: &str, chess960: bool) -> Result<Game, EditError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    match fields.len() {
        0 => return Err(EditError::InvalidFen("the FEN is empty".into())),
        6 => {}
        n => {
            let s = if n == 1 { "" } else { "s" };
            return Err(EditError::InvalidFen(format!(
                "the FEN has {n} field{s}; it needs 6 (pieces, side to move, castling rights, en passant square, halfmove clock, move number)"
            )));
        }
    }
    let parsed = Fen::from_ascii(fields.join(" ").as_bytes()).map_err(|e| EditError::InvalidFen(fen_read_error(&e)))?;
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let pos: Chess = match parsed.clone().into_position(mode) {
        Ok(p) => p,
        Err(err) => {
            if !chess960
                && err.kinds().contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS)
                && parsed.into_position::<Chess>(CastlingMode::Chess960).is_ok()
            {
                return Err(EditError::InvalidFen(
                    "the castling rights of this FEN only fit Chess960; start it as a Chess960 game".into(),
                ));
            }
            let words = err.to_string();
            let words = words.strip_prefix("illegal position: ").unwrap_or(&words);
            return Err(EditError::InvalidFen(format!("the FEN is not a legal position: {words}")));
        }
    };
    let mut g = Game::new();
    let canonical = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    g.tags.push(Tag { name: Text::Own("SetUp".into()), value: Text::Own("1".into()) });
    g.tags.push(Tag { name: Text::Own("FEN".into()), value: Text::Own(canonical.into()) });
    if chess960 {
        g.tags.push(Tag { name: Text::Own("Variant".into()), value: Text::Own("Chess960".into()) });
        g.variant = Variant::Chess960;
    }
    g.start = pos;
    g.edited = true;
    Ok(g)
}

/// The FEN of Chess960 start position `n` (0 to 959) in the standard
/// (Scharnagl) numbering; 518 is the usual start position.
pub fn chess960_start(n: u32) -> Result<String, EditError> {
    if n >= 960 {
        return Err(EditError::NoSuchChess960Position(n));
    }
    let mut rank = [0u8; 8];
    let mut k = n as usize;
    rank[2 * (k % 4) + 1] = b'B';
    k /= 4;
    rank[2 * (k % 4)] = b'B';
    k /= 4;
    let empty = |rank: &[u8; 8]| (0..8).filter(|&i| rank[i] == 0).collect::<Vec<usize>>();
    if let Some(&q) = empty(&rank).get(k % 6) {
        rank[q] = b'Q';
    }
    k /= 6;
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (a, b) = KNIGHTS[k % 10];
    let free = empty(&rank);
    for i in [a, b] {
        if let Some(&sq) = free.get(i) {
            rank[sq] = b'N';
        }
    }
    for (sq, piece) in empty(&rank).into_iter().zip([b'R', b'K', b'R']) {
        rank[sq] = piece;
    }
    let white = String::from_utf8_lossy(&rank).into_owned();
    let black = white.to_ascii_lowercase();
    Ok(format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"))
}

// ---------------------------------------------------------------------------
// Undo and redo

/// Most undo steps an [`Editor`] keeps by default.
pub const HISTORY_LIMIT: usize = 500;

/// What an edit returns: a game, or a game and a value (such as the node
/// of a move played).
pub trait EditOutput {
    /// The value besides the game.
    type Value;
    /// The game and the value.
    fn into_parts(self) -> (Game, Self::Value);
}

impl EditOutput for Game {
    type Value = ();
    fn into_parts(self) -> (Game, ()) {
        (self, ())
    }
}

impl<T> EditOutput for (Game, T) {
    type Value = T;
    fn into_parts(self) -> (Game, T) {
        self
    }
}

/// A game being edited, with undo and redo of whole snapshots.
///
/// ```
/// use movetext_core::edit::{self, Editor};
/// let mut ed = Editor::new(edit::new_game());
/// let e4 = ed.apply(|g| edit::play_san(g, g.root(), "e4")).unwrap();
/// ed.apply(|g| edit::add_nag(g, e4, 1)).unwrap();
/// assert!(ed.undo());
/// assert!(ed.game().nags(e4).is_empty());
/// assert!(ed.redo());
/// assert_eq!(ed.game().nags(e4), &[1]);
/// ```
#[derive(Clone, Debug)]
pub struct Editor {
    game: Game,
    undo: VecDeque<Game>,
    redo: Vec<Game>,
    limit: usize,
}

impl Editor {
    /// Edits `game`, keeping up to [`HISTORY_LIMIT`] undo steps.
    pub fn new(game: Game) -> Editor {
        Editor::with_limit(game, HISTORY_LIMIT)
    }

    /// Edits `game`, keeping up to `limit` undo steps.
    pub fn with_limit(game: Game, limit: usize) -> Editor {
        Editor { game, undo: VecDeque::new(), redo: Vec::new(), limit }
    }

    /// The game as it is now.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game as it is now, leaving the editor.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// Starts over with another game, forgetting undo and redo.
    pub fn load(&mut self, game: Game) {
        self.game = game;
        self.undo.clear();
        self.redo.clear();
    }

    /// Applies an edit (any function of this module, or several chained).
    /// An edit that changes the game becomes one undo step and clears redo;
    /// one that changes nothing leaves the history alone. An error leaves
    /// everything as it was.
    pub fn apply<R: EditOutput>(
        &mut self,
        op: impl FnOnce(&Game) -> Result<R, EditError>,
    ) -> Result<R::Value, EditError> {
        let (game, value) = op(&self.game)?.into_parts();
        if !same_game(&self.game, &game) {
            let old = std::mem::replace(&mut self.game, game);
            self.push_undo(old);
            self.redo.clear();
        }
        Ok(value)
    }

    fn push_undo(&mut self, game: Game) {
        if self.limit == 0 {
            return;
        }
        self.undo.push_back(game);
        while self.undo.len() > self.limit {
            self.undo.pop_front();
        }
    }

    /// Goes back one edit; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(prev) = self.undo.pop_back() else { return false };
        let cur = std::mem::replace(&mut self.game, prev);
        self.redo.push(cur);
        true
    }

    /// Makes the last undone edit again; `false` when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else { return false };
        let cur = std::mem::replace(&mut self.game, next);
        self.push_undo(cur);
        true
    }

    /// Is there an edit to undo?
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Is there an undone edit to make again?
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// How many edits can be undone.
    pub fn undo_steps(&self) -> usize {
        self.undo.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equivalent;
    use crate::export::{write_game, ExportOptions};
    use crate::read_game;
    use shakmaty::Position;

    fn read(pgn: &str) -> Game {
        read_game(pgn.as_bytes())
    }

    fn export(g: &Game) -> String {
        write_game(g, &ExportOptions::default())
    }

    /// The movetext of the export on one line.
    fn moves(g: &Game) -> String {
        let text = export(g);
        text.split_once("\n\n").map_or(String::new(), |(_, m)| m.trim().replace('\n', " "))
    }

    /// The export of `g` reads back as `g`.
    fn round_trip(g: &Game) {
        let text = export(g);
        let back = read(&text);
        if let Err(e) = equivalent(g, &back) {
            panic!("{e}\n{text}");
        }
        assert_eq!(back.fen(back.root()), g.fen(g.root()), "{text}");
    }

    /// The node reached from the root by these moves (SAN without marks).
    fn at(g: &Game, sans: &[&str]) -> NodeId {
        let mut cur = g.root();
        for s in sans {
            cur = g
                .children(cur)
                .find(|&c| g.san(c).trim_end_matches(['+', '#']) == *s)
                .unwrap_or_else(|| panic!("no {s} in {}", moves(g)));
        }
        cur
    }

    #[test]
    fn plays_the_main_line_and_follows_existing_moves() {
        let g = new_game();
        let (g, e4) = play_san(&g, g.root(), "e4").unwrap();
        let (g, e5) = play_san(&g, e4, "1... e5").unwrap();
        let (g, nf3) = play_uci(&g, e5, "g1f3").unwrap();
        assert_eq!(g.mainline(), vec![e4, e5, nf3]);
        assert_eq!(moves(&g), "1. e4 e5 2. Nf3 *");
        let (again, same) = play_san(&g, e4, "e5").unwrap();
        assert_eq!(same, e5);
        assert!(same_game(&g, &again));
        round_trip(&g);

        // Following a move of a game read from a file does not edit it.
        let r = read("1. e4 e5 2. Nf3 *");
        let e4 = r.mainline()[0];
        let mv = r.mv(r.mainline()[1]).unwrap();
        let (r2, id) = play_move(&r, e4, mv).unwrap();
        assert_eq!(id, r.mainline()[1]);
        assert!(!r2.is_edited());
        let (r3, id) = play_san(&r, e4, "e5").unwrap();
        assert_eq!(id, r.mainline()[1]);
        assert!(!r3.is_edited());
    }

    #[test]
    fn adds_a_variation_at_a_branch() {
        let g = read("1. e4 e5 2. Nf3 *");
        let e4 = at(&g, &["e4"]);
        let (g2, c5) = play_san(&g, e4, "c5").unwrap();
        assert!(g2.is_edited());
        assert!(!g.is_edited());
        assert_eq!(g.children(e4).count(), 1, "the input stays as it was");
        assert_eq!(g2.children(e4).collect::<Vec<_>>(), vec![at(&g, &["e4", "e5"]), c5]);
        assert_eq!(moves(&g2), "1. e4 e5 (1... c5) 2. Nf3 *");
        round_trip(&g2);
        // The variation now exists: playing it again follows it.
        let (g3, again) = play_san(&g2, e4, "c5").unwrap();
        assert_eq!(again, c5);
        assert!(same_game(&g2, &g3));
        // Another one goes last.
        let (g4, e6) = play_san(&g3, e4, "e6").unwrap();
        assert_eq!(g4.children(e4).last(), Some(e6));
        let (g4, _) = play_san(&g4, c5, "Nf3").unwrap();
        assert_eq!(moves(&g4), "1. e4 e5 (1... c5 2. Nf3) (1... e6) 2. Nf3 *");
        round_trip(&g4);
    }

    #[test]
    fn move_errors_and_special_moves() {
        let g = new_game();
        let root = g.root();
        match play_san(&g, root, "e5") {
            Err(EditError::IllegalMove(m)) => assert!(m.starts_with("1. e5 is illegal"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(play_san(&g, root, "hello").unwrap_err(), EditError::NotAMove("hello".into()));
        assert!(matches!(play_san(&g, root, "  "), Err(EditError::NotAMove(_))));
        assert!(matches!(play_san(&g, root, "12."), Err(EditError::NotAMove(_))));
        assert!(matches!(play_uci(&g, root, "e2e5"), Err(EditError::IllegalMove(_))));
        assert!(matches!(play_uci(&g, root, "Nf3"), Err(EditError::NotAMove(_))));
        assert!(matches!(play_san(&g, NodeId(7), "e4"), Err(EditError::NoSuchNode(NodeId(7)))));
        assert!(matches!(play_san(&g, NodeId(u32::MAX), "e4"), Err(EditError::NoSuchNode(_))));

        // A black move cannot be played from the start.
        let (g1, e4) = play_san(&g, root, "e4").unwrap();
        let (g2, e5) = play_san(&g1, e4, "e5").unwrap();
        let e5_move = g2.mv(e5).unwrap();
        match play_move(&g2, root, e5_move) {
            Err(e @ EditError::IllegalMove(_)) => assert!(e.to_string().starts_with("1. e7e5 is illegal"), "{e}"),
            other => panic!("{other:?}"),
        }

        // Lax input, marks, null moves, move numbers.
        let (g3, nf3) = play_san(&g2, e5, "2.Ng1-f3!?").unwrap();
        assert_eq!(g3.san(nf3), "Nf3");
        assert_eq!(g3.nags(nf3), &[5]);
        let (g3, null) = play_san(&g3, nf3, "--").unwrap();
        assert_eq!(g3.kind(null), NodeKind::Null);
        let (g3, null2) = play_uci(&g3, null, "0000").unwrap();
        assert_eq!(g3.kind(null2), NodeKind::Null);
        assert!(matches!(play_san(&g3, null2, "O-O"), Err(EditError::IllegalMove(_))));
        let (g3, _) = play_san(&g3, null2, "Nc6").unwrap();
        assert!(moves(&g3).starts_with("1. e4 e5 2. Nf3 $5 -- "), "{}", moves(&g3));
        assert!(moves(&g3).ends_with(" -- Nc6 *"), "{}", moves(&g3));
        round_trip(&g3);
    }

    #[test]
    fn unsupported_variants_take_no_moves() {
        let g = read("[Variant \"Shogi\"]\n\n1. P-7f P-3d *");
        assert!(matches!(play_san(&g, g.root(), "e4"), Err(EditError::UnsupportedVariant(_))));
    }

    #[cfg(feature = "variants")]
    #[test]
    fn variant_games_take_moves_by_their_rules() {
        let g = read("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 *");
        let end = at(&g, &["e4", "d5", "exd5", "Qxd5"]);
        // White holds a pawn taken on d5: it drops it.
        let (g2, id) = play_san(&g, end, "P@e4").unwrap();
        assert_eq!(g2.san(id), "@e4");
        assert!(export(&g2).contains("3. @e4"), "{}", export(&g2));
        // A drop of a piece White does not hold is illegal.
        assert!(matches!(play_san(&g, end, "N@f3"), Err(EditError::IllegalMove(_))));
        let m = shakmaty::Move::Put { role: shakmaty::Role::Pawn, to: shakmaty::Square::E4 };
        assert_eq!(play_move(&g, end, m).unwrap().0.node_count(), g2.node_count());
        // Standard chess refuses what atomic allows: a king next to the other.
        let a = read("[Variant \"Atomic\"]\n[FEN \"8/8/8/3k4/8/3K4/8/8 w - - 0 1\"]\n\n*");
        assert!(play_san(&a, a.root(), "Kd4").is_ok());
    }

    #[test]
    fn text_that_could_not_be_played_becomes_a_variation() {
        let g = read("1. e4 e5 2. Qxx9 Nf3 *");
        let e5 = at(&g, &["e4", "e5"]);
        assert_eq!(g.unplayed(e5), Some("2. Qxx9 Nf3"));
        let (g2, nf3) = play_san(&g, e5, "Nf3").unwrap();
        assert_eq!(g2.unplayed(e5), None);
        assert_eq!(g2.unplayed_variations(nf3).collect::<Vec<_>>(), vec!["2. Qxx9 Nf3"]);
        assert_eq!(moves(&g2), "1. e4 e5 2. Nf3 (2. Qxx9 Nf3) *");
        round_trip(&g2);
    }

    #[test]
    fn deleting_keeps_the_other_ids() {
        let g = read("1. e4 e5 (1... c5 2. Nf3) (1... e6) 2. Nf3 Nc6 *");
        let e4 = at(&g, &["e4"]);
        let e5 = at(&g, &["e4", "e5"]);
        let c5 = at(&g, &["e4", "c5"]);
        let c5_nf3 = at(&g, &["e4", "c5", "Nf3"]);
        let e6 = at(&g, &["e4", "e6"]);
        let nc6 = at(&g, &["e4", "e5", "Nf3", "Nc6"]);
        let fens: Vec<String> = [e5, e6, nc6].iter().map(|&n| g.fen(n)).collect();

        let (g2, back) = delete_from(&g, c5).unwrap();
        assert_eq!(back, e4);
        assert!(!g2.contains(c5) && !g2.contains(c5_nf3));
        assert!(g.contains(c5), "the input stays as it was");
        for (n, fen) in [e5, e6, nc6].iter().zip(&fens) {
            assert!(g2.contains(*n));
            assert_eq!(&g2.fen(*n), fen);
        }
        assert_eq!(g2.san(e6), "e6");
        assert_eq!(moves(&g2), "1. e4 e5 (1... e6) 2. Nf3 Nc6 *");
        round_trip(&g2);

        // Deleting the main continuation: the first variation takes its place.
        let (g3, _) = delete_from(&g2, e5).unwrap();
        assert_eq!(g3.mainline(), vec![e4, e6]);
        assert!(!g3.contains(nc6));
        assert_eq!(moves(&g3), "1. e4 e6 *");
        round_trip(&g3);

        // A deleted id is gone; a new move gets a new id.
        assert_eq!(delete_from(&g3, c5).unwrap_err(), EditError::NoSuchNode(c5));
        let (g4, c5_again) = play_san(&g3, e4, "c5").unwrap();
        assert_ne!(c5_again, c5);
        assert_eq!(g4.fen(c5_again), g.fen(c5));
        assert_eq!(delete_from(&g4, g4.root()).unwrap_err(), EditError::DeleteRoot);
        let (g5, root) = delete_from(&g4, e4).unwrap();
        assert_eq!(root, g5.root());
        assert_eq!(g5.node_count(), 0);
        round_trip(&g5);
    }

    const TREE: &str = "1. e4 e5 (1... c5 2. Nf3 d6 (2... Nc6) 3. d4) (1... e6) 2. Nf3 *";

    #[test]
    fn promote_moves_a_variation_one_place_up() {
        let g = read(TREE);
        let e4 = at(&g, &["e4"]);
        let (e5, c5, e6) = (at(&g, &["e4", "e5"]), at(&g, &["e4", "c5"]), at(&g, &["e4", "e6"]));
        let nc6 = at(&g, &["e4", "c5", "Nf3", "Nc6"]);
        let d6 = at(&g, &["e4", "c5", "Nf3", "d6"]);
        let nc6_fen = "r1bqkbnr/pp1ppppp/2n5/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        assert_eq!(g.fen(nc6), nc6_fen);

        let g1 = promote(&g, nc6).unwrap();
        assert_eq!(g1.children(at(&g, &["e4", "c5", "Nf3"])).collect::<Vec<_>>(), vec![nc6, d6]);
        assert!(!g1.is_mainline(nc6));
        assert_eq!(g1.fen(nc6), nc6_fen);
        round_trip(&g1);

        let g2 = promote(&g1, nc6).unwrap();
        assert_eq!(g2.children(e4).collect::<Vec<_>>(), vec![c5, e5, e6]);
        assert!(g2.is_mainline(nc6));
        assert_eq!(g2.fen(*g2.mainline().last().unwrap()), nc6_fen);
        assert_eq!(moves(&g2), "1. e4 c5 (1... e5 2. Nf3) (1... e6) 2. Nf3 Nc6 (2... d6 3. d4) *");
        round_trip(&g2);

        // The third line goes up one place only.
        let g3 = promote(&g, e6).unwrap();
        assert_eq!(g3.children(e4).collect::<Vec<_>>(), vec![e5, e6, c5]);
        round_trip(&g3);

        // Nothing to promote on the main line.
        let same = promote(&g, at(&g, &["e4", "e5", "Nf3"])).unwrap();
        assert!(!same.is_edited());
        assert!(same_game(&g, &same));
    }

    #[test]
    fn make_main_line_promotes_every_ancestor() {
        let g = read(TREE);
        let e4 = at(&g, &["e4"]);
        let (e5, c5, e6) = (at(&g, &["e4", "e5"]), at(&g, &["e4", "c5"]), at(&g, &["e4", "e6"]));
        let nc6 = at(&g, &["e4", "c5", "Nf3", "Nc6"]);

        let g1 = make_main_line(&g, e6).unwrap();
        assert_eq!(g1.children(e4).collect::<Vec<_>>(), vec![e6, e5, c5]);
        assert_eq!(g1.fen(g1.mainline()[1]), "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        round_trip(&g1);

        let g2 = make_main_line(&g, nc6).unwrap();
        assert!(g2.is_mainline(nc6));
        assert_eq!(g2.mainline().last(), Some(&nc6));
        assert_eq!(g2.children(e4).collect::<Vec<_>>(), vec![c5, e5, e6]);
        assert_eq!(g2.fen(nc6), "r1bqkbnr/pp1ppppp/2n5/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        assert!(same_game(&g2, &promote(&promote(&g, nc6).unwrap(), nc6).unwrap()));
        round_trip(&g2);

        let same = make_main_line(&g2, nc6).unwrap();
        assert!(same_game(&g2, &same));
    }

    #[test]
    fn comments_keep_their_commands() {
        let g = read("1. e4 {[%clk 0:01:00] old text} {second [%eval 0.3]} e5 {good} *");
        let e4 = at(&g, &["e4"]);
        let e5 = at(&g, &["e4", "e5"]);

        let g1 = set_comment_after(&g, e4, "new text").unwrap();
        assert_eq!(g1.comments_after(e4).collect::<Vec<_>>(), vec!["[%clk 0:01:00] [%eval 0.3] new text"]);
        assert!(export(&g1).contains("{[%clk 0:01:00] [%eval 0.3] new text}"), "{}", export(&g1));
        assert_eq!(g.comments_after(e4).count(), 2, "the input stays as it was");
        round_trip(&g1);

        let g2 = set_comment_after(&g1, e4, "  ").unwrap();
        assert_eq!(g2.comments_after(e4).collect::<Vec<_>>(), vec!["[%clk 0:01:00] [%eval 0.3]"]);
        assert!(export(&g2).contains("1. e4 {[%clk 0:01:00] [%eval 0.3]} 1... e5"), "{}", export(&g2));
        round_trip(&g2);

        // Empty text and no commands: the comment goes.
        let g3 = set_comment_after(&g2, e5, "").unwrap();
        assert_eq!(g3.comments_after(e5).count(), 0);
        round_trip(&g3);

        // The same text again changes nothing.
        let same = set_comment_after(&g, e5, " good ").unwrap();
        assert!(!same.is_edited());

        // Clearing, with and without the commands.
        let kept = clear_comments(&g, e4, true).unwrap();
        assert_eq!(kept.comments_after(e4).collect::<Vec<_>>(), vec!["[%clk 0:01:00] [%eval 0.3]"]);
        round_trip(&kept);
        let none = clear_comments(&g, e4, false).unwrap();
        assert_eq!(none.comments_after(e4).count(), 0);
        assert_eq!(moves(&none), "1. e4 e5 {good} *");
        round_trip(&none);

        // A game comment, and a comment with a brace in it.
        let gc = set_comment_after(&g, g.root(), "a game comment").unwrap();
        assert!(moves(&gc).starts_with("{a game comment} 1. e4"));
        round_trip(&gc);
        let brace = set_comment_after(&g, e5, "a } b").unwrap();
        round_trip(&brace);
        assert!(set_comment_after(&g, NodeId(99), "x").is_err());
    }

    #[test]
    fn commands_are_set_and_removed() {
        let g = read("1. e4 {[%clk 0:01:00] old text} {second [%eval 0.3]} e5 *");
        let e4 = at(&g, &["e4"]);
        let e5 = at(&g, &["e4", "e5"]);

        let g1 = set_command(&g, e5, "clk", "0:00:59").unwrap();
        assert_eq!(g1.comments_after(e5).collect::<Vec<_>>(), vec!["[%clk 0:00:59]"]);
        assert!(export(&g1).contains("e5 {[%clk 0:00:59]} *"));
        round_trip(&g1);

        let g2 = set_command(&g1, e4, "clk", "0:00:30").unwrap();
        assert_eq!(g2.comments_after(e4).collect::<Vec<_>>(), vec!["[%clk 0:00:30] old text", "second [%eval 0.3]"]);
        let g2 = set_command(&g2, e4, "cal", "Ge2e4,Rd1d8").unwrap();
        assert_eq!(g2.comments_after(e4).next(), Some("[%clk 0:00:30] [%cal Ge2e4,Rd1d8] old text"));
        let g2 = set_command(&g2, e4, "EVAL", "-1.5").unwrap();
        assert_eq!(g2.comments_after(e4).nth(1), Some("second [%EVAL -1.5]"));
        round_trip(&g2);
        let same = set_command(&g2, e4, "clk", "0:00:30").unwrap();
        assert!(same_game(&g2, &same));

        let g3 = remove_command(&g2, e4, "clk").unwrap();
        assert_eq!(
            g3.comments_after(e4).collect::<Vec<_>>(),
            vec!["[%cal Ge2e4,Rd1d8] old text", "second [%EVAL -1.5]"]
        );
        let g4 = remove_command(&g1, e5, "clk").unwrap();
        assert_eq!(g4.comments_after(e5).count(), 0, "an emptied comment goes");
        round_trip(&g4);
        assert!(same_game(&g4, &remove_command(&g4, e5, "clk").unwrap()));

        assert!(matches!(set_command(&g, e4, "c l k", "1"), Err(EditError::InvalidCommand(_))));
        assert!(matches!(set_command(&g, e4, "", "1"), Err(EditError::InvalidCommand(_))));
        assert!(matches!(set_command(&g, e4, "clk", "1] x [%y"), Err(EditError::InvalidCommand(_))));
        assert!(matches!(set_command(&g, e4, "txt", "\"open"), Err(EditError::InvalidCommand(_))));
    }

    #[test]
    fn comments_before_moves() {
        let g = read("1. e4 e5 (1... c5) 2. Nf3 *");
        let e4 = at(&g, &["e4"]);
        let e5 = at(&g, &["e4", "e5"]);
        let c5 = at(&g, &["e4", "c5"]);
        let nf3 = at(&g, &["e4", "e5", "Nf3"]);

        let g1 = set_comment_before(&g, c5, "Sicilian").unwrap();
        assert_eq!(moves(&g1), "1. e4 e5 ({Sicilian} 1... c5) 2. Nf3 *");
        round_trip(&g1);
        let g1 = set_comment_before(&g1, nf3, "after the variation").unwrap();
        round_trip(&g1);

        // Where it would read as the comment after the previous move.
        assert_eq!(set_comment_before(&g, e5, "x").unwrap_err(), EditError::NoCommentBefore);
        assert_eq!(set_comment_before(&g, e4, "x").unwrap_err(), EditError::NoCommentBefore);
        assert_eq!(set_comment_before(&g, g.root(), "x").unwrap_err(), EditError::NoCommentBefore);
        assert!(!set_comment_before(&g, e5, "").unwrap().is_edited());

        // Deleting the variation: the comment before Nf3 is now after e5.
        let (g2, _) = delete_from(&g1, c5).unwrap();
        assert_eq!(g2.comments_before(nf3).count(), 0);
        assert_eq!(g2.comments_after(e5).collect::<Vec<_>>(), vec!["after the variation"]);
        round_trip(&g2);

        // Promoting the Sicilian: its comment now follows 1. e4.
        let g3 = promote(&g1, c5).unwrap();
        assert_eq!(g3.comments_before(c5).count(), 0);
        assert_eq!(g3.comments_after(e4).collect::<Vec<_>>(), vec!["Sicilian"]);
        round_trip(&g3);
    }

    #[test]
    fn nags_of_a_kind_exclude_each_other() {
        let g = read("1. e4 e5 *");
        let e4 = at(&g, &["e4"]);
        let g = add_nag(&g, e4, 1).unwrap();
        assert_eq!(g.nags(e4), &[1]);
        let g = add_nag(&g, e4, 2).unwrap();
        assert_eq!(g.nags(e4), &[2], "? replaces !");
        let g = add_nag(&g, e4, 14).unwrap();
        assert_eq!(g.nags(e4), &[2, 14]);
        let g = add_nag(&g, e4, 18).unwrap();
        assert_eq!(g.nags(e4), &[2, 18], "+- replaces +=");
        let g = add_nag(&g, e4, 146).unwrap();
        assert_eq!(g.nags(e4), &[2, 18, 146]);
        let g = add_nag(&g, e4, 138).unwrap();
        assert_eq!(g.nags(e4), &[2, 18, 146, 138]);
        assert!(same_game(&g, &add_nag(&g, e4, 146).unwrap()));
        let g = toggle_nag(&g, e4, 146).unwrap();
        assert_eq!(g.nags(e4), &[2, 18, 138]);
        let g = toggle_nag(&g, e4, 5).unwrap();
        assert_eq!(g.nags(e4), &[5, 18, 138]);
        let g = remove_nag(&g, e4, 18).unwrap();
        assert_eq!(g.nags(e4), &[5, 138]);
        assert!(same_game(&g, &remove_nag(&g, e4, 18).unwrap()));
        assert_eq!(moves(&g), "1. e4 $5 $138 e5 *");
        round_trip(&g);

        // Two move NAGs read from a file: a third replaces both.
        let r = read("1. e4 $1 $14 $2 e5 *");
        let e4 = at(&r, &["e4"]);
        let r = add_nag(&r, e4, 3).unwrap();
        assert_eq!(r.nags(e4), &[3, 14]);
        round_trip(&r);
        assert!(add_nag(&r, NodeId(50), 1).is_err());
    }

    #[test]
    fn tags_are_set_checked_and_removed() {
        let g = read("[White \"Anna\"]\n[Annotator \"x\"]\n[Annotator \"y\"]\n\n1. e4 *");
        let g1 = set_tag(&g, "White", "Bea \"the rook\" \\o/").unwrap();
        assert_eq!(g1.tag("White"), Some("Bea \"the rook\" \\o/"));
        assert_eq!(g.tag("White"), Some("Anna"));
        let g1 = set_tag(&g1, "Black_2", "Cleo").unwrap();
        assert_eq!(g1.tags().last(), Some(("Black_2", "Cleo")));
        round_trip(&g1);
        assert!(!set_tag(&g, "White", "Anna").unwrap().is_edited());

        for bad in ["", "Bad Name", "Élan", "a-b", "[x]"] {
            assert_eq!(set_tag(&g, bad, "v").unwrap_err(), EditError::InvalidTagName(bad.into()));
        }
        assert!(matches!(set_tag(&g, "Event", "a\nb"), Err(EditError::InvalidTagValue(_))));
        for pos in ["FEN", "SetUp", "Variant"] {
            assert!(matches!(set_tag(&g, pos, "1"), Err(EditError::PositionTag(_))));
            assert!(matches!(remove_tag(&g, pos), Err(EditError::PositionTag(_))));
        }

        let g2 = remove_tag(&g1, "Annotator").unwrap();
        assert_eq!(g2.tag("Annotator"), None);
        round_trip(&g2);
        assert!(!remove_tag(&g, "Nothing").unwrap().is_edited());
    }

    #[test]
    fn results() {
        let g = read("[Result \"*\"]\n\n1. e4 e5 *");
        let g1 = set_result(&g, "1-0").unwrap();
        assert_eq!(g1.tag("Result"), Some("1-0"));
        assert_eq!(g1.result(), "1-0");
        assert!(export(&g1).ends_with("1. e4 e5 1-0\n\n"));
        round_trip(&g1);
        let g2 = set_tag(&g1, "Result", "1/2-1/2").unwrap();
        assert_eq!(g2.result(), "1/2-1/2");
        round_trip(&g2);
        assert!(
            !set_result(&g2, "1/2-1/2").unwrap().is_edited() || same_game(&g2, &set_result(&g2, "1/2-1/2").unwrap())
        );
        assert_eq!(set_result(&g, "2-0").unwrap_err(), EditError::InvalidResult("2-0".into()));
        let g3 = remove_tag(&g2, "Result").unwrap();
        assert_eq!(g3.tag("Result"), None);
        assert_eq!(g3.result(), "*");
        round_trip(&g3);
        // A new game has no marker yet.
        let n = set_result(&new_game(), "0-1").unwrap();
        assert_eq!(moves(&n), "0-1");
        round_trip(&n);
    }

    #[test]
    fn games_from_fen() {
        let fen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
        let g = new_game_from_fen(&format!("  {fen} "), false).unwrap();
        assert_eq!(g.fen(g.root()), fen);
        assert_eq!(g.tag("SetUp"), Some("1"));
        assert_eq!(g.tag("FEN"), Some(fen));
        assert_eq!(g.variant(), &Variant::Standard);
        let (g, e4) = play_san(&g, g.root(), "e4").unwrap();
        let (g, _) = play_san(&g, e4, "Kd6").unwrap();
        round_trip(&g);

        let three = new_game_from_fen("8/8/8/4k3/8/8/4P3/4K3 w -", false).unwrap_err();
        assert!(three.to_string().starts_with("the FEN has 3 fields; it needs 6"), "{three}");
        assert_eq!(new_game_from_fen("", false).unwrap_err().to_string(), "the FEN is empty");
        let turn = new_game_from_fen("8/8/8/4k3/8/8/4P3/4K3 x - - 0 1", false).unwrap_err();
        assert!(turn.to_string().contains("side to move"), "{turn}");
        let board = new_game_from_fen("8/8/9/4k3/8/8/4P3/4K3 w - - 0 1", false).unwrap_err();
        assert!(board.to_string().contains("8 ranks"), "{board}");
        let kings = new_game_from_fen("8/8/8/8/8/8/4P3/4K3 w - - 0 1", false).unwrap_err();
        assert!(kings.to_string().starts_with("the FEN is not a legal position"), "{kings}");
        assert!(kings.to_string().contains("missing king"), "{kings}");
    }

    #[test]
    fn chess960_positions() {
        let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(chess960_start(518).unwrap(), standard);
        assert_eq!(chess960_start(0).unwrap(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
        assert_eq!(chess960_start(959).unwrap(), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
        assert_eq!(chess960_start(960).unwrap_err(), EditError::NoSuchChess960Position(960));
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let fen = chess960_start(n).unwrap();
            assert!(seen.insert(fen.clone()), "{n} repeats {fen}");
            let g = new_game_from_fen(&fen, true).unwrap_or_else(|e| panic!("{n}: {e}"));
            assert_eq!(g.variant(), &Variant::Chess960);
            assert_eq!(g.tag("Variant"), Some("Chess960"));
            assert_eq!(g.fen(g.root()), fen);
        }
        let g = new_game_from_fen(&chess960_start(0).unwrap(), true).unwrap();
        let (g, e4) = play_san(&g, g.root(), "e4").unwrap();
        let (g, _) = play_san(&g, e4, "Nd6").unwrap();
        round_trip(&g);
        let not960 = new_game_from_fen(&chess960_start(0).unwrap(), false).unwrap_err();
        assert!(not960.to_string().contains("Chess960"), "{not960}");
    }

    #[test]
    fn undo_and_redo() {
        let mut ed = Editor::new(new_game());
        assert!(!ed.can_undo() && !ed.can_redo());
        let e4 = ed.apply(|g| play_san(g, g.root(), "e4")).unwrap();
        let e5 = ed.apply(|g| play_san(g, e4, "e5")).unwrap();
        let nf3 = ed.apply(|g| play_san(g, e5, "Nf3")).unwrap();
        assert_eq!(ed.undo_steps(), 3);

        // Nothing changed: no step. An error: no step either.
        assert_eq!(ed.apply(|g| play_san(g, e4, "e5")).unwrap(), e5);
        assert_eq!(ed.undo_steps(), 3);
        assert!(ed.apply(|g| play_san(g, e4, "e4")).is_err());
        assert_eq!(ed.undo_steps(), 3);

        assert!(ed.undo());
        assert_eq!(ed.game().mainline(), vec![e4, e5]);
        assert!(!ed.game().contains(nf3));
        assert!(ed.undo());
        assert_eq!(ed.game().mainline(), vec![e4]);
        assert!(ed.can_redo());
        assert!(ed.redo());
        assert_eq!(ed.game().mainline(), vec![e4, e5]);

        // A new edit clears redo.
        ed.apply(|g| add_nag(g, e5, 1)).unwrap();
        assert!(!ed.can_redo());
        assert!(!ed.redo());
        assert_eq!(ed.game().nags(e5), &[1]);

        // Several edits as one step.
        ed.apply(|g| {
            let g = set_tag(g, "White", "Anna")?;
            set_tag(&g, "Black", "Bea")
        })
        .unwrap();
        assert!(ed.undo());
        assert_eq!(ed.game().tag("White"), None);
        assert!(ed.undo() && ed.undo() && ed.undo());
        assert!(!ed.undo());
        assert_eq!(ed.game().node_count(), 0);
        while ed.redo() {}
        assert_eq!(ed.game().tag("Black"), Some("Bea"));
        round_trip(ed.game());

        // The history is bounded.
        let mut ed = Editor::with_limit(new_game(), 3);
        let mut cur = ed.game().root();
        for san in ["d4", "d5", "c4", "e6", "Nc3"] {
            cur = ed.apply(|g| play_san(g, cur, san)).unwrap();
        }
        assert_eq!(ed.undo_steps(), 3);
        assert!(ed.undo() && ed.undo() && ed.undo());
        assert!(!ed.undo());
        assert_eq!(ed.game().mainline_plies(), 2);

        ed.load(read("1. e4 *"));
        assert!(!ed.can_undo() && !ed.can_redo());
        assert!(!ed.clone().into_game().is_edited());
    }

    /// Every node attached to the game, root first.
    fn attached(g: &Game) -> Vec<NodeId> {
        let mut out = vec![g.root()];
        let mut i = 0;
        while let Some(&n) = out.get(i) {
            out.extend(g.children(n));
            i += 1;
        }
        out
    }

    #[test]
    fn random_edits_round_trip() {
        let pgn = "[Event \"t\"]\n\n{start} 1. e4 {[%clk 0:05:00] fast} e5 $1 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5) d6 $14) \
                   (1... e6 2. d4 d5 3. Xx9 Nf3) 2. Nf3 {[%cal Ge2e4]} Nc6 (2... d6 {[%clk 0:04:00]} 3. d4) 3. Bb5 a6 4. Qq1 *";
        let mut seed: u64 = 0x5eed;
        let mut next = |n: usize| -> usize {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % n.max(1)
        };
        let texts = ["", "plain", "two  words", "[%clk 0:00:10]", "[%csl Rd4] with text", "a } brace"];
        for round in 0..30 {
            let mut g = read(pgn);
            for step in 0..40 {
                let nodes = attached(&g);
                let node = if next(20) == 0 { NodeId(next(200) as u32) } else { nodes[next(nodes.len())] };
                let text = texts[next(texts.len())];
                let r: Result<Game, EditError> = match next(14) {
                    0..=2 => {
                        let legal = if g.contains(node) { g.position(node).legal_moves() } else { Default::default() };
                        match legal.get(next(legal.len() + 1)) {
                            Some(&m) => play_move(&g, node, m).map(|(g, _)| g),
                            None => play_san(&g, node, "--").map(|(g, _)| g),
                        }
                    }
                    3 => delete_from(&g, node).map(|(g, _)| g),
                    4 => promote(&g, node),
                    5 => make_main_line(&g, node),
                    6 => set_comment_after(&g, node, text),
                    7 => set_comment_before(&g, node, text),
                    8 => clear_comments(&g, node, next(2) == 0),
                    9 => set_command(&g, node, ["clk", "eval", "cal"][next(3)], "1"),
                    10 => remove_command(&g, node, ["clk", "eval", "cal"][next(3)]),
                    11 => toggle_nag(&g, node, [1, 2, 5, 14, 18, 146][next(6)]),
                    12 => set_result(&g, RESULTS[next(4)]),
                    _ => set_tag(&g, ["White", "Annotator", "Bad name"][next(3)], text),
                };
                match r {
                    Ok(edited) => {
                        let text = export(&edited);
                        if let Err(e) = equivalent(&edited, &read(&text)) {
                            panic!("round {round} step {step}: {e}\n{text}");
                        }
                        g = edited;
                    }
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
        }
    }
}
