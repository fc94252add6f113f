//! The analysis engine's side of the conversation, without the worker
//! itself: the UCI commands to send when the shown position changes or
//! analysis stops, the `info` lines read back (depth, line number, score
//! turned to White's side, principal variation), and a variation written in
//! the user's notation from the shown position.

use movetext_core::commands::Eval;
use movetext_core::shakmaty::fen::Fen;
use movetext_core::shakmaty::san::SanPlus;
use movetext_core::shakmaty::uci::UciMove;
use movetext_core::shakmaty::{CastlingMode, Chess, Move, Position, Square};

use crate::game::model::long_algebraic;
use crate::text::notation::Notation;

/// How many lines (MultiPV) the engine is asked for.
pub const LINES: usize = 3;

/// The commands that set the engine up once it is started.
pub fn setup_commands() -> Vec<String> {
    vec!["uci".to_owned(), format!("setoption name MultiPV value {LINES}"), "isready".to_owned()]
}

/// One `info` line with a principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLine {
    /// The search depth.
    pub depth: u32,
    /// Which line (1 is the best).
    pub multipv: usize,
    /// The score, from White's side.
    pub eval: Eval,
    /// The moves, in UCI notation (`e2e4`, `e7e8q`).
    pub pv: Vec<String>,
}

/// Reads an `info` line of a position where White (or Black) is to move.
/// Lines without a score and a variation, and bound scores (`lowerbound`,
/// `upperbound`), give nothing.
pub fn parse_info(line: &str, white_to_move: bool) -> Option<InfoLine> {
    let mut words = line.split_ascii_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let (mut depth, mut multipv, mut eval, mut pv) = (None, 1, None, Vec::new());
    let sign = if white_to_move { 1 } else { -1 };
    while let Some(word) = words.next() {
        match word {
            "depth" => depth = words.next()?.parse().ok(),
            "multipv" => multipv = words.next()?.parse().ok()?,
            "score" => {
                let kind = words.next()?;
                let value: i32 = words.next()?.parse().ok()?;
                eval = match kind {
                    "cp" => Some(Eval::Pawns { centipawns: sign * value }),
                    "mate" => Some(Eval::Mate(sign * value)),
                    _ => return None,
                };
            }
            "lowerbound" | "upperbound" => return None,
            "string" => return None,
            "pv" => {
                pv = words.map(str::to_owned).collect();
                break;
            }
            _ => {}
        }
    }
    if pv.is_empty() || multipv == 0 {
        return None;
    }
    Some(InfoLine { depth: depth?, multipv, eval: eval?, pv })
}

/// A score as the analysis panel writes it: `+0.31`, `-1.20`, `0.00`,
/// `#3` (White mates in three), `#-2` (Black mates in two).
pub fn score_text(eval: Eval) -> String {
    match eval {
        Eval::Mate(n) => format!("#{n}"),
        Eval::Pawns { centipawns: 0 } => "0.00".to_owned(),
        Eval::Pawns { centipawns } => {
            let sign = if centipawns > 0 { '+' } else { '-' };
            let c = centipawns.unsigned_abs();
            format!("{sign}{}.{:02}", c / 100, c % 100)
        }
    }
}

/// The engine's latest lines for one position, as drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// The position analysed.
    pub fen: String,
    /// The latest line of each number (1 to [`LINES`]), best first.
    pub lines: Vec<InfoLine>,
}

impl Analysis {
    /// The depth of the best line (0 before the first).
    pub fn depth(&self) -> u32 {
        self.lines.first().map_or(0, |l| l.depth)
    }

    /// The best line's score, from White's side.
    pub fn eval(&self) -> Option<Eval> {
        self.lines.first().map(|l| l.eval)
    }
}

