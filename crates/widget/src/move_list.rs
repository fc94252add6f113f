//! The move list, drawn in pages (`movetext_view::markup::move_list_layout`): the
//! first page and the shown move's at once, then a page a task after each
//! frame; a game of more than [`ALL_PAGES_UP_TO`] pages only the pages
//! near the visible part of the list. Pages not drawn are gaps of their
//! estimated height. Stepping moves the highlight; nothing is written again.

use std::rc::Rc;

use movetext_view::game::model::{NodeIx, SharedGame, ViewGame};
use movetext_view::markup::move_list_layout::{folded_around, scroll_to_show, toggle_fold, Layout};
use movetext_view::markup::move_list_markup::PageContext;
use movetext_view::text::i18n::Lang;
use movetext_view::text::notation::Notation;
use movetext_view::text::tag_values::player_name;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

use crate::dom::{self, find, find_all, set_attr};

/// Games of at most this many pages get all of them drawn.
pub const ALL_PAGES_UP_TO: usize = 30;
/// How far above and below the visible part pages are drawn, in pixels.
const MARGIN: f64 = 600.0;

/// The move list of a widget.
pub struct MoveList {
    el: Element,
    game: Option<SharedGame>,
    notation: Notation,
    lang: Lang,
    layout: Rc<Layout>,
    folded: Vec<NodeIx>,
    drawn: Vec<bool>,
    current: NodeIx,
    /// A page is to be drawn in a task to come.
    pub filling: bool,
}

impl MoveList {
    /// The list in element `el` (`.move-list`), empty.
    pub fn new(el: Element) -> MoveList {
        MoveList {
            el,
            game: None,
            notation: Notation::San,
            lang: Lang::En,
            layout: Rc::new(Layout::default()),
            folded: Vec::new(),
            drawn: Vec::new(),
            current: 0,
            filling: false,
        }
    }

    /// Shows `game` with node `current` marked.
    pub fn show(&mut self, game: &SharedGame, current: NodeIx, notation: Notation, lang: Lang) {
        let same = self.game.as_ref().is_some_and(|g| Rc::ptr_eq(&g.0, &game.0));
        if !same || notation != self.notation || lang != self.lang {
            self.game = Some(game.clone());
            self.notation = notation;
            self.lang = lang;
            self.layout = Rc::new(Layout::of(game));
            self.folded.clear();
            self.current = current;
            self.write_all(current);
        }
        self.current = current;
        let around = folded_around(game, current, &self.folded);
        if !around.is_empty() {
            self.folded.retain(|f| !around.contains(f));
            self.redraw_drawn();
        }
        let page = self.layout.page_of(current);
        if !self.drawn.get(page).copied().unwrap_or(true) {
            self.draw_page(page);
        }
        self.mark_current();
    }

    /// Whether pages are left to draw.
    pub fn unfinished(&self) -> bool {
        self.drawn.iter().any(|d| !d)
    }

    /// Writes the whole list: the first page and the shown move's, the
    /// others as gaps.
    fn write_all(&mut self, current: NodeIx) {
        let Some(game) = self.game.clone() else { return };
        let pages = self.layout.pages.len();
        let page_now = self.layout.page_of(current);
        self.drawn = (0..pages).map(|p| p == 0 || p == page_now).collect();
        let (white, black) =
            (player_name(game.tag("White"), true, self.lang), player_name(game.tag("Black"), false, self.lang));
        let mut label = self.lang.say("moves-of", &[("white", white), ("black", black)]);
        if label.is_empty() {
            // (The list's name is one of the app's words, in English where
            // the widget's build leaves them out.)
            label = format!("Moves: {white} – {black}");
        }
        set_attr(&self.el, "aria-label", Some(&label));
        let mut out = String::new();
        for p in 0..pages {
            if self.drawn[p] {
                out.push_str(&self.page(&game, p));
            } else {
                out.push_str(&format!("<div class=\"mv-gap\" data-page=\"{p}\" aria-hidden=\"true\"></div>"));
            }
        }
        self.el.set_inner_html(&out);
        // (Heights set as properties: a page's rules may forbid style attributes.)
        for gap in find_all(&self.el, ".mv-gap") {
            let p: usize = gap.get_attribute("data-page").and_then(|p| p.parse().ok()).unwrap_or(0);
            // (In whole pixels: writing a float would bring the standard
            // library's float formatting into the module.)
            let height = self.layout.estimates.get(p).copied().unwrap_or(0.0).max(0.0).round() as u32;
            if let Some(gap) = gap.dyn_ref::<HtmlElement>() {
                let _ = gap.style().set_property("height", &format!("{height}px"));
            }
        }
    }

