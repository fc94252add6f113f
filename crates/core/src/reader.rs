//! The lax reader: bytes in, games out, every repair and error reported,
//! nothing dropped. Linear time, no recursion, on any input.

use std::borrow::Cow;
use std::sync::Arc;

use shakmaty::{fen::Fen, san::Suffix, CastlingMode, Chess};

use crate::rules::Played;

use crate::decode::{decode, Encoding};
use crate::diagnostic::{Diagnostic, Severity};
use crate::game::{null_move, Comment, CommentKind, Game, Node, NodeId, NodeKind, Tag, Text, Variant, NONE};
use crate::lexer::{Kind, Lexer};
use crate::movetext::{self, is_result, repair, Resolved};
use crate::piece_letters::LANGUAGES;
#[cfg(feature = "record")]
use crate::positions::GamePositions;
use crate::positions::Recorder;
use crate::split::{
    RawGame, RawTag, Splitter, TAG_ESCAPED, TAG_INNER_QUOTES, TAG_NO_BRACKET, TAG_UNQUOTED, TAG_UNTERMINATED,
};
use walk::Walk;

mod ending;
#[cfg(feature = "record")]
mod main_line;
mod walk;

#[cfg(feature = "record")]
pub use main_line::{GameHead, PositionReader};

/// Most nodes a game's table has room for before its first move is read.
#[cfg(not(feature = "compact"))]
const NODES_ROOM: usize = 4096;

/// Most diagnostics kept per game; beyond it one summary is added.
pub const MAX_DIAGNOSTICS: usize = 500;

/// Reads the games of a file one after the other.
pub struct GameReader<'a> {
    bytes: &'a [u8],
    splitter: Splitter<'a>,
    tags: Vec<RawTag>,
    scratch: Scratch,
}

/// Buffers kept from one game to the next, so that a game's tables grow in
/// them and are then copied once at their final size (its node table is
/// made as `node_table` says).
#[derive(Default)]
struct Scratch {
    /// The node table (the compact build's; the others make each game's
    /// at the room its movetext may need, see `node_table`).
    #[cfg(feature = "compact")]
    nodes: Vec<Node>,
    comments: Vec<Comment>,
    last_child: Vec<u32>,
    tags: Vec<RawTag>,
    /// The last node of the main line of the game read last, and the
    /// position after it, as the reader played it.
    end: Option<(u32, Chess)>,
    /// The main line's positions, when asked for.
    rec: Recorder,
}

impl<'a> GameReader<'a> {
    /// Reads the games in `bytes` (a whole file: BOM, any line ends, any encoding).
    pub fn new(bytes: &'a [u8]) -> GameReader<'a> {
        GameReader { bytes, splitter: Splitter::new(bytes), tags: Vec::new(), scratch: Scratch::default() }
    }

    #[cfg(feature = "record")]
    /// Also keeps the positions of each game's main line as it plays its
    /// moves, for [`GameReader::positions`]: what
    /// [`GamePositions::of`] gives, without playing the moves again.
    pub fn with_positions(mut self) -> GameReader<'a> {
        self.scratch.rec.set_on();
        self
    }

    #[cfg(feature = "record")]
    /// The positions of the main line of the game read last, when asked
    /// for by [`GameReader::with_positions`].
    pub fn positions(&self) -> Option<&GamePositions> {
        self.scratch.rec.positions()
    }
}

impl Iterator for GameReader<'_> {
    type Item = Game;

    fn next(&mut self) -> Option<Game> {
        self.tags.clear();
        let raw = self.splitter.next_game(&mut self.tags)?;
        Some(parse_in(self.bytes, 0, &raw, &self.tags, &mut self.scratch))
    }
}

/// Reads the first game of `bytes` (an empty game if there is none).
pub fn read_game(bytes: &[u8]) -> Game {
    GameReader::new(bytes).next().unwrap_or_default()
}

/// Reads one game found by the splitter in `file`.
pub(crate) fn parse_raw(file: &[u8], raw: &RawGame, tags: &[RawTag]) -> Game {
    parse_in(file, 0, raw, tags, &mut Scratch::default())
}

/// Buffers a reader keeps from one game to the next (see
/// [`crate::stream::GameBytes::read_with`]): reading many games with the
/// same buffers spares an allocation or two per game.
#[derive(Default)]
pub struct ReadBuffers(Scratch);

/// Reads one game found by the splitter in `file`, bytes that start at
/// offset `base` of the whole file (the game's offsets, in `raw` and `tags`,
/// are offsets in `file`).
pub(crate) fn parse_in_buffers(
    file: &[u8],
    base: usize,
    raw: &RawGame,
    tags: &[RawTag],
    buf: &mut ReadBuffers,
) -> Game {
    parse_in(file, base, raw, tags, &mut buf.0)
}

impl ReadBuffers {
    #[cfg(feature = "record")]
    /// Buffers that also keep the positions of each game's main line, as
    /// [`GameReader::with_positions`] does.
    pub fn with_positions() -> ReadBuffers {
        let mut buffers = ReadBuffers::default();
        buffers.0.rec.set_on();
        buffers
    }

    #[cfg(feature = "record")]
    /// The positions of the main line of the game read last, when asked
    /// for by [`ReadBuffers::with_positions`].
    pub fn positions(&self) -> Option<&GamePositions> {
        self.0.rec.positions()
    }

    /// The last node of the main line of the game read last and the
    /// position after it, as the reader played it (taken once).
    pub(crate) fn take_end(&mut self) -> Option<(NodeId, Chess)> {
        self.0.end.take().map(|(id, pos)| (NodeId(id), pos))
    }
}

fn parse_in(file: &[u8], base: usize, raw: &RawGame, tags: &[RawTag], scratch: &mut Scratch) -> Game {
    let slice = file.get(raw.start..raw.end).unwrap_or(&[]);
    let (text, enc) = decode(slice);
    let mut game = Game::new();
    game.offset = base + raw.start;
    game.line = raw.line;
    let mut local = std::mem::take(&mut scratch.tags);
    local.clear();
    let movetext = match &text {
        Cow::Borrowed(_) => {
            local.extend(tags.iter().map(|t| RawTag {
                name: (t.name.0 - raw.start, t.name.1 - raw.start),
                value: (t.value.0 - raw.start, t.value.1 - raw.start),
                flags: t.flags,
            }));
            raw.movetext - raw.start
        }
        Cow::Owned(s) => Splitter::new(s.as_bytes()).next_game(&mut local).map_or(s.len(), |g| g.movetext),
    };
    game.src = Arc::from(text.as_ref());
    game.tags.reserve_exact(local.len());
    game.nodes = node_table(scratch, text.len().saturating_sub(movetext));
    let mut comments = std::mem::take(&mut scratch.comments);
    comments.clear();
    game.comments = comments;
    let mut p = Parser {
        g: game,
        line_cursor: (0, 1, 0),
        dropped: 0,
        renamed: Vec::new(),
        last_child: std::mem::take(&mut scratch.last_child),
        cp1252: None,
        known: [None; 4],
        lang: None,
        letters_said: Vec::new(),
        end: None,
        rec: std::mem::take(&mut scratch.rec),
    };
    if enc == Encoding::Windows1252 {
        p.g.raw = Some(Arc::from(slice));
        p.cp1252 = Some(crate::decode::Cp1252Offsets::new(&p.g.src));
        // Where the first byte that is not UTF-8 is in the decoded text.
        let bad = std::str::from_utf8(slice).err().map_or(0, |e| e.valid_up_to());
        let at = crate::decode::decode_cp1252(&slice[..bad]).len();
        let len = p.g.src[at..].chars().next().map_or(0, char::len_utf8);
        p.diag(Severity::Warning, at, at + len, "not-utf8", Vec::new());
    }
    // Comments before the tags (or the moves of a game without tags).
    let preamble_end = match local.first() {
        Some(t) => p.g.src.as_bytes()[..t.name.0].iter().rposition(|b| *b == b'[').unwrap_or(0),
        None => movetext,
    };
    p.tags(&local);
    p.setup();
    if preamble_end > 0 && memchr::memchr2(b';', b'{', &p.g.src.as_bytes()[..preamble_end]).is_some() {
        p.preamble(preamble_end, !local.is_empty());
    }
    p.movetext(movetext);
    scratch.end = p.end.take();
    scratch.rec = std::mem::take(&mut p.rec);
    scratch.tags = local;
    scratch.last_child = std::mem::take(&mut p.last_child);
    let mut game = p.finish();
    // The tables at their final size; the buffers go back for the next game.
    #[cfg(not(feature = "compact"))]
    game.nodes.shrink_to_fit();
    #[cfg(feature = "compact")]
    {
        let nodes = game.nodes.clone();
        scratch.nodes = std::mem::replace(&mut game.nodes, nodes);
    }
    let comments = game.comments.clone();
    scratch.comments = std::mem::replace(&mut game.comments, comments);
    game
}

