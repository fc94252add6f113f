//! The move list: the main line in move pairs, comments, and variations as
//! indented blocks (deeper ones inline in parentheses). The list is drawn in
//! pages (see [`crate::components::move_list_layout`]): the first pages at once and the
//! rest a page per task, and a very long game only the pages in view, so no
//! game holds the page for long however many moves it has. Each variation
//! block folds to a short placeholder and unfolds again; showing a move
//! inside a folded variation unfolds it.

use std::cell::Cell;
use std::collections::HashSet;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::components::move_list_layout::{Block, Boxes, Item, Layout};
use crate::components::nag_glyphs::nag_view_in;
use crate::i18n::{say_or, Lang};
use crate::state::model::{NodeIx, SharedGame, ViewGame};
use crate::state::notation::Notation;
use crate::state::same::Same;

/// NAGs drawn after a move at most; the rest are counted.
const MAX_NAGS_SHOWN: usize = 6;

/// Pages drawn with the first drawing of a game (with the page of the shown
/// move); the next come a page a task.
const FIRST_PAGES: usize = 1;

/// Games of at most this many pages get all of them drawn, a page per task
/// after the first ones; longer games only the pages in view (and the
/// page of the shown move).
const ALL_PAGES_UP_TO: usize = 30;

/// How far above and below the visible part pages are drawn, in pixels.
const MARGIN: f64 = 600.0;

/// What the move list shows.
#[derive(Properties, PartialEq, Clone)]
pub struct MoveListProps {
    /// The game.
    pub game: SharedGame,
    /// The node shown on the board.
    pub current: NodeIx,
    /// Called with the node of a clicked move.
    pub on_select: Callback<NodeIx>,
    /// How moves are written.
    pub notation: Notation,
    /// Called with a move and the pointer position on right-click.
    #[prop_or_default]
    pub on_context: Option<Callback<(NodeIx, i32, i32)>>,
}

/// The pages near the visible part of the list, and those of them drawn:
/// they are drawn a page per task, so that a jump or a long scroll does not
/// draw many pages at once.
#[derive(PartialEq, Default)]
struct InView {
    wanted: HashSet<usize>,
    drawn: HashSet<usize>,
}

/// A change of [`InView`].
enum InViewAction {
    /// These pages are now near the screen (the others are dropped).
    Wanted(HashSet<usize>),
    /// Draw this page, if it is still wanted.
    Draw(usize),
}

impl Reducible for InView {
    type Action = InViewAction;
    fn reduce(self: Rc<Self>, action: InViewAction) -> Rc<Self> {
        let (wanted, mut drawn) = match action {
            InViewAction::Wanted(wanted) => (wanted, self.drawn.clone()),
            InViewAction::Draw(p) => {
                let mut drawn = self.drawn.clone();
                drawn.insert(p);
                (self.wanted.clone(), drawn)
            }
        };
        drawn.retain(|p| wanted.contains(p));
        Rc::new(InView { wanted, drawn })
    }
}

/// The variation blocks folded, by the node of their first move (in both
/// layouts of the moves).
#[derive(PartialEq, Default)]
pub(crate) struct Folded(pub Rc<HashSet<NodeIx>>);

/// A change of [`Folded`].
pub(crate) enum FoldAction {
    /// Fold the variation starting at this node, or unfold it if folded.
    Toggle(NodeIx),
    /// Unfold these variations.
    Unfold(Vec<NodeIx>),
}

impl Reducible for Folded {
    type Action = FoldAction;
    fn reduce(self: Rc<Self>, action: FoldAction) -> Rc<Self> {
        let mut set = (*self.0).clone();
        match action {
            FoldAction::Toggle(start) => {
                if !set.remove(&start) {
                    set.insert(start);
                }
            }
            FoldAction::Unfold(starts) => {
                for start in starts {
                    set.remove(&start);
                }
            }
        }
        Rc::new(Folded(Rc::new(set)))
    }
}

/// The folded variations that hold node `ix`: each first move of a
/// variation (a child that is not its parent's first) on the way to the
/// root that is in `folded`.
fn folded_around(game: &ViewGame, ix: NodeIx, folded: &HashSet<NodeIx>) -> Vec<NodeIx> {
    let mut out = Vec::new();
    if folded.is_empty() {
        return out;
    }
    let mut at = ix;
    while let Some(parent) = game.nodes.get(at).and_then(|n| n.parent) {
        if game.node(parent).children.first() != Some(&at) && folded.contains(&at) {
            out.push(at);
        }
        at = parent;
    }
    out
}

/// What the scroll listeners need from the latest drawing.
#[derive(Default)]
struct Sizes {
    /// The layout drawn.
    layout: Option<Rc<Layout>>,
    /// Measured page heights (0 until measured).
    measured: Vec<f64>,
}

