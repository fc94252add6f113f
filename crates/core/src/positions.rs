//! Positions of games, for an opening explorer and a position search.
//!
//! Every position of a game's main line (the start included) is known by its
//! [`PositionKey`], shakmaty's 64-bit Zobrist hash (pieces, side to move,
//! castling rights, and the en passant square only when a capture there is
//! legal), so a position reached by different move orders has one key.
//!
//! A [`GamePositions`] holds one game's keys and the move played from each;
//! a [`Tree`] adds up the moves played from one position over many games
//! (each game counted once, at the first time it reaches the position); a
//! [`PositionIndex`] keeps the positions of many games to answer any
//! position later. An index keeps 10 bytes per position (its key and the
//! move played from it) and 16 bytes per game.
//!
//! ```
//! use movetext_core::positions::{GameInfo, PositionIndex, PositionKey};
//! use movetext_core::GameReader;
//!
//! let pgn = b"[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Result \"0-1\"]\n\n1. Nf3 e5 2. e4 0-1\n";
//! let mut index = PositionIndex::default();
//! for (i, game) in GameReader::new(pgn).enumerate() {
//!     index.add(GameInfo::of(i as u32 + 1, &game), &movetext_core::positions::GamePositions::of(&game));
//! }
//! let start = PositionKey::of(&movetext_core::shakmaty::Chess::default());
//! let tree = index.tree(start);
//! assert_eq!((tree.games, tree.white, tree.black), (2, 1, 1));
//! // Both games reach the position after 1. e4 e5 2. Nf3 (one by transposition).
//! let key: PositionKey = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".parse().unwrap();
//! assert_eq!(index.search(key), vec![(1, 3), (2, 3)]);
//! ```

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Move, Position, Rank, Role, Square,
};

use crate::game::{Game, Variant};
use crate::lexer::{Kind, Lexer};
use crate::pawn_trail::PawnTrail;

/// A position as the explorer and the search know it: its 64-bit Zobrist
/// hash. Read from a FEN with `parse`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PositionKey(pub u64);

impl PositionKey {
    /// The key of a position.
    pub fn of(pos: &Chess) -> PositionKey {
        PositionKey(pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0)
    }

    /// The key of a position of a game of any rules: a standard position's
    /// is [`PositionKey::of`]; a variant's also holds its pockets and checks
    /// and is told apart from every other variant's (a crazyhouse position
    /// and a standard one with the same board have different keys).
    pub fn of_any(pos: &crate::rules::AnyPosition) -> PositionKey {
        PositionKey(crate::rules::key_of_any(pos))
    }
}

/// A FEN that is not a legal position of standard chess.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadFen(String);

impl fmt::Display for BadFen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not the FEN of a legal position", self.0)
    }
}

impl std::error::Error for BadFen {}

impl FromStr for PositionKey {
    type Err = BadFen;

    /// The key of the position a FEN describes.
    fn from_str(fen: &str) -> Result<PositionKey, BadFen> {
        position_of_fen(fen).map(|pos| PositionKey::of(&pos))
    }
}

/// The position a FEN describes (its castling rights read as Chess960 does,
/// which takes standard FENs too).
pub fn position_of_fen(fen: &str) -> Result<Chess, BadFen> {
    let bad = || BadFen(fen.trim().to_string());
    let setup: Fen = fen.trim().parse().map_err(|_| bad())?;
    setup.into_position(CastlingMode::Chess960).map_err(|_| bad())
}

/// A position searched for in games, with what a game must still hold to
/// reach it: a search stops at the first ply that reaches it, and as soon as
/// a game can no longer reach it.
///
/// A game can no longer reach the target once it has fewer men on the board
/// (of a colour, or pawns of a colour) than the target, once a pawn on its
/// start rank in the target (the second rank for White, the seventh for
/// Black) has left that square, or once it has too few pawns left to promote
/// into the pieces the target has more of. Read from its text
/// ([`crate::stream::GameBytes::first_reach`]), a game is looked at only
/// where its pawns are the target's, and also stops once a side has more
/// men than the target beyond what the other side's moves left could take.
/// Its key ([`PositionKey`]) is only computed for a position with the
/// target's side to move and occupied squares.
///
/// ```
/// use movetext_core::positions::Target;
/// use movetext_core::read_game;
///
/// let target: Target = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".parse().unwrap();
/// assert_eq!(target.first_ply(&read_game(b"1. e4 e5 2. Nf3 *")), Some(2));
/// // The d-pawn has left d2: the game cannot come back to the target.
/// assert_eq!(target.first_ply(&read_game(b"1. d4 e5 2. e4 *")), None);
/// ```
#[derive(Clone, Debug)]
pub struct Target {
    key: PositionKey,
    turn: Color,
    occupied: Bitboard,
    /// Men of each colour (White first).
    men: [u32; 2],
    /// Pawns of each colour.
    pawns: [u32; 2],
    /// Knights, bishops, rooks and queens of each colour.
    pieces: [[u32; 4]; 2],
    /// Pawns on their start rank, of each colour.
    home: [Bitboard; 2],
    /// The squares of the pawns of each colour.
    pawn_sets: [Bitboard; 2],
}

const PIECE_ROLES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

