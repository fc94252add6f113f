//! Moves made on the board, without a framework: what the pointer and the
//! keyboard do to it ([`Interaction`]) and what that adds to the drawing
//! (the piece picked up, its targets, the dragged piece, the keyboard's
//! cursor, an arrow being drawn, the promotion chooser), as markup.
//!
//! - The pointer picks up a piece by click or by drag and puts it down on
//!   a square; the right button draws arrows and marked squares.
//! - A board reached with Tab shows a cursor; the arrow keys move it over
//!   the squares as they appear on screen, Enter or Space picks up the
//!   piece under it and puts it down on a target, Escape puts it back; a
//!   promotion piece is chosen with Q, R, B or N (Enter: a queen).
//!
//! ```
//! use movetext_core::shakmaty::{Chess, Position, Square};
//! use movetext_view::game::board_interaction::{Interaction, Outcome};
//!
//! let legal: Vec<_> = Chess::default().legal_moves().into_iter().collect();
//! let mut hand = Interaction::default();
//! hand.press(&legal, (450.0, 650.0, Square::E2), 0, (false, false, false), false);
//! let made = hand.release(&legal, Some(Square::E4));
//! assert!(matches!(made, Outcome::Move(m) if m.to() == Square::E4));
//! ```

use std::fmt::Write;

use movetext_core::commands::MarkColor;
use movetext_core::role_name;
use movetext_core::shakmaty::{Board, CastlingSide, Color, File, Move, Rank, Role, Square};

use crate::markup::board_markup::{arrow_points, centre, corner};
use crate::markup::pieces::symbol_id;
use crate::text::i18n::Lang;

/// What the pointer and the keyboard are doing on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Interaction {
    /// The piece picked up (by click, at the start of a drag, or by key).
    pub selected: Option<Square>,
    /// A piece being dragged: where it is, in board units (0 to 800).
    pub drag: Option<(Square, f32, f32)>,
    /// A right-button drawing: from, the square under the pointer, colour.
    pub drawing: Option<(Square, Square, MarkColor)>,
    /// A promotion waiting for the piece to be chosen: from, to.
    pub promotion: Option<(Square, Square)>,
    /// The keyboard's square.
    pub cursor: Option<Square>,
}

/// What a press, a release or a key did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// Nothing for the game (the drawing may have changed).
    Nothing,
    /// A move was made.
    Move(Move),
    /// An arrow (two squares) or a marked square (the same one twice) was
    /// drawn with the right button.
    Drawn(Square, Square, MarkColor),
}

/// Where a move lands for the player: the king's square for castling is
/// also reached by dropping the king on its rook.
pub fn lands_on(m: &Move, to: Square) -> bool {
    match *m {
        Move::Castle { king, rook } => to == rook || to == castle_to(king, rook),
        _ => m.to() == to,
    }
}

/// The king's square after castling.
fn castle_to(king: Square, rook: Square) -> Square {
    CastlingSide::from_queen_side(rook < king).king_to(Color::from_white(king.rank() == Rank::First))
}

/// The colour of a drawing from the modifier keys, as players expect:
/// green, Shift red, Alt blue, Shift+Alt (or Ctrl) yellow.
pub fn draw_color(shift: bool, alt: bool, ctrl: bool) -> MarkColor {
    match (shift, alt || ctrl) {
        (false, false) => MarkColor::Green,
        (true, false) => MarkColor::Red,
        (false, true) => MarkColor::Blue,
        (true, true) => MarkColor::Yellow,
    }
}

/// The square `dx` files right and `dy` ranks up of `sq` on screen, if on
/// the board.
pub fn step(sq: Square, dx: i32, dy: i32, flipped: bool) -> Option<Square> {
    let (dx, dy) = if flipped { (-dx, -dy) } else { (dx, dy) };
    let file = i32::from(u8::from(sq.file())) + dx;
    let rank = i32::from(u8::from(sq.rank())) + dy;
    ((0..8).contains(&file) && (0..8).contains(&rank))
        .then(|| Square::from_coords(File::new(file as u32), Rank::new(rank as u32)))
}

