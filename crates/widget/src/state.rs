//! A widget's state, apart from its drawing: its file, the game shown and
//! where, the game being opened, the page's requests, the board's hand and
//! the guessing of moves. Nothing here draws or sets a timer: a change is
//! made here, then drawn (`render`) by the widget's cycle (`run`), which
//! also runs the tasks the state asks for (a slice of opening a game).

use std::rc::Rc;

use movetext_core::export::ExportOptions;
use movetext_core::shakmaty::{Color, Move, Position};
use movetext_core::Game;
use movetext_view::game::board_interaction::Interaction;
use movetext_view::game::editing::Edits;
use movetext_view::game::library::Library;
use movetext_view::game::model::{NodeIx, SharedGame, ViewGame};
use movetext_view::game::move_times::move_times;
use movetext_view::game::opener::{At, Next, Opened, Opener, Ticket};
use movetext_view::game::training::{Feedback, Training};
use movetext_view::game::url_state::{path_of, start_node};
use movetext_view::game::viewer::{Action, Nav, ViewerState as Viewer};
use movetext_view::text::i18n::Lang;
use movetext_view::widget_config::{library_of, WidgetOptions};

use crate::dom;

/// The game being opened, and what the page asked of it meanwhile.
struct Opening {
    /// The opens asked for and shown, and the view being built.
    opener: Opener,
    /// Where the game being opened is to be shown.
    at: At,
    /// The game being opened as the page reads it (built at once when the
    /// page asks), and the node the page asked for meanwhile.
    reading: Option<SharedGame>,
    pending: Option<NodeIx>,
    /// An open whose next slice is to run in a task to come.
    due: Option<Ticket>,
}

/// A widget's state.
pub struct State {
    /// Its options.
    pub opts: WidgetOptions,
    /// The file shown, its edits (moves made on the board) and the game's index.
    library: Rc<Library>,
    edits: Edits,
    index: usize,
    /// The game shown, the node, the orientation and autoplay.
    pub viewer: Viewer,
    opening: Opening,
    /// Requests of the page made, and drawn.
    requested: u64,
    drawn: u64,
    /// The menu is open.
    pub menu_open: bool,
    /// When the pointer last let go of the board (a move made with it is
    /// not slid).
    pub pointer_up: f64,
    /// What the pointer and the keyboard are doing on the board.
    pub hand: Interaction,
    /// The board's pointer is pressed (its focus then shows no cursor).
    pub pressed: bool,
    /// The legal moves of the position shown, by its FEN.
    legal: (String, Rc<Vec<Move>>),
    /// Guessing the game's moves (the `train` mode), while on.
    training: Option<Training>,
    /// The `game` option as the page wrote it, to say when it names no game.
    pub game_text: Option<String>,
}

impl State {
    /// The state of a widget showing `pgn`, its game not yet opened.
    pub fn new(opts: WidgetOptions, pgn: String) -> State {
        let library = Rc::new(library_of(&opts, pgn));
        let index = opts.game.min(library.len().saturating_sub(1));
        let mut opener = Opener::default();
        // Opening until its first game is shown.
        opener.expect();
        let at = At::Ply(opts.ply.clone());
        State {
            opts,
            library,
            edits: Edits::new(),
            index,
            viewer: Viewer::new(ViewGame::build(&Game::default())),
            opening: Opening { opener, at, reading: None, pending: None, due: None },
            // The mount is the first request: drawn once its game is shown.
            requested: 1,
            drawn: 0,
            menu_open: false,
            pointer_up: 0.0,
            hand: Interaction::default(),
            pressed: false,
            legal: (String::new(), Rc::new(Vec::new())),
            training: None,
            game_text: None,
        }
    }

    /// Opens the widget's game at the `ply` option (at the start of a file).
    pub fn open_first(&mut self, start: f64) {
        let at = At::Ply(self.opts.ply.clone());
        self.open_index(self.index, at, start);
    }