impl Target {
    /// The target `pos`.
    pub fn new(pos: &Chess) -> Target {
        let board = pos.board();
        let side = |c: Color| board.by_color(c);
        let count = |c: Color, r: Role| (board.by_role(r) & side(c)).count() as u32;
        let colors = [Color::White, Color::Black];
        Target {
            key: PositionKey::of(pos),
            turn: pos.turn(),
            occupied: board.occupied(),
            men: colors.map(|c| side(c).count() as u32),
            pawns: colors.map(|c| count(c, Role::Pawn)),
            pieces: colors.map(|c| PIECE_ROLES.map(|r| count(c, r))),
            home: [
                board.by_role(Role::Pawn) & side(Color::White) & Bitboard::from_rank(Rank::Second),
                board.by_role(Role::Pawn) & side(Color::Black) & Bitboard::from_rank(Rank::Seventh),
            ],
            pawn_sets: colors.map(|c| board.by_role(Role::Pawn) & side(c)),
        }
    }

    /// The target's key.
    pub fn key(&self) -> PositionKey {
        self.key
    }

    /// Is `pos` the target?
    #[inline]
    fn is(&self, pos: &Chess) -> bool {
        pos.turn() == self.turn && pos.board().occupied() == self.occupied && PositionKey::of(pos) == self.key
    }

    /// Can no game go from `board` to the target? (Men are only ever
    /// taken off, pawns only go forward, a new piece costs a pawn.)
    #[inline]
    fn out_of_reach(&self, board: &Board) -> bool {
        self.out_of_reach_with(&Material::of(board), board)
    }

    /// [`Target::out_of_reach`] of `board`, whose men are counted in `have`.
    #[inline]
    fn out_of_reach_with(&self, have: &Material, board: &Board) -> bool {
        if have.men[0] + have.men[1] < self.men[0] + self.men[1] {
            return true;
        }
        for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
            let pawns = have.roles[i][Material::PAWN];
            if have.men[i] < self.men[i]
                || pawns < self.pawns[i]
                || !(self.home[i] & !(board.by_role(Role::Pawn) & board.by_color(c))).is_empty()
            {
                return true;
            }
            let spare = pawns - self.pawns[i];
            let mut need = 0;
            for (r, want) in PIECE_ROLES.iter().zip(self.pieces[i]) {
                need += want.saturating_sub(have.roles[i][Material::index(*r)]);
            }
            if need > spare {
                return true;
            }
        }
        false
    }

    /// The first ply at which `game`'s main line reaches the target (0: the
    /// start), as [`GamePositions::first_ply`] gives it, without playing
    /// the moves after it or after the game can no longer reach it.
    pub fn first_ply(&self, game: &Game) -> Option<usize> {
        // A variant's positions are never those of standard chess.
        if matches!(game.variant(), Variant::Unsupported(_)) || game.plays_variant() {
            return None;
        }
        let mut pos = game.start_position().clone();
        let mut cur = game.main_child(crate::NodeId::ROOT);
        let mut ply = 0;
        if self.is(&pos) {
            return Some(0);
        }
        if self.out_of_reach(pos.board()) {
            return None;
        }
        loop {
            let m = game.mv(cur?)?;
            let change = self.may_change_reach(&m);
            pos.play_unchecked(m);
            ply += 1;
            cur = game.main_child(cur?);
            if self.is(&pos) {
                return Some(ply);
            }
            if change && self.out_of_reach(pos.board()) {
                return None;
            }
        }
    }

    /// [`Target::first_ply`] of a game of standard chess from the usual start
    /// whose movetext starts at `at` of `text` (the game's text, tags
    /// first), when it is sure to be so: its main line read the quick way,
    /// plain moves read as the reader reads them, with variations, comments,
    /// NAGs, move numbers and escape lines skipped. `None` when unsure
    /// (anything else in the main line, a token the reader reads in another
    /// way, or text that is not UTF-8 with a character from 0x80 up read in
    /// its main line): read the game then.
    ///
    /// The main line's moves are found first, its pawns followed from them
    /// as written ([`PawnTrail`]): only a position whose pawns are the
    /// target's can be it, so a game whose pawns never are is done without
    /// playing a move, and the others are played no further than the last
    /// ply where they are. Knowing how many moves are left to it, a game
    /// also stops as soon as a side has more men than the target beyond what
    /// the other side's moves left could take (a move takes one man at most).
    pub(crate) fn quick_first_ply(&self, text: &[u8], at: usize) -> Option<Option<usize>> {
        let mut line = MainLine::new(text, at);
        let mut trail = Some(PawnTrail::start());
        let mut moves = 0;
        // The last ply so far whose pawns and side to move are the target's.
        let mut last = trail.as_ref().is_some_and(|t| self.pawns_are(t)).then_some(0);
        while let Some((s, e)) = line.next()? {
            moves += 1;
            let Some(t) = trail.as_mut() else { continue };
            match t.follow(&text[s..e]) {
                // Not plain: the moves are played to the end.
                None => trail = None,
                Some(changed) => {
                    if changed && self.pawns_out_of_reach(t) {
                        break;
                    }
                    if self.pawns_are(t) {
                        last = Some(moves);
                    }
                }
            }
        }
        // Read as Windows-1252 if not UTF-8, the text gives other tokens
        // only where the lexer read a character from 0x80 up.
        if line.lx.read_wide() && std::str::from_utf8(text).is_err() {
            return None;
        }
        let total = match (trail, last) {
            (None, _) => moves,
            (Some(_), Some(last)) => last,
            (Some(_), None) => return Some(None),
        };
        let mut line = MainLine::new(text, at);
        let mut left = total;
        self.replay(text, total, || match left {
            0 => Some(None),
            _ => {
                left -= 1;
                line.next()
            }
        })
    }

    /// Are the pawns of `trail` and its side to move the target's?
    #[inline]
    fn pawns_are(&self, trail: &PawnTrail) -> bool {
        trail.turn == self.turn
            && ((trail.pawns[0] ^ self.pawn_sets[0]) | (trail.pawns[1] ^ self.pawn_sets[1])).is_empty()
    }

    /// Can the pawns of `trail` never be the target's? (Pawns are only
    /// taken off or go forward.)
    #[inline]
    fn pawns_out_of_reach(&self, trail: &PawnTrail) -> bool {
        (0..2).any(|i| {
            (self.pawns[i] > 0 && trail.pawns[i].count() < self.pawns[i] as usize)
                || !(self.home[i] & !trail.pawns[i]).is_empty()
        })
    }

    /// [`Target::quick_first_ply`] of the main line whose moves `next` gives
    /// (spans of `text`), `total` of them, after which the target is not
    /// looked for.
    #[inline(always)]
    fn replay(
        &self,
        text: &[u8],
        total: usize,
        mut next: impl FnMut() -> Option<Option<(usize, usize)>>,
    ) -> Option<Option<usize>> {
        let mut pos = Chess::default();
        if self.is(&pos) {
            return Some(Some(0));
        }
        if self.out_of_reach(pos.board()) {
            return Some(None);
        }
        let mut have = Material::of(pos.board());
        let mut ply = 0;
        while let Some((s, e)) = next()? {
            let m = quick_play(&text[s..e], &pos)?;
            let mover = pos.turn();
            let change = self.may_change_reach(&m);
            if change {
                have.play(&m, mover);
            }
            pos.play_unchecked(m);
            ply += 1;
            if self.is(&pos) {
                return Some(Some(ply));
            }
            if change && self.out_of_reach_with(&have, pos.board()) {
                return Some(None);
            }
            // Moves left, and of them the other side's: the side that just
            // moved loses men only on the other side's moves, the other side
            // on this side's.
            let left = total.saturating_sub(ply) as u32;
            let theirs = left.div_ceil(2);
            // Men of each side beyond the target's.
            let excess = |i: usize| have.men[i].saturating_sub(self.men[i]);
            let (mine, other) = match mover {
                Color::White => (excess(0), excess(1)),
                Color::Black => (excess(1), excess(0)),
            };
            if mine > theirs || other > left - theirs {
                return Some(None);
            }
        }
        Some(None)
    }

    /// Can playing `m` change what [`Target::out_of_reach`] says? Only a
    /// capture, a promotion, or a pawn leaving a square the target has a
    /// pawn on can.
    #[inline]
    fn may_change_reach(&self, m: &Move) -> bool {
        m.is_capture()
            || m.is_promotion()
            || (m.role() == Role::Pawn && m.from().is_some_and(|from| (self.home[0] | self.home[1]).contains(from)))
    }
}

