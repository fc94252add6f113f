//! Positions given on the command line, as FENs.

use movetext_core::game::LichessVariant;
use movetext_core::positions::{position_of_fen, BadFen, Target};
use movetext_core::rules::AnyPosition;
use movetext_core::shakmaty::fen::Fen;
use movetext_core::shakmaty::Chess;

/// Reads a FEN given on the command line as a position.
pub fn position(s: &str) -> Result<Chess, String> {
    position_of_fen(s).map_err(|e| e.to_string())
}

/// Reads a FEN given on the command line as a position to search for.
pub fn target(s: &str) -> Result<Target, String> {
    s.parse().map_err(|e: BadFen| e.to_string())
}

/// A FEN to search for: its text, and the standard position it is, if it
/// is one (with `--variant` it is read by that variant's rules instead).
#[derive(Clone, Debug)]
pub struct SearchFen {
    /// The FEN as written.
    pub fen: Fen,
    /// The position of standard chess it names, or why it names none.
    pub standard: Result<Target, String>,
}

/// Reads the FEN of `search`: refused only when it is not a FEN at all
/// (then with what is wrong with it as a standard position).
pub fn search_fen(s: &str) -> Result<SearchFen, String> {
    let standard = target(s);
    match fen_text(s) {
        Ok(fen) => Ok(SearchFen { fen, standard }),
        Err(e) => Err(standard.err().unwrap_or(e)),
    }
}

/// Reads a FEN given on the command line: its syntax here, its position
/// by the rules it is read with ([`position_by`]).
pub fn fen_text(s: &str) -> Result<Fen, String> {
    s.trim().parse::<Fen>().map_err(|e| format!("`{}` is not a FEN: {e}", s.trim()))
}

/// A variant named on the command line: one of lichess's, or `None` for
/// standard chess.
#[derive(Clone, Copy, Debug)]
pub struct VariantName(pub Option<LichessVariant>);

/// Reads the name of one of lichess's variants, as a `Variant` tag writes
/// it (`crazyhouse`, `Three-check`, `kingOfTheHill`, ...), or `standard`.
pub fn variant(s: &str) -> Result<VariantName, String> {
    let plain = s.trim().to_ascii_lowercase();
    if matches!(plain.as_str(), "standard" | "chess" | "chess960") {
        return Ok(VariantName(None));
    }
    match movetext_core::rules::lichess_variant(s) {
        Some((v, _)) => Ok(VariantName(Some(v))),
        None => Err(format!("`{s}` is not a variant Movetext plays (crazyhouse, atomic, antichess, three-check, king of the hill, horde, racing kings)")),
    }
}

/// The position of `fen` (the start when `None`) by the rules of `variant`
/// (standard chess when `None`); castling rights read as Chess960 does,
/// which takes standard FENs too.
pub fn position_by(fen: Option<&Fen>, variant: Option<LichessVariant>) -> Result<AnyPosition, String> {
    let Some(v) = variant else {
        return match fen {
            Some(f) => position(&f.to_string()).map(AnyPosition::from),
            None => Ok(AnyPosition::from(Chess::default())),
        };
    };
    use movetext_core::shakmaty::variant::VariantPosition;
    match fen {
        None => Ok(VariantPosition::new(v.rules())),
        Some(f) => VariantPosition::from_setup(
            v.rules(),
            f.clone().into_setup(),
            movetext_core::shakmaty::CastlingMode::Chess960,
        )
        .map_err(|e| format!("`{f}` is not the FEN of a legal position of {}: {e}", v.name())),
    }
}
