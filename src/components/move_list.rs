//! The move list: the main line in move pairs, comments, and variations as
//! indented blocks (deeper ones inline in parentheses), each page written
//! as markup (`movetext_view::markup::move_list_markup`). The list is drawn in
//! pages (see [`movetext_view::markup::move_list_layout`]): the first pages at
//! once and the rest a page per task, and a very long game only the pages
//! in view, so no game holds the page for long however many moves it has.
//! Each variation block folds to a short placeholder and unfolds again;
//! showing a move inside a folded variation unfolds it.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use movetext_view::game::model::{NodeIx, SharedGame};
use movetext_view::markup::move_list_layout::{folded_around, scroll_to_show, toggle_fold, Layout};
use movetext_view::markup::move_list_markup::PageContext;
use movetext_view::text::notation::Notation;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::components::next_frame::in_next_frame;
use crate::state::same::Same;

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
pub(crate) struct Folded(pub Rc<Vec<NodeIx>>);

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
                toggle_fold(&mut set, start);
            }
            FoldAction::Unfold(starts) => set.retain(|f| !starts.contains(f)),
        }
        Rc::new(Folded(Rc::new(set)))
    }
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
    let lang = crate::i18n::use_lang();
    let container = use_node_ref();
    let layout = use_memo(props.game.clone(), |game| Layout::of(game));
    let in_view = use_reducer_eq(InView::default);
    let (folded, on_fold) = use_folded(&props.game, props.current);
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
    let update_in_view = use_in_view_updates(&container, &sizes, &in_view);
    let current_page = layout.page_of(props.current);
    use_more_pages(
        PagesDrawn {
            key: (layout_id, upto, current_page, in_view.drawn.clone(), Rc::as_ptr(&folded) as usize, props.notation),
            pages: layout.pages.len(),
            current_page,
            drawn_upto,
        },
        &container,
        &sizes,
        &update_in_view,
        &in_view,
    );
    {
        let container = container.clone();
        use_effect_with((props.current, props.game.clone(), props.notation, folded.clone()), move |(current, ..)| {
            mark_current(&container, *current);
            in_next_frame(move || keep_current_in_view(&container));
        });
    }
    let g = &props.game;
    let (white, black) = (g.tag("White"), g.tag("Black"));
    let label = lang.say(
        "moves-of",
        &[("white", white.unwrap_or(lang.text("side-white"))), ("black", black.unwrap_or(lang.text("side-black")))],
    );
    let layout_ref = Same(layout.clone());
    let pages = (0..layout.pages.len()).map(|p| {
        let drawn = p < upto || p == current_page || in_view.drawn.contains(&p);
        let height = sizes.borrow().height(p).round() as u32;
        html! {
            <MovePage key={p} index={p} {drawn} height={if drawn { 0 } else { height }}
                game={props.game.clone()} layout={layout_ref.clone()} notation={props.notation} folded={folded.clone()} />
        }
    });
    // (The list's own scrolling.)
    let onscroll = Callback::from(move |_: Event| update_in_view());
    let onclick = on_list_click(&container, props.on_select.clone(), (*on_fold).clone());
    let oncontextmenu = props.on_context.clone().map(|cb| {
        let on_select = props.on_select.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(ix) = marked(&e, ".mv[data-node]", "data-node") {
                e.prevent_default();
                on_select.emit(ix);
                cb.emit((ix, e.client_x(), e.client_y()));
            }
        })
    });
    html! {
        <div class="move-list" ref={container} role="region" aria-label={label} {onscroll} {onclick} {oncontextmenu}>
            { for pages }
        </div>
    }
}

/// The variations folded, and the callback that folds or unfolds one. The
/// shown move inside a folded variation unfolds it (drawn unfolded at once,
/// and kept so).
#[hook]
fn use_folded(game: &SharedGame, current: NodeIx) -> (Rc<Vec<NodeIx>>, Rc<Callback<NodeIx>>) {
    let folded_state = use_reducer_eq(Folded::default);
    let around = folded_around(game, current, &folded_state.0);
    let folded = if around.is_empty() {
        folded_state.0.clone()
    } else {
        let mut set = (*folded_state.0).clone();
        set.retain(|f| !around.contains(f));
        folded_state.dispatch(FoldAction::Unfold(around));
        Rc::new(set)
    };
    let on_fold = {
        let dispatch = folded_state.dispatcher();
        use_memo((), move |_| Callback::from(move |start: NodeIx| dispatch.dispatch(FoldAction::Toggle(start))))
    };
    (folded, on_fold)
}

