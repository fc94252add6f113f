//! The widget's options, their defaults and how they are read: the one
//! place that says what a page author can set (as attributes of
//! `<movetext-viewer>` or in the object given to `Movetext.mount`; see
//! docs/widget.md).

use movetext_core::shakmaty::Color;

use crate::text::notation::Notation;

/// Where the move list goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesPlace {
    /// Beside the board.
    Right,
    /// Under the board.
    Bottom,
    /// Beside when the widget is wide enough, else under.
    Auto,
    /// No move list.
    None,
}

impl MovesPlace {
    /// Reads `right`, `bottom`, `auto` or `none` (auto otherwise).
    pub fn parse(s: &str) -> MovesPlace {
        match s.trim().to_ascii_lowercase().as_str() {
            "right" => MovesPlace::Right,
            "bottom" => MovesPlace::Bottom,
            "none" | "false" | "hidden" => MovesPlace::None,
            _ => MovesPlace::Auto,
        }
    }

    /// The class of the widget's frame for this place.
    pub fn class(self) -> &'static str {
        match self {
            MovesPlace::Right => "mt-moves-right",
            MovesPlace::Bottom => "mt-moves-bottom",
            MovesPlace::Auto => "mt-moves-auto",
            MovesPlace::None => "mt-moves-none",
        }
    }
}

/// The widget's options (see docs/widget.md).
#[derive(Clone, Debug, PartialEq)]
pub struct WidgetOptions {
    /// PGN text (one or more games).
    pub pgn: String,
    /// A start position when there is no PGN.
    pub fen: Option<String>,
    /// Which side is at the bottom; else the `Orientation` tag, else White.
    pub orientation: Option<Color>,
    /// The move shown first: a half-move number, `last`, or a path as in
    /// the app's URL hash (`5,1,2`).
    pub ply: Option<String>,
    /// Which game of a multi-game PGN, as an index from 0 (the option
    /// counts from 1, as the app's `#game=` does; `0`, the old way of
    /// naming the first game, still names it).
    pub game: usize,
    /// Show the player bars.
    pub players: bool,
    /// Show clocks in the player bars.
    pub clocks: bool,
    /// Where the moves go.
    pub moves: MovesPlace,
    /// Show the navigation buttons.
    pub controls: bool,
    /// Keys move through the game while the widget has focus.
    pub keyboard: bool,
    /// The mouse wheel over the board moves through the game.
    pub wheel: bool,
    /// Moves can be made on the board (they make variations).
    pub editable: bool,
    /// `mode="train"`: the reader guesses the game's moves (the moves to
    /// come are hidden; see "Guess the move").
    pub train: bool,
    /// How moves are written.
    pub notation: Notation,
    /// `light` or `dark` (the script resolves `auto`).
    pub theme: String,
    /// Show the menu (copy, download, flip, open in the app).
    pub menu: bool,
    /// The app's address, for "Open in Movetext" (the script gives the
    /// folder above its own files unless the page sets one).
    pub app: Option<String>,
    /// The address the PGN was read from (`src`, made absolute by the
    /// script): the app opens it again rather than carrying the text.
    pub source: Option<String>,
    /// The board's colours: `wood` (the default), `green`, `blue`, `grey`
    /// or `rose`.
    pub board: String,
    /// The piece drawings.
    pub pieces: crate::markup::pieces::PieceSet,
    /// The language of the widget's words (the `lang` option, else the
    /// page's, which the script passes on).
    pub lang: crate::text::i18n::Lang,
    /// `live="SECONDS"` with `src`: the script reads the source again every
    /// so many seconds; the widget says "Live" until the game has a result.
    pub live: bool,
}

impl Default for WidgetOptions {
    fn default() -> WidgetOptions {
        WidgetOptions {
            pgn: String::new(),
            fen: None,
            orientation: None,
            ply: None,
            game: 0,
            players: true,
            clocks: true,
            moves: MovesPlace::Auto,
            controls: true,
            keyboard: true,
            wheel: true,
            editable: false,
            train: false,
            notation: Notation::San,
            theme: "light".to_owned(),
            menu: true,
            app: None,
            source: None,
            live: false,
            lang: crate::text::i18n::Lang::En,
            board: "wood".to_owned(),
            pieces: crate::markup::pieces::PieceSet::Movetext,
        }
    }
}

