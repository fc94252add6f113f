//! The viewer page: board with player bars and controls, game header, move
//! list, diagnostics, keyboard navigation and the screen-reader announcements.

use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use movetext_core::shakmaty::Color;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::board::ChessBoard;
use crate::clock_format::{format_clock, initial_clock};
use crate::controls::{Controls, Nav};
use crate::eval_bar::EvalBar;
use crate::game_header::GameHeader;
use crate::loader;
use crate::model::{NodeIx, SharedGame, ViewGame};
use crate::move_list::MoveList;
use crate::player_bar::PlayerBar;
use crate::theme::ThemeToggle;

/// The built-in sample game the viewer opens on.
pub const SAMPLE_PGN: &str = include_str!("../static/sample.pgn");

/// The state of the viewer: the open game, the shown node, the orientation.
#[derive(Clone, Debug, PartialEq)]
pub struct Viewer {
    /// The open game.
    pub game: SharedGame,
    /// The node whose position is shown.
    pub current: NodeIx,
    /// Black at the bottom.
    pub flipped: bool,
}

/// What can change the viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A navigation button or key.
    Nav(Nav),
    /// Show a node.
    Goto(NodeIx),
    /// Switch to the previous (-1) or next (+1) alternative of the shown move.
    Sibling(i32),
}

impl Viewer {
    /// A viewer showing the start of a game.
    pub fn new(game: ViewGame) -> Viewer {
        Viewer {
            game: SharedGame(Rc::new(game)),
            current: 0,
            flipped: false,
        }
    }

    fn apply(&mut self, action: Action) {
        let g = &self.game;
        match action {
            Action::Nav(Nav::First) => self.current = 0,
            Action::Nav(Nav::Prev) => self.current = g.node(self.current).parent.unwrap_or(0),
            Action::Nav(Nav::Next) => self.current = g.next(self.current).unwrap_or(self.current),
            Action::Nav(Nav::Last) => self.current = g.line_end(self.current),
            Action::Nav(Nav::Flip) => self.flipped = !self.flipped,
            Action::Goto(ix) if ix < g.nodes.len() => self.current = ix,
            Action::Goto(_) => {}
            Action::Sibling(step) => {
                if let Some(parent) = g.node(self.current).parent {
                    let siblings = &g.node(parent).children;
                    if let Some(pos) = siblings.iter().position(|&c| c == self.current) {
                        let len = siblings.len() as i32;
                        let to = (pos as i32 + step).rem_euclid(len) as usize;
                        self.current = siblings[to];
                    }
                }
            }
        }
    }
}

impl Reducible for Viewer {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

/// The action for a key, if the viewer uses it.
fn key_action(key: &str) -> Option<Action> {
    Some(match key {
        "ArrowLeft" => Action::Nav(Nav::Prev),
        "ArrowRight" => Action::Nav(Nav::Next),
        "Home" => Action::Nav(Nav::First),
        "End" => Action::Nav(Nav::Last),
        "ArrowUp" => Action::Sibling(-1),
        "ArrowDown" => Action::Sibling(1),
        "f" | "F" => Action::Nav(Nav::Flip),
        _ => return None,
    })
}

/// Whether a key event comes from a field where keys mean typing.
fn typing_target(event: &KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
        .is_some_and(|el| {
            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                || el.is_content_editable()
        })
}

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    let viewer = use_reducer(|| Viewer::new(loader::open_first_game(SAMPLE_PGN.as_bytes())));
    {
        let dispatcher = viewer.dispatcher();
        use_effect_with((), move |_| {
            let window = web_sys::window().expect("a window");
            let options = EventListenerOptions::enable_prevent_default();
            let listener =
                EventListener::new_with_options(&window, "keydown", options, move |event| {
                    let Some(event) = event.dyn_ref::<KeyboardEvent>() else {
                        return;
                    };
                    if event.ctrl_key()
                        || event.meta_key()
                        || event.alt_key()
                        || typing_target(event)
                    {
                        return;
                    }
                    if let Some(action) = key_action(&event.key()) {
                        event.prevent_default();
                        dispatcher.dispatch(action);
                    }
                });
            move || drop(listener)
        });
    }

    let game = viewer.game.clone();
    let current = viewer.current;
    let node = game.node(current);
    let at_end = game.next(current).is_none();
    let on_nav = {
        let dispatcher = viewer.dispatcher();
        Callback::from(move |nav| dispatcher.dispatch(Action::Nav(nav)))
    };
    let on_select = {
        let dispatcher = viewer.dispatcher();
        Callback::from(move |ix| dispatcher.dispatch(Action::Goto(ix)))
    };

    let moved = if current == 0 {
        "the start".to_owned()
    } else {
        game.numbered_san(current)
    };
    let side = if node.turn.is_white() {
        "White"
    } else {
        "Black"
    };
    let board_label = format!("Chess board, position after {moved}; {side} to move.");
    let announcement = if current == 0 {
        "Start position".to_owned()
    } else {
        game.numbered_san(current)
    };

