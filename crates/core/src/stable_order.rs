//! One stable sort for the crate's few sorts of lists: a bottom-up merge sort
//! of places in a list, by a comparison passed as a trait object.
//!
//! The standard library's sort is compiled anew for every element type and
//! comparison; each copy costs about 3 KB of WebAssembly, which the widget's
//! download feels. This one function serves every order the crate needs. It
//! takes O(n log n) comparisons and O(n) extra space, as the standard one.

/// The places `0..n` of a list, ordered by `less` (whether the element at
/// the first place goes before the one at the second); places of equal
/// elements stay in their order.
pub(crate) fn stable_order(n: usize, less: &dyn Fn(usize, usize) -> bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut merged = vec![0; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut a, mut b) = (start, mid);
            for slot in &mut merged[start..end] {
                // The right run's element goes first only when strictly less.
                let take_b = b < end && (a >= mid || less(order[b], order[a]));
                if take_b {
                    *slot = order[b];
                    b += 1;
                } else {
                    *slot = order[a];
                    a += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

/// Puts `items` in the order of [`stable_order`] by `less`.
pub(crate) fn sort_stable<T: Copy>(items: &mut [T], less: &dyn Fn(&T, &T) -> bool) {
    if items.len() < 2 {
        return;
    }
    let order = stable_order(items.len(), &|a, b| less(&items[a], &items[b]));
    let sorted: Vec<T> = order.into_iter().map(|i| items[i]).collect();
    items.copy_from_slice(&sorted);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        // Keys with many repeats, in an order no run helps, at lengths around
        // the powers of two.
        for n in [0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 100, 1000, 1025] {
            let items: Vec<(u32, usize)> = (0..n).map(|i| (((i * 7919) % 13) as u32, i)).collect();
            let mut ours = items.clone();
            sort_stable(&mut ours, &|a, b| a.0 < b.0);
            let mut std_sorted = items.clone();
            std_sorted.sort_by_key(|e| e.0);
            assert_eq!(ours, std_sorted, "length {n}");
        }
    }

    #[test]
    fn keeps_equal_elements_in_their_order() {
        let mut names = [("b", 1), ("a", 2), ("b", 3), ("a", 4), ("c", 5), ("a", 6)];
        sort_stable(&mut names, &|x, y| x.0 < y.0);
        assert_eq!(names, [("a", 2), ("a", 4), ("a", 6), ("b", 1), ("b", 3), ("c", 5)]);
    }

    #[test]
    fn sorted_and_reversed_input() {
        let mut up: Vec<u32> = (0..500).collect();
        sort_stable(&mut up, &|a, b| a < b);
        assert!(up.windows(2).all(|w| w[0] < w[1]));
        let mut down: Vec<u32> = (0..500).rev().collect();
        sort_stable(&mut down, &|a, b| a < b);
        assert_eq!(down, (0..500).collect::<Vec<_>>());
    }
}
