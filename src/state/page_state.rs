//! The app page's own state, in one reducer: its message, the paste panel,
//! dragging, the game list's filter, sort and order, the move menu, the
//! open dialog, the notation, and the banners about saved edits.

use std::rc::Rc;

use movetext_view::game::library::SortBy;
use movetext_view::game::model::NodeIx;
use movetext_view::text::notation::Notation;
use yew::Reducible;

use crate::state::game_order::GameOrder;

/// A message over the page: an error, or news.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Notice {
    /// An error (else news).
    pub error: bool,
    /// What it says.
    pub text: String,
}

/// Which comment of a move to edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentSide {
    /// Before the move.
    Before,
    /// After the move.
    After,
}

/// An open dialog.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Dialog {
    /// The comment before or after a move.
    Comment(NodeIx, CommentSide),
    /// The game's tags.
    Tags,
    /// A new game or position.
    Setup,
    /// Export.
    Export,
    /// An image of the shown position.
    Image,
    /// The game laid out for print.
    Print,
    /// The documents kept in this browser.
    Documents,
    /// Importing games from lichess or chess.com.
    Import,
}

/// A set of games the game list is limited to (the games that reach a
/// position, the duplicates), besides its filter.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Subset {
    /// What the games have in common, as the list says it.
    pub label: String,
    /// The games, in file order.
    pub games: Rc<Vec<u32>>,
    /// For the games of a position: (game, ply at which it reaches it),
    /// sorted by game; a game opens at that ply.
    pub plies: Option<Rc<Vec<(u32, u32)>>>,
}

impl Subset {
    /// The ply at which game `game` reaches the position, if this is a
    /// position's subset and the game is in it.
    pub fn ply_of(&self, game: usize) -> Option<u32> {
        let plies = self.plies.as_ref()?;
        let at = plies.binary_search_by_key(&(game as u32), |p| p.0).ok()?;
        Some(plies[at].1)
    }
}

/// The game list's filter and sort.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ListView {
    /// The filter text.
    pub filter: String,
    /// By what, and whether descending.
    pub sort: (SortBy, bool),
}

impl Default for ListView {
    fn default() -> ListView {
        ListView { filter: String::new(), sort: (SortBy::File, false) }
    }
}

/// The page's state.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PageState {
    /// The message shown over the page.
    pub notice: Option<Notice>,
    /// Files are being dragged over the page.
    pub dragging: bool,
    /// The paste panel is open.
    pub paste_open: bool,
    /// The game list's filter.
    pub filter: String,
    /// The games the list is limited to, if any.
    pub subset: Option<Subset>,
    /// The game list's sort: by what, and whether descending.
    pub sort: (SortBy, bool),
    /// The game list's order for that filter and sort.
    pub order: GameOrder,
    /// A filter or a sort is under way.
    pub sorting: bool,
    /// The move menu: its move and where it opens.
    pub menu: Option<(NodeIx, (i32, i32))>,
    /// The open dialog.
    pub dialog: Option<Dialog>,
    /// How moves are written.
    pub notation: Notation,
    /// Saved edits were put back (the banner asks to keep or discard them).
    pub restored: bool,
    /// Saved edits were not opened after the page stopped on them.
    pub held_back: bool,
    /// Counts the edits, so that the page is drawn again after each.
    pub edits: u64,
    /// Text was pasted that holds no game: the start of it, while the page
    /// asks whether to open it anyway.
    pub asked_paste: Option<String>,
}

impl PageState {
    /// The state at start, writing moves so.
    pub fn new(notation: Notation) -> PageState {
        PageState {
            notice: None,
            dragging: false,
            paste_open: false,
            filter: String::new(),
            subset: None,
            sort: (SortBy::File, false),
            order: GameOrder::default(),
            sorting: false,
            menu: None,
            dialog: None,
            notation,
            restored: false,
            held_back: false,
            edits: 0,
            asked_paste: None,
        }
    }
}