/// What the page knows of the engine's conversation. The single-threaded
/// engine must not be given a position while it searches: a new position
/// waits until the search stopped (its `bestmove` came), and the output of
/// a stopping search is left out.
#[derive(Debug, Default)]
pub struct EngineState {
    /// A search was started and its `bestmove` has not come.
    running: bool,
    /// `stop` was sent to the running search.
    stopping: bool,
    /// The position to analyse once the running search has stopped.
    pending: Option<String>,
    /// White is to move in the position analysed.
    white_to_move: bool,
    /// The lines so far.
    pub analysis: Analysis,
    /// Lines came since [`EngineState::take_changes`].
    dirty: bool,
}

impl EngineState {
    /// The commands that analyse the position `fen` (now, or once the
    /// running search has stopped).
    pub fn analyse(&mut self, fen: &str) -> Vec<String> {
        self.white_to_move = fen.split(' ').nth(1) != Some("b");
        self.analysis = Analysis { fen: fen.to_owned(), lines: Vec::new() };
        self.dirty = true;
        if self.running {
            self.pending = Some(fen.to_owned());
            return self.stop_search();
        }
        self.start(fen)
    }

    /// The commands that stop the search (none when none runs).
    pub fn stop(&mut self) -> Vec<String> {
        self.pending = None;
        self.stop_search()
    }

    fn stop_search(&mut self) -> Vec<String> {
        if !self.running || self.stopping {
            return Vec::new();
        }
        self.stopping = true;
        vec!["stop".to_owned()]
    }

    fn start(&mut self, fen: &str) -> Vec<String> {
        self.running = true;
        vec![format!("position fen {fen}"), "go infinite".to_owned()]
    }

    /// Takes in one line of the engine's output; gives the commands to send
    /// next (a waiting position once a search has stopped).
    pub fn receive(&mut self, line: &str) -> Vec<String> {
        if line.starts_with("bestmove") {
            self.running = false;
            self.stopping = false;
            return match self.pending.take() {
                Some(fen) => self.start(&fen),
                None => Vec::new(),
            };
        }
        if self.stopping || !line.starts_with("info") {
            return Vec::new();
        }
        let Some(info) = parse_info(line, self.white_to_move) else { return Vec::new() };
        if info.multipv > LINES {
            return Vec::new();
        }
        let lines = &mut self.analysis.lines;
        match lines.iter_mut().find(|l| l.multipv == info.multipv) {
            Some(l) => *l = info,
            None => {
                lines.push(info);
                lines.sort_by_key(|l| l.multipv);
            }
        }
        self.dirty = true;
        Vec::new()
    }

    /// The lines, if they changed since the last call.
    pub fn take_changes(&mut self) -> Option<Analysis> {
        std::mem::take(&mut self.dirty).then(|| self.analysis.clone())
    }
}

/// What the page posts first to the engine's script: it asks whether the
/// script reports the download of its `.wasm`.
pub const PROGRESS_QUERY: &str = "setoption name CanOutputEngineDownloadProgress";

/// The script's answer to [`PROGRESS_QUERY`]: it will post its progress on
/// a `MessagePort` sent to it as `{progressPort}`.
pub const PROGRESS_ANSWER: &str = "info WillOutputEngineDownloadProgress";

/// How long a loading engine may stay silent (no download progress, no
/// output) before it is taken as failed, in milliseconds. A `.wasm` that is
/// missing makes the script wait for ever, with no error the page can see.
pub const LOAD_SILENCE_MS: f64 = 20_000.0;

/// Why the engine does not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineFailure {
    /// The browser started no worker.
    NotStarted,
    /// The engine's files did not load (or not in time).
    NotLoaded,
    /// The engine stopped twice while it ran.
    Stopped,
}

/// Where the engine's worker is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EnginePhase {
    /// No worker runs, and one is wanted once analysis is on.
    #[default]
    Idle,
    /// The worker was started; its files are coming (the share of the
    /// `.wasm` downloaded, in percent, once the script reports it).
    Loading(Option<u8>),
    /// The files are there; the engine has not said `uciok` yet.
    Starting,
    /// The engine said `uciok`.
    Ready,
    /// The engine does not run, until analysis is turned on again.
    Failed(EngineFailure),
}

