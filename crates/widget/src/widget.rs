//! A mounted widget: its file, the game shown and where, and its drawing.
//! Each change (a request of the page, a click, a key, an autoplay step)
//! changes the state and then draws what differs from what is on screen:
//! each part's markup is kept, and a part is written again only when its
//! markup changed. The controls are not written again: their state is set
//! on them, so a focused button keeps its focus.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use js_sys::{Function, Reflect};
use movetext_core::export::ExportOptions;
use movetext_core::shakmaty::{Board, Color, Move, Position};
use movetext_core::{Game, NodeId};
use movetext_view::board_description::describe;
use movetext_view::board_interaction::Interaction;
use movetext_view::board_markup;
use movetext_view::editing::Edits;
use movetext_view::i18n::Lang;
use movetext_view::library::Library;
use movetext_view::model::{NodeIx, SharedGame, ViewBuilder, ViewGame};
use movetext_view::move_times::move_times;
use movetext_view::training::{moves_so_far, panel, Feedback, Training};
use movetext_view::url_state::{path_of, start_node};
use movetext_view::viewer::{Action, Nav, ViewerState as Viewer};
use movetext_view::widget_config::{library_of, WidgetOptions};
use wasm_bindgen::JsValue;
use web_sys::Element;

use crate::dom::{self, find, set_attr};
use crate::events::Listeners;
use crate::move_list::MoveList;
use crate::shell;

/// How long the game waits before replying to a right guess, in milliseconds.
const REPLY_MS: i32 = 600;

/// A slice of work on the page's thread, in milliseconds.
pub const SLICE_MS: f64 = 16.0;

/// A widget shared by its listeners, timers and the page's handle.
pub type Shared = Rc<RefCell<Widget>>;

/// Where to show a game once it is open.
#[derive(Clone, Debug)]
pub enum At {
    /// A ply or a path as the `ply` option names it; none is the start.
    Ply(Option<String>),
    /// A node by its key in the source game.
    Key(NodeId),
}

/// The node of `view` that `at` names.
fn node_at(view: &ViewGame, at: &At) -> NodeIx {
    match at {
        At::Ply(ply) => start_node(view, ply.as_deref()),
        At::Key(key) => view.by_key(*key).unwrap_or(0),
    }
}

