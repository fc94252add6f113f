//! A widget's drawing: what differs from what is on screen is drawn. Each
//! part's markup is kept, and a part is written again only when its markup
//! changed. The controls are not written again: their state is set on them,
//! so a focused button keeps its focus.

use std::rc::Rc;

use js_sys::{Function, Reflect};
use movetext_core::shakmaty::{Board, Color};
use movetext_view::game::board_interaction::Interaction;
use movetext_view::game::model::{NodeIx, SharedGame, ViewGame};
use movetext_view::game::training::{moves_so_far, panel};
use movetext_view::markup::board_markup;
use movetext_view::text::board_description::describe;
use movetext_view::text::tag_values::player_name;
use movetext_view::widget_config::MovesPlace;
use web_sys::Element;

use crate::dom::{self, find, set_attr};
use crate::move_list::MoveList;
use crate::shell;
use crate::state::State;

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

/// What a drawing leaves to do once it is on screen.
pub struct Drawn {
    /// The game and node shown, when the page is to hear of a move.
    pub moved: Option<(SharedGame, NodeIx)>,
    /// The page is to hear which requests are drawn (the game is open).
    pub settled: bool,
    /// While training, the node the game replies with after a moment.
    pub reply: Option<NodeIx>,
    /// While autoplay is on, the wait before the next move, in milliseconds.
    pub autoplay: Option<u32>,
}

/// A widget's part of the page: the element it is drawn in, its frame
/// once written, what is on screen and the move list.
pub struct Screen {
    root: Element,
    frame: Option<Element>,
    shown: Shown,
    list: Option<MoveList>,
}

impl Screen {
    /// The screen of a widget in `root`, not yet drawn.
    pub fn new(root: Element) -> Screen {
        Screen { root, frame: None, shown: Shown::default(), list: None }
    }

    /// The frame's element (`.mt-widget`), once drawn.
    pub fn frame(&self) -> Option<&Element> {
        self.frame.as_ref()
    }

    /// The move list, once drawn.
    pub fn list(&mut self) -> Option<&mut MoveList> {
        self.list.as_mut()
    }