impl Sizes {
    /// The height of page `p`: measured, or else the layout's guess.
    fn height(&self, p: usize) -> f64 {
        match self.measured.get(p) {
            Some(&h) if h > 0.0 => h,
            _ => self.layout.as_ref().map_or(0.0, |l| l.estimates[p]),
        }
    }
}

/// The move list. Moving through the game moves the highlight and draws
/// the page of the shown move if it is not drawn; the moves drawn are not
/// drawn again.
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    // The reader's language (the widget's build says the app's own words
    // in English, and the meanings of NAGs once it is given them).
    let lang = crate::i18n::use_lang();
    let container = use_node_ref();
    let layout = use_memo(props.game.clone(), |game| Layout::of(game));
    let in_view = use_reducer_eq(InView::default);
    let folded_state = use_reducer_eq(Folded::default);
    // The shown move inside a folded variation unfolds it (drawn unfolded
    // at once, and kept so).
    let around = folded_around(&props.game, props.current, &folded_state.0);
    let folded = if around.is_empty() {
        folded_state.0.clone()
    } else {
        let mut set = (*folded_state.0).clone();
        for start in &around {
            set.remove(start);
        }
        folded_state.dispatch(FoldAction::Unfold(around));
        Rc::new(set)
    };
    let on_fold = {
        let dispatch = folded_state.dispatcher();
        use_memo((), move |_| Callback::from(move |start: NodeIx| dispatch.dispatch(FoldAction::Toggle(start))))
    };
    // Pages drawn from the first on, for the layout it names (by address):
    // a new layout (an edit) starts again from the first pages, the others
    // staying gaps of their measured height until drawn again, a page a task.
    let drawn_upto = use_state(|| (0usize, FIRST_PAGES));
    let layout_id = Rc::as_ptr(&layout) as usize;
    let upto = if drawn_upto.0 == layout_id { drawn_upto.1 } else { FIRST_PAGES };
    let sizes = use_mut_ref(Sizes::default);
    {
        let mut s = sizes.borrow_mut();
        s.measured.resize(layout.pages.len(), 0.0);
        s.layout = Some(layout.clone());
    }
    // Sees which pages are near the screen: after drawing, and as the list,
    // the page or the window scrolls or changes size.
    let update_in_view: Rc<dyn Fn()> = {
        let (container, sizes, dispatch) = (container.clone(), sizes.clone(), in_view.dispatcher());
        Rc::new(move || {
            // A list of one page is drawn whole: nothing to look at (each
            // look makes the browser lay the page out).
            let pages = sizes.borrow().layout.as_ref().map_or(0, |l| l.pages.len());
            if pages < 2 {
                return;
            }
            if let Some(list) = container.cast::<HtmlElement>() {
                dispatch.dispatch(InViewAction::Wanted(pages_in_view(&list, &sizes.borrow())));
            }
        })
    };
    {
        let update = update_in_view.clone();
        use_effect_with((), move |_| {
            let window = web_sys::window().expect("a window");
            let options = EventListenerOptions { phase: gloo_events::EventListenerPhase::Capture, passive: true };
            let on_scroll = update.clone();
            let scroll = EventListener::new_with_options(&window, "scroll", options, move |_| on_scroll());
            let resize = EventListener::new(&window, "resize", move |_| update());
            move || drop((scroll, resize))
        });
    }
    // After each drawing that changed the pages drawn: measure them and see
    // which are in view (a step that only moves the highlight does neither);
    // and draw one more page of a game short enough to be drawn whole.
    let drawn_key = (
        layout_id,
        upto,
        layout.page_of(props.current),
        in_view.drawn.clone(),
        Rc::as_ptr(&folded) as usize,
        props.notation,
    );
    let last_measured = use_mut_ref(|| None);
    {
        let container = container.clone();
        let sizes = sizes.clone();
        let update = update_in_view.clone();
        let drawn_upto = drawn_upto.clone();
        let pages = layout.pages.len();
        let current_page = layout.page_of(props.current);
        let in_view = in_view.clone();
        use_effect(move || {
            // The next page is drawn after the next frame: one page's
            // layout a frame (pages drawn a task each, several to a frame,
            // made frames of 50 ms in the game of variations 10,000 deep).
            let cancelled = Rc::new(Cell::new(false));
            if let Some(list) = container.cast::<HtmlElement>().filter(|_| pages > 1) {
                let changed = last_measured.borrow().as_ref() != Some(&drawn_key);
                if changed {
                    *last_measured.borrow_mut() = Some(drawn_key);
                    // Read in the frame's own layout, not forced in the task
                    // that drew the pages.
                    let (list, sizes, update) = (list.clone(), sizes.clone(), update.clone());
                    in_next_frame(move || {
                        measure(&list, &mut sizes.borrow_mut());
                        update();
                    });
                }
                if pages <= ALL_PAGES_UP_TO && upto < pages {
                    after_next_frame(&cancelled, move || drawn_upto.set((layout_id, upto + 1)));
                } else if let Some(&next) = in_view
                    .wanted
                    .iter()
                    .filter(|p| !in_view.drawn.contains(p) && **p >= upto && **p != current_page)
                    .min_by_key(|p| p.abs_diff(current_page))
                {
                    // The wanted page nearest the shown move, in a task of its own.
                    let dispatch = in_view.dispatcher();
                    after_next_frame(&cancelled, move || dispatch.dispatch(InViewAction::Draw(next)));
                }
            }
            move || cancelled.set(true)
        });
    }
    {
        let container = container.clone();
        use_effect_with((props.current, props.game.clone(), props.notation, folded.clone()), move |(current, ..)| {
            mark_current(&container, *current);
            in_next_frame(move || keep_current_in_view(&container));
        });
    }
    let g = &props.game;
    let (white, black) = (g.tag("White"), g.tag("Black"));
    let label = say_or!(
        lang,
        "moves-of",
        [("white", white.unwrap_or(lang.text("side-white"))), ("black", black.unwrap_or(lang.text("side-black")))],
        "Moves: {} – {}",
        white.unwrap_or("White"),
        black.unwrap_or("Black")
    );
    let current_page = layout.page_of(props.current);
    let layout_ref = Same(layout.clone());
    let pages = (0..layout.pages.len()).map(|p| {
        let drawn = p < upto || p == current_page || in_view.drawn.contains(&p);
        let height = sizes.borrow().height(p).round() as u32;
        html! {
            <MovePage key={p} index={p} {drawn} height={if drawn { 0 } else { height }}
                game={props.game.clone()} layout={layout_ref.clone()} on_select={props.on_select.clone()}
                notation={props.notation} on_context={props.on_context.clone()}
                folded={folded.clone()} on_fold={(*on_fold).clone()} />
        }
    });
    // (The list's own scrolling: inside a widget's shadow root it does not
    // reach the window.)
    let onscroll = Callback::from(move |_: Event| update_in_view());
    html! {
        <div class="move-list" ref={container} role="region" aria-label={label} {onscroll}>
            { for pages }
        </div>
    }
}

