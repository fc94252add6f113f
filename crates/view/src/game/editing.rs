//! The edits made to the open file: one core [`Editor`] (with undo and
//! redo) per game that was changed, the operations the app offers, and
//! writing a game or the whole file back out.

use std::rc::Rc;

use movetext_core::commands::{self, Arrow, CommandValue, MarkColor, Sq, SquareMark};
use movetext_core::edit::{self, EditError, Editor};
use movetext_core::export::{write_game, write_game_bytes, ExportOptions};
use movetext_core::shakmaty::{Move, Square};
use movetext_core::{Game, NodeId};

use crate::game::library::{count_line_breaks, Library};

/// One change to a game, at nodes of the core's game ([`crate::game::model::ViewNode::key`]).
#[derive(Clone, Debug, PartialEq)]
pub enum EditOp {
    /// Play a move after a node (follow it if it exists, else a new line).
    Play(NodeId, Move),
    /// Play moves one after another from a node, in one step.
    PlayLine(NodeId, Vec<Move>),
    /// Delete a node and everything after it.
    Delete(NodeId),
    /// Move the node's variation one place up.
    Promote(NodeId),
    /// Make the line to the node the main line.
    MainLine(NodeId),
    /// Set the comment after a node (its commands are kept).
    CommentAfter(NodeId, String),
    /// Set the comment before a node.
    CommentBefore(NodeId, String),
    /// Add or remove a NAG.
    ToggleNag(NodeId, u8),
    /// Add, recolour or remove an arrow (`[%cal]`) after a node.
    Arrow(NodeId, Square, Square, MarkColor),
    /// Add, recolour or remove a coloured square (`[%csl]`) after a node.
    Mark(NodeId, Square, MarkColor),
    /// Set tags (a value of `None` removes the tag), in one step.
    Tags(Vec<(String, Option<String>)>),
    /// The analysis of a game, in one step: for each move its `[%eval]`
    /// (operands) and a NAG to add.
    Annotate(crate::game::review::Annotations),
}

/// What an edit did: the node to show after it.
pub type Outcome = Result<NodeId, EditError>;

/// Edits of the open file.
#[derive(Debug, Default)]
pub struct Edits {
    /// The games with an editor, by index (sorted).
    games: Vec<EditedGame>,
    /// Some edit has not been taken away yet (copied or downloaded).
    pub unexported: bool,
    /// The last version given.
    last_version: u64,
}

/// A game with an editor.
#[derive(Debug)]
struct EditedGame {
    /// Its index in the file.
    index: usize,
    editor: Editor,
    /// Its edits came back from storage (edited, without history).
    restored: bool,
    /// A number that differs after any change to it (never reused, even
    /// after [`Edits::clear`]).
    version: u64,
}

impl Edits {
    /// No edits.
    pub fn new() -> Edits {
        Edits::default()
    }

    /// Forgets every edit.
    pub fn clear(&mut self) {
        self.games.clear();
        self.unexported = false;
    }

    /// Notes that game `index` changed.
    fn changed(&mut self, index: usize) {
        self.last_version += 1;
        let version = self.last_version;
        if let Some(g) = self.find_mut(index) {
            g.version = version;
        }
    }

    /// Where game `index` is or would go in the sorted list.
    fn place(&self, index: usize) -> Result<usize, usize> {
        self.games.binary_search_by(|g| g.index.cmp(&index))
    }

    fn find(&self, index: usize) -> Option<&EditedGame> {
        self.place(index).ok().map(|at| &self.games[at])
    }

    fn find_mut(&mut self, index: usize) -> Option<&mut EditedGame> {
        self.place(index).ok().map(|at| &mut self.games[at])
    }

    /// Game `index`'s entry, added with `editor` if there is none yet.
    fn entry(&mut self, index: usize, editor: impl FnOnce() -> Option<Editor>) -> Option<&mut EditedGame> {
        let at = match self.place(index) {
            Ok(at) => at,
            Err(at) => {
                let game = EditedGame { index, editor: editor()?, restored: false, version: 0 };
                self.games.insert(at, game);
                at
            }
        };
        Some(&mut self.games[at])
    }

