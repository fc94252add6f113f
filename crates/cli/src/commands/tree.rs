//! `movetext tree`: the moves played from a position in the games of the
//! input, as an opening explorer shows them.

use std::io::{self, Read, Write};

use movetext_core::positions::{GameInfo, GamePositions, PackedMove, PositionKey, Tally, Tree};
use movetext_core::shakmaty::san::San;
use movetext_core::shakmaty::{Chess, EnPassantMode};
use serde::Serialize;

use super::{note_error, Outcome};
use crate::json;
use crate::pipeline::{self, Event, Job, Options};

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

/// Runs `tree` at `pos` over `files`.
pub fn run(
    files: &[String],
    pos: &Chess,
    stdin: &mut (dyn Read + Send),
    opts: Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Outcome> {
    let key = PositionKey::of(pos);
    let mut outcome = Outcome::default();
    let mut tree = Tree::default();
    let mut games_read = 0;
    let work = |job: Job<'_>| -> Option<(GameInfo, Option<PackedMove>)> {
        let game = job.game.read_with(job.buffers);
        let positions = GamePositions::of(&game);
        let ply = positions.first_ply(key)?;
        Some((GameInfo::of(job.number as u32, &game), positions.move_at(ply)))
    };
    pipeline::run(files, stdin, opts, work, |event| {
        note_error(&event, err, &mut outcome)?;
        if let Event::Game(found) = event {
            games_read += 1;
            if let Some((info, next)) = found {
                tree.count(&info, next);
            }
        }
        Ok(())
    })?;
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
    out.write_all(&json)?;
    Ok(outcome)
}
