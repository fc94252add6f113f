//! Moves as real files write them: SAN and its lax forms (`0-0`, `P`,
//! promotions without `=`, `e.p.`, `++`, suffix marks), long algebraic
//! (`Ng1-f3`), coordinates (`e2e4`), null moves (`--`, `Z0`); and the words
//! that explain why a move cannot be played.

use shakmaty::{
    attacks,
    san::{San, SanError, SanPlus, Suffix},
    uci::UciMove,
    CastlingSide, Color, Move, Piece, Role, Square,
};

/// What a move token means before it meets a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaxMove {
    /// Standard algebraic notation (after repairs).
    San(San),
    /// Coordinates or long algebraic notation, as a UCI move, with the
    /// piece letter if one was written.
    Coordinates(UciMove, Option<Role>),
    /// A null move.
    Null,
}

/// Repairs made while reading a token, as bit flags.
pub mod repair {
    /// `0-0` for `O-O`.
    pub const ZEROS: u16 = 1;
    /// A pawn move written with `P`.
    pub const PAWN_LETTER: u16 = 2;
    /// A promotion without `=`.
    pub const NO_EQUALS: u16 = 4;
    /// An `e.p.` mark.
    pub const EP: u16 = 8;
    /// `++` for check or mate.
    pub const DOUBLE_PLUS: u16 = 16;
    /// Long algebraic notation.
    pub const LONG: u16 = 32;
    /// Coordinate notation.
    pub const COORDINATES: u16 = 64;
    /// A lower-case promotion piece or castling letter.
    pub const CASE: u16 = 128;
    /// A stray `=` after a move that is no promotion (`Bc5=`).
    pub const STRAY_EQUALS: u16 = 256;
    /// The check mark written after the annotation marks (`Nf3!+`).
    pub const MARK_ORDER: u16 = 512;
}

/// A move token taken apart: the move, its check mark, its suffix NAGs and
/// the repairs it needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The move.
    pub mv: LaxMove,
    /// `+` or `#` as written.
    pub suffix: Option<Suffix>,
    /// Up to two NAGs from marks like `!?` written on the move.
    pub nags: [u8; 2],
    /// Repair flags from [`repair`].
    pub repairs: u16,
}

/// The NAG of a suffix mark: `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
pub fn suffix_nag(s: &[u8]) -> Option<u8> {
    Some(match s {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        _ => return None,
    })
}

fn strip_suffix_marks(t: &[u8], nags: &mut [u8; 2]) -> usize {
    let mut e = t.len();
    while e > 0 && matches!(t[e - 1], b'!' | b'?') {
        e -= 1;
    }
    if e < t.len() {
        let marks = &t[e..];
        if let Some(n) = suffix_nag(marks) {
            nags[0] = n;
        } else if marks.len() == 3 || marks.len() == 4 {
            // "!!?" and the like: two marks run together.
            // Longest first mark that leaves a valid second one.
            for cut in [2, 1] {
                let (a, b) = marks.split_at(cut.min(marks.len()));
                if let (Some(x), Some(y)) = (suffix_nag(a), suffix_nag(b)) {
                    *nags = [x, y];
                    break;
                }
            }
        }
    }
    e
}

/// The square written as `file` and `rank` bytes (`b'e'`, `b'4'`).
#[inline]
fn square_at(file: u8, rank: u8) -> Option<Square> {
    if matches!(file, b'a'..=b'h') && matches!(rank, b'1'..=b'8') {
        Some(Square::from_coords(
            shakmaty::File::new(u32::from(file - b'a')),
            shakmaty::Rank::new(u32::from(rank - b'1')),
        ))
    } else {
        None
    }
}

/// A move's text without the square it ends with (`Nb` and b5 of `Nbb5`).
#[inline(always)]
fn split_square(t: &[u8]) -> Option<(&[u8], Square)> {
    match *t {
        [ref head @ .., f, r] => Some((head, square_at(f, r)?)),
        _ => None,
    }
}