/// A change of the page's state.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum PageAction {
    /// Show a message, or none.
    Notice(Option<Notice>),
    /// Show an error.
    Error(String),
    /// Files are (not) dragged over the page.
    Dragging(bool),
    /// Open or close the paste panel.
    TogglePaste,
    /// Filter the game list.
    Filter(String),
    /// Limit the game list to a set of games, or not.
    Subset(Option<Subset>),
    /// Sort the game list by a column: again by the same one reverses it.
    Sort(SortBy),
    /// A filter or a sort has begun.
    Sorting,
    /// The game list's order is ready.
    Ordered(GameOrder),
    /// Open the move menu, or close it.
    Menu(Option<(NodeIx, (i32, i32))>),
    /// Open a dialog, or close it.
    Dialog(Option<Dialog>),
    /// Close the dialog and the menu.
    CloseAll,
    /// Write moves so.
    Notation(Notation),
    /// Show or hide the banner of restored edits.
    Restored(bool),
    /// Show or hide the banner of edits held back.
    HeldBack(bool),
    /// An edit was made.
    Edited,
    /// Ask whether to open pasted text that holds no game (its start), or
    /// stop asking.
    AskPaste(Option<String>),
    /// A file is open: the list's filter and sort start afresh, messages
    /// and the paste panel close; `restored` says whether saved edits came
    /// back with it.
    FileOpened {
        /// Saved edits came back with the file.
        restored: bool,
        /// The list's filter and sort this tab had for the file (after a
        /// reload), else none: they start afresh.
        list: Option<ListView>,
    },
}

impl PageState {
    pub(crate) fn apply(&mut self, action: PageAction) {
        match action {
            PageAction::Notice(notice) => self.notice = notice,
            PageAction::Error(text) => self.notice = Some(Notice { error: true, text }),
            PageAction::Dragging(on) => self.dragging = on,
            PageAction::TogglePaste => self.paste_open = !self.paste_open,
            PageAction::Filter(text) => self.filter = text,
            PageAction::Subset(subset) => self.subset = subset,
            PageAction::Sort(by) => {
                let (old, descending) = self.sort;
                self.sort = (by, old == by && !descending);
            }
            PageAction::Sorting => self.sorting = true,
            PageAction::Ordered(order) => {
                self.order = order;
                self.sorting = false;
            }
            PageAction::Menu(menu) => self.menu = menu,
            PageAction::Dialog(dialog) => self.dialog = dialog,
            PageAction::CloseAll => {
                self.dialog = None;
                self.menu = None;
            }
            PageAction::Notation(notation) => self.notation = notation,
            PageAction::Restored(on) => self.restored = on,
            PageAction::HeldBack(on) => self.held_back = on,
            PageAction::Edited => self.edits += 1,
            PageAction::AskPaste(text) => self.asked_paste = text,
            PageAction::FileOpened { restored, list } => {
                let list = list.unwrap_or_default();
                self.restored = restored;
                self.filter = list.filter;
                self.subset = None;
                self.sort = list.sort;
                self.notice = None;
                self.paste_open = false;
                self.asked_paste = None;
            }
        }
    }
}

impl Reducible for PageState {
    type Action = PageAction;

    fn reduce(self: Rc<Self>, action: PageAction) -> Rc<Self> {
        crate::state::changed(self, |next| next.apply(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_by_a_column_twice_reverses_it() {
        let mut s = PageState::new(Notation::San);
        s.apply(PageAction::Sort(SortBy::White));
        assert_eq!(s.sort, (SortBy::White, false));
        s.apply(PageAction::Sort(SortBy::White));
        assert_eq!(s.sort, (SortBy::White, true));
        s.apply(PageAction::Filter("Carlsen".into()));
        s.apply(PageAction::TogglePaste);
        s.apply(PageAction::FileOpened { restored: true, list: None });
        assert_eq!((s.sort, s.filter.as_str(), s.paste_open, s.restored), ((SortBy::File, false), "", false, true));
    }
}
