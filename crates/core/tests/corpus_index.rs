//! The corpus's stated expectations, row by row: every row of
//! `edge-cases/INDEX.tsv` (what the origin's own test expected, and what
//! python-chess 1.11.2 made of the file) and every top-level file of the
//! corpus README's table, read and checked for what can be checked by a
//! program: games, main-line plies, end position, errors, results, tags,
//! comments, NAGs and export text.
//!
//! Where Movetext deliberately does something else, the difference is listed
//! in [`DIFFERENCES`] with the reason and our own value, so the test asserts
//! our behaviour for that file. The test fails when a file differs from its
//! expectation without being listed, when a listed difference has changed or
//! disappeared, or when reading panics. Export round trips over the whole
//! corpus are checked in `roundtrip.rs`.
// Its checks are long tables, one line a case.
#![allow(clippy::too_many_lines)]

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use movetext_core::equivalent;
use movetext_core::export::{export_result, write_game, ExportOptions};
use movetext_core::game::{NodeKind, Variant};
use movetext_core::shakmaty::uci::UciMove;
use movetext_core::{read_game, Game, GameReader, NodeId, Severity};

fn corpus() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    p.is_dir().then_some(p)
}

// ---------------------------------------------------------------------------
// What Movetext does differently, and why.
// ---------------------------------------------------------------------------

// Reasons shared by several files.
const BLACK_NUMBER: &str = "the standard's export writes N... before a Black move that follows a comment";
const PY_INDENTED_TAG: &str =
    "python-chess takes an indented tag line for movetext; we read it as a tag, as the origin does";
const PY_TAGS_AND_MOVES: &str = "python-chess does not read moves on the line of the tags; we do";
const PY_BLANK_LINE: &str =
    "python-chess ends a game at a blank line inside its movetext; we end it at its marker or at the next tags";
const PY_PAST_MARKER: &str = "the game ends at its marker and what follows on the line is kept as a comment; python-chess reads on past the marker";
const PY_TAGS_AFTER_MARKER: &str = "tag pairs after a game's marker on its line begin the next game; python-chess reads on past the marker into one game";
const PY_LOWER_CASTLING: &str = "python-chess does not read castling written o-o; we do, as scalachess expects";
const NOT_A_MOVE: &str = "a word that is no move is kept as text with an error; python-chess skips it silently";
const VARIANT_AS_TEXT: &str = "a variant Movetext does not play: its moves are kept as text, from its own start (its FEN tag, else the usual position)";
const SHAKMATY_CRAZYHOUSE_FEN: &str = "the same position: the pockets written in shakmaty's order (pawns first, queens last) and the halfmove clock as shakmaty counts it after drops; python-chess writes queens first";
const SYNTAX_ONLY: &str = "a snippet for the syntax only: its first move is illegal from the start position, so it is kept as text with an error";
const EVENT_COUNT: &str = "the README's games column counts [Event] tags, and games of this file have none";