/// One state of the engine, as the analysis panel shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineStatus {
    /// Downloading its `.wasm`: how much, in percent.
    Downloading(u8),
    /// Starting (or waiting for the first line of a position).
    Starting,
    /// Searching: the depth of the best line.
    Running(u32),
    /// Not running, and why.
    Failed(EngineFailure),
}

/// What the page draws of the engine's life: its phase and whether it was
/// started again after it stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineView {
    /// Where the worker is.
    pub phase: EnginePhase,
    /// The engine stopped and was started again since analysis was turned on.
    pub restarted: bool,
}

impl EngineView {
    /// The one state to show, with `depth` the depth of the shown lines.
    pub fn status(&self, depth: u32) -> EngineStatus {
        match self.phase {
            EnginePhase::Idle | EnginePhase::Loading(None) | EnginePhase::Starting => EngineStatus::Starting,
            EnginePhase::Loading(Some(percent)) => EngineStatus::Downloading(percent),
            EnginePhase::Ready => EngineStatus::Running(depth),
            EnginePhase::Failed(why) => EngineStatus::Failed(why),
        }
    }
}

/// The life of the engine's worker, without the worker: started, loading
/// (with the download's progress), ready, stopped and started again once,
/// failed. Times are milliseconds on any clock the caller keeps.
#[derive(Clone, Debug, Default)]
pub struct EngineLife {
    view: EngineView,
    /// When the worker last showed a sign of life while loading.
    last_sign: f64,
}

impl EngineLife {
    /// What the panel draws.
    pub fn view(&self) -> EngineView {
        self.view
    }

    /// Whether a worker should run (when none does): not after a failure.
    pub fn wants_worker(&self) -> bool {
        !matches!(self.view.phase, EnginePhase::Failed(_))
    }

    /// A new worker was started at `now`.
    pub fn begin(&mut self, now: f64) {
        self.view.phase = EnginePhase::Loading(None);
        self.last_sign = now;
    }

    /// The browser started no worker.
    pub fn not_started(&mut self) {
        self.view.phase = EnginePhase::Failed(EngineFailure::NotStarted);
    }

    /// Analysis was turned on at `now`: after a failure, or a load that has
    /// been silent too long, the engine is tried anew (true: the worker there
    /// is, if any, must go). The one restart after a stop is given back.
    pub fn turn_on(&mut self, now: f64) -> bool {
        self.view.restarted = false;
        let stale = self.loading() && now - self.last_sign > LOAD_SILENCE_MS;
        let anew = stale || matches!(self.view.phase, EnginePhase::Failed(_));
        if anew {
            self.view.phase = EnginePhase::Idle;
        }
        anew
    }

    fn loading(&self) -> bool {
        matches!(self.view.phase, EnginePhase::Loading(_) | EnginePhase::Starting)
    }

    /// The script reported its download at `now`: `fraction` (0 to 1) of
    /// the `.wasm`.
    pub fn progress(&mut self, fraction: f64, now: f64) {
        if !self.loading() {
            return;
        }
        self.last_sign = now;
        self.view.phase = if fraction >= 1.0 {
            EnginePhase::Starting
        } else {
            EnginePhase::Loading(Some((fraction.max(0.0) * 100.0).floor() as u8))
        };
    }

    /// The engine wrote `line` at `now`.
    pub fn line(&mut self, line: &str, now: f64) {
        if !self.loading() {
            return;
        }
        self.last_sign = now;
        if line == "uciok" {
            self.view.phase = EnginePhase::Ready;
        }
    }

    /// The worker reported an error (its worker must go): while it loads,
    /// its files did not load; once it ran, it stopped, and it is wanted
    /// again once (see [`EngineLife::wants_worker`]).
    pub fn error(&mut self) {
        self.view.phase = match self.view.phase {
            EnginePhase::Ready if !self.view.restarted => {
                self.view.restarted = true;
                EnginePhase::Idle
            }
            EnginePhase::Ready => EnginePhase::Failed(EngineFailure::Stopped),
            EnginePhase::Failed(why) => EnginePhase::Failed(why),
            _ => EnginePhase::Failed(EngineFailure::NotLoaded),
        };
    }