/// The usual SAN read without shakmaty's general reader: a pawn move
/// (`e4`, `exd5`, no promotion) or a piece move (`Nf3`, `Nbxd7`, `R1e2`,
/// `Qh4e1`), with `+` or `#`. `None` for anything else, which the general
/// reader then reads (to the same result when this one succeeds).
#[cfg_attr(not(feature = "compact"), inline(always))]
fn plain_san(t: &[u8]) -> Option<(San, Option<Suffix>)> {
    let (t, suffix) = match t.last()? {
        b'+' => (&t[..t.len() - 1], Some(Suffix::Check)),
        b'#' => (&t[..t.len() - 1], Some(Suffix::Checkmate)),
        _ => (t, None),
    };
    let (head, to) = split_square(t)?;
    let (role, head) = match head.first() {
        Some(b'N') => (Role::Knight, &head[1..]),
        Some(b'B') => (Role::Bishop, &head[1..]),
        Some(b'R') => (Role::Rook, &head[1..]),
        Some(b'Q') => (Role::Queen, &head[1..]),
        Some(b'K') => (Role::King, &head[1..]),
        _ => (Role::Pawn, head),
    };
    let (head, capture) = match head.split_last() {
        Some((b'x', rest)) => (rest, true),
        _ => (head, false),
    };
    let file_of = |b: u8| matches!(b, b'a'..=b'h').then(|| shakmaty::File::new(u32::from(b - b'a')));
    let rank_of = |b: u8| matches!(b, b'1'..=b'8').then(|| shakmaty::Rank::new(u32::from(b - b'1')));
    let (file, rank) = match *head {
        [] => (None, None),
        [b] if matches!(b, b'a'..=b'h') => (file_of(b), None),
        [b] => (None, Some(rank_of(b)?)),
        [f, r] => (Some(file_of(f)?), Some(rank_of(r)?)),
        _ => return None,
    };
    // A pawn: "e4" or "exd5" only.
    if role == Role::Pawn && (rank.is_some() || capture != file.is_some()) {
        return None;
    }
    Some((San::Normal { role, file, rank, capture, to, promotion: None }, suffix))
}

/// The usual move found the quickest way: a plain SAN token (suffix marks
/// allowed) that [`crate::quick_san::resolve`] proves legal in `pos`; its
/// move, check mark and NAGs, as [`parse_token`] and [`resolve`] would give
/// them (with no repair). `None`: take the general way. (Inlined into
/// each caller: the reader's walk is slower for a call in its loop.)
#[cfg_attr(not(feature = "compact"), inline(always))]
#[cfg_attr(feature = "compact", inline)]
pub fn quick_move<P: crate::rules::Played>(t: &[u8], pos: &P) -> Option<(Move, Option<Suffix>, [u8; 2])> {
    let mut nags = [0u8; 2];
    let e = if matches!(t.last(), Some(b'!' | b'?')) { strip_suffix_marks(t, &mut nags) } else { t.len() };
    let t = &t[..e];
    let (san, suffix) = match plain_san(t) {
        Some(s) => s,
        None => plain_castle(t)?,
    };
    let m = pos.quick(&san)?;
    Some((m, suffix, nags))
}