impl WidgetOptions {
    /// Reads the options from a page's settings: `get(name)` gives the text
    /// of an option as set (an attribute, or a field of the object given to
    /// `Movetext.mount`), `None` when it is not set. What is not set, or set
    /// to what cannot be read, keeps its default.
    ///
    /// A flag is off for `false`, `no`, `off`, `0` or `none`, on for any
    /// other text.
    pub fn from_settings(get: impl Fn(&str) -> Option<String>) -> WidgetOptions {
        let d = WidgetOptions::default();
        let flag = |name: &str, default: bool| match get(name).as_deref().map(str::trim) {
            Some("false" | "no" | "off" | "0" | "none") => false,
            Some(_) => true,
            None => default,
        };
        WidgetOptions {
            pgn: get("pgn").unwrap_or(d.pgn),
            fen: get("fen").filter(|f| !f.trim().is_empty()).or(d.fen),
            orientation: match get("orientation").as_deref().map(str::trim) {
                Some("black") => Some(Color::Black),
                Some("white") => Some(Color::White),
                _ => d.orientation,
            },
            ply: get("ply").or_else(|| get("initialPly")).or(d.ply),
            game: get("game").and_then(|g| whole_part(&g)).map_or(d.game, |g| g.max(1) - 1),
            players: flag("players", d.players),
            clocks: flag("clocks", d.clocks),
            moves: get("moves").map_or(d.moves, |m| MovesPlace::parse(&m)),
            controls: flag("controls", d.controls),
            keyboard: flag("keyboard", d.keyboard),
            wheel: flag("wheel", d.wheel),
            editable: flag("editable", d.editable),
            train: get("mode").is_some_and(|m| m.trim().eq_ignore_ascii_case("train")),
            notation: get("notation").map_or(d.notation, |n| Notation::from_code(n.trim())),
            theme: match get("theme").as_deref().map(str::trim) {
                Some("dark") => "dark".to_owned(),
                Some("light") => "light".to_owned(),
                _ => d.theme,
            },
            menu: flag("menu", d.menu),
            app: get("app").filter(|a| !matches!(a.trim(), "" | "none" | "false")).or(d.app),
            source: get("source").filter(|s| !s.trim().is_empty()).or(d.source),
            board: get("board")
                .map(|b| b.trim().to_ascii_lowercase())
                .filter(|b| matches!(b.as_str(), "wood" | "green" | "blue" | "grey" | "rose"))
                .unwrap_or(d.board),
            pieces: get("pieces").map_or(d.pieces, |p| crate::markup::pieces::PieceSet::parse(&p)),
            lang: get("lang").map_or(d.lang, |l| crate::text::i18n::Lang::from_tag(&l)),
            live: get("source").is_some_and(|s| !s.trim().is_empty()) && get("live").is_some_and(|l| is_positive(&l)),
        }
    }
}

/// The whole part of a number written in decimal (`3`, `3.0`, `+2`); a
/// negative one is 0. (Read without the standard library's float parsing,
/// large in WebAssembly.)
fn whole_part(text: &str) -> Option<usize> {
    let t = text.trim();
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() && frac.is_empty() || !digits(int) || !digits(frac) {
        return None;
    }
    if negative {
        return Some(0);
    }
    Some(int.parse::<usize>().unwrap_or(if int.is_empty() { 0 } else { usize::MAX }))
}

/// Whether `text` is a number above 0 written in decimal (`30`, `0.5`).
fn is_positive(text: &str) -> bool {
    let t = text.trim().strip_prefix('+').unwrap_or(text.trim());
    whole_part(t).is_some() && !t.starts_with('-') && t.bytes().any(|b| (b'1'..=b'9').contains(&b))
}

/// The file a widget shows: its PGN, or else a game from its `fen`
/// option, or else an empty game.
pub fn library_of(options: &WidgetOptions, pgn: String) -> crate::game::library::Library {
    let text = if pgn.trim().is_empty() {
        match &options.fen {
            Some(fen) => format!("[SetUp \"1\"]\n[FEN \"{}\"]\n\n*\n", fen.replace(['"', '\\', '\n'], "")),
            None => "*\n".to_owned(),
        }
    } else {
        pgn
    };
    crate::game::library::Library::indexed("widget", text.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_over_defaults() {
        let set = |pairs: &'static [(&'static str, &'static str)]| {
            WidgetOptions::from_settings(move |k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string()))
        };
        assert_eq!(set(&[]), WidgetOptions::default());
        let o = set(&[("players", "false"), ("moves", "bottom"), ("game", "2"), ("theme", "dark"), ("editable", "")]);
        assert!(!o.players && o.editable);
        assert_eq!((o.moves, o.game, o.theme.as_str()), (MovesPlace::Bottom, 1, "dark"));
        assert_eq!(set(&[("game", "1")]).game, 0, "games count from 1");
        assert_eq!(set(&[("game", "0")]).game, 0, "the old form of the first game");
        assert_eq!(set(&[("initialPly", "5"), ("orientation", "black")]).ply.as_deref(), Some("5"));
        assert_eq!(set(&[("game", "x"), ("theme", "purple")]), WidgetOptions::default());
        assert_eq!(set(&[("game", "3.0")]).game, 2);
    }

    #[test]
    fn numbers_are_read_in_decimal() {
        assert_eq!(whole_part(" 12 "), Some(12));
        assert_eq!(whole_part("2.75"), Some(2));
        assert_eq!(whole_part("-4"), Some(0));
        assert_eq!(whole_part(".5"), Some(0));
        assert_eq!(whole_part("1e3"), None);
        assert_eq!(whole_part("."), None);
        assert_eq!(whole_part(""), None);
        assert!(is_positive("30") && is_positive("0.5") && is_positive("+2"));
        assert!(!is_positive("0") && !is_positive("-3") && !is_positive("0.0") && !is_positive("soon"));
    }
}
