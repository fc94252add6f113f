//! Opening PGN files as [`ViewGame`]s: the core reads the games, and its
//! game tree is shown through [`GameSource`].

use movetext_core::game::{NodeKind, Variant};
use movetext_core::rules::AnyPosition;
use movetext_core::shakmaty::{fen::Fen, Board};
use movetext_core::{Diagnostic, Game, GameReader, NodeId};

use crate::game::model::{GameSource, Step, ViewGame};

impl GameSource for Game {
    type Id = NodeId;

    fn root(&self) -> NodeId {
        Game::root(self)
    }

    fn key(&self, id: NodeId) -> NodeId {
        id
    }

    fn children(&self, id: NodeId) -> Vec<NodeId> {
        Game::children(self, id).collect()
    }

    fn step(&self, id: NodeId) -> Step {
        match self.kind(id) {
            NodeKind::Root => Step::Root,
            NodeKind::Move(m) => Step::Move(m),
            NodeKind::Null => Step::Null,
        }
    }

    fn start(&self) -> AnyPosition {
        self.any_start()
    }

    fn start_shown(&self) -> Option<(Board, String)> {
        if !matches!(self.variant(), Variant::Unsupported(_)) {
            return None;
        }
        let fen = self.tag("FEN")?.trim();
        let board = fen.parse::<Fen>().ok()?.into_setup().board;
        Some((board, fen.to_string()))
    }

    fn size_hint(&self) -> usize {
        self.node_count() + 1
    }

    fn tags(&self) -> Vec<(String, String)> {
        Game::tags(self).map(|(n, v)| (n.to_owned(), v.to_owned())).collect()
    }

    fn nags(&self, id: NodeId) -> Vec<u8> {
        Game::nags(self, id).to_vec()
    }

    fn comments_before(&self, id: NodeId) -> Vec<String> {
        Game::comments_before(self, id).map(str::to_owned).collect()
    }

    fn comments_after(&self, id: NodeId) -> Vec<String> {
        Game::comments_after(self, id).map(str::to_owned).collect()
    }

    fn unplayed(&self, id: NodeId) -> Vec<String> {
        let tail = Game::unplayed(self, id).map(|t| t.trim().to_owned());
        let variations = self.unplayed_variations(id).map(|v| format!("({})", v.trim()));
        tail.into_iter().chain(variations).filter(|t| !t.is_empty()).collect()
    }

    fn diagnostics(&self) -> Vec<Diagnostic> {
        Game::diagnostics(self).to_vec()
    }
}

/// Reads the first game of a PGN file (an empty game when there is none).
pub fn open_first_game(bytes: &[u8]) -> ViewGame {
    let game = GameReader::new(bytes).next().unwrap_or_default();
    ViewGame::build(&game)
}

/// How much of a text [`holds_pgn`] looks at.
const LOOKED_AT: usize = 64 << 10;
/// How many of its first games [`holds_pgn`] looks at.
const GAMES_LOOKED_AT: usize = 16;

/// Whether text holds PGN: a tag pair or a move that plays, in one of its
/// first games (within its first 64 KiB). A web address, a sentence or a
/// FEN alone do not.
pub fn holds_pgn(bytes: &[u8]) -> bool {
    let mut head = &bytes[..bytes.len().min(LOOKED_AT)];
    if head.len() < bytes.len() {
        // Cut at a line break, so that no tag is read half.
        if let Some(end) = head.iter().rposition(|&b| b == b'\n') {
            head = &head[..end];
        }
    }
    GameReader::new(head).take(GAMES_LOOKED_AT).any(|g| g.tags().next().is_some() || g.mainline_plies() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_is_told_from_other_text() {
        for pgn in
            ["1. e4 e5 *", "[Event \"x\"]", "e4 e5 Nf3", "{A note} 1. d4", "Some words\n\n[White \"A\"]\n\n1. e4 *"]
        {
            assert!(holds_pgn(pgn.as_bytes()), "{pgn}");
        }
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        for other in ["https://example.com/games/1234", "I like this game a lot.", fen, "", "   \n"] {
            assert!(!holds_pgn(other.as_bytes()), "{other}");
        }
        // A long text is looked at in its first 64 KiB.
        let long = format!("[Event \"x\"]\n\n{}", "1. e4 e5 ".repeat(20_000));
        assert!(holds_pgn(long.as_bytes()));
    }

    #[test]
    fn a_variant_that_is_not_played_shows_its_own_start() {
        let fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
        let g = open_first_game(format!("[Variant \"Horde\"]\n[FEN \"{fen}\"]\n\n1. e4 *").as_bytes());
        assert_eq!(g.node(0).fen(), fen);
        assert_eq!(g.node(0).board().occupied().count(), 52);
        let g = open_first_game(b"[Variant \"Standard\"]\n\n1. e4 *");
        assert!(g.node(0).shown.is_none());
    }

    #[test]
    fn reads_the_sample_game() {
        let g = open_first_game(include_str!("../../../../static/sample.pgn").as_bytes());
        assert!(g.diagnostics.is_empty(), "{:?}", g.diagnostics);
        let end = g.line_end(0);
        assert_eq!(g.node(end).san, "Rd8#");
        assert_eq!(g.node(end).number, 17);
        assert!(g.has_eval);
        assert_eq!(g.tag("White"), Some("Morphy, Paul"));
    }

    #[test]
    fn unreadable_moves_are_reported_but_the_rest_is_shown() {
        let g = open_first_game(b"1. e4 e5 2. Ke3 Nc6 *");
        assert!(!g.diagnostics.is_empty());
        let e4 = g.next(0).unwrap();
        assert_eq!(g.node(e4).san, "e4");
        let e5 = g.next(e4).unwrap();
        assert_eq!(g.node(e5).unplayed, vec!["2. Ke3 Nc6".to_owned()]);
    }
}
