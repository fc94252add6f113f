//! The rules a game's moves are played by: standard chess and Chess960 with
//! shakmaty's `Chess`, and (with the feature `variants`) lichess's variants
//! with its `VariantPosition`.
//!
//! The reader, the exporter and the editor are written once over
//! [`Played`], and built for each: the standard path stays `Chess`, with
//! nothing of the variants in it. [`AnyPosition`] is the position of a game
//! of any rules Movetext plays, for code that does not know which: the
//! variant position with the feature, `Chess` without it.

use std::fmt;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{san::San, Chess, EnPassantMode, FromSetup, Move, Position, Setup};

/// A position of a game's rules, as the reader, the exporter and the editor
/// play it.
pub trait Played: Position + Clone + fmt::Debug {
    /// The legal move `san` means, when a quick look proves it; `None`
    /// means "ask shakmaty" (the move may still be legal).
    fn quick(&self, san: &San) -> Option<Move>;

    /// The position `setup` describes, under the same rules and castling
    /// mode as this one (for a null move).
    fn rebuilt(&self, setup: Setup) -> Option<Self>;

    /// A game's start under these rules: `chess` as chess holds it, and
    /// `variant` by a variant's rules in a game of one.
    fn start_from(
        chess: &Chess,
        #[cfg(feature = "variants")] variant: Option<&shakmaty::variant::VariantPosition>,
    ) -> Self;

    /// This position when it is one of standard chess.
    fn standard(&self) -> Option<Chess>;

    /// This position's key for the explorer and the search: its Zobrist
    /// hash, told apart by variant (`key_of_any`).
    fn key(&self) -> u64;

    /// This position when it is one of standard chess, to play moves on it
    /// in place.
    fn as_chess_mut(&mut self) -> Option<&mut Chess>;
}

impl Played for Chess {
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn quick(&self, san: &San) -> Option<Move> {
        crate::quick_san::resolve(san, self)
    }

    fn rebuilt(&self, setup: Setup) -> Option<Chess> {
        Chess::from_setup(setup, self.castles().mode()).ok()
    }

    fn start_from(chess: &Chess, #[cfg(feature = "variants")] _: Option<&shakmaty::variant::VariantPosition>) -> Chess {
        chess.clone()
    }

    fn standard(&self) -> Option<Chess> {
        Some(self.clone())
    }

    fn key(&self) -> u64 {
        self.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
    }

    #[inline(always)]
    fn as_chess_mut(&mut self) -> Option<&mut Chess> {
        Some(self)
    }
}

#[cfg(feature = "variants")]
impl Played for shakmaty::variant::VariantPosition {
    fn quick(&self, _san: &San) -> Option<Move> {
        None
    }

    fn rebuilt(&self, setup: Setup) -> Option<Self> {
        Self::from_setup(self.variant(), setup, self.castles().mode()).ok()
    }

    fn start_from(chess: &Chess, variant: Option<&Self>) -> Self {
        match variant {
            Some(v) => v.clone(),
            None => chess.clone().into(),
        }
    }

    fn standard(&self) -> Option<Chess> {
        None
    }

    fn key(&self) -> u64 {
        key_of_any(self)
    }

    fn as_chess_mut(&mut self) -> Option<&mut Chess> {
        None
    }
}

/// lichess's variants, which Movetext plays with the feature `variants`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LichessVariant {
    /// Captured pieces go to the captor's pocket and may be dropped (`N@f3`).
    Crazyhouse,
    /// A capture explodes the pieces around it.
    Atomic,
    /// Captures are forced; losing every piece wins.
    Antichess,
    /// Three checks win.
    ThreeCheck,
    /// A king on a centre square wins.
    KingOfTheHill,
    /// White's horde of pawns against Black's army.
    Horde,
    /// Both kings race to the eighth rank; no checks.
    RacingKings,
}

impl LichessVariant {
    /// Every variant, in the order above.
    pub const ALL: [LichessVariant; 7] = [
        LichessVariant::Crazyhouse,
        LichessVariant::Atomic,
        LichessVariant::Antichess,
        LichessVariant::ThreeCheck,
        LichessVariant::KingOfTheHill,
        LichessVariant::Horde,
        LichessVariant::RacingKings,
    ];

    /// The name lichess writes in the `Variant` tag.
    pub fn name(self) -> &'static str {
        match self {
            LichessVariant::Crazyhouse => "Crazyhouse",
            LichessVariant::Atomic => "Atomic",
            LichessVariant::Antichess => "Antichess",
            LichessVariant::ThreeCheck => "Three-check",
            LichessVariant::KingOfTheHill => "King of the Hill",
            LichessVariant::Horde => "Horde",
            LichessVariant::RacingKings => "Racing Kings",
        }
    }
}

/// The position of a game of any rules Movetext plays: shakmaty's
/// `VariantPosition` with the feature `variants`, else `Chess`.
#[cfg(feature = "variants")]
pub type AnyPosition = shakmaty::variant::VariantPosition;

/// The position of a game of any rules Movetext plays: shakmaty's
/// `VariantPosition` with the feature `variants`, else `Chess`.
#[cfg(not(feature = "variants"))]
pub type AnyPosition = Chess;

