//! Games by user name from lichess and chess.com, as plain text work: user
//! names checked before any request, the services' addresses built with
//! their parts encoded, lichess game and study links recognised, a stream
//! of PGN cut into games (the last one kept only when whole), each game
//! known by its address (its `Link` or `Site` tag) or else by a hash of its
//! text, and the games of an import again that are not yet in a document.
//!
//! Nothing here fetches: the app does, and hands the text to these.

use std::collections::HashSet;

use crate::game::fingerprint::Fingerprint;

/// A service games are imported from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Service {
    /// lichess.org.
    Lichess,
    /// chess.com.
    ChessCom,
}

impl Service {
    /// The service's code in `?import=` (`lichess`, `chesscom`).
    pub fn code(self) -> &'static str {
        match self {
            Service::Lichess => "lichess",
            Service::ChessCom => "chesscom",
        }
    }

    /// The service by its code (`chess.com` is taken too).
    pub fn from_code(code: &str) -> Option<Service> {
        match code.to_ascii_lowercase().as_str() {
            "lichess" | "lichess.org" => Some(Service::Lichess),
            "chesscom" | "chess.com" => Some(Service::ChessCom),
            _ => None,
        }
    }

    /// The service's name as people write it.
    pub fn title(self) -> &'static str {
        match self {
            Service::Lichess => "lichess",
            Service::ChessCom => "chess.com",
        }
    }

    /// The name an import's document is shown under (`lichess: NAME`).
    pub fn document_name(self, user: &str) -> String {
        format!("{}: {user}", self.title())
    }

    /// Where an import's document came from (its `source`): one document
    /// per service and user, whatever the name's case.
    pub fn source(self, user: &str) -> String {
        format!("import:{}:{}", self.code(), user.to_ascii_lowercase())
    }
}

/// An import asked for: the service, the user's name and how many games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportRequest {
    /// The service.
    pub service: Service,
    /// The user's name, as typed.
    pub user: String,
    /// The most games to fetch, newest first.
    pub max: usize,
}

/// Where an import is: none yet, under way with the games arrived so far,
/// done with what it did, or failed with why (said in the reader's words).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ImportPhase {
    /// No import yet.
    #[default]
    Idle,
    /// Under way.
    Running {
        /// What is imported.
        request: ImportRequest,
        /// The games arrived so far.
        games: usize,
    },
    /// Done: what it did.
    Done(String),
    /// Failed: why.
    Failed(String),
}

/// The most games one import asks for.
pub const MAX_GAMES: usize = 10_000;

/// The games an import asks for when not told.
pub const DEFAULT_GAMES: usize = 100;

/// Whether `name` is a user name the service could have: lichess's are 2
/// to 30 letters, digits, `_` and `-`; chess.com's 3 to 25 of the same.
pub fn valid_user(service: Service, name: &str) -> bool {
    let (least, most) = match service {
        Service::Lichess => (2, 30),
        Service::ChessCom => (3, 25),
    };
    (least..=most).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// What `?import=` asks: a service and a user name (`lichess:NAME`,
/// `chesscom:NAME`), the name not yet checked.
pub fn parse_import(value: &str) -> Option<(Service, String)> {
    let (code, name) = value.split_once(':')?;
    Some((Service::from_code(code.trim())?, name.trim().to_owned()))
}

/// How many games `max=` asks for: a number from 1 to [`MAX_GAMES`]
/// (larger ones are [`MAX_GAMES`]), else [`DEFAULT_GAMES`].
pub fn parse_max(value: Option<&str>) -> usize {
    match value.and_then(|v| v.trim().parse::<usize>().ok()) {
        Some(0) | None => DEFAULT_GAMES,
        Some(n) => n.min(MAX_GAMES),
    }
}

/// `text` as a part of an address (as `encodeURIComponent` writes it).
pub fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The address of a lichess user's games, newest first, in PGN with clocks,
/// evaluations and openings: at most `max`, and those played since `since`
/// (milliseconds since 1970) when given.
pub fn lichess_games_url(user: &str, max: usize, since: Option<u64>) -> String {
    let mut url = format!(
        "https://lichess.org/api/games/user/{}?clocks=true&evals=true&opening=true&max={max}",
        encode_component(user)
    );
    if let Some(since) = since {
        url.push_str(&format!("&since={since}"));
    }
    url
}

/// The address of the list of a chess.com player's monthly archives.
pub fn chesscom_archives_url(user: &str) -> String {
    format!("https://api.chess.com/pub/player/{}/games/archives", encode_component(&user.to_ascii_lowercase()))
}

/// Whether `url` is one of chess.com's monthly archives (as its list of
/// archives gives them): only those are fetched.
pub fn is_chesscom_archive(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("https://api.chess.com/pub/player/") else { return false };
    let parts: Vec<&str> = rest.split('/').collect();
    matches!(parts.as_slice(), [user, "games", year, month]
        if !user.is_empty() && user.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
            && year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit())
            && month.len() == 2 && month.bytes().all(|b| b.is_ascii_digit()))
}

