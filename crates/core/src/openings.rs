//! Opening names: the ECO code and name of a position, from the lichess
//! chess-openings collection (public domain, CC0), compiled at build time
//! into a table keyed by the position each named line reaches. A position
//! reached by another move order (a transposition) has the same name.
//!
//! The table holds 3,807 positions in about 120 KB: the sorted keys, and
//! for each an ECO code and a name made of pieces kept once each. It is
//! empty when the crate is built without its `openings` feature or without
//! the data (`MOVETEXT_OPENINGS_DIR`, else `shared/data/openings` beside
//! the checkout).
//!
//! ```
//! use movetext_core::openings;
//! use movetext_core::positions::PositionKey;
//!
//! let key: PositionKey = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".parse().unwrap();
//! if openings::count() > 0 {
//!     let opening = openings::lookup(key).unwrap();
//!     assert_eq!((opening.eco, opening.name.as_str()), ("C40", "King's Knight Opening"));
//! }
//! ```

use std::sync::OnceLock;

use crate::game::{Game, Variant};
use crate::positions::{GamePositions, PositionKey};

mod table;

pub use table::{Table, TableError};

/// The table compiled into this build (empty without the feature `openings`).
mod compiled {
    include!(concat!(env!("OUT_DIR"), "/openings_table.rs"));
}

use compiled::{DEEPEST, ECOS, ECO_TEXT, KEYS, NAMES, NAME_PIECES, NAME_STARTS, PIECE_STARTS, PIECE_TEXT};

/// A named opening: its ECO code (`C60`) and its name (`Ruy Lopez`,
/// `Sicilian Defense: Najdorf Variation`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The ECO code, a letter and two digits.
    pub eco: &'static str,
    /// The name, in English.
    pub name: String,
}

/// How many positions the table names (0 when built without the data).
pub fn count() -> usize {
    match installed() {
        Some(table) => table.len(),
        None => KEYS.len(),
    }
}

/// A table installed while running ([`install`]).
static INSTALLED: OnceLock<Table> = OnceLock::new();

/// The table installed, when this build has none compiled in.
fn installed() -> Option<&'static Table> {
    // Without the feature `openings-fetched` none can be: a build without
    // the table (the widget's) then leaves out every lookup.
    if cfg!(feature = "openings-fetched") && KEYS.is_empty() {
        INSTALLED.get()
    } else {
        None
    }
}

/// Installs a table of names fetched while running (read with
/// [`Table::from_bytes`]), for a build without one compiled in and with
/// the feature `openings-fetched` (the app's): the functions of this module
/// then answer from it. Only the first table installed is kept: whether
/// this one was.
///
/// ```
/// use movetext_core::openings::{self, Table};
///
/// // A build with the table compiled in keeps answering from it.
/// let compiled = openings::count();
/// let _ = openings::install(Table::default());
/// assert_eq!(openings::count(), compiled);
/// ```
pub fn install(table: Table) -> bool {
    cfg!(feature = "openings-fetched") && INSTALLED.set(table).is_ok()
}

/// The most moves (plies) of a named line in the table.
pub fn deepest_line() -> usize {
    installed().map_or(DEEPEST, Table::deepest_line)
}

/// The opening whose line reaches this position, if it is named.
///
/// ```
/// use movetext_core::openings;
/// use movetext_core::positions::PositionKey;
/// use movetext_core::shakmaty::Chess;
///
/// // The start position has no name.
/// assert_eq!(openings::lookup(PositionKey::of(&Chess::default())), None);
/// ```
pub fn lookup(key: PositionKey) -> Option<Opening> {
    if let Some(table) = installed() {
        return table.lookup(key);
    }
    let i = KEYS.binary_search(&key.0).ok()?;
    let eco = usize::from(ECOS[i]) * 3;
    let name = usize::from(NAMES[i]);
    let pieces = &NAME_PIECES[usize::from(NAME_STARTS[name])..usize::from(NAME_STARTS[name + 1])];
    let name = pieces
        .iter()
        .map(|&p| &PIECE_TEXT[usize::from(PIECE_STARTS[usize::from(p)])..usize::from(PIECE_STARTS[usize::from(p) + 1])])
        .collect();
    Some(Opening { eco: &ECO_TEXT[eco..eco + 3], name })
}

