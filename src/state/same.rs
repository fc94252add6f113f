//! A shared value compared by identity.

use std::rc::Rc;

/// A shared value equal only to itself (the same `Rc`), not to an equal
/// copy: a property that changes exactly when another value is given,
/// without comparing contents that may be large.
pub(crate) struct Same<T>(pub Rc<T>);

impl<T> Clone for Same<T> {
    fn clone(&self) -> Self {
        Same(self.0.clone())
    }
}

impl<T> PartialEq for Same<T> {
    fn eq(&self, other: &Same<T>) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_value_is_equal() {
        let a = Same(Rc::new(vec![1, 2]));
        assert!(a == a.clone());
        assert!(a != Same(Rc::new(vec![1, 2])));
    }
}