    /// Opens game `index` of the file (with its edits) at `at`.
    fn open_index(&mut self, index: usize, at: At, start: f64) {
        self.index = index.min(self.library.len().saturating_sub(1));
        match self.edits.game(&self.library, self.index) {
            Some(game) => self.open_game(game, at, start),
            None => self.opening.opener.settle(),
        }
    }

    /// Opens `game` at `at`: at once when its view is built within a
    /// slice, else in slices that yield to the page ([`State::take_due`]).
    fn open_game(&mut self, game: Rc<Game>, at: At, start: f64) {
        // What the page read or asked for belongs to the opening before.
        self.opening.at = at.clone();
        self.opening.reading = None;
        self.opening.pending = None;
        match self.opening.opener.open(game, self.index, at, start, dom::now) {
            Next::Show(opened) => self.opened(opened),
            Next::Later(ticket) => self.opening.due = Some(ticket),
            Next::Dropped => {}
        }
    }

    /// Goes on with open `ticket` in a task of its own: a slice more, its
    /// view built (to show, [`State::opened`]), or nothing (dropped).
    pub fn resume(&mut self, ticket: Ticket) -> Next {
        self.opening.opener.resume(ticket, dom::now)
    }

    /// The open whose next slice is to run in a task to come, if any.
    pub fn take_due(&mut self) -> Option<Ticket> {
        self.opening.due.take()
    }

    /// A game's view is built: it is shown.
    pub fn opened(&mut self, opened: Opened) {
        let node = self.opening.pending.take().unwrap_or_else(|| opened.at.node(&opened.view));
        self.viewer.apply(Action::Open { game: SharedGame(Rc::new(opened.view)), index: self.index, at: node });
        self.opening.reading = None;
    }

    /// Whether a game is being opened.
    pub fn opening(&self) -> bool {
        self.opening.opener.busy()
    }

    /// Drops the game being built (the widget goes away).
    pub fn stop_opening(&mut self) {
        self.opening.opener.cancel();
    }

    /// The game as the page reads it: the one being opened (built now if
    /// need be), else the one shown; and its node.
    fn read(&mut self) -> (SharedGame, NodeIx) {
        if !self.opening() {
            return (self.viewer.game.clone(), self.viewer.current);
        }
        if self.opening.reading.is_none() {
            let view = match self.edits.game(&self.library, self.index) {
                Some(game) => ViewGame::build(&*game),
                None => ViewGame::build(&Game::default()),
            };
            self.opening.reading = Some(SharedGame(Rc::new(view)));
        }
        let game = self.opening.reading.clone().expect("built above");
        let node = self.opening.pending.unwrap_or_else(|| self.opening.at.node(&game));
        (game, node)
    }

    /// Goes to a half-move number, `first`, `last`, or a path.
    pub fn go_to(&mut self, target: &str) {
        let (game, now) = self.read();
        let node = start_node(&game, Some(target));
        if node == now {
            return;
        }
        self.requested += 1;
        if self.opening() {
            self.opening.pending = Some(node);
        } else {
            self.viewer.apply(Action::Goto(node));
        }
    }

    /// Turns the board around (a request of the page).
    pub fn flip(&mut self) {
        self.requested += 1;
        self.viewer.apply(Action::Nav(Nav::Flip));
    }

    /// Shows another PGN.
    pub fn set_pgn(&mut self, pgn: String) {
        self.requested += 1;
        self.library = Rc::new(library_of(&self.opts, pgn));
        self.edits.clear();
        self.opening.pending = None;
        self.opening.reading = None;
        let index = self.opts.game.min(self.library.len().saturating_sub(1));
        self.open_index(index, At::Ply(self.opts.ply.clone()), dom::now());
    }

    /// Shows another game of the file, from its start.
    pub fn choose_game(&mut self, index: usize) {
        self.opening.pending = None;
        self.opening.reading = None;
        self.open_index(index, At::Ply(None), dom::now());
    }

