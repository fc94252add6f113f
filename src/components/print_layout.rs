//! A game laid out for print, as a book prints it: the moves as running
//! text with their NAGs, comments in their place, variations in
//! parentheses, and diagrams where asked for. The tree is walked with an
//! explicit stack: a file decides how deep variations go.

use movetext_view::game::model::{NodeIx, ViewGame};
use movetext_view::text::nag_glyphs::nag_view;
use movetext_view::text::notation::Notation;

/// NAGs that ask for a diagram after the move: 201 (Scid's "Diagram"), 220
/// and 221 (a diagram, and one from Black's side, as ChessBase writes them).
pub const DIAGRAM_NAGS: [u8; 3] = [201, 220, 221];

/// One piece of the printed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A move, numbered where a reader needs the number, with its NAGs.
    Move {
        /// The move's node.
        node: NodeIx,
        /// As printed, e.g. `12... Nf6!?`.
        text: String,
        /// On the main line.
        main: bool,
    },
    /// A comment's text (commands left out).
    Comment(String),
    /// The start of a variation.
    Open,
    /// The end of a variation.
    Close,
    /// A diagram of the position after a node; from Black's side if asked.
    Diagram(NodeIx, bool),
}

/// What comes next in the walk.
enum Step {
    /// A node's move (and its comments, its diagram); whether it opens a
    /// variation.
    Node(NodeIx, bool),
    /// The end of a variation.
    Close,
}

/// The game as printed pieces; `diagram(ix)` says whether a diagram goes
/// after node `ix` (besides the NAGs asking for one).
pub fn layout(game: &ViewGame, notation: Notation, diagram: &dyn Fn(NodeIx) -> bool) -> Vec<Piece> {
    let mut laying = Layout::new(game);
    laying.step(game, notation, diagram, &mut || true);
    laying.finish()
}

/// How many moves are laid out between two questions whether to go on.
const MOVES_PER_QUESTION: usize = 256;

/// A layout under way, laid out a slice at a time ([`Layout::step`]): the
/// pieces so far and what is still to print.
pub struct Layout {
    out: Vec<Piece>,
    /// What is still to print, the next on top.
    stack: Vec<Step>,
    /// Whether the next move is printed with its number.
    number_next: bool,
    /// Moves laid out so far.
    moves: usize,
}

impl Layout {
    /// The layout of `game` begun: its comments before the first move.
    pub fn new(game: &ViewGame) -> Layout {
        let out = game.node(0).after.iter().map(|text| Piece::Comment(text.clone())).collect();
        let stack = game.next(0).map(|first| Step::Node(first, false)).into_iter().collect();
        Layout { out, stack, number_next: true, moves: 0 }
    }

