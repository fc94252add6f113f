//! Editing operations on games: pure, undoable.
