//! The state of a game being shown: the open game, the shown node, the
//! orientation and autoplay, and the actions that change them (buttons,
//! keys, clicks, the wheel, autoplay). The app and the widget both keep one.

use std::rc::Rc;

use crate::game::model::{NodeIx, SharedGame, ViewGame};

/// The state of the viewer.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewerState {
    /// The open game.
    pub game: SharedGame,
    /// Its index in the open file.
    pub game_index: usize,
    /// The node whose position is shown.
    pub current: NodeIx,
    /// Black at the bottom.
    pub flipped: bool,
    /// Autoplay is on.
    pub playing: bool,
    /// Autoplay delay in milliseconds.
    pub delay: u32,
    /// Autoplay at the pace the moves were played, this many times as
    /// fast (none: at the delay).
    pub pace: Option<u32>,
}

/// A navigation request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// Go to the start position.
    First,
    /// Go one move back.
    Prev,
    /// Go one move forward along the main line from here.
    Next,
    /// Go to the end of the current line.
    Last,
    /// Turn the board around.
    Flip,
}

/// What can change the viewer.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A navigation button or key.
    Nav(Nav),
    /// Show a node.
    Goto(NodeIx),
    /// Switch to the previous (-1) or next (+1) alternative of the shown move.
    Sibling(i32),
    /// Open a game of the file at a node.
    Open {
        /// The game.
        game: SharedGame,
        /// Its index in the file.
        index: usize,
        /// The node to show.
        at: NodeIx,
    },
    /// Start or stop autoplay.
    TogglePlay,
    /// One autoplay step: the next move, or stop at the end.
    Tick,
    /// Set the autoplay delay.
    Delay(u32),
    /// Autoplay at the real pace, this many times as fast, or at the delay.
    Pace(Option<u32>),
}

impl ViewerState {
    /// A viewer showing the start of a game.
    pub fn new(game: ViewGame) -> ViewerState {
        ViewerState::opened(SharedGame(Rc::new(game)), 0, 0)
    }

    /// A viewer showing node `at` of game `index` of a file.
    pub fn opened(game: SharedGame, index: usize, at: NodeIx) -> ViewerState {
        ViewerState {
            current: at.min(game.nodes.len().saturating_sub(1)),
            game,
            game_index: index,
            flipped: false,
            playing: false,
            delay: 1000,
            pace: None,
        }
    }

    /// Applies an action.
    pub fn apply(&mut self, action: Action) {
        let g = self.game.clone();
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
            Action::Open { game, index, at } => {
                self.current = at.min(game.nodes.len().saturating_sub(1));
                self.game = game;
                self.game_index = index;
                self.playing = false;
            }
            // A game without moves has nothing to play.
            Action::TogglePlay if !self.playing && g.next(0).is_none() => {}
            Action::TogglePlay => {
                self.playing = !self.playing;
                if self.playing && g.next(self.current).is_none() {
                    self.current = 0;
                }
            }
            Action::Tick => match g.next(self.current) {
                Some(next) if self.playing => self.current = next,
                _ => self.playing = false,
            },
            Action::Delay(ms) => {
                self.delay = ms.clamp(50, 60_000);
                self.pace = None;
            }
            Action::Pace(pace) => self.pace = pace.map(|f| f.max(1)),
        }
    }
}

/// Steps through the moves with the mouse wheel: the wheel's travel adds
/// up until it makes a step (50 pixels), whatever unit the wheel counts in.
#[derive(Clone, Copy, Debug, Default)]
pub struct WheelSteps {
    travel: f64,
}

impl WheelSteps {
    /// Adds a wheel event's `deltaY` in its `deltaMode` (0 pixels, 1 lines,
    /// 2 pages); gives the step to take once the travel makes one.
    pub fn add(&mut self, delta_y: f64, delta_mode: u32) -> Option<Nav> {
        let unit = match delta_mode {
            1 => 40.0,
            2 => 400.0,
            _ => 1.0,
        };
        self.travel += delta_y * unit;
        if self.travel.abs() < 50.0 {
            return None;
        }
        let nav = if self.travel > 0.0 { Nav::Next } else { Nav::Prev };
        self.travel = 0.0;
        Some(nav)
    }
}

/// The action for a key (a `KeyboardEvent.key`), if the viewer uses it.
pub fn key_action(key: &str) -> Option<Action> {
    Some(match key {
        "ArrowLeft" => Action::Nav(Nav::Prev),
        "ArrowRight" => Action::Nav(Nav::Next),
        "Home" => Action::Nav(Nav::First),
        "End" => Action::Nav(Nav::Last),
        "ArrowUp" => Action::Sibling(-1),
        "ArrowDown" => Action::Sibling(1),
        "f" | "F" => Action::Nav(Nav::Flip),
        " " => Action::TogglePlay,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wheel_steps_once_its_travel_adds_up() {
        let mut wheel = WheelSteps::default();
        assert_eq!(wheel.add(30.0, 0), None);
        assert_eq!(wheel.add(30.0, 0), Some(Nav::Next));
        assert_eq!(wheel.add(-1.0, 1), None, "a line is 40 pixels");
        assert_eq!(wheel.add(-1.0, 1), Some(Nav::Prev));
        assert_eq!(wheel.add(0.2, 2), Some(Nav::Next), "a page is 400 pixels");
    }
    use crate::game::game_source::open_first_game;

    const GAME: &[u8] = b"1. e4 e5 2. Nf3 d6 3. d4 Bg4 (3... exd4 4. Qxd4) 4. dxe5 Bxf3 5. Qxf3 dxe5 1-0";

    #[test]
    fn a_game_without_moves_does_not_play() {
        let mut v = ViewerState::new(open_first_game(b"[White \"A\"]\n\n*"));
        v.apply(Action::TogglePlay);
        assert!(!v.playing);
        let mut v = ViewerState::new(open_first_game(b"1. e4 *"));
        v.apply(Action::TogglePlay);
        assert!(v.playing);
    }

    #[test]
    fn navigation_walks_the_main_line() {
        let mut v = ViewerState::new(open_first_game(GAME));
        v.apply(Action::Nav(Nav::Next));
        assert_eq!(v.game.node(v.current).san, "e4");
        v.apply(Action::Nav(Nav::Last));
        assert_eq!(v.game.node(v.current).san, "dxe5");
        v.apply(Action::Nav(Nav::Prev));
        assert_eq!(v.game.node(v.current).san, "Qxf3");
        v.apply(Action::Nav(Nav::First));
        assert_eq!(v.current, 0);
        v.apply(Action::Nav(Nav::Prev));
        assert_eq!(v.current, 0);
    }

    #[test]
    fn siblings_cycle_through_alternatives() {
        let mut v = ViewerState::new(open_first_game(GAME));
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
