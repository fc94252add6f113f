//! `movetext tree`: the moves played from a position in the games of the
//! input, as an opening explorer shows them.

use std::io::{self, Write};

use movetext_core::positions::{self, GameInfo, GamePositions, PackedMove, PositionKey, Tally};
use movetext_core::rules::AnyPosition;
use movetext_core::shakmaty::san::San;
use movetext_core::shakmaty::EnPassantMode;
use serde::Serialize;

use super::{Command, Outcome};
use crate::json;
use crate::pipeline::Job;

/// The figures of a set of games.
#[derive(Serialize)]
struct Figures {
    games: u32,
    white: u32,
    draws: u32,
    black: u32,
    average_elo: Option<u32>,
}

impl From<&Tally> for Figures {
    fn from(t: &Tally) -> Figures {
        Figures { games: t.games, white: t.white, draws: t.draws, black: t.black, average_elo: t.average_elo() }
    }
}

/// A move and the games that played it.
#[derive(Serialize)]
struct MoveLine {
    uci: String,
    san: String,
    #[serde(flatten)]
    figures: Figures,
}

/// The whole answer, one JSON line.
#[derive(Serialize)]
struct Answer {
    fen: String,
    games_read: usize,
    #[serde(flatten)]
    figures: Figures,
    moves: Vec<MoveLine>,
}

/// `tree`: the moves played from a position.
pub struct Tree {
    /// The position.
    pos: AnyPosition,
    /// Its key.
    key: PositionKey,
}

impl Tree {
    /// The tree of the moves played from `pos`.
    pub fn at(pos: AnyPosition) -> Tree {
        Tree { key: PositionKey::of_any(&pos), pos }
    }
}

/// The games read, and the moves played from the position.
#[derive(Default)]
pub struct Moves {
    games_read: usize,
    tree: positions::Tree,
}

impl Command for Tree {
    /// A game that reaches the position, and the move it played from it.
    type Record = Option<(GameInfo, Option<PackedMove>)>;
    type Sink = Moves;

    fn work(&self, job: Job<'_>) -> Option<(GameInfo, Option<PackedMove>)> {
        let game = job.game.read_with(job.buffers);
        let positions = GamePositions::of(&game);
        let ply = positions.first_ply(self.key)?;
        Some((GameInfo::of(job.number as u32, &game), positions.move_at(ply)))
    }

    fn write(&self, moves: &mut Moves, found: Self::Record, _out: &mut dyn Write) -> io::Result<()> {
        moves.games_read += 1;
        if let Some((info, next)) = found {
            moves.tree.count(&info, next);
        }
        Ok(())
    }

    /// The answer, one line.
    fn finish(&self, Moves { games_read, tree }: Moves, _outcome: &mut Outcome, out: &mut dyn Write) -> io::Result<()> {
        let pos = &self.pos;
        let moves = tree
            .moves()
            .into_iter()
            .map(|(m, tally)| {
                let san = m.to_move(pos).map(|mv| San::from_move(pos, mv).to_string()).unwrap_or_default();
                MoveLine { uci: m.uci().to_string(), san, figures: Figures::from(&tally) }
            })
            .collect();
        let fen = movetext_core::shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal).to_string();
        let mut json = Vec::new();
        json::line(&mut json, &Answer { fen, games_read, figures: Figures::from(&tree.total), moves });
        out.write_all(&json)
    }
}