/// What is on screen, to write only what changed.
#[derive(Default)]
struct Shown {
    /// Each slot's markup, by the slot's name (a dozen slots: a list).
    slots: Vec<(&'static str, String)>,
    flipped: Option<bool>,
    fen: String,
    board: Option<Board>,
    pieces: String,
    highlights: String,
    arrows: String,
    delays: String,
    label: String,
    under: String,
    over: String,
    takes_moves: bool,
    reported: Option<(usize, NodeIx)>,
}

/// A mounted widget.
pub struct Widget {
    /// The element it is drawn in.
    root: Element,
    /// Its options.
    pub opts: WidgetOptions,
    lang: Lang,
    /// The file shown, its edits (moves made on the board) and the game's index.
    library: Rc<Library>,
    edits: Edits,
    index: usize,
    /// The game shown, the node, the orientation and autoplay.
    pub viewer: Viewer,
    /// The number of the latest opening asked for, and whether it is
    /// still being built.
    ticket: u64,
    opening: bool,
    /// Where the game being opened is to be shown.
    opening_at: At,
    /// The game being opened as the page reads it (built at once when the
    /// page asks), and the node the page asked for meanwhile.
    reading: Option<SharedGame>,
    pending: Option<NodeIx>,
    /// Requests of the page made, and drawn.
    requested: u64,
    drawn: u64,
    /// The frame, once written.
    frame: Option<Element>,
    shown: Shown,
    /// The move list.
    list: Option<MoveList>,
    /// The menu is open.
    pub menu_open: bool,
    /// Autoplay's timer.
    autoplay: Option<i32>,
    /// When the pointer last let go of the board (a move made with it is
    /// not slid).
    pub pointer_up: f64,
    on_move: Option<Function>,
    on_drawn: Option<Function>,
    /// What the pointer and the keyboard are doing on the board.
    pub hand: Interaction,
    /// The board's pointer is pressed (its focus then shows no cursor).
    pub pressed: bool,
    /// The legal moves of the position shown, by its FEN.
    legal: (String, Rc<Vec<Move>>),
    /// Guessing the game's moves (the `train` mode), while on.
    training: Option<Training>,
    /// The timer of the game's reply to a right guess.
    reply: Option<i32>,
    /// Its listeners, once drawn.
    pub listeners: Listeners,
    /// Removed from the page.
    pub removed: bool,
    /// Itself, for timers.
    me: Weak<RefCell<Widget>>,
}

/// What the page is told after a drawing (once the widget is no longer
/// borrowed): the move event's listener with its detail, and the drawn
/// requests' listener with their number.
type Told = (Option<(Function, JsValue)>, Option<(Function, u64)>);

/// Changes a widget, draws it and tells the page.
pub fn change(shared: &Shared, f: impl FnOnce(&mut Widget)) {
    let outs = {
        let Ok(mut w) = shared.try_borrow_mut() else { return };
        if w.removed {
            return;
        }
        f(&mut w);
        w.draw()
    };
    tell(outs);
}

/// Tells the page what changed.
fn tell(outs: Told) {
    if let Some((f, detail)) = outs.0 {
        let _ = f.call1(&JsValue::NULL, &detail);
    }
    if let Some((f, n)) = outs.1 {
        let _ = f.call1(&JsValue::NULL, &JsValue::from(n as f64));
    }
}

impl Widget {
    /// A widget in `root` showing `pgn`, not yet drawn.
    pub fn new(
        root: Element,
        opts: WidgetOptions,
        pgn: String,
        on_move: Option<Function>,
        on_drawn: Option<Function>,
    ) -> Shared {
        let library = Rc::new(library_of(&opts, pgn));
        let index = opts.game.min(library.len().saturating_sub(1));
        let lang = opts.lang;
        let opening_at = At::Ply(opts.ply.clone());
        Rc::new_cyclic(|me| {
            RefCell::new(Widget {
                root,
                opts,
                lang,
                library,
                edits: Edits::new(),
                index,
                viewer: Viewer::new(ViewGame::build(&Game::default())),
                ticket: 0,
                opening_at,
                opening: true,
                reading: None,
                pending: None,
                // The mount is the first request: drawn once its game is shown.
                requested: 1,
                drawn: 0,
                frame: None,
                shown: Shown::default(),
                list: None,
                menu_open: false,
                autoplay: None,
                pointer_up: 0.0,
                hand: Interaction::default(),
                pressed: false,
                legal: (String::new(), Rc::new(Vec::new())),
                training: None,
                reply: None,
                listeners: Listeners::default(),
                on_move,
                on_drawn,
                removed: false,
                me: me.clone(),
            })
        })
    }

    /// The frame's element (`.mt-widget`), once drawn.
    pub fn frame(&self) -> Option<&Element> {
        self.frame.as_ref()
    }

    /// Opens the widget's game at the `ply` option (at the start of a file).
    pub fn open_first(&mut self, start: f64) {
        let at = At::Ply(self.opts.ply.clone());
        self.open_index(self.index, at, start);
    }

    /// Opens game `index` of the file (with its edits) at `at`.
    pub fn open_index(&mut self, index: usize, at: At, start: f64) {
        self.index = index.min(self.library.len().saturating_sub(1));
        match self.edits.game(&self.library, self.index) {
            Some(game) => self.open_game(game, at, start),
            None => {
                self.opening = false;
            }
        }
    }

    /// Opens `game` at `at`: at once when its view is built within a
    /// slice, else in slices that yield to the page.
    fn open_game(&mut self, game: Rc<Game>, at: At, start: f64) {
        self.ticket += 1;
        self.opening = true;
        // What the page read or asked for belongs to the opening before.
        self.opening_at = at.clone();
        self.reading = None;
        self.pending = None;
        let ticket = self.ticket;
        let mut builder = ViewBuilder::new(&*game);
        if dom::now() - start < SLICE_MS / 2.0 && builder.step(&*game, &mut || dom::now() - start > SLICE_MS) {
            self.opened(builder.finish(&*game), &at);
            return;
        }
        build_later(self.me.clone(), ticket, game, builder, at);
    }

    /// A game's view is built: it is shown.
    fn opened(&mut self, view: ViewGame, at: &At) {
        let node = self.pending.take().unwrap_or_else(|| node_at(&view, at));
        self.viewer.apply(Action::Open { game: SharedGame(Rc::new(view)), index: self.index, at: node });
        self.opening = false;
        self.reading = None;
    }