/// A game's node table, with its root, for a movetext of `len` bytes: made
/// with room for every node the movetext may hold (a move and its space
/// take three bytes at least), up to a bound, so that it is made once and
/// gives back in place what it did not use, rather than copied at its final
/// size from a buffer kept between games.
#[cfg(not(feature = "compact"))]
fn node_table(_: &mut Scratch, len: usize) -> Vec<Node> {
    let mut nodes = Vec::with_capacity((len / 3 + 2).min(NODES_ROOM));
    nodes.push(Node::new(NONE, NodeKind::Root));
    nodes
}

/// A game's node table, with its root: the compact build's, grown in a
/// buffer kept between games and copied at its final size (its code is the
/// smaller for it).
#[cfg(feature = "compact")]
fn node_table(scratch: &mut Scratch, _: usize) -> Vec<Node> {
    let mut nodes = std::mem::take(&mut scratch.nodes);
    nodes.clear();
    nodes.push(Node::new(NONE, NodeKind::Root));
    nodes
}

struct Line<P> {
    cur: u32,
    pos: P,
    /// A node of this line (or its start) and the position at it: positions
    /// before later moves are replayed from here, so no move copies one.
    base: (u32, P),
    /// No move played yet in this line.
    fresh: bool,
    /// A variation was closed after `cur`: comments now go before the next move.
    sealed: bool,
    /// Comments waiting for the next move: (start, len) in the comment table.
    pending: (u32, u32),
    /// Where the line's `(` is (for diagnostics).
    open_at: usize,
    /// `(` seen with no move before them, kept as comments with their `)`.
    phantom: u32,
    /// NAGs written at the start of a variation, before its first move.
    early_nags: Vec<u8>,
}

/// A move read from a token with a marker glued to it.
struct Glued {
    kind: NodeKind,
    tok: movetext::Token,
    /// Where the marker starts.
    marker: usize,
}

struct Parser {
    g: Game,
    /// (offset, line, line start) of the last line/column computed.
    line_cursor: (usize, u32, usize),
    dropped: usize,
    /// Tags whose name is read under another spelling: (index, where the
    /// name is written).
    renamed: Vec<(usize, (usize, usize))>,
    /// The last child of each node so far (a buffer kept between games).
    last_child: Vec<u32>,
    /// For a game read as Windows-1252: how to turn offsets in its decoded
    /// text into offsets in the file.
    cp1252: Option<crate::decode::Cp1252Offsets>,
    /// The first tag of each name the reader looks up (`KNOWN_*`), as an
    /// index of the game's tags.
    known: [Option<usize>; 4],
    /// The language of the piece letters of this game's moves, once a move
    /// is read in one ([`LANGUAGES`]).
    lang: Option<u8>,
    /// The other languages' piece letters read in this game so far, as
    /// (piece, letter).
    letters_said: Vec<(u8, &'static str)>,
    /// The last node of the main line and the position after it, once read.
    end: Option<(u32, Chess)>,
    /// The main line's positions, when asked for.
    rec: Recorder,
}

/// The tag names the reader looks up, in the order of `Parser::known`.
const KNOWN_NAMES: [&str; 4] = ["Variant", "FEN", "SetUp", "Result"];
const KNOWN_VARIANT: usize = 0;
const KNOWN_FEN: usize = 1;
const KNOWN_SETUP: usize = 2;
const KNOWN_RESULT: usize = 3;

/// A win by forfeit as some tournament programs write it: `+--` (White
/// wins) or `--+` (Black wins); the marker it stands for.
fn forfeit(t: &[u8]) -> Option<&'static str> {
    match t {
        b"+--" => Some("1-0"),
        b"--+" => Some("0-1"),
        _ => None,
    }
}

/// Whether nothing but comments and a result marker is left of the
/// movetext after the lexer's place (a result is only a result there).
fn at_end(bytes: &[u8], from: usize) -> bool {
    // A scan of its own rather than the lexer (whose step is inlined where
    // it is used: the widget's module is the smaller for it).
    let mut p = from;
    loop {
        while bytes.get(p).is_some_and(u8::is_ascii_whitespace) {
            p += 1;
        }
        let close = match bytes.get(p) {
            None => return true,
            Some(b'{') => b'}',
            Some(b';' | b'%') => b'\n',
            Some(_) => {
                let end = p + bytes[p..].iter().take_while(|b| !b.is_ascii_whitespace() && **b != b'{').count();
                return is_result(&bytes[p..end]);
            }
        };
        match memchr::memchr(close, &bytes[p..]) {
            Some(i) => p += i + 1,
            None => return true,
        }
    }
}

/// Where the `;` of a comment on the line after the one ending at `eol` is,
/// if that line starts with it.
pub(crate) fn next_line_comment(bytes: &[u8], eol: usize) -> Option<usize> {
    let mut p = eol;
    match bytes.get(p..p + 2) {
        Some(b"\r\n") => p += 2,
        _ if matches!(bytes.get(p), Some(b'\n' | b'\r')) => p += 1,
        _ => return None,
    }
    (bytes.get(p) == Some(&b';')).then_some(p)
}

/// The `;` comment `start..end` and those on the lines right after it,
/// joined with line breaks, and where the last one ends.
#[cold]
pub(crate) fn joined_line_comments(src: &str, start: usize, end: usize) -> (String, usize) {
    let bytes = src.as_bytes();
    let mut joined = src[start..end].to_string();
    let mut at = end;
    while let Some(semi) = next_line_comment(bytes, at) {
        let e = memchr::memchr2(b'\n', b'\r', &bytes[semi..]).map_or(bytes.len(), |i| semi + i);
        joined.push('\n');
        joined.push_str(&src[semi + 1..e]);
        at = e;
    }
    (joined, at)
}

/// The position of a FEN, whatever castling rights, en passant square,
/// check or material it claims (for a variant's start); `None` when chess
/// cannot hold it (no king, say).
fn lenient_position(fen: Fen) -> Option<Chess> {
    let err = match fen.into_position::<Chess>(CastlingMode::Chess960) {
        Ok(pos) => return Some(pos),
        Err(err) => err,
    };
    let err = match err.ignore_invalid_castling_rights() {
        Ok(pos) => return Some(pos),
        Err(err) => err,
    };
    let err = match err.ignore_invalid_ep_square() {
        Ok(pos) => return Some(pos),
        Err(err) => err,
    };
    let err = match err.ignore_impossible_check() {
        Ok(pos) => return Some(pos),
        Err(err) => err,
    };
    err.ignore_too_much_material().ok()
}

/// Is the token a termination marker, also one written with typographic
/// dashes or `½`, or a forfeit?
pub(crate) fn is_marker(t: &[u8]) -> bool {
    if t.iter().any(|b| *b >= 0x80) {
        let ascii = crate::lexer::ascii_lookalikes(t);
        return is_result(&ascii);
    }
    is_result(t) || forfeit(t).is_some()
}

/// The spelling of the standard for a tag name that files also write in
/// other letter cases (`fen`, `Setup`, `white`), if `name` is one so written.
fn known_tag(name: &str) -> Option<&'static str> {
    let b = name.as_bytes();
    let (first, last) = (b.first()? | 0x20, b.last()? | 0x20);
    // At most one name of the standard per length and first (or last) letter.
    let spelling = match (b.len(), first) {
        (3, b'f') => "FEN",
        (3, b'e') => "ECO",
        (4, b's') => "Site",
        (4, b'd') => "Date",
        (4, b'm') => "Mode",
        (5, b'e') => "Event",
        (5, b'r') => "Round",
        (5, b'w') => "White",
        (5, b'b') => "Black",
        (5, b's') => "SetUp",
        (6, b'r') => "Result",
        (7, b'v') => "Variant",
        (7, b'o') => "Opening",
        (8, b'w') => "WhiteElo",
        (8, b'b') => "BlackElo",
        (8, b'p') => "PlyCount",
        (9, b'a') => "Annotator",
        (9, b'e') => "EventDate",
        (11, b't') if last == b'l' => "TimeControl",
        (11, b't') => "Termination",
        _ => return None,
    };
    (spelling != name && spelling.eq_ignore_ascii_case(name)).then_some(spelling)
}