/// A game's termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
pub(crate) fn is_result(t: &[u8]) -> bool {
    matches!(t, b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
}

/// Castling written with zeros, as the reader takes it (`0-0`, `0-0-0+`).
pub(crate) fn is_zero_castle(t: &[u8]) -> bool {
    matches!(t, b"0-0" | b"0-0-0" | b"0-0+" | b"0-0-0+" | b"0-0#" | b"0-0-0#")
}

/// Does a token starting with `b` start as the usual move does (a file or
/// a piece letter, `O` of castling)?
#[inline(always)]
pub(crate) fn starts_move(b: u8) -> bool {
    matches!(b, b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N' | b'O')
}

/// How many bytes of move numbers start `sym` (`12.e4`, `1.1.e4`, and the
/// dots of `..Kf8`), or `None` when there is nothing else (a move number on
/// its own, or dots).
pub(crate) fn number_cut(sym: &[u8]) -> Option<usize> {
    let mut rest = sym;
    // Move numbers: "12.", "12...", "12.e4", "12".
    if rest[0].is_ascii_digit() && !is_result(rest) && !is_zero_castle(rest) {
        // "1.1.e4" and the like: every number with dots goes.
        loop {
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            let dots = rest[digits..].iter().take_while(|b| **b == b'.').count();
            if digits == 0 || dots == 0 || digits + dots == rest.len() {
                if digits > 0 && digits + dots == rest.len() {
                    return None;
                }
                break;
            }
            rest = &rest[digits + dots..];
        }
    }
    if rest.iter().all(|b| *b == b'.') {
        return None;
    }
    if rest[0] == b'.' {
        // "16. ..Kf8": the dots of Black's move number run into the move.
        let dots = rest.iter().take_while(|b| **b == b'.').count();
        if rest.get(dots).is_some_and(u8::is_ascii_alphabetic) {
            rest = &rest[dots..];
        }
    }
    Some(sym.len() - rest.len())
}

/// What a move token written the plain way says of its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plain {
    /// `O-O`, `O-O-O`.
    Castle,
    /// A piece's move to `to` (`Nf3`, `Rxe1`, `Nbd7`).
    Piece { to: Square },
    /// A pawn's move to `to`: from the file `from` when it takes (`exd5`),
    /// `promotion` when it promotes (`e8=Q`).
    Pawn { from: Option<shakmaty::File>, to: Square, promotion: bool },
}

/// A move token written the plain way, read as [`parse_token`] reads it:
/// plain SAN or castling ([`quick_move`]'s, or with zeros), or a promotion
/// (`e8=Q`, `exd8=N+`), suffix marks allowed. `None` for anything else.
#[inline(always)]
pub(crate) fn plain_move(t: &[u8]) -> Option<Plain> {
    let mut n = strip_suffix_marks(t, &mut [0; 2]);
    if n > 0 && matches!(t[n - 1], b'+' | b'#') {
        n -= 1;
    }
    let t = &t[..n];
    if matches!(t, b"O-O" | b"O-O-O" | b"0-0" | b"0-0-0") {
        return Some(Plain::Castle);
    }
    let (t, promotion) = match t {
        [rest @ .., b'=', b'Q' | b'R' | b'B' | b'N'] => (rest, true),
        _ => (t, false),
    };
    let (head, to) = split_square(t)?;
    let file = |f: u8| shakmaty::File::new(u32::from(f - b'a'));
    match *head {
        [b'N' | b'B' | b'R' | b'Q' | b'K', ref rest @ ..] if !promotion => {
            let rest = rest.strip_suffix(b"x").unwrap_or(rest);
            let hint = match *rest {
                [] => true,
                [b] => matches!(b, b'a'..=b'h' | b'1'..=b'8'),
                [f, r] => matches!(f, b'a'..=b'h') && matches!(r, b'1'..=b'8'),
                _ => false,
            };
            hint.then_some(Plain::Piece { to })
        }
        _ if promotion && !matches!(to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth) => None,
        [] => Some(Plain::Pawn { from: None, to, promotion }),
        [f @ b'a'..=b'h', b'x'] => Some(Plain::Pawn { from: Some(file(f)), to, promotion }),
        _ => None,
    }
}

/// Castling written the standard way (`O-O`, `O-O-O`), with `+` or `#`.
fn plain_castle(t: &[u8]) -> Option<(San, Option<Suffix>)> {
    let (t, suffix) = match t.last()? {
        b'+' => (&t[..t.len() - 1], Some(Suffix::Check)),
        b'#' => (&t[..t.len() - 1], Some(Suffix::Checkmate)),
        _ => (t, None),
    };
    let side = match t {
        b"O-O" => CastlingSide::KingSide,
        b"O-O-O" => CastlingSide::QueenSide,
        _ => return None,
    };
    Some((San::Castle(side), suffix))
}

/// Takes a move token apart (move number already removed). `None` if it
/// is no move at all.
#[inline]
pub fn parse_token(t: &[u8]) -> Option<Token> {
    // "Nf3!+": the check mark after the annotation marks, read as "Nf3+!".
    if let [.., b'!' | b'?', last @ (b'+' | b'#')] = t {
        let mut moved = t[..t.len() - 1].to_vec();
        let marks = moved.iter().rev().take_while(|b| matches!(b, b'!' | b'?')).count();
        moved.insert(moved.len() - marks, *last);
        return parse_token(&moved).map(|tok| Token { repairs: tok.repairs | repair::MARK_ORDER, ..tok });
    }
    let mut nags = [0u8; 2];
    let mut repairs = 0u16;
    let mut e = strip_suffix_marks(t, &mut nags);
    let mut t = &t[..e];
    // Quickest path: the usual SAN ("e4", "exd5", "Nbd7+").
    if let Some((san, suffix)) = plain_san(t) {
        return Some(Token { mv: LaxMove::San(san), suffix, nags, repairs });
    }
    // Fast path: plain SAN (but "e1g1" is coordinates, not a pawn move).
    let coordinates = t.len() >= 4 && matches!(t[0], b'a'..=b'h') && matches!(t[1], b'1'..=b'8');
    if let (false, Ok(sp)) = (coordinates, SanPlus::from_ascii(t)) {
        if !matches!(sp.san, San::Null) || t == b"--" || t == b"Z0" {
            return Some(Token {
                mv: if sp.san == San::Null { LaxMove::Null } else { LaxMove::San(sp.san) },
                suffix: sp.suffix,
                nags,
                repairs,
            });
        }
    }
    // Check and mate marks.
    let mut suffix = None;
    if t.ends_with(b"++") {
        suffix = Some(Suffix::Check);
        repairs |= repair::DOUBLE_PLUS;
        e -= 2;
    } else if t.ends_with(b"+") {
        suffix = Some(Suffix::Check);
        e -= 1;
    } else if t.ends_with(b"#") {
        suffix = Some(Suffix::Checkmate);
        e -= 1;
    }
    t = &t[..e];
    // A stray "=" after a move that is no promotion ("Bc5=", "Nf3=+").
    if t.len() >= 3 && t.ends_with(b"=") && !(matches!(t[0], b'a'..=b'h') && matches!(t[t.len() - 2], b'1' | b'8')) {
        t = &t[..t.len() - 1];
        repairs |= repair::STRAY_EQUALS;
    }
    // En passant marks.
    for ep in [&b"e.p."[..], b"ep", b"e.p"] {
        if t.len() > ep.len() + 1 && t.ends_with(ep) {
            t = &t[..t.len() - ep.len()];
            repairs |= repair::EP;
            break;
        }
    }
    let mut buf = [0u8; 16];
    if t.is_empty() || t.len() > buf.len() {
        return None;
    }
    // Castling in its many spellings.
    let castle = match t {
        b"O-O" | b"0-0" | b"o-o" | b"OO" | b"00" => Some(CastlingSide::KingSide),
        b"O-O-O" | b"0-0-0" | b"o-o-o" | b"OOO" | b"000" => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = castle {
        if t[0] == b'0' {
            repairs |= repair::ZEROS;
        } else if t[0] == b'o' {
            repairs |= repair::CASE;
        }
        return Some(Token { mv: LaxMove::San(San::Castle(side)), suffix, nags, repairs });
    }
    if matches!(t, b"--" | b"Z0" | b"0000" | b"null" | b"pass") {
        return Some(Token { mv: LaxMove::Null, suffix, nags, repairs });
    }
    let n = t.len();
    buf[..n].copy_from_slice(t);
    let mut s = &mut buf[..n];
    // Pawn letter: "Pe4", "Pxd5", "Pe2-e4".
    if s.len() >= 3 && s[0] == b'P' && (matches!(s[1], b'a'..=b'h' | b'x')) {
        repairs |= repair::PAWN_LETTER;
        s = &mut s[1..];
    }
    // Long algebraic or coordinates: [piece] square [-x:] square [=][piece].
    if let Some(tok) = parse_long(s, &mut repairs) {
        return Some(Token { mv: tok.0, suffix, nags, repairs: repairs | tok.1 });
    }
    // Promotion without "=" or with a lower-case piece.
    let mut fixed = [0u8; 17];
    let mut len = s.len();
    fixed[..len].copy_from_slice(s);
    if len >= 3 {
        let last = fixed[len - 1];
        let before = fixed[len - 2];
        if matches!(last, b'q' | b'r' | b'b' | b'n') && (before == b'=' || before == b'1' || before == b'8') {
            fixed[len - 1] = last.to_ascii_uppercase();
            repairs |= repair::CASE;
        }
        let last = fixed[len - 1];
        let before = fixed[len - 2];
        if matches!(last, b'Q' | b'R' | b'B' | b'N') && (before == b'1' || before == b'8') {
            fixed[len - 1] = b'=';
            fixed[len] = last;
            len += 1;
            repairs |= repair::NO_EQUALS;
        }
    }
    let san = San::from_ascii(&fixed[..len]).ok()?;
    Some(Token { mv: if san == San::Null { LaxMove::Null } else { LaxMove::San(san) }, suffix, nags, repairs })
}

/// Why a word that is no move may have been written so: a piece letter of
/// another language, as in `Sf3` (German `S` for the knight).
pub fn not_a_move_hint(t: &[u8]) -> Option<String> {
    let (&first, rest) = t.split_first()?;
    if !first.is_ascii_uppercase()
        || matches!(first, b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'O' | b'Z')
        || rest.len() > 15
    {
        return None;
    }
    // The rest must read as the move of a piece: "f3", "xe5", "bd7".
    let mut probe = [0u8; 16];
    probe[0] = b'N';
    probe[1..=rest.len()].copy_from_slice(rest);
    match SanPlus::from_ascii(&probe[..=rest.len()]).ok()?.san {
        San::Normal { role: Role::Knight, .. } => {
            Some(format!("{} is not a piece letter of PGN, which writes K, Q, R, B and N", first as char))
        }
        _ => None,
    }
}

fn parse_square(s: &[u8]) -> Option<Square> {
    if s.len() >= 2 && matches!(s[0], b'a'..=b'h') && matches!(s[1], b'1'..=b'8') {
        Square::from_ascii(&s[..2]).ok()
    } else {
        None
    }
}

fn role_of(c: u8) -> Option<Role> {
    Role::from_char(c.to_ascii_lowercase() as char)
}

/// `Ng1-f3`, `e2xd3`, `e7e8q`, `e2e4`, `Ke1-g1`.
fn parse_long(s: &[u8], repairs: &mut u16) -> Option<(LaxMove, u16)> {
    let (role, rest) = match s.first() {
        Some(&c @ (b'K' | b'Q' | b'R' | b'B' | b'N')) => (role_of(c), &s[1..]),
        _ => (None, s),
    };
    let from = parse_square(rest)?;
    let mut rest = &rest[2..];
    let mut flag = repair::COORDINATES;
    if let Some(&c) = rest.first() {
        if matches!(c, b'-' | b'x' | b':') {
            rest = &rest[1..];
            flag = repair::LONG;
        }
    }
    let to = parse_square(rest)?;
    rest = &rest[2..];
    if rest.first() == Some(&b'=') {
        rest = &rest[1..];
    }
    let promotion = match rest {
        [] => None,
        [c] => {
            if c.is_ascii_lowercase() && flag == repair::LONG {
                *repairs |= repair::CASE;
            }
            Some(role_of(*c)?).filter(|r| *r != Role::Pawn && *r != Role::King)
        }
        _ => return None,
    };
    if rest.len() == 1 && promotion.is_none() {
        return None;
    }
    if role.is_some() && flag == repair::COORDINATES {
        // "Ng1f3": long algebraic without a separator.
        flag = repair::LONG;
    }
    Some((LaxMove::Coordinates(UciMove::Normal { from, to, promotion }, role), flag))
}

/// The outcome of resolving a token in a position.
#[derive(Debug)]
pub enum Resolved {
    /// A legal move, with the key of an extra repair diagnostic (see
    /// [`crate::diagnostic_messages`]) if the token needed one that only the
    /// position reveals (a wrong capture mark, say).
    Move(Move, Option<&'static str>),
    /// A null move.
    Null,
    /// The move cannot be played; the reason in words.
    Illegal(String),
}

/// Finds the legal move a token means in `pos`.
pub fn resolve<P: crate::rules::Played>(tok: &Token, pos: &P) -> Resolved {
    match tok.mv {
        LaxMove::Null => {
            if pos.is_check() {
                Resolved::Illegal("a null move is not possible while in check".into())
            } else {
                Resolved::Null
            }
        }
        LaxMove::San(san) => match pos.quick(&san).map_or_else(|| san.to_move(pos), Ok) {
            Ok(m) => Resolved::Move(m, None),
            Err(SanError::AmbiguousSan) => Resolved::Illegal(explain_ambiguous(san, pos)),
            Err(SanError::IllegalSan) => {
                if let San::Normal { role, file, rank, capture, to, promotion } = san {
                    let other = San::Normal { role, file, rank, capture: !capture, to, promotion };
                    if let Ok(m) = other.to_move(pos) {
                        let key = if capture { "repair-no-capture" } else { "repair-capture-without-x" };
                        return Resolved::Move(m, Some(key));
                    }
                }
                Resolved::Illegal(explain_illegal(san, pos))
            }
        },
        LaxMove::Coordinates(uci, role) => match uci.to_move(pos) {
            Ok(m) => {
                if let Some(r) = role {
                    if m.role() != r {
                        return Resolved::Illegal(format!(
                            "the piece on {} is not a {}",
                            m.from().map_or(String::new(), |s| s.to_string()),
                            role_name(r)
                        ));
                    }
                }
                Resolved::Move(m, None)
            }
            Err(_) => Resolved::Illegal(explain_coordinates(uci, pos)),
        },
    }
}

/// "white" or "black".
pub fn color_name(c: Color) -> &'static str {
    if c.is_white() {
        "white"
    } else {
        "black"
    }
}

/// The English name of a piece kind.
pub fn role_name(r: Role) -> &'static str {
    match r {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

fn plural(r: Role) -> &'static str {
    match r {
        Role::Pawn => "pawns",
        Role::Knight => "knights",
        Role::Bishop => "bishops",
        Role::Rook => "rooks",
        Role::Queen => "queens",
        Role::King => "kings",
    }
}

fn join_squares(sqs: impl Iterator<Item = Square>) -> String {
    let v: Vec<Square> = sqs.collect();
    let mut out = String::new();
    for (i, s) in v.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == v.len() { " and " } else { ", " });
        }
        s.append_to_string(&mut out);
    }
    out
}

