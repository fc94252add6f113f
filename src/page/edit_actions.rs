//! What the app's editing controls do: apply an edit to the open game and
//! show it, undo and redo, open the comment dialog and the move menu; and
//! the keyboard shortcuts' targets, refreshed at every drawing.

use movetext_core::NodeId;
use movetext_view::game::editing::EditOp;
use movetext_view::game::model::NodeIx;
use yew::prelude::*;

use crate::page::key_context::KeyContext;
use crate::page::saving::use_saver;
use crate::page::session::Session;
use crate::state::opener::At;
use crate::state::page_state::CommentSide;
use crate::state::page_state::{Dialog, PageAction};
use crate::state::slice_clock::now;

/// The editing callbacks of the shown game.
pub(crate) struct EditActions {
    /// Applies an edit to the open game and shows it.
    pub edit: Callback<EditOp>,
    /// Undoes the last edit of the open game.
    pub undo: Callback<()>,
    /// Redoes it.
    pub redo: Callback<()>,
    /// Whether there is something to undo, to redo.
    pub can_undo: bool,
    /// Whether there is something to redo.
    pub can_redo: bool,
    /// Opens the comment dialog of a move.
    pub comment: Callback<(NodeIx, CommentSide)>,
    /// Opens the move menu at a move, where the pointer is.
    pub context: Callback<(NodeIx, i32, i32)>,
    /// Stores the edits.
    pub save: Callback<()>,
}

/// The editing callbacks, for the game and move shown now.
#[hook]
pub(crate) fn use_edit_actions(session: &Session) -> EditActions {
    let save = use_saver(session);
    let index = session.viewer.game_index;
    let current = session.viewer.current;
    let current_key = session.viewer.game.node(current).key;
    // The game again after an edit begun at `start`, at a node: the edit's
    // own work counts towards the first slice of building the game's view
    // (in a long game the edit and a whole slice made one task of 50 ms).
    let reopen = {
        let session = session.clone();
        move |key: Option<NodeId>, start: f64| {
            let game = session.edits.borrow().game(&session.library.lib.borrow(), index);
            if let Some(game) = game {
                session.opener.open_game(game, index, key.map_or(At::Ply(None), At::Key), start);
                session.act(PageAction::Edited);
            }
        }
    };
    let edit = {
        let (session, reopen, save) = (session.clone(), reopen.clone(), save.clone());
        Callback::from(move |op: EditOp| {
            let start = now();
            let stay = matches!(op, EditOp::Tags(_) | EditOp::Annotate(_));
            let result = session.edits.borrow_mut().apply(&session.library.lib.borrow(), index, op);
            match result {
                Ok(key) => {
                    reopen(Some(if stay { current_key } else { key }), start);
                    save.emit(());
                }
                Err(e) => session.act(PageAction::Error(e.to_string())),
            }
        })
    };
    let history = |redo: bool| {
        let (edits, reopen, save) = (session.edits.clone(), reopen.clone(), save.clone());
        Callback::from(move |()| {
            let start = now();
            let done = if redo { edits.borrow_mut().redo(index) } else { edits.borrow_mut().undo(index) };
            if done {
                reopen(Some(current_key), start);
                save.emit(());
            }
        })
    };
    let (can_undo, can_redo) = session.edits.borrow().history(index);
    let comment = {
        let page = session.page.dispatcher();
        Callback::from(move |(ix, side): (NodeIx, CommentSide)| {
            page.dispatch(PageAction::Dialog(Some(Dialog::Comment(ix, side))))
        })
    };
    let context = {
        let page = session.page.dispatcher();
        use_callback((), move |(ix, x, y): (NodeIx, i32, i32), _| page.dispatch(PageAction::Menu(Some((ix, (x, y))))))
    };
    let actions =
        EditActions { edit, undo: history(false), redo: history(true), can_undo, can_redo, comment, context, save };
    // The shortcuts act on this drawing's game and move.
    let open_menu = {
        let page = session.page.dispatcher();
        Callback::from(move |()| {
            let at = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(".mv.current").ok().flatten())
                .map(|el| {
                    let r = el.get_bounding_client_rect();
                    (r.left() as i32, r.bottom() as i32)
                })
                .unwrap_or((200, 200));
            page.dispatch(PageAction::Menu(Some((current, at))));
        })
    };
    let close = {
        let page = session.page.dispatcher();
        Callback::from(move |()| page.dispatch(PageAction::CloseAll))
    };
    *session.jobs.key_context.borrow_mut() = Some(KeyContext {
        edit: actions.edit.clone(),
        undo: actions.undo.clone(),
        redo: actions.redo.clone(),
        comment: actions.comment.clone(),
        menu: open_menu,
        close,
        current,
        key: current_key,
        blocked: session.page.dialog.is_some() || session.page.menu.is_some(),
        analysis: Callback::noop(),
        training: false,
    });
    actions
}