    fn page(&self, game: &ViewGame, p: usize) -> String {
        let ctx =
            PageContext { lang: self.lang, game, notation: self.notation, layout: &self.layout, folded: &self.folded };
        ctx.page(p)
    }

    /// Draws page `p` in its gap (or again).
    fn draw_page(&mut self, p: usize) {
        let Some(game) = self.game.clone() else { return };
        if let Some(old) = find(&self.el, &format!("[data-page=\"{p}\"]")) {
            old.set_outer_html(&self.page(&game, p));
            if let Some(d) = self.drawn.get_mut(p) {
                *d = true;
            }
        }
    }

    /// Draws the drawn pages again (a variation folded or unfolded).
    fn redraw_drawn(&mut self) {
        for p in 0..self.drawn.len() {
            if self.drawn[p] {
                self.draw_page(p);
            }
        }
    }

    /// Folds the variation that starts at `start`, or unfolds it; its
    /// toggle keeps the focus.
    pub fn toggle(&mut self, start: NodeIx) {
        toggle_fold(&mut self.folded, start);
        self.redraw_drawn();
        self.mark_current();
        if let Some(toggle) = find(&self.el, &format!(".var-fold[data-fold=\"{start}\"]")) {
            dom::focus(&toggle);
        }
    }

    /// Draws one more page: the next of a short game, or of a long one the
    /// page near the screen closest to the shown move. Whether one was drawn.
    pub fn fill_one(&mut self) -> bool {
        let pages = self.drawn.len();
        let next = if pages <= ALL_PAGES_UP_TO {
            self.drawn.iter().position(|d| !d)
        } else {
            let here = self.layout.page_of(self.current);
            self.near_screen().into_iter().filter(|&p| !self.drawn[p]).min_by_key(|p| p.abs_diff(here))
        };
        match next {
            Some(p) => {
                self.draw_page(p);
                self.mark_current();
                true
            }
            None => false,
        }
    }

    /// The pages within [`MARGIN`] of the part of the list on screen.
    fn near_screen(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let rect = self.el.get_bounding_client_rect();
        let screen = dom::window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
        let (top, bottom) = (rect.top().max(0.0), rect.bottom().min(screen));
        if bottom <= top {
            return out;
        }
        for el in find_all(&self.el, ":scope > [data-page]") {
            let r = el.get_bounding_client_rect();
            if r.bottom() >= top - MARGIN && r.top() <= bottom + MARGIN {
                if let Some(p) = el.get_attribute("data-page").and_then(|p| p.parse().ok()) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// Moves the highlight (class `current`, `aria-current`) to the shown
    /// move, and the list's one tab stop with it (the first move at the
    /// start); focus on a move of the list follows it.
    fn mark_current(&self) {
        let focused = dom::focused_in(&self.el);
        let focus_in_list =
            focused.as_ref().is_some_and(|a| self.el.contains(Some(a)) && a.class_list().contains("mv"));
        for el in find_all(&self.el, ".mv.current, .mv[tabindex=\"0\"]") {
            let _ = el.class_list().remove_1("current");
            set_attr(&el, "aria-current", None);
            set_attr(&el, "tabindex", Some("-1"));
        }
        let target = match find(&self.el, &format!(".mv[data-node=\"{}\"]", self.current)) {
            Some(el) => {
                let _ = el.class_list().add_1("current");
                set_attr(&el, "aria-current", Some("step"));
                Some(el)
            }
            None => find(&self.el, ".mv"),
        };
        if let Some(el) = target {
            set_attr(&el, "tabindex", Some("0"));
            if focus_in_list {
                dom::focus(&el);
            }
        }
        let list = self.el.clone();
        dom::in_next_frame(move || keep_current_in_view(&list));
    }
}

/// Scrolls the list (only the list) so that the shown move is in view.
fn keep_current_in_view(list: &Element) {
    let Some(current) = find(list, ".mv.current") else { return };
    let (outer, inner) = (list.get_bounding_client_rect(), current.get_bounding_client_rect());
    let by = scroll_to_show((outer.top(), outer.bottom()), (inner.top(), inner.bottom()));
    if by != 0.0 {
        list.set_scroll_top(list.scroll_top() + by as i32);
    }
}