fn explain_ambiguous<P: crate::rules::Played>(san: San, pos: &P) -> String {
    if let San::Normal { role, to, .. } = san {
        let froms = pos
            .san_candidates(role, to)
            .iter()
            .filter(|m| san.matches(**m))
            .filter_map(|m| m.from())
            .collect::<Vec<_>>();
        format!("ambiguous: {} on {} can each go to {}", plural(role), join_squares(froms.into_iter()), to)
    } else {
        "ambiguous".into()
    }
}

/// Can a piece of `role` on `from` reach `to` ignoring checks and pins?
fn reaches<P: crate::rules::Played>(pos: &P, role: Role, from: Square, to: Square) -> bool {
    let board = pos.board();
    let color = pos.turn();
    if role == Role::Pawn {
        let forward: i32 = if color.is_white() { 8 } else { -8 };
        let f = i32::from(u8::from(from));
        let t = i32::from(u8::from(to));
        let start_rank = if color.is_white() { 1 } else { 6 };
        let push1 = t == f + forward && board.piece_at(to).is_none();
        let push2 = t == f + 2 * forward
            && u32::from(from.rank()) == start_rank
            && board.piece_at(to).is_none()
            && Square::try_from(f + forward).ok().is_some_and(|m| board.piece_at(m).is_none());
        let capture = attacks::pawn_attacks(color, from).contains(to);
        return push1 || push2 || capture;
    }
    attacks::attacks(from, Piece { color, role }, board.occupied()).contains(to)
}

