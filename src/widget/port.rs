//! What the page and a widget share: the page's requests, answered at once
//! (`goTo` then `getFen` gives the new position, `setPgn` then `getPgn` the
//! new game, before anything is drawn), and a count of the requests drawn,
//! so that the script can tell the page when they are on screen.

use std::cell::RefCell;
use std::rc::Rc;

use movetext_core::export::ExportOptions;
use yew::prelude::*;

use crate::state::editing::Edits;
use crate::state::library::Library;
use crate::state::model::{NodeIx, SharedGame, ViewGame};
use crate::state::url_state::start_node;
use crate::widget::config::WidgetOptions;

/// A request from the page, as the widget carries it out.
#[derive(Clone)]
pub enum Command {
    /// Show this node of the game shown.
    GoTo(NodeIx),
    /// Turn the board around.
    Flip,
    /// Show the port's new file (its edits were cleared).
    SetPgn,
}

/// The widget's state as the page sees it.
pub struct PortInner {
    /// Set by the widget when it mounts.
    pub inbox: Option<Callback<Command>>,
    /// The options the widget was mounted with.
    pub options: WidgetOptions,
    /// The widget's file, its edits (moves made on the board) and the
    /// game's index.
    pub source: (Rc<Library>, Rc<RefCell<Edits>>, usize),
    /// The game shown (or about to be, after `setPgn`), and its node.
    pub game: Option<SharedGame>,
    /// The node of `game` shown (or about to be).
    pub current: NodeIx,
    /// A new PGN was set and the widget does not show its game yet.
    pub opening: bool,
    /// A `goTo` made while opening, for when the game is shown.
    pub pending_goto: Option<NodeIx>,
    /// Requests made (their number).
    pub requested: u64,
    /// Requests whose effect has been drawn.
    pub drawn: u64,
}

/// A shared [`PortInner`]; equal when it is the same port.
#[derive(Clone)]
pub struct WidgetPort(pub Rc<RefCell<PortInner>>);

impl PartialEq for WidgetPort {
    fn eq(&self, other: &WidgetPort) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

pub(crate) use movetext_view::widget_config::library_of;

impl WidgetPort {
    /// A port for a widget mounted with `options`, showing `pgn` (the
    /// options' own `pgn` is not read: a long text is not copied): its game
    /// can be read (and moved through) at once, before the widget has
    /// drawn it.
    pub fn new(options: WidgetOptions, pgn: String) -> WidgetPort {
        let library = Rc::new(library_of(&options, pgn));
        let index = options.game.min(library.len().saturating_sub(1));
        WidgetPort(Rc::new(RefCell::new(PortInner {
            inbox: None,
            options,
            source: (library, Rc::new(RefCell::new(Edits::new())), index),
            game: None,
            current: 0,
            opening: true,
            pending_goto: None,
            // The mount is the first request: drawn once its game is shown.
            requested: 1,
            drawn: 0,
        })))
    }

    /// The widget's file, its edits and the game's index.
    pub fn source(&self) -> (Rc<Library>, Rc<RefCell<Edits>>, usize) {
        self.0.borrow().source.clone()
    }

    fn send(&self, command: Command) {
        let inbox = {
            let mut port = self.0.borrow_mut();
            port.requested += 1;
            port.inbox.clone()
        };
        if let Some(inbox) = inbox {
            inbox.emit(command);
        }
    }

    /// The number of the last request; the page's promise for it resolves
    /// when [`WidgetPort::drawn`] reaches it.
    pub fn requested(&self) -> u64 {
        self.0.borrow().requested
    }

    /// The last request drawn.
    pub fn drawn(&self) -> u64 {
        self.0.borrow().drawn
    }

    /// The game shown or about to be, built now if the widget has not yet
    /// (a `getFen` right after `setPgn`).
    fn game(&self) -> Option<SharedGame> {
        let mut port = self.0.borrow_mut();
        if port.game.is_none() {
            let (library, edits, index) = port.source.clone();
            let game = edits.borrow().game(&library, index)?;
            let view = SharedGame(Rc::new(ViewGame::build(&*game)));
            port.current = start_node(&view, port.options.ply.as_deref());
            port.game = Some(view);
        }
        port.game.clone()
    }

    /// Goes to a half-move number, `first`, `last`, or a path.
    pub fn go_to(&self, target: &str) {
        let Some(game) = self.game() else { return };
        let node = start_node(&game, Some(target));
        if node == self.0.borrow().current && self.0.borrow().pending_goto.is_none_or(|n| n == node) {
            // Shown already, or asked already: nothing new to draw.
            return;
        }
        let opening = {
            let mut port = self.0.borrow_mut();
            port.current = node;
            if port.opening {
                port.pending_goto = Some(node);
            }
            port.opening
        };
        if opening {
            self.0.borrow_mut().requested += 1;
        } else {
            self.send(Command::GoTo(node));
        }
    }

    /// Turns the board around.
    pub fn flip(&self) {
        self.send(Command::Flip);
    }

    /// Shows another game of the same source (its index).
    pub fn choose_game(&self, index: usize) {
        {
            let mut port = self.0.borrow_mut();
            let len = port.source.0.len();
            port.source.2 = index.min(len.saturating_sub(1));
            port.game = None;
            port.pending_goto = None;
        }
    }

    /// Shows another PGN: from now on the page reads its game.
    pub fn set_pgn(&self, pgn: String) {
        {
            let mut port = self.0.borrow_mut();
            let library = Rc::new(library_of(&port.options, pgn));
            let index = port.options.game.min(library.len().saturating_sub(1));
            let edits = port.source.1.clone();
            edits.borrow_mut().clear();
            port.source = (library, edits, index);
            port.game = None;
            port.opening = true;
            port.pending_goto = None;
        }
        self.send(Command::SetPgn);
    }

    /// The FEN shown (or about to be).
    pub fn fen(&self) -> String {
        match self.game() {
            Some(game) => {
                let current = self.0.borrow().current;
                game.node(current.min(game.nodes.len().saturating_sub(1))).fen()
            }
            None => String::new(),
        }
    }

    /// Whether the move shown (or about to be) is the main line's last.
    pub fn at_end(&self) -> bool {
        self.game().is_some_and(|game| game.line_end(0) == self.0.borrow().current)
    }

    /// The game in PGN: as written when not changed, else in export format.
    pub fn pgn(&self) -> String {
        let (library, edits, index) = self.source();
        let text = edits.borrow().game_text(&library, index, &ExportOptions::default());
        text
    }
}
