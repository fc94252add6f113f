//! Comparing two games as export sees them, e.g. a game and the same game
//! exported and read again.

use crate::export::{export_result, tidy, SEVEN_TAGS};
use crate::game::Game;
use crate::lexer::{Kind, Lexer};

/// Compares two games as export sees them: tags, moves, NAGs, comments
/// (white space tidied), text kept unplayed and result. Returns the first
/// difference in words.
///
/// # Errors
///
/// The first difference found, in words.
///
/// # Examples
///
/// ```
/// use movetext_core::export::{write_game, ExportOptions};
/// use movetext_core::{equivalent, read_game};
///
/// let game = read_game(b"1. e4 {a  comment} e5 (1... c5) *");
/// let again = read_game(write_game(&game, &ExportOptions::default()).as_bytes());
/// assert_eq!(equivalent(&game, &again), Ok(()));
/// assert!(equivalent(&game, &read_game(b"1. e4 e5 *")).is_err());
/// ```
pub fn equivalent(a: &Game, b: &Game) -> Result<(), String> {
    let ta: Vec<_> = a.tags().collect();
    let tb: Vec<_> = b.tags().collect();
    let mut sa = ta.clone();
    let mut sb = tb.clone();
    sa.sort();
    sb.sort();
    let fill = |v: &mut Vec<(&str, &str)>| {
        v.retain(|(n, val)| !(SEVEN_TAGS.contains(n) && (*val == "?" || *val == "????.??.??")));
        // Export writes the SetUp tag a FEN tag goes with.
        if v.iter().any(|t| t.0 == "FEN") && !v.iter().any(|t| t.0 == "SetUp") {
            v.push(("SetUp", "1"));
            v.sort();
        }
    };
    fill(&mut sa);
    fill(&mut sb);
    sa.retain(|t| t.0 != "Result");
    sb.retain(|t| t.0 != "Result");
    if sa != sb {
        return Err(format!("tags differ: {sa:?} / {sb:?}"));
    }
    if export_result(a) != export_result(b) {
        return Err(format!("results differ: {} / {}", export_result(a), export_result(b)));
    }
    let mut stack = vec![(a.root(), b.root())];
    while let Some((x, y)) = stack.pop() {
        let cx: Vec<_> = a.children(x).collect();
        let cy: Vec<_> = b.children(y).collect();
        if cx.len() != cy.len() {
            return Err(format!("after {} the number of continuations differs: {} / {}", a.san(x), cx.len(), cy.len()));
        }
        if a.kind(x) != b.kind(y) {
            return Err(format!("moves differ: {} / {}", a.san(x), b.san(y)));
        }
        if a.nags(x) != b.nags(y) {
            return Err(format!("NAGs of {} differ", a.san(x)));
        }
        let ca: Vec<String> =
            a.comments_before(x).chain(std::iter::once("|")).chain(a.comments_after(x)).map(tidy).collect();
        let cb: Vec<String> =
            b.comments_before(y).chain(std::iter::once("|")).chain(b.comments_after(y)).map(tidy).collect();
        if ca != cb {
            return Err(format!("comments of {} differ: {ca:?} / {cb:?}", a.san(x)));
        }
        if !a.escapes(x).eq(b.escapes(y)) {
            return Err(format!("escape lines after {} differ", a.san(x)));
        }
        let ua = a.unplayed(x).into_iter().chain(a.unplayed_variations(x)).map(tail_tokens).collect::<Vec<_>>();
        let ub = b.unplayed(y).into_iter().chain(b.unplayed_variations(y)).map(tail_tokens).collect::<Vec<_>>();
        if ua != ub {
            return Err(format!("text kept after {} differs: {ua:?} / {ub:?}", a.san(x)));
        }
        stack.extend(cx.into_iter().zip(cy));
    }
    Ok(())
}

/// The tokens of kept text, comments tidied: how kept text compares.
fn tail_tokens(s: &str) -> Vec<String> {
    Lexer::new(s.as_bytes(), 0)
        .filter(|t| t.kind != Kind::Escape)
        .map(|t| match t.kind {
            Kind::Comment { .. } | Kind::LineComment => tidy(&s[t.start..t.end]),
            _ => s[t.start..t.end].to_string(),
        })
        .collect()
}