fn explain_illegal<P: crate::rules::Played>(san: San, pos: &P) -> String {
    let us = pos.turn();
    let board = pos.board();
    match san {
        San::Normal { role, file, rank, capture, to, promotion } => {
            // The other side's move?
            if let Some(other) = crate::rules::swapped(pos) {
                if san.to_move(&other).is_ok() {
                    return format!("it is {}'s move, and this is a {} move", color_name(us), color_name(!us));
                }
            }
            let ours = board.by_piece(Piece { color: us, role });
            if ours.is_empty() {
                return format!("{} has no {}", color_name(us), role_name(role));
            }
            if let Some(p) = board.piece_at(to) {
                if p.color == us {
                    return format!("{} is occupied by a {} {}", to, color_name(us), role_name(p.role));
                }
            }
            let matching: Vec<Square> = ours
                .into_iter()
                .filter(|s| file.is_none_or(|f| f == s.file()) && rank.is_none_or(|r| r == s.rank()))
                .collect();
            let reaching: Vec<Square> = matching.iter().copied().filter(|&s| reaches(pos, role, s, to)).collect();
            let verb = if capture { "attacks" } else { "can go to" };
            if reaching.is_empty() {
                if matching.is_empty() {
                    let place = match (file, rank) {
                        (Some(f), Some(r)) => format!(" on {}{}", f.char(), r.char()),
                        (Some(f), None) => format!(" on the {}-file", f.char()),
                        (None, Some(r)) => format!(" on rank {}", r.char()),
                        _ => String::new(),
                    };
                    return format!("no {}{} {} {}", role_name(role), place, verb, to);
                }
                return format!("no {} {} {}", role_name(role), verb, to);
            }
            if role == Role::Pawn
                && promotion.is_none()
                && (to.rank() == shakmaty::Rank::Eighth || to.rank() == shakmaty::Rank::First)
            {
                return "a pawn reaching the last rank must promote".into();
            }
            if promotion.is_some() && !(to.rank() == shakmaty::Rank::Eighth || to.rank() == shakmaty::Rank::First) {
                return format!("a pawn can only promote on the last rank, not on {}", to);
            }
            if pos.is_check() {
                return format!("{} is in check, and this move does not get out of it", color_name(us));
            }
            "it would leave the king in check".into()
        }
        San::Castle(side) => {
            let which = if side == CastlingSide::KingSide { "king" } else { "queen" };
            if !pos.castles().has(us, side) {
                format!("{} may no longer castle on the {} side", color_name(us), which)
            } else if pos.is_check() {
                "castling is not allowed while in check".into()
            } else {
                format!("castling on the {} side is blocked or passes through an attacked square", which)
            }
        }
        San::Put { .. } => "drops belong to Crazyhouse, not to this game".into(),
        San::Null => "a null move is not possible here".into(),
    }
}

