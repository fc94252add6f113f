//! Getting PGN bytes into the page: files (dropped or picked), pasted text,
//! and a same-origin `?url=`. The bytes go to the core as they are; it
//! decodes each game (UTF-8, or Windows-1252 when a game is not UTF-8).
//! A gzip or Zstandard file is inflated and a zip archive gives its `.pgn`
//! members; any other file that is not text (another archive, an image) is
//! refused with a message and the open file stays; UTF-16 text is made
//! UTF-8.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use movetext_core::sniff::{sniff, utf16_to_utf8, Kind};
use movetext_core::zip::Method;

use crate::i18n::Lang;
use crate::state::blob_reading::{read_blob, read_inflated, Compressed, Scratch};
use crate::state::zstd_reading::{read_zstd, ZstdError};

/// A loaded file: its name for the title and its bytes.
pub struct Loaded {
    /// File name, or names joined by commas.
    pub name: String,
    /// The bytes; several files are joined by a blank line.
    pub bytes: Rc<Vec<u8>>,
    /// Each file's name and the offset where it starts in `bytes`.
    pub parts: Vec<(String, usize)>,
    /// Where it came from (see [`crate::state::documents::DocMeta::source`]).
    pub source: String,
    /// What the page says once it is open (an archive cut short).
    pub notes: Vec<String>,
    /// News the page gives once it is open (how many games an import added).
    pub news: Option<String>,
}

impl Loaded {
    /// Text that was pasted, dropped or given by a link, under a name.
    pub fn text(name: &str, text: String, source: &str) -> Loaded {
        Loaded {
            source: source.to_owned(),
            name: name.to_owned(),
            bytes: Rc::new(with_line_breaks(text.into_bytes())),
            parts: vec![(name.to_owned(), 0)],
            notes: Vec::new(),
            news: None,
        }
    }
}

/// Files up to this size with line breaks written as HTML (`<br>`, from
/// web pages) get real ones; larger files are read as they are.
const HTML_BREAKS_UP_TO: usize = 64 << 20;

/// The bytes with HTML line breaks made line breaks (see
/// [`movetext_core::html_line_breaks`]), for text of at most
/// [`HTML_BREAKS_UP_TO`] bytes.
fn with_line_breaks(bytes: Vec<u8>) -> Vec<u8> {
    if bytes.len() > HTML_BREAKS_UP_TO {
        return bytes;
    }
    movetext_core::html_line_breaks(&bytes).unwrap_or(bytes)
}

/// A file's bytes as the reader takes them: UTF-16 text made UTF-8; an
/// archive, an image or any other binary file refused with a message that
/// says what it is (the open file stays).
fn as_text(bytes: Vec<u8>, name: &str, lang: Lang) -> Result<Vec<u8>, String> {
    let kind = sniff(&bytes);
    if kind.is_text() {
        return Ok(bytes);
    }
    if let Some(text) = utf16_to_utf8(&bytes) {
        return Ok(text);
    }
    Err(match kind {
        _ if kind.archive().is_some() => {
            lang.say("not-pgn-archive", &[("file", name), ("format", kind.archive().unwrap_or_default())])
        }
        Kind::Pdf => lang.say("not-pgn-pdf", &[("file", name)]),
        Kind::Image => lang.say("not-pgn-image", &[("file", name)]),
        _ => lang.say("not-pgn-binary", &[("file", name)]),
    })
}

/// The PGN texts a file holds, with their names: the file itself, what a
/// gzip file (inflated by the browser) or a Zstandard file holds, or the
/// `.pgn` members of a zip archive. An archive cut short or damaged gives what came before
/// the break, and a note of where it broke in `notes` (for a compressed
/// stream, the byte of its text where it broke).
async fn unpack(
    file: &web_sys::Blob,
    name: &str,
    bytes: Vec<u8>,
    lang: Lang,
    notes: &mut Vec<String>,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let broke = |notes: &mut Vec<String>, what: &str, at: usize| {
        notes.push(lang.say("archive-broken", &[("file", what), ("at", &at.to_string())]));
    };
    match sniff(&bytes) {
        Kind::Gzip => {
            let mut text = Vec::new();
            if read_inflated(file, Compressed::Gzip, &mut text).await.is_err() {
                broke(notes, name, text.len());
            }
            Ok(vec![(name.strip_suffix(".gz").unwrap_or(name).to_owned(), as_text(text, name, lang)?)])
        }
        Kind::Zstd => {
            let mut text = Vec::new();
            match read_zstd(&bytes, &mut text).await {
                Ok(()) => {}
                Err(ZstdError::NoDecoder) => {
                    return Err(
                        lang.say("file-unreadable", &[("file", name), ("reason", lang.text("zstd-no-decoder"))])
                    );
                }
                Err(ZstdError::Broken) => broke(notes, name, text.len()),
            }
            Ok(vec![(name.strip_suffix(".zst").unwrap_or(name).to_owned(), as_text(text, name, lang)?)])
        }
        Kind::Zip => {
            let found = movetext_core::zip::members(&bytes);
            let mut texts = Vec::new();
            for member in found.members.iter().filter(|m| m.name.to_lowercase().ends_with(".pgn")) {
                let member_name = format!("{name}/{}", member.name);
                let data = &bytes[member.data.clone()];
                let text = match member.method {
                    Method::Stored => data.to_vec(),
                    Method::Deflated => {
                        let mut text = Vec::new();
                        let blob = file.slice_with_f64_and_f64(member.data.start as f64, member.data.end as f64);
                        let read = match blob {
                            Ok(blob) => read_inflated(&blob, Compressed::Deflate, &mut text).await,
                            Err(_) => Err(String::new()),
                        };
                        if read.is_err() {
                            broke(notes, &member_name, text.len());
                        }
                        text
                    }
                    Method::Other(_) => {
                        notes.push(lang.say("archive-method", &[("file", &member_name)]));
                        continue;
                    }
                };
                texts.push((member_name, as_text(text, &member.name, lang)?));
            }
            if let Some(at) = found.broken_at.filter(|_| !texts.is_empty() || !found.members.is_empty()) {
                broke(notes, name, at);
            }
            if texts.is_empty() && notes.is_empty() {
                notes.push(lang.say("archive-no-pgn", &[("file", name)]));
            }
            Ok(texts)
        }
        _ => Ok(vec![(name.to_owned(), as_text(bytes, name, lang)?)]),
    }
}