impl Parser {
    /// Adds diagnostic `key` (see [`crate::diagnostic_messages`]) with its values.
    fn diag(
        &mut self,
        severity: Severity,
        start: usize,
        end: usize,
        key: &'static str,
        args: Vec<(&'static str, String)>,
    ) {
        if self.g.diagnostics.len() >= MAX_DIAGNOSTICS {
            self.dropped += 1;
            return;
        }
        let (line, col) = self.line_col(start);
        let off = self.g.offset;
        let end = end.max(start);
        let span = match &self.cp1252 {
            Some(map) => (off + map.original(start), off + map.original(end)),
            None => (off + start, off + end),
        };
        self.g.diagnostics.push(Diagnostic::new(severity, span, (line, col), key, args));
    }

    /// Line and column of `offset`, scanning on from the last one asked for.
    fn line_col(&mut self, offset: usize) -> (u32, u32) {
        let src = self.g.src.clone();
        self.line_cursor = crate::diagnostic::advance(&src, self.line_cursor, offset);
        let (offset, line, line_start) = self.line_cursor;
        let col = src[line_start.min(offset)..offset].chars().count() as u32 + 1;
        (self.g.line + line - 1, col)
    }

    fn tags(&mut self, raw: &[RawTag]) {
        let src = self.g.src.clone();
        let many = if raw.len() > 32 { repeated_names(&src, raw) } else { Vec::new() };
        let mut signatures = 0u64;
        // The tags as written, made in one go (each written straight into
        // the table); the few known names in another spelling are renamed
        // below.
        let base = self.g.tags.len();
        self.g.tags.extend(raw.iter().map(|t| Tag {
            name: Text::Src(t.name.0 as u32, t.name.1 as u32),
            value: if t.flags & TAG_ESCAPED != 0 {
                Text::Own(unescape(src.get(t.value.0..t.value.1).unwrap_or("")).into())
            } else {
                Text::Src(t.value.0 as u32, t.value.1 as u32)
            },
        }));
        for (i, t) in raw.iter().enumerate() {
            let name = src.get(t.name.0..t.name.1).unwrap_or("");
            if name.is_empty() {
                self.diag(Severity::Warning, t.name.0, t.value.1, "tag-no-name", Vec::new());
            }
            if t.flags & TAG_UNQUOTED != 0 {
                self.diag(Severity::Fixed, t.value.0, t.value.1, "tag-no-quotes", vec![("tag", name.into())]);
            } else if t.flags & TAG_UNTERMINATED != 0 {
                self.diag(Severity::Fixed, t.value.0, t.value.1, "tag-no-closing-quote", vec![("tag", name.into())]);
            } else if t.flags & TAG_INNER_QUOTES != 0 {
                self.diag(Severity::Fixed, t.value.0, t.value.1, "tag-inner-quotes", vec![("tag", name.into())]);
            }
            if t.flags & TAG_NO_BRACKET != 0 {
                self.diag(Severity::Fixed, t.name.0, t.value.1, "tag-no-bracket", vec![("tag", name.into())]);
            }
            let repeated = if raw.len() <= 32 {
                // Names of the same length and first and last letters as an
                // earlier one are compared with the earlier ones.
                let b = name.as_bytes();
                let sig = 1u64
                    << ((b.len() as u64 * 7
                        + u64::from(b.first().copied().unwrap_or(0)) * 3
                        + u64::from(b.last().copied().unwrap_or(0)))
                        % 64);
                let maybe = signatures & sig != 0;
                signatures |= sig;
                maybe && {
                    let bytes = src.as_bytes();
                    raw[..i].iter().any(|o| {
                        o.name.1.wrapping_sub(o.name.0) == name.len()
                            && bytes.get(o.name.0..o.name.1) == Some(name.as_bytes())
                    })
                }
            } else {
                many[i]
            };
            if repeated {
                self.diag(Severity::Warning, t.name.0, t.name.1, "tag-repeated", vec![("tag", name.into())]);
            }
            // The name as the game keeps it (a known name in its own
            // spelling), looked at below without reading the tag back.
            let at = base + i;
            let name = match known_tag(name) {
                Some(k) => {
                    self.diag(
                        Severity::Fixed,
                        t.name.0,
                        t.name.1,
                        "tag-renamed",
                        vec![("tag", name.into()), ("name", k.into())],
                    );
                    self.renamed.push((at, t.name));
                    self.g.tags[at].name = Text::Own(k.into());
                    k
                }
                None => name,
            };
            let k = match name.len() {
                7 => KNOWN_VARIANT,
                3 => KNOWN_FEN,
                5 => KNOWN_SETUP,
                6 => KNOWN_RESULT,
                _ => continue,
            };
            if name == KNOWN_NAMES[k] {
                self.known[k].get_or_insert(at);
            }
        }
    }

    /// The value of the first tag named `KNOWN_NAMES[k]`, as `Game::tag` gives it.
    fn known_tag(&self, k: usize) -> Option<&str> {
        self.known[k].map(|i| self.g.text(&self.g.tags[i].value))
    }

    fn tag_span(&self, name: &str) -> (usize, usize) {
        for (i, t) in self.g.tags.iter().enumerate() {
            if self.g.text(&t.name) == name {
                return match t.name {
                    Text::Src(s, e) => (s as usize, e as usize),
                    Text::Own(_) => self.renamed.iter().find(|r| r.0 == i).map_or((0, 0), |r| r.1),
                };
            }
        }
        (0, 0)
    }

    fn setup(&mut self) {
        let variant = self.known_tag(KNOWN_VARIANT).map(|v| v.trim().to_string());
        if let Some(v) = variant {
            let lower = v.to_ascii_lowercase().replace([' ', '-', '_'], "");
            self.g.variant = match lower.as_str() {
                "" | "standard" | "normal" | "regular" | "chess" | "fromposition" => Variant::Standard,
                "chess960" | "fischerandom" | "fischerrandom" | "960" | "frc" => Variant::Chess960,
                #[cfg(feature = "variants")]
                _ => match crate::rules::lichess_variant(&v) {
                    Some((variant, chess960)) => Variant::Lichess { variant, chess960 },
                    None => Variant::Unsupported(v),
                },
                #[cfg(not(feature = "variants"))]
                _ => Variant::Unsupported(v),
            };
        }
        #[cfg(feature = "variants")]
        if let Variant::Lichess { variant, .. } = self.g.variant {
            self.set_variant_start(shakmaty::variant::VariantPosition::new(variant.rules()));
        }
        let fen = self.known_tag(KNOWN_FEN).map(str::to_string);
        let setup = self.known_tag(KNOWN_SETUP).map(str::to_string);
        let Some(fen) = fen else {
            if setup.as_deref() == Some("1") {
                let (s, e) = self.tag_span("SetUp");
                self.diag(Severity::Warning, s, e, "setup-without-fen", Vec::new());
            }
            return;
        };
        let (s, e) = self.tag_span("FEN");
        if setup.as_deref() != Some("1") {
            self.diag(Severity::Fixed, s, e, "fen-without-setup", Vec::new());
        }
        if matches!(self.g.variant, Variant::Unsupported(_)) {
            // Its moves are not read, but its start is shown when chess can
            // hold it (Atomic, King of the Hill and others start as chess
            // does); `Game::fen` gives the tag's FEN in any case.
            if let Some(pos) = fen.trim().parse::<Fen>().ok().and_then(lenient_position) {
                self.g.start = pos;
            }
            return;
        }
        let parsed = match fen.trim().parse::<Fen>() {
            Ok(f) => f,
            Err(err) => {
                self.diag(Severity::Error, s, e, "fen-unreadable", vec![("reason", err.to_string())]);
                return;
            }
        };
        let mode = self.g.castling_mode();
        #[cfg(feature = "variants")]
        if let Variant::Lichess { variant, .. } = self.g.variant {
            self.variant_fen(variant, parsed, mode, (s, e));
            return;
        }
        match parsed.clone().into_position::<Chess>(mode) {
            Ok(pos) => self.g.start = pos,
            Err(err) => {
                if mode == CastlingMode::Standard {
                    if let Ok(pos) = parsed.clone().into_position::<Chess>(CastlingMode::Chess960) {
                        self.diag(Severity::Fixed, s, e, "fen-chess960", Vec::new());
                        self.g.variant = Variant::Chess960;
                        self.g.start = pos;
                        return;
                    }
                }
                let repaired = match err.clone().ignore_invalid_castling_rights() {
                    Ok(pos) => Ok(pos),
                    Err(e) => e.ignore_invalid_ep_square(),
                };
                match repaired {
                    Ok(pos) => {
                        self.diag(Severity::Fixed, s, e, "fen-rights-dropped", vec![("reason", err.to_string())]);
                        self.g.start = pos;
                    }
                    Err(_) => self.diag(Severity::Error, s, e, "fen-illegal", vec![("reason", err.to_string())]),
                }
            }
        }
    }

    /// The start of a game of one of lichess's variants.
    #[cfg(feature = "variants")]
    fn set_variant_start(&mut self, pos: shakmaty::variant::VariantPosition) {
        self.g.start = crate::rules::as_chess(&pos);
        self.g.vstart = Some(Box::new(pos));
    }

    /// The start a FEN gives a game of one of lichess's variants (its
    /// pockets, promoted marks and checks read too), repaired and reported
    /// as a standard game's FEN is; the tag is at `at`.
    #[cfg(feature = "variants")]
    #[cold]
    fn variant_fen(
        &mut self,
        variant: crate::game::LichessVariant,
        parsed: Fen,
        mode: CastlingMode,
        at: (usize, usize),
    ) {
        use shakmaty::variant::VariantPosition;
        let (s, e) = at;
        let setup = parsed.into_setup();
        let err = match VariantPosition::from_setup(variant.rules(), setup.clone(), mode) {
            Ok(pos) => return self.set_variant_start(pos),
            Err(err) => err,
        };
        if mode == CastlingMode::Standard {
            if let Ok(pos) = VariantPosition::from_setup(variant.rules(), setup, CastlingMode::Chess960) {
                self.diag(Severity::Fixed, s, e, "fen-chess960", Vec::new());
                self.g.variant = Variant::Lichess { variant, chess960: true };
                return self.set_variant_start(pos);
            }
        }
        let reason = err.to_string();
        match err.ignore_invalid_castling_rights().or_else(shakmaty::PositionError::ignore_invalid_ep_square) {
            Ok(pos) => {
                self.diag(Severity::Fixed, s, e, "fen-rights-dropped", vec![("reason", reason)]);
                self.set_variant_start(pos);
            }
            Err(_) => self.diag(Severity::Error, s, e, "fen-illegal", vec![("reason", reason)]),
        }
    }

    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn new_node(&mut self, parent: u32, kind: NodeKind, written: (usize, usize), last_child: &mut Vec<u32>) -> u32 {
        let id = self.g.nodes.len() as u32;
        let mut node = Node::new(parent, kind);
        node.written = (written.0 as u32, written.1 as u32);
        self.g.nodes.push(node);
        last_child.push(NONE);
        let lc = last_child[parent as usize];
        if lc == NONE {
            self.g.nodes[parent as usize].first_child = id;
        } else {
            self.g.nodes[lc as usize].next_sibling = id;
        }
        last_child[parent as usize] = id;
        id
    }

    /// Adds the node of a move (or null move) just read to `line` and plays
    /// it: `written` is where it is written, `word` the move as written,
    /// checked against its `+` or `#` mark (`suffix`, reported at `at`).
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn played<P: Played>(
        &mut self,
        line: &mut Line<P>,
        kind: NodeKind,
        written: (usize, usize),
        at: (usize, usize),
        suffix: Option<Suffix>,
        nags: [u8; 2],
        word: &[u8],
        last_child: &mut Vec<u32>,
    ) {
        let id = self.new_node(line.cur, kind, written, last_child);
        if line.pending.1 > 0 {
            self.g.nodes[id as usize].before = line.pending;
            line.pending = (0, 0);
        }
        if !line.early_nags.is_empty() {
            for n in std::mem::take(&mut line.early_nags) {
                self.push_nag(id, n);
            }
        }
        match kind {
            NodeKind::Move(m) if self.rec.follows(line.cur) => self.rec.play(id, &mut line.pos, m),
            NodeKind::Move(m) => line.pos.play_unchecked(m),
            _ => {
                if self.rec.follows(line.cur) {
                    self.rec.stop();
                }
                if let Some(p) = null_move(&line.pos) {
                    line.pos = p;
                }
            }
        }
        line.cur = id;
        line.fresh = false;
        line.sealed = false;
        if let Some(written) = suffix {
            self.check_suffix(&line.pos, written, word, at.0, at.1);
        }
        for n in nags {
            if n != 0 {
                self.push_nag(id, n);
            }
        }
    }

    /// Appends a comment to a node's run.
    fn push_comment(&mut self, node: u32, after: bool, c: Comment) {
        let n = &self.g.nodes[node as usize];
        let run = append_run(&mut self.g.comments, if after { n.after } else { n.before }, c);
        let n = &mut self.g.nodes[node as usize];
        if after {
            n.after = run;
        } else {
            n.before = run;
        }
    }

    fn push_nag(&mut self, node: u32, nag: u8) {
        let run = self.g.nodes[node as usize].nags;
        self.g.nodes[node as usize].nags = append_run(&mut self.g.nags, run, nag);
    }

    fn comment<P: Played>(&mut self, line: &mut Line<P>, in_variation: bool, c: Comment) {
        if !line.fresh && !line.sealed {
            self.push_comment(line.cur, true, c);
        } else if line.fresh && !in_variation && line.cur == 0 {
            // Before the first move of the game.
            self.push_comment(0, true, c);
        } else {
            line.pending = append_run(&mut self.g.comments, line.pending, c);
        }
    }

    /// A NAG goes to the last move, or at the start of a variation to its
    /// first move.
    fn nag<P: Played>(&mut self, line: &mut Line<P>, in_variation: bool, n: u8) {
        if line.fresh && in_variation {
            line.early_nags.push(n);
        } else {
            self.push_nag(line.cur, n);
        }
    }

    /// Comments still waiting when a line ends go after its last move.
    fn flush_pending<P: Played>(&mut self, line: &mut Line<P>, at: usize) {
        for n in std::mem::take(&mut line.early_nags) {
            self.push_nag(line.cur, n);
        }
        if line.pending.1 == 0 {
            return;
        }
        if line.fresh && line.cur != 0 {
            self.diag(Severity::Warning, at, at + 1, "variation-without-moves", Vec::new());
        }
        for i in line.pending.0..line.pending.0 + line.pending.1 {
            let c = self.g.comments[i as usize].clone();
            self.push_comment(line.cur, true, c);
        }
        line.pending = (0, 0);
    }

    /// Skips to the end of the current line of play from `lx`'s position:
    /// to the `)` closing it (not consumed), or at depth 0 in the main line
    /// to a termination marker (not consumed). `depth` counts the `(` of
    /// the line already read whose `)` is still to come (kept as comments
    /// when the line had no move): their `)` are skipped too. Returns the
    /// end of the last token skipped.
    fn skip_line(&self, lx: &mut Lexer<'_>, bytes: &[u8], main: bool, mut depth: usize, mut end: usize) -> usize {
        loop {
            let save = lx.offset();
            let Some(t) = lx.next() else { return end };
            match t.kind {
                Kind::Open => depth += 1,
                Kind::Close if depth > 0 => depth -= 1,
                // In a variation its ")" ends the line; in the main line a
                // stray ")" is part of the kept text.
                Kind::Close if !main => {
                    lx.seek(save);
                    return end;
                }
                Kind::Symbol if is_marker(&bytes[t.start..t.end]) => {
                    // The game's marker: at depth 0 of the main line, or the very last token.
                    let after = lx.offset();
                    if (main && depth == 0) || lx.next().is_none() {
                        lx.seek(save);
                        return end;
                    }
                    lx.seek(after);
                }
                _ => {}
            }
            end = match t.kind {
                Kind::Comment { closed: true } => t.end + 1,
                _ => t.end,
            };
        }
    }

    fn move_label<P: Played>(&self, pos: &P, tok: &str) -> String {
        let n = pos.fullmoves();
        if pos.turn().is_white() {
            format!("{n}. {tok}")
        } else {
            format!("{n}... {tok}")
        }
    }

    /// Reads the movetext, from `start` to the end of the game's text.
    fn movetext(&mut self, start: usize) {
        let kept = !matches!(self.g.variant, Variant::Unsupported(_));
        #[cfg(feature = "variants")]
        if let Some(pos) = self.g.vstart.clone() {
            return self.variant_movetext(start, *pos, kept);
        }
        #[cfg(feature = "record")]
        if self.rec.main_line_only && self.quick_main_line(start) {
            return;
        }
        let src = self.g.src.clone();
        let pos = self.g.start.clone();
        if self.rec.active() {
            self.rec.start(&pos, self.g.castling_mode());
        }
        let mut walk = Walk::new(self, &src, start, pos);
        walk.read(start);
        self.rec.finish(kept);
    }

    /// Reads the movetext of a game of one of lichess's variants by its
    /// rules. A function of its own, never inlined: the walk is inlined
    /// whole into its caller, and the standard walk's function keeps only
    /// its own copy (two copies of the walk in one function made the
    /// standard one slower, most in WebAssembly).
    #[cfg(feature = "variants")]
    #[inline(never)]
    fn variant_movetext(&mut self, start: usize, pos: shakmaty::variant::VariantPosition, kept: bool) {
        if self.rec.active() {
            self.rec.start(&pos, self.g.castling_mode());
        }
        let src = self.g.src.clone();
        let mut walk = Walk::new(self, &src, start, pos);
        walk.read(start);
        self.rec.finish(kept);
    }

    /// Says that an evaluation written as text was read as NAG `n`.
    #[cold]
    fn glyph_read(&mut self, written: &[u8], n: u8, s: usize, e: usize) {
        let meaning = match crate::nag::nag_info(n) {
            Some(i) => i.meaning,
            None if n == crate::nag::DIAGRAM => "a diagram",
            None => "",
        };
        let args = vec![
            ("written", String::from_utf8_lossy(written).into_owned()),
            ("nag", n.to_string()),
            ("meaning", meaning.to_owned()),
        ];
        self.diag(Severity::Fixed, s, e, "glyph-read", args);
    }

    /// Keeps the comments before the game's tags (or, in a game without
    /// tags, before its moves) as comments before its first move.
    #[cold]
    fn preamble(&mut self, end: usize, tagged: bool) {
        let src = self.g.src.clone();
        let mut span: Option<(usize, usize)> = None;
        for t in Lexer::new(src.as_bytes(), 0) {
            if t.start >= end {
                break;
            }
            let kind = match t.kind {
                Kind::Comment { .. } => CommentKind::Brace,
                Kind::LineComment => CommentKind::Line,
                _ => continue,
            };
            self.push_comment(0, true, Comment { text: Text::Src(t.start as u32, t.end as u32), kind });
            span = Some(span.map_or((t.start - 1, t.end), |(s, _)| (s, t.end)));
        }
        if let (Some((s, e)), true) = (span, tagged) {
            self.diag(Severity::Fixed, s, e, "preamble", Vec::new());
        }
    }

    /// A token that is a legal move when its piece letters are read as
    /// another language's (the game's language first, once one is found):
    /// the move, its token and where it starts after its move number. Each
    /// letter so read is said once a game, with the languages that write it.
    #[cold]
    fn foreign_move<P: Played>(
        &mut self,
        pos: &P,
        written: &[u8],
        at: usize,
    ) -> Option<(NodeKind, movetext::Token, usize)> {
        let text = std::str::from_utf8(written).ok()?;
        let word = text.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let from = at + (text.len() - word.len());
        let first = self.lang.map_or(0, usize::from);
        let order = std::iter::once(first).chain((0..LANGUAGES.len()).filter(|&l| l != first));
        for l in order {
            let Some(english) = crate::piece_letters::to_english(word, &LANGUAGES[l].letters) else { continue };
            let Some(tok) = movetext::parse_token(english.as_bytes()) else { continue };
            let kind = match movetext::resolve(&tok, pos) {
                Resolved::Move(m, _) => NodeKind::Move(m),
                _ => continue,
            };
            // Each letter is said once, with the languages that write it so.
            let letters = &LANGUAGES[l].letters;
            let used = (0..5).filter(|&i| word.starts_with(letters[i])).max_by_key(|&i| letters[i].len());
            let promoted = english.rsplit_once('=').and_then(|(_, p)| "KQRBN".find(p.chars().next()?));
            for i in used.into_iter().chain(promoted) {
                let letter = letters[i];
                if !self.letters_said.contains(&(i as u8, letter)) {
                    self.letters_said.push((i as u8, letter));
                    let mut names = String::new();
                    for g in LANGUAGES.iter().filter(|g| g.letters[i] == letter) {
                        if !names.is_empty() {
                            names.push_str(", ");
                        }
                        names.push_str(g.english);
                    }
                    let key = ["foreign-king", "foreign-queen", "foreign-rook", "foreign-bishop", "foreign-knight"][i];
                    let args = vec![
                        ("written", word.to_owned()),
                        ("move", english.clone()),
                        ("letter", letter.to_owned()),
                        ("languages", names),
                    ];
                    self.diag(Severity::Fixed, from, at + written.len(), key, args);
                }
            }
            self.lang = Some(l as u8);
            return Some((kind, tok, from));
        }
        None
    }

    /// Says that a move number is not the number of the move after it.
    #[cold]
    fn wrong_number(&mut self, n: u32, want: u32, s: usize, e: usize) {
        self.diag(
            Severity::Warning,
            s,
            e,
            "wrong-number",
            vec![("number", n.to_string()), ("expected", want.to_string())],
        );
    }

    /// Reads a Result tag of `1/2` as `1/2-1/2`.
    fn result_tag(&mut self) {
        if self.known_tag(KNOWN_RESULT).map(str::trim) == Some("1/2") {
            let (s, e) = self.tag_span("Result");
            self.diag(Severity::Fixed, s, e, "result-tag-half", Vec::new());
            self.set_result_tag("1/2-1/2");
        }
    }

    /// Sets the value of the Result tag read.
    fn set_result_tag(&mut self, value: &str) {
        if let Some(i) = self.known[KNOWN_RESULT] {
            self.g.tags[i].value = Text::Own(value.into());
        }
    }

    /// The position at `node`, a node of the line after `base`; moves the
    /// base there.
    fn replay<P: Played>(&self, base: &mut (u32, P), node: u32) -> P {
        let mut path = Vec::new();
        let mut cur = node;
        while cur != base.0 && cur != NONE {
            path.push(cur);
            cur = self.g.nodes[cur as usize].parent;
        }
        if cur == NONE {
            // Not below the base (cannot happen): replay from the start.
            let pos: P = self.g.position_in(crate::game::NodeId(node));
            *base = (node, pos.clone());
            return pos;
        }
        for id in path.into_iter().rev() {
            crate::game::play_kind(&mut base.1, self.g.nodes[id as usize].kind);
        }
        base.0 = node;
        base.1.clone()
    }

    /// A move with a termination marker glued to its end (`Nc6*`, `Nf31-0`)
    /// written at `at`, if the move is legal in `pos`: the move, with its
    /// repairs reported.
    #[cold]
    #[inline(never)]
    fn glued_result<P: Played>(&mut self, pos: &P, word: &[u8], at: usize) -> Option<Glued> {
        // The longest marker is 7 bytes (`1/2-1/2`); a move comes before it.
        let cut = (word.len().saturating_sub(7).max(1)..word.len()).find(|&c| is_result(&word[c..]))?;
        let (mv, marker) = word.split_at(cut);
        let (kind, tok, label) = self.move_before(pos, mv, at)?;
        let args = vec![
            ("written", String::from_utf8_lossy(word).into_owned()),
            ("move", label),
            ("result", String::from_utf8_lossy(marker).into_owned()),
        ];
        self.diag(Severity::Fixed, at, at + word.len(), "glued-result", args);
        Some(Glued { kind, tok, marker: at + cut })
    }

    /// The move written at `at` before something glued to it (`mv`), if it
    /// is legal in `pos`: its kind, its token and its label, its repairs
    /// reported.
    fn move_before<P: Played>(&mut self, pos: &P, mv: &[u8], at: usize) -> Option<(NodeKind, movetext::Token, String)> {
        let tok = movetext::parse_token(mv)?;
        let (kind, extra) = match movetext::resolve(&tok, pos) {
            Resolved::Illegal(_) => return None,
            Resolved::Move(m, extra) => (NodeKind::Move(m), extra),
            Resolved::Null => (NodeKind::Null, None),
        };
        let label = String::from_utf8_lossy(mv).into_owned();
        if tok.repairs != 0 || extra.is_some() {
            self.repairs(pos, &label, tok.repairs, extra, at, at + mv.len());
        }
        Some((kind, tok, label))
    }

    /// Plays a move that had a glyph glued to it, then gives it the glyph's NAG.
    fn play_glued<P: Played>(
        &mut self,
        line: &mut Line<P>,
        (g, nag): (Glued, u8),
        word: &[u8],
        at: usize,
        nested: bool,
        last_child: &mut Vec<u32>,
    ) {
        let mv = &word[..g.marker - at];
        self.played(line, g.kind, (at, g.marker), (at, g.marker), g.tok.suffix, g.tok.nags, mv, last_child);
        self.nag(line, nested, nag);
    }

    /// A move with an evaluation glyph glued to it (`Nf3+-`, `d4+=`,
    /// `Nxd4+/-`): the move, if it can be played, and the glyph's NAG.
    fn glued_glyph<P: Played>(&mut self, pos: &P, word: &[u8], at: usize) -> Option<(Glued, u8)> {
        let (cut, nag) = crate::nag::glued_glyph(word, pos.turn().is_white())?;
        let (mv, glyph) = word.split_at(cut);
        let (kind, tok, label) = self.move_before(pos, mv, at)?;
        let args = vec![
            ("written", String::from_utf8_lossy(word).into_owned()),
            ("move", label),
            ("glyph", String::from_utf8_lossy(glyph).into_owned()),
            ("nag", nag.to_string()),
        ];
        self.diag(Severity::Fixed, at, at + word.len(), "glued-glyph", args);
        Some((Glued { kind, tok, marker: at + cut }, nag))
    }

    fn add_tail(&mut self, node: u32, from: usize, end: usize) {
        let n = &mut self.g.nodes[node as usize];
        if n.tail.1 > n.tail.0 {
            n.tail.1 = end as u32;
        } else {
            n.tail = (from as u32, end as u32);
        }
    }

    fn unplayable<P: Played>(
        &mut self,
        lx: &mut Lexer<'_>,
        bytes: &[u8],
        line: &mut Line<P>,
        outer: Option<u32>,
        (from, to): (usize, usize),
        (key, args): (&'static str, Vec<(&'static str, String)>),
    ) {
        // In a variation, the `)` of a `(` kept as a comment belongs to the
        // text kept now, so that the kept text neither stops at it nor starts
        // a second time after it. (In the main line a `)` ends nothing.)
        let depth = if outer.is_some() { std::mem::take(&mut line.phantom) as usize } else { 0 };
        let end = self.skip_line(lx, bytes, outer.is_none(), depth, to);
        self.diag(Severity::Error, from, from + 1, key, args);
        if let (true, Some(owner)) = (line.fresh, outer) {
            // The whole variation is kept as text, with what came before its first move.
            let start = skip_ws_fwd(bytes, line.open_at + 1);
            line.pending = (0, 0);
            line.early_nags.clear();
            // So are the escape lines read since (the last ones in the table).
            while self.g.escapes.last().is_some_and(|e| e.1 .0 as usize >= start) {
                self.g.escapes.pop();
            }
            let run = self.g.nodes[owner as usize].alts;
            self.g.nodes[owner as usize].alts =
                append_run(&mut self.g.alt_spans, run, (start as u32, end.max(start) as u32));
            return;
        }
        // Comments waiting for the move go along with the text.
        if line.pending.1 > 0 {
            self.flush_pending(line, from);
        }
        // The kept text starts with the move's number, when it has one.
        let from = number_before(bytes, from);
        self.add_tail(line.cur, from, end.max(from));
    }