/// A position of standard chess (or Chess960), or `None` for a variant's:
/// for what plays standard chess only (the engine, the opening names).
#[cfg(feature = "variants")]
pub fn standard_of(pos: &AnyPosition) -> Option<Chess> {
    match pos {
        shakmaty::variant::VariantPosition::Chess(c) => Some(c.clone()),
        _ => None,
    }
}

/// A position of standard chess (or Chess960), or `None` for a variant's:
/// for what plays standard chess only (the engine, the opening names).
#[cfg(not(feature = "variants"))]
pub fn standard_of(pos: &AnyPosition) -> Option<Chess> {
    Some(pos.clone())
}

/// The position after a null move, if the side to move is not in check.
pub(crate) fn null_move<P: Played>(pos: &P) -> Option<P> {
    if pos.is_check() {
        return None;
    }
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    if pos.turn().is_black() {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.swap_turn();
    pos.rebuilt(setup)
}

/// The same position with the other side to move, if that is a position.
pub(crate) fn swapped<P: Played>(pos: &P) -> Option<P> {
    let mut setup = pos.to_setup(EnPassantMode::Always);
    setup.swap_turn();
    pos.rebuilt(setup)
}

/// Whether this build plays lichess's variants (the feature `variants`).
pub const PLAYS_VARIANTS: bool = cfg!(feature = "variants");

/// A variant's name in a `Variant` tag, as lichess, pychess, python-chess
/// and others write it (case, spaces, hyphens and underscores aside): the
/// variant and whether it is played from a Chess960 start.
pub fn lichess_variant(name: &str) -> Option<(LichessVariant, bool)> {
    let lower: String =
        name.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).map(|c| c.to_ascii_lowercase()).collect();
    let (base, chess960) = match lower.strip_suffix("960") {
        Some(b) => (b, true),
        None => (lower.as_str(), false),
    };
    let v = match base {
        "crazyhouse" | "zh" => LichessVariant::Crazyhouse,
        "atomic" => LichessVariant::Atomic,
        "antichess" => LichessVariant::Antichess,
        "threecheck" | "3check" | "3checks" => LichessVariant::ThreeCheck,
        "kingofthehill" | "koth" => LichessVariant::KingOfTheHill,
        "horde" => LichessVariant::Horde,
        "racingkings" => LichessVariant::RacingKings,
        _ => return None,
    };
    // Chess960 starts only where the variant castles.
    if chess960 && matches!(v, LichessVariant::Horde | LichessVariant::RacingKings | LichessVariant::Antichess) {
        return None;
    }
    Some((v, chess960))
}

#[cfg(feature = "variants")]
impl LichessVariant {
    /// shakmaty's name for these rules.
    pub fn rules(self) -> shakmaty::variant::Variant {
        use shakmaty::variant::Variant as V;
        match self {
            LichessVariant::Crazyhouse => V::Crazyhouse,
            LichessVariant::Atomic => V::Atomic,
            LichessVariant::Antichess => V::Antichess,
            LichessVariant::ThreeCheck => V::ThreeCheck,
            LichessVariant::KingOfTheHill => V::KingOfTheHill,
            LichessVariant::Horde => V::Horde,
            LichessVariant::RacingKings => V::RacingKings,
        }
    }
}

/// A variant's position as chess holds it, for what only looks at the
/// board, the side to move and the move counters (pockets and checks left
/// out, castling rights or an en passant square chess refuses dropped);
/// the standard start when chess cannot hold its board at all (a horde, a
/// king blown up): use `Game::any_position` for those.
#[cfg(feature = "variants")]
pub fn as_chess(pos: &shakmaty::variant::VariantPosition) -> Chess {
    let mut bare = pos.to_setup(EnPassantMode::Legal);
    bare.pockets = None;
    bare.remaining_checks = None;
    bare.promoted = shakmaty::Bitboard::EMPTY;
    match Chess::from_setup(bare, pos.castles().mode()) {
        Ok(p) => p,
        Err(e) => e
            .ignore_invalid_castling_rights()
            .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
            .or_else(shakmaty::PositionError::ignore_too_much_material)
            .unwrap_or_default(),
    }
}

/// The key of a position of a game of any rules: its Zobrist hash, and a
/// variant's told apart from every other variant's (see
/// `PositionKey::of_any`).
pub(crate) fn key_of_any(pos: &AnyPosition) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0 ^ variant_salt(pos)
}

/// What a variant's keys are told apart by: 0 for standard chess.
#[cfg(feature = "variants")]
fn variant_salt(pos: &AnyPosition) -> u64 {
    use shakmaty::variant::Variant as V;
    match pos.variant() {
        V::Chess => 0,
        V::Atomic => 0x9e37_79b9_7f4a_7c15,
        V::Antichess => 0xbf58_476d_1ce4_e5b9,
        V::KingOfTheHill => 0x94d0_49bb_1331_11eb,
        V::ThreeCheck => 0x2545_f491_4f6c_dd1d,
        V::Crazyhouse => 0xd6e8_feb8_6659_fd93,
        V::RacingKings => 0xa076_1d64_78bd_642f,
        V::Horde => 0xe703_7ed1_a0b4_28db,
    }
}

/// What a variant's keys are told apart by: 0 for standard chess.
#[cfg(not(feature = "variants"))]
fn variant_salt(_: &Chess) -> u64 {
    0
}
