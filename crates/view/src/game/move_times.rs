//! The time each main-line move took, for the clock graph and autoplay at
//! the real pace: the move's `[%emt]` when it has one, else the difference
//! between its side's clock (`[%clk]`) before and after it, plus the
//! increment of the `TimeControl` tag (the first move of a side counts from
//! the tag's starting time). A difference that comes out below zero (time
//! added by a new period of the time control) is left out.

use movetext_core::timecontrol::TimeControl;

use crate::game::model::{NodeIx, ViewGame};

/// One main-line move's time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    /// The move's node.
    pub node: NodeIx,
    /// Played by White.
    pub by_white: bool,
    /// Tenths of a second it took, when known.
    pub tenths: Option<u32>,
}

/// The time each main-line move took (see the module documentation).
pub fn move_times(game: &ViewGame) -> Vec<MoveTime> {
    let control = game.tag("TimeControl").and_then(|t| t.parse::<TimeControl>().ok());
    let (start, increment) = match &control {
        Some(c @ TimeControl::Periods(periods)) => {
            (c.initial_seconds().map(|s| s * 10), periods.first().map_or(0, |p| p.increment() * 10))
        }
        _ => (None, 0),
    };
    // Each side's clock before its next move.
    let mut clocks = [start, start];
    game.main_line()
        .into_iter()
        .skip(1)
        .map(|ix| {
            let n = game.node(ix);
            let side = usize::from(!n.by_white);
            let from_clock = match (clocks[side], n.clock) {
                (Some(before), Some(after)) => (before + increment).checked_sub(after),
                _ => None,
            };
            if n.clock.is_some() {
                clocks[side] = n.clock;
            }
            MoveTime { node: ix, by_white: n.by_white, tenths: n.emt.or(from_clock) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::game_source::open_first_game;

    #[test]
    fn times_from_clocks_and_elapsed_move_times() {
        let g = open_first_game(
            b"[TimeControl \"180+2\"]\n\n1. e4 {[%clk 0:02:55]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:40]} Nc6 {[%emt 0:00:07]} 3. Bb5 *",
        );
        let t: Vec<_> = move_times(&g).iter().map(|m| m.tenths).collect();
        // 1. e4: 180 s + 2 - 175; 1... e5: 180 + 2 - 180; 2. Nf3: 175 + 2 - 160; Nc6 by [%emt]; Bb5 has no clock.
        assert_eq!(t, vec![Some(70), Some(20), Some(170), Some(70), None]);
        let no_control = open_first_game(b"1. e4 {[%clk 0:01:00]} e5 2. d4 {[%clk 0:00:50]} *");
        let t: Vec<_> = move_times(&no_control).iter().map(|m| m.tenths).collect();
        assert_eq!(t, vec![None, None, Some(100)], "the first move has no clock before it");
        let new_period = open_first_game(b"1. e4 {[%clk 0:00:10]} e5 2. d4 {[%clk 1:00:00]} *");
        assert_eq!(move_times(&new_period)[2].tenths, None, "time added: left out");
    }
}
