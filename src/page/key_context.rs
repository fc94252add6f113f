//! What the keyboard shortcuts act on: the page's editing callbacks and the
//! shown move, written at every drawing and read by the window's listeners.

use movetext_core::NodeId;
use movetext_view::game::editing::EditOp;
use movetext_view::game::model::NodeIx;
use yew::prelude::*;

use crate::state::page_state::CommentSide;

/// What the keyboard shortcuts act on, refreshed at every render.
#[derive(Clone)]
pub(crate) struct KeyContext {
    /// Applies an edit to the shown game.
    pub edit: Callback<EditOp>,
    /// Undoes the last edit.
    pub undo: Callback<()>,
    /// Redoes it.
    pub redo: Callback<()>,
    /// Opens a move's comment dialog.
    pub comment: Callback<(NodeIx, CommentSide)>,
    /// Opens the shown move's menu.
    pub menu: Callback<()>,
    /// Closes the dialog and the menu.
    pub close: Callback<()>,
    /// The shown node.
    pub current: NodeIx,
    /// Its key in the game tree.
    pub key: NodeId,
    /// A dialog or the menu is open: the shortcuts wait.
    pub blocked: bool,
    /// Turns analysis on or off (L).
    pub analysis: Callback<()>,
    /// Training: the keys that would show moves to come do nothing.
    pub training: bool,
}
