//! The few things the widget asks of the page: finding its parts, writing
//! their markup and attributes, listening to them, timers, and the page
//! clock.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, Event, EventTarget, HtmlElement};

/// The page's window.
pub fn window() -> web_sys::Window {
    web_sys::window().expect("a window")
}

/// The page clock, in milliseconds.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// The first element under `root` that matches `selector`.
pub fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}

/// Every element under `root` that matches `selector`.
pub fn find_all(root: &Element, selector: &str) -> Vec<Element> {
    let mut out = Vec::new();
    if let Ok(list) = root.query_selector_all(selector) {
        for i in 0..list.length() {
            if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                out.push(el);
            }
        }
    }
    out
}

/// Sets or removes an attribute.
pub fn set_attr(el: &Element, name: &str, value: Option<&str>) {
    let _ = match value {
        Some(v) => el.set_attribute(name, v),
        None => el.remove_attribute(name),
    };
}

/// Gives an element the focus, without scrolling the page, once the code
/// running now is done: the page hears of it (`focusin`) when the widget is
/// no longer in the middle of a change, so its listeners may call the
/// widget back.
pub fn focus(el: &Element) {
    let Some(el) = el.dyn_ref::<HtmlElement>().cloned() else { return };
    let f = once(Box::new(move || {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = el.focus_with_options(&options);
    }));
    window().queue_microtask(f.unchecked_ref());
}

/// The element that has the focus inside `root`'s document or shadow root.
pub fn focused_in(root: &Element) -> Option<Element> {
    let holder = root.get_root_node();
    let active = js_sys::Reflect::get(&holder, &JsValue::from_str("activeElement")).ok()?;
    active.dyn_into::<Element>().ok()
}

/// Runs `f` in a task of its own after `ms` milliseconds; the number
/// cancels it ([`cancel`]).
pub fn after(ms: i32, f: impl FnOnce() + 'static) -> i32 {
    let f = once(Box::new(f));
    window().set_timeout_with_callback_and_timeout_and_arguments_0(f.unchecked_ref(), ms).unwrap_or(0)
}

/// Cancels a timer set by [`after`].
pub fn cancel(timer: i32) {
    window().clear_timeout_with_handle(timer);
}

/// Runs `f` before the next frame is laid out and painted.
pub fn in_next_frame(f: impl FnOnce() + 'static) {
    let f = once(Box::new(f));
    let _ = window().request_animation_frame(f.unchecked_ref());
}

/// A function the page calls once. (Every caller's work is boxed first,
/// so that the module holds one piece of glue for all of them.)
fn once(f: Box<dyn FnOnce()>) -> JsValue {
    Closure::once_into_js(f)
}

/// Whether the reader asked for less motion (`prefers-reduced-motion`).
pub fn less_motion() -> bool {
    window().match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|m| m.matches())
}

/// The number in attribute `attribute` of the element matching `selector`
/// that holds `target`, if any.
pub fn marked(target: &Element, selector: &str, attribute: &str) -> Option<usize> {
    target.closest(selector).ok()??.get_attribute(attribute)?.parse().ok()
}

/// A listener: where, for which events, what it calls, and whether it
/// hears them on their way down.
type Listener = (EventTarget, &'static str, Closure<dyn FnMut(Event)>, bool);

/// The listeners of a widget, removed with it.
#[derive(Default)]
pub struct Listeners(Vec<Listener>);

impl Listeners {
    /// Adds a listener of `kind` events on `target` (a passive one cannot
    /// cancel them).
    pub fn add(&mut self, target: &Element, kind: &'static str, passive: bool, f: impl FnMut(Event) + 'static) {
        self.add_with(target, kind, passive, false, f);
    }

    /// Adds a passive listener of `kind` events on `target` that hears
    /// them on their way to the elements inside.
    pub fn add_capturing(&mut self, target: &Element, kind: &'static str, f: impl FnMut(Event) + 'static) {
        self.add_with(target, kind, true, true, f);
    }

    fn add_with(
        &mut self,
        target: &Element,
        kind: &'static str,
        passive: bool,
        capture: bool,
        f: impl FnMut(Event) + 'static,
    ) {
        // (Boxed first: one piece of glue for every listener.)
        let closure = Closure::wrap(Box::new(f) as Box<dyn FnMut(Event)>);
        let options = web_sys::AddEventListenerOptions::new();
        options.set_passive(passive);
        options.set_capture(capture);
        let _ = target.add_event_listener_with_callback_and_add_event_listener_options(
            kind,
            closure.as_ref().unchecked_ref(),
            &options,
        );
        self.0.push((target.clone().into(), kind, closure, capture));
    }

    /// Removes them all.
    pub fn remove(&mut self) {
        for (target, kind, closure, capture) in self.0.drain(..) {
            let _ =
                target.remove_event_listener_with_callback_and_bool(kind, closure.as_ref().unchecked_ref(), capture);
        }
    }
}