/// Runs `f` before the next frame is laid out and painted.
fn in_next_frame(f: impl FnOnce() + 'static) {
    if let Some(window) = web_sys::window() {
        let f = wasm_bindgen::closure::Closure::once_into_js(f);
        let _ = window.request_animation_frame(f.unchecked_ref());
    }
}

/// Runs `f` in a task of its own after the next frame is painted, unless
/// `cancelled` is set by then.
fn after_next_frame(cancelled: &Rc<Cell<bool>>, f: impl FnOnce() + 'static) {
    let cancelled = cancelled.clone();
    in_next_frame(move || {
        gloo_timers::callback::Timeout::new(0, move || {
            if !cancelled.get() {
                f();
            }
        })
        .forget();
    });
}

/// Records the heights of the drawn pages.
fn measure(list: &HtmlElement, sizes: &mut Sizes) {
    let Ok(drawn) = list.query_selector_all(".mainline[data-page]") else { return };
    for i in 0..drawn.length() {
        let Some(el) = drawn.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) else { continue };
        let page = el.get_attribute("data-page").and_then(|p| p.parse::<usize>().ok());
        let height = el.offset_height();
        if let (Some(page), true) = (page, height > 0) {
            if let Some(slot) = sizes.measured.get_mut(page) {
                *slot = f64::from(height);
            }
        }
    }
}

/// The pages within [`MARGIN`] of the part of the list that is on screen
/// (inside the list's own scrolling and the window's).
fn pages_in_view(list: &HtmlElement, sizes: &Sizes) -> HashSet<usize> {
    let mut pages = HashSet::new();
    let Some(window) = web_sys::window() else { return pages };
    let Ok(Some(first)) = list.query_selector("[data-page]") else { return pages };
    let rect = list.get_bounding_client_rect();
    let screen = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    let (top, bottom) = (rect.top().max(0.0), rect.bottom().min(screen));
    if bottom <= top {
        return pages;
    }
    let origin = first.get_bounding_client_rect().top();
    let (low, high) = (top - origin - MARGIN, bottom - origin + MARGIN);
    let count = sizes.layout.as_ref().map_or(0, |l| l.pages.len());
    let mut at = 0.0;
    for p in 0..count {
        let end = at + sizes.height(p);
        if end >= low && at <= high {
            pages.insert(p);
        }
        if at > high {
            break;
        }
        at = end;
    }
    pages
}