/// Known differences: (file, what is compared, our value, why). Our value is
/// asserted: if it changes, or the expectation is met after all, the test
/// fails and the entry must be revised.
const DIFFERENCES: &[(&str, &str, &str, &str)] = &[
    ("chess.js__load-comments-bracket-and-semicolon-comments.pgn", "export ends with", "1. e4 {good!} 1... e5 {standard response} 2. Nf3 Nc6 {common} *", BLACK_NUMBER),
    ("chess.js__load-comments-bracket-comments-with-newlines.pgn", "export ends with", "1. e4 {good move} 1... e5 {classical response} *", BLACK_NUMBER),
    ("chess.js__load-comments-bracket-comments.pgn", "export ends with", "1. e4 {good move} 1... e5 {classical response} *", BLACK_NUMBER),
    ("chess.js__load-comments-bracket-in-semicolon-comment.pgn", "export ends with", "1. e4 e5 ;a classic {well-studied}\n*", "a comment holding } cannot be written in braces, so export keeps it a ; comment (chess.js writes braces inside braces, which do not read back)"),
    ("chess.js__load-comments-comment-before-black-to-move.pgn", "export ends with", "[FEN \"r4rk1/p1nq1pp1/1p1pp2p/8/P2PR3/1QP2N2/1P3PPP/R5K1 b - - 0 16\"]\n[SetUp \"1\"]\n\n{test comment} 16... Rfb8 *", "export puts tags after the Seven Tag Roster in ASCII order (FEN before SetUp) and writes Black's number 16..., as the standard does"),
    ("chess.js__load-comments-empty-semicolon-comment.pgn", "export ends with", "1. e4 {} 1... e5 *", BLACK_NUMBER),
    ("chess.js__load-comments-initial-comment-with-black-starting-first.pgn", "export ends with", "[FEN \"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1\"]\n[SetUp \"1\"]\n\n{ great game } 1... Nc6 *", "export puts tags after the Seven Tag Roster in ASCII order (FEN before SetUp) and writes Black's number 1..., as the standard does"),
    ("chess.js__load-comments-semicolon-in-bracket-comment.pgn", "export ends with", "1. e4 { a classic; well-studied } 1... e5 *", BLACK_NUMBER),
    ("chess.js__load-pgn-loadpgn-strict-setup-tag-requires-fen-tag.pgn", "errors", "game 1: 1. Rd8# is illegal: no rook can go to d8", "SetUp 1 without a FEN: the game starts from the usual position, where 17. Rd8# is illegal, and we say so"),
    ("chess.js__load-pgn-loadpgn-throws-error-invalid-fen-in-header.pgn", "errors", "game 1: the FEN tag cannot be read (invalid board part in fen); the game starts from the usual position", "the [fEn] tag is read as FEN, but its board has X for pieces: an error"),
    ("chess.js__load-pgn-loadpgn-works-messy-whitespace-tabs-whitespace-and.pgn", "py games", "1", PY_INDENTED_TAG),
    ("chess.js__load-pgn-loadpgn-works-messy-whitespace-tabs-whitespace-and.pgn", "py fen", "4q2k/2r1r3/4PR1p/p1p5/P1Bp1Q1P/1P6/6P1/6K1 b - - 4 41", "one game, read to the end chess.js's own test reaches"),
    ("chess.js__load-pgn-loadpgn-works-messy-whitespace-tabs-whitespace-and.pgn", "py plies", "81", "one game, read to the end chess.js's own test reaches"),
    ("chess.js__load-pgn-loadpgn-works-permissive-parser-fen-tag-case-insens.pgn", "py games with errors", "0", "the lower-case [fen] tag is read as FEN, as chess.js expects; python-chess ignores it"),
    ("chess.js__load-pgn-loadpgn-works-permissive-parser-fen-tag-case-insens.pgn", "py fen", "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17", "the lower-case [fen] tag is read as FEN, as chess.js expects"),
    ("chess.js__load-pgn-loadpgn-works-permissive-parser-fen-tag-case-insens.pgn", "py plies", "1", "the lower-case [fen] tag is read as FEN, as chess.js expects"),
    ("chess.js__regression-github-issue-113-cannot-parse-pgn-not-starting-wi.pgn", "py games", "1", PY_INDENTED_TAG),
    ("chess.js__regression-github-issue-113-cannot-parse-pgn-not-starting-wi.pgn", "py games with errors", "0", PY_INDENTED_TAG),
    ("chess.js__regression-github-issue-113-cannot-parse-pgn-not-starting-wi.pgn", "py fen", "1n1r3r/6p1/1kp1p2p/5p2/1QPp1B2/6N1/5PPP/R5K1 b - - 0 31", PY_INDENTED_TAG),
    ("chess.js__regression-github-issue-113-cannot-parse-pgn-not-starting-wi.pgn", "py plies", "5", PY_INDENTED_TAG),
    ("chess.js__regression-github-issue-326a-ignore-whitespace-after-header.pgn", "py games", "1", PY_INDENTED_TAG),
    ("chess.js__regression-github-issue-326a-ignore-whitespace-after-header.pgn", "py fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", PY_INDENTED_TAG),
    ("chess.js__regression-github-issue-326a-ignore-whitespace-after-header.pgn", "py plies", "2", PY_INDENTED_TAG),
    ("chess.js__regression-github-issue-326b-ignore-whitespace-in-line-after.pgn", "py games", "1", PY_INDENTED_TAG),
    ("chess.js__regression-github-issue-326b-ignore-whitespace-in-line-after.pgn", "py fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", PY_INDENTED_TAG),
    ("chess.js__regression-github-issue-326b-ignore-whitespace-in-line-after.pgn", "py plies", "2", PY_INDENTED_TAG),
    ("chessops__en-em-dash-castling-result.pgn", "py games with errors", "1", SYNTAX_ONLY),
    ("chessops__en-em-dash-castling-result.pgn", "main line", "no moves (1. 0-0-0 is illegal: castling on the queen side is blocked or passes through an attacked square)", "0–0–0 is read as castling, as chessops expects, but castling is illegal from the start position"),
    ("chessops__streamed-chunks.pgn", "export ends with", "[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {foo bar baz } 1-0", "export writes the whole Seven Tag Roster and fills a comment's words into lines"),
    ("chessops__transform-null-move-in-variation.pgn", "variation", "b4 b5 --", "we keep the null move that ends the variation; the chessops test removes null moves before comparing"),
    ("chessops__tricky-tokens-castling-glyphs.pgn", "NAGs of O-O-O", "no moves (1. O-O-O is illegal: castling on the queen side is blocked or passes through an attacked square)", SYNTAX_ONLY),
    ("chessops__tricky-tokens-castling-glyphs.pgn", "NAGs of O-O-O#", "no moves (1. O-O-O is illegal: castling on the queen side is blocked or passes through an attacked square)", SYNTAX_ONLY),
    ("cm-pgn__testhistory-should-load-a-non-standard-fen-and-then-work-cor.pgn", "py games with errors", "1", "the file is a bare FEN, not PGN: kept as text with an error; python-chess skips it silently"),
    ("cm-pgn__testhistory-should-parse-history-with-variation-at-first-mov.pgn", "py games", "1", PY_INDENTED_TAG),
    ("cm-pgn__testhistory-should-parse-history-with-variation-at-first-mov.pgn", "py games with errors", "0", PY_INDENTED_TAG),
    ("cm-pgn__testhistory-should-parse-history-with-variation-at-first-mov.pgn", "py fen", "8/8/7k/8/8/8/7R/5KR1 b - - 5 3", PY_INDENTED_TAG),
    ("cm-pgn__testhistory-should-parse-history-with-variation-at-first-mov.pgn", "py plies", "5", PY_INDENTED_TAG),
    ("cm-pgn__testpgn-should-load-unusual-fen.pgn", "py games with errors", "1", "the FEN (pawns on the first rank) is no legal position: an error, and the usual start position; python-chess keeps it"),
    ("cm-pgn__testpgn-should-load-unusual-fen.pgn", "py fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "the FEN is no legal position (see above)"),
    ("kokopu__export-games-escaped-text.pgn", "py games with errors", "1", "kokopu writes \\} in a comment, but PGN comments have no escapes: the comment ends there and the rest is kept as text with an error"),
    ("kokopu__export-games-long-short-comments-variations-1.pgn", "py games", "1", PY_BLANK_LINE),
    ("kokopu__export-games-long-short-comments-variations-1.pgn", "py games with errors", "0", PY_BLANK_LINE),
    ("kokopu__export-games-long-short-comments-variations-1.pgn", "py fen", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", PY_BLANK_LINE),
    ("kokopu__export-games-long-short-comments-variations-1.pgn", "py plies", "6", PY_BLANK_LINE),
    ("kokopu__export-games-variant-no-king.pgn", "py games with errors", "0", "variant no-king is kept as text with a warning, not an error; python-chess rejects it"),
    ("kokopu__export-games-variant-no-king.pgn", "py plies", "0", VARIANT_AS_TEXT),
    ("chess.js__load-pgn-loadpgn-throws-error-illegal-check-annotation.pgn", "rejected", "no error", "e4!+ is read as e4 with the marks put in order and a warning that it gives no check; chess.js throws, python-chess reads e4"),
("mliebelt-pgn-parser__doc-samplegamethrow-german-sf3.pgn", "rejected", "no error", "Sf3 is read as Nf3, German S for the knight, with a repair saying so; the origin throws, python-chess reads f3"),
    ("mliebelt-pgn-parser__doc-samplegamethrow-german-sf3.pgn", "py fen", "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3", "Sf3 is the knight's move (German letters), not python-chess's f3"),
    ("mliebelt-pgn-parser__has-additional-errorhint-when-getting-a-parse-error.pgn", "py games with errors", "1", NOT_A_MOVE),
    ("mliebelt-pgn-parser__more-than-1-game-parsing.pgn", "py games with errors", "1", "e5abc is not a move: an error; python-chess reads e5"),
    ("mliebelt-pgn-parser__more-than-1-game-parsing.pgn", "py fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e5abc is not a move (see above)"),
    ("mliebelt-pgn-parser__more-than-1-game-parsing.pgn", "py plies", "1", "e5abc is not a move: an error; python-chess reads e5"),
    ("mliebelt-pgn-parser__should-allow-any-kind-of-whitespace-in-between-before-and-af.pgn", "py games with errors", "1", "a tag broken over two lines is read without its value, and \"Value\"] is kept as text with an error; python-chess skips it silently"),
    ("mliebelt-pgn-parser__should-handle-correct-turn-for-black-with-fen-given.pgn", "py fen", "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-handle-correct-turn-for-black-with-fen-given.pgn", "py plies", "2", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-handle-correct-turn-for-white-with-fen-given.pgn", "py fen", "r1bqkbnr/pppp1ppp/2n5/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-handle-correct-turn-for-white-with-fen-given.pgn", "py plies", "2", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-handle-different-result-from-san-as-tag.pgn", "py fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-handle-different-result-from-san-as-tag.pgn", "py plies", "1", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-handle-result-both-in-tags-and-san.pgn", "py fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-handle-result-both-in-tags-and-san.pgn", "py plies", "1", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-handle-turn-correct-2.pgn", "py games", "2", PY_TAGS_AFTER_MARKER),
    ("mliebelt-pgn-parser__should-handle-turn-correct-2.pgn", "py fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", PY_PAST_MARKER),
    ("mliebelt-pgn-parser__should-handle-turn-correct-2.pgn", "py plies", "2", PY_PAST_MARKER),
    ("mliebelt-pgn-parser__should-read-2-games-without-whitespace-in-between.pgn", "py games", "2", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-read-all-combinations-of-games-with-and-without-white.pgn", "py games", "2", PY_TAGS_AFTER_MARKER),
    ("mliebelt-pgn-parser__should-read-2-games-without-whitespace-in-between.pgn", "py fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-read-2-games-without-whitespace-in-between.pgn", "py plies", "2", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-read-4-minimal-games-not-obvious.pgn", "py games with errors", "1", NOT_A_MOVE),
    ("mliebelt-pgn-parser__should-read-a-complete-game-inclusive-tags.pgn", "py fen", "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-read-a-complete-game-inclusive-tags.pgn", "py plies", "4", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-read-alternative-starting-positions.pgn", "py games with errors", "0", "the FEN and SetUp tags on one line are both read; python-chess runs them together"),
    ("mliebelt-pgn-parser__should-read-erroneous-pgn-from-349.pgn", "py fen", "4R1k1/1q3ppp/p7/8/8/8/P4PPP/R5K1 b - - 0 2", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-read-erroneous-pgn-from-349.pgn", "py plies", "3", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-understand-2-games-with-last-game-only-comment-and-mo.pgn", "py fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", PY_PAST_MARKER),
    ("mliebelt-pgn-parser__should-understand-2-games-with-last-game-only-comment-and-mo.pgn", "py plies", "2", PY_PAST_MARKER),
    ("mliebelt-pgn-parser__should-understand-2-games-with-last-game-tags-comment-and-mo.pgn", "py fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", PY_PAST_MARKER),
    ("mliebelt-pgn-parser__should-understand-2-games-with-last-game-tags-comment-and-mo.pgn", "py plies", "2", PY_PAST_MARKER),
    ("mliebelt-pgn-parser__should-understand-2-games-with-last-game-tags-comment-and-mo.pgn", "py games", "2", PY_TAGS_AFTER_MARKER),
    ("mliebelt-pgn-parser__should-understand-2-normal-games-with-tags-with-linefeeds-in.pgn", "py games", "2", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-understand-2-normal-games-with-tags-with-linefeeds-in.pgn", "py fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-understand-2-normal-games-with-tags-with-linefeeds-in.pgn", "py plies", "1", PY_TAGS_AND_MOVES),
    ("mliebelt-pgn-parser__should-understand-3-minimal-games-parsed-wrong-see-44.pgn", "py fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "*1. (a marker run into a move number) is not a move: the game is kept as text with an error; python-chess reads on"),
    ("mliebelt-pgn-parser__should-understand-3-minimal-games-parsed-wrong-see-44.pgn", "py plies", "0", "*1. (a marker run into a move number) is not a move: the game is kept as text with an error; python-chess reads on"),
    ("mliebelt-pgn-parser__with-some-content-in-both-sections-with-additional-newlines.pgn", "py games", "1", "blank lines between the tags and the moves do not end the game; python-chess starts a new one"),
    ("mliebelt-pgn-parser__with-some-content-in-both-sections-with-additional-newlines.pgn", "py fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "blank lines between the tags and the moves do not end the game"),
    ("mliebelt-pgn-parser__with-some-content-in-both-sections-with-additional-newlines.pgn", "py plies", "2", "blank lines between the tags and the moves do not end the game"),
    ("python-chess__read-game-with-leading-whitespace-before-header.pgn", "py games", "1", PY_INDENTED_TAG),
    ("python-chess__read-game-with-leading-whitespace-before-header.pgn", "py games with errors", "0", PY_INDENTED_TAG),
    ("python-chess__read-game-with-leading-whitespace-before-header.pgn", "py fen", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", PY_INDENTED_TAG),
    ("python-chess__read-game-with-leading-whitespace-before-header.pgn", "py plies", "1", PY_INDENTED_TAG),
    ("scalachess__blackabsentresult.pgn", "py fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "+-- is a win by forfeit, read as 1-0; python-chess reads its -- as a null move"),
    ("scalachess__blackabsentresult.pgn", "py plies", "0", "+-- is a win by forfeit, read as 1-0; python-chess reads its -- as a null move"),
    ("scalachess__chesscomcrazyhouse.pgn", "py fen", "r1bBk1r1/ppp2p1p/1b1p3p/3Pp3/6N1/2PPn2n/PP2B1pP/R2Q3K[NQpr] w q - 0 22", SHAKMATY_CRAZYHOUSE_FEN),
    ("scalachess__completetagswithspaces.pgn", "py games with errors", "0", "the Variant value \" Standard    \" is read trimmed, as standard chess; python-chess rejects it"),
    ("scalachess__crazyhouse1.pgn", "py fen", "6Q~k/4Nppp/p1r1p2b/4P3/7P/2P1pN2/PPP2nP1/R4QK1[PPNBBBRRQ] b - - 0 48", SHAKMATY_CRAZYHOUSE_FEN),
    ("scalachess__crazyhouse2.pgn", "py fen", "r6k/1p1bq1pp/4n1p1/p7/5P2/b1P1Q3/Pr4PP/3K4[PPPNNNBBRpppr] b - - 4 56", SHAKMATY_CRAZYHOUSE_FEN),
    ("scalachess__crazyhousefromprod.pgn", "py fen", "r1b2Nn1/ppp1NpPk/4pPpq/4P1Rp/6n1/2B2Q1K/PPP2bPP/R4B1R[p] b - - 2 25", SHAKMATY_CRAZYHOUSE_FEN),
    ("scalachess__disambiguated.pgn", "plies", "0", SYNTAX_ONLY),
    ("scalachess__export-roundtrip-pgn1.pgn", "export movetext", "token 5: ours `e4 $1 $16`, expected `e4! $16 $40`", "export writes suffix marks as NAGs ($1 for !), as the standard's export format asks"),
    ("scalachess__export-roundtrip-pgn4.pgn", "export movetext", "token 30: ours `*`, expected ``", "the source ends without a marker; export writes *"),
    ("scalachess__fromcrafty.pgn", "py games", "1", PY_BLANK_LINE),
    ("scalachess__fromcrafty.pgn", "py games with errors", "0", PY_BLANK_LINE),
    ("scalachess__fromcrafty.pgn", "py fen", "3k4/ppR3pp/8/5pq1/8/P5B1/3r4/1R4K1 w - - 1 35", PY_BLANK_LINE),
    ("scalachess__fromcrafty.pgn", "py plies", "68", PY_BLANK_LINE),
    ("scalachess__frompositionemptyfen.pgn", "py fen", "1K3r2/4q3/8/6k1/8/8/7p/8 w - - 4 83", "the illegal moves are in variations, kept as text, and the main line is read to its end (PlyCount 164); python-chess stops it at the first"),
    ("scalachess__frompositionemptyfen.pgn", "py plies", "164", "the illegal moves are in variations, kept as text, and the main line is read to its end (PlyCount 164); python-chess stops it at the first"),
    ("scalachess__gamewithcomments.pgn", "py games", "1", PY_BLANK_LINE),
    ("scalachess__gamewithcomments.pgn", "py games with errors", "0", PY_BLANK_LINE),
    ("scalachess__gamewithcomments.pgn", "py fen", "5R2/8/8/4k1r1/8/8/5KP1/8 w - - 6 54", PY_BLANK_LINE),
    ("scalachess__gamewithcomments.pgn", "py plies", "106", PY_BLANK_LINE),
    ("scalachess__invalidvariant.pgn", "py games with errors", "0", "an unknown variant is kept as text with a warning, not an error; python-chess rejects it"),
    ("scalachess__invalidvariant.pgn", "variant", "starwars (kept as text)", "an unknown variant is neither played as standard chess nor rejected: its moves are kept as text"),
    ("scalachess__invalidvariant.pgn", "py plies", "0", "an unknown variant is neither played as standard chess nor rejected: its moves are kept as text"),
    ("scalachess__invisiblechar.pgn", "py games", "1", "a byte order mark before the first tag is white space: one game; python-chess makes its line a game"),
    ("scalachess__invisiblechar.pgn", "py fen", "r2qk1nr/ppp3bp/3p2p1/3P1b2/2Pp1P2/8/PP2B1PP/RNBQ1RK1 b kq - 1 10", "a byte order mark before the first tag is white space (see above)"),
    ("scalachess__invisiblechar.pgn", "py plies", "19", "a byte order mark before the first tag is white space: one game; python-chess makes its line a game"),
    ("scalachess__longcastles-2.pgn", "py games with errors", "0", PY_LOWER_CASTLING),
    ("scalachess__longcastles-2.pgn", "py fen", "r1bqk2r/pppn2pp/5n2/3ppp2/1b6/2NPP3/PPPBQPPP/2KR1BNR w kq - 6 7", PY_LOWER_CASTLING),
    ("scalachess__longcastles-2.pgn", "py plies", "12", PY_LOWER_CASTLING),
    ("scalachess__multipleinitalcommentswithempty.pgn", "comments before the first move", "[this, , that]", "the empty comment {} is kept as written; scalachess drops it"),
    ("scalachess__overflow.pgn", "py fen", "1r3k1Q/2p2p2/2b2p2/4p3/3P2P1/1pqBK2P/P4P2/3R2R1 b - - 3 34", "the illegal 10... Bh4 is in a variation, kept as text, and the main line goes on (67 plies, as scalachess expects); python-chess stops it"),
    ("scalachess__overflow.pgn", "py plies", "67", "the illegal 10... Bh4 is in a variation, kept as text, and the main line goes on (67 plies, as scalachess expects); python-chess stops it"),
    ("scalachess__parsertest-carriage-return-cr-cr-lf.pgn", "py games", "1", "CR CR LF is no blank line: one game of 4 plies, as scalachess expects; python-chess splits it"),
    ("scalachess__parsertest-carriage-return-cr-cr-lf.pgn", "py fen", "rnbqkbnr/pp2pppp/2p5/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3", "CR CR LF is no blank line (see above)"),
    ("scalachess__parsertest-carriage-return-cr-cr-lf.pgn", "py plies", "4", "CR CR LF is no blank line: one game of 4 plies, as scalachess expects; python-chess splits it"),
    ("scalachess__parsertest-nags-glyph-plus-position-nag.pgn", "NAGs of the first move", "no moves (1. Ne7g6+! is illegal: no knight on e7 can go to g6)", SYNTAX_ONLY),
    ("scalachess__parsertest-timecontrol-trailing-escaped-quote.pgn", "tag TimeControl", "5400/40+30:1800+30\"", "the value ends in an escaped quote, which is part of it; scalachess strips it"),
    ("scalachess__parsertest-unicode-unclear-glyph.pgn", "NAGs of the first move", "no moves (1. Bxd3?? is illegal: no bishop attacks d3)", SYNTAX_ONLY),
    ("scalachess__shortcastles-2.pgn", "py games with errors", "0", PY_LOWER_CASTLING),
    ("scalachess__shortcastles-2.pgn", "py fen", "r1bqkb1r/pp1npppp/2p2n2/3p4/8/4PN2/PPPPBPPP/RNBQ1RK1 w kq - 0 5", PY_LOWER_CASTLING),
    ("scalachess__shortcastles-2.pgn", "py plies", "8", PY_LOWER_CASTLING),
    ("scalachess__stackoverflow.pgn", "py fen", "r1bqk2r/pppp1ppp/2n2n2/1Bb1p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5", PY_TAGS_AND_MOVES),
    ("scalachess__stackoverflow.pgn", "py plies", "8", PY_TAGS_AND_MOVES),
    ("scalachess__weirddashes.pgn", "py games with errors", "0", "O‑O with U+2011 (non-breaking hyphen) is read as castling, 74 plies as scalachess expects; python-chess stops there"),
    ("scalachess__weirddashes.pgn", "py fen", "8/p6p/bp4p1/3Nk3/8/4Pr2/P6P/6K1 w - - 0 38", "O‑O with U+2011 is read as castling (see above)"),
    ("scalachess__weirddashes.pgn", "py plies", "74", "O‑O with U+2011 (non-breaking hyphen) is read as castling, 74 plies as scalachess expects; python-chess stops there"),
    ("scalachess__withdelimiters.pgn", "py games with errors", "1", "forum markup: [pgn] reads as an empty tag, [/pgn] is kept as text with an error; python-chess reads no move"),
    ("scalachess__withdelimiters.pgn", "py fen", "r1bkQb2/1ppnq3/p1nNp3/3pp1B1/3P4/2N5/PPP2PPP/R4RK1 b - - 8 17", "forum markup around the game (see above); the moves are read"),
    ("scalachess__withdelimiters.pgn", "py plies", "33", "forum markup: [pgn] reads as an empty tag, [/pgn] is kept as text with an error; python-chess reads no move"),
    ("scalachess__withdelimitersonnewlines.pgn", "py games with errors", "1", "forum markup: [/pgn] after the moves is kept as text with an error; python-chess skips it silently"),
    ("chessops__headers-and-moves-on-the-same-line.pgn", "games (README column)", "3", EVENT_COUNT),
    ("chessops__leading-whitespace.pgn", "games (README column)", "4", EVENT_COUNT),
    ("chessops__pathological-headers.pgn", "games (README column)", "1", EVENT_COUNT),
    ("python-chess__antichess-programfox.pgn", "games (README column)", "2", EVENT_COUNT),
    ("python-chess__utf8-bom.pgn", "games (README column)", "2", EVENT_COUNT),
    ("scalachess__pgn-render-snapshot.pgn", "games (README column)", "15", EVENT_COUNT),
    ("scalachess__prod500standard-movetext.pgn", "games (README column)", "500", EVENT_COUNT),
    ("scalachess__prod50crazyhouse-movetext.pgn", "games (README column)", "50", EVENT_COUNT),
    ("scalachess__prod5threecheck-movetext.pgn", "games (README column)", "5", EVENT_COUNT),
    ("scalachess__uzchesscup-headers-only.pgn", "games (README column)", "45", EVENT_COUNT),
];

/// Rows whose stated expectation cannot be checked by a program, and why.
/// (The python-chess column of these rows is still checked.)
const UNVERIFIABLE: &[(&str, &str)] = &[
    (
        "python-chess__game-starting-comment-1.pgn",
        "the expected comments are elided in the index (`game.comments == [...]`)",
    ),
    (
        "python-chess__game-starting-comment.pgn",
        "the expected comments are elided in the index (`game.comments == [...]`)",
    ),
];

// ---------------------------------------------------------------------------
// Facts about what we read.
// ---------------------------------------------------------------------------

/// One comparison: what, the expectation, and what we do.
struct Check {
    what: String,
    expected: String,
    ours: String,
}

fn check(what: impl Into<String>, expected: impl Into<String>, ours: impl Into<String>) -> Check {
    Check { what: what.into(), expected: expected.into(), ours: ours.into() }
}

fn end_node(g: &Game) -> NodeId {
    g.mainline().last().copied().unwrap_or(g.root())
}

fn end_fen(g: &Game) -> String {
    g.fen(end_node(g))
}

fn first_error(g: &Game) -> Option<String> {
    g.diagnostics().iter().find(|d| d.severity == Severity::Error).map(|d| d.message.clone())
}

/// "none", or the first error of the first game that has one.
fn errors_summary(games: &[Game]) -> String {
    games
        .iter()
        .enumerate()
        .find_map(|(i, g)| first_error(g).map(|e| format!("game {}: {e}", i + 1)))
        .unwrap_or_else(|| "none".into())
}

/// The main line in canonical SAN (`--` for null moves), or the first error
/// when there is no move at all.
fn mainline_sans(g: &Game) -> String {
    let sans: Vec<String> = g.mainline().iter().map(|&n| g.san(n)).collect();
    if sans.is_empty() {
        match first_error(g) {
            Some(e) => format!("no moves ({e})"),
            None => "no moves".into(),
        }
    } else {
        sans.join(" ")
    }
}

fn uci(g: &Game, n: NodeId) -> String {
    match g.kind(n) {
        NodeKind::Move(m) => UciMove::from_move(m, g.castling_mode()).to_string(),
        NodeKind::Null => "0000".into(),
        NodeKind::Root => "none".into(),
    }
}

fn comments_after(g: &Game, n: NodeId) -> String {
    list(g.comments_after(n).map(str::trim))
}

fn comments_before(g: &Game, n: NodeId) -> String {
    list(g.comments_before(n).map(str::trim))
}

fn list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(", "))
}

/// The n-th variation (0-based, not counting the main line) to a node's
/// main-line continuation: the node that starts it.
fn variation(g: &Game, parent: NodeId, n: usize) -> Option<NodeId> {
    g.children(parent).nth(n + 1)
}

/// A node's move labelled as a chess player writes it: "12. Nf3", "12... Nf6".
fn labelled(g: &Game, n: NodeId) -> String {
    let (num, white) = g.move_number(n);
    if white {
        format!("{num}. {}", g.san(n))
    } else {
        format!("{num}... {}", g.san(n))
    }
}

fn export(g: &Game) -> String {
    write_game(g, &ExportOptions::default())
}

/// Movetext tokens for comparing moves and variations: move numbers and
/// white space dropped, parentheses apart, suffix marks kept.
fn move_tokens(s: &str) -> Vec<String> {
    let spaced = s.replace('(', " ( ").replace(')', " ) ");
    spaced
        .split_whitespace()
        .filter_map(|t| {
            let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            (!t.is_empty()).then(|| t.to_string())
        })
        .collect()
}

/// The movetext of an export (after the tag section).
fn export_movetext(s: &str) -> &str {
    s.split_once("\n\n").map_or(s, |(_, m)| m).trim_end()
}

/// Our export with variations nested deeper than `depth` removed.
fn without_nested(s: &str, depth: usize) -> String {
    let mut out = String::new();
    let mut d = 0usize;
    for c in s.chars() {
        match c {
            '(' => {
                d += 1;
                if d <= depth {
                    out.push(c);
                }
            }
            ')' => {
                if d <= depth {
                    out.push(c);
                }
                d = d.saturating_sub(1);
            }
            _ if d <= depth => out.push(c),
            _ => {}
        }
    }
    out
}

/// Where two token lists first differ, in a few words (or "same").
fn token_difference(ours: &[String], expected: &[String]) -> String {
    let at = ours.iter().zip(expected).take_while(|(a, b)| a == b).count();
    if at == ours.len() && at == expected.len() {
        return "same".into();
    }
    let ctx = |v: &[String]| v[at.min(v.len())..(at + 3).min(v.len())].join(" ");
    format!("token {}: ours `{}`, expected `{}`", at + 1, ctx(ours), ctx(expected))
}

/// Does `needle` occur as a run in `hay`?
fn contains_run(hay: &[String], needle: &[String]) -> bool {
    needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle)
}

/// Finds a node anywhere in the tree whose SAN (without `+`/`#`) is `san`,
/// in the main line or not as asked.
fn find_move(g: &Game, san: &str, on_mainline: Option<bool>) -> Option<NodeId> {
    let mut stack = vec![g.root()];
    let mut order = Vec::new();
    while let Some(n) = stack.pop() {
        order.push(n);
        let kids: Vec<NodeId> = g.children(n).collect();
        stack.extend(kids.into_iter().rev());
    }
    order
        .into_iter()
        .skip(1)
        .find(|&n| g.san(n).trim_end_matches(['+', '#']) == san && on_mainline.is_none_or(|m| g.is_mainline(n) == m))
}

fn mainline_nags(g: &Game) -> String {
    let nags: Vec<String> = g.mainline().iter().flat_map(|&n| g.nags(n).iter().map(|x| x.to_string())).collect();
    format!("[{}]", nags.join(", "))
}

fn result_word(r: &str) -> &str {
    match r {
        "1-0" => "white wins",
        "0-1" => "black wins",
        "1/2-1/2" => "draw",
        _ => "unknown",
    }
}

fn variant_name(g: &Game) -> String {
    match g.variant() {
        Variant::Standard => "Standard".into(),
        Variant::Chess960 => "Chess960".into(),
        #[cfg(feature = "variants")]
        Variant::Lichess { variant, chess960: false } => variant.name().into(),
        #[cfg(feature = "variants")]
        Variant::Lichess { variant, chess960: true } => format!("{}960", variant.name()),
        Variant::Unsupported(v) => format!("{v} (kept as text)"),
    }
}

// ---------------------------------------------------------------------------
// The python-chess column: "N games[, K with errors (first: ...)];
// mainline plies P; end FEN F" for the first game.
// ---------------------------------------------------------------------------

fn python_chess_checks(text: &str, games: &[Game]) -> Vec<Check> {
    let mut out = Vec::new();
    let text = text.trim();
    if text.is_empty() {
        return out;
    }
    let count = |s: &str| s.split(|c: char| !c.is_ascii_digit()).next().and_then(|n| n.parse::<usize>().ok());
    if let Some(n) = count(text) {
        out.push(check("py games", n.to_string(), games.len().to_string()));
    }
    let with_errors = text
        .find(" with errors")
        .and_then(|i| text[..i].rsplit(", ").next())
        .and_then(|s| s.trim().parse::<usize>().ok())
        .unwrap_or(0);
    out.push(check(
        "py games with errors",
        with_errors.to_string(),
        games.iter().filter(|g| g.has_errors()).count().to_string(),
    ));
    let first = games.first();
    if let Some(p) = text.split("mainline plies ").nth(1).and_then(count) {
        out.push(check("py plies", p.to_string(), first.map_or("no game".into(), |g| g.mainline_plies().to_string())));
    }
    if let Some(fen) = text.split("end FEN ").nth(1) {
        if !fen.starts_with("n/a") {
            out.push(check("py fen", fen.trim(), first.map_or("no game".into(), end_fen)));
        }
    }
    out
}

// ---------------------------------------------------------------------------
// The origin's expectation: free text, read with simple patterns.
// ---------------------------------------------------------------------------

fn unescape_newlines(s: &str) -> String {
    s.replace("\\n", "\n")
}

/// The part of our export to compare with `expected`: the movetext, or as
/// many last lines as `expected` has when it holds tags.
fn export_tail(g: &Game, expected: &str) -> String {
    let out = export(g);
    if !expected.contains("\n\n") {
        return export_movetext(&out).to_string();
    }
    let out = out.trim_end_matches('\n');
    let lines = expected.lines().count().max(1);
    let all: Vec<&str> = out.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// Checks for the origin's expectation; clauses no pattern reads go to `unread`.
fn origin_checks(file: &str, origin: &str, games: &[Game], bytes: &[u8], unread: &mut Vec<String>) -> Vec<Check> {
    let origin = origin.trim();
    let mut out = Vec::new();
    if origin.is_empty() {
        return out;
    }
    let empty = Game::new();
    let g = games.first().unwrap_or(&empty);
    // Whole-text forms first: their text may hold "; ".
    if let Some(exp) = origin.strip_prefix("export ends with: ").or_else(|| origin.strip_prefix("export: ")) {
        let exp = unescape_newlines(exp);
        let tail = export_tail(g, &exp);
        let ours = if export(g).trim_end().ends_with(&exp) { exp.clone() } else { tail };
        out.push(check("export ends with", exp, ours));
        return out;
    }
    if let Some(exp) = origin.strip_prefix("export without inner: ") {
        // The line of play without its nested variation (python-chess skips
        // it when exporting): compare moves and parentheses.
        let ours = move_tokens(&without_nested(export_movetext(&export(g)), 1));
        let want = move_tokens(exp);
        out.push(check("moves without the inner variation", "same", token_difference(&ours, &want)));
        return out;
    }
    if origin == "render(parse(x)) == x" {
        let text = String::from_utf8_lossy(bytes);
        let want = move_tokens(text.split_once("\n\n").map_or(&*text, |(_, m)| m));
        let ours = move_tokens(export_movetext(&export(g)));
        out.push(check("export movetext", "same", token_difference(&ours, &want)));
        return out;
    }
    if origin == "round-trip should preserve tree" {
        let again = read_game(export(g).as_bytes());
        out.push(check(
            "export re-read",
            "same tree",
            equivalent(g, &again).map_or_else(|e| e, |_| "same tree".into()),
        ));
        return out;
    }
    if let Some(c) = per_file_checks(file, games) {
        return c;
    }
    for clause in origin.split("; ") {
        let c = clause.trim();
        let before = out.len();
        clause_checks(c, g, games, &mut out);
        if out.len() == before {
            unread.push(c.to_string());
        }
    }
    out
}

/// Expectations that name one file's particulars.
fn per_file_checks(file: &str, games: &[Game]) -> Option<Vec<Check>> {
    let empty = Game::new();
    let g = games.first().unwrap_or(&empty);
    let mut out = Vec::new();
    match file {
        // "survive: mainline e4 + variation d4 (0 errors); second: c4" covers
        // two files of the same origin test.
        "python-chess__variation-stack.pgn" => {
            out.push(check("main line", "e4", mainline_sans(g)));
            out.push(check("variation", "d4", variation(g, g.root(), 0).map_or("none".into(), |n| g.san(n))));
            out.push(check("errors", "none", errors_summary(games)));
        }
        "python-chess__variation-stack-1.pgn" => {
            out.push(check("main line", "c4", mainline_sans(g)));
        }
        "python-chess__errors.pgn" => {
            out.push(check("games", "2", games.len().to_string()));
            let errs = g.diagnostics().iter().filter(|d| d.severity == Severity::Error).count();
            out.push(check("game 1 errors", "1", errs.to_string()));
            out.push(check("game 1 main line", "e4", mainline_sans(g)));
            out.push(check("game 1 fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", end_fen(g)));
            out.push(check("game 2 main line", "a3", games.get(1).map_or("no game".into(), mainline_sans)));
        }
        _ => return None,
    }
    Some(out)
}

fn parse_count(s: &str) -> Option<usize> {
    s.trim().split([' ', ',']).next()?.parse().ok()
}

fn clause_checks(c: &str, g: &Game, games: &[Game], out: &mut Vec<Check>) {
    let tag = |name: &str| g.tag(name).map_or("(no tag)".to_string(), str::to_string);
    let before = out.len();
    if c == "game.comments == [...]" {
        // The expected list is elided in the index: nothing to compare.
        return;
    }
    // Positions.
    if let Some(fen) = c.strip_prefix("final FEN ") {
        out.push(check("fen", fen, end_fen(g)));
        return;
    }
    // Errors.
    match c {
        "must be REJECTED (throws)" | "error" | "ParserTest: should fail/flag as standard" => {
            out.push(check(
                "rejected",
                "an error",
                if games.iter().any(Game::has_errors) { "an error".to_string() } else { "no error".into() },
            ));
            return;
        }
        "strict parser must REJECT, permissive must accept"
        | "ParserTest: parse ok"
        | "ParserTest: lenient: still parse"
        | "no errors"
        | "parsing ok" => {
            out.push(check("errors", "none", errors_summary(games)));
            return;
        }
        "board from FEN" => {
            out.push(check("start position", tag("FEN"), g.fen(g.root())));
            return;
        }
        _ => {}
    }
    // Plies.
    let plies = c
        .strip_prefix("ParserTest: mainline ")
        .or_else(|| c.strip_suffix(" plies"))
        .or_else(|| c.strip_prefix("mainline "));
    if let Some(rest) = plies {
        if rest == "size == token count" {
            return;
        }
        if let Some(n) = parse_count(rest) {
            out.push(check("plies", n.to_string(), g.mainline_plies().to_string()));
            if let Some(t) = rest.split(", ").nth(1).and_then(|t| t.strip_suffix(" tags")) {
                out.push(check("tags", t, g.tags().count().to_string()));
            }
            return;
        }
    }
    // Results.
    let result = match c {
        "ParserTest: draw" => Some("draw"),
        "ParserTest: white wins" | "ParserTest: Result \"+--\" => white wins" => Some("white wins"),
        _ => c
            .strip_prefix("ParserTest: Result ")
            .or_else(|| c.strip_prefix("headers Result == "))
            .or_else(|| c.strip_prefix("Result defaults "))
            .or_else(|| c.strip_prefix("Result "))
            .or_else(|| c.strip_prefix("ParserTest: ").filter(|r| matches!(*r, "1-0" | "0-1" | "1/2-1/2")))
            .map(result_word),
    };
    if let Some(r) = result {
        out.push(check("result", r, result_word(export_result(g))));
        return;
    }
    // Tags.
    if let Some(y) = c.strip_prefix("ParserTest: year ") {
        out.push(check("Date year", y, tag("Date").chars().take(4).collect::<String>()));
        return;
    }
    if let Some(v) =
        c.strip_prefix("ParserTest: variant ").or_else(|| c.strip_prefix("ParserTest: values trimmed: Variant="))
    {
        out.push(check("variant", v, variant_name(g)));
        return;
    }
    if c == "ParserTest: treat as standard or reject" {
        let ours = if games.iter().any(Game::has_errors) { "rejected".to_string() } else { variant_name(g) };
        out.push(check("variant", "Standard or rejected", ours));
        return;
    }
    let tag_eq = c.strip_prefix("ParserTest: ").unwrap_or(c).split_once(" == ").map(|(n, v)| {
        (n.trim_start_matches("headers[\"").trim_end_matches("\"]").to_string(), v.trim_matches('"').to_string())
    });
    if let Some((name, value)) = tag_eq {
        out.push(check(format!("tag {name}"), value, tag(&name)));
        return;
    }
    // Comments and NAGs.
    if let Some((san, rest)) =
        c.split_once(" [").filter(|(san, rest)| *san != "root" && !san.contains(" ") && rest.ends_with("]"))
    {
        // "d4 [test 3,test 4]": the comments after a move.
        let want = format!("[{}", rest.replace(",", ", "));
        out.push(check(
            format!("comments of {san}"),
            want,
            find_move(g, san, Some(true)).map_or("no such move".into(), |n| comments_after(g, n)),
        ));
        return;
    }
    if let Some(rest) = c.strip_prefix("root ").or_else(|| c.strip_prefix("ParserTest: root comments ")) {
        out.push(check(
            "comments before the first move",
            rest.replace(",", ", ").replace(",  ", ", "),
            comments_after(g, g.root()),
        ));
        return;
    }
    if let Some(rest) = c.strip_prefix("ParserTest: root comment ") {
        out.push(check(
            "comments before the first move",
            format!("[{}]", rest.trim_matches('"')),
            comments_after(g, g.root()),
        ));
        return;
    }
    if let Some(rest) = c.strip_prefix("game.comments=") {
        out.push(check("comments before the first move", rest.replace('"', ""), comments_after(g, g.root())));
        return;
    }
    if let Some(rest) =
        c.strip_prefix("variation comments ").or_else(|| c.strip_prefix("ParserTest: variation comments "))
    {
        let want = format!(
            "[{}]",
            rest.trim_matches(['[', ']']).split(',').map(|s| s.trim().trim_matches('"')).collect::<Vec<_>>().join(", ")
        );
        let node = g.main_child(g.root()).and_then(|_| variation(g, g.root(), 0));
        out.push(check(
            "comments before the first move of the variation",
            want,
            node.map_or("no variation".into(), |n| comments_before(g, n)),
        ));
        return;
    }
    if let Some((who, rest)) = c.split_once(" starting_comments=").or_else(|| c.split_once(" comments=")) {
        let want = rest.replace('"', "").replace(",", ", ");
        let starting = c.contains("starting_comments");
        let node = find_move(g, who, if starting { Some(false) } else { None });
        let ours =
            node.map_or("no such move".into(), |n| if starting { comments_before(g, n) } else { comments_after(g, n) });
        out.push(check(format!("comments of {who}"), want, ours));
        return;
    }
    if let Some(rest) = c.strip_prefix("nags: ") {
        let want: Vec<String> = rest
            .split(", ")
            .map(|n| match n {
                "GOOD_MOVE" => "1".to_string(),
                "MISTAKE" => "2".into(),
                "BRILLIANT_MOVE" => "3".into(),
                "BLUNDER" => "4".into(),
                "SPECULATIVE" | "SPECULATIVE_MOVE" => "5".into(),
                "DUBIOUS" | "DUBIOUS_MOVE" => "6".into(),
                other => other.into(),
            })
            .collect();
        out.push(check("NAGs of the main line", format!("[{}]", want.join(", ")), mainline_nags(g)));
        return;
    }
    if c.contains(" -> $") {
        for part in c.split(", ") {
            if let Some((san, nag)) = part.split_once(" -> $") {
                let ours = find_move(g, san, Some(true)).map_or("no such move".into(), |n| format!("{:?}", g.nags(n)));
                out.push(check(format!("NAGs of {san}"), format!("[{nag}]"), ours));
            }
        }
        return;
    }
    match c {
        "move glyph good, position unclear" => {
            let ours = g.main_child(g.root()).map_or_else(|| mainline_sans(g), |n| format!("{:?}", g.nags(n)));
            out.push(check("NAGs of the first move", "[1, 13]", ours));
            return;
        }
        "blunder + unclear" => {
            let ours = g.main_child(g.root()).map_or_else(|| mainline_sans(g), |n| format!("{:?}", g.nags(n)));
            out.push(check("NAGs of the first move", "[4, 13]", ours));
            return;
        }
        _ => {}
    }
    // Moves.
    if let Some(m) = c.strip_prefix("first move ").or_else(|| c.strip_prefix("move ")) {
        out.push(check("first move", m, g.main_child(g.root()).map_or_else(|| mainline_sans(g), |n| uci(g, n))));
        return;
    }
    if let Some(m) = c.strip_prefix("last move ") {
        out.push(check("last move", m, g.mainline().last().map_or_else(|| mainline_sans(g), |&n| uci(g, n))));
        return;
    }
    if let Some(m) = c.strip_prefix("first SAN ") {
        out.push(check("first move", m, g.main_child(g.root()).map_or_else(|| mainline_sans(g), |n| g.san(n))));
        return;
    }
    if let Some(m) = c.strip_prefix("only move ") {
        out.push(check("main line", m, mainline_sans(g)));
        return;
    }
    if c == "one move" {
        out.push(check("plies", "1", g.mainline_plies().to_string()));
        return;
    }
    if let Some(rest) = c.strip_prefix("SAN ").or_else(|| c.contains(" nags [").then_some(c)) {
        // "SAN O-O-O, O-O", "SAN O-O-O nags [3]", "O-O-O# nags [4]".
        if let Some((san, nags)) = rest.split_once(" nags ") {
            let ours = find_move(g, san.trim_end_matches(['+', '#']), Some(true))
                .map_or_else(|| mainline_sans(g), |n| format!("{:?}", g.nags(n)));
            out.push(check(format!("NAGs of {san}"), nags, ours));
        } else {
            out.push(check("main line", rest.replace(", ", " "), mainline_sans(g)));
        }
        return;
    }
    if let Some((n, rest)) = c.split_once(" SANs: ") {
        let want = rest.replace("null", "--");
        out.push(check("plies", n, g.mainline_plies().to_string()));
        out.push(check("main line", want, mainline_sans(g)));
        return;
    }
    if let Some(rest) = c.strip_prefix("ends in checkmate ") {
        out.push(check(
            "last move",
            rest.replace("...", "... "),
            g.mainline().last().map_or("no moves".into(), |&n| labelled(g, n)),
        ));
        return;
    }
    if c == "each token parses as castling" {
        // Checked token by token below, where the file's text is at hand.
        return;
    }
    // Games.
    match c {
        "exactly 1 game" => out.push(check("games", "1", games.len().to_string())),
        "no game (None)" | "viewer shows start position" => out.push(check("games", "0", games.len().to_string())),
        _ => {}
    }
    if out.len() > before {
        return;
    }
    if let Some((n, rest)) = c.split_once(" games: first moves ") {
        out.push(check("games", n, games.len().to_string()));
        let ours: Vec<String> =
            games.iter().map(|g| g.main_child(g.root()).map_or("none".into(), |m| g.san(m))).collect();
        out.push(check("first moves", rest, ours.join(", ")));
        return;
    }
    if let Some((n, rest)) = c.split_once(" games (") {
        out.push(check("games", n, games.len().to_string()));
        let want = rest.split(')').next().unwrap_or("");
        let ours: Vec<String> = games.iter().map(|g| format!("Event {}", g.tag("Event").unwrap_or("?"))).collect();
        out.push(check("events", want, ours.join(", ")));
        return;
    }
    if let Some(rest) = c.strip_prefix("variation ") {
        if let Some((sans, tail)) = rest.split_once(" has NAG ") {
            // "6...Bb6 has NAG 5 and comment "..."" (the comment in Python's notation).
            let san = sans.rsplit('.').next().unwrap_or(sans);
            let node = find_move(g, san, Some(false));
            let (nag, comment) = tail.split_once(" and comment ").unwrap_or((tail, ""));
            out.push(check(
                format!("NAGs of {san}"),
                format!("[{nag}]"),
                node.map_or("no such move".into(), |n| format!("{:?}", g.nags(n))),
            ));
            let want = comment.trim_matches('"').replace("\\n", "\n").replace("\\\\", "\\");
            out.push(check(
                format!("comment of {san}"),
                format!("{want:?}"),
                node.map_or("no such move".into(), |n| {
                    format!("{:?}", g.comments_after(n).collect::<Vec<_>>().join(""))
                }),
            ));
        } else {
            // "1...Nf6 2.c4 (2.Nf3 g6 3.g3)": these moves and variations appear.
            let ours = move_tokens(export_movetext(&export(g)));
            let want = move_tokens(rest);
            out.push(check(
                "variation",
                "present",
                if contains_run(&ours, &want) { "present".into() } else { ours.join(" ") },
            ));
        }
        return;
    }
    if let Some(sans) = c.strip_suffix(" mainline") {
        out.push(check("main line", sans, mainline_sans(g)));
        return;
    }
    if let Some(sans) = c.strip_suffix(" variation") {
        let node = variation(g, g.root(), 0);
        let mut line = Vec::new();
        let mut cur = node;
        while let Some(n) = cur {
            line.push(g.san(n));
            cur = g.main_child(n);
        }
        out.push(check("variation", sans, line.join(" ")));
        return;
    }
    if let Some((variant, fen)) = c.split_once(": after ") {
        // "Atomic: after Ne6 FEN ..."
        let fen = fen.split_once(" FEN ").map_or("", |x| x.1);
        out.push(check("variant", variant, variant_name(g)));
        out.push(check("fen", fen, end_fen(g)));
        return;
    }
    if c == "Event/White tags read" {
        out.push(check("tag Event", "present", if g.tag("Event").is_some() { "present" } else { "absent" }));
        out.push(check("tag White", "present", if g.tag("White").is_some() { "present" } else { "absent" }));
        return;
    }
    if let Some(m) = c.strip_prefix("1 move ") {
        out.push(check("main line", m, mainline_sans(g)));
        return;
    }
    if c == "Event" || c == "White/Black tags, 2 plies" {
        let names: &[&str] = if c == "Event" { &["Event"] } else { &["White", "Black"] };
        for n in names {
            out.push(check(format!("tag {n}"), "present", if g.tag(n).is_some() { "present" } else { "absent" }));
        }
        if c.ends_with("2 plies") {
            out.push(check("plies", "2", g.mainline_plies().to_string()));
        }
        return;
    }
    if let Some(v) = c.strip_prefix("value ") {
        // "value 5400/40+30:1800+30 (scalachess strips)": the TimeControl value.
        let v = v.split(" (").next().unwrap_or(v);
        out.push(check("tag TimeControl", v, tag("TimeControl")));
        return;
    }
    if c.contains(", Arnold ") {
        out.push(check("tag Black", c, tag("Black")));
        return;
    }
    if let Some((name, value)) = c.split_once('=') {
        if !name.contains(' ') || name == "the" {
            let value = if value.len() >= 2 && value.starts_with('"') && value.ends_with('"') {
                &value[1..value.len() - 1]
            } else {
                value
            };
            out.push(check(format!("tag {name}"), value, tag(name)));
        }
    }
}

/// Tokens that must each read as castling.
fn castling_tokens(bytes: &[u8]) -> Vec<Check> {
    let text = String::from_utf8_lossy(bytes);
    let bad: Vec<&str> = text.split_whitespace().filter(|t| !reads_as_castling(t)).collect();
    vec![check("tokens not read as castling", "none", if bad.is_empty() { "none".to_string() } else { bad.join(" ") })]
}

/// Whether `token` is read as castling, as White's first move in a
/// position where both castlings are legal.
fn reads_as_castling(token: &str) -> bool {
    let pgn = format!("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. {token} *\n");
    let game = read_game(pgn.as_bytes());
    let first = game.children(game.root()).next();
    first.is_some_and(|n| game.mv(n).is_some_and(|m| m.is_castle()))
}

/// "mainline size == token count": a bare list of moves, one per word.
fn token_count(bytes: &[u8]) -> usize {
    String::from_utf8_lossy(bytes).split_whitespace().filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*")).count()
}

// ---------------------------------------------------------------------------
// The top-level files: the README's table (games counted by [Event] tags)
// and what its notes state.
// ---------------------------------------------------------------------------

fn readme_checks(file: &str, games_column: usize, games: &[Game]) -> Vec<Check> {
    let mut out = Vec::new();
    out.push(check("games (README column)", games_column.to_string(), games.len().to_string()));
    let empty = Game::new();
    let g = games.first().unwrap_or(&empty);
    let tag_in_some = |name: &str, value: &str| {
        let ours = if games.iter().any(|g| g.tag(name) == Some(value)) { value.to_string() } else { "absent".into() };
        check(format!("some game has [{name} \"{value}\"]"), value, ours)
    };
    let each_mainline = |want: &str| {
        let ours: BTreeSet<String> = games.iter().map(mainline_sans).collect();
        check("main line of each game", want, ours.into_iter().collect::<Vec<_>>().join(" | "))
    };
    match file {
        "chessops__headers-and-moves-on-the-same-line.pgn" => {
            out.push(check("games (notes)", "3", games.len().to_string()));
            out.push(each_mainline("e3 e6 b4 Bxb4 Qg4"));
        }
        "chessops__leading-whitespace.pgn" => {
            out.push(check("games (notes)", "4", games.len().to_string()));
            out.push(each_mainline("e4 e5 Nf3 Nc6 Bb5"));
        }
        "chessops__pathological-headers.pgn" => {
            for (name, value) in [
                ("A", "b\""),
                ("B", "b\""),
                ("C", "A]]"),
                ("D", "A]]["),
                ("E", "\"A]][\""),
                ("F", "\"A]][\"\\"),
                ("G", "\"]"),
            ] {
                out.push(check(format!("tag {name}"), value, g.tag(name).unwrap_or("(no tag)")));
            }
        }
        "mliebelt-pgn-parser__32games-lichess-2013.pgn" => {
            let wins = games.iter().filter(|g| g.tag("Result") == Some("1-0")).count();
            out.push(check("games with Result 1-0", "22", wins.to_string()));
            let players: BTreeSet<&str> =
                games.iter().flat_map(|g| [g.tag("White").unwrap_or("?"), g.tag("Black").unwrap_or("?")]).collect();
            out.push(check("unique players", "38", players.len().to_string()));
        }
        "mliebelt-pgn-parser__benko.pgn" => out.push(tag_in_some("WhiteElo", "")),
        "mliebelt-pgn-parser__sampleGames-carlsen-2001.pgn" => out.push(tag_in_some("BlackElo", "0")),
        "python-chess__anastasian-lewis.pgn" => {
            out.push(check("fen", "5rk1/2p1R2p/p5pb/2PPR3/8/2Q2B2/5P2/4K2q w - - 3 43", end_fen(g)));
        }
        "python-chess__antichess-programfox.pgn" => out.push(tag_in_some("Variant", "Antichess")),
        "python-chess__chessbase-empty-line.pgn" => out.push(check("games (notes)", "1", games.len().to_string())),
        "python-chess__cutechess-fischerrandom.pgn" => {
            let ours: BTreeSet<String> = games.iter().map(variant_name).collect();
            out.push(check("variant of each game", "Chess960", ours.into_iter().collect::<Vec<_>>().join(", ")));
            out.push(check("errors", "none", errors_summary(games)));
        }
        "python-chess__immortal-games-invalid-utf8-crlf.pgn" => {
            let ambiguous =
                g.diagnostics().iter().find(|d| d.severity == Severity::Error && d.message.contains("ambiguous"));
            let named = ambiguous.is_some_and(|d| ["5... Nd7", "b8", "f6"].iter().all(|w| d.message.contains(w)));
            out.push(check(
                "game 1: 5...Nd7 reported as ambiguous (knights on b8 and f6)",
                "reported",
                if named { "reported".to_string() } else { errors_summary(games) },
            ));
            // The source has ambiguous moves in four games, nothing else wrong.
            let errors: Vec<String> = games
                .iter()
                .flat_map(|g| g.diagnostics().iter().filter(|d| d.severity == Severity::Error))
                .filter(|d| !d.message.contains("ambiguous"))
                .map(|d| d.to_string())
                .collect();
            out.push(check(
                "errors other than ambiguous moves",
                "none",
                if errors.is_empty() { "none".to_string() } else { errors.join("; ") },
            ));
            out.push(check("games with errors", "4", games.iter().filter(|g| g.has_errors()).count().to_string()));
        }
        "python-chess__kasparov-deep-blue-1997.pgn" => {
            let result = |i: usize| games.get(i).map_or("no game", |g| result_word(export_result(g)));
            out.push(check("games 3 and 5", "draw, draw", format!("{}, {}", result(2), result(4))));
        }
        "python-chess__molinari-bordais-1979.pgn" => {
            out.push(check("last move", "Nd3#", g.mainline().last().map_or("none".into(), |&n| g.san(n))));
        }
        "python-chess__nepomniachtchi-liren-game1.pgn" => {
            out.push(tag_in_some("TimeControl", "40/7200:20/3600:900+30"))
        }
        "python-chess__stockfish-learning.pgn" => {
            out.push(tag_in_some("Opening", "St. George (Baker) defense"));
            out.push(check("fen", "8/2p2k2/1pR3p1/1P1P4/p1P2P2/P4K2/8/5r2 w - - 7 78", end_fen(g)));
        }
        "python-chess__uci-moves.pgn" => out.push(check("fen", "8/8/2B5/4k3/4Pp2/1b6/1P3K2/8 b - - 0 57", end_fen(g))),
        "python-chess__utf8-bom.pgn" => {
            out.push(check("games (notes)", "2", games.len().to_string()));
            out.push(each_mainline("no moves"));
        }
        "python-chess__variations-nags-and-comments.pgn" => {
            let mut nags = BTreeSet::new();
            let mut stack = vec![g.root()];
            while let Some(n) = stack.pop() {
                nags.extend(g.nags(n).iter().copied());
                stack.extend(g.children(n));
            }
            let want: BTreeSet<u8> = [2, 4, 10, 16].into();
            out.push(check(
                "NAGs $2/$4/$16/$10 present",
                "yes",
                if want.is_subset(&nags) { "yes".to_string() } else { format!("{nags:?}") },
            ));
            out.push(check("comments before the first move", "[Main opening:]", comments_after(g, g.root())));
        }
        "scalachess__FWWRC-2024-headers-only.pgn" => {
            out.push(tag_in_some("TimeControl", "15 min. + 10 s. per move"));
            let moves: usize = games.iter().map(Game::mainline_plies).sum();
            out.push(check("moves in all games", "0", moves.to_string()));
        }
        "scalachess__pgn-render-snapshot.pgn" => {
            out.push(check("games (notes: 15 fixtures)", "15", games.len().to_string()))
        }
        "scalachess__prod500standard-movetext.pgn" => {
            out.push(check("games (notes)", "500", games.len().to_string()));
            out.push(check("errors", "none", errors_summary(games)));
        }
        "scalachess__prod50crazyhouse-movetext.pgn" => out.push(check("games (notes)", "50", games.len().to_string())),
        "scalachess__prod5threecheck-movetext.pgn" => out.push(check("games (notes)", "5", games.len().to_string())),
        "scalachess__uzchesscup-headers-only.pgn" => {
            let rounds = games.iter().filter(|g| g.tag("Round").is_some()).count();
            out.push(check("every game starts at its [Round] tag", games.len().to_string(), rounds.to_string()));
        }
        _ => {}
    }
    out
}

// ---------------------------------------------------------------------------
// The test.
// ---------------------------------------------------------------------------

/// What happened to one file.
struct FileReport {
    file: String,
    checks: Vec<Check>,
    diagnostics: String,
}

fn read_all(bytes: &[u8]) -> Result<Vec<Game>, String> {
    catch_unwind(AssertUnwindSafe(|| GameReader::new(bytes).collect::<Vec<_>>())).map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panic".into())
    })
}

fn diagnostics_of(games: &[Game]) -> String {
    let mut s = String::new();
    for (i, g) in games.iter().enumerate() {
        for d in g.diagnostics() {
            s.push_str(&format!("    game {} {d}\n", i + 1));
        }
    }
    s
}

#[test]
fn corpus_expectations() {
    let Some(dir) = corpus() else {
        eprintln!("corpus not found at ../shared/corpus: skipped");
        return;
    };
    let mut reports: Vec<FileReport> = Vec::new();
    let mut panics: Vec<String> = Vec::new();
    let mut unverifiable_seen = BTreeSet::new();
    let mut unread_rows = Vec::new();

    // The edge cases.
    let index = std::fs::read_to_string(dir.join("edge-cases/INDEX.tsv")).expect("INDEX.tsv");
    let mut lines = index.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let col =
        |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("INDEX.tsv has no column {name}"));
    let (c_file, c_origin, c_py) = (col("file"), col("expected_by_origin_test"), col("python_chess_1.11.2"));
    let mut rows = 0;
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        let Some(&file) = f.get(c_file) else { continue };
        rows += 1;
        let origin = f.get(c_origin).copied().unwrap_or("");
        let py = f.get(c_py).copied().unwrap_or("");
        let bytes = std::fs::read(dir.join("edge-cases").join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let games = match read_all(&bytes) {
            Ok(g) => g,
            Err(p) => {
                panics.push(format!("{file}: {p}"));
                continue;
            }
        };
        let mut checks = python_chess_checks(py, &games);
        let mut unread = Vec::new();
        let mut own = match origin.trim() {
            "each token parses as castling" => castling_tokens(&bytes),
            "ParserTest: mainline size == token count" => {
                vec![check(
                    "plies",
                    token_count(&bytes).to_string(),
                    games.first().map_or(0, Game::mainline_plies).to_string(),
                )]
            }
            _ => origin_checks(file, origin, &games, &bytes, &mut unread),
        };
        if UNVERIFIABLE.iter().any(|(f, _)| *f == file) {
            unverifiable_seen.insert(file.to_string());
            if unread.is_empty() {
                unread_rows.push(format!(
                    "{file}: listed as unverifiable, but its expectation is now checked: remove it from UNVERIFIABLE"
                ));
            }
        } else if !unread.is_empty() {
            unread_rows.push(format!(
                "{file}: expectation `{}` not checked (add a pattern or list the row as unverifiable)",
                unread.join("; ")
            ));
        }
        checks.append(&mut own);
        reports.push(FileReport { file: file.to_string(), checks, diagnostics: diagnostics_of(&games) });
    }

    // The top-level files.
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("README.md");
    let mut top = 0;
    for line in readme.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 6 || !cells[1].ends_with(".pgn") {
            continue;
        }
        let file = cells[1];
        let Ok(games_column) = cells[4].parse::<usize>() else { continue };
        top += 1;
        let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let games = match read_all(&bytes) {
            Ok(g) => g,
            Err(p) => {
                panics.push(format!("{file}: {p}"));
                continue;
            }
        };
        reports.push(FileReport {
            file: file.to_string(),
            checks: readme_checks(file, games_column, &games),
            diagnostics: diagnostics_of(&games),
        });
    }

    // Compare.
    let mut used: BTreeMap<(&str, &str), bool> = DIFFERENCES.iter().map(|d| ((d.0, d.1), false)).collect();
    let mut failures: Vec<String> = Vec::new();
    // Entries for DIFFERENCES, to fill in with the reason once decided.
    let mut draft: Vec<String> = Vec::new();
    let (mut total, mut matched, mut explained) = (0, 0, 0);
    let mut matched_rows = 0;
    // MOVETEXT_CORPUS_CHECKS=1 lists every comparison made.
    let list_all = std::env::var_os("MOVETEXT_CORPUS_CHECKS").is_some();
    for r in &reports {
        if list_all {
            for c in &r.checks {
                eprintln!("{}: {}: expected `{}`, ours `{}`", r.file, c.what, c.expected, c.ours);
            }
        }
        let mut bad = Vec::new();
        let mut all_match = true;
        for c in &r.checks {
            total += 1;
            let listed = DIFFERENCES.iter().find(|d| d.0 == r.file && d.1 == c.what);
            if c.ours == c.expected {
                matched += 1;
                if listed.is_some() {
                    bad.push(format!(
                        "  {}: listed as a difference, but now matches `{}`: remove it from DIFFERENCES",
                        c.what, c.expected
                    ));
                    used.insert((listed.map_or("", |d| d.0), listed.map_or("", |d| d.1)), true);
                }
                continue;
            }
            all_match = false;
            match listed {
                Some(d) => {
                    used.insert((d.0, d.1), true);
                    if d.2 == c.ours {
                        explained += 1;
                    } else {
                        bad.push(format!(
                            "  {}: expected `{}`; listed as `{}`, but now `{}`",
                            c.what, c.expected, d.2, c.ours
                        ));
                    }
                }
                None => {
                    bad.push(format!("  {}: expected `{}`, ours `{}`", c.what, c.expected, c.ours));
                    draft.push(format!("    ({:?}, {:?}, {:?}, \"\"),", r.file, c.what, c.ours));
                }
            }
        }
        if all_match && !r.checks.is_empty() {
            matched_rows += 1;
        }
        if !bad.is_empty() {
            failures.push(format!(
                "{}\n{}\n  diagnostics:\n{}",
                r.file,
                bad.join("\n"),
                if r.diagnostics.is_empty() { "    none\n".into() } else { r.diagnostics.clone() }
            ));
        }
    }
    for ((file, what), seen) in &used {
        if !seen {
            failures.push(format!("{file}: listed difference `{what}` was not compared (file or check gone?)"));
        }
    }
    for (file, _) in UNVERIFIABLE {
        if !unverifiable_seen.contains(*file) {
            failures.push(format!("{file}: listed as unverifiable but not in INDEX.tsv"));
        }
    }
    failures.extend(unread_rows);
    failures.extend(panics.iter().map(|p| format!("PANIC {p}")));
    eprintln!(
        "corpus expectations: {rows} INDEX rows and {top} README files; {} files; {total} checks: {matched} met, {explained} explained differences; {} rows all met; {} rows unverifiable",
        reports.len(),
        matched_rows,
        UNVERIFIABLE.len()
    );
    assert!(rows > 400 && top > 25, "corpus smaller than expected: {rows} rows, {top} files");
    if !draft.is_empty() {
        failures.push(format!(
            "Unlisted differences, as DIFFERENCES entries (our value; the reason to be written):\n{}",
            draft.join("\n")
        ));
    }
    assert!(failures.is_empty(), "{} problems:\n\n{}", failures.len(), failures.join("\n"));
}