    /// A number that differs after any change to game `index` (0 while it
    /// is as read or as made).
    pub fn version(&self, index: usize) -> u64 {
        self.find(index).map_or(0, |g| g.version)
    }

    /// The game as it is now (edited, copied; or as read, remembered by
    /// the library as the game opened).
    pub fn game(&self, lib: &Library, index: usize) -> Option<Rc<Game>> {
        match self.find(index) {
            Some(e) => Some(Rc::new(e.editor.game().clone())),
            None => lib.open_game(index),
        }
    }

    /// `f` of the game as it is now, without copying it.
    pub fn with_game<R>(&self, lib: &Library, index: usize, f: impl FnOnce(&Game) -> R) -> Option<R> {
        match self.find(index) {
            Some(e) => Some(f(e.editor.game())),
            None => lib.with_game(index, f),
        }
    }

    /// Starts editing a game with a given tree (restoring saved edits).
    pub fn restore(&mut self, index: usize, game: Game) {
        let editor = Editor::new(game);
        match self.place(index) {
            Ok(at) => {
                self.games[at].editor = editor;
                self.games[at].restored = true;
            }
            Err(at) => self.games.insert(at, EditedGame { index, editor, restored: true, version: 0 }),
        }
        self.changed(index);
        self.unexported = true;
    }

    /// Puts game `index` back as it is in the file (its edits made
    /// elsewhere were taken back); whether it had an editor.
    pub fn discard(&mut self, index: usize) -> bool {
        let Ok(at) = self.place(index) else { return false };
        self.games.remove(at);
        self.last_version += 1;
        true
    }

    /// Whether a game differs from the file.
    pub fn is_edited(&self, index: usize) -> bool {
        self.find(index).is_some_and(|g| g.restored || g.editor.game().is_edited())
    }

    /// Indices of the games that differ from the file, in order.
    pub fn edited(&self) -> Vec<usize> {
        self.games.iter().filter(|g| g.restored || g.editor.game().is_edited()).map(|g| g.index).collect()
    }

    fn editor(&mut self, lib: &Library, index: usize) -> Option<&mut Editor> {
        self.entry(index, || Some(Editor::new(lib.take_game(index)?))).map(|g| &mut g.editor)
    }

    /// Applies an edit to game `index`; returns the node to show.
    pub fn apply(&mut self, lib: &Library, index: usize, op: EditOp) -> Outcome {
        self.edit(lib, index, |editor| apply_op(editor, op))
    }

    /// Plays a move after node `at` of game `index` (follows it if the game
    /// has it, else adds it as a new line); returns its node. The same as
    /// [`EditOp::Play`], for a build that makes no other edit (the widget:
    /// the other edits' code is then left out of it).
    pub fn play(&mut self, lib: &Library, index: usize, at: NodeId, mv: Move) -> Outcome {
        self.edit(lib, index, |editor| editor.apply(|g| edit::play_move(g, at, mv)))
    }

    /// Makes an edit of game `index` with its editor, and notes the change.
    fn edit(&mut self, lib: &Library, index: usize, f: impl FnOnce(&mut Editor) -> Outcome) -> Outcome {
        let editor = self.editor(lib, index).ok_or(EditError::NoSuchNode(NodeId::ROOT))?;
        let shown = f(editor)?;
        self.changed(index);
        self.unexported = true;
        Ok(shown)
    }

    /// Undoes the last edit of a game; whether there was one.
    pub fn undo(&mut self, index: usize) -> bool {
        let done = self.find_mut(index).is_some_and(|g| g.editor.undo());
        if done {
            self.changed(index);
        }
        self.unexported |= done;
        done
    }

    /// Redoes the last undone edit of a game; whether there was one.
    pub fn redo(&mut self, index: usize) -> bool {
        let done = self.find_mut(index).is_some_and(|g| g.editor.redo());
        if done {
            self.changed(index);
        }
        self.unexported |= done;
        done
    }