/// The men on a board, counted: of each side (White first), and of each
/// role ([`Material::index`]).
#[derive(Clone, Copy, Debug)]
struct Material {
    men: [u32; 2],
    roles: [[u32; 6]; 2],
}

impl Material {
    const PAWN: usize = 0;

    /// Where `role` is counted in `roles`.
    #[inline]
    fn index(role: Role) -> usize {
        role as usize - 1
    }

    /// The men on `board`.
    fn of(board: &Board) -> Material {
        let side = |i: usize| board.by_color(if i == 0 { Color::White } else { Color::Black });
        Material {
            men: [0, 1].map(|i| side(i).count() as u32),
            roles: [0, 1].map(|i| Role::ALL.map(|r| (board.by_role(r) & side(i)).count() as u32)),
        }
    }

    /// `m`, played by `mover`: a man taken, a pawn promoted.
    #[inline]
    fn play(&mut self, m: &Move, mover: Color) {
        let (us, them) = if mover == Color::White { (0, 1) } else { (1, 0) };
        if let Some(taken) = m.capture() {
            self.men[them] = self.men[them].saturating_sub(1);
            let n = &mut self.roles[them][Material::index(taken)];
            *n = n.saturating_sub(1);
        }
        if let Some(new) = m.promotion() {
            let pawns = &mut self.roles[us][Material::PAWN];
            *pawns = pawns.saturating_sub(1);
            self.roles[us][Material::index(new)] += 1;
        }
    }
}

/// The move a plain token `s` of the main line means in `pos`, read as the
/// reader reads it; `None` when unsure.
#[inline]
pub(crate) fn quick_play(s: &[u8], pos: &Chess) -> Option<Move> {
    match crate::movetext::quick_move(s, pos) {
        Some((m, _, _)) => Some(m),
        // Read as the reader reads a plain move the quick way does not take
        // (a promotion, an en passant capture, a move needing a repair).
        None if s.is_ascii() && s[s.len() - 1] != b',' && !matches!(s, b"e.p." | b"ep" | b"e.p") => {
            let tok = crate::movetext::parse_token(s)?;
            match crate::movetext::resolve(&tok, pos) {
                crate::movetext::Resolved::Move(m, _) => Some(m),
                _ => None,
            }
        }
        None => None,
    }
}

/// The main line's move tokens of a movetext, one after the other, with
/// variations, comments, NAGs, move numbers and escape lines skipped.
pub(crate) struct MainLine<'a> {
    text: &'a [u8],
    lx: Lexer<'a>,
    /// `(` still open.
    depth: u32,
    /// A move was read: a `(` is a variation now.
    moved: bool,
    /// The termination marker's span, once read.
    pub(crate) result: Option<(usize, usize)>,
}

