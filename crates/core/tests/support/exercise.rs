//! What every hostile file goes through, in the core's tests and in the fuzz
//! targets: read, index, export (idempotent and read back to the same game),
//! also when written a part at a time, and edits at the root, the end of the main line and the deepest node,
//! each exported and read back.

#![allow(dead_code)]
use movetext_core::edit::{self, Editor};
use movetext_core::equivalent;
use movetext_core::export::{write_game, ExportOptions, GameWriter};
use movetext_core::shakmaty::Position;
use movetext_core::{read_game, FileIndex, Game, GameReader, NodeId};

/// Reads every game of `bytes`, checks the index agrees, and exports and
/// edits the first `max_games` games. Returns the number of games.
pub fn exercise(bytes: &[u8], max_games: usize) -> usize {
    let mut games = 0;
    for game in GameReader::new(bytes) {
        if games < max_games {
            exported_back(&game, false);
            edit_everywhere(&game);
        }
        games += 1;
    }
    assert_eq!(FileIndex::build(bytes).len(), games, "index and reader disagree on the games");
    games
}

/// Export is idempotent in both formats; an edited game (or one read without
/// problems) reads back to the same game, unless it is of a variant whose
/// moves (and the comments between them) are kept as text.
pub fn exported_back(game: &Game, same_game: bool) {
    let same_game = same_game && !matches!(game.variant(), movetext_core::game::Variant::Unsupported(_));
    for opts in [ExportOptions::default(), ExportOptions::reduced()] {
        let once = write_game(game, &opts);
        // Written a move or a variation at a time, the same text.
        let mut writer = GameWriter::new(game, &opts);
        while !writer.write_some(&mut || false) {}
        assert!(writer.into_text() == once, "written in parts, another text");
        let again = read_game(once.as_bytes());
        let twice = write_game(&again, &opts);
        if once != twice {
            let at = once.bytes().zip(twice.bytes()).take_while(|(a, b)| a == b).count();
            let from = at.saturating_sub(60);
            panic!(
                "export not idempotent; first difference at byte {at}:\n{:?}\n{:?}",
                String::from_utf8_lossy(&once.as_bytes()[from..(at + 60).min(once.len())]),
                String::from_utf8_lossy(&twice.as_bytes()[from..(at + 60).min(twice.len())])
            );
        }
        if same_game && opts == ExportOptions::default() {
            if let Err(e) = equivalent(game, &again) {
                panic!("export reads back to another game: {e}");
            }
        }
    }
}

/// Every node, parents before children, with its depth in plies; an
/// explicit stack, however deep the game.
pub fn nodes(game: &Game) -> Vec<(NodeId, usize)> {
    let mut out = Vec::new();
    let mut stack = vec![(game.root(), 0)];
    while let Some((id, ply)) = stack.pop() {
        out.push((id, ply));
        let kids: Vec<NodeId> = game.children(id).collect();
        stack.extend(kids.into_iter().rev().map(|k| (k, ply + 1)));
    }
    out
}

/// Edits at the root, the end of the main line and the deepest node: a
/// move, a comment with braces, a NAG, promote, main line, delete, then undo
/// of all of them; each result is exported and read back.
pub fn edit_everywhere(game: &Game) {
    let all = nodes(game);
    let deepest = all.iter().max_by_key(|(_, ply)| *ply).map_or(game.root(), |n| n.0);
    let end = *game.mainline().last().unwrap_or(&game.root());
    let before = write_game(game, &ExportOptions::default());
    for at in [game.root(), end, deepest] {
        let mut editor = Editor::new(game.clone());
        let mv = game.position(at).legal_moves().first().copied();
        if let Some(mv) = mv {
            match edit::play_move(game, at, mv) {
                Ok((played, new)) => {
                    // Games with text kept unplayed are checked for idempotence
                    // only: writing that text back verbatim is the fidelity work's.
                    exported_back(&played, !played.has_errors());
                    assert_eq!(played.parent(new), Some(at));
                    editor.apply(|g| edit::play_move(g, at, mv)).expect("a legal move is played");
                }
                // The moves of other variants are kept as text, not played.
                Err(edit::EditError::UnsupportedVariant(_)) => {}
                Err(e) => panic!("a legal move is refused: {e}"),
            }
        }
        for edited in [
            edit::set_comment_after(game, at, "a {braced} comment (with parentheses)"),
            edit::toggle_nag(game, at, 3),
            edit::promote(game, at),
            edit::make_main_line(game, at),
            edit::delete_from(game, at).map(|(g, _)| g),
        ]
        .into_iter()
        .flatten()
        {
            exported_back(&edited, !edited.has_errors());
        }
        let _ = editor.apply(|g| edit::set_comment_after(g, at, "x"));
        let _ = editor.apply(|g| edit::toggle_nag(g, at, 1));
        let _ = editor.apply(|g| edit::make_main_line(g, at));
        while editor.undo() {}
        assert_eq!(write_game(editor.game(), &ExportOptions::default()), before, "undo goes back to the game as read");
    }
}