/// A lichess game or study named by an address someone pasted or dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LichessLink {
    /// A game: its id (8 characters), the ply the address points at
    /// (`#12`), and whether it is seen from Black's side (`/black`).
    Game {
        /// The game's id.
        id: String,
        /// The ply named after `#`.
        ply: Option<u32>,
        /// The address ends in `/black`.
        black: bool,
    },
    /// A study, or one chapter of it.
    Study {
        /// The study's id.
        id: String,
        /// The chapter's id, if one is named.
        chapter: Option<String>,
    },
}

/// Words of lichess's own pages that look like a game's id.
const LICHESS_PAGES: &[&str] = &[
    "analysis", "training", "practice", "streamer", "insights", "tutorial", "settings", "calendar", "features",
    "playlist", "resource", "coaching",
];

fn is_id(s: &str, len: usize) -> bool {
    s.len() == len && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl LichessLink {
    /// The lichess game or study `text` is the address of (the whole text,
    /// once trimmed, must be the address).
    pub fn parse(text: &str) -> Option<LichessLink> {
        let text = text.trim();
        if text.chars().any(char::is_whitespace) {
            return None;
        }
        let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://"))?;
        let rest = rest.strip_prefix("www.").unwrap_or(rest);
        let rest = rest.strip_prefix("lichess.org/")?;
        let (path, fragment) = match rest.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (rest, None),
        };
        let path = path.split('?').next().unwrap_or_default().trim_end_matches('/');
        let parts: Vec<&str> = path.split('/').collect();
        match parts.as_slice() {
            ["study", id] if is_id(id, 8) => Some(LichessLink::Study { id: (*id).to_owned(), chapter: None }),
            ["study", id, chapter] if is_id(id, 8) && is_id(chapter, 8) => {
                Some(LichessLink::Study { id: (*id).to_owned(), chapter: Some((*chapter).to_owned()) })
            }
            [id, side @ ..] if (is_id(id, 8) || is_id(id, 12)) && !LICHESS_PAGES.contains(id) => {
                let black = match side {
                    [] | ["white"] => false,
                    ["black"] => true,
                    _ => return None,
                };
                let ply = fragment.and_then(|f| f.parse::<u32>().ok());
                Some(LichessLink::Game { id: id[..8].to_owned(), ply, black })
            }
            _ => None,
        }
    }

    /// The address of its PGN.
    pub fn export_url(&self) -> String {
        match self {
            LichessLink::Game { id, .. } => {
                format!("https://lichess.org/game/export/{id}?clocks=true&evals=true&opening=true")
            }
            LichessLink::Study { id, chapter: None } => format!("https://lichess.org/api/study/{id}.pgn"),
            LichessLink::Study { id, chapter: Some(c) } => format!("https://lichess.org/api/study/{id}/{c}.pgn"),
        }
    }

    /// The name its document is shown under.
    pub fn name(&self) -> String {
        match self {
            LichessLink::Game { id, .. } => format!("lichess {id}"),
            LichessLink::Study { id, chapter: None } => format!("lichess study {id}"),
            LichessLink::Study { id, chapter: Some(c) } => format!("lichess study {id}/{c}"),
        }
    }
}