    /// A move made on the board: added to the game (as a variation if
    /// another move follows) and shown. Adding it counts towards the first
    /// slice of building the game's view.
    pub fn play(&mut self, mv: Move) {
        let start = dom::now();
        let key = self.viewer.game.node(self.viewer.current).key;
        let result = self.edits.play(&self.library, self.index, key, mv);
        if let (Ok(k), Some(g)) = (result, self.edits.game(&self.library, self.index)) {
            self.open_game(g, At::Key(k), start);
        }
    }

    /// The FEN shown (or about to be).
    pub fn fen(&mut self) -> String {
        let (game, node) = self.read();
        game.node(node.min(game.nodes.len().saturating_sub(1))).fen()
    }

    /// Whether the move shown (or about to be) is the main line's last.
    pub fn at_end(&mut self) -> bool {
        let (game, node) = self.read();
        game.line_end(0) == node
    }

    /// The game in PGN: as written when not changed, else in export format.
    pub fn pgn(&self) -> String {
        self.edits.game_text(&self.library, self.index, &ExportOptions::default())
    }

    /// The last request drawn.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// The number of the last request.
    pub fn requested(&self) -> u64 {
        self.requested
    }

    /// Notes the requests drawn: all of them once the game is open and the
    /// node the page asked for is shown.
    pub fn note_drawn(&mut self) {
        if !self.opening() && self.opening.pending.is_none() {
            self.drawn = self.requested;
        }
    }

    /// The reader's language.
    pub fn lang(&self) -> Lang {
        self.opts.lang
    }

    /// The file shown.
    pub fn library(&self) -> &Library {
        &self.library
    }

    /// The index of the game shown in its file.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Black at the bottom (the option or the game's `Orientation` tag,
    /// turned by the reader).
    pub fn flipped(&self) -> bool {
        let game = &self.viewer.game;
        let first = match self.opts.orientation {
            Some(c) => c.is_black(),
            None => game.tag("Orientation").is_some_and(|o| o.trim().eq_ignore_ascii_case("black")),
        };
        first != self.viewer.flipped
    }

    /// The address that opens this game at the shown move in the app.
    pub fn open_url(&self) -> Option<String> {
        let app = self.opts.app.as_ref()?;
        let path = path_of(&self.viewer.game, self.viewer.current);
        Some(match &self.opts.source {
            Some(src) => {
                format!("{app}?url={}#game={}&ply={path}", js_sys::encode_uri_component(src), self.index + 1)
            }
            // The game as the widget has it (with moves made on it), carried in the address.
            None => format!("{app}#game=1&ply={path}&pgn={}", js_sys::encode_uri_component(&self.pgn())),
        })
    }