impl<'a> MainLine<'a> {
    /// The main line of the movetext at `at` of `text`.
    pub(crate) fn new(text: &'a [u8], at: usize) -> MainLine<'a> {
        MainLine { text, lx: Lexer::new(text, at), depth: 0, moved: false, result: None }
    }

    /// The next move token's span; `Some(None)` at the termination marker
    /// (then in [`MainLine::result`]) or the end of the text; `None` when
    /// unsure (see [`Target::quick_first_ply`]).
    #[inline(always)]
    pub(crate) fn next(&mut self) -> Option<Option<(usize, usize)>> {
        let text = self.text;
        loop {
            self.lx.move_number();
            let Some(t) = self.lx.next_quick() else { return Some(None) };
            match t.kind {
                Kind::Symbol if self.depth == 0 => {
                    let s = &text[t.start..t.end];
                    if s[0].is_ascii_digit() && s[s.len() - 1] == b'.' {
                        let digits = s.iter().take_while(|b| b.is_ascii_digit()).count();
                        if s[digits..].iter().all(|b| *b == b'.') {
                            continue;
                        }
                        return None;
                    }
                    if crate::movetext::starts_move(s[0]) {
                        self.moved = true;
                        return Some(Some((t.start, t.end)));
                    }
                    // "12.e4": a move number glued to its move, cut off as
                    // the reader cuts it (the move then read as any other).
                    if s[0].is_ascii_digit() && s.is_ascii() && text.get(t.end).is_none_or(|b| *b < 0x80) {
                        if let Some(cut) = crate::movetext::number_cut(s).filter(|&cut| cut > 0) {
                            if crate::movetext::starts_move(s[cut]) {
                                self.moved = true;
                                return Some(Some((t.start + cut, t.end)));
                            }
                        }
                    }
                    // Castling written with zeros, as the reader takes it.
                    if crate::movetext::is_zero_castle(s) && text.get(t.end).is_none_or(|b| *b < 0x80) {
                        self.moved = true;
                        return Some(Some((t.start, t.end)));
                    }
                    if crate::movetext::is_result(s) {
                        self.result = Some((t.start, t.end));
                        return Some(None);
                    }
                    return None;
                }
                // Inside a variation: only its brackets matter.
                Kind::Symbol | Kind::Comment { .. } | Kind::Nag | Kind::Escape => {}
                // "<br>" in a `;` comment ends it.
                Kind::LineComment => {
                    if memchr::memchr(b'<', &text[t.start..t.end]).is_some() {
                        return None;
                    }
                }
                // A `(` before the main line's first move is not a variation.
                Kind::Open if self.moved || self.depth > 0 => self.depth += 1,
                Kind::Close if self.depth > 0 => self.depth -= 1,
                Kind::Open | Kind::Close | Kind::Stray => return None,
            }
        }
    }
}

impl From<&Chess> for Target {
    fn from(pos: &Chess) -> Target {
        Target::new(pos)
    }
}

impl FromStr for Target {
    type Err = BadFen;

    /// The target a FEN describes.
    fn from_str(fen: &str) -> Result<Target, BadFen> {
        position_of_fen(fen).map(|pos| Target::new(&pos))
    }
}

/// A move played from a position, packed in 16 bits: the squares it goes
/// from and to (the king's square for castling, as UCI writes it for
/// standard chess) and the piece a pawn becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PackedMove(u16);

impl PackedMove {
    #[inline]
    pub(crate) fn new(m: &Move, mode: CastlingMode) -> PackedMove {
        // The usual moves directly, as UCI writes them.
        match *m {
            Move::Normal { from, to, promotion, .. } => {
                return PackedMove(u16::from(from) | (u16::from(to) << 6) | (promotion.map_or(0, u16::from) << 12))
            }
            Move::EnPassant { from, to } => return PackedMove(u16::from(from) | (u16::from(to) << 6)),
            Move::Castle { .. } | Move::Put { .. } => {}
        }
        match m.to_uci(mode) {
            UciMove::Normal { from, to, promotion } => {
                PackedMove(u16::from(from) | (u16::from(to) << 6) | (promotion.map_or(0, u16::from) << 12))
            }
            // A drop: from and to the same square, the piece dropped where a
            // promotion's piece is.
            UciMove::Put { role, to } => PackedMove(u16::from(to) | (u16::from(to) << 6) | (u16::from(role) << 12)),
            _ => PackedMove(u16::MAX),
        }
    }

    /// The move as 16 bits (from, to, promotion), for storing it.
    pub fn bits(self) -> u16 {
        self.0
    }

    /// The move stored as [`PackedMove::bits`] gave it.
    pub fn from_bits(bits: u16) -> PackedMove {
        PackedMove(bits)
    }

    /// The move in UCI form.
    pub fn uci(self) -> UciMove {
        let from = Square::new(u32::from(self.0 & 63));
        let to = Square::new(u32::from((self.0 >> 6) & 63));
        let promotion = match self.0 >> 12 {
            0 => None,
            r => Role::try_from(r as u8).ok(),
        };
        match promotion {
            Some(role) if from == to => UciMove::Put { role, to },
            _ => UciMove::Normal { from, to, promotion },
        }
    }