    /// The game as the page reads it: the one being opened (built now if
    /// need be), else the one shown; and its node.
    fn read(&mut self) -> (SharedGame, NodeIx) {
        if !self.opening {
            return (self.viewer.game.clone(), self.viewer.current);
        }
        if self.reading.is_none() {
            let view = match self.edits.game(&self.library, self.index) {
                Some(game) => ViewGame::build(&*game),
                None => ViewGame::build(&Game::default()),
            };
            self.reading = Some(SharedGame(Rc::new(view)));
        }
        let game = self.reading.clone().expect("built above");
        let node = self.pending.unwrap_or_else(|| node_at(&game, &self.opening_at));
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
        if self.opening {
            self.pending = Some(node);
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
        self.pending = None;
        self.reading = None;
        let index = self.opts.game.min(self.library.len().saturating_sub(1));
        self.open_index(index, At::Ply(self.opts.ply.clone()), dom::now());
    }

    /// Shows another game of the file, from its start.
    pub fn choose_game(&mut self, index: usize) {
        self.pending = None;
        self.reading = None;
        self.open_index(index, At::Ply(None), dom::now());
    }

    /// A move made on the board: added to the game (as a variation if
    /// another move follows) and shown. Adding it counts towards the first
    /// slice of building the game's view.
    pub fn play(&mut self, mv: movetext_core::shakmaty::Move) {
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

    /// The reader's language.
    pub fn lang(&self) -> Lang {
        self.lang
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

    /// While training: the game replies to the reader's move after a
    /// moment, and the end of the line is said.
    fn train_on(&mut self, game: &SharedGame, current: NodeIx) {
        if let Some(t) = self.reply.take() {
            dom::cancel(t);
        }
        let Some(t) = self.training.as_mut() else { return };
        match game.next(current) {
            Some(next) if t.side != game.node(current).turn() => {
                let me = self.me.clone();
                self.reply = Some(dom::after(REPLY_MS, move || {
                    if let Some(w) = me.upgrade() {
                        if let Ok(mut b) = w.try_borrow_mut() {
                            b.reply = None;
                        }
                        change(&w, |w| w.viewer.apply(Action::Goto(next)));
                    }
                }));
            }
            None => t.feedback = Some(Feedback::Done),
            Some(_) => {}
        }
    }

    /// The move list, once drawn.
    pub fn list(&mut self) -> Option<&mut MoveList> {
        self.list.as_mut()
    }

    /// Removes the widget: its timers stop and its drawing goes.
    pub fn remove(&mut self) {
        self.removed = true;
        self.ticket += 1;
        self.listeners.remove();
        for t in [self.autoplay.take(), self.reply.take()].into_iter().flatten() {
            dom::cancel(t);
        }
        self.root.set_inner_html("");
        self.frame = None;
    }

    /// The markup on screen in slot `name`.
    fn slot(&self, name: &str) -> Option<&String> {
        self.shown.slots.iter().find(|(n, _)| *n == name).map(|(_, m)| m)
    }

    /// Writes slot `name` if its markup changed.
    fn put(&mut self, name: &'static str, markup: String) {
        if self.slot(name) == Some(&markup) {
            return;
        }
        if let Some(el) = self.frame.as_ref().and_then(|f| find(f, &format!("[data-slot=\"{name}\"]"))) {
            el.set_inner_html(&markup);
        }
        match self.shown.slots.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = markup,
            None => self.shown.slots.push((name, markup)),
        }
    }

    /// Draws what changed, and returns what the page is to be told.
    fn draw(&mut self) -> Told {
        let lang = self.lang;
        if self.frame.is_none() {
            self.root.set_inner_html(&shell::frame(&self.opts, lang, self.library.len() > 1));
            self.frame = find(&self.root, ".mt-widget");
        }
        let Some(frame) = self.frame.clone() else { return (None, None) };
        let game = self.viewer.game.clone();
        let current = self.viewer.current.min(game.nodes.len().saturating_sub(1));
        let node = game.node(current);
        let flipped = self.flipped();
        let fen = node.fen();

        let label = lang.say(
            "widget-game",
            &[("white", shell::player(&game, "White", lang)), ("black", shell::player(&game, "Black", lang))],
        );
        if label != self.shown.label {
            set_attr(&frame, "aria-label", Some(&label));
            self.shown.label = label;
        }
        let picker =
            if self.library.len() > 1 { shell::picker(lang, &self.library, self.index) } else { String::new() };
        self.put("picker", picker);
        let live = self.opts.live && matches!(game.tag("Result").map(str::trim), None | Some("*" | "" | "?"));
        self.put("live", if live { shell::live_marker(lang) } else { String::new() });

        if self.opts.players {
            let bottom = if flipped { Color::Black } else { Color::White };
            let clocks = self.opts.clocks;
            self.put("top", movetext_view::player_bar::player_bar(&game, current, !bottom, "top", clocks, lang));
            self.put("bottom", movetext_view::player_bar::player_bar(&game, current, bottom, "bottom", clocks, lang));
        }
        let eval = if game.has_eval {
            movetext_view::eval_bar::eval_bar(game.eval_at(current), flipped, lang)
        } else {
            String::new()
        };
        self.put("eval", eval);
        self.draw_board(&frame, &game, current, flipped, &fen);
        self.draw_controls(&frame, &game, current);
        let said = if current == 0 { lang.text("start-position").to_owned() } else { game.numbered_san(current) };
        self.put("said", movetext_view::markup_text::escape(&said));
        self.train_on(&game, current);
        if self.opts.train {
            self.put("training", panel(self.training.as_ref(), lang));
        }
        // The side: the moves, or while training only those played so far.
        if self.opts.moves != movetext_view::widget_config::MovesPlace::None || self.training.is_some() {
            let side = if self.training.is_some() {
                format!(
                    "<p class=\"mt-side training-moves\">{}</p>",
                    movetext_view::markup_text::escape(&moves_so_far(&game, current))
                )
            } else {
                shell::SIDE.to_owned()
            };
            if self.slot("side") != Some(&side) {
                self.put("side", side);
                self.shown.slots.retain(|(n, _)| *n != "problems");
                self.list = self.frame.as_ref().and_then(|f| find(f, ".move-list")).map(MoveList::new);
            }
        }
        if let Some(list) = self.list.as_mut() {
            list.show(&game, current, self.opts.notation, lang);
        }
        self.put("problems", shell::problems(lang, &game));
        self.run_autoplay(&game, current);

        // What the page is told.
        let mut moved = None;
        if !self.opening {
            let id = (Rc::as_ptr(&game.0) as usize, current);
            if self.shown.reported != Some(id) {
                self.shown.reported = Some(id);
                moved = self.on_move.clone().map(|f| (f, move_detail(&game, current)));
            }
            if self.pending.is_none() {
                self.drawn = self.requested;
            }
        }
        let drawn = (!self.opening).then(|| self.on_drawn.clone().map(|f| (f, self.drawn))).flatten();
        (moved, drawn)
    }

    /// The board: its label, squares, marks and pieces.
    fn draw_board(&mut self, frame: &Element, game: &ViewGame, current: NodeIx, flipped: bool, fen: &str) {
        let lang = self.lang;
        let Some(board_el) = find(frame, ".board") else { return };
        let node = game.node(current);
        let board = node.board();
        let takes_moves = self.opts.editable || self.training.is_some();
        if self.shown.takes_moves != takes_moves {
            self.shown.takes_moves = takes_moves;
            let _ = board_el.class_list().toggle_with_force("editable", takes_moves);
            set_attr(&board_el, "role", Some(if takes_moves { "application" } else { "img" }));
            set_attr(&board_el, "tabindex", takes_moves.then_some("0"));
            set_attr(&board_el, "aria-roledescription", takes_moves.then(|| lang.text("board-role")));
            self.shown.fen.clear();
        }
        if self.shown.fen != fen || self.shown.flipped != Some(flipped) {
            let turn = lang.text(if node.turn().is_white() { "turn-white" } else { "turn-black" });
            let mut label = if current == 0 {
                lang.say("board-label-start", &[("turn", turn)])
            } else {
                lang.say("board-label", &[("move", &game.numbered_san(current)), ("turn", turn)])
            };
            if takes_moves {
                label = format!("{label} {}", lang.text("board-keys-help"));
            }
            set_attr(&board_el, "aria-label", Some(&label));
            set_attr(&board_el, "data-fen", Some(fen));
            set_attr(&board_el, "data-flipped", Some(if flipped { "true" } else { "false" }));
            if let Some(p) = find(&board_el, "#board-description") {
                p.set_text_content(Some(&describe(board, lang)));
            }
        }
        if self.shown.flipped != Some(flipped) {
            if let Some(g) = find(&board_el, "g.squares") {
                g.set_inner_html(&board_markup::dark_squares(flipped));
            }
            if let Some(g) = find(&board_el, "g.coords") {
                g.set_inner_html(&board_markup::coordinates(flipped));
            }
        }
        let highlights = board_markup::highlights(node.last_move, &node.marks, node.check, flipped);
        if highlights != self.shown.highlights {
            if let Some(g) = find(&board_el, "g.highlights") {
                g.set_inner_html(&highlights);
            }
            self.shown.highlights = highlights;
        }
        // The piece that has just moved slides from its square when the game
        // is stepped forward (not after a move made with the pointer, nor
        // for readers who ask for less motion).
        let slide = if self.shown.fen == fen {
            None
        } else {
            node.last_move.filter(|&(from, to)| {
                let Some(before) = &self.shown.board else { return false };
                let moved =
                    before.piece_at(from).is_some_and(|p| board.piece_at(to).is_some_and(|q| q.color == p.color));
                before != board
                    && moved
                    && board.piece_at(from).is_none()
                    && self.shown.flipped == Some(flipped)
                    && dom::now() - self.pointer_up > 400.0
                    && !dom::less_motion()
            })
        };
        // A new position clears what the pointer was doing.
        if self.shown.fen != fen {
            self.hand = Interaction { cursor: self.hand.cursor, ..Interaction::default() };
        }
        let lifted = self.hand.drag.map(|d| d.0);
        let pieces = board_markup::pieces(board, flipped, lifted, slide);
        if pieces != self.shown.pieces {
            if let Some(g) = find(&board_el, "g.pieces") {
                g.set_inner_html(&pieces);
                if slide.is_some() {
                    start_slides(&g);
                }
            }
            self.shown.pieces = pieces;
        }
        let arrows = board_markup::arrows(&node.arrows, None, flipped);
        if arrows != self.shown.arrows {
            if let Some(g) = find(&board_el, "g.arrows") {
                g.set_inner_html(&arrows);
            }
            self.shown.arrows = arrows;
        }
        if takes_moves || self.shown.over.len() + self.shown.under.len() > 0 {
            let legal = self.legal();
            let under = self.hand.under_pieces(flipped);
            let over = self.hand.over_pieces(board, &legal, flipped, lang);
            if (under.as_str(), over.as_str()) != (self.shown.under.as_str(), self.shown.over.as_str()) {
                if let Some(g) = find(&board_el, "g.picked") {
                    g.set_inner_html(&under);
                }
                if let Some(g) = find(&board_el, "g.floating") {
                    g.set_inner_html(&over);
                }
                self.shown.under = under;
                self.shown.over = over;
            }
            let hand = &self.hand;
            set_attr(&board_el, "data-selected", hand.selected.map(|s| s.to_string()).as_deref());
            set_attr(&board_el, "data-cursor", hand.cursor.map(|s| s.to_string()).as_deref());
            let _ = board_el.class_list().toggle_with_force("is-dragging", hand.drag.is_some());
            let words = hand.cursor_words(board, lang);
            if let Some(p) = find(&board_el, "p[aria-live]") {
                if p.text_content().unwrap_or_default() != words {
                    p.set_text_content(Some(&words));
                }
            }
        }
        self.shown.fen = fen.to_owned();
        self.shown.board = Some(board.clone());
        self.shown.flipped = Some(flipped);
    }

    /// The controls' state.
    fn draw_controls(&mut self, frame: &Element, game: &ViewGame, current: NodeIx) {
        if !self.opts.controls {
            return;
        }
        if let Some(bar) = find(frame, ".controls") {
            set_attr(&bar, "hidden", self.training.is_some().then_some(""));
        }
        let lang = self.lang;
        let (back, forward) = (current != 0, game.next(current).is_some());
        let playing = self.viewer.playing;
        for (name, enabled) in [
            ("first", back),
            ("prev", back),
            ("next", forward),
            ("last", forward),
            ("play", game.next(0).is_some() || playing),
        ] {
            if let Some(b) = find(frame, &format!("[data-nav=\"{name}\"]")) {
                set_attr(&b, "disabled", (!enabled).then_some(""));
            }
        }
        if let Some(play) = find(frame, "[data-nav=\"play\"]") {
            let (label, icon) = if playing {
                (lang.text("autoplay-pause"), shell::PAUSE)
            } else {
                (lang.text("autoplay-play"), shell::PLAY)
            };
            set_attr(&play, "aria-pressed", Some(if playing { "true" } else { "false" }));
            set_attr(&play, "aria-label", Some(label));
            set_attr(&play, "title", Some(&format!("{label} (Space)")));
            if let Some(path) = find(&play, "path") {
                set_attr(&path, "d", Some(icon));
            }
        }
        let timed = game.nodes.iter().any(|n| n.clock.is_some() || n.emt.is_some());
        let delays = shell::delay_options(lang, self.viewer.delay, self.viewer.pace, timed);
        if delays != self.shown.delays {
            if let Some(select) = find(frame, ".autoplay-delay") {
                select.set_inner_html(&delays);
            }
            self.shown.delays = delays;
        }
    }

    /// Plays the next move while autoplay is on: after the delay, or at the
    /// real pace after the time the next move took (divided by the pace;
    /// between 0.1 and 30 seconds).
    fn run_autoplay(&mut self, game: &SharedGame, current: NodeIx) {
        if let Some(t) = self.autoplay.take() {
            dom::cancel(t);
        }
        if !self.viewer.playing {
            return;
        }
        let next = game.next(current);
        let tenths = self.viewer.pace.and_then(|_| {
            let next = next?;
            move_times(game).into_iter().find(|t| t.node == next).and_then(|t| t.tenths)
        });
        let wait = match (self.viewer.pace, tenths) {
            (Some(pace), Some(tenths)) => (tenths.saturating_mul(100) / pace).clamp(100, 30_000),
            _ => self.viewer.delay,
        };
        let me = self.me.clone();
        self.autoplay = Some(dom::after(wait as i32, move || {
            if let Some(w) = me.upgrade() {
                if let Ok(mut b) = w.try_borrow_mut() {
                    b.autoplay = None;
                }
                change(&w, |w| w.viewer.apply(Action::Tick));
            }
        }));
    }
}

/// Builds a game's view a slice a task, then shows it in a task of its own;
/// a newer opening drops it.
fn build_later(me: Weak<RefCell<Widget>>, ticket: u64, game: Rc<Game>, mut builder: ViewBuilder<Game>, at: At) {
    dom::after(0, move || {
        let Some(w) = me.upgrade() else { return };
        if w.borrow().ticket != ticket {
            return;
        }
        let start = dom::now();
        if !builder.step(&*game, &mut || dom::now() - start > SLICE_MS) {
            build_later(me, ticket, game, builder, at);
            return;
        }
        dom::after(0, move || {
            let Some(w) = me.upgrade() else { return };
            if w.borrow().ticket != ticket {
                return;
            }
            let view = builder.finish(&*game);
            change(&w, |w| w.opened(view, &at));
        });
    });
}

/// Starts the slides written with the pieces.
fn start_slides(pieces: &Element) {
    for el in dom::find_all(pieces, "animate.slide") {
        if let Ok(begin) = Reflect::get(&el, &"beginElement".into()) {
            if let Some(f) = wasm_bindgen::JsCast::dyn_ref::<Function>(&begin) {
                let _ = f.call0(&el);
            }
        }
    }
}

/// The move event's detail: `{ ply, path, fen, san }`.
fn move_detail(game: &ViewGame, current: NodeIx) -> JsValue {
    let detail = js_sys::Object::new();
    let n = game.node(current);
    let mut ply = 0;
    let mut at = current;
    while let Some(p) = game.node(at).parent {
        ply += 1;
        at = p;
    }
    let _ = Reflect::set(&detail, &"ply".into(), &JsValue::from(ply));
    let _ = Reflect::set(&detail, &"path".into(), &path_of(game, current).into());
    let _ = Reflect::set(&detail, &"fen".into(), &n.fen().into());
    let _ = Reflect::set(&detail, &"san".into(), &n.san.clone().into());
    detail.into()
}
