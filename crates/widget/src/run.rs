//! A mounted widget at work: each change (a request of the page, a click, a
//! key, an autoplay step) changes its state, draws what differs and tells
//! the page ([`change`]). Here too are the widget's clock and timers: the
//! slices of opening a game, autoplay's steps, the game's reply while
//! training, and the move list's pages drawn a task at a time.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use js_sys::{Function, Reflect};
use movetext_view::game::model::{NodeIx, ViewGame};
use movetext_view::game::opener::{Next, Ticket};
use movetext_view::game::url_state::path_of;
use movetext_view::game::viewer::Action;
use movetext_view::widget_config::WidgetOptions;
use wasm_bindgen::JsValue;
use web_sys::Element;

use crate::dom::{self, Listeners};
use crate::render::{Drawn, Screen};
use crate::state::State;

/// How long the game waits before replying to a right guess, in milliseconds.
const REPLY_MS: i32 = 600;

/// A widget shared by its listeners, timers and the page's handle.
pub type Shared = Rc<RefCell<Widget>>;

/// A mounted widget.
pub struct Widget {
    /// Its file, its game and what is done with it.
    pub state: State,
    /// Its drawing.
    pub screen: Screen,
    /// The page's listeners of its moves and of its requests drawn.
    on_move: Option<Function>,
    on_drawn: Option<Function>,
    /// Autoplay's timer, and the timer of the game's reply to a right guess.
    autoplay: Option<i32>,
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

impl Widget {
    /// A widget in `root` showing `pgn`, not yet drawn.
    pub fn new(
        root: Element,
        opts: WidgetOptions,
        pgn: String,
        on_move: Option<Function>,
        on_drawn: Option<Function>,
    ) -> Shared {
        let state = State::new(opts, pgn);
        Rc::new_cyclic(|me| {
            RefCell::new(Widget {
                state,
                screen: Screen::new(root),
                on_move,
                on_drawn,
                autoplay: None,
                reply: None,
                listeners: Listeners::default(),
                removed: false,
                me: me.clone(),
            })
        })
    }

    /// Removes the widget: its timers stop and its drawing goes.
    pub fn remove(&mut self) {
        self.removed = true;
        self.state.stop_opening();
        self.listeners.remove();
        for t in [self.autoplay.take(), self.reply.take()].into_iter().flatten() {
            dom::cancel(t);
        }
        self.screen.clear();
    }

    /// Runs the tasks the state asks for, draws what changed, sets the
    /// timers the drawing calls for, and returns what the page is to be told.
    fn update(&mut self) -> Told {
        if let Some(ticket) = self.state.take_due() {
            slices_later(self.me.clone(), ticket);
        }
        let Some(drawn) = self.screen.draw(&mut self.state) else { return (None, None) };
        let Drawn { moved, settled, reply, autoplay } = drawn;
        self.set_reply(reply);
        self.set_autoplay(autoplay);
        let moved = moved.and_then(|(game, current)| self.on_move.clone().map(|f| (f, move_detail(&game, current))));
        let drawn = settled.then(|| self.on_drawn.clone().map(|f| (f, self.state.drawn()))).flatten();
        (moved, drawn)
    }

    /// While training: the game replies with node `next` after a moment.
    fn set_reply(&mut self, next: Option<NodeIx>) {
        if let Some(t) = self.reply.take() {
            dom::cancel(t);
        }
        let Some(next) = next else { return };
        let me = self.me.clone();
        self.reply = Some(dom::after(REPLY_MS, move || {
            if let Some(w) = me.upgrade() {
                if let Ok(mut b) = w.try_borrow_mut() {
                    b.reply = None;
                }
                change(&w, |s| s.viewer.apply(Action::Goto(next)));
            }
        }));
    }

    /// While autoplay is on: the next move after `wait` milliseconds.
    fn set_autoplay(&mut self, wait: Option<u32>) {
        if let Some(t) = self.autoplay.take() {
            dom::cancel(t);
        }
        let Some(wait) = wait else { return };
        let me = self.me.clone();
        self.autoplay = Some(dom::after(wait as i32, move || {
            if let Some(w) = me.upgrade() {
                if let Ok(mut b) = w.try_borrow_mut() {
                    b.autoplay = None;
                }
                change(&w, |s| s.viewer.apply(Action::Tick));
            }
        }));
    }
}

/// Changes a widget's state, draws it and tells the page.
pub fn change(shared: &Shared, f: impl FnOnce(&mut State)) {
    // The work is done once, for every caller's change ([`change_by`]).
    let mut f = Some(f);
    change_by(shared, &mut |s| {
        if let Some(f) = f.take() {
            f(s);
        }
    });
}

/// [`change`] for a change given by reference: one copy in the module.
#[inline(never)]
fn change_by(shared: &Shared, f: &mut dyn FnMut(&mut State)) {
    let outs = {
        let Ok(mut w) = shared.try_borrow_mut() else { return };
        if w.removed {
            return;
        }
        f(&mut w.state);
        w.update()
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

/// Goes on with opening a game in a task of its own: a slice a task, then
/// shown in a task of its own; a newer opening drops it.
fn slices_later(me: Weak<RefCell<Widget>>, ticket: Ticket) {
    dom::after(0, move || {
        let Some(w) = me.upgrade() else { return };
        let next = w.borrow_mut().state.resume(ticket);
        match next {
            Next::Later(ticket) => slices_later(me, ticket),
            Next::Show(opened) => change(&w, |s| s.opened(opened)),
            Next::Dropped => {}
        }
    });
}

/// Draws the move list's remaining pages, one a task after each frame.
pub fn fill_later(shared: &Shared) {
    {
        let mut w = shared.borrow_mut();
        let Some(list) = w.screen.list() else { return };
        if list.filling || !list.unfinished() {
            return;
        }
        list.filling = true;
    }
    let me = Rc::downgrade(shared);
    dom::in_next_frame(move || {
        dom::after(0, move || {
            let Some(w) = me.upgrade() else { return };
            let more = {
                let Ok(mut b) = w.try_borrow_mut() else { return };
                if b.removed {
                    return;
                }
                let Some(list) = b.screen.list() else { return };
                list.filling = false;
                list.fill_one() && list.unfinished()
            };
            if more {
                fill_later(&w);
            }
        });
    });
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