    /// The move as played in `pos`, if it is legal there.
    pub fn to_move<P: Position>(self, pos: &P) -> Option<Move> {
        self.uci().to_move(pos).ok()
    }
}

/// Plays `m` in `pos`, whose key is `key`; gives the key of the position
/// reached, exactly as [`PositionKey::of`] gives it, updated by the move
/// rather than computed afresh (see [`keyed_move`]).
#[inline]
pub(crate) fn next_key(pos: &mut Chess, key: u64, m: Move) -> u64 {
    keyed_move(pos, key, m, CastlingMode::Standard).0
}

/// Plays `m` in `pos`, whose key is `key`; gives the key of the position
/// reached, exactly as [`PositionKey::of`] gives it, and the move packed
/// (castling as `mode` writes it). The key is updated by the move rather
/// than computed afresh: the men moved, the turn, the castling rights lost
/// (looked at only for a king move, castling, or a move from or to a square
/// with a castling right) and the en passant file of either position where
/// a capture there is legal (looked at only where a pawn has just made a
/// double step).
#[inline(always)]
pub(crate) fn keyed_move(pos: &mut Chess, key: u64, m: Move, mode: CastlingMode) -> (u64, PackedMove) {
    let piece = Zobrist64::zobrist_for_piece;
    let turn = pos.turn();
    let mut k = Zobrist64(key) ^ Zobrist64::zobrist_for_white_turn();
    // Only a double step leaves an en passant square, legal or not.
    if pos.ep_square(EnPassantMode::Always).is_some() {
        if let Some(sq) = pos.ep_square(EnPassantMode::Legal) {
            k ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
        }
    }
    let rights = pos.castles().castling_rights();
    let (castling, packed) = match m {
        Move::Normal { role, from, capture, to, promotion } => {
            k ^= piece(from, role.of(turn));
            k ^= piece(to, promotion.unwrap_or(role).of(turn));
            if let Some(taken) = capture {
                k ^= piece(to, taken.of(!turn));
            }
            let touched = (rights & (Bitboard::from_square(from) | Bitboard::from_square(to))).any();
            let packed = u16::from(from) | (u16::from(to) << 6) | (promotion.map_or(0, u16::from) << 12);
            (touched || (role == Role::King && pos.castles().has_color(turn)), PackedMove(packed))
        }
        Move::EnPassant { from, to } => {
            k ^= piece(from, Role::Pawn.of(turn));
            k ^= piece(to, Role::Pawn.of(turn));
            k ^= piece(Square::from_coords(to.file(), from.rank()), Role::Pawn.of(!turn));
            (false, PackedMove(u16::from(from) | (u16::from(to) << 6)))
        }
        Move::Castle { king, rook } => {
            let side = if rook > king { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            k ^= piece(king, Role::King.of(turn));
            k ^= piece(rook, Role::Rook.of(turn));
            k ^= piece(side.king_to(turn), Role::King.of(turn));
            k ^= piece(side.rook_to(turn), Role::Rook.of(turn));
            (true, PackedMove::new(&m, mode))
        }
        Move::Put { .. } => {
            let packed = PackedMove::new(&m, mode);
            pos.play_unchecked(m);
            return (PositionKey::of(pos).0, packed);
        }
    };
    if castling {
        k ^= castle_keyed(pos, m);
    } else {
        pos.play_unchecked(m);
    }
    if pos.ep_square(EnPassantMode::Always).is_some() {
        if let Some(sq) = pos.ep_square(EnPassantMode::Legal) {
            k ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
        }
    }
    (k.0, packed)
}

/// Plays `m` in `pos`; gives the keys of the castling rights it loses.
#[inline]
fn castle_keyed(pos: &mut Chess, m: Move) -> Zobrist64 {
    let had = Color::ALL.map(|c| CastlingSide::ALL.map(|side| pos.castles().has(c, side)));
    pos.play_unchecked(m);
    let mut k = Zobrist64(0);
    for (color, had) in Color::ALL.into_iter().zip(had) {
        for (side, had) in CastlingSide::ALL.into_iter().zip(had) {
            if had != pos.castles().has(color, side) {
                k ^= Zobrist64::zobrist_for_castling_right(color, side);
            }
        }
    }
    k
}

#[cfg(feature = "record")]
/// The main line's positions as the reader plays its moves (see
/// [`crate::GameReader::with_positions`]), so that no one plays them again:
/// each key updated by the move ([`next_key`]) and each move packed.
#[derive(Clone, Debug)]
pub(crate) struct Recorder {
    /// Asked for: the reader records.
    pub(crate) on: bool,
    /// Only the main line is asked for (see
    /// [`crate::reader::PositionReader`]): the reader may read it the quick
    /// way and build no tree.
    pub(crate) main_line_only: bool,
    /// The main line's last node so far; `NONE` when nothing is recorded
    /// and once the line has ended (a null move, which
    /// [`GamePositions::of`] stops at).
    cur: u32,
    /// The key of the position after `cur`.
    key: u64,
    /// Chess960's castling, as [`PackedMove`] writes it.
    chess960: bool,
    /// The positions of the game read last.
    pub(crate) out: GamePositions,
}

#[cfg(feature = "record")]
impl Default for Recorder {
    fn default() -> Recorder {
        Recorder {
            on: false,
            main_line_only: false,
            cur: crate::game::NONE,
            key: 0,
            chess960: false,
            out: GamePositions::default(),
        }
    }
}

#[cfg(feature = "record")]
impl Recorder {
    /// A game starts at `pos`; its castling `mode`.
    pub(crate) fn start<P: crate::rules::Played>(&mut self, pos: &P, mode: CastlingMode) {
        self.out.keys.clear();
        self.out.moves.clear();
        self.cur = 0;
        self.key = pos.key();
        self.chess960 = mode == CastlingMode::Chess960;
    }

    /// Asks for the positions to be recorded.
    pub(crate) fn set_on(&mut self) {
        self.on = true;
    }

    /// Whether the reader records.
    #[inline(always)]
    pub(crate) fn active(&self) -> bool {
        self.on
    }

    /// The positions of the game read last, when recorded.
    pub(crate) fn positions(&self) -> Option<&GamePositions> {
        self.on.then_some(&self.out)
    }

    /// Is a node added after `parent` the main line's next one?
    #[inline(always)]
    pub(crate) fn follows(&self, parent: u32) -> bool {
        parent == self.cur
    }

    /// Plays `m`, the main line's move at node `id`, in `pos` (out of the
    /// reader's loop, which stays as it is when nothing is recorded).
    #[cold]
    #[inline(never)]
    pub(crate) fn play<P: crate::rules::Played>(&mut self, id: u32, pos: &mut P, m: Move) {
        self.out.keys.push(self.key);
        let mode = if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let (key, packed) = match pos.as_chess_mut() {
            Some(chess) => keyed_move(chess, self.key, m, mode),
            None => {
                let packed = PackedMove::new(&m, mode);
                pos.play_unchecked(m);
                (pos.key(), packed)
            }
        };
        self.out.moves.push(packed);
        self.key = key;
        self.cur = id;
    }

    /// Plays `m`, the next move of a main line of standard chess read the
    /// quick way, in `pos`.
    #[inline(always)]
    pub(crate) fn push(&mut self, pos: &mut Chess, m: Move) {
        self.out.keys.push(self.key);
        let (key, packed) = keyed_move(pos, self.key, m, CastlingMode::Standard);
        self.out.moves.push(packed);
        self.key = key;
    }

    /// The main line goes on with a null move: its positions end here.
    #[cold]
    pub(crate) fn stop(&mut self) {
        self.cur = crate::game::NONE;
    }

    /// The game's movetext is read (`kept`: its moves were played, not
    /// kept as the text of a variant Movetext does not play).
    pub(crate) fn finish(&mut self, kept: bool) {
        if !self.active() {
            return;
        }
        self.cur = crate::game::NONE;
        if kept {
            self.out.keys.push(self.key);
        } else {
            self.out.keys.clear();
            self.out.moves.clear();
        }
    }
}

/// Without the feature `record` the reader records nothing: the recording
/// and the keys' tables it needs are left out (the app's and the widget's
/// builds, whose index is the index worker's).
#[cfg(not(feature = "record"))]
#[derive(Default)]
pub(crate) struct Recorder;

#[cfg(not(feature = "record"))]
impl Recorder {
    #[inline(always)]
    pub(crate) fn active(&self) -> bool {
        false
    }

    #[inline(always)]
    pub(crate) fn follows(&self, _: u32) -> bool {
        false
    }

    pub(crate) fn play<P: crate::rules::Played>(&mut self, _: u32, _: &mut P, _: Move) {}

    pub(crate) fn stop(&mut self) {}

    pub(crate) fn start<P: crate::rules::Played>(&mut self, _: &P, _: CastlingMode) {}

    pub(crate) fn finish(&mut self, _: bool) {}
}

/// The main line of one game as positions: the key of each (the start
/// first) and the move played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GamePositions {
    keys: Vec<u64>,
    moves: Vec<PackedMove>,
}

impl GamePositions {
    /// The positions of `game`'s main line, up to its first move that cannot
    /// be played. A game of a variant Movetext does not play has none.
    pub fn of(game: &Game) -> GamePositions {
        if matches!(game.variant(), Variant::Unsupported(_)) {
            return GamePositions::default();
        }
        #[cfg(feature = "variants")]
        if game.plays_variant() {
            return GamePositions::of_variant(game);
        }
        let mode = game.castling_mode();
        let mut pos = game.start_position().clone();
        let plies = game.mainline_plies();
        let mut out = GamePositions { keys: Vec::with_capacity(plies + 1), moves: Vec::with_capacity(plies) };
        let mut key = PositionKey::of(&pos).0;
        let mut cur = game.main_child(crate::NodeId::ROOT);
        while let Some(id) = cur {
            cur = game.main_child(id);
            let Some(m) = game.mv(id) else { break };
            out.keys.push(key);
            out.moves.push(PackedMove::new(&m, mode));
            key = next_key(&mut pos, key, m);
        }
        out.keys.push(key);
        out
    }