    /// Says each repair of move `label` (`r`, flags of [`repair`], and
    /// `extra`, the key of a repair only the position revealed).
    fn repairs<P: Played>(&mut self, pos: &P, label: &str, r: u16, extra: Option<&'static str>, s: usize, e: usize) {
        let what = self.move_label(pos, label);
        let say = |p: &mut Parser, key: &'static str| p.diag(Severity::Fixed, s, e, key, vec![("move", what.clone())]);
        if r & repair::ZEROS != 0 {
            say(self, "repair-zeros");
        }
        if r & repair::PAWN_LETTER != 0 {
            say(self, "repair-pawn-letter");
        }
        if r & repair::NO_EQUALS != 0 {
            say(self, "repair-no-equals");
        }
        if r & repair::EP != 0 {
            say(self, "repair-ep");
        }
        if r & repair::DOUBLE_PLUS != 0 {
            say(self, "repair-double-plus");
        }
        if r & repair::LONG != 0 {
            say(self, "repair-long");
        }
        if r & repair::COORDINATES != 0 {
            say(self, "repair-coordinates");
        }
        if r & repair::CASE != 0 {
            say(self, "repair-case");
        }
        if r & repair::MARK_ORDER != 0 {
            say(self, "repair-mark-order");
        }
        if r & repair::STRAY_EQUALS != 0 {
            self.diag(Severity::Warning, s, e, "repair-stray-equals", vec![("move", what.clone())]);
        }
        if let Some(key) = extra {
            say(self, key);
        }
    }

