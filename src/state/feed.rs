//! A value that changes more often than the page is drawn (the position
//! index's progress while it is built): the part of the page that shows it
//! listens ([`use_feed`]) and is drawn again alone when it is told, so the
//! whole page is not.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

struct Inner<T> {
    value: T,
    listeners: Vec<(u64, Callback<()>)>,
    next_id: u64,
}

/// A shared value and the parts of the page that show it.
pub(crate) struct Feed<T>(Rc<RefCell<Inner<T>>>);

impl<T> Clone for Feed<T> {
    fn clone(&self) -> Self {
        Feed(self.0.clone())
    }
}

impl<T> PartialEq for Feed<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: Clone + Default> Default for Feed<T> {
    fn default() -> Self {
        Feed(Rc::new(RefCell::new(Inner { value: T::default(), listeners: Vec::new(), next_id: 0 })))
    }
}

impl<T: Clone + PartialEq> Feed<T> {
    /// The value now.
    pub fn get(&self) -> T {
        self.0.borrow().value.clone()
    }

    /// Changes the value and draws again the parts of the page that show it
    /// (nothing when it is the same).
    pub fn tell(&self, value: T) {
        if self.0.borrow().value == value {
            return;
        }
        self.0.borrow_mut().value = value;
        let listeners: Vec<Callback<()>> = self.0.borrow().listeners.iter().map(|(_, c)| c.clone()).collect();
        for listener in listeners {
            listener.emit(());
        }
    }

    fn listen(&self, listener: Callback<()>) -> u64 {
        let mut inner = self.0.borrow_mut();
        let id = inner.next_id;
        inner.next_id += 1;
        inner.listeners.push((id, listener));
        id
    }

    fn forget(&self, id: u64) {
        self.0.borrow_mut().listeners.retain(|(i, _)| *i != id);
    }
}

/// The feed's value, with the component drawn again whenever the feed is
/// told of a new one.
#[hook]
pub(crate) fn use_feed<T: Clone + PartialEq + 'static>(feed: &Feed<T>) -> T {
    let redraw = use_force_update();
    use_effect_with(feed.clone(), move |feed| {
        let id = feed.listen(Callback::from(move |()| redraw.force_update()));
        let feed = feed.clone();
        move || feed.forget(id)
    });
    feed.get()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn tell_changes_the_value_and_calls_each_listener_until_forgotten_when_it_changed() {
        let feed: Feed<u32> = Feed::default();
        let calls = Rc::new(Cell::new(0));
        let id = {
            let calls = calls.clone();
            feed.listen(Callback::from(move |()| calls.set(calls.get() + 1)))
        };
        assert_eq!((feed.get(), calls.get()), (0, 0));
        feed.tell(4);
        assert_eq!((feed.get(), calls.get()), (4, 1));
        feed.tell(4);
        assert_eq!(calls.get(), 1, "the same value draws nothing");
        feed.forget(id);
        feed.tell(5);
        assert_eq!((feed.get(), calls.get()), (5, 1));
        assert!(feed == feed.clone() && feed != Feed::default());
    }
}