    /// Whether game `index` has an edit to undo, and one to redo.
    pub fn history(&self, index: usize) -> (bool, bool) {
        self.find(index).map_or((false, false), |g| (g.editor.can_undo(), g.editor.can_redo()))
    }

    /// One game in export format (or its original bytes when it was not
    /// edited and every option keeps everything).
    pub fn game_text(&self, lib: &Library, index: usize, opts: &ExportOptions) -> String {
        match self.find(index) {
            Some(e) => text_of(e.editor.game(), opts),
            None => lib.with_game(index, |g| text_of(g, opts)).unwrap_or_default(),
        }
    }

    /// The whole file: games that were not edited exactly as read (their
    /// bytes), edited and new games in export format.
    pub fn file_bytes(&self, lib: &Library) -> Vec<u8> {
        let mut writer = FileWriter::default();
        let mut out = Vec::with_capacity(lib.bytes().len());
        while let Some(part) = writer.next_part(self, lib, usize::MAX) {
            out.extend_from_slice(&part);
        }
        out
    }
}

/// A game in export format (or its original bytes when it was not edited
/// and every option keeps everything).
pub fn text_of(game: &Game, opts: &ExportOptions) -> String {
    if *opts == ExportOptions::default() {
        // Export is UTF-8; a game kept as read may not be.
        String::from_utf8(write_game_bytes(game, opts))
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    } else {
        write_game(game, opts)
    }
}

/// Line breaks (LF, CRLF or CR) at the end of `bytes`, after its last text.
/// Writes the whole file (see [`Edits::file_bytes`]) a part at a time, so
/// that a file of a gigabyte is written without holding the page up.
#[derive(Clone, Debug, Default)]
pub struct FileWriter {
    /// The game being written.
    game: usize,
    /// How much of that game's bytes (as read) is written.
    offset: usize,
    /// Games left out (sorted): duplicates of earlier ones.
    leave_out: Rc<Vec<u32>>,
    /// The last bytes written (enough to count the line breaks they end with).
    tail: Vec<u8>,
}

impl FileWriter {
    /// Writes the file without these games (sorted game indices).
    pub fn leaving_out(games: Rc<Vec<u32>>) -> FileWriter {
        FileWriter { leave_out: games, ..FileWriter::default() }
    }

    /// The next part of about `budget` bytes (more when an edited game is
    /// longer), or `None` when the whole file is written.
    pub fn next_part(&mut self, edits: &Edits, lib: &Library, budget: usize) -> Option<Vec<u8>> {
        if self.game >= lib.len() {
            return None;
        }
        let opts = ExportOptions::default();
        let budget = budget.max(1);
        let mut out = Vec::new();
        while self.game < lib.len() && out.len() < budget {
            let i = self.game;
            if self.offset == 0 && self.leave_out.binary_search(&(i as u32)).is_ok() {
                self.game += 1;
                continue;
            }
            match (edits.is_edited(i), lib.original(i)) {
                (false, Some(bytes)) => {
                    let take = (budget - out.len()).min(bytes.len() - self.offset);
                    self.write(&mut out, &bytes[self.offset..self.offset + take]);
                    self.offset += take;
                    if self.offset == bytes.len() {
                        self.game += 1;
                        self.offset = 0;
                    }
                }
                _ => {
                    // A blank line before the game, whatever the file's line ends.
                    let before: &[u8] = match trailing_line_breaks(&self.tail) {
                        _ if self.tail.is_empty() => b"",
                        0 => b"\n\n",
                        1 => b"\n",
                        _ => b"",
                    };
                    self.write(&mut out, before);
                    if let Some(text) = edits.with_game(lib, i, |g| write_game(g, &opts)) {
                        self.write(&mut out, text.as_bytes());
                    }
                    self.game += 1;
                }
            }
        }
        Some(out)
    }

    fn write(&mut self, out: &mut Vec<u8>, bytes: &[u8]) {
        out.extend_from_slice(bytes);
        self.tail.extend_from_slice(&bytes[bytes.len().saturating_sub(8)..]);
        let cut = self.tail.len().saturating_sub(8);
        self.tail.drain(..cut);
    }
}