    /// Lays out more of `game` (as [`layout`] does), until it is done or
    /// `more()`, asked every few hundred moves, says to stop; whether it
    /// is done.
    pub fn step(
        &mut self,
        game: &ViewGame,
        notation: Notation,
        diagram: &dyn Fn(NodeIx) -> bool,
        more: &mut dyn FnMut() -> bool,
    ) -> bool {
        while let Some(step) = self.stack.pop() {
            match step {
                Step::Close => {
                    self.out.push(Piece::Close);
                    self.number_next = true;
                }
                Step::Node(ix, opens) => {
                    self.node(game, ix, opens, notation, diagram);
                    self.moves += 1;
                    if self.moves.is_multiple_of(MOVES_PER_QUESTION) && !self.stack.is_empty() && !more() {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The share of `game`'s moves laid out, from 0 to 1.
    pub fn progress(&self, game: &ViewGame) -> f64 {
        (self.moves as f64 / game.nodes.len().saturating_sub(1).max(1) as f64).min(1.0)
    }

    /// The pieces laid out.
    pub fn finish(self) -> Vec<Piece> {
        self.out
    }

    /// Lays out a node's move (with its comments and diagram), then puts
    /// what follows it on the stack.
    fn node(&mut self, game: &ViewGame, ix: NodeIx, opens: bool, notation: Notation, diagram: &dyn Fn(NodeIx) -> bool) {
        let out = &mut self.out;
        if opens {
            out.push(Piece::Open);
            self.number_next = true;
        }
        let n = game.node(ix);
        for text in &n.before {
            out.push(Piece::Comment(text.clone()));
            self.number_next = true;
        }
        let shown = n.nags.iter().filter(|g| !DIAGRAM_NAGS.contains(g)).map(|&g| nag_view(g));
        let (judge, position): (Vec<_>, Vec<_>) = shown.partition(|v| v.judges_move);
        let mut text = if n.by_white || self.number_next {
            format!("{}{} ", n.number, if n.by_white { "." } else { "..." })
        } else {
            String::new()
        };
        text.push_str(&notation.write(n));
        for v in judge {
            text.push_str(&v.glyph);
        }
        for v in position {
            text.push(' ');
            text.push_str(&v.glyph);
        }
        out.push(Piece::Move { node: ix, text, main: game.is_mainline(ix) });
        self.number_next = false;
        for text in &n.after {
            out.push(Piece::Comment(text.clone()));
            self.number_next = true;
        }
        if diagram(ix) || n.nags.iter().any(|g| DIAGRAM_NAGS.contains(g)) {
            out.push(Piece::Diagram(ix, n.nags.contains(&221)));
            self.number_next = true;
        }
        // Then the alternatives to this move (if it is its line's move),
        // each in parentheses, then the line's next move.
        if let Some(next) = game.next(ix) {
            self.stack.push(Step::Node(next, false));
        }
        let parent = n.parent.unwrap_or(0);
        let siblings = &game.node(parent).children;
        if siblings.first() == Some(&ix) && siblings.len() > 1 {
            for &alt in siblings[1..].iter().rev() {
                self.stack.push(Step::Close);
                self.stack.push(Step::Node(alt, true));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_view::game::game_source::open_first_game;

    fn text(pieces: &[Piece]) -> String {
        pieces
            .iter()
            .map(|p| match p {
                Piece::Move { text, .. } => text.clone(),
                Piece::Comment(c) => format!("{{{c}}}"),
                Piece::Open => "(".into(),
                Piece::Close => ")".into(),
                Piece::Diagram(ix, flipped) => format!("[D{ix}{}]", if *flipped { "b" } else { "" }),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn moves_comments_variations_and_diagrams_in_book_order() {
        let g = open_first_game(b"{Intro} 1. e4 $1 e5 {good} (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 $220 Nc6 $14 3. Bb5 *");
        let pieces = layout(&g, Notation::San, &|_| false);
        let nf3 = g.next(g.next(g.next(0).unwrap()).unwrap()).unwrap();
        assert_eq!(
            text(&pieces),
            format!(
                "{{Intro}} 1. e4! e5 {{good}} ( 1... c5 2. Nf3 ( 2. c3 ) 2... d6 ) 2. Nf3 [D{nf3}] 2... Nc6 +/= 3. Bb5"
            )
        );
        let bb5 = g.line_end(0);
        let at_bb5 = layout(&g, Notation::San, &|ix| ix == bb5);
        assert!(text(&at_bb5).ends_with(&format!("3. Bb5 [D{bb5}]")), "{}", text(&at_bb5));
    }

    #[test]
    fn laid_out_in_slices_as_at_once() {
        let g = open_first_game(&movetext_hostile::many_siblings(3_000));
        let diagram = |ix: NodeIx| ix.is_multiple_of(7);
        let whole = layout(&g, Notation::San, &diagram);
        let mut laying = Layout::new(&g);
        let (mut slices, mut last) = (0, 0.0);
        loop {
            // Each slice stops at the first question.
            let done = laying.step(&g, Notation::San, &diagram, &mut || false);
            let progress = laying.progress(&g);
            assert!(progress >= last && progress <= 1.0, "{progress}");
            last = progress;
            slices += 1;
            if done {
                break;
            }
        }
        assert!(slices > 5, "{slices} slices");
        assert_eq!(last, 1.0);
        assert_eq!(laying.finish(), whole);
    }

    #[test]
    fn deep_variations_need_no_deep_stack() {
        let g = open_first_game(&movetext_hostile::deep_variations(10_000));
        let pieces = layout(&g, Notation::San, &|_| false);
        let opened = pieces.iter().filter(|p| **p == Piece::Open).count();
        assert!(opened >= 10_000, "{opened}");
        assert_eq!(opened, pieces.iter().filter(|p| **p == Piece::Close).count());
    }
}
