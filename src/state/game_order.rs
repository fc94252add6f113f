//! The order the game list shows games in: the file's own order needs no
//! list of its own (a file of a million games would otherwise be copied into
//! one on every step of its indexing); a filter or a sort is a list.

use std::rc::Rc;

/// The games the list shows, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum GameOrder {
    /// Every game of the file, first to last (or last to first).
    File {
        /// How many games the file has.
        len: usize,
        /// Last to first.
        reversed: bool,
    },
    /// The games a filter or a sort picked, in its order (indices into the file).
    Listed(Rc<Vec<u32>>),
}

impl Default for GameOrder {
    fn default() -> GameOrder {
        GameOrder::File { len: 0, reversed: false }
    }
}

impl GameOrder {
    /// How many games are shown.
    pub fn len(&self) -> usize {
        match self {
            GameOrder::File { len, .. } => *len,
            GameOrder::Listed(games) => games.len(),
        }
    }

    /// The game shown at a position.
    pub fn get(&self, position: usize) -> Option<usize> {
        match self {
            GameOrder::File { len, reversed } if position < *len => {
                Some(if *reversed { len - 1 - position } else { position })
            }
            GameOrder::File { .. } => None,
            GameOrder::Listed(games) => games.get(position).map(|&g| g as usize),
        }
    }

    /// Where a game is shown, if it is.
    pub fn position(&self, game: usize) -> Option<usize> {
        match self {
            GameOrder::File { len, reversed } if game < *len => Some(if *reversed { len - 1 - game } else { game }),
            GameOrder::File { .. } => None,
            GameOrder::Listed(games) => games.iter().position(|&g| g as usize == game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_order_maps_both_ways() {
        let order = GameOrder::File { len: 4, reversed: false };
        assert_eq!((0..5).map(|p| order.get(p)).collect::<Vec<_>>(), [Some(0), Some(1), Some(2), Some(3), None]);
        assert_eq!(order.position(2), Some(2));
        assert_eq!(order.position(4), None);
        let reversed = GameOrder::File { len: 4, reversed: true };
        assert_eq!((0..5).map(|p| reversed.get(p)).collect::<Vec<_>>(), [Some(3), Some(2), Some(1), Some(0), None]);
        assert_eq!(reversed.position(3), Some(0));
        assert_eq!(reversed.position(0), Some(3));
    }

    #[test]
    fn a_listed_order_is_its_list() {
        let order = GameOrder::Listed(Rc::new(vec![7, 2, 5]));
        assert_eq!(order.len(), 3);
        assert_eq!(order.get(1), Some(2));
        assert_eq!(order.get(3), None);
        assert_eq!(order.position(5), Some(2));
        assert_eq!(order.position(3), None);
        assert_eq!(GameOrder::default().len(), 0);
    }
}
