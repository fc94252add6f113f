//! The main line alone, for the position index: each game's tags and
//! termination marker as the reader reads them, and the positions of its
//! main line. A game of standard chess from the usual start whose main line
//! is plain is read the quick way, building no tree; any other is read whole.

use shakmaty::{CastlingMode, Chess};

use super::{GameReader, Parser, KNOWN_FEN};
use crate::game::{Game, Variant};
use crate::positions::{quick_play, GameInfo, GamePositions, MainLine};

/// Reads the games of a file for the position index: of each, its
/// [`GameHead`] and the positions of its main line, exactly as
/// [`GameReader::with_positions`] gives them, without building the tree
/// of a game whose main line is plain.
///
/// ```
/// use movetext_core::reader::PositionReader;
///
/// let pgn = b"[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 {best} (1. d4 d5) e5 2. Nf3 1-0\n";
/// let mut reader = PositionReader::new(pgn);
/// let (head, positions) = reader.next_game().unwrap();
/// assert_eq!((head.tag("White"), head.result()), (Some("A"), "1-0"));
/// assert_eq!(positions.len(), 4);
/// assert_eq!(positions.move_at(2).unwrap().uci().to_string(), "g1f3");
/// assert!(reader.next_game().is_none());
/// ```
pub struct PositionReader<'a> {
    games: GameReader<'a>,
}

impl<'a> PositionReader<'a> {
    /// Reads the games in `bytes` (a whole file, as [`GameReader::new`]).
    pub fn new(bytes: &'a [u8]) -> PositionReader<'a> {
        let mut games = GameReader::new(bytes).with_positions();
        games.scratch.rec.main_line_only = true;
        PositionReader { games }
    }

    /// The next game's head and the positions of its main line.
    #[allow(clippy::should_implement_trait)]
    pub fn next_game(&mut self) -> Option<(GameHead, &GamePositions)> {
        let game = self.games.next()?;
        Some((GameHead { game }, &self.games.scratch.rec.out))
    }
}

/// A game's tags and termination marker as the reader reads them (with
/// its repairs: a Result tag `1/2` read as `1/2-1/2`, say), without its
/// moves: what [`PositionReader`] gives of each game. The default is the
/// head of an empty game.
#[derive(Clone, Debug, Default)]
pub struct GameHead {
    game: Game,
}

impl From<Game> for GameHead {
    /// The head of a game read whole.
    fn from(game: Game) -> GameHead {
        GameHead { game }
    }
}

impl GameHead {
    /// The tags in the order they were read, as [`Game::tags`].
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.game.tags()
    }

    /// The value of the first tag `name`, as [`Game::tag`].
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.game.tag(name)
    }

    /// The termination marker, as [`Game::result`].
    pub fn result(&self) -> &str {
        self.game.result()
    }

    /// What the explorer counts of the game, as [`GameInfo::of`] the game.
    pub fn info(&self, number: u32) -> GameInfo {
        GameInfo::of(number, &self.game)
    }
}

