//! What the repertoire panel shows, as the page holds it: whether the
//! panel is open, the side and games chosen, the progress, the dashboard,
//! the drill under way and what the panel says.

use std::rc::Rc;

use movetext_core::shakmaty::Color;
use movetext_view::game::repertoire::deck::{Dashboard, Deck};
use movetext_view::game::repertoire::drill::{Drill, Scope};

/// What the panel says besides the drill: a result or a failure.
#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    /// The words.
    pub text: String,
    /// Whether it is a failure (announced at once).
    pub error: bool,
}

impl Note {
    /// A failure.
    pub fn error(text: String) -> Note {
        Note { text, error: true }
    }

    /// A result.
    pub fn said(text: &str) -> Note {
        Note { text: text.to_owned(), error: false }
    }
}

/// Repertoire training as the panel shows it.
#[derive(Clone, PartialEq)]
pub struct RepertoireView {
    /// The panel is open.
    pub open: bool,
    /// The user's side.
    pub side: Color,
    /// Every game of the file, not only the shown one.
    pub all_games: bool,
    /// What a drill keeps to.
    pub scope: Scope,
    /// The progress, once read from the store.
    pub deck: Option<Rc<Deck>>,
    /// The dashboard's counts.
    pub dashboard: Rc<Dashboard>,
    /// The drill, while training.
    pub drill: Option<Rc<Drill>>,
    /// What the panel says (an import, a failure).
    pub note: Option<Note>,
}

impl RepertoireView {
    /// Whether a drill is under way.
    pub fn drilling(&self) -> bool {
        self.drill.as_ref().is_some_and(|d| !d.finished)
    }
}
