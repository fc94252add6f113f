//! The open document as this page knows it: its id in the store, whether
//! its bytes are stored, and for each of its edited games the revision this
//! page last saw in the store and the version of the game it last wrote.
//! Plain state: the page's saving and its other tabs' news change it.

use std::collections::HashMap;

use crate::state::documents::{unique, EditKey, EditRecord};

/// The open document.
#[derive(Clone, Debug, Default)]
pub struct DocState {
    /// Its id in the store (given when it is opened, stored or not).
    pub id: String,
    /// Where it came from (see [`crate::state::documents::DocMeta::source`]).
    pub source: String,
    /// Its fingerprint.
    pub hash: String,
    /// Its bytes and description are stored.
    pub stored: bool,
    /// Its bytes are being stored.
    pub storing: bool,
    /// The revision of each of its stored games, as this page last saw it.
    revs: HashMap<EditKey, u64>,
    /// The keys of the games made in the app, by index in the open file.
    added: HashMap<usize, EditKey>,
    /// The version of each game as last written to the store (by this page,
    /// or as read from it).
    written: HashMap<usize, u64>,
}

/// A game to write: its index, its key, and its version (`None`: it is as
/// in the file again).
pub type Due = (usize, EditKey, Option<u64>);

impl DocState {
    /// A document not stored yet.
    pub fn new(source: &str, hash: &str) -> DocState {
        DocState {
            id: format!("d{}", unique()),
            source: source.to_owned(),
            hash: hash.to_owned(),
            ..DocState::default()
        }
    }

    /// A stored document, opened again.
    pub fn stored(id: &str, source: &str, hash: &str) -> DocState {
        DocState { id: id.to_owned(), stored: true, ..DocState::new(source, hash) }
    }

    /// The key of game `index` of a file of `files` games (a game made in
    /// the app is given one when first asked).
    pub fn key_of(&mut self, index: usize, files: usize) -> EditKey {
        if index < files {
            return EditKey::Game(index);
        }
        self.added.entry(index).or_insert_with(EditKey::new_added).clone()
    }

    /// The index of the game a key names, if the open file has it.
    pub fn index_of(&self, key: &EditKey) -> Option<usize> {
        match key {
            EditKey::Game(i) => Some(*i),
            EditKey::Added(_) => self.added.iter().find(|(_, k)| *k == key).map(|(&i, _)| i),
        }
    }

    /// Game `index` (made in the app) has key `key`.
    pub fn name_added(&mut self, index: usize, key: EditKey) {
        self.added.insert(index, key);
    }

    /// The revision of a game this page last saw (0: never stored).
    pub fn rev(&self, key: &EditKey) -> u64 {
        self.revs.get(key).copied().unwrap_or(0)
    }

    /// A game's record as read from the store, now shown at `version`.
    pub fn seen(&mut self, record: &EditRecord, index: Option<usize>, version: u64) {
        self.revs.insert(record.key.clone(), record.rev);
        if let Some(i) = index {
            self.written.insert(i, version);
        }
    }

    /// Game `index` was written at `version`, and is at revision `rev`.
    pub fn wrote(&mut self, index: usize, key: EditKey, version: Option<u64>, rev: u64) {
        self.revs.insert(key, rev);
        match version {
            Some(v) => self.written.insert(index, v),
            None => self.written.remove(&index),
        };
    }

    /// Whether game `index` has changes this page has not written yet.
    pub fn unwritten(&self, index: usize, version: u64) -> bool {
        self.written.get(&index).map_or(version != 0, |&w| w != version)
    }

    /// The games to write, of the games that differ from the file now
    /// (`wanted`: index and version) in a file of `files` games: those
    /// changed since last written, and those written before that are as in
    /// the file again.
    pub fn due(&mut self, wanted: &[(usize, u64)], files: usize) -> Vec<Due> {
        let mut due: Vec<Due> = Vec::new();
        for &(i, v) in wanted {
            if self.written.get(&i) != Some(&v) {
                due.push((i, self.key_of(i, files), Some(v)));
            }
        }
        let mut gone: Vec<usize> =
            self.written.keys().copied().filter(|i| *i < files && !wanted.iter().any(|w| w.0 == *i)).collect();
        gone.sort_unstable();
        due.extend(gone.into_iter().map(|i| (i, EditKey::Game(i), None)));
        due
    }

    /// Forgets what was written (the document is to be stored anew).
    pub fn forget_written(&mut self) {
        self.revs.clear();
        self.written.clear();
        self.stored = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_changed_since_written_and_games_undone_are_due() {
        let mut d = DocState::new("file", "h");
        // Games 1 and 3 of a file of 5 edited, and a game made in the app.
        let due = d.due(&[(1, 4), (3, 2), (5, 0)], 5);
        assert_eq!(due.len(), 3);
        assert_eq!(due[0], (1, EditKey::Game(1), Some(4)));
        let EditKey::Added(made) = &due[2].1 else { panic!("a key of its own") };
        assert!(made.starts_with("a:"));
        for (i, key, v) in due {
            d.wrote(i, key, v, 1);
        }
        assert!(d.due(&[(1, 4), (3, 2), (5, 0)], 5).is_empty(), "nothing changed");
        // Game 3 changed again, game 1 undone back to the file's.
        let due = d.due(&[(3, 7), (5, 0)], 5);
        assert_eq!(due, vec![(3, EditKey::Game(3), Some(7)), (1, EditKey::Game(1), None)]);
        assert_eq!(d.key_of(5, 5), d.key_of(5, 5), "a made game keeps its key");
        let made = d.key_of(5, 5);
        assert_eq!(d.index_of(&made), Some(5));
    }

    #[test]
    fn a_game_read_from_the_store_is_not_written_back() {
        let mut d = DocState::stored("d1", "file", "h");
        let record = EditRecord { key: EditKey::Game(2), pgn: Some("1. e4 *".into()), rev: 3, order: 0.0 };
        d.seen(&record, Some(2), 9);
        assert_eq!(d.rev(&EditKey::Game(2)), 3);
        assert!(!d.unwritten(2, 9));
        assert!(d.unwritten(2, 10), "changed here since");
        assert!(d.due(&[(2, 9)], 4).is_empty());
        assert!(!d.unwritten(0, 0), "a game as in the file");
    }
}