    /// Checks a written `+` or `#` against the position after the move
    /// (`tok` is the move as written, labelled only when something is wrong).
    fn check_suffix<P: Played>(&mut self, after: &P, written: Suffix, tok: &[u8], s: usize, e: usize) {
        let check = after.is_check();
        if check && (written == Suffix::Check || after.is_checkmate()) {
            return;
        }
        // A variant's win written as mate (a king blown up or on the hill).
        if written == Suffix::Checkmate && after.is_variant_end() {
            return;
        }
        let label = label_after(after, std::str::from_utf8(tok).unwrap_or("?"));
        if !check {
            let key = if written == Suffix::Check { "check-not-check" } else { "mate-not-check" };
            self.diag(Severity::Warning, s, e, key, vec![("move", label)]);
        } else if written == Suffix::Checkmate && !after.is_checkmate() {
            self.diag(Severity::Warning, s, e, "mate-only-check", vec![("move", label)]);
        }
    }

    fn finish(mut self) -> Game {
        // Escape lines in the order of their nodes (stable: file order within one).
        crate::stable_order::sort_stable(&mut self.g.escapes, &|a, b| a.0 < b.0);
        if self.dropped > 0 {
            let n = self.dropped;
            self.g.diagnostics.push(Diagnostic::new(
                Severity::Warning,
                (self.g.offset, self.g.offset),
                (self.g.line, 1),
                "more-diagnostics",
                vec![("count", n.to_string())],
            ));
        }
        self.g
    }
}