    let bottom = if viewer.flipped {
        Color::Black
    } else {
        Color::White
    };
    let bar = |color: Color, place: &'static str| player_bar(&game, current, color, place);

    html! {
        <div class="page">
            <header class="topbar">
                <span class="brand">{ "Movetext" }</span>
                <ThemeToggle />
            </header>
            <main class="viewer">
                <section class="board-col" aria-label="Board">
                    { bar(!bottom, "top") }
                    <div class="board-row">
                        if game.has_eval {
                            <EvalBar eval={game.eval_at(current)} flipped={viewer.flipped} />
                        }
                        <ChessBoard board={node.board.clone()} fen={AttrValue::from(node.fen.clone())}
                            flipped={viewer.flipped} last_move={node.last_move} check={node.check}
                            arrows={node.arrows.clone()} marks={node.marks.clone()}
                            label={AttrValue::from(board_label)} />
                    </div>
                    { bar(bottom, "bottom") }
                    <Controls can_back={current != 0} can_forward={!at_end} {on_nav} />
                </section>
                <section class="side-col" aria-label="Game">
                    <GameHeader game={game.clone()} />
                    <MoveList game={game.clone()} {current} {on_select} />
                    if !game.diagnostics.is_empty() {
                        <section class="diagnostics" aria-label="Problems found while reading">
                            <h2>{ "Problems found while reading" }</h2>
                            <ul>{ for game.diagnostics.iter().map(|d| html! { <li>{ d.clone() }</li> }) }</ul>
                        </section>
                    }
                </section>
            </main>
            <div class="sr-only" aria-live="polite" aria-atomic="true">{ announcement }</div>
        </div>
    }
}

/// The bar of one player at the shown node.
fn player_bar(game: &ViewGame, current: NodeIx, color: Color, place: &'static str) -> Html {
    let white = color.is_white();
    let prefix = if white { "White" } else { "Black" };
    let known = |v: Option<&str>| {
        v.map(str::trim)
            .filter(|v| !matches!(*v, "" | "?" | "-" | "0"))
            .map(|v| AttrValue::from(v.to_owned()))
    };
    let name = known(game.tag(prefix)).unwrap_or_else(|| AttrValue::from(prefix));
    let title = known(game.tag(&format!("{prefix}Title")));
    let elo = known(game.tag(&format!("{prefix}Elo")));
    let clock = game
        .clock_at(current, color)
        .or_else(|| game.tag("TimeControl").and_then(initial_clock))
        .map(|t| AttrValue::from(format_clock(t)));
    let at_end = current != 0 && game.next(current).is_none() && game.is_mainline(current);
    let score = match (at_end, game.tag("Result")) {
        (true, Some("1-0")) => Some(if white { "1" } else { "0" }),
        (true, Some("0-1")) => Some(if white { "0" } else { "1" }),
        (true, Some("1/2-1/2")) => Some("½"),
        _ => None,
    }
    .map(AttrValue::from);
    let to_move = game.node(current).turn == color && score.is_none();
    html! {
        <PlayerBar {white} {name} {title} {elo} {clock} {to_move} {score} place={place} />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn viewer() -> Viewer {
        Viewer::new(loader::open_first_game(SAMPLE_PGN.as_bytes()))
    }

    #[test]
    fn navigation_walks_the_main_line() {
        let mut v = viewer();
        v.apply(Action::Nav(Nav::Next));
        assert_eq!(v.game.node(v.current).san, "e4");
        v.apply(Action::Nav(Nav::Last));
        assert_eq!(v.game.node(v.current).san, "Rd8#");
        v.apply(Action::Nav(Nav::Prev));
        assert_eq!(v.game.node(v.current).san, "Nxb8");
        v.apply(Action::Nav(Nav::First));
        assert_eq!(v.current, 0);
        v.apply(Action::Nav(Nav::Prev));
        assert_eq!(v.current, 0);
    }

    #[test]
    fn siblings_cycle_through_alternatives() {
        let mut v = viewer();
        for _ in 0..6 {
            v.apply(Action::Nav(Nav::Next));
        }
        assert_eq!(v.game.node(v.current).san, "Bg4");
        v.apply(Action::Sibling(1));
        assert_eq!(v.game.node(v.current).san, "exd4");
        v.apply(Action::Sibling(1));
        assert_eq!(v.game.node(v.current).san, "Bg4");
    }

    #[test]
    fn keys() {
        assert_eq!(key_action("ArrowRight"), Some(Action::Nav(Nav::Next)));
        assert_eq!(key_action("f"), Some(Action::Nav(Nav::Flip)));
        assert_eq!(key_action("x"), None);
    }
}