/// What a page of the list depends on.
#[derive(Properties, PartialEq, Clone)]
struct PageProps {
    game: SharedGame,
    layout: Same<Layout>,
    index: usize,
    /// Drawn, or else a gap of `height` pixels.
    drawn: bool,
    height: u32,
    on_select: Callback<NodeIx>,
    notation: Notation,
    on_context: Option<Callback<(NodeIx, i32, i32)>>,
    /// The folded variations, by first move.
    folded: Rc<HashSet<NodeIx>>,
    /// Folds or unfolds the variation starting at a node.
    on_fold: Callback<NodeIx>,
}

/// A page of the list: its part of the main line's grid, with the result
/// after the last page.
#[function_component(MovePage)]
fn move_page(props: &PageProps) -> Html {
    // The reader's language (the widget's build says the app's own words
    // in English, and the meanings of NAGs once it is given them).
    let lang = crate::i18n::use_lang();
    let layout = &props.layout.0;
    let index = props.index.to_string();
    if !props.drawn {
        return html! { <div class="mv-gap" data-page={index} aria-hidden="true" style={format!("height: {}px", props.height)}></div> };
    }
    let ctx = Ctx {
        lang,
        game: &props.game,
        on_select: &props.on_select,
        notation: props.notation,
        on_context: props.on_context.as_ref(),
        layout,
        folded: &props.folded,
        on_fold: &props.on_fold,
    };
    let cells = ctx.page(layout.pages[props.index].clone());
    let result = (props.index + 1 == layout.pages.len()).then(|| {
        let result = props.game.tag("Result").unwrap_or("*").to_owned();
        let label = say_or!(lang, "result-label", [("result", &result)], "result {result}");
        html! { <div class="result" aria-label={label}>{ result }</div> }
    });
    html! {
        <div class="mainline" data-page={index}>
            { for cells }
            { for result }
        </div>
    }
}

thread_local! {
    /// Until when (page clock, ms) focus lost to the page goes to the shown
    /// move when the list is next marked (after a dialog closes).
    static FOCUS_RETURN_UNTIL: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

/// Asks the move list to give focus to the shown move when it is next
/// marked, if focus has been lost by then (a dialog or menu closed while
/// the list was drawn anew), or at once if nothing has focus now.
pub(crate) fn return_focus_to_current() {
    FOCUS_RETURN_UNTIL.with(|c| c.set(crate::state::slice_clock::now() + 2000.0));
    let lost = focused().is_none_or(|el| el.tag_name() == "BODY");
    if lost {
        if let Some(current) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(".move-list .mv[tabindex=\"0\"]").ok().flatten())
            .and_then(|el| el.dyn_into::<HtmlElement>().ok())
        {
            let _ = current.focus();
        }
    }
}

/// The element that has focus.
pub(crate) fn focused() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.active_element()
}

/// Moves the highlight (class `current`, `aria-current`) to node `current`,
/// and the list's one tab stop with it (the first move when the start is
/// shown); focus on a move of the list follows, so that the arrow keys
/// move through the list.
fn mark_current(container: &NodeRef, current: NodeIx) {
    let Some(list) = container.cast::<web_sys::Element>() else { return };
    let active = focused();
    let focus_in_list = active.as_ref().is_some_and(|a| list.contains(Some(a)) && a.class_list().contains("mv"));
    let focus_lost = active.as_ref().is_none_or(|a| a.tag_name() == "BODY")
        && FOCUS_RETURN_UNTIL.with(|c| c.get()) > crate::state::slice_clock::now();
    if let Ok(old) = list.query_selector_all(".mv.current, .mv[tabindex=\"0\"]") {
        for i in 0..old.length() {
            if let Some(el) = old.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
                let _ = el.class_list().remove_1("current");
                let _ = el.remove_attribute("aria-current");
                let _ = el.set_attribute("tabindex", "-1");
            }
        }
    }
    let target = if let Ok(Some(el)) = list.query_selector(&format!(".mv[data-node=\"{current}\"]")) {
        let _ = el.class_list().add_1("current");
        let _ = el.set_attribute("aria-current", "step");
        Some(el)
    } else {
        list.query_selector(".mv").ok().flatten()
    };
    if let Some(el) = target {
        let _ = el.set_attribute("tabindex", "0");
        if focus_in_list || focus_lost {
            FOCUS_RETURN_UNTIL.with(|c| c.set(0.0));
            if let Ok(el) = el.dyn_into::<HtmlElement>() {
                let options = web_sys::FocusOptions::new();
                options.set_prevent_scroll(true);
                let _ = el.focus_with_options(&options);
            }
        }
    }
}

/// Scrolls the move list (not the page) so that the current move is visible.
fn keep_current_in_view(container: &NodeRef) {
    let Some(list) = container.cast::<HtmlElement>() else {
        return;
    };
    let Ok(Some(current)) = list.query_selector(".mv.current") else {
        return;
    };
    let outer = list.get_bounding_client_rect();
    let inner = current.get_bounding_client_rect();
    let margin = 24.0;
    if inner.top() < outer.top() {
        list.set_scroll_top(list.scroll_top() - (outer.top() - inner.top() + margin) as i32);
    } else if inner.bottom() > outer.bottom() {
        list.set_scroll_top(list.scroll_top() + (inner.bottom() - outer.bottom() + margin) as i32);
    }
}