/// Whether a line opens a tag (`[Name "value"]`).
fn is_tag_line(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with('[') && line[1..].trim_start().starts_with(|c: char| c.is_ascii_alphabetic())
}

/// The games of a PGN text, in order, each its own text: a game starts at
/// a tag line that follows anything but a tag line. Text before the first
/// tag line (moves without tags) is a game of its own when it holds
/// anything.
pub fn split_games(text: &str) -> Vec<&str> {
    let mut starts = Vec::new();
    let mut in_tags = false;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let tag = is_tag_line(line);
        if tag && !in_tags {
            starts.push(at);
        }
        if !line.trim().is_empty() {
            in_tags = tag;
        }
        at += line.len();
    }
    let mut games = Vec::new();
    if starts.first() != Some(&0) && !text[..starts.first().copied().unwrap_or(text.len())].trim().is_empty() {
        starts.insert(0, 0);
    }
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let game = text[start..end].trim();
        if !game.is_empty() {
            games.push(game);
        }
    }
    games
}

/// Whether a game's text is whole: tags, then moves that end in a result
/// (`1-0`, `0-1`, `1/2-1/2`, `*`).
pub fn is_whole(game: &str) -> bool {
    let last = game.split_whitespace().last().unwrap_or_default();
    matches!(last, "1-0" | "0-1" | "1/2-1/2" | "*") && game.lines().any(|l| !l.trim().is_empty() && !is_tag_line(l))
}

/// The whole games of a text read so far (a stream cut short keeps these):
/// all but the last, and the last when it is whole.
pub fn whole_games(text: &str) -> Vec<&str> {
    let mut games = split_games(text);
    if games.last().is_some_and(|g| !is_whole(g)) {
        games.pop();
    }
    games
}

/// Counts the games a stream of PGN has given so far, a piece at a time,
/// without going over what it has counted.
#[derive(Clone, Debug, Default)]
pub struct GameCounter {
    starts: usize,
    in_tags: bool,
    partial: String,
}

impl GameCounter {
    /// A counter of no games.
    pub fn new() -> GameCounter {
        GameCounter::default()
    }

    /// Takes the next piece of the text.
    pub fn feed(&mut self, piece: &str) {
        self.partial.push_str(piece);
        let Some(end) = self.partial.rfind('\n') else { return };
        for line in self.partial[..end].split('\n') {
            let tag = is_tag_line(line);
            if tag && !self.in_tags {
                self.starts += 1;
            }
            if !line.trim().is_empty() {
                self.in_tags = tag;
            }
        }
        self.partial.drain(..=end);
    }

    /// The games begun so far less the one still arriving: the games
    /// that have arrived.
    pub fn arrived(&self) -> usize {
        self.starts.saturating_sub(1)
    }
}

/// A tag's value in a game's text.
pub fn tag_value<'a>(game: &'a str, name: &str) -> Option<&'a str> {
    for line in game.lines() {
        let line = line.trim();
        if !line.starts_with('[') {
            if line.is_empty() {
                continue;
            }
            break;
        }
        let inner = line[1..].trim_start();
        let Some(rest) = inner.strip_prefix(name) else { continue };
        let rest = rest.trim_start();
        if let Some(value) = rest.strip_prefix('"').and_then(|v| v.rfind('"').map(|e| &v[..e])) {
            return Some(value);
        }
    }
    None
}

/// What a game is known by: its address (a `Link` tag, else a `Site` tag
/// that is an address), else a hash of its text.
pub fn game_key(game: &str) -> String {
    let address = |v: &&str| v.starts_with("https://") || v.starts_with("http://");
    match tag_value(game, "Link").filter(address).or_else(|| tag_value(game, "Site").filter(address)) {
        Some(url) => url.trim_end_matches('/').replacen("http://", "https://", 1),
        None => format!("#{}", Fingerprint::of(game.trim().as_bytes())),
    }
}

