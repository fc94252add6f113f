//! Analysing a whole game: the engine evaluates every position of the main
//! line in turn, with a time budget per position; from the evaluations come
//! the `[%eval]` of each move and the marks `?!`, `?` and `??` where a move
//! lost winning chances, and each side's average loss.
//!
//! Winning chances turn an evaluation into a number from -1 (Black wins) to
//! 1 (White wins): `2 / (1 + exp(-0.00368208 × centipawns)) - 1`, a mate
//! counting as 1 or -1. A move that lowers its side's winning chances by
//! 0.3 or more is a blunder (`??`), by 0.2 a mistake (`?`), by 0.1 an
//! inaccuracy (`?!`), on that scale of 2. The average loss is in
//! centipawns, each evaluation capped at ±1,000 (a mate counts as 1,000).

use movetext_core::commands::Eval;
use movetext_core::shakmaty::fen::Fen;
use movetext_core::shakmaty::{Chess, EnPassantMode, Position};
use movetext_core::NodeId;

use crate::game::engine::parse_info;

/// NAG of a blunder (`??`).
pub const BLUNDER: u8 = 4;
/// NAG of a mistake (`?`).
pub const MISTAKE: u8 = 2;
/// NAG of an inaccuracy (`?!`).
pub const INACCURACY: u8 = 6;
/// The move-assessment NAGs (1 to 6): a move that has one keeps it.
const ASSESSMENTS: std::ops::RangeInclusive<u8> = 1..=6;
/// Evaluations are capped at this many centipawns for the average loss.
const CAP: i32 = 1000;

/// Winning chances of an evaluation, from -1 (Black wins) to 1 (White wins).
pub fn winning_chances(eval: Eval) -> f64 {
    match eval {
        Eval::Mate(n) if n > 0 => 1.0,
        Eval::Mate(n) if n < 0 => -1.0,
        Eval::Mate(_) => 0.0,
        Eval::Pawns { centipawns } => 2.0 / (1.0 + (-0.003_682_08 * f64::from(centipawns)).exp()) - 1.0,
    }
}

fn capped(eval: Eval) -> i32 {
    match eval {
        Eval::Mate(n) if n >= 0 => CAP,
        Eval::Mate(_) => -CAP,
        Eval::Pawns { centipawns } => centipawns.clamp(-CAP, CAP),
    }
}

/// The mark a move gets from the evaluations before and after it (from
/// White's side), played by White or not.
pub fn mark(before: Eval, after: Eval, by_white: bool) -> Option<u8> {
    let drop = winning_chances(before) - winning_chances(after);
    let lost = if by_white { drop } else { -drop };
    // A little below each threshold, so that rounding never hides one.
    match lost {
        l if l >= 0.3 - 1e-9 => Some(BLUNDER),
        l if l >= 0.2 - 1e-9 => Some(MISTAKE),
        l if l >= 0.1 - 1e-9 => Some(INACCURACY),
        _ => None,
    }
}

/// An evaluation as `[%eval]` writes it: `0.31`, `-1.20`, `#3`, `#-2`.
pub fn eval_operands(eval: Eval) -> String {
    match eval {
        Eval::Mate(n) => format!("#{n}"),
        Eval::Pawns { centipawns } => {
            let sign = if centipawns < 0 { "-" } else { "" };
            let c = centipawns.unsigned_abs();
            format!("{sign}{}.{:02}", c / 100, c % 100)
        }
    }
}

/// One main-line position to evaluate.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewStep {
    /// The move that led to it (none for the start).
    pub node: Option<NodeId>,
    /// Played by White (for a move).
    pub by_white: bool,
    /// The move's NAGs as they are.
    pub nags: Vec<u8>,
    /// The position.
    pub pos: Chess,
}

/// What analysing a game adds to it: for each move, its `[%eval]` operands
/// (none when the game is over there) and its new mark, if any.
pub type Annotations = Vec<(NodeId, Option<String>, Option<u8>)>;

/// A game being analysed: the engine's conversation and the evaluations.
#[derive(Debug)]
pub struct Review {
    steps: Vec<ReviewStep>,
    evals: Vec<Option<Eval>>,
    /// The position being evaluated.
    next: usize,
    /// Milliseconds per position.
    movetime: u32,
    /// The latest score of the position being evaluated.
    latest: Option<Eval>,
    started: bool,
}

impl Review {
    /// Analyses these main-line positions (the start first) with `movetime`
    /// milliseconds each.
    pub fn new(steps: Vec<ReviewStep>, movetime: u32) -> Review {
        let evals = vec![None; steps.len()];
        Review { steps, evals, next: 0, movetime, latest: None, started: false }
    }

