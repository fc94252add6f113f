//! What the page knows and the work behind it, without drawing: the open
//! file and its index, the shown game and node, edits, saving, the address.

pub(crate) mod blob_reading;
pub(crate) mod database;
pub(crate) mod doc_state;
pub(crate) mod documents;
pub(crate) mod export_slices;
pub(crate) mod feed;
pub(crate) mod fetched;
pub(crate) mod game_order;
pub(crate) mod gif_animation;
pub(crate) mod idle_task;
pub(crate) mod keys;
pub(crate) mod notation_choice;
pub(crate) mod opener;
pub(crate) mod opening;
pub(crate) mod page_state;
pub(crate) mod persist;
pub(crate) mod repertoire_view;
pub(crate) mod same;
pub(crate) mod slice_clock;
pub(crate) mod training_hook;
pub(crate) mod viewer;
pub(crate) mod zstd_reading;

/// The state after a change made by `apply`: the same `Rc` when nothing
/// changed (so nothing is drawn again), else a new one. The reducers'
/// common step.
pub(crate) fn changed<T: Clone + PartialEq>(state: std::rc::Rc<T>, apply: impl FnOnce(&mut T)) -> std::rc::Rc<T> {
    let mut next = (*state).clone();
    apply(&mut next);
    if next == *state {
        state
    } else {
        std::rc::Rc::new(next)
    }
}