    /// The clock reads `now`: a load silent for longer than
    /// [`LOAD_SILENCE_MS`] failed (true: it just did, the worker must go).
    pub fn tick(&mut self, now: f64) -> bool {
        if self.loading() && now - self.last_sign > LOAD_SILENCE_MS {
            self.view.phase = EnginePhase::Failed(EngineFailure::NotLoaded);
            return true;
        }
        false
    }
}

/// The best line's first move as an arrow: its from and to squares.
pub fn best_arrow(analysis: &Analysis) -> Option<(Square, Square)> {
    let first = analysis.lines.first()?.pv.first()?;
    match first.parse::<UciMove>().ok()? {
        UciMove::Normal { from, to, .. } if from != to => Some((from, to)),
        _ => None,
    }
}

/// The position a FEN names, read with standard castling when it can be
/// (so that a UCI castling move is `e1g1`), else as Chess960.
pub fn position_of(fen: &str) -> Option<Chess> {
    let fen = fen.parse::<Fen>().ok()?;
    let standard = fen.clone().into_position(CastlingMode::Standard).ok();
    standard.or_else(|| fen.into_position(CastlingMode::Chess960).ok())
}

/// A legal move of `pos` (of any rules) as `notation` writes it (without
/// its number).
pub fn written_move<P: Position + Clone>(pos: &P, m: Move, notation: Notation) -> String {
    let san = SanPlus::from_move(pos.clone(), m).to_string();
    notation.write_move(&san, &long_algebraic(&m, &san))
}

/// One move of a variation: UCI and as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The move in UCI notation.
    pub uci: String,
    /// The move in the chosen notation, with its number where one belongs
    /// (`12.`, or `12...` at the start of a line with Black to move).
    pub text: String,
}