/// "12. Nf3" or "12... Nf6" for the move just played, from the position after it.
/// For each tag of a header, whether an earlier tag has the same name: a
/// table of the tags' places by a hash of their names (FNV-1a), for headers
/// too long to compare each name with the earlier ones.
fn repeated_names(src: &str, raw: &[RawTag]) -> Vec<bool> {
    let name = |t: &RawTag| src.get(t.name.0..t.name.1).unwrap_or("");
    let size = (raw.len() * 2).next_power_of_two();
    let mut places = vec![usize::MAX; size];
    let mut repeated = Vec::with_capacity(raw.len());
    for (i, t) in raw.iter().enumerate() {
        let hash = name(t).bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
        let mut at = hash as usize & (size - 1);
        loop {
            match places[at] {
                usize::MAX => {
                    places[at] = i;
                    repeated.push(false);
                    break;
                }
                j if name(&raw[j]) == name(t) => {
                    repeated.push(true);
                    break;
                }
                _ => at = (at + 1) & (size - 1),
            }
        }
    }
    repeated
}

fn label_after<P: Played>(after: &P, tok: &str) -> String {
    let n = after.fullmoves().get();
    if after.turn().is_white() {
        format!("{}... {tok}", n.saturating_sub(1))
    } else {
        format!("{n}. {tok}")
    }
}

/// Appends `item` to the run `(start, len)` of `table` and returns the new
/// run. Runs are contiguous: if something else was appended since, the run
/// is copied to the end of the table first.
fn append_run<T: Clone>(table: &mut Vec<T>, run: (u32, u32), item: T) -> (u32, u32) {
    let len = table.len() as u32;
    let run = if run.1 == 0 {
        (len, 1)
    } else if run.0 + run.1 == len {
        (run.0, run.1 + 1)
    } else {
        table.extend_from_within(run.0 as usize..(run.0 + run.1) as usize);
        (len, run.1 + 1)
    };
    table.push(item);
    run
}

/// Where the move number written just before `at` on its line starts
/// (`2.`, `2...`, `2.` glued to the move), or `at` when there is none.
fn number_before(bytes: &[u8], at: usize) -> usize {
    let mut i = at;
    while i > 0 && matches!(bytes[i - 1], b' ' | b'\t') {
        i -= 1;
    }
    let dots = i;
    while i > 0 && bytes[i - 1] == b'.' {
        i -= 1;
    }
    let digits = i;
    while i > 0 && bytes[i - 1].is_ascii_digit() {
        i -= 1;
    }
    let bounded = i == 0 || matches!(bytes[i - 1], b' ' | b'\t' | b'\n' | b'\r' | b'(' | b')' | b'}');
    if dots > digits && digits > i && bounded {
        i
    } else {
        at
    }
}

fn skip_ws_fwd(b: &[u8], mut p: usize) -> usize {
    while p < b.len() && b[p].is_ascii_whitespace() {
        p += 1;
    }
    p
}

fn skip_ws_back(b: &[u8], mut p: usize) -> usize {
    while p > 0 && b[p - 1].is_ascii_whitespace() {
        p -= 1;
    }
    p
}