/// The games of `fetched` that are not in `existing` (by [`game_key`]),
/// each once, in their order.
pub fn new_games<'a>(existing: &str, fetched: &[&'a str]) -> Vec<&'a str> {
    let mut known: HashSet<String> = split_games(existing).into_iter().map(game_key).collect();
    fetched.iter().copied().filter(|g| known.insert(game_key(g))).collect()
}

/// Days from 1970-01-01 to a date of the Gregorian calendar.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// When a lichess game started (its `UTCDate` and `UTCTime` tags), in
/// milliseconds since 1970.
pub fn started_at(game: &str) -> Option<u64> {
    let date = tag_value(game, "UTCDate")?;
    let mut d = date.split('.').map(|p| p.parse::<u32>().ok());
    let (year, month, day) = (d.next()??, d.next()??, d.next()??);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    let time = tag_value(game, "UTCTime").unwrap_or("00:00:00");
    let mut t = time.split(':').map(|p| p.parse::<u64>().ok());
    let (h, m, s) = (t.next().flatten().unwrap_or(0), t.next().flatten().unwrap_or(0), t.next().flatten().unwrap_or(0));
    let days = u64::try_from(days_from_civil(i64::from(year), month, day)).ok()?;
    Some(((days * 24 + h) * 60 + m) * 60_000 + s * 1000)
}

/// When the latest game of a text started (see [`started_at`]).
pub fn latest_start(text: &str) -> Option<u64> {
    split_games(text).into_iter().filter_map(started_at).max()
}