    /// [`GamePositions::of`] a game of one of lichess's variants: each
    /// position's key by [`PositionKey::of_any`].
    #[cfg(feature = "variants")]
    #[cold]
    fn of_variant(game: &Game) -> GamePositions {
        let mode = game.castling_mode();
        let mut pos = game.any_start();
        let mut out = GamePositions::default();
        let mut cur = game.main_child(crate::NodeId::ROOT);
        while let Some(id) = cur {
            cur = game.main_child(id);
            let Some(m) = game.mv(id) else { break };
            out.keys.push(PositionKey::of_any(&pos).0);
            out.moves.push(PackedMove::new(&m, mode));
            pos.play_unchecked(m);
        }
        out.keys.push(PositionKey::of_any(&pos).0);
        out
    }

    /// The keys of the positions, the start first.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = PositionKey> + '_ {
        self.keys.iter().map(|&k| PositionKey(k))
    }

    /// How many positions (one more than the moves played).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// No positions (a game of a variant Movetext does not play).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The first ply at which the game reaches `key` (0: the start).
    pub fn first_ply(&self, key: PositionKey) -> Option<usize> {
        self.keys.iter().position(|&k| k == key.0)
    }

    /// The move played at ply `ply` (from the position reached after `ply`
    /// moves), if any.
    pub fn move_at(&self, ply: usize) -> Option<PackedMove> {
        self.moves.get(ply).copied().filter(|m| m.0 != u16::MAX)
    }

    /// The key of the position after `ply` moves.
    pub fn key_at(&self, ply: usize) -> Option<PositionKey> {
        self.keys.get(ply).map(|&k| PositionKey(k))
    }