/// Where the cursor starts: the king of the side to move.
pub fn start_square(board: &Board, legal: &[Move]) -> Square {
    let color =
        legal.first().and_then(|m| m.from()).and_then(|sq| board.piece_at(sq)).map_or(Color::White, |p| p.color);
    board.king_of(color).unwrap_or(Square::E2)
}

/// What a square holds, for screen readers.
pub fn square_words(board: &Board, sq: Square, lang: Lang) -> String {
    let square = sq.to_string();
    match board.piece_at(sq) {
        Some(p) => {
            let color = if p.color.is_white() { "white" } else { "black" };
            let piece = lang.text(&format!("board-piece-{color}-{}", role_name(p.role)));
            lang.say("board-square", &[("square", &square), ("piece", piece)])
        }
        None => lang.say("board-square-empty", &[("square", &square)]),
    }
}

impl Interaction {
    /// What is left after a move or a cancel: the cursor, if shown.
    fn settled(&self) -> Interaction {
        Interaction { cursor: self.cursor, ..Interaction::default() }
    }

    /// A move from `from` to `to`, if the legal moves have one: made at
    /// once, or (a promotion) waiting for its piece.
    fn try_move(&mut self, legal: &[Move], from: Square, to: Square) -> Option<Outcome> {
        let candidates: Vec<&Move> = legal.iter().filter(|m| m.from() == Some(from) && lands_on(m, to)).collect();
        match candidates.as_slice() {
            [] => None,
            [m] => {
                *self = self.settled();
                Some(Outcome::Move(**m))
            }
            [m, ..] => {
                *self = Interaction { promotion: Some((from, m.to())), ..self.settled() };
                Some(Outcome::Nothing)
            }
        }
    }

    /// A button pressed at `at` (board units and the square there), with
    /// the modifier keys (Shift, Alt, Ctrl or Meta). Whether the press
    /// picked up a piece is [`Interaction::drag`] (the pointer is then to be
    /// captured).
    pub fn press(
        &mut self,
        legal: &[Move],
        at: (f32, f32, Square),
        button: i16,
        (shift, alt, ctrl): (bool, bool, bool),
        drawable: bool,
    ) -> Outcome {
        let (x, y, sq) = at;
        if button == 2 {
            if drawable {
                self.drawing = Some((sq, sq, draw_color(shift, alt, ctrl)));
            }
            return Outcome::Nothing;
        }
        if button != 0 || self.promotion.is_some() {
            return Outcome::Nothing;
        }
        if let Some(from) = self.selected {
            if from != sq {
                if let Some(done) = self.try_move(legal, from, sq) {
                    return done;
                }
            }
        }
        *self = if legal.iter().any(|m| m.from() == Some(sq)) {
            Interaction { selected: Some(sq), drag: Some((sq, x, y)), ..Interaction::default() }
        } else {
            Interaction::default()
        };
        Outcome::Nothing
    }

    /// The pointer moved to `at`; whether the drawing changed.
    pub fn point(&mut self, at: (f32, f32, Square)) -> bool {
        if let Some((from, _, _)) = self.drag {
            self.drag = Some((from, at.0, at.1));
            return true;
        }
        if let Some((from, under, color)) = self.drawing {
            if under != at.2 {
                self.drawing = Some((from, at.2, color));
                return true;
            }
        }
        false
    }

    /// A button released over square `at` (none: off the board).
    pub fn release(&mut self, legal: &[Move], at: Option<Square>) -> Outcome {
        if let Some((from, _, color)) = self.drawing.take() {
            return Outcome::Drawn(from, at.unwrap_or(from), color);
        }
        let Some((from, _, _)) = self.drag else { return Outcome::Nothing };
        match at {
            // Dropped back where it was: stays picked up, for click-click.
            Some(to) if to == from => {
                *self = Interaction { selected: Some(from), ..Interaction::default() };
                Outcome::Nothing
            }
            Some(to) => match self.try_move(legal, from, to) {
                Some(done) => done,
                None => {
                    *self = Interaction::default();
                    Outcome::Nothing
                }
            },
            // Anywhere else: back to its square.
            None => {
                *self = Interaction::default();
                Outcome::Nothing
            }
        }
    }