/// Resolves `\"` and `\\` in a tag value; other backslashes stay.
pub fn unescape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    let mut chars = v.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&n) = chars.peek() {
                if n == '"' || n == '\\' {
                    out.push(n);
                    chars.next();
                    continue;
                }
            }
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(g: &Game) -> Vec<String> {
        g.diagnostics().iter().map(|d| format!("{}: {}", d.severity.as_str(), d.message)).collect()
    }

    #[test]
    fn tag_names_in_another_case() {
        let g = read_game(b"[fen \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"] [Setup \"1\"]\n\n1. Ra8# 1-0\n");
        assert_eq!(g.tag("FEN"), Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
        assert_eq!(g.mainline_plies(), 1);
        assert!(!g.has_errors(), "{:?}", messages(&g));
        assert!(messages(&g).contains(&"fixed: tag fen read as FEN".to_string()));
        // A renamed tag among others keeps its place, its value and the span
        // of its name as written.
        let g = read_game(b"[Event \"a\"]\n[white \"B \\\"q\\\"\"]\n[Black \"C\"]\n\n1. e4 *\n");
        let tags: Vec<_> = g.tags().collect();
        assert_eq!(tags, [("Event", "a"), ("White", "B \"q\""), ("Black", "C")]);
        let renamed = g.diagnostics().iter().find(|d| d.message == "tag white read as White").unwrap();
        assert_eq!(&g.src[renamed.span.0..renamed.span.1], "white");
    }

    #[test]
    fn repeated_tag_names() {
        let g = read_game(
            b"[Event \"a\"]\n[Site \"x\"]\n[Evenu \"b\"]\n[Event \"c\"]\n[Site \"y\"]\n[EventX \"d\"]\n\n1. e4 *\n",
        );
        let m = messages(&g);
        assert_eq!(
            m,
            vec![
                "warning: tag Event appears more than once; the first value is used",
                "warning: tag Site appears more than once; the first value is used"
            ]
        );
        assert_eq!(g.tag("Event"), Some("a"));
        // Over 32 tags, the other way of finding them.
        let mut many = String::new();
        for i in 0..40 {
            many.push_str(&format!("[T{i} \"v\"]\n"));
        }
        many.push_str("[T7 \"w\"]\n\n1. e4 *\n");
        assert_eq!(
            messages(&read_game(many.as_bytes())),
            vec!["warning: tag T7 appears more than once; the first value is used"]
        );
        // A thousand tags: the ten names given twice are each found once.
        let mut big = String::new();
        for i in 0..1000 {
            big.push_str(&format!("[T{} \"v\"]\n", i % 990));
        }
        big.push_str("\n*\n");
        let found = messages(&read_game(big.as_bytes()));
        let wanted: Vec<String> =
            (0..10).map(|i| format!("warning: tag T{i} appears more than once; the first value is used")).collect();
        assert_eq!(found, wanted);
    }

    #[test]
    fn a_result_glued_to_the_move_before_it() {
        for (text, result) in
            [("2. Nf3 Nc6*", "*"), ("2. Nf3 Nc61-0", "1-0"), ("2. Nf3 Nc60-1", "0-1"), ("2. Nf3 Nc61/2-1/2", "1/2-1/2")]
        {
            let g = read_game(format!("1. e4 e5 {text}\n").as_bytes());
            assert_eq!(g.mainline_plies(), 4, "{text}: {:?}", messages(&g));
            assert_eq!(g.result(), result, "{text}");
            assert!(!g.has_errors(), "{text}: {:?}", messages(&g));
            let word = text.rsplit(' ').next().unwrap();
            assert!(
                messages(&g).iter().any(|m| m.starts_with(&format!("fixed: {word} read as the move "))),
                "{text}: {:?}",
                messages(&g)
            );
            let (once, twice) = export_twice(&g);
            assert_eq!(once, twice);
            assert!(once.ends_with(&format!("2. Nf3 Nc6 {result}\n\n")), "{once}");
        }
        // In a variation the move is kept and the marker ignored.
        let g = read_game(b"1. e4 e5 (1... c5 2. Nf3*) 2. Nf3 *");
        assert_eq!((g.mainline_plies(), g.result()), (3, "*"));
        assert!(
            messages(&g).iter().any(|m| m == "warning: a result * inside a variation was ignored"),
            "{:?}",
            messages(&g)
        );
        assert!(export_twice(&g).0.contains("(1... c5 2. Nf3)"));
        // Not when the move before the marker is not legal: kept as text.
        let g = read_game(b"1. e4 e5 2. Qh5xf9* *");
        assert_eq!(g.mainline_plies(), 2);
        assert!(g.has_errors());
        // Brackets and braces glued to moves were always apart.
        let g = read_game(b"1.e4(1.d4)e5{x}2.Nf3(2.Nc3){y}Nc6*");
        assert_eq!((g.mainline_plies(), g.result(), g.node_count()), (4, "*", 6));
        assert!(!g.has_errors(), "{:?}", messages(&g));
    }

    #[test]
    fn forfeits_and_loose_markers() {
        let g = read_game(b"[Result \"+--\"]\n\n +--\n");
        assert_eq!(g.result(), "1-0");
        assert!(!g.has_errors(), "{:?}", messages(&g));
        // After an error the marker is still found, dashes and all.
        let g = read_game("1. e4 Qa1 2. d4 1\u{2014}0".as_bytes());
        assert_eq!(g.result(), "1-0");
        let g = read_game("1.\u{a0}e4 e5 2. Nf3 ..Nc6 3. Bc4 Bc5 4. O\u{2011}O *".as_bytes());
        assert_eq!(g.mainline_plies(), 7);
        assert!(!g.has_errors(), "{:?}", messages(&g));
    }

    fn export_twice(g: &Game) -> (String, String) {
        use crate::export::{write_game, ExportOptions};
        let out = write_game(g, &ExportOptions::default());
        let again = write_game(&read_game(out.as_bytes()), &ExportOptions::default());
        (out, again)
    }

    #[test]
    fn a_kept_variation_that_starts_with_a_stray_open() {
        // The `(` with no move and its `)` are both in the one kept text.
        let g = read_game(b"1. e4 ( ( x ) e5 ) *\n");
        let e4 = g.mainline()[0];
        assert_eq!(g.unplayed_variations(e4).collect::<Vec<_>>(), vec!["( x ) e5"]);
        assert_eq!(g.comments_after(e4).count(), 0);
        assert_eq!(g.result(), "*");
        let (out, again) = export_twice(&g);
        assert!(out.contains("1. e4 ((x) e5) *"), "{out}");
        assert_eq!(out, again);
        // After a move, the rest of the variation is kept up to its own `)`.
        let g = read_game(b"1. e4 ( ( d4 Qa1 ) x ) e5 *\n");
        let d4 = g.children(g.root()).nth(1).unwrap();
        assert_eq!(g.unplayed(d4), Some("Qa1 ) x"));
        assert_eq!(g.mainline_plies(), 2);
        let (out, again) = export_twice(&g);
        assert!(out.contains("({(} 1. d4 Qa1 {)} x) 1... e5 *"), "{out}");
        assert_eq!(out, again);
    }

    #[test]
    fn spans_of_windows_1252_games_are_file_offsets() {
        // A UTF-8 é first (read as two Windows-1252 characters), then a Latin-1 é.
        let file = b"[Event \"x\"]\n\n1. e4 *\n\n[Event \"Caf\xc3\xa9\"]\n[White \"R\xe9ti\"]\n\n1. e4 {\x93ok\x94} e5 2. Qa5 *\n";
        let games: Vec<Game> = GameReader::new(file).collect();
        assert_eq!(games.len(), 2);
        let d = games[1].diagnostics();
        assert_eq!(d.len(), 2, "{:?}", messages(&games[1]));
        // The byte that is not UTF-8.
        assert_eq!(&file[d[0].span.0..d[0].span.1], b"\xe9");
        assert_eq!((d[0].line, d[0].col), (6, 10));
        // The illegal move, after quotes written in Windows-1252.
        assert!(d[1].message.contains("Qa5 is illegal"), "{}", d[1].message);
        assert!(file[d[1].span.0..].starts_with(b"Qa5 *"));
        assert_eq!((d[1].line, d[1].col), (8, 20));
    }

    #[test]
    fn text_after_the_result_is_one_comment() {
        let g = read_game(b"1. e4 * [see below] d4 $1 {c} e5\n");
        let last = g.mainline()[0];
        assert_eq!(g.comments_after(last).collect::<Vec<_>>(), vec!["[see below] d4 $1", "c", "e5"]);
        // (A tag pair there begins the next game.)
        let games: Vec<Game> = GameReader::new(b"1. e4 * [FEN \"x\"] d4 $1 {c} e5\n").collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].diagnostics().len(), 0);
        assert_eq!(g.diagnostics().len(), 1, "{:?}", messages(&g));
    }

    fn write(g: &Game) -> String {
        crate::export::write_game(g, &crate::export::ExportOptions::default())
    }

    fn movetext_of(g: &Game) -> String {
        let out = write(g);
        out[out.find("\n\n").unwrap() + 2..].trim_end().to_string()
    }

    #[test]
    fn half_a_point_written_1_2_is_a_draw() {
        let g = read_game(b"[Result \"1/2\"]\n\n1. e4 e5 1/2\n");
        assert_eq!(g.result(), "1/2-1/2");
        assert_eq!(g.tag("Result"), Some("1/2-1/2"));
        assert_eq!(
            messages(&g),
            ["fixed: 1/2 read as the result 1/2-1/2", "fixed: the Result tag 1/2 read as 1/2-1/2"]
        );
        assert_eq!(movetext_of(&g), "1. e4 e5 1/2-1/2");
    }

    #[test]
    fn a_known_result_wins_over_an_unknown_one() {
        let g = read_game(b"[Result \"*\"]\n\n1. e4 e5 1-0\n");
        assert_eq!((g.tag("Result"), g.result()), (Some("1-0"), "1-0"));
        assert_eq!(messages(&g), ["fixed: the game ends with 1-0 but its Result tag is *; 1-0 is kept"]);
        let g = read_game(b"[Result \"0-1\"]\n\n1. e4 e5 *\n");
        assert_eq!((g.tag("Result"), g.result()), (Some("0-1"), "0-1"));
        assert_eq!(messages(&g), ["fixed: the game ends with * but its Result tag is 0-1; 0-1 is kept"]);
        assert!(write(&g).contains("[Result \"0-1\"]") && movetext_of(&g).ends_with("e5 0-1"));
        // Two known results that differ: the tag is kept, with a warning.
        let g = read_game(b"[Result \"0-1\"]\n\n1. e4 e5 1-0\n");
        assert_eq!(messages(&g), ["warning: the result 1-0 does not match the Result tag 0-1"]);
    }

    #[test]
    fn evaluations_written_as_words_or_glyphs_are_nags() {
        let pgn = "1. e4 +/= e5 =/+ 2. Nf3 +- Nc6 -+ 3. Bb5 = a6 inf 4. Ba4 ~ Nf6 N 5. O-O TN Be7 RR 6. Re1 ± b5 ∓ 7. Bb3 ⩲ d6 ⩱ 8. c3 ∞ O-O ⨀ *";
        let g = read_game(pgn.as_bytes());
        assert_eq!(g.mainline_plies(), 16, "{:?}", messages(&g));
        let nags: Vec<u8> = g.mainline().iter().flat_map(|&id| g.nags(id).to_vec()).collect();
        assert_eq!(nags, [14, 15, 18, 19, 10, 13, 13, 146, 146, 145, 16, 17, 14, 15, 13, 22]);
        assert_eq!(messages(&g).len(), 16);
        assert_eq!(messages(&g)[5], "fixed: inf read as the annotation $13 (unclear position)");
    }

    #[test]
    fn text_before_the_first_tags_is_not_a_game_of_its_own() {
        let pgn = b"; a file's banner\n{Collected games}\n\n[Event \"A\"]\n\n1. e4 e5 *\n\n[Event \"B\"]\n\n1. d4 *\n";
        let games: Vec<Game> = GameReader::new(pgn).collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("A"));
        assert_eq!(
            games[0].comments_after(games[0].root()).collect::<Vec<_>>(),
            [" a file's banner", "Collected games"]
        );
        assert_eq!(
            messages(&games[0]),
            ["fixed: text before the game's tags is kept as a comment before its first move"]
        );
        // A file of only a comment is still a game holding it.
        let games: Vec<Game> = GameReader::new(b"{only a remark}\n").collect();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].comments_after(games[0].root()).collect::<Vec<_>>(), ["only a remark"]);
    }

    #[test]
    fn moves_with_piece_letters_of_other_languages() {
        for (pgn, said) in [
            (
                "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 Dd7 *",
                [
                    "Sf3 read as Nf3: S is the knight in German",
                    "Lb5 read as Bb5: L is the bishop in German, Dutch",
                    "Te1 read as Re1: T is the rook in German, French, Spanish, Italian, Dutch",
                    "Dd7 read as Qd7: D is the queen in German, French, Spanish, Italian, Dutch",
                ],
            ),
            (
                "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 Cf6 5. O-O Fe7 6. Te1 b5 7. Fb3 d6 8. c3 O-O 9. h3 Dd7 *",
                [
                    "Cf3 read as Nf3: C is the knight in French, Spanish, Italian",
                    "Fb5 read as Bb5: F is the bishop in French",
                    "Te1 read as Re1: T is the rook in German, French, Spanish, Italian, Dutch",
                    "Dd7 read as Qd7: D is the queen in German, French, Spanish, Italian, Dutch",
                ],
            ),
            (
                "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7 6. Te1 b5 7. Ab3 d6 8. c3 O-O 9. h3 Dd7 *",
                [
                    "Cf3 read as Nf3: C is the knight in French, Spanish, Italian",
                    "Ab5 read as Bb5: A is the bishop in Spanish, Italian",
                    "Te1 read as Re1: T is the rook in German, French, Spanish, Italian, Dutch",
                    "Dd7 read as Qd7: D is the queen in German, French, Spanish, Italian, Dutch",
                ],
            ),
            (
                "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. O-O Сe7 6. Лe1 b5 7. Сb3 d6 8. c3 O-O 9. h3 Фd7 *",
                [
                    "Кf3 read as Nf3: К is the knight in Russian",
                    "Сb5 read as Bb5: С is the bishop in Russian",
                    "Лe1 read as Re1: Л is the rook in Russian",
                    "Фd7 read as Qd7: Ф is the queen in Russian",
                ],
            ),
        ] {
            let g = read_game(pgn.as_bytes());
            assert_eq!(
                movetext_of(&g),
                "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\nO-O 9. h3 Qd7 *",
                "{pgn}"
            );
            let want: Vec<String> = said.iter().map(|m| format!("fixed: {m}")).collect();
            assert_eq!(messages(&g), want);
        }
        // Dutch P (the knight) is a pawn where a pawn can go; elsewhere the knight.
        let g = read_game("1. e4 e5 2. Pf3 *".as_bytes());
        assert_eq!(movetext_of(&g), "1. e4 e5 2. f3 *");
        let g = read_game("1. e4 e5 2. Pc3 *".as_bytes());
        assert_eq!(movetext_of(&g), "1. e4 e5 2. c3 *");
        let g = read_game("1. e4 e5 2. Pe2 *".as_bytes());
        assert_eq!(movetext_of(&g), "1. e4 e5 2. Ne2 *");
        // French R is the king once R cannot be the rook, and a promotion.
        let g = read_game("1. e4 e5 2. Cf3 Cc6 3. Re2 *".as_bytes());
        assert_eq!(movetext_of(&g), "1. e4 e5 2. Nf3 Nc6 3. Ke2 *");
        let g = read_game("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=D *".as_bytes());
        assert_eq!(movetext_of(&g), "1. a8=Q *");
    }

    #[test]
    fn html_line_breaks_are_line_breaks() {
        let g = read_game(b"1. e4 e5<br>2. Nf3 Nc6 ; a remark<BR />3. Bb5 *");
        assert_eq!(movetext_of(&g), "1. e4 e5 2. Nf3 Nc6 {a remark} 3. Bb5 *");
        assert_eq!(messages(&g), ["fixed: <br> read as a line break", "fixed: <BR /> read as a line break"]);
    }

    #[test]
    fn a_wrong_move_number_is_said_once() {
        let g = read_game(b"1. e4 e5 5. Nf3 Nc6 9. Bb5 *");
        assert_eq!(g.mainline_plies(), 5);
        assert_eq!(messages(&g), ["warning: move number 5 where 2 was expected; the moves are read as they stand (later numbers are not checked)"]);
        assert!(read_game(b"1. e4 e5 2. Nf3 (2. Nc3 Nf6) 2... Nc6 *").diagnostics().is_empty());
    }

    #[test]
    fn move_numbers_however_written_are_checked_alike() {
        let said = |pgn: &str| {
            read_game(pgn.as_bytes())
                .diagnostics()
                .iter()
                .map(|d| (d.message.clone(), d.span, d.line, d.col))
                .collect::<Vec<_>>()
        };
        let wrong = |n: u32, want: u32| {
            format!("move number {n} where {want} was expected; the moves are read as they stand (later numbers are not checked)")
        };
        // A number alone, one right after another, one before a no-break
        // space or a look-alike dash; one glued to its move is not checked.
        assert_eq!(said("1. e4 7... e5 *"), [(wrong(7, 1), (6, 7), 1, 7)]);
        assert_eq!(said("1. e4 1. 17... e5 *"), [(wrong(17, 1), (9, 11), 1, 10)]);
        assert_eq!(said("1.e4 {c}\n4...\u{a0}e5 *"), [(wrong(4, 1), (9, 10), 2, 1)]);
        assert_eq!(said("1. e4 e5 3.Nf3 *"), []);
        assert_eq!(said("1. e4 e5 2. Nf3 Nc6 3.. Bb5 *"), []);
        assert_eq!(said("1. e4 e5 12345678901. Nf3 *"), []);
        assert_eq!(said("1. e4 1... e5 2... Nf3 *"), []);
        assert!(said("1. e4 e5 2.\u{2013}").iter().all(|d| !d.0.starts_with("move number")));
        assert_eq!(read_game(b"1. e4 e5 2.").mainline_plies(), 2);
    }

    #[test]
    fn variants_named_as_chess_are_chess_and_others_keep_their_start() {
        for name in ["Regular", "standard", "NORMAL", "From Position"] {
            let g = read_game(format!("[Variant \"{name}\"]\n\n1. e4 e5 *").as_bytes());
            assert_eq!(g.mainline_plies(), 2, "{name}");
        }
        let fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
        let g = read_game(format!("[Variant \"Horde\"]\n[FEN \"{fen}\"]\n\n1. e4 *").as_bytes());
        assert_eq!(g.fen(g.root()), fen);
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let g = read_game(format!("[Variant \"Atomic\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1... e5 *").as_bytes());
        assert_eq!(Fen::from_position(g.start_position(), shakmaty::EnPassantMode::Legal).to_string(), fen);
    }

    #[test]
    fn unescaped_quotes_in_a_tag_value() {
        let g = read_game(b"[Annotator \"Lee \"The Wall\"\"]\n[White \"A\"]\n\n1. e4 *");
        assert_eq!(g.tag("Annotator"), Some("Lee \"The Wall\""));
        assert_eq!(g.tag("White"), Some("A"));
        assert!(write(&g).contains("[Annotator \"Lee \\\"The Wall\\\"\"]"));
        assert_eq!(
            messages(&g),
            ["fixed: the value of tag Annotator holds quotes without a backslash; it runs to the last quote before ]"]
        );
        // Two tags on one line are still two.
        let g = read_game(b"[White \"A\"] [Black \"B\"]\n\n1. e4 *");
        assert_eq!((g.tag("White"), g.tag("Black")), (Some("A"), Some("B")));
    }

    #[test]
    fn a_semicolon_comment_holding_a_brace_is_written_on_lines_of_79() {
        let long = "a remark that holds a brace } and goes on for a long while, well past the width of one line, with more words";
        let g = read_game(format!("1. e4 ;{long}\ne5 ;x }} y\n ;z }} w\n*").as_bytes());
        let out = write(&g);
        assert!(out.lines().all(|l| l.chars().count() <= 79), "{out}");
        // Read again, the same comments, and the same export.
        let again = read_game(out.as_bytes());
        assert_eq!(write(&again), out);
        assert_eq!(crate::equivalent(&g, &again), Ok(()));
        let e5 = g.mainline()[1];
        assert_eq!(again.comments_after(e5).count(), 2, "{out}");
    }
}