fn explain_coordinates<P: crate::rules::Played>(uci: UciMove, pos: &P) -> String {
    if let UciMove::Normal { from, to, .. } = uci {
        match pos.board().piece_at(from) {
            None => format!("there is no piece on {}", from),
            Some(p) if p.color != pos.turn() => format!(
                "the {} on {} is {}'s, and it is {}'s move",
                role_name(p.role),
                from,
                color_name(p.color),
                color_name(pos.turn())
            ),
            Some(p) => {
                if reaches(pos, p.role, from, to) {
                    "it would leave the king in check".into()
                } else {
                    format!("the {} on {} cannot go to {}", role_name(p.role), from, to)
                }
            }
        }
    } else {
        "not a move here".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::Chess;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(shakmaty::CastlingMode::Standard).unwrap()
    }

    /// `count` tokens of 1 to `longest` bytes of `alphabet`, at random
    /// from `seed`.
    fn random_tokens(alphabet: &[u8], mut seed: u64, count: usize, longest: u64) -> impl Iterator<Item = Vec<u8>> + '_ {
        (0..count).map(move |_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = 1 + (seed % longest) as usize;
            (0..len).map(|i| alphabet[((seed >> (8 + 5 * i)) % alphabet.len() as u64) as usize]).collect()
        })
    }

    #[test]
    fn plain_san_reads_as_shakmaty() {
        // Tokens built from the bytes that matter, at random: whenever the
        // quick reader reads one, shakmaty reads it the same way.
        let mut read = 0;
        for t in random_tokens(b"NBRQKPabdeh1278x+#=-O", 0x2545_f491_4f6c_dd1d, 400_000, 7) {
            if let Some((san, suffix)) = plain_san(&t) {
                read += 1;
                let sp = SanPlus::from_ascii(&t).unwrap_or_else(|e| panic!("{}: {e}", String::from_utf8_lossy(&t)));
                assert_eq!((sp.san, sp.suffix), (san, suffix), "{}", String::from_utf8_lossy(&t));
            }
        }
        assert!(read > 1000, "{read}");
        for t in ["e4", "exd5", "Nf3", "Nbd7", "N1d7", "Ng1f3", "Qxh7#", "Kxe2+", "bxa8", "R1xe2"] {
            let sp = SanPlus::from_ascii(t.as_bytes()).unwrap();
            assert_eq!(plain_san(t.as_bytes()), Some((sp.san, sp.suffix)), "{t}");
        }
        for t in ["O-O", "O-O-O", "O-O+", "O-O-O#"] {
            let sp = SanPlus::from_ascii(t.as_bytes()).unwrap();
            assert_eq!(plain_castle(t.as_bytes()), Some((sp.san, sp.suffix)), "{t}");
        }
        for t in ["O-O-", "O-O++", "0-0", "OO", "o-o", "O-O-O-O", "O"] {
            assert_eq!(plain_castle(t.as_bytes()), None, "{t}");
        }
    }

    #[test]
    fn plain_moves_read_as_the_reader_reads_them() {
        // Tokens at random from the bytes that matter: whatever `plain_move`
        // reads, `parse_token` reads as the same move.
        let mut promotions = 0;
        for t in random_tokens(b"NBRQKabdeh01278x+#=-O!?", 0x9e37_79b9_7f4a_7c15, 600_000, 8) {
            if let Some(plain) = plain_move(&t) {
                let tok = parse_token(&t).unwrap_or_else(|| panic!("{}", String::from_utf8_lossy(&t)));
                let read = match tok.mv {
                    LaxMove::San(San::Castle(_)) => Some(Plain::Castle),
                    LaxMove::San(San::Normal { role: Role::Pawn, file, rank: None, capture, to, promotion })
                        if capture == file.is_some() =>
                    {
                        Some(Plain::Pawn { from: file, to, promotion: promotion.is_some() })
                    }
                    LaxMove::San(San::Normal { role, to, promotion: None, .. }) if role != Role::Pawn => {
                        Some(Plain::Piece { to })
                    }
                    _ => None,
                };
                assert_eq!(read, Some(plain), "{}", String::from_utf8_lossy(&t));
                promotions += usize::from(matches!(plain, Plain::Pawn { promotion: true, .. }));
            }
        }
        assert!(promotions > 5, "{promotions}");
        for t in ["e8=Q", "exd8=N+", "b1=R#", "axb1=B!?", "Nf3!", "O-O-O+?", "0-0", "0-0-0#"] {
            assert!(plain_move(t.as_bytes()).is_some(), "{t}");
        }
        for t in ["e8Q", "e8=q", "e7=Q", "e8=K", "ixd8=Q", "e2e4", "Ng1-f3", "--", "00", "Nf3!+"] {
            assert_eq!(plain_move(t.as_bytes()), None, "{t}");
        }
    }

    fn play(tok: &str, p: &Chess) -> Result<String, String> {
        let t = parse_token(tok.as_bytes()).ok_or_else(|| "not a move".to_string())?;
        match resolve(&t, p) {
            Resolved::Move(m, _) => Ok(San::from_move(p, m).to_string()),
            Resolved::Null => Ok("--".into()),
            Resolved::Illegal(why) => Err(why),
        }
    }

    #[test]
    fn lax_forms() {
        let start = Chess::default();
        for (t, want) in [
            ("e4", "e4"),
            ("Pe4", "e4"),
            ("e2e4", "e4"),
            ("e2-e4", "e4"),
            ("Ng1-f3", "Nf3"),
            ("Ng1f3", "Nf3"),
            ("Nf3!?", "Nf3"),
            ("--", "--"),
            ("Z0", "--"),
            ("Nf3=", "Nf3"),
            ("e4=+", "e4"),
        ] {
            assert_eq!(play(t, &start).as_deref(), Ok(want), "{t}");
        }
        let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for (t, want) in [("0-0", "O-O"), ("O-O-O", "O-O-O"), ("0-0-0+", "O-O-O"), ("e1g1", "O-O"), ("o-o", "O-O")] {
            assert_eq!(play(t, &castle).as_deref(), Ok(want), "{t}");
        }
        let promo = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        for t in ["e8Q", "e8=Q", "e8q", "e8=q", "e7e8q", "Pe8Q", "e8Q+"] {
            assert_eq!(play(t, &promo).as_deref(), Ok("e8=Q"), "{t}");
        }
        assert_ne!(parse_token(b"Nf3=").unwrap().repairs & repair::STRAY_EQUALS, 0);
        let t = parse_token(b"Nf3!+").unwrap();
        assert_eq!((t.suffix, t.nags, t.repairs), (Some(Suffix::Check), [1, 0], repair::MARK_ORDER));
        assert_eq!(parse_token(b"Qh7?!#").unwrap().suffix, Some(Suffix::Checkmate));
        assert_ne!(parse_token(b"Rh8=").unwrap().repairs & repair::STRAY_EQUALS, 0);
        assert_eq!(
            parse_token(b"e8=").map(|t| t.repairs & repair::STRAY_EQUALS),
            None,
            "a promotion without its piece"
        );
        let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        for t in ["exd6", "exd6e.p.", "exd6ep", "e5d6"] {
            assert_eq!(play(t, &ep).as_deref(), Ok("exd6"), "{t}");
        }
    }

    #[test]
    fn token_details() {
        let t = parse_token(b"Qh5++").unwrap();
        assert_eq!(t.suffix, Some(Suffix::Check));
        assert_ne!(t.repairs & repair::DOUBLE_PLUS, 0);
        let t = parse_token(b"e4!!?").unwrap();
        assert_eq!(t.nags, [3, 2]);
        let t = parse_token(b"0-0").unwrap();
        assert_ne!(t.repairs & repair::ZEROS, 0);
        assert!(parse_token(b"hello").is_none());
        assert!(parse_token(b"").is_none());
        assert!(parse_token(&[b'a'; 100]).is_none());
    }

    #[test]
    fn explanations() {
        let start = Chess::default();
        assert_eq!(play("Nxe5", &start).unwrap_err(), "no knight attacks e5");
        assert_eq!(play("e5", &start).unwrap_err(), "it is white's move, and this is a black move");
        assert_eq!(play("Qd3", &start).unwrap_err(), "no queen can go to d3");
        assert_eq!(
            play("O-O", &start).unwrap_err(),
            "castling on the king side is blocked or passes through an attacked square"
        );
        assert_eq!(play("e2e5", &start).unwrap_err(), "the pawn on e2 cannot go to e5");
        assert_eq!(play("Nb1", &start).unwrap_err(), "b1 is occupied by a white knight");
        let two = pos("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 5 4");
        assert!(play("Nd4", &two).is_ok());
        let amb = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        assert_eq!(play("Nd2", &amb).unwrap_err(), "ambiguous: knights on b1 and f1 can each go to d2");
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(play("Nc3", &pinned).unwrap_err(), "it would leave the king in check");
    }

    #[test]
    fn hints_for_words_that_are_no_moves() {
        assert_eq!(
            not_a_move_hint(b"Sf3").as_deref(),
            Some("S is not a piece letter of PGN, which writes K, Q, R, B and N")
        );
        assert!(not_a_move_hint(b"Tad1+").is_some());
        assert!(not_a_move_hint(b"Event").is_none());
        assert!(not_a_move_hint(b"Nf3").is_none());
        assert!(not_a_move_hint(b"f3").is_none());
    }

    #[test]
    fn wrong_capture_mark_is_repaired() {
        let start = Chess::default();
        let t = parse_token(b"Nxf3").unwrap();
        assert!(matches!(resolve(&t, &start), Resolved::Move(_, Some(_))));
    }
}