    /// Takes the drawing off the page.
    pub fn clear(&mut self) {
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

    /// Draws what changed in `s` (the frame first, once); none when there
    /// is no frame to draw in.
    pub fn draw(&mut self, s: &mut State) -> Option<Drawn> {
        let lang = s.lang();
        if self.frame.is_none() {
            self.root.set_inner_html(&shell::frame(&s.opts, lang, s.library().len() > 1));
            self.frame = find(&self.root, ".mt-widget");
        }
        let frame = self.frame.clone()?;
        let game = s.viewer.game.clone();
        let current = s.viewer.current.min(game.nodes.len().saturating_sub(1));
        let flipped = s.flipped();
        let fen = game.node(current).fen();

        self.draw_bar(&frame, s, &game);
        if s.opts.players {
            let bottom = if flipped { Color::Black } else { Color::White };
            let clocks = s.opts.clocks;
            for (place, side) in [("top", !bottom), ("bottom", bottom)] {
                let bar = movetext_view::markup::player_bar::player_bar(&game, current, side, place, clocks, lang);
                // Named for the page's style sheet: `::part(player)`, `::part(player-top)`.
                self.put(place, bar.replacen("<div ", &format!("<div part=\"player player-{place}\" "), 1));
            }
        }
        let eval = if game.has_eval {
            movetext_view::markup::eval_bar::eval_bar(game.eval_at(current), flipped, lang)
        } else {
            String::new()
        };
        self.put("eval", eval);
        self.draw_board(&frame, s, &game, current, flipped, &fen);
        self.draw_controls(&frame, s, &game, current);
        let said = if current == 0 { lang.text("start-position").to_owned() } else { game.numbered_san(current) };
        self.put("said", movetext_view::markup::markup_text::escape(&said));
        let reply = s.train_on(&game, current);
        if s.opts.train {
            self.put("training", panel(s.training(), lang));
        }
        self.draw_side(s, &game, current);
        self.put("problems", shell::problems(lang, &game));
        self.put("notice", s.notice().map_or(String::new(), |n| shell::notice(&n)));
        let autoplay = s.autoplay_wait(&game, current);

        // What the page is to hear.
        let settled = !s.opening();
        let mut moved = None;
        if settled {
            let id = (Rc::as_ptr(&game.0) as usize, current);
            if self.shown.reported != Some(id) {
                self.shown.reported = Some(id);
                moved = Some((game, current));
            }
        }
        s.note_drawn();
        Some(Drawn { moved, settled, reply, autoplay })
    }

    /// The frame's name and its bar: the picker and the live marker.
    fn draw_bar(&mut self, frame: &Element, s: &State, game: &ViewGame) {
        let lang = s.lang();
        let label = lang.say(
            "widget-game",
            &[
                ("white", player_name(game.tag("White"), true, lang)),
                ("black", player_name(game.tag("Black"), false, lang)),
            ],
        );
        if label != self.shown.label {
            set_attr(frame, "aria-label", Some(&label));
            self.shown.label = label;
        }
        let library = s.library();
        let picker = if library.len() > 1 { shell::picker(lang, library, s.index()) } else { String::new() };
        self.put("picker", picker);
        let live = s.opts.live && matches!(game.tag("Result").map(str::trim), None | Some("*" | "" | "?"));
        self.put("live", if live { shell::live_marker(lang) } else { String::new() });
    }

    /// The side: the moves, or while training only those played so far.
    fn draw_side(&mut self, s: &State, game: &SharedGame, current: NodeIx) {
        let lang = s.lang();
        // In the `train` mode the moves to come are never shown: before a
        // side is picked too, only those played so far.
        let training = s.training_on() || s.opts.train;
        if s.opts.moves != MovesPlace::None || training {
            let side = if training {
                format!(
                    "<p class=\"mt-side training-moves\" part=\"moves\">{}</p>",
                    movetext_view::markup::markup_text::escape(&moves_so_far(game, current))
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
            list.show(game, current, s.opts.notation, lang);
        }
    }

    /// The board: its label, squares, marks and pieces.
    fn draw_board(
        &mut self,
        frame: &Element,
        s: &mut State,
        game: &ViewGame,
        current: NodeIx,
        flipped: bool,
        fen: &str,
    ) {
        let lang = s.lang();
        let Some(board_el) = find(frame, ".board") else { return };
        let node = game.node(current);
        let board = node.board();
        let takes_moves = s.opts.editable || s.training_on();
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
                    && dom::now() - s.pointer_up > 400.0
                    && !dom::less_motion()
            })
        };
        // A new position clears what the pointer was doing.
        if self.shown.fen != fen {
            s.hand = Interaction { cursor: s.hand.cursor, ..Interaction::default() };
        }
        let lifted = s.hand.drag.map(|d| d.0);
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
            self.draw_hand(&board_el, s, board, flipped);
        }
        self.shown.fen = fen.to_owned();
        self.shown.board = Some(board.clone());
        self.shown.flipped = Some(flipped);
    }

    /// What the pointer and the keyboard are doing on a board that takes
    /// moves: the piece picked up or dragged, the cursor and its words.
    fn draw_hand(&mut self, board_el: &Element, s: &mut State, board: &Board, flipped: bool) {
        let lang = s.lang();
        let legal = s.legal();
        let under = s.hand.under_pieces(flipped);
        let over = s.hand.over_pieces(board, &legal, flipped, lang);
        if (under.as_str(), over.as_str()) != (self.shown.under.as_str(), self.shown.over.as_str()) {
            if let Some(g) = find(board_el, "g.picked") {
                g.set_inner_html(&under);
            }
            if let Some(g) = find(board_el, "g.floating") {
                g.set_inner_html(&over);
            }
            self.shown.under = under;
            self.shown.over = over;
        }
        let hand = &s.hand;
        set_attr(board_el, "data-selected", hand.selected.map(|s| s.to_string()).as_deref());
        set_attr(board_el, "data-cursor", hand.cursor.map(|s| s.to_string()).as_deref());
        let _ = board_el.class_list().toggle_with_force("is-dragging", hand.drag.is_some());
        let words = hand.cursor_words(board, lang);
        if let Some(p) = find(board_el, "p[aria-live]") {
            if p.text_content().unwrap_or_default() != words {
                p.set_text_content(Some(&words));
            }
        }
    }

    /// The controls' state.
    fn draw_controls(&mut self, frame: &Element, s: &State, game: &ViewGame, current: NodeIx) {
        if !s.opts.controls {
            return;
        }
        if let Some(bar) = find(frame, ".controls") {
            set_attr(&bar, "hidden", s.training_on().then_some(""));
        }
        let lang = s.lang();
        let (back, forward) = (current != 0, game.next(current).is_some());
        let playing = s.viewer.playing;
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
        let delays = shell::delay_options(lang, s.viewer.delay, s.viewer.pace, timed);
        if delays != self.shown.delays {
            if let Some(select) = find(frame, ".autoplay-delay") {
                select.set_inner_html(&delays);
            }
            self.shown.delays = delays;
        }
    }
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
