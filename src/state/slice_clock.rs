//! Long work on the page runs in slices: how long one may last, and the
//! clock it is measured with.

/// How long one slice of work may hold the page, in milliseconds.
pub use movetext_view::game::opener::SLICE_MS;

/// Milliseconds since 1970, as the page's clock reads them.
pub fn now() -> f64 {
    js_sys::Date::now()
}