    /// A hash of the moves (and the start position): games with the same
    /// moves have the same hash.
    pub fn moves_hash(&self) -> u64 {
        // FNV-1a over the keys; the keys are already well mixed.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ self.keys.len() as u64;
        for &k in &self.keys {
            h = (h ^ k).wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    }
}

/// How a game ended, from its Result tag (or its termination marker).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`
    White,
    /// `1/2-1/2`
    Draw,
    /// `0-1`
    Black,
    /// `*` or anything else.
    Unknown,
}

impl Outcome {
    /// The outcome a result string gives.
    pub fn of(result: &str) -> Outcome {
        match result.trim() {
            "1-0" => Outcome::White,
            "0-1" => Outcome::Black,
            "1/2-1/2" => Outcome::Draw,
            _ => Outcome::Unknown,
        }
    }
}

/// What the explorer counts of a game besides its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The game's number (as the caller counts, usually from 1 in the file).
    pub number: u32,
    /// How it ended.
    pub outcome: Outcome,
    /// White's and Black's Elo, when the tags give a number.
    pub elo: [Option<u16>; 2],
}

impl GameInfo {
    /// The outcome and ratings of `game`, under `number`.
    pub fn of(number: u32, game: &Game) -> GameInfo {
        // The first tag of each name, in one pass over the names as bytes.
        let (mut result, mut white, mut black) = (None, None, None);
        for t in &game.tags {
            let name = match &t.name {
                crate::game::Text::Src(s, e) => game.src.as_bytes().get(*s as usize..*e as usize).unwrap_or(b""),
                crate::game::Text::Own(s) => s.as_bytes(),
            };
            let slot = match name {
                b"Result" => &mut result,
                b"WhiteElo" => &mut white,
                b"BlackElo" => &mut black,
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(game.text(&t.value));
            }
        }
        let result = result.unwrap_or_else(|| game.result());
        let elo = |v: Option<&str>| v.and_then(|v| v.trim().parse::<u16>().ok()).filter(|&e| e > 0);
        GameInfo { number, outcome: Outcome::of(result), elo: [elo(white), elo(black)] }
    }
}

/// Games counted by outcome, with their ratings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games.
    pub games: u32,
    /// Won by White.
    pub white: u32,
    /// Drawn.
    pub draws: u32,
    /// Won by Black.
    pub black: u32,
    /// Sum of the ratings given, and how many were given.
    pub elo_sum: u64,
    /// Ratings given (two per game at most).
    pub elo_count: u32,
}

impl Tally {
    fn add(&mut self, info: &GameInfo) {
        self.games += 1;
        match info.outcome {
            Outcome::White => self.white += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Black => self.black += 1,
            Outcome::Unknown => {}
        }
        for e in info.elo.iter().flatten() {
            self.elo_sum += u64::from(*e);
            self.elo_count += 1;
        }
    }

    /// Adds the games counted by `other`.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.white += other.white;
        self.draws += other.draws;
        self.black += other.black;
        self.elo_sum += other.elo_sum;
        self.elo_count += other.elo_count;
    }

    /// The average rating of the players of these games, if any was given.
    pub fn average_elo(&self) -> Option<u32> {
        (self.elo_count > 0).then(|| (self.elo_sum / u64::from(self.elo_count)) as u32)
    }
}

/// The moves played from one position over many games: each game counts
/// once, with the move it played the first time it reached the position
/// (a game that ended there counts in the total only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// Every game that reached the position.
    pub total: Tally,
    moves: HashMap<PackedMove, Tally>,
}

impl Tree {
    /// Counts `game` if it reaches `key`; gives the ply at which it does.
    pub fn add(&mut self, key: PositionKey, info: &GameInfo, game: &GamePositions) -> Option<usize> {
        let ply = game.first_ply(key)?;
        self.count(info, game.move_at(ply));
        Some(ply)
    }

    /// Counts a game that reached the position and played `next` from it
    /// (`None`: it ended there).
    pub fn count(&mut self, info: &GameInfo, next: Option<PackedMove>) {
        self.total.add(info);
        if let Some(m) = next {
            self.moves.entry(m).or_default().add(info);
        }
    }

    /// Counts, for the move `next`, games already added up elsewhere (each must also
    /// be in the total, see [`Tree::add_total`]).
    pub fn add_move(&mut self, next: PackedMove, tally: &Tally) {
        self.moves.entry(next).or_default().merge(tally);
    }

    /// Counts, in the total only, games already added up elsewhere.
    pub fn add_total(&mut self, tally: &Tally) {
        self.total.merge(tally);
    }

    /// Adds the games counted by `other` (from other games).
    pub fn merge(&mut self, other: &Tree) {
        self.total.merge(&other.total);
        for (m, t) in &other.moves {
            self.moves.entry(*m).or_default().merge(t);
        }
    }

    /// The moves, most played first (then in UCI order).
    pub fn moves(&self) -> Vec<(PackedMove, Tally)> {
        let mut v: Vec<_> = self.moves.iter().map(|(m, t)| (*m, *t)).collect();
        v.sort_by_cached_key(|(m, t)| (std::cmp::Reverse(t.games), m.uci().to_string()));
        v
    }
}

impl std::ops::Deref for Tree {
    type Target = Tally;

    fn deref(&self) -> &Tally {
        &self.total
    }
}

/// The positions of many games, to answer the explorer and the search for
/// any position.
#[derive(Clone, Debug, Default)]
pub struct PositionIndex {
    games: Vec<(GameInfo, u32)>,
    keys: Vec<u64>,
    moves: Vec<PackedMove>,
}

