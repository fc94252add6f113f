//! Long work on the page runs in slices: how long one may last, and the
//! clock it is measured with.

/// How long one slice of work may hold the page, in milliseconds.
pub use movetext_view::game::opener::SLICE_MS;

/// Milliseconds since 1970, as the page's clock reads them.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// A run of slices: [`Slices::answer`] lets the page answer (a task of its
/// own) once `ms` have passed since it last did.
pub struct Slices {
    ms: f64,
    since: f64,
}

impl Slices {
    /// Slices of `ms` milliseconds, the first starting now.
    pub fn of(ms: f64) -> Slices {
        Slices { ms, since: now() }
    }

    /// Lets the page answer if this slice has lasted `ms`.
    pub async fn answer(&mut self) {
        if now() - self.since > self.ms {
            gloo_timers::future::TimeoutFuture::new(0).await;
            self.since = now();
        }
    }
}
