//! The opening of the shown node: the deepest named position on the path
//! from the start to it (a transposition is named as the line it reaches).

use movetext_core::openings::{self, Opening};
use movetext_core::positions::PositionKey;

use movetext_view::game::model::{NodeIx, ViewGame};

/// The opening at node `ix` of `game`: the name of the last named position
/// on its path from the start (none in a build without the table).
pub fn opening_at(game: &ViewGame, ix: NodeIx) -> Option<Opening> {
    if openings::count() == 0 {
        return None;
    }
    let mut at = Some(ix);
    while let Some(i) = at {
        let node = game.node(i);
        // A start shown but not played (a variant Movetext does not play) has no name.
        if node.shown.is_none() {
            if let Some(found) = openings::lookup(PositionKey::of_any(&node.pos)) {
                return Some(found);
            }
        }
        at = node.parent;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_view::game::game_source::open_first_game;

    #[test]
    fn named_as_stepped_and_in_a_variation() {
        if openings::count() == 0 {
            return;
        }
        let g = open_first_game(b"1. e4 e5 (1... c5) 2. Nf3 Nc6 3. Bb5 a6 4. h4 (4. Ba4) *");
        assert_eq!(opening_at(&g, 0), None);
        let mut path = vec![0];
        while let Some(next) = g.next(*path.last().unwrap()) {
            path.push(next);
        }
        let named = |ix: NodeIx| opening_at(&g, ix).map(|o| o.name);
        assert_eq!(named(path[5]).as_deref(), Some("Ruy Lopez"));
        // 4. h4 is not named: the deepest named position before it is.
        assert_eq!(named(path[7]), named(path[6]));
        assert_eq!(opening_at(&g, path[6]).unwrap().eco, "C70");
        let c5 = g.node(path[1]).children[1];
        assert_eq!(opening_at(&g, c5).unwrap().eco, "B20");
    }
}