/// Sees which pages are near the screen: the function returned, called
/// after drawing, and as the page or the window scrolls or changes size.
#[hook]
fn use_in_view_updates(
    container: &NodeRef,
    sizes: &Rc<RefCell<Sizes>>,
    in_view: &UseReducerHandle<InView>,
) -> Rc<dyn Fn()> {
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
    update_in_view
}

/// The pages a drawing of the list drew.
struct PagesDrawn {
    /// What changes when the pages drawn change: the layout, the pages
    /// drawn from the first, the page of the shown move, the other pages
    /// drawn, the folded variations and the notation.
    key: (usize, usize, usize, HashSet<usize>, usize, Notation),
    /// How many pages the layout has.
    pages: usize,
    /// The page of the shown move.
    current_page: usize,
    /// The layout and the pages drawn from the first on.
    drawn_upto: UseStateHandle<(usize, usize)>,
}

/// After each drawing that changed the pages drawn: measures them and sees
/// which are in view (a step that only moves the highlight does neither);
/// and draws one more page of a game short enough to be drawn whole, or
/// else the wanted page nearest the shown move.
#[hook]
fn use_more_pages(
    drawn: PagesDrawn,
    container: &NodeRef,
    sizes: &Rc<RefCell<Sizes>>,
    update_in_view: &Rc<dyn Fn()>,
    in_view: &UseReducerHandle<InView>,
) {
    let last_measured = use_mut_ref(|| None);
    let container = container.clone();
    let sizes = sizes.clone();
    let update = update_in_view.clone();
    let in_view = in_view.clone();
    let PagesDrawn { key: drawn_key, pages, current_page, drawn_upto } = drawn;
    let (layout_id, upto) = (drawn_key.0, drawn_key.1);
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

/// The list's clicks: the pages are markup, and the list answers their
/// moves' clicks (`on_select`) and their toggles' (`on_fold`).
fn on_list_click(container: &NodeRef, on_select: Callback<NodeIx>, on_fold: Callback<NodeIx>) -> Callback<MouseEvent> {
    let container = container.clone();
    Callback::from(move |e: MouseEvent| {
        if let Some(start) = marked(&e, "[data-fold]", "data-fold") {
            on_fold.emit(start);
            // The page is written anew: its toggle keeps the focus
            // (Enter on it, or a click).
            let container = container.clone();
            in_next_frame(move || {
                let toggle = container
                    .cast::<web_sys::Element>()
                    .and_then(|list| list.query_selector(&format!(".var-fold[data-fold=\"{start}\"]")).ok().flatten())
                    .and_then(|el| el.dyn_into::<HtmlElement>().ok());
                if let Some(toggle) = toggle {
                    let _ = toggle.focus();
                }
            });
        } else if let Some(ix) = marked(&e, ".mv[data-node]", "data-node") {
            on_select.emit(ix);
        }
    })
}

/// The node number in attribute `attribute` of the element matching
/// `selector` that an event happened in, if any.
fn marked(e: &MouseEvent, selector: &str, attribute: &str) -> Option<NodeIx> {
    let target = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    target.closest(selector).ok()??.get_attribute(attribute)?.parse().ok()
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
    notation: Notation,
    /// The folded variations, by first move.
    folded: Rc<Vec<NodeIx>>,
}

/// A page of the list: its part of the main line's grid, with the result
/// after the last page.
#[function_component(MovePage)]
fn move_page(props: &PageProps) -> Html {
    let lang = crate::i18n::use_lang();
    if !props.drawn {
        let index = props.index.to_string();
        return html! { <div class="mv-gap" data-page={index} aria-hidden="true" style={format!("height: {}px", props.height)}></div> };
    }
    let ctx = PageContext {
        lang,
        game: &props.game,
        notation: props.notation,
        layout: &props.layout.0,
        folded: &props.folded,
    };
    Html::from_html_unchecked(AttrValue::from(ctx.page(props.index)))
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
    let (outer, inner) = (list.get_bounding_client_rect(), current.get_bounding_client_rect());
    let by = scroll_to_show((outer.top(), outer.bottom()), (inner.top(), inner.bottom()));
    if by != 0.0 {
        list.set_scroll_top(list.scroll_top() + by as i32);
    }
}