impl PositionIndex {
    /// Adds a game's positions.
    pub fn add(&mut self, info: GameInfo, game: &GamePositions) {
        let start = u32::try_from(self.keys.len()).unwrap_or(u32::MAX);
        self.games.push((info, start));
        self.keys.extend_from_slice(&game.keys);
        self.moves.extend_from_slice(&game.moves);
        // One move fewer than positions: the last position's slot is empty
        // (a game of a variant Movetext does not play has neither).
        if !game.keys.is_empty() {
            self.moves.push(PackedMove(u16::MAX));
        }
    }

    /// Adds the games of `other` after those of this index.
    pub fn append(&mut self, other: PositionIndex) {
        let base = u32::try_from(self.keys.len()).unwrap_or(u32::MAX);
        self.games.extend(other.games.into_iter().map(|(info, start)| (info, start.saturating_add(base))));
        self.keys.extend(other.keys);
        self.moves.extend(other.moves);
    }

    /// Games indexed.
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// Positions indexed.
    pub fn positions(&self) -> usize {
        self.keys.len()
    }

    /// Bytes held by the index (its arrays' capacity).
    pub fn heap_bytes(&self) -> usize {
        self.games.capacity() * std::mem::size_of::<(GameInfo, u32)>()
            + self.keys.capacity() * 8
            + self.moves.capacity() * 2
    }

    /// Each game that reaches `key`: its info, the first ply at which it
    /// does, and where that position is in `keys`.
    fn arrivals(&self, key: PositionKey) -> impl Iterator<Item = (&GameInfo, usize, usize)> + '_ {
        self.games.iter().enumerate().filter_map(move |(i, (info, start))| {
            let start = *start as usize;
            let end = self.games.get(i + 1).map_or(self.keys.len(), |g| g.1 as usize);
            let ply = self.keys[start..end].iter().position(|&k| k == key.0)?;
            Some((info, ply, start + ply))
        })
    }

    /// The moves played from `key` in the indexed games.
    pub fn tree(&self, key: PositionKey) -> Tree {
        let mut tree = Tree::default();
        for (info, _, at) in self.arrivals(key) {
            let m = self.moves[at];
            tree.count(info, (m.0 != u16::MAX).then_some(m));
        }
        tree
    }

    /// The games that reach `key`, as (game number, first ply), in the
    /// order they were added.
    pub fn search(&self, key: PositionKey) -> Vec<(u32, usize)> {
        self.arrivals(key).map(|(info, ply, _)| (info.number, ply)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games of made-up positions, of 0 to 300 plies: each position's key
    /// is its own, but for the start (every game's) and a key that some
    /// games reach twice.
    fn made_up_games() -> Vec<GamePositions> {
        let mut rng = movetext_hostile::Rng::new(12345);
        (0..2000u64)
            .map(|g| {
                let n = if g % 97 == 0 { 0 } else { 1 + rng.below(300) };
                let keys = (0..n as u64)
                    .map(|p| match p {
                        0 => 1,
                        _ if p % 50 == 7 && g % 3 == 0 => 2,
                        _ => g << 32 | p,
                    })
                    .collect();
                let moves = (1..n).map(|_| PackedMove(rng.below(4000) as u16)).collect();
                GamePositions { keys, moves }
            })
            .collect()
    }

    #[test]
    fn the_index_answers_as_the_games_say_with_games_of_no_positions_among_them() {
        let games = made_up_games();
        let info = |i: usize| GameInfo { number: i as u32 + 1, outcome: Outcome::Unknown, elo: [None; 2] };
        let mut index = PositionIndex::default();
        let (mut first, mut second) = (PositionIndex::default(), PositionIndex::default());
        for (i, g) in games.iter().enumerate() {
            index.add(info(i), g);
            if i < 1200 { &mut first } else { &mut second }.add(info(i), g);
        }
        first.append(second);
        let total: usize = games.iter().map(GamePositions::len).sum();
        for key in [1, 2, 5 << 32 | 3, 1999 << 32 | 1, 42] {
            let want: Vec<(u32, usize, PackedMove)> = games
                .iter()
                .enumerate()
                .filter_map(|(i, g)| {
                    let ply = g.keys.iter().position(|&k| k == key)?;
                    Some((i as u32 + 1, ply, g.moves.get(ply).copied().unwrap_or(PackedMove(u16::MAX))))
                })
                .collect();
            for idx in [&index, &first] {
                assert_eq!(idx.positions(), total);
                assert_eq!(idx.games(), games.len());
                let got: Vec<_> =
                    idx.arrivals(PositionKey(key)).map(|(i, ply, at)| (i.number, ply, idx.moves[at])).collect();
                assert_eq!(got, want, "key {key:#x}");
            }
        }
    }

    #[test]
    fn glued_move_numbers_and_castling_with_zeros_are_read_the_quick_way() {
        let target: Target = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3".parse().unwrap();
        for (text, want) in [
            (&b"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 *"[..], Some(Some(5))),
            (b"1.e4 1...e5 2.Nf3 2...Nc6 3.Bb5 *", Some(Some(5))),
            (b"1.1.e4 e5 2.Nf3 Nc6 3.Bc4 *", Some(None)),
            // Not sure: the reader takes these otherwise.
            (b"1.e4 e5 2.Nf3\xc2\xb1 Nc6 3.Bb5 *", None),
            (b"1.e4 e5 2.0-0 *", None),
            // Castling with zeros.
            (b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. 0-0 Nf6 *", Some(Some(5))),
            (b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *", Some(None)),
        ] {
            assert_eq!(target.quick_first_ply(text, 0), want, "{}", String::from_utf8_lossy(text));
        }
    }
}