/// Games joined into one text, a blank line between them.
pub fn join_games(games: &[&str]) -> String {
    let mut out = String::new();
    for g in games {
        out.push_str(g.trim());
        out.push_str("\n\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/AbCdEfGh\"]\n[UTCDate \"2024.03.06\"]\n[UTCTime \"14:30:00\"]\n\n1. e4 { [%clk 0:03:00] } e5 { [%eval 0.2] [%clk 0:03:00] } 1-0\n\n\n[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/IjKlMnOp\"]\n[UTCDate \"2024.03.05\"]\n[UTCTime \"10:00:00\"]\n\n1. d4 d5 0-1\n\n\n";

    #[test]
    fn names_are_checked_before_any_request() {
        assert!(valid_user(Service::Lichess, "DrNykterstein"));
        assert!(valid_user(Service::Lichess, "a-b_c"));
        assert!(!valid_user(Service::Lichess, "a"));
        assert!(!valid_user(Service::Lichess, &"a".repeat(31)));
        assert!(!valid_user(Service::Lichess, "bad name"));
        assert!(!valid_user(Service::Lichess, "x/../y"));
        assert!(!valid_user(Service::ChessCom, "ab"));
        assert!(!valid_user(Service::ChessCom, "Ünï"));
        assert!(valid_user(Service::ChessCom, "Hikaru"));
    }

    #[test]
    fn addresses_are_built_with_their_parts_encoded() {
        assert_eq!(encode_component("a b/é"), "a%20b%2F%C3%A9");
        assert_eq!(
            lichess_games_url("Thibault", 20, Some(5)),
            "https://lichess.org/api/games/user/Thibault?clocks=true&evals=true&opening=true&max=20&since=5"
        );
        assert_eq!(chesscom_archives_url("Hikaru"), "https://api.chess.com/pub/player/hikaru/games/archives");
        assert!(is_chesscom_archive("https://api.chess.com/pub/player/hikaru/games/2024/01"));
        assert!(!is_chesscom_archive("https://evil.example/pub/player/hikaru/games/2024/01"));
        assert!(!is_chesscom_archive("https://api.chess.com/pub/player/hikaru/games/2024/1"));
        assert_eq!(parse_import("lichess:Foo"), Some((Service::Lichess, "Foo".into())));
        assert_eq!(parse_import("chesscom:Bar"), Some((Service::ChessCom, "Bar".into())));
        assert_eq!(parse_import("other:Bar"), None);
        assert_eq!((parse_max(Some("7")), parse_max(Some("0")), parse_max(None)), (7, DEFAULT_GAMES, DEFAULT_GAMES));
        assert_eq!(parse_max(Some("999999")), MAX_GAMES);
    }

    #[test]
    fn lichess_links_name_games_and_studies() {
        let game = |id: &str, ply, black| Some(LichessLink::Game { id: id.into(), ply, black });
        assert_eq!(LichessLink::parse("https://lichess.org/AbCdEfGh"), game("AbCdEfGh", None, false));
        assert_eq!(LichessLink::parse(" https://lichess.org/AbCdEfGh/black#12\n"), game("AbCdEfGh", Some(12), true));
        assert_eq!(LichessLink::parse("https://lichess.org/AbCdEfGh/white"), game("AbCdEfGh", None, false));
        assert_eq!(LichessLink::parse("https://lichess.org/AbCdEfGhIjKl"), game("AbCdEfGh", None, false));
        assert_eq!(LichessLink::parse("https://lichess.org/training"), None);
        assert_eq!(LichessLink::parse("https://lichess.org/AbCdEfGh/moves"), None);
        assert_eq!(LichessLink::parse("https://lichess.org.evil.com/AbCdEfGh"), None);
        assert_eq!(LichessLink::parse("see https://lichess.org/AbCdEfGh"), None);
        let study = LichessLink::parse("https://lichess.org/study/Abcdefgh/Ijklmnop").unwrap();
        assert_eq!(study.export_url(), "https://lichess.org/api/study/Abcdefgh/Ijklmnop.pgn");
        let whole = LichessLink::parse("https://lichess.org/study/Abcdefgh").unwrap();
        assert_eq!(whole.export_url(), "https://lichess.org/api/study/Abcdefgh.pgn");
        assert_eq!(
            game("AbCdEfGh", None, false).unwrap().export_url(),
            "https://lichess.org/game/export/AbCdEfGh?clocks=true&evals=true&opening=true"
        );
    }

    #[test]
    fn a_stream_cut_short_keeps_its_whole_games() {
        assert_eq!(split_games(TWO).len(), 2);
        assert_eq!(whole_games(TWO).len(), 2);
        let cut = &TWO[..TWO.find("1. d4").unwrap() + 5];
        assert_eq!(whole_games(cut).len(), 1);
        let tags_only = &TWO[..TWO.find("[UTCDate \"2024.03.05").unwrap()];
        assert_eq!(whole_games(tags_only).len(), 1);
        assert_eq!(split_games("1. e4 e5 *").len(), 1);
        let mut counter = GameCounter::new();
        for piece in TWO.as_bytes().chunks(7) {
            counter.feed(std::str::from_utf8(piece).unwrap());
        }
        assert_eq!(counter.arrived(), 1);
        counter.feed("[Event \"x\"]\n");
        assert_eq!(counter.arrived(), 2);
    }

    #[test]
    fn an_import_again_adds_only_new_games() {
        let games = split_games(TWO);
        assert_eq!(game_key(games[0]), "https://lichess.org/AbCdEfGh");
        let chesscom =
            "[Event \"Live Chess\"]\n[Site \"Chess.com\"]\n[Link \"https://www.chess.com/game/live/1\"]\n\n1. e4 *";
        assert_eq!(game_key(chesscom), "https://www.chess.com/game/live/1");
        assert!(game_key("1. e4 e5 *").starts_with('#'));
        let fresh = "[Event \"x\"]\n[Site \"https://lichess.org/QrStUvWx\"]\n\n1. c4 *";
        let fetched = [fresh, games[0], fresh];
        assert_eq!(new_games(&join_games(&[games[0], games[1]]), &fetched), vec![fresh]);
        assert_eq!(new_games("", &fetched).len(), 2);
    }

    #[test]
    fn a_game_s_start_in_milliseconds() {
        assert_eq!(started_at(split_games(TWO)[0]), Some(1_709_735_400_000));
        assert_eq!(latest_start(TWO), Some(1_709_735_400_000));
        assert_eq!(started_at("[UTCDate \"1970.01.01\"]\n[UTCTime \"00:00:01\"]\n\n*"), Some(1000));
        assert_eq!(started_at("1. e4 *"), None);
    }
}