/// The first `max` moves of a variation from `pos`, written in `notation`;
/// it stops at the first move that is not legal.
pub fn write_line(pos: &Chess, pv: &[String], notation: Notation, max: usize) -> Vec<WrittenMove> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for uci in pv.iter().take(max) {
        let Some(m) = uci.parse::<UciMove>().ok().and_then(|u| u.to_move(&pos).ok()) else { break };
        let number = pos.fullmoves().get();
        let white = pos.turn().is_white();
        let prefix = match (white, out.is_empty()) {
            (true, _) => format!("{number}. "),
            (false, true) => format!("{number}... "),
            (false, false) => String::new(),
        };
        let text = format!("{prefix}{}", written_move(&pos, m, notation));
        pos.play_unchecked(m);
        out.push(WrittenMove { uci: uci.clone(), text });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::shakmaty::fen::Fen;
    use movetext_core::shakmaty::CastlingMode;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn info_lines_are_read_from_whites_side() {
        let line = "info depth 12 seldepth 17 multipv 2 score cp 31 nodes 1 nps 2 hashfull 0 tbhits 0 time 5 pv e2e4 e7e5 g1f3";
        let w = parse_info(line, true).unwrap();
        assert_eq!(w.depth, 12);
        assert_eq!(w.multipv, 2);
        assert_eq!(w.eval, Eval::Pawns { centipawns: 31 });
        assert_eq!(w.pv, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(parse_info(line, false).unwrap().eval, Eval::Pawns { centipawns: -31 });
        let mate = parse_info("info depth 5 score mate 2 pv d1d8", false).unwrap();
        assert_eq!(mate.eval, Eval::Mate(-2));
        assert_eq!(mate.multipv, 1);
    }

    #[test]
    fn lines_without_a_variation_or_with_a_bound_are_left_out() {
        assert_eq!(parse_info("info depth 3 currmove e2e4 currmovenumber 1", true), None);
        assert_eq!(parse_info("info depth 9 score cp 20 lowerbound pv e2e4", true), None);
        assert_eq!(parse_info("info string NNUE evaluation enabled", true), None);
        assert_eq!(parse_info("bestmove e2e4 ponder e7e5", true), None);
        assert_eq!(parse_info("info depth 1 score cp 5", true), None);
    }

    #[test]
    fn scores_as_text() {
        assert_eq!(score_text(Eval::Pawns { centipawns: 31 }), "+0.31");
        assert_eq!(score_text(Eval::Pawns { centipawns: -120 }), "-1.20");
        assert_eq!(score_text(Eval::Pawns { centipawns: 0 }), "0.00");
        assert_eq!(score_text(Eval::Mate(3)), "#3");
        assert_eq!(score_text(Eval::Mate(-2)), "#-2");
    }

    #[test]
    fn output_of_a_stopped_search_is_left_out() {
        let mut e = EngineState::default();
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(e.analyse(start), ["position fen ".to_owned() + start, "go infinite".to_owned()]);
        e.receive("info depth 10 multipv 2 score cp 20 pv d2d4");
        e.receive("info depth 10 multipv 1 score cp 30 pv e2e4");
        let a = e.take_changes().unwrap();
        assert_eq!(a.depth(), 10);
        assert_eq!(a.lines.iter().map(|l| l.pv[0].as_str()).collect::<Vec<_>>(), ["e2e4", "d2d4"]);
        assert_eq!(e.take_changes(), None);
        assert_eq!(best_arrow(&a), Some((Square::E2, Square::E4)));
        let after = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        // The position waits until the running search has stopped.
        assert_eq!(e.analyse(after), ["stop"]);
        let later = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(e.analyse(later), Vec::<String>::new());
        // The old search's last words.
        assert_eq!(e.receive("info depth 11 multipv 1 score cp 35 pv e2e4"), Vec::<String>::new());
        assert_eq!(e.analysis.lines, []);
        let sent = e.receive("bestmove e2e4 ponder e7e5");
        assert_eq!(sent, ["position fen ".to_owned() + later, "go infinite".to_owned()]);
        e.receive("info depth 1 multipv 1 score cp 40 pv g1f3");
        assert_eq!(e.analysis.eval(), Some(Eval::Pawns { centipawns: 40 }));
        assert_eq!(e.analysis.fen, later);
        assert_eq!(e.stop(), ["stop"]);
        assert_eq!(e.stop(), Vec::<String>::new());
        assert_eq!(e.receive("bestmove g1f3"), Vec::<String>::new());
        // Black to move: scores turned to White's side.
        assert_eq!(e.analyse(after), ["position fen ".to_owned() + after, "go infinite".to_owned()]);
        e.receive("info depth 1 multipv 1 score cp 40 pv e7e5");
        assert_eq!(e.analysis.eval(), Some(Eval::Pawns { centipawns: -40 }));
    }

    #[test]
    fn variations_are_written_in_the_chosen_notation() {
        let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let pv: Vec<String> = ["e2e4", "e7e5", "g1f3", "b8c6", "zz"].map(str::to_owned).to_vec();
        let texts = |n| write_line(&start, &pv, n, 10).into_iter().map(|m| m.text).collect::<Vec<_>>();
        assert_eq!(texts(Notation::San), ["1. e4", "e5", "2. Nf3", "Nc6"]);
        assert_eq!(texts(Notation::Figurine)[2], "2. ♞f3");
        assert_eq!(texts(Notation::Long)[2], "2. Ng1-f3");
        let mate = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1");
        let pv = ["h7h6".to_owned(), "a1a8".to_owned()];
        let line = write_line(&mate, &pv, Notation::San, 1);
        assert_eq!(line, [WrittenMove { uci: "h7h6".to_owned(), text: "1... h6".to_owned() }]);
        assert_eq!(write_line(&mate, &pv, Notation::San, 5)[1].text, "2. Ra8+");
        let mate = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        assert_eq!(write_line(&mate, &pv[1..], Notation::Figurine, 5)[0].text, "1. ♜a8#");
    }

    #[test]
    fn the_engine_loads_with_its_progress_then_runs() {
        let mut life = EngineLife::default();
        assert!(life.wants_worker());
        assert_eq!(life.view().status(0), EngineStatus::Starting);
        life.begin(0.0);
        assert_eq!(life.view().status(0), EngineStatus::Starting);
        life.line(PROGRESS_ANSWER, 100.0);
        life.progress(0.427, 200.0);
        assert_eq!(life.view().status(0), EngineStatus::Downloading(42));
        // A slow download is not a failure while it moves.
        life.progress(0.9, 15_000.0);
        assert!(!life.tick(30_000.0));
        assert_eq!(life.view().status(0), EngineStatus::Downloading(90));
        life.progress(1.0, 31_000.0);
        assert_eq!(life.view().phase, EnginePhase::Starting);
        life.line("id name Stockfish 18 Lite WASM", 31_500.0);
        life.line("uciok", 32_000.0);
        assert_eq!(life.view().status(0), EngineStatus::Running(0));
        assert_eq!(life.view().status(14), EngineStatus::Running(14));
        // Ready: no clock makes it fail, and turning on again keeps it.
        assert!(!life.tick(1e9));
        assert!(!life.turn_on(1e9));
        assert_eq!(life.view().phase, EnginePhase::Ready);
        // A late progress message changes nothing.
        life.progress(0.5, 1e9);
        assert_eq!(life.view().phase, EnginePhase::Ready);
    }

    #[test]
    fn a_failed_load_is_shown_alone_and_tried_again_when_turned_on() {
        let mut life = EngineLife::default();
        life.begin(0.0);
        life.error();
        assert_eq!(life.view().status(0), EngineStatus::Failed(EngineFailure::NotLoaded));
        assert!(!life.wants_worker());
        // A second error of the same worker changes nothing.
        life.error();
        assert_eq!(life.view().status(0), EngineStatus::Failed(EngineFailure::NotLoaded));
        assert!(life.turn_on(10.0));
        assert!(life.wants_worker());
        assert_eq!(life.view().phase, EnginePhase::Idle);
        life.begin(10.0);
        life.line("uciok", 20.0);
        assert_eq!(life.view().status(3), EngineStatus::Running(3));

        let mut refused = EngineLife::default();
        refused.not_started();
        assert_eq!(refused.view().status(0), EngineStatus::Failed(EngineFailure::NotStarted));
        assert!(refused.turn_on(0.0));
    }

    #[test]
    fn a_silent_load_fails_in_time() {
        let mut life = EngineLife::default();
        life.begin(1000.0);
        life.line(PROGRESS_ANSWER, 1200.0);
        assert!(!life.tick(1200.0 + LOAD_SILENCE_MS));
        assert!(life.tick(1201.0 + LOAD_SILENCE_MS));
        assert_eq!(life.view().status(0), EngineStatus::Failed(EngineFailure::NotLoaded));
        assert!(!life.tick(1e9), "it fails once");
        // Turned off while loading and on again long after: a silent load
        // is begun anew, a moving one is kept.
        let mut life = EngineLife::default();
        life.begin(0.0);
        assert!(!life.turn_on(LOAD_SILENCE_MS - 1.0));
        assert!(life.turn_on(LOAD_SILENCE_MS + 1.0));
        assert_eq!(life.view().phase, EnginePhase::Idle);
    }

    #[test]
    fn a_stopped_engine_is_started_again_once() {
        let mut life = EngineLife::default();
        life.begin(0.0);
        life.line("uciok", 1.0);
        life.error();
        assert!(life.view().restarted);
        assert!(life.wants_worker());
        life.begin(2.0);
        assert_eq!(life.view().status(0), EngineStatus::Starting);
        assert!(life.view().restarted, "the notice stays while it starts again");
        life.line("uciok", 3.0);
        assert_eq!(life.view().status(5), EngineStatus::Running(5));
        life.error();
        assert!(!life.wants_worker());
        assert_eq!(life.view().status(5), EngineStatus::Failed(EngineFailure::Stopped));
        // Turned on again: a new worker, and the one restart given back.
        assert!(life.turn_on(4.0));
        assert!(!life.view().restarted);
        life.begin(4.0);
        life.line("uciok", 5.0);
        life.error();
        assert!(life.wants_worker());
        assert_eq!(life.view().phase, EnginePhase::Idle);
    }
}