/// The opening of a line of play: the name of its deepest named position
/// (the last one of `keys` that the table names), as a game is named
/// while it is stepped through.
///
/// ```
/// use movetext_core::openings;
/// use movetext_core::positions::PositionKey;
/// use movetext_core::shakmaty::Chess;
///
/// assert_eq!(openings::of_line([PositionKey::of(&Chess::default())]), None);
/// ```
pub fn of_line(keys: impl IntoIterator<Item = PositionKey>) -> Option<Opening> {
    if count() == 0 {
        return None;
    }
    keys.into_iter().filter_map(lookup).last()
}

/// The opening of a game's main line (none for a variant other than
/// standard chess).
///
/// ```
/// use movetext_core::{openings, read_game};
///
/// let game = read_game(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. h4 *");
/// if openings::count() > 0 {
///     assert_eq!(openings::of_game(&game).unwrap().eco, "C84");
/// }
/// ```
pub fn of_game(game: &Game) -> Option<Opening> {
    // Without the table (known when compiling) no position is computed.
    if count() == 0 || *game.variant() != Variant::Standard {
        return None;
    }
    of_line(GamePositions::of(game).keys())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_game;
    use std::collections::HashMap;

    /// The lines of the data (ECO code, name, moves), or none when the
    /// table was built without it.
    fn data() -> Vec<(String, String, String)> {
        let dir = env!("MOVETEXT_OPENINGS_DATA");
        if dir.is_empty() {
            eprintln!("no opening data: skipped");
            return Vec::new();
        }
        let mut lines = Vec::new();
        for f in ["a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"] {
            let text = std::fs::read_to_string(std::path::Path::new(dir).join(f)).unwrap();
            for row in text.lines().skip(1) {
                let cols: Vec<&str> = row.split('\t').collect();
                lines.push((cols[0].to_owned(), cols[1].to_owned(), cols[2].to_owned()));
            }
        }
        lines
    }

    /// The data's line with these moves.
    fn line<'a>(data: &'a [(String, String, String)], moves: &str) -> &'a (String, String, String) {
        data.iter().find(|l| l.2 == moves).unwrap_or_else(|| panic!("no line `{moves}`"))
    }

    fn opening_of(moves: &str) -> Option<Opening> {
        of_game(&read_game(format!("{moves} *").as_bytes()))
    }

    #[test]
    fn a_known_line_is_named_as_in_the_data() {
        let data = data();
        if data.is_empty() {
            return;
        }
        let (eco, name, moves) = line(&data, "1. e4 e5 2. Nf3 Nc6 3. Bb5");
        assert_eq!(opening_of(moves), Some(Opening { eco: "C60", name: name.clone() }));
        assert_eq!((eco.as_str(), name.as_str()), ("C60", "Ruy Lopez"));
    }

    #[test]
    fn a_transposition_is_named_as_the_line_it_reaches() {
        let data = data();
        if data.is_empty() {
            return;
        }
        let (eco, name, _) = line(&data, "1. d4 d5 2. c4 e6");
        let found = opening_of("1. c4 e6 2. d4 d5").unwrap();
        assert_eq!((found.eco, &found.name), (eco.as_str(), name));
        let (eco, name, _) = line(&data, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
        let found = opening_of("1. Nf3 Nc6 2. e4 e5 3. Bb5 a6").unwrap();
        assert_eq!((found.eco, &found.name), (eco.as_str(), name));
    }

    #[test]
    fn the_deepest_named_position_names_the_line() {
        if data().is_empty() {
            return;
        }
        // 4. h4 reaches no named position: the line keeps the name of 3... a6.
        let named = opening_of("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6").unwrap();
        assert_eq!(opening_of("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h4 h5"), Some(named));
        assert_eq!(of_line(std::iter::empty()), None);
    }

    #[test]
    fn every_line_of_the_data_is_found() {
        let data = data();
        if data.is_empty() {
            return;
        }
        // A position several lines reach keeps the first line's name.
        let mut first: HashMap<PositionKey, &(String, String, String)> = HashMap::new();
        let mut deepest = 0;
        for l in &data {
            let game = read_game(format!("{} *", l.2).as_bytes());
            assert!(!game.has_errors(), "{}", l.2);
            let positions = GamePositions::of(&game);
            deepest = deepest.max(positions.len() - 1);
            let key = positions.keys().last().unwrap();
            first.entry(key).or_insert(l);
        }
        assert_eq!(count(), first.len());
        assert_eq!(deepest_line(), deepest);
        for (key, (eco, name, moves)) in first {
            let found = lookup(key).unwrap_or_else(|| panic!("{moves}"));
            assert_eq!((found.eco, found.name.as_str()), (eco.as_str(), name.as_str()), "{moves}");
        }
        eprintln!("{} lines, {} positions", data.len(), count());
    }
}