struct Ctx<'a> {
    lang: Lang,
    game: &'a ViewGame,
    on_select: &'a Callback<NodeIx>,
    notation: Notation,
    on_context: Option<&'a Callback<(NodeIx, i32, i32)>>,
    layout: &'a Layout,
    folded: &'a HashSet<NodeIx>,
    on_fold: &'a Callback<NodeIx>,
}

/// A box being filled while a page is drawn.
struct OpenBox {
    id: u32,
    children: Vec<Html>,
    /// Opened again: it began on the page before.
    continued: bool,
    /// A folded variation block: its items are not drawn.
    folded: bool,
}

impl Ctx<'_> {
    /// Counted message `key` for `n` (and the variation's `first` move),
    /// or the English words
    /// of `english` where the app's words are not built in (the widget).
    fn counted(&self, key: &str, n: u64, first: Option<&str>, english: impl FnOnce() -> String) -> String {
        if !cfg!(feature = "app-words") {
            return english();
        }
        let key = format!("{key}-{}", self.lang.plural(n));
        let count = n.to_string();
        match (self.lang.text(&key), first) {
            ("", _) => english(),
            (_, Some(first)) => self.lang.say(&key, &[("count", &count), ("first", first)]),
            (_, None) => self.lang.say(&key, &[("count", &count)]),
        }
    }

    /// The items `range` of `items` in their boxes: interruptions of the main
    /// line holding variation blocks of depth 1 holding blocks of depth 2.
    /// A box cut by the page's start or end is marked `split-before` or
    /// `split-after`, so the pages join without a seam.
    fn page(&self, range: std::ops::Range<usize>) -> Vec<Html> {
        let items = &self.layout.items[..];
        let before = range.start.checked_sub(1).map_or(Boxes::default(), |i| items[i].boxes);
        let after = items.get(range.end).map_or(Boxes::default(), |p| p.boxes);
        let mut top = Vec::new();
        let mut open: Vec<OpenBox> = Vec::new();
        let close = |open: &mut Vec<OpenBox>, top: &mut Vec<Html>, split_after: bool| {
            let level = open.len() - 1;
            let b = open.pop().expect("a box to close");
            let class = match level {
                0 => classes!("interruption"),
                1 => classes!("var", "var-d1"),
                _ => classes!("var", "var-d2"),
            };
            if b.folded && b.continued {
                // The rest of a folded block: nothing to draw.
                return;
            }
            let class = classes!(
                class,
                b.folded.then_some("folded"),
                b.continued.then_some("split-before"),
                split_after.then_some("split-after")
            );
            let html = if level == 0 {
                html! { <div {class}>{ for b.children }</div> }
            } else {
                html! { <div {class} data-depth={level.to_string()}>{ for b.children }</div> }
            };
            match open.last_mut() {
                Some(parent) => parent.children.push(html),
                None => top.push(html),
            }
        };
        for (i, placed) in items[range.clone()].iter().enumerate() {
            let b = placed.boxes;
            let levels = if b.interruption == 0 {
                0
            } else if b.block1 == 0 {
                1
            } else if b.block2 == 0 {
                2
            } else {
                3
            };
            let mut keep = 0;
            while keep < open.len() && keep < levels && open[keep].id == b.at(keep) {
                keep += 1;
            }
            while open.len() > keep {
                close(&mut open, &mut top, false);
            }
            if open.iter().any(|b| b.folded) {
                continue;
            }
            while open.len() < levels {
                let level = open.len();
                let id = b.at(level);
                let continued = i == 0 && before.at(level) == id;
                let block = if level > 0 { self.layout.block(id) } else { None };
                let folded = block.is_some_and(|b| self.folded.contains(&b.start));
                let mut children = Vec::new();
                if let (Some(block), false) = (block, continued) {
                    children.extend(self.fold_toggle(block, folded));
                }
                open.push(OpenBox { id, children, continued, folded });
                if folded {
                    break;
                }
            }
            if open.last().is_some_and(|b| b.folded) {
                continue;
            }
            let html = self.item(placed.item);
            match open.last_mut() {
                Some(b) => b.children.push(html),
                None => top.push(html),
            }
        }
        while let Some(b) = open.last() {
            let split = after.at(open.len() - 1) == b.id;
            close(&mut open, &mut top, split);
        }
        top
    }

    /// The button that folds or unfolds a variation block (its triangle drawn
    /// by the stylesheet, so that the list's text is the moves alone), and
    /// when folded the placeholder that stands for its moves (a click
    /// unfolds it too).
    fn fold_toggle(&self, block: Block, folded: bool) -> Vec<Html> {
        let start = block.start;
        let toggle = {
            let on_fold = self.on_fold.clone();
            Callback::from(move |_: MouseEvent| on_fold.emit(start))
        };
        let node = self.game.node(start);
        let dots = if node.by_white { "." } else { "..." };
        let first = format!("{}{} {}", node.number, dots, self.notation.write(node));
        let moves = block.moves;
        let plural = if moves == 1 { "" } else { "s" };
        let label = self.counted(if folded { "fold-show" } else { "fold-hide" }, moves as u64, Some(&first), || {
            format!("{} the variation {first} ({moves} move{plural})", if folded { "Show" } else { "Hide" })
        });
        let title = if folded {
            self.lang.text_or("fold-show-title", "Show this variation")
        } else {
            self.lang.text_or("fold-hide-title", "Hide this variation")
        };
        let mut out = vec![html! {
            <button type="button" class="var-fold" aria-expanded={(!folded).to_string()} aria-label={label}
                {title} onclick={toggle.clone()}>
            </button>
        }];
        if folded {
            out.push(html! {
                <span class="var-folded" aria-hidden="true" onclick={toggle}>
                    { self.counted("folded", moves as u64, Some(&first), || format!("({first} … {moves} move{plural})")) }
                </span>
            });
        }
        out
    }

    /// One item.
    fn item(&self, item: Item) -> Html {
        match item {
            Item::RowNumber(number) => html! { <span class="num">{ number }</span> },
            Item::Filler { dots } => {
                html! { <span class="mv-filler" aria-hidden="true">{ if dots { "…" } else { "" } }</span> }
            }
            Item::Move(ix) => self.move_button(ix),
            Item::Number { number, black } => {
                html! { <span class="num">{ format!("{number}{}", if black { "..." } else { "." }) }</span> }
            }
            Item::Comment { node, before, index, block } => {
                let n = self.game.node(node);
                let list = if before { &n.before } else { &n.after };
                self.comment(&list[index as usize], block)
            }
            Item::Unplayed { node, index } => self.unplayed(&self.game.node(node).unplayed[index as usize]),
            Item::Open => html! { <span class="var-paren">{ "(" }</span> },
            Item::Close => html! { <span class="var-paren">{ ")" }</span> },
        }
    }

    /// A clickable move with its NAGs.
    fn move_button(&self, ix: NodeIx) -> Html {
        let node = self.game.node(ix);
        let on_select = self.on_select.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_select.emit(ix));
        let oncontextmenu = self.on_context.cloned().map(|cb| {
            let on_select = self.on_select.clone();
            Callback::from(move |e: MouseEvent| {
                e.prevent_default();
                on_select.emit(ix);
                cb.emit((ix, e.client_x(), e.client_y()));
            })
        });
        // A move shows its first few NAGs; a flood of them (files have
        // thousands) is counted, not drawn.
        let nags: Vec<_> = node.nags.iter().take(MAX_NAGS_SHOWN).map(|&n| nag_view_in(n, self.lang)).collect();
        let more = node.nags.len().saturating_sub(MAX_NAGS_SHOWN);
        let more_view = (more > 0).then(|| {
            let title = self.counted("nags-more", more as u64, None, || format!("{more} more annotation glyphs"));
            html! { <span class="nag nag-more" {title}>{ format!("+{more}") }</span> }
        });
        let move_nags = nags.iter().filter(|v| v.judges_move).map(|v| {
            html! { <span class="nag nag-move" title={v.meaning}>{ v.glyph.clone() }</span> }
        });
        let position_nags = nags.iter().filter(|v| !v.judges_move).map(|v| {
            html! { <span class="nag nag-position" title={v.meaning}>{ v.glyph.clone() }</span> }
        });
        // The name holds the move as shown (figurines and other letters too).
        let dots = if node.by_white { "." } else { "..." };
        let mut label = format!("{}{} {}", node.number, dots, self.notation.write(node));
        for v in nags.iter().filter(|v| !v.meaning.is_empty()) {
            label.push_str(", ");
            label.push_str(v.meaning);
        }
        if more > 0 {
            let more_text = self.counted("nags-more", more as u64, None, || format!("{more} more annotation glyphs"));
            label.push_str(&say_or!(self.lang, "and-more", [("more", &more_text)], ", and {more_text}"));
        }
        html! {
                <button type="button" class="mv" tabindex="-1"
                    data-node={ix.to_string()} aria-label={label}
                    {onclick} {oncontextmenu}>
                    <span class="san">{ self.notation.write(node) }</span>{ for move_nags }{ for position_nags }{ for more_view }
                </button>
        }
    }

    fn comment(&self, text: &str, block: bool) -> Html {
        let class = if block { "comment comment-block" } else { "comment" };
        shortened(self.lang, classes!(class), text, None)
    }

    /// Text after a move that could not be read as moves, kept as written.
    fn unplayed(&self, text: &str) -> Html {
        let title = self.lang.text_or("unplayed", "Not understood as moves: kept as written, and exported unchanged");
        shortened(self.lang, classes!("unplayed"), text, Some(title))
    }
}