    /// Positions evaluated, and all of them.
    pub fn progress(&self) -> (usize, usize) {
        (self.next.min(self.steps.len()), self.steps.len())
    }

    /// The evaluation of each position (from White's side), once evaluated.
    pub fn evals(&self) -> &[Option<Eval>] {
        &self.evals
    }

    /// Whether every position is evaluated.
    pub fn done(&self) -> bool {
        self.next >= self.steps.len()
    }

    /// The commands that start the analysis (the engine being ready).
    pub fn start(&mut self) -> Vec<String> {
        self.started = true;
        let mut commands = vec!["ucinewgame".to_owned(), "setoption name MultiPV value 1".to_owned()];
        commands.extend(self.ask());
        commands
    }

    /// Skips positions where the game is over (no engine needed) and asks
    /// for the next one.
    fn ask(&mut self) -> Vec<String> {
        while let Some(step) = self.steps.get(self.next) {
            let pos = &step.pos;
            if pos.is_checkmate() {
                // The side to move is mated: won for the other (counted
                // as a mate for winning chances; not written).
                self.evals[self.next] = Some(Eval::Mate(if pos.turn().is_white() { -1 } else { 1 }));
                self.next += 1;
            } else if pos.is_game_over() {
                self.evals[self.next] = Some(Eval::Pawns { centipawns: 0 });
                self.next += 1;
            } else {
                let fen = Fen::from_position(pos, EnPassantMode::Legal);
                self.latest = None;
                return vec![format!("position fen {fen}"), format!("go movetime {}", self.movetime)];
            }
        }
        Vec::new()
    }

    /// Reads a line of the engine; gives the commands to send next.
    pub fn receive(&mut self, line: &str) -> Vec<String> {
        if !self.started || self.done() {
            return Vec::new();
        }
        let white = self.steps[self.next].pos.turn().is_white();
        if let Some(info) = parse_info(line, white) {
            if info.multipv == 1 {
                self.latest = Some(info.eval);
            }
        } else if line.starts_with("bestmove") {
            self.evals[self.next] = self.latest.take();
            self.next += 1;
            return self.ask();
        }
        Vec::new()
    }

    /// What the analysis adds to the game: each move's `[%eval]` and mark.
    pub fn annotations(&self) -> Annotations {
        let mut out = Vec::new();
        for (i, step) in self.steps.iter().enumerate().skip(1) {
            let Some(node) = step.node else { continue };
            let after = self.evals[i];
            let over = step.pos.is_game_over();
            let operands = if over { None } else { after.map(eval_operands) };
            let assessed = step.nags.iter().any(|n| ASSESSMENTS.contains(n));
            let before = self.evals[i - 1];
            let nag = match (before, after) {
                (Some(b), Some(a)) if !assessed => mark(b, a, step.by_white),
                _ => None,
            };
            if operands.is_some() || nag.is_some() {
                out.push((node, operands, nag));
            }
        }
        out
    }
}

/// One side's figures over a main line with evaluations.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideFigures {
    /// Moves with an evaluation before and after.
    pub moves: u32,
    /// Centipawns lost, summed (capped evaluations).
    pub loss: u64,
    /// Inaccuracies, mistakes and blunders (by their NAGs).
    pub marks: [u32; 3],
}

impl SideFigures {
    /// The average loss per move, in centipawns.
    pub fn average_loss(&self) -> Option<u64> {
        (self.moves > 0).then(|| self.loss / u64::from(self.moves))
    }
}

