//! The opening of the shown node: the deepest named position on the path
//! from the start to it (a transposition is named as the line it reaches).
//!
//! The table of names is not part of the app's module: it is fetched
//! (`openings.bin`, written at build time from the core's table) once the
//! first board is drawn, and the names appear when it has arrived.

use std::cell::RefCell;

use movetext_core::openings::{self, Opening, Table};
use movetext_core::positions::PositionKey;
use yew::Callback;

use movetext_view::game::model::{NodeIx, ViewGame};

/// Where the table is, beside the page.
const TABLE_URL: &str = "openings.bin";

/// The table's coming: not asked for, on its way (with who waits for
/// it), arrived, or not to be had (the page then names no opening).
enum Coming {
    NotAsked,
    OnItsWay(Vec<Callback<()>>),
    Arrived,
    Missing,
}

thread_local! {
    static TABLE: RefCell<Coming> = const { RefCell::new(Coming::NotAsked) };
}

/// Whether the table has arrived (installed in the core, where the export
/// finds it too); if not, it is fetched (once) and `arrived` is called
/// when it is here.
pub fn table_or_fetch(arrived: Callback<()>) -> bool {
    let (here, first) = TABLE.with(|t| {
        let mut t = t.borrow_mut();
        match &mut *t {
            Coming::Arrived => (true, false),
            Coming::Missing => (false, false),
            Coming::OnItsWay(waiting) => {
                waiting.push(arrived);
                (false, false)
            }
            Coming::NotAsked => {
                *t = Coming::OnItsWay(vec![arrived]);
                (false, true)
            }
        }
    });
    if first {
        wasm_bindgen_futures::spawn_local(fetch_table());
    }
    here
}

async fn fetch_table() {
    let table = super::fetched::bytes(TABLE_URL).await.and_then(|bytes| Table::from_bytes(&bytes).ok());
    let (state, mark) = match table.map(openings::install) {
        Some(true) => (Coming::Arrived, "ready"),
        _ => (Coming::Missing, "none"),
    };
    let waiting = TABLE.with(|t| match std::mem::replace(&mut *t.borrow_mut(), state) {
        Coming::OnItsWay(waiting) => waiting,
        _ => Vec::new(),
    });
    // Said on the page, for whoever waits for the names (the tests).
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-openings", mark);
    }
    for w in waiting {
        w.emit(());
    }
}

/// The opening at node `ix` of `game`: the name of the last named position
/// on its path from the start.
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
        // The tests' build has the table compiled in (a dev-dependency's feature).
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