    /// What is wrong with the `game` or the `fen` option, in the reader's
    /// words (the widget shows the first game, the last, or the start
    /// position in their place); or that the game is of a variant, whose
    /// moves the app plays.
    pub fn notice(&self) -> Option<String> {
        let lang = self.opts.lang;
        let count = self.library.len();
        if let Some(written) = self.game_text.as_deref().map(str::trim).filter(|g| !g.is_empty()) {
            let number = written.bytes().any(|b| b.is_ascii_digit())
                && written.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'+');
            if !number {
                return Some(lang.say("widget-bad-game", &[("game", written)]));
            }
            if self.opts.game >= count && count > 0 {
                return Some(lang.say("widget-no-game", &[("game", written), ("count", &count.to_string())]));
            }
        }
        let said = |key: &str| self.viewer.game.diagnostics.iter().any(|d| d.key == key);
        if self.opts.fen.is_some() && count == 1 && (said("fen-unreadable") || said("fen-illegal")) {
            return Some(lang.text("widget-bad-fen").to_owned());
        }
        // The widget plays no variant: the app does.
        said("variant-unsupported").then(|| lang.text("widget-variant").to_owned())
    }

    /// The game's players, for a downloaded file's name.
    pub fn title(&self) -> String {
        let g = &self.viewer.game;
        format!("{} – {}", g.tag("White").unwrap_or("White"), g.tag("Black").unwrap_or("Black"))
    }

    /// The moves that can be made on the board: the legal moves of the
    /// position shown in an editable widget, else none.
    pub fn legal(&mut self) -> Rc<Vec<Move>> {
        if !self.opts.editable && self.training.is_none() {
            return Rc::new(Vec::new());
        }
        let node = self.viewer.game.node(self.viewer.current);
        let fen = node.fen();
        if self.legal.0 != fen {
            self.legal = (fen, Rc::new(node.pos.legal_moves().into_iter().collect()));
        }
        self.legal.1.clone()
    }

    /// Guessing the game's moves, while on.
    pub fn training(&self) -> Option<&Training> {
        self.training.as_ref()
    }

    /// Whether the reader is guessing the game's moves.
    pub fn training_on(&self) -> bool {
        self.training.is_some()
    }

    /// Starts guessing `side`'s moves from the shown position.
    pub fn start_training(&mut self, side: Color) {
        self.training = Some(Training::new(side));
    }

    /// Stops guessing.
    pub fn stop_training(&mut self) {
        self.training = None;
    }

    /// The game's next move from the shown position, and its node.
    fn expected(&self) -> (Option<NodeIx>, Option<Move>) {
        let next = self.viewer.game.next(self.viewer.current);
        (next, next.and_then(|n| self.viewer.game.node(n).mv))
    }

    /// A guess made on the board: right, the game goes on with it.
    pub fn guess(&mut self, played: Move) {
        let (next, expected) = self.expected();
        let game = self.viewer.game.clone();
        let tried = {
            let pos = &game.node(self.viewer.current).pos;
            movetext_core::shakmaty::san::San::from_move(pos, played).to_string()
        };
        let Some(t) = self.training.as_mut() else { return };
        if t.guess(expected.as_ref(), &played, &tried) {
            if let Some(n) = next {
                t.feedback = Some(Feedback::Right(game.numbered_san(n)));
                self.viewer.apply(Action::Goto(n));
            }
        }
    }

    /// Shows where the game's move starts.
    pub fn hint(&mut self) {
        let (_, expected) = self.expected();
        if let Some(t) = self.training.as_mut() {
            t.hint(expected.as_ref());
        }
    }

    /// Plays the game's move for the reader.
    pub fn reveal(&mut self) {
        let (next, _) = self.expected();
        let (Some(t), Some(n)) = (self.training.as_mut(), next) else { return };
        t.reveal(&self.viewer.game.numbered_san(n));
        self.viewer.apply(Action::Goto(n));
    }

    /// While training, at node `current` of `game`: the end of the line is
    /// said, and the node the game replies with (after a moment) when it is
    /// the game's turn.
    pub fn train_on(&mut self, game: &ViewGame, current: NodeIx) -> Option<NodeIx> {
        let t = self.training.as_mut()?;
        match game.next(current) {
            Some(next) if t.side != game.node(current).turn() => Some(next),
            None => {
                t.feedback = Some(Feedback::Done);
                None
            }
            Some(_) => None,
        }
    }

    /// While autoplay is on at node `current` of `game`, how long to wait
    /// before the next move, in milliseconds: the delay, or at the real pace
    /// the time the next move took (divided by the pace; between 0.1 and 30
    /// seconds).
    pub fn autoplay_wait(&self, game: &ViewGame, current: NodeIx) -> Option<u32> {
        if !self.viewer.playing {
            return None;
        }
        let next = game.next(current);
        let tenths = self.viewer.pace.and_then(|_| {
            let next = next?;
            move_times(game).into_iter().find(|t| t.node == next).and_then(|t| t.tenths)
        });
        Some(match (self.viewer.pace, tenths) {
            (Some(pace), Some(tenths)) => (tenths.saturating_mul(100) / pace).clamp(100, 30_000),
            _ => self.viewer.delay,
        })
    }
}