impl Parser {
    /// Reads the main line of the movetext at `start` the quick way when
    /// only it is asked for and the game is of standard chess from the usual
    /// start: its positions recorded and its termination marker read, no
    /// tree built. `false` when unsure (see [`MainLine`]; a move read in
    /// another way than the quick one): the movetext is then read whole,
    /// from the start again. (Out of line: the reader's walk, inlined
    /// into its caller, stays as it is.)
    #[inline(never)]
    pub(super) fn quick_main_line(&mut self, start: usize) -> bool {
        if self.g.variant != Variant::Standard || self.known[KNOWN_FEN].is_some() {
            return false;
        }
        let src = self.g.src.clone();
        let text = src.as_bytes();
        let mut line = MainLine::new(text, start);
        let mut pos = Chess::default();
        self.rec.start(&pos, CastlingMode::Standard);
        while let Some((s, e)) = match line.next() {
            Some(next) => next,
            None => return false,
        } {
            let Some(m) = quick_play(&text[s..e], &pos) else { return false };
            self.rec.push(&mut pos, m);
        }
        self.rec.finish(true);
        match line.result {
            Some((s, e)) => self.result_marker(s, e, None),
            None => self.no_result(text, start),
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Was the game read the quick way: its positions kept and no tree
    /// built? (A game without moves builds none either way.)
    fn read_quick(head: &GameHead, positions: &GamePositions) -> bool {
        head.game.node_count() == 0 && !positions.is_empty()
    }

    /// Games, and whether their main line is read the quick way.
    const CASES: &[(&str, bool)] = &[
        ("[White \"A\"]\n\n1. e4 {best} (1. d4 d5) e5 $1 2. Nf3 Nc6 3. Bb5 a6 4. O-O *", true),
        // The marker knows more than the tag: the tag takes it.
        ("[Result \"*\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", true),
        ("[Result \"1/2\"]\n\n1. d4 d5 1/2-1/2", true),
        ("[Result \"0-1\"]\n\n1. e4 e5 *", true),
        ("[Result \"1-0\"]\n\n1. e4 e5", true),
        ("1. e4 d5 2. e5 f5 3. exf6 e6 4. fxg7 Ke7 5. gxh8=Q Nf6 *", true),
        ("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 *", true),
        ("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *", false),
        ("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 *", false),
        ("[Variant \"Chess960\"]\n\n1. e4 e5 *", false),
        ("[Variant \"Bughouse\"]\n\n1. e4 e5 *", false),
        ("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 *", false),
        ("1. e4 e5 2. -- Nc6 *", false),
        ("1. e4 e5 2. Ke3 Nc6 *", false),
        ("( ) 1. e4 e5 *", false),
        ("1. e4 e5 1/2", false),
        ("1. e4 e5 +--", false),
        ("1. e4 e5 2. Nf3 Nc6 1\u{2013}0", false),
    ];

    #[test]
    fn plain_main_lines_are_read_the_quick_way_and_as_the_reader_reads_them() {
        for (n, &(pgn, quick)) in CASES.iter().enumerate() {
            let mut whole = GameReader::new(pgn.as_bytes()).with_positions();
            let game = whole.next().unwrap();
            let mut reader = PositionReader::new(pgn.as_bytes());
            let (head, positions) = reader.next_game().unwrap();
            assert_eq!(Some(positions), whole.positions(), "{pgn}");
            assert!(head.tags().eq(game.tags()), "{pgn}");
            assert_eq!(head.result(), game.result(), "{pgn}");
            assert_eq!(head.info(n as u32), GameInfo::of(n as u32, &game), "{pgn}");
            assert_eq!(read_quick(&head, positions), quick, "{pgn}");
        }
        // The same games in one file, each read the way it was alone.
        let file: Vec<String> = CASES.iter().map(|(pgn, _)| format!("[Event \"?\"]\n{pgn}\n\n")).collect();
        let file = file.concat();
        let mut reader = PositionReader::new(file.as_bytes());
        for (pgn, quick) in CASES {
            let (head, positions) = reader.next_game().unwrap();
            assert_eq!(read_quick(&head, positions), *quick, "in one file: {pgn}");
        }
        assert!(reader.next_game().is_none());
        let read = |pgn: &str| {
            let mut reader = PositionReader::new(pgn.as_bytes());
            reader.next_game().map(|(head, positions)| (head, positions.len())).unwrap()
        };
        let (head, len) = read(CASES[1].0);
        assert_eq!((head.tag("Result"), head.result(), len), (Some("1-0"), "1-0", 8));
        let (head, len) = read(CASES[2].0);
        assert_eq!((head.tag("Result"), len), (Some("1/2-1/2"), 3));
        assert_eq!(read(CASES[4].0).0.result(), "1-0", "no marker: the tag's");
        // The main line ends where the quick way stops being sure: read
        // whole, up to the null move and the move that cannot be played.
        let lens: Vec<usize> = CASES[12..14].iter().map(|(pgn, _)| read(pgn).1).collect();
        assert_eq!(lens, [3, 3]);
    }

    #[test]
    fn nearly_every_game_of_the_bench_samples_is_read_the_quick_way() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/bench");
        for name in ["lichess_db_2025-05_1000k.pgn", "twic1599_1000k.pgn"] {
            let Ok(bytes) = std::fs::read(dir.join(name)) else {
                eprintln!("{name} not found: skipped");
                continue;
            };
            let mut reader = PositionReader::new(&bytes);
            let (mut games, mut quick) = (0, 0);
            while let Some((head, positions)) = reader.next_game() {
                games += 1;
                quick += usize::from(read_quick(&head, positions));
            }
            assert!(games > 400 && quick * 100 >= games * 99, "{name}: {quick} of {games}");
        }
    }
}