/// Text in a span of `class`; a very long one (files hold comments of
/// megabytes) shows its start, and the rest opens on demand.
fn shortened(lang: Lang, class: Classes, text: &str, title: Option<&'static str>) -> Html {
    const LONG: usize = 1000;
    if text.len() > LONG {
        let cut = text.char_indices().nth(240).map_or(text.len(), |(i, _)| i);
        return html! {
            <details class={classes!(class, "long-text")} {title}>
                <summary>{ text[..cut].to_owned() }<span class="ellipsis">{ more_characters(lang, text[cut..].chars().count()) }</span></summary>
                <span>{ text[cut..].to_owned() }</span>
            </details>
        };
    }
    html! { <span {class} {title}>{ text.to_owned() }</span> }
}

/// The count of characters of a long text not shown, e.g. `… (850 more characters)`.
fn more_characters(lang: Lang, n: usize) -> String {
    if cfg!(feature = "app-words") {
        format!("… ({})", lang.say(&format!("more-characters-{}", lang.plural(n as u64)), &[("count", &n.to_string())]))
    } else {
        format!("… ({n} more characters)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::loader::open_first_game;
    use crate::state::url_state::{node_at, path_of};

    /// How deep elements nest in `html`, and how many move buttons it has
    /// (walked with an explicit stack).
    fn depth_and_moves(html: &Html) -> (usize, usize) {
        let (mut deepest, mut moves) = (0, 0);
        let mut stack = vec![(html, 0)];
        while let Some((node, depth)) = stack.pop() {
            match node {
                Html::VTag(tag) => {
                    deepest = deepest.max(depth + 1);
                    let class = tag.attributes.iter().find(|(k, _)| *k == "class").map(|(_, v)| v.to_owned());
                    if tag.tag() == "button" && class.as_deref() == Some("mv") {
                        moves += 1;
                    }
                    stack.extend(tag.children().map(|c| (c, depth + 1)));
                }
                Html::VList(list) => stack.extend(list.iter().map(|c| (c, depth))),
                _ => {}
            }
        }
        (deepest, moves)
    }

    /// Every page of a game's list, drawn.
    fn list_of(game: &ViewGame) -> Html {
        list_folded(game, &HashSet::new())
    }

    /// Every page of a game's list, drawn with the variations starting at
    /// `folded` folded.
    fn list_folded(game: &ViewGame, folded: &HashSet<NodeIx>) -> Html {
        let (on_select, on_fold) = (Callback::noop(), Callback::noop());
        let layout = Layout::of(game);
        let ctx = Ctx {
            lang: Lang::En,
            game,
            on_select: &on_select,
            notation: Notation::San,
            on_context: None,
            layout: &layout,
            folded,
            on_fold: &on_fold,
        };
        let pages =
            layout.pages.iter().map(|range| html! { <div class="mainline">{ for ctx.page(range.clone()) }</div> });
        html! { <div>{ for pages }</div> }
    }

    #[test]
    fn hostile_games_make_shallow_lists_without_deep_calls() {
        // A thread with far less stack than a wasm page has: recursion as
        // deep as the file would overflow it.
        let run = std::thread::Builder::new().stack_size(256 << 10).spawn(|| {
            for bytes in [
                movetext_hostile::deep_variations(10_000),
                movetext_hostile::many_siblings(10_000),
                movetext_hostile::long_game(20_000),
            ] {
                let game = open_first_game(&bytes);
                let html = list_of(&game);
                let (depth, moves) = depth_and_moves(&html);
                assert!(depth <= 8, "elements nest {depth} deep");
                assert_eq!(moves, game.nodes.len() - 1, "every move has its button");
                let deepest = (0..game.nodes.len()).max_by_key(|&ix| {
                    let (mut n, mut at) = (0, ix);
                    while let Some(p) = game.node(at).parent {
                        n += 1;
                        at = p;
                    }
                    n
                });
                let deepest = deepest.unwrap();
                assert_eq!(node_at(&game, &path_of(&game, deepest)), deepest);
            }
        });
        run.unwrap().join().unwrap();
    }

    #[test]
    fn a_box_cut_by_pages_is_drawn_once_and_continued() {
        for bytes in [
            movetext_hostile::deep_variations(3_000),
            movetext_hostile::many_siblings(3_000),
            b"1. e4 {x} e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *".to_vec(),
        ] {
            let game = open_first_game(&bytes);
            let layout = Layout::of(&game);
            let mut ids = std::collections::HashSet::new();
            for p in &layout.items {
                ids.extend([p.boxes.interruption, p.boxes.block1 + 1_000_000, p.boxes.block2 + 2_000_000]);
            }
            let boxes = ids.into_iter().filter(|&id| id % 1_000_000 != 0).count();
            let (mut new_boxes, mut continued) = (0, 0);
            let html = list_of(&game);
            let mut stack = vec![&html];
            while let Some(node) = stack.pop() {
                match node {
                    Html::VTag(tag) => {
                        let class = tag
                            .attributes
                            .iter()
                            .find(|(k, _)| *k == "class")
                            .map(|(_, v)| v.to_owned())
                            .unwrap_or_default();
                        if class.contains("interruption") || class.contains("var-d") {
                            if class.contains("split-before") {
                                continued += 1;
                            } else {
                                new_boxes += 1;
                            }
                        }
                        stack.extend(tag.children());
                    }
                    Html::VList(list) => stack.extend(list.iter()),
                    _ => {}
                }
            }
            assert_eq!(new_boxes, boxes, "each box begins once");
            assert_eq!(
                continued > 0,
                layout.pages.len() > 1 && boxes > 0,
                "{continued} continued boxes in {} pages",
                layout.pages.len()
            );
        }
    }

    #[test]
    fn a_folded_variation_draws_its_toggle_and_placeholder_only() {
        let game = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) (1... e6 2. d4) 2. Nf3 *");
        let c5 = (0..game.nodes.len()).find(|&ix| game.node(ix).san == "c5").unwrap();
        let c3 = (0..game.nodes.len()).find(|&ix| game.node(ix).san == "c3").unwrap();
        let (_, all) = depth_and_moves(&list_folded(&game, &HashSet::new()));
        assert_eq!(all, game.nodes.len() - 1);
        let (_, inner) = depth_and_moves(&list_folded(&game, &HashSet::from([c3])));
        assert_eq!(inner, all - 2, "c3 d5 hidden");
        let html = list_folded(&game, &HashSet::from([c5]));
        let (_, outer) = depth_and_moves(&html);
        assert_eq!(outer, all - 5, "c5 Nf3 d6 and c3 d5 hidden");
        let mut texts = Vec::new();
        let mut stack = vec![&html];
        while let Some(node) = stack.pop() {
            match node {
                Html::VTag(tag) => stack.extend(tag.children()),
                Html::VList(list) => stack.extend(list.iter()),
                Html::VText(t) => texts.push(t.text.to_string()),
                _ => {}
            }
        }
        assert!(texts.iter().any(|t| t == "(1... c5 … 5 moves)"), "{texts:?}");
    }

    #[test]
    fn the_shown_move_finds_the_folded_variations_around_it() {
        let game = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 *");
        let find = |san: &str| (0..game.nodes.len()).find(|&ix| game.node(ix).san == san).unwrap();
        let (c5, c3, d5) = (find("c5"), find("c3"), find("d5"));
        assert_eq!(folded_around(&game, d5, &HashSet::from([c5, c3])), vec![c3, c5]);
        assert_eq!(folded_around(&game, find("d6"), &HashSet::from([c5, c3])), vec![c5]);
        assert!(folded_around(&game, find("e4"), &HashSet::from([c5])).is_empty());
    }

    #[test]
    fn a_flood_of_nags_is_counted_not_drawn() {
        let game = open_first_game(&movetext_hostile::nag_flood(100_000));
        let html = list_of(&game);
        let mut spans = 0;
        let mut texts = Vec::new();
        let mut stack = vec![&html];
        while let Some(node) = stack.pop() {
            match node {
                Html::VTag(tag) => {
                    spans += usize::from(tag.tag() == "span");
                    stack.extend(tag.children());
                }
                Html::VList(list) => stack.extend(list.iter()),
                Html::VText(t) => texts.push(t.text.to_string()),
                _ => {}
            }
        }
        assert!(spans < 40, "{spans} spans");
        assert!(texts.iter().any(|t| t == "+99994"), "{texts:?}");
    }

    #[test]
    fn inline_variations_are_written_in_parentheses() {
        let game = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5 (3. Nf3)) 3. d4) d6) 2. Nf3 *");
        let html = list_of(&game);
        let mut texts = Vec::new();
        let mut stack = vec![&html];
        while let Some(node) = stack.pop() {
            match node {
                Html::VTag(tag) => stack.extend(tag.children()),
                Html::VList(list) => stack.extend(list.iter().rev()),
                Html::VText(t) => texts.push(t.text.to_string()),
                _ => {}
            }
        }
        let text = texts.join(" ");
        assert!(text.contains("( 2... Nf6 3. e5 ( 3. Nf3 ) ) 3. d4"), "{text}");
    }
}