    /// The piece chosen for a waiting promotion (none: cancelled).
    pub fn choose(&mut self, legal: &[Move], role: Option<Role>) -> Outcome {
        let Some((from, to)) = self.promotion else { return Outcome::Nothing };
        *self = self.settled();
        role.and_then(|r| legal.iter().find(|m| m.from() == Some(from) && m.to() == to && m.promotion() == Some(r)))
            .map_or(Outcome::Nothing, |m| Outcome::Move(*m))
    }

    /// The board got the focus by keyboard: the cursor shows, on the king
    /// of the side to move.
    pub fn focused_by_key(&mut self, board: &Board, legal: &[Move]) {
        if !legal.is_empty() && self.cursor.is_none() {
            self.cursor = Some(start_square(board, legal));
        }
    }

    /// A key pressed on the board; none when the key is not the board's
    /// (without the cursor the arrows step through the game; Enter shows
    /// the cursor).
    pub fn key(&mut self, legal: &[Move], board: &Board, flipped: bool, key: &str) -> Option<Outcome> {
        if legal.is_empty() {
            return None;
        }
        let cursor = self.cursor.unwrap_or_else(|| start_square(board, legal));
        if self.promotion.is_some() {
            let role = match key {
                "q" | "Q" | "Enter" | " " => Some(Role::Queen),
                "r" | "R" => Some(Role::Rook),
                "b" | "B" => Some(Role::Bishop),
                "n" | "N" => Some(Role::Knight),
                "Escape" => None,
                _ => return None,
            };
            self.cursor = Some(cursor);
            return Some(self.choose(legal, role));
        }
        if self.cursor.is_none() && key != "Enter" {
            return None;
        }
        let moved = match key {
            "ArrowUp" => Some((0, 1)),
            "ArrowDown" => Some((0, -1)),
            "ArrowLeft" => Some((-1, 0)),
            "ArrowRight" => Some((1, 0)),
            _ => None,
        };
        if let Some((dx, dy)) = moved {
            if let Some(next) = step(cursor, dx, dy, flipped) {
                self.cursor = Some(next);
            }
            return Some(Outcome::Nothing);
        }
        let movable = |sq: Square| legal.iter().any(|m| m.from() == Some(sq));
        match key {
            "Enter" | " " => {
                self.cursor = Some(cursor);
                match self.selected {
                    Some(from) if from == cursor => *self = self.settled(),
                    Some(from) => match self.try_move(legal, from, cursor) {
                        Some(done) => return Some(done),
                        None if movable(cursor) => self.selected = Some(cursor),
                        None => {}
                    },
                    None if movable(cursor) => self.selected = Some(cursor),
                    None => {}
                }
                Some(Outcome::Nothing)
            }
            "Escape" if self.selected.is_some() => {
                *self = Interaction { cursor: Some(cursor), ..Interaction::default() };
                Some(Outcome::Nothing)
            }
            _ => None,
        }
    }

    /// What the cursor is on, for screen readers.
    pub fn cursor_words(&self, board: &Board, lang: Lang) -> String {
        match (self.cursor, self.selected, self.promotion) {
            (_, _, Some(_)) => lang.text("board-promote-keys").to_owned(),
            (Some(sq), Some(from), _) if from != sq => lang
                .say("board-picked-up-from", &[("here", &square_words(board, sq, lang)), ("from", &from.to_string())]),
            (Some(sq), Some(_), _) => lang.say("board-picked-up", &[("square", &square_words(board, sq, lang))]),
            (Some(sq), None, _) => square_words(board, sq, lang),
            (None, _, _) => String::new(),
        }
    }