fn trailing_line_breaks(bytes: &[u8]) -> u32 {
    let tail = bytes.iter().rev().take_while(|&&b| b == b'\n' || b == b'\r').count();
    count_line_breaks(&bytes[bytes.len() - tail..])
}

fn apply_op(editor: &mut Editor, op: EditOp) -> Outcome {
    match op {
        EditOp::Play(at, mv) => editor.apply(|g| edit::play_move(g, at, mv)),
        EditOp::PlayLine(at, moves) => editor.apply(|g| {
            let (mut g, mut node) = (g.clone(), at);
            for mv in &moves {
                (g, node) = edit::play_move(&g, node, *mv)?;
            }
            Ok((g, node))
        }),
        EditOp::Delete(at) => editor.apply(|g| edit::delete_from(g, at)),
        EditOp::Promote(at) => editor.apply(|g| edit::promote(g, at)).map(|()| at),
        EditOp::MainLine(at) => editor.apply(|g| edit::make_main_line(g, at)).map(|()| at),
        EditOp::CommentAfter(at, text) => editor.apply(|g| edit::set_comment_after(g, at, &text)).map(|()| at),
        EditOp::CommentBefore(at, text) => editor.apply(|g| edit::set_comment_before(g, at, &text)).map(|()| at),
        EditOp::ToggleNag(at, nag) => editor.apply(|g| edit::toggle_nag(g, at, nag)).map(|()| at),
        EditOp::Arrow(at, from, to, color) => {
            let arrows = toggle(current_arrows(editor.game(), at), (sq(from), sq(to)), color);
            let arrows: Vec<Arrow> = arrows.into_iter().map(|(color, (from, to))| Arrow { color, from, to }).collect();
            set_or_remove(editor, at, "cal", &commands::format_arrows(&arrows))
        }
        EditOp::Mark(at, square, color) => {
            let marks = toggle(current_marks(editor.game(), at), sq(square), color);
            let marks: Vec<SquareMark> =
                marks.into_iter().map(|(color, square)| SquareMark { color, square }).collect();
            set_or_remove(editor, at, "csl", &commands::format_squares(&marks))
        }
        EditOp::Annotate(marks) => {
            let at = editor.game().root();
            editor
                .apply(|g| {
                    let mut g = g.clone();
                    for (node, eval, nag) in &marks {
                        if let Some(ops) = eval {
                            g = edit::set_command(&g, *node, "eval", ops)?;
                        }
                        if let Some(nag) = nag {
                            g = edit::add_nag(&g, *node, *nag)?;
                        }
                    }
                    Ok(g)
                })
                .map(|()| at)
        }
        EditOp::Tags(tags) => editor
            .apply(|g| {
                let mut g = g.clone();
                for (name, value) in &tags {
                    g = match value {
                        Some(v) if name == "Result" => edit::set_result(&g, v)?,
                        Some(v) => edit::set_tag(&g, name, v)?,
                        None => edit::remove_tag(&g, name)?,
                    };
                }
                Ok(g)
            })
            .map(|()| NodeId::ROOT),
    }
}

fn set_or_remove(editor: &mut Editor, at: NodeId, name: &str, operands: &str) -> Outcome {
    if operands.is_empty() {
        editor.apply(|g| edit::remove_command(g, at, name)).map(|()| at)
    } else {
        editor.apply(|g| edit::set_command(g, at, name, operands)).map(|()| at)
    }
}

/// Adds `item` in `color`; the same item in the same colour goes; in another
/// colour it is recoloured.
fn toggle<T: PartialEq>(mut list: Vec<(MarkColor, T)>, item: T, color: MarkColor) -> Vec<(MarkColor, T)> {
    match list.iter().position(|(_, x)| *x == item) {
        Some(i) if list[i].0 == color => {
            list.remove(i);
        }
        Some(i) => list[i].0 = color,
        None => list.push((color, item)),
    }
    list
}

fn sq(square: Square) -> Sq {
    Sq(u8::from(square))
}

fn node_commands(game: &Game, node: NodeId) -> Vec<CommandValue> {
    game.comments_after(node)
        .flat_map(|c| commands::parse_commands(c).iter().map(|cmd| cmd.value()).collect::<Vec<_>>())
        .collect()
}

