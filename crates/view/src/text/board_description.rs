//! The position in words, for screen readers: each side's pieces and where
//! they stand, e.g. "White: king g1; queen d1; rooks a1 and f1; …", in the
//! reader's language (`board-*` messages of `locales/*.ftl`, shared with the
//! widget).

use movetext_core::role_name;
use movetext_core::shakmaty::{Board, Color, Role};

use crate::text::i18n::Lang;

/// The pieces in the order they are told.
const ROLES: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// Describes where every piece stands, in `lang`.
pub fn describe(board: &Board, lang: Lang) -> String {
    let side = |color: Color| {
        let groups: Vec<String> = ROLES
            .iter()
            .filter_map(|&role| {
                let squares: Vec<String> =
                    (board.by_color(color) & board.by_role(role)).into_iter().map(|sq| sq.to_string()).collect();
                let listed = match squares.split_last() {
                    None => return None,
                    Some((last, [])) => last.clone(),
                    Some((last, rest)) => lang.say("board-and", &[("rest", &rest.join(", ")), ("last", last)]),
                };
                let key = format!("board-{}-{}", role_name(role), lang.plural(squares.len() as u64));
                Some(lang.say(&key, &[("squares", &listed)]))
            })
            .collect();
        let name = lang.text(if color.is_white() { "side-white" } else { "side-black" });
        match groups
            .into_iter()
            .reduce(|before, next| lang.say("board-groups", &[("before", &before), ("next", &next)]))
        {
            None => lang.say("board-side-empty", &[("side", name)]),
            Some(pieces) => lang.say("board-side", &[("side", name), ("pieces", &pieces)]),
        }
    };
    format!("{} {}", side(Color::White), side(Color::Black))
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::shakmaty::fen::Fen;
    use movetext_core::shakmaty::CastlingMode;

    #[test]
    fn describes_each_piece() {
        let fen: Fen = "4k3/8/8/8/8/8/4PP2/R3K2R w KQ - 0 1".parse().unwrap();
        let pos: movetext_core::shakmaty::Chess = fen.into_position(CastlingMode::Standard).unwrap();
        use movetext_core::shakmaty::Position;
        assert_eq!(
            describe(pos.board(), Lang::En),
            "White: king e1; rooks a1 and h1; pawns e2 and f2. Black: king e8."
        );
        assert!(describe(&Board::new(), Lang::En).contains("pawns a2, b2, c2, d2, e2, f2, g2 and h2"));
    }

    #[test]
    fn describes_in_the_language() {
        crate::text::i18n::every_language();
        let fen: Fen = "r3k3/pp6/8/8/8/8/4PPP1/R3K1N1 w Q - 0 1".parse().unwrap();
        let pos: movetext_core::shakmaty::Chess = fen.into_position(CastlingMode::Standard).unwrap();
        use movetext_core::shakmaty::Position;
        assert_eq!(
            describe(pos.board(), Lang::De),
            "Weiß: König e1; Turm a1; Springer g1; Bauern e2, f2 und g2. Schwarz: König e8; Turm a8; Bauern a7 und b7."
        );
        assert_eq!(
            describe(pos.board(), Lang::Ru),
            "Белые: король e1; ладья a1; конь g1; пешки e2, f2 и g2. Чёрные: король e8; ладья a8; пешки a7 и b7."
        );
        assert_eq!(
            describe(pos.board(), Lang::Fr),
            "Blancs : roi e1 ; tour a1 ; cavalier g1 ; pions e2, f2 et g2. Noirs : roi e8 ; tour a8 ; pions a7 et b7."
        );
        assert!(describe(&Board::new(), Lang::Ru).contains("кони b1 и g1; пешки a2, b2, c2, d2, e2, f2, g2 и h2"));
        assert!(describe(&Board::new(), Lang::Es).contains("caballos b1 y g1; peones a2, b2"));
        assert_eq!(describe(&Board::empty(), Lang::De), "Weiß: keine Figuren. Schwarz: keine Figuren.");
    }
}