    /// The square picked up and the cursor, drawn under the pieces.
    pub fn under_pieces(&self, flipped: bool) -> String {
        let mut out = String::new();
        for (sq, class) in [(self.selected, "hl-selected"), (self.cursor, "hl-cursor")] {
            if let Some(sq) = sq {
                let (x, y) = whole(corner(sq, flipped));
                let _ = write!(out, r#"<rect class="{class}" x="{x}" y="{y}" width="100" height="100"></rect>"#);
            }
        }
        out
    }

    /// The picked-up piece's targets, the dragged piece, an arrow being
    /// drawn and the promotion chooser, drawn over the pieces.
    pub fn over_pieces(&self, board: &Board, legal: &[Move], flipped: bool, lang: Lang) -> String {
        let mut out = String::new();
        if let Some(from) = self.selected {
            for m in legal.iter().filter(|m| m.from() == Some(from)) {
                let to = match *m {
                    Move::Castle { king, rook } => castle_to(king, rook),
                    _ => m.to(),
                };
                let (cx, cy) = whole(centre(to, flipped));
                let capture = board.piece_at(to).is_some() && !matches!(m, Move::Castle { .. });
                let (class, r) = if capture { ("target target-capture", 46) } else { ("target", 15) };
                let _ =
                    write!(out, r#"<circle class="{class}" cx="{cx}" cy="{cy}" r="{r}" data-square="{to}"></circle>"#);
            }
        }
        if let Some((sq, x, y)) = self.drag {
            if let Some(piece) = board.piece_at(sq) {
                let _ = write!(
                    out,
                    "<use class=\"piece dragging\" href=\"#{}\" x=\"{}\" y=\"{}\" width=\"100\" height=\"100\"></use>",
                    symbol_id(piece.color, piece.role),
                    (x - 50.0).round() as i32,
                    (y - 50.0).round() as i32
                );
            }
        }
        if let Some((from, to, color)) = self.drawing {
            let name = color.name();
            if from == to {
                let (cx, cy) = whole(centre(from, flipped));
                let _ =
                    write!(out, r#"<circle class="drawing-ring arrow-{name}" cx="{cx}" cy="{cy}" r="46"></circle>"#);
            } else {
                let points = arrow_points(centre(from, flipped), centre(to, flipped));
                let _ = write!(out, r#"<polygon class="arrow drawing arrow-{name}" points="{points}"></polygon>"#);
            }
        }
        if let Some((from, to)) = self.promotion {
            out.push_str(&promotion_chooser(board, from, to, flipped, lang));
        }
        out
    }
}

/// Board units as whole numbers (squares' corners and centres are), written
/// without the float formatting that is large in WebAssembly.
fn whole((x, y): (f32, f32)) -> (i32, i32) {
    (x.round() as i32, y.round() as i32)
}

/// The pieces a pawn can promote to, in a column from the promotion square
/// towards the middle; the shade around cancels.
fn promotion_chooser(board: &Board, from: Square, to: Square, flipped: bool, lang: Lang) -> String {
    let color = board.piece_at(from).map_or(Color::White, |p| p.color);
    let (x, top) = whole(corner(to, flipped));
    let down = top < 400;
    let mut out = format!(
        "<g class=\"promotion\" role=\"dialog\" aria-label=\"{}\">\
         <rect class=\"promotion-shade\" x=\"0\" y=\"0\" width=\"800\" height=\"800\"></rect>",
        crate::markup::markup_text::escape(lang.text("board-promote"))
    );
    for (i, role) in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight].into_iter().enumerate() {
        let y = if down { i as i32 * 100 } else { 700 - i as i32 * 100 };
        let _ = write!(
            out,
            "<g class=\"promotion-choice\" data-role=\"{}\"><rect x=\"{x}\" y=\"{y}\" width=\"100\" height=\"100\" rx=\"50\"></rect>\
             <use href=\"#{}\" x=\"{}\" y=\"{}\" width=\"90\" height=\"90\"></use></g>",
            role.char(),
            symbol_id(color, role),
            x + 5,
            y + 5
        );
    }
    out.push_str("</g>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_core::shakmaty::fen::Fen;
    use movetext_core::shakmaty::{CastlingMode, Chess, Position};

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn arrows_follow_the_screen() {
        assert_eq!(step(Square::E2, 0, 1, false), Some(Square::E3));
        assert_eq!(step(Square::E2, 0, 1, true), Some(Square::E1));
        assert_eq!(step(Square::H4, 1, 0, false), None);
        assert_eq!(step(Square::H4, 1, 0, true), Some(Square::G4));
    }

    #[test]
    fn the_cursor_starts_on_the_king_to_move() {
        crate::text::i18n::every_language();
        let pos = position("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        assert_eq!(start_square(pos.board(), &legal), Square::E8);
        assert_eq!(square_words(pos.board(), Square::E2, Lang::En), "e2, white pawn");
        assert_eq!(square_words(pos.board(), Square::E8, Lang::De), "e8, schwarzer König");
        assert_eq!(square_words(pos.board(), Square::E2, Lang::Ru), "e2, белая пешка");
        assert_eq!(square_words(pos.board(), Square::E4, Lang::Fr), "e4, vide");
    }

    #[test]
    fn click_click_and_a_promotion() {
        let pos = position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        let mut hand = Interaction::default();
        let none = (false, false, false);
        assert_eq!(hand.press(&legal, (50.0, 150.0, Square::A7), 0, none, false), Outcome::Nothing);
        assert_eq!(hand.release(&legal, Some(Square::A7)), Outcome::Nothing);
        assert_eq!(hand.selected, Some(Square::A7));
        assert!(hand.over_pieces(pos.board(), &legal, false, Lang::En).contains("data-square=\"a8\""));
        assert_eq!(hand.press(&legal, (50.0, 50.0, Square::A8), 0, none, false), Outcome::Nothing);
        assert_eq!(hand.promotion, Some((Square::A7, Square::A8)));
        let chooser = hand.over_pieces(pos.board(), &legal, false, Lang::En);
        assert_eq!(chooser.matches("promotion-choice").count(), 4);
        let made = hand.choose(&legal, Some(Role::Knight));
        assert!(matches!(made, Outcome::Move(m) if m.promotion() == Some(Role::Knight)));
        assert_eq!(hand, Interaction::default());
    }

    #[test]
    fn keys_pick_up_and_put_down() {
        let pos = Chess::default();
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        let mut hand = Interaction::default();
        assert_eq!(hand.key(&legal, pos.board(), false, "ArrowLeft"), None, "no cursor: the game's key");
        hand.focused_by_key(pos.board(), &legal);
        assert_eq!(hand.cursor, Some(Square::E1));
        hand.key(&legal, pos.board(), false, "ArrowUp");
        assert_eq!(hand.key(&legal, pos.board(), false, "Enter"), Some(Outcome::Nothing));
        assert_eq!(hand.selected, Some(Square::E2));
        hand.key(&legal, pos.board(), false, "ArrowUp");
        hand.key(&legal, pos.board(), false, "ArrowUp");
        let made = hand.key(&legal, pos.board(), false, " ");
        assert!(matches!(made, Some(Outcome::Move(m)) if m.to() == Square::E4));
        assert_eq!(hand.cursor, Some(Square::E4));
    }

    #[test]
    fn the_right_button_draws() {
        let legal = Vec::new();
        let mut hand = Interaction::default();
        hand.press(&legal, (50.0, 750.0, Square::A1), 2, (true, false, false), true);
        assert!(hand.point((50.0, 50.0, Square::A8)));
        assert!(hand.over_pieces(&Board::default(), &legal, false, Lang::En).contains("arrow drawing arrow-red"));
        assert_eq!(hand.release(&legal, Some(Square::A8)), Outcome::Drawn(Square::A1, Square::A8, MarkColor::Red));
    }
}
