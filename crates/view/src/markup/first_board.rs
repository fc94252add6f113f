//! The first board: the page's layout around the board (the top bar's
//! name, the players' bars, the evaluation bar and the board with its
//! pieces) written into `index.html`, so that the page shows a position
//! before its module has arrived. The app replaces it when it starts;
//! `static/first-board.js` puts the position the tab showed last on it.
//!
//! It uses the app's own classes, so the style sheet lays it out where the
//! app's board will be, except the board's own (`board-shell` rather than
//! `board`, so that nothing waiting for the app's board takes it for one).

use std::fmt::Write;

use movetext_core::shakmaty::Color;

use crate::game::model::ViewGame;
use crate::markup::board_markup;
use crate::markup::eval_bar::eval_bar;
use crate::markup::pieces::PieceSet;
use crate::markup::player_bar::player_bar;
use crate::text::i18n::Lang;

/// The line before the first board in `index.html`.
pub const START: &str = "<!-- The first board, written by movetext_view::markup::first_board. -->";
/// The line after it.
pub const END: &str = "<!-- The end of the first board. -->";

/// The first board of `game` at its start, as the app shows it (White at
/// the bottom), in English.
pub fn first_board(game: &ViewGame) -> String {
    let mut out = String::with_capacity(24 * 1024);
    out.push_str(r#"<div class="first-board" id="first-board" aria-hidden="true">"#);
    out.push_str(r#"<header class="topbar"><span class="brand">Movetext</span></header>"#);
    out.push_str(r#"<main class="viewer"><section class="board-col">"#);
    out.push_str(&player_bar(game, 0, Color::Black, "top", true, Lang::En));
    out.push_str(r#"<div class="board-row">"#);
    if game.has_eval {
        out.push_str(&eval_bar(game.eval_at(0), false, Lang::En));
    }
    let board = game.node(0).board();
    let _ = write!(
        out,
        concat!(
            r#"<div class="board-shell">"#,
            r#"<svg class="board-svg" viewBox="0 0 800 800" aria-hidden="true" focusable="false">"#,
            r#"<defs>{}</defs><rect class="sq-light" x="0" y="0" width="800" height="800"/>"#,
            r#"<g class="squares">{}</g>"#,
            r#"<g class="coords">{}</g>"#,
            r#"<g class="pieces">{}</g></svg></div></div>"#
        ),
        board_markup::defs(PieceSet::Movetext),
        board_markup::dark_squares(false),
        board_markup::coordinates(false),
        board_markup::pieces(board, false, None, None),
    );
    out.push_str(&player_bar(game, 0, Color::White, "bottom", true, Lang::En));
    out.push_str("</section></main></div>");
    out
}

/// `page` (the text of `index.html`) with its first board replaced by
/// `board`; `None` when it has no place for one.
pub fn with_first_board(page: &str, board: &str) -> Option<String> {
    let start = page.find(START)? + START.len();
    let end = start + page[start..].find(END)?;
    Some(format!("{}\n{board}\n{}", &page[..start], &page[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::game_source::open_first_game;

    fn root() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// `index.html` holds the first board of the sample game as written
    /// here; `MOVETEXT_WRITE_FIRST_BOARD=1 cargo test -p movetext-view
    /// first_board` writes it again after a change to the board's markup.
    #[test]
    fn index_html_holds_the_sample_games_first_board() {
        let sample = std::fs::read(root().join("static/sample.pgn")).expect("the sample game");
        let board = first_board(&open_first_game(&sample));
        let path = root().join("index.html");
        let page = std::fs::read_to_string(&path).expect("index.html");
        let written = with_first_board(&page, &board).expect("index.html has a place for the first board");
        if std::env::var_os("MOVETEXT_WRITE_FIRST_BOARD").is_some() {
            std::fs::write(&path, &written).expect("index.html written");
            return;
        }
        assert!(
            written == page,
            "index.html's first board is not the sample's: write it again (see this test's comment)"
        );
    }

    #[test]
    fn the_first_board_holds_the_position_and_the_players() {
        let game =
            open_first_game(b"[White \"A <b>\"]\n[Black \"B\"]\n[FEN \"8/8/4k3/8/8/3K4/8/R6r w - - 0 1\"]\n\n1. Ra2 *");
        let board = first_board(&game);
        assert_eq!(board.matches(r#"class="piece""#).count(), 4);
        assert!(board.contains(r#"data-square="a1" data-piece="R""#));
        assert!(board.contains("A &lt;b&gt;"), "names are escaped");
        assert!(!board.contains("eval-bar"), "no evaluation bar without evaluations");
        assert!(!board.contains(r#"class="board""#) && !board.contains("data-fen"));
    }

    #[test]
    fn a_page_without_a_place_is_left_alone() {
        assert_eq!(with_first_board("<body></body>", "x"), None);
        let page = format!("a{START}\nold\n{END}b");
        assert_eq!(with_first_board(&page, "new").as_deref(), Some(format!("a{START}\nnew\n{END}b").as_str()));
    }
}