/// White's and Black's figures over a main line: each move as (played by
/// White, its NAGs, the evaluation after it), the start's evaluation first.
pub fn side_figures(start: Option<Eval>, moves: &[(bool, Vec<u8>, Option<Eval>)]) -> [SideFigures; 2] {
    let mut sides = [SideFigures::default(); 2];
    let mut before = start;
    for (by_white, nags, after) in moves {
        let side = &mut sides[usize::from(!by_white)];
        for (k, nag) in [INACCURACY, MISTAKE, BLUNDER].iter().enumerate() {
            if nags.contains(nag) {
                side.marks[k] += 1;
            }
        }
        if let (Some(b), Some(a)) = (before, *after) {
            let lost = if *by_white { capped(b) - capped(a) } else { capped(a) - capped(b) };
            side.moves += 1;
            side.loss += lost.max(0) as u64;
        }
        before = *after;
    }
    sides
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::shakmaty::san::San;

    fn steps(sans: &[&str]) -> Vec<ReviewStep> {
        let mut pos = Chess::default();
        let mut out = vec![ReviewStep { node: None, by_white: false, nags: vec![], pos: pos.clone() }];
        let game = movetext_core::read_game(sans.join(" ").as_bytes());
        for (i, san) in sans.iter().enumerate() {
            let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            let by_white = pos.turn().is_white();
            pos.play_unchecked(m);
            let node = game.mainline()[i];
            out.push(ReviewStep { node: Some(node), by_white, nags: vec![], pos: pos.clone() });
        }
        out
    }

    #[test]
    fn marks_follow_the_winning_chances() {
        let p = |c| Eval::Pawns { centipawns: c };
        assert!((winning_chances(p(0))).abs() < 1e-12);
        assert_eq!(winning_chances(Eval::Mate(3)), 1.0);
        assert_eq!(mark(p(0), p(-30), true), None, "a small loss");
        assert_eq!(mark(p(0), p(-60), true), Some(INACCURACY));
        assert_eq!(mark(p(0), p(-120), true), Some(MISTAKE));
        assert_eq!(mark(p(0), p(-200), true), Some(BLUNDER));
        assert_eq!(mark(p(0), p(200), false), Some(BLUNDER), "Black gave White two pawns");
        assert_eq!(mark(p(900), p(700), true), None, "still winning");
        assert_eq!(mark(Eval::Mate(2), p(0), true), Some(BLUNDER), "a mate thrown away");
        assert_eq!(eval_operands(p(-120)), "-1.20");
        assert_eq!(eval_operands(p(7)), "0.07");
        assert_eq!(eval_operands(Eval::Mate(-2)), "#-2");
    }

    #[test]
    fn the_engine_is_asked_position_after_position() {
        let mut r = Review::new(steps(&["e4", "e5", "Qh5", "Ke7"]), 100);
        let first = r.start();
        assert!(first.iter().any(|c| c.starts_with("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")));
        assert!(first.contains(&"go movetime 100".to_owned()));
        let scores = [20, -25, 30, -500, 480];
        for (i, cp) in scores.iter().enumerate() {
            // The engine speaks from the side to move.
            let side = if i % 2 == 0 { *cp } else { -cp };
            assert!(r.receive(&format!("info depth 10 multipv 1 score cp {side} pv e2e4")).is_empty());
            let next = r.receive("bestmove e2e4");
            assert_eq!(next.is_empty(), i == scores.len() - 1, "{i}");
        }
        assert!(r.done());
        assert_eq!(r.evals[3], Some(Eval::Pawns { centipawns: -500 }), "White's side");
        let a = r.annotations();
        assert_eq!(a.len(), 4, "every move");
        assert_eq!(a[2].1.as_deref(), Some("-5.00"));
        assert_eq!(a[2].2, Some(BLUNDER), "3. Qh5 gave five pawns");
        assert_eq!(a[3].2, Some(BLUNDER), "3... Ke7 gave them back");
        assert_eq!(a[0].2, None);
    }

    #[test]
    fn a_mate_needs_no_engine_and_gets_no_eval() {
        let mut r = Review::new(steps(&["f3", "e5", "g4", "Qh4#"]), 100);
        r.start();
        for score in ["cp 0", "cp 0", "cp 0", "mate 1"] {
            r.receive(&format!("info depth 5 multipv 1 score {score} pv a2a3"));
            r.receive("bestmove a2a3");
        }
        assert!(r.done(), "the mated position is not sent");
        let a = r.annotations();
        let mate = r.steps[4].node.unwrap();
        assert!(a.iter().all(|x| x.0 != mate || x.1.is_none()), "no [%eval] where the game is over");
        let g4 = a.iter().find(|x| x.0 == r.steps[3].node.unwrap()).unwrap();
        assert_eq!((g4.1.as_deref(), g4.2), (Some("#-1"), Some(BLUNDER)));
    }

    #[test]
    fn figures_per_side() {
        let p = |c| Some(Eval::Pawns { centipawns: c });
        let moves = vec![(true, vec![], p(20)), (false, vec![INACCURACY], p(80)), (true, vec![BLUNDER], p(-400))];
        let [w, b] = side_figures(p(20), &moves);
        assert_eq!((w.moves, w.loss, w.marks), (2, 480, [0, 0, 1]));
        assert_eq!((b.moves, b.loss, b.marks), (1, 60, [1, 0, 0]));
        assert_eq!(w.average_loss(), Some(240));
    }
}
