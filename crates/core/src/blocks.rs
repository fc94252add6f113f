//! A list that grows in blocks, so that growing it never copies what it
//! already holds: a large file's index grows by small steps, with no pause
//! to move hundreds of megabytes.

/// A growing list of items kept in blocks of at most `BLOCK` items; item
/// `i` is item `i % BLOCK` of block `i / BLOCK`. A block may end early when a
/// run (see [`Blocks::run_room`]) did not fit in it: its other places are
/// unused.
#[derive(Clone, Debug)]
pub(crate) struct Blocks<T, const BLOCK: usize> {
    /// Blocks that take no more items.
    sealed: Vec<Vec<T>>,
    /// The block items go to.
    current: Vec<T>,
}

impl<T, const BLOCK: usize> Default for Blocks<T, BLOCK> {
    fn default() -> Blocks<T, BLOCK> {
        Blocks { sealed: Vec::new(), current: Vec::new() }
    }
}

impl<T, const BLOCK: usize> Blocks<T, BLOCK> {
    /// Starts a new block when `n` more items do not fit in the current one.
    #[inline]
    fn make_room(&mut self, n: usize) {
        if self.current.len() + n > BLOCK {
            // The first block grows as needed (a small file stays small);
            // the next ones are made whole at once.
            let next = Vec::with_capacity(BLOCK);
            self.sealed.push(std::mem::replace(&mut self.current, next));
        }
    }

    /// Appends an item; returns its index.
    #[inline]
    pub(crate) fn push(&mut self, item: T) -> usize {
        self.make_room(1);
        self.current.push(item);
        self.sealed.len() * BLOCK + self.current.len() - 1
    }

    /// Room for a run of `n` items side by side (at most `BLOCK`): the
    /// index the first will have and the block to append them to (a new one
    /// when the current one has no room); `None` when `n` is too many.
    #[inline]
    pub(crate) fn run_room(&mut self, n: usize) -> Option<(usize, &mut Vec<T>)> {
        if n > BLOCK {
            return None;
        }
        self.make_room(n);
        Some((self.sealed.len() * BLOCK + self.current.len(), &mut self.current))
    }

    fn block(&self, b: usize) -> Option<&Vec<T>> {
        match b.cmp(&self.sealed.len()) {
            std::cmp::Ordering::Less => self.sealed.get(b),
            std::cmp::Ordering::Equal => Some(&self.current),
            std::cmp::Ordering::Greater => None,
        }
    }

    /// The item at an index.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&T> {
        self.block(i / BLOCK)?.get(i % BLOCK)
    }

    /// `count` items from index `start`, if they are all there.
    pub(crate) fn run(&self, start: usize, count: usize) -> Option<&[T]> {
        self.block(start / BLOCK)?.get(start % BLOCK..start % BLOCK + count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCK: usize = 1 << 16;

    #[test]
    fn items_keep_their_index_across_blocks() {
        let mut b: Blocks<usize, BLOCK> = Blocks::default();
        for i in 0..BLOCK * 2 + 5 {
            assert_eq!(b.push(i), i);
        }
        assert_eq!(b.get(BLOCK + 3), Some(&(BLOCK + 3)));
        assert_eq!(b.get(BLOCK * 3), None);
        assert_eq!(b.get(BLOCK * 2 + 5), None);
    }

    #[test]
    fn runs_stay_in_one_block() {
        let mut b: Blocks<u8, BLOCK> = Blocks::default();
        let run = |b: &mut Blocks<u8, BLOCK>, items: &[u8]| {
            let (at, block) = b.run_room(items.len())?;
            block.extend_from_slice(items);
            Some(at)
        };
        assert_eq!(run(&mut b, &vec![1u8; BLOCK - 2]), Some(0));
        // Three do not fit in the two places left: a new block.
        assert_eq!(run(&mut b, &[7, 8, 9]), Some(BLOCK));
        assert_eq!(b.run(BLOCK, 3), Some(&[7u8, 8, 9][..]));
        assert_eq!(b.run(0, 2), Some(&[1u8, 1][..]));
        // A lone item after a run goes on in the same block.
        assert_eq!(b.push(5), BLOCK + 3);
        assert_eq!(run(&mut b, &vec![0u8; BLOCK + 1]), None);
        assert_eq!(run(&mut b, &[]), Some(BLOCK + 4));
        assert_eq!(b.run(BLOCK * 2, 1), None);
    }
}