/// Reads every file of a list (from a drop or the file picker). Several
/// files become one list of games, in the order given.
pub async fn read_files(files: web_sys::FileList, lang: Lang) -> Result<Loaded, String> {
    let mut names = Vec::new();
    let mut parts = Vec::new();
    let mut bytes = Vec::new();
    let mut scratch = Scratch::default();
    let mut notes = Vec::new();
    for i in 0..files.length() {
        let Some(file) = files.item(i) else { continue };
        let mut one = Vec::new();
        read_blob(&file, &mut one, &mut scratch)
            .await
            .map_err(|e| lang.say("file-unreadable", &[("file", &file.name()), ("reason", &e.to_string())]))?;
        for (name, text) in unpack(&file, &file.name(), one, lang, &mut notes).await? {
            if text.is_empty() && !notes.is_empty() {
                // An archive broken before any text: only its note.
                continue;
            }
            if !bytes.is_empty() && !bytes.ends_with(b"\n\n") {
                bytes.extend_from_slice(b"\n\n");
            }
            parts.push((name, bytes.len()));
            if bytes.is_empty() {
                // A file of a gigabyte is not copied.
                bytes = with_line_breaks(text);
            } else {
                bytes.extend_from_slice(&with_line_breaks(text));
            }
        }
        names.push(file.name());
    }
    if names.is_empty() {
        return Err(lang.text("no-file").to_owned());
    }
    if parts.is_empty() {
        return Err(notes.pop().unwrap_or_else(|| lang.say("no-games", &[("file", &names.join(", "))])));
    }
    Ok(Loaded { name: names.join(", "), bytes: Rc::new(bytes), parts, source: "file".to_owned(), notes, news: None })
}

/// The source of a document fetched from an address.
pub fn url_source(href: &str) -> String {
    format!("url:{href}")
}

/// The source a `?url=` address names (its absolute address), if it is one.
pub fn url_parameter_source(url: &str) -> Option<String> {
    let here = web_sys::window()?.location().href().ok()?;
    Some(url_source(&web_sys::Url::new_with_base(url, &here).ok()?.href()))
}

/// Fetches a file named by `?url=`, which must be on this page's origin.
pub async fn fetch_same_origin(url: &str, lang: Lang) -> Result<Loaded, String> {
    let window = web_sys::window().ok_or("no window")?;
    let here = window.location().href().map_err(|_| "no location")?;
    let target = web_sys::Url::new_with_base(url, &here).map_err(|_| lang.say("url-invalid", &[("url", url)]))?;
    let origin = window.location().origin().unwrap_or_default();
    if target.origin() != origin {
        return Err(lang.say("url-other-site", &[("url", url), ("origin", &origin)]));
    }
    let response = JsFuture::from(window.fetch_with_str(&target.href()))
        .await
        .map_err(|_| lang.say("url-not-fetched", &[("url", url)]))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "no response")?;
    if !response.ok() {
        let status = format!("{} {}", response.status(), response.status_text());
        return Err(lang.say("url-status", &[("url", url), ("status", &status)]));
    }
    let blob: web_sys::Blob = JsFuture::from(response.blob().map_err(|_| "no body")?)
        .await
        .map_err(|_| lang.say("url-unreadable", &[("url", url)]))?
        .dyn_into()
        .map_err(|_| "no body")?;
    let mut bytes = Vec::new();
    read_blob(&blob, &mut bytes, &mut Scratch::default())
        .await
        .map_err(|e| lang.say("file-unreadable", &[("file", url), ("reason", &e.to_string())]))?;
    let name = target.pathname().rsplit('/').next().unwrap_or("file.pgn").to_owned();
    let bytes = as_text(bytes, &name, lang)?;
    Ok(Loaded {
        parts: vec![(name.clone(), 0)],
        name,
        bytes: Rc::new(with_line_breaks(bytes)),
        source: url_source(&target.href()),
        notes: Vec::new(),
        news: None,
    })
}

/// The PGN an address carries in its hash (`#game=1&ply=5&pgn=…`, as the
/// widget's "Open in Movetext" writes it for a game given as text).
pub fn hash_pgn() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    web_sys::UrlSearchParams::new_with_str(hash.trim_start_matches('#'))
        .ok()?
        .get("pgn")
        .filter(|p| !p.trim().is_empty())
}

/// The `url` parameter of the page's query string.
pub fn url_parameter() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search).ok()?.get("url").filter(|u| !u.is_empty())
}