fn current_arrows(game: &Game, node: NodeId) -> Vec<(MarkColor, (Sq, Sq))> {
    node_commands(game, node)
        .into_iter()
        .flat_map(|v| match v {
            CommandValue::Arrows(list) => list.into_iter().map(|a| (a.color, (a.from, a.to))).collect(),
            _ => Vec::new(),
        })
        .collect()
}

fn current_marks(game: &Game, node: NodeId) -> Vec<(MarkColor, Sq)> {
    node_commands(game, node)
        .into_iter()
        .flat_map(|v| match v {
            CommandValue::Squares(list) => list.into_iter().map(|m| (m.color, m.square)).collect(),
            _ => Vec::new(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::shakmaty::Chess;

    const FILE: &str = "[White \"A\"]\n\n1. e4 {[%clk 0:01:00] fine} e5 *\n\n[White \"B\"]\n\n1. d4   d5 *\n\n";

    fn lib() -> Library {
        Library::indexed("f.pgn", FILE.as_bytes().to_vec())
    }

    fn san_move(game: &Game, at: NodeId, san: &str) -> Move {
        let pos: Chess = game.position(at);
        san.parse::<movetext_core::shakmaty::san::San>().unwrap().to_move(&pos).unwrap()
    }

    #[test]
    fn a_game_discarded_is_as_in_the_file_again() {
        let lib = lib();
        let mut e = Edits::new();
        e.restore(1, movetext_core::read_game(b"1. d4 d5 2. c4 *"));
        let before = e.version(1);
        assert!(e.is_edited(1));
        assert!(e.discard(1));
        assert!(!e.is_edited(1));
        assert_eq!(e.version(1), 0);
        assert_eq!(
            e.game_text(&lib, 1, &ExportOptions::default()),
            text_of(&lib.game(1).unwrap(), &ExportOptions::default())
        );
        assert!(!e.discard(1), "nothing left to discard");
        e.restore(1, movetext_core::read_game(b"1. d4 *"));
        assert!(e.version(1) > before, "versions are never reused");
    }

    #[test]
    fn play_is_the_play_edit() {
        let lib = lib();
        let (mut by_play, mut by_op) = (Edits::new(), Edits::new());
        let g = by_play.game(&lib, 1).unwrap();
        let d4 = g.main_child(g.root()).unwrap();
        let nf6 = san_move(&g, d4, "Nf6");
        let a = by_play.play(&lib, 1, d4, nf6).unwrap();
        let b = by_op.apply(&lib, 1, EditOp::Play(d4, nf6)).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            by_play.game_text(&lib, 1, &ExportOptions::default()),
            by_op.game_text(&lib, 1, &ExportOptions::default())
        );
        assert!(by_play.is_edited(1) && by_play.unexported && by_play.history(1) == (true, false));
        // A move that cannot be played there is refused and changes nothing.
        let before = by_play.game_text(&lib, 1, &ExportOptions::default());
        assert!(by_play.play(&lib, 1, NodeId::ROOT, nf6).is_err());
        assert_eq!(by_play.game_text(&lib, 1, &ExportOptions::default()), before);
    }

    #[test]
    fn moves_make_variations_and_undo_goes_back() {
        let lib = lib();
        let mut edits = Edits::new();
        let g = edits.game(&lib, 0).unwrap();
        let e4 = g.main_child(g.root()).unwrap();
        let d5 = san_move(&g, e4, "d5");
        let node = edits.apply(&lib, 0, EditOp::Play(e4, d5)).unwrap();
        let g = edits.game(&lib, 0).unwrap();
        assert_eq!(g.children(e4).count(), 2);
        assert_eq!(g.san(node), "d5");
        assert!(edits.is_edited(0) && !edits.is_edited(1));
        // Playing it again follows it.
        let again = edits.apply(&lib, 0, EditOp::Play(e4, d5)).unwrap();
        assert_eq!(again, node);
        edits.apply(&lib, 0, EditOp::MainLine(node)).unwrap();
        let g = edits.game(&lib, 0).unwrap();
        assert_eq!(g.san(g.main_child(e4).unwrap()), "d5");
        assert!(edits.undo(0));
        assert!(edits.undo(0));
        assert!(!edits.is_edited(0), "back to the file's game");
        assert!(edits.redo(0));
        assert!(edits.is_edited(0));
    }

    #[test]
    fn comments_keep_their_commands_and_marks_toggle() {
        let lib = lib();
        let mut edits = Edits::new();
        let g = edits.game(&lib, 0).unwrap();
        let e4 = g.main_child(g.root()).unwrap();
        edits.apply(&lib, 0, EditOp::CommentAfter(e4, "better than ever".into())).unwrap();
        edits.apply(&lib, 0, EditOp::Arrow(e4, Square::E2, Square::E4, MarkColor::Green)).unwrap();
        edits.apply(&lib, 0, EditOp::Arrow(e4, Square::D2, Square::D4, MarkColor::Red)).unwrap();
        edits.apply(&lib, 0, EditOp::Arrow(e4, Square::E2, Square::E4, MarkColor::Green)).unwrap();
        edits.apply(&lib, 0, EditOp::Mark(e4, Square::E4, MarkColor::Yellow)).unwrap();
        edits.apply(&lib, 0, EditOp::ToggleNag(e4, 1)).unwrap();
        let text = edits.game_text(&lib, 0, &ExportOptions::default());
        assert!(text.contains("1. e4 $1 {[%clk 0:01:00] [%cal Rd2d4] [%csl Ye4] better than ever}"), "{text}");
    }

    #[test]
    fn the_file_keeps_unedited_games_byte_for_byte() {
        let lib = lib();
        let mut edits = Edits::new();
        assert_eq!(edits.file_bytes(&lib), FILE.as_bytes());
        edits
            .apply(
                &lib,
                0,
                EditOp::Tags(vec![("White".into(), Some("Anna".into())), ("Round".into(), Some("3".into()))]),
            )
            .unwrap();
        let out = String::from_utf8(edits.file_bytes(&lib)).unwrap();
        assert!(out.starts_with("[Event \"?\"]"), "{out}");
        assert!(out.contains("[Round \"3\"]\n[White \"Anna\"]"), "{out}");
        assert!(out.ends_with("\n\n[White \"B\"]\n\n1. d4   d5 *\n\n"), "{out}");
        assert!(edits.apply(&lib, 0, EditOp::Tags(vec![("Date".into(), Some("x\ny".into()))])).is_err());
        assert_eq!(trailing_line_breaks(b"x\r\n\r\n"), 2);
        assert_eq!(trailing_line_breaks(b"x\r\r"), 2);
        assert_eq!(trailing_line_breaks(b"x\n"), 1);
        assert_eq!(trailing_line_breaks(b"x"), 0);
    }

    #[test]
    fn the_file_written_in_parts_is_the_file_written_at_once() {
        let lib = lib();
        let mut edits = Edits::new();
        edits.apply(&lib, 1, EditOp::Tags(vec![("White".into(), Some("Bea".into()))])).unwrap();
        let whole = edits.file_bytes(&lib);
        for budget in [1, 3, 7, 64] {
            let mut writer = FileWriter::default();
            let mut parts = Vec::new();
            while let Some(part) = writer.next_part(&edits, &lib, budget) {
                assert!(!part.is_empty());
                parts.extend_from_slice(&part);
            }
            assert_eq!(parts, whole, "parts of {budget}");
        }
        let mut writer = FileWriter::leaving_out(Rc::new(vec![0]));
        let mut parts = Vec::new();
        while let Some(part) = writer.next_part(&edits, &lib, 5) {
            parts.extend_from_slice(&part);
        }
        let without_first = String::from_utf8(parts).unwrap();
        assert!(
            without_first.contains("[White \"Bea\"]") && !without_first.contains("[White \"A\"]"),
            "{without_first}"
        );
        assert!(whole.ends_with(without_first.as_bytes()), "the second game as written in the whole file");
    }
}
