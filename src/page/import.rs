//! Importing a user's games from lichess or chess.com, and opening a lichess
//! game or study from its address. Each import is a document of its own
//! (`import:lichess:name`), stored as a file opened is; importing the same
//! user again adds, before the games it has, only those it does not have
//! (known by their address, or a hash of their text), and says how many.
//!
//! lichess's games arrive as a stream of PGN, read as it comes (the games
//! so far are shown) and stopped by **Cancel**, which keeps the whole games
//! that arrived. chess.com's come a month at a time, the newest month
//! first, from its list of monthly archives. Everything these services send
//! is text to the page, never markup. The requests are plain `fetch`es of
//! the page.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use js_sys::{Array, Reflect};
use movetext_view::game::import::{
    chesscom_archives_url, game_key, is_chesscom_archive, join_games, latest_start, lichess_games_url, new_games,
    parse_import, parse_max, split_games, valid_user, whole_games, GameCounter, ImportPhase, ImportRequest,
    LichessLink, Service,
};
use movetext_view::game::url_state::Place;
use movetext_view::game::viewer::{Action, Nav};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::dialogs::import_dialog::ImportDialog;
use crate::i18n::Lang;
use crate::page::file_input::Loaded;
use crate::page::loading::{fingerprint_in_slices, LoadRequest, Reopen};
use crate::page::session::Session;
use crate::state::documents::{announcement, unique, DocMeta};
use crate::state::page_state::{Dialog, PageAction};
use crate::state::persist;

#[wasm_bindgen(inline_js = r#"
export function import_controller() { return new AbortController(); }
export function import_abort(controller) { controller.abort(); }
// Fetches `url`, handing its body's text to `onText` a piece at a time as
// it arrives; resolves with the status once the body has ended (at once
// for a status that is not 2xx), rejects on a network error or an abort.
export async function import_fetch(url, accept, controller, onText) {
  const headers = accept ? { Accept: accept } : {};
  const response = await fetch(url, { headers, signal: controller.signal, credentials: "omit" });
  if (!response.ok || !response.body) return response.status;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    if (text) onText(text);
  }
  const rest = decoder.decode();
  if (rest) onText(rest);
  return response.status;
}
"#)]
extern "C" {
    fn import_controller() -> JsValue;
    fn import_abort(controller: &JsValue);
    #[wasm_bindgen(catch)]
    fn import_fetch(
        url: &str,
        accept: &str,
        controller: &JsValue,
        on_text: &js_sys::Function,
    ) -> Result<js_sys::Promise, JsValue>;
}

/// Why an import or a link gave nothing.
#[derive(Clone, Debug, PartialEq)]
enum Failure {
    /// The name is not one the service could have.
    BadName,
    /// The service knows no such user (404).
    NoUser,
    /// No such game or study (404 for a link).
    NoGame,
    /// The service asks to wait (429).
    RateLimited,
    /// No answer: offline, or the network failed.
    Offline,
    /// Another status.
    Status(u16),
    /// The service answered with something that is not what it sends.
    Malformed,
    /// The account has no games (or none new, when stopped at once).
    Empty,
    /// Stopped before any game arrived.
    StoppedEmpty,
    /// The document could not be stored.
    Store(String),
}

impl Failure {
    fn say(&self, lang: Lang, service: Service, user: &str) -> String {
        let site = service.title();
        let args = [("user", user), ("site", site)];
        match self {
            Failure::BadName => lang.say("import-bad-name", &args),
            Failure::NoUser => lang.say("import-no-user", &args),
            Failure::NoGame => lang.say("import-no-game", &[("url", user)]),
            Failure::RateLimited if service == Service::Lichess => lang.text("import-rate-lichess").to_owned(),
            Failure::RateLimited => lang.say("import-rate", &args),
            Failure::Offline => lang.say("import-offline", &args),
            Failure::Status(code) => lang.say("import-status", &[("site", site), ("status", &code.to_string())]),
            Failure::Malformed => lang.say("import-malformed", &args),
            Failure::Empty => lang.say("import-empty", &args),
            Failure::StoppedEmpty => lang.text("import-stopped-empty").to_owned(),
            Failure::Store(reason) => lang.say("import-store-failed", &[("reason", reason)]),
        }
    }
}

/// A fetch that did not end with a body: stopped by the user, or failed.
enum Broken {
    Cancelled,
    Network,
}

/// Fetches `url`, each piece of its text handed to `on_text`: its status
/// (a body only for 2xx).
async fn fetch_pieces(
    url: &str,
    accept: &str,
    controller: &JsValue,
    on_text: impl FnMut(String) + 'static,
) -> Result<u16, Broken> {
    let on_text = Closure::<dyn FnMut(String)>::new(on_text);
    let promise =
        import_fetch(url, accept, controller, on_text.as_ref().unchecked_ref()).map_err(|_| Broken::Network)?;
    match JsFuture::from(promise).await {
        Ok(status) => Ok(status.as_f64().unwrap_or(0.0) as u16),
        Err(e) => {
            let name = Reflect::get(&e, &"name".into()).ok().and_then(|n| n.as_string()).unwrap_or_default();
            Err(if name == "AbortError" { Broken::Cancelled } else { Broken::Network })
        }
    }
}

/// The failure a status is for (`None`: 2xx).
fn status_failure(status: u16, missing: Failure) -> Option<Failure> {
    match status {
        200..=299 => None,
        404 => Some(missing),
        429 => Some(Failure::RateLimited),
        0 => Some(Failure::Offline),
        other => Some(Failure::Status(other)),
    }
}

/// Fetches a whole text (JSON, a game): its text, or why not.
async fn fetch_text(
    url: &str,
    accept: &str,
    controller: &JsValue,
    missing: Failure,
) -> Result<String, Option<Failure>> {
    let text = Rc::new(RefCell::new(String::new()));
    let into = text.clone();
    match fetch_pieces(url, accept, controller, move |piece| into.borrow_mut().push_str(&piece)).await {
        Ok(status) => match status_failure(status, missing) {
            None => Ok(text.take()),
            Some(f) => Err(Some(f)),
        },
        Err(Broken::Cancelled) => Err(None),
        Err(Broken::Network) => Err(Some(Failure::Offline)),
    }
}

/// The games fetched, and whether the user stopped the fetch.
type Fetched = (Vec<String>, bool);

/// A lichess user's games, newest first, as they stream in (`since`: only
/// those played since, for an import again).
async fn fetch_lichess(
    req: &ImportRequest,
    since: Option<u64>,
    controller: &JsValue,
    progress: &Callback<usize>,
) -> Result<Fetched, Failure> {
    let url = lichess_games_url(&req.user, req.max, since);
    let text = Rc::new(RefCell::new(String::new()));
    let (into, progress_to) = (text.clone(), progress.clone());
    let mut counter = GameCounter::new();
    let mut shown = 0;
    let on_text = move |piece: String| {
        counter.feed(&piece);
        into.borrow_mut().push_str(&piece);
        if counter.arrived() != shown {
            shown = counter.arrived();
            progress_to.emit(shown);
        }
    };
    let cancelled = match fetch_pieces(&url, "application/x-chess-pgn", controller, on_text).await {
        Ok(status) => {
            if let Some(f) = status_failure(status, Failure::NoUser) {
                return Err(f);
            }
            false
        }
        Err(Broken::Cancelled) => true,
        Err(Broken::Network) => return Err(Failure::Offline),
    };
    let text = text.borrow();
    let games: Vec<String> = whole_games(&text).into_iter().map(str::to_owned).collect();
    progress.emit(games.len());
    Ok((games, cancelled))
}

fn parse_json(text: &str) -> Result<JsValue, Failure> {
    js_sys::JSON::parse(text).map_err(|_| Failure::Malformed)
}

fn field(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// A chess.com player's games, newest month first and newest first in a
/// month, up to the request's most; an import again stops after the month
/// that reaches a game it has (`known`).
async fn fetch_chesscom(
    req: &ImportRequest,
    known: &HashSet<String>,
    controller: &JsValue,
    progress: &Callback<usize>,
) -> Result<Fetched, Failure> {
    let archives =
        match fetch_text(&chesscom_archives_url(&req.user), "application/json", controller, Failure::NoUser).await {
            Ok(text) => parse_json(&text)?,
            Err(Some(f)) => return Err(f),
            Err(None) => return Ok((Vec::new(), true)),
        };
    let months: Vec<String> = Array::from(&field(&archives, "archives"))
        .iter()
        .filter_map(|m| m.as_string())
        .filter(|m| is_chesscom_archive(m))
        .collect();
    let mut games = Vec::new();
    for month in months.iter().rev() {
        let text = match fetch_text(month, "application/json", controller, Failure::Malformed).await {
            Ok(text) => text,
            Err(None) => return Ok((games, true)),
            Err(Some(f)) => return Err(f),
        };
        let list = Array::from(&field(&parse_json(&text)?, "games"));
        let mut reached_known = false;
        for game in list.iter().collect::<Vec<_>>().into_iter().rev() {
            let Some(pgn) = field(&game, "pgn").as_string().filter(|p| !p.trim().is_empty()) else { continue };
            reached_known |= known.contains(&game_key(&pgn));
            games.push(pgn);
            if games.len() >= req.max {
                break;
            }
        }
        progress.emit(games.len());
        if games.len() >= req.max || reached_known {
            break;
        }
    }
    Ok((games, false))
}

/// The stored document of an import, with its text.
async fn stored_import(source: &str) -> Option<(DocMeta, String)> {
    let docs = persist::documents().await.ok()?;
    let meta = docs.into_iter().find(|d| d.source == source)?;
    let bytes = persist::read_bytes(&meta).await.ok()?;
    Some((meta, String::from_utf8_lossy(&bytes).into_owned()))
}

/// Runs an import: fetches, then opens the document, new or grown. Says
/// what it did (or why it failed).
async fn run(
    session: &Session,
    load: &Callback<LoadRequest>,
    req: &ImportRequest,
    controller: &JsValue,
    progress: &Callback<usize>,
) -> Result<String, Failure> {
    if !valid_user(req.service, &req.user) {
        return Err(Failure::BadName);
    }
    let source = req.service.source(&req.user);
    let existing = stored_import(&source).await;
    let (fetched, cancelled) = match req.service {
        Service::Lichess => {
            let since = existing.as_ref().and_then(|(_, text)| latest_start(text));
            fetch_lichess(req, since, controller, progress).await?
        }
        Service::ChessCom => {
            let known = existing.as_ref().map(|(_, text)| split_games(text).into_iter().map(game_key).collect());
            fetch_chesscom(req, &known.unwrap_or_default(), controller, progress).await?
        }
    };
    let lang = session.lang();
    let name = req.service.document_name(&req.user);
    let fetched: Vec<&str> = fetched.iter().map(String::as_str).collect();
    let Some((meta, old_text)) = existing else {
        let fresh = new_games("", &fetched);
        if fresh.is_empty() {
            return Err(if cancelled { Failure::StoppedEmpty } else { Failure::Empty });
        }
        let count = lang.count("games", fresh.len() as u64);
        let news = lang
            .say(if cancelled { "import-done-stopped" } else { "import-done" }, &[("games", &count), ("name", &name)]);
        load.emit((loaded(&name, join_games(&fresh), &source, &news), Place::default(), None));
        return Ok(news);
    };
    // The document keeps its name, whatever the case of the name typed.
    let name = meta.name.clone();
    let fresh = new_games(&old_text, &fetched);
    let added = lang.count("games", fresh.len() as u64);
    let news = if fresh.is_empty() {
        lang.say("import-none-new", &[("name", &name)])
    } else {
        lang.say("import-added", &[("games", &added), ("name", &name)])
    };
    let text = format!("{}{old_text}", join_games(&fresh));
    let meta = if fresh.is_empty() { meta } else { grow(meta, &name, &text, fresh.len()).await? };
    let records = match persist::document(&meta.id).await {
        Ok(Some((_, records))) => records,
        _ => Vec::new(),
    };
    load.emit((loaded(&name, text, &source, &news), Place::default(), Some(Reopen { meta, records })));
    Ok(news)
}

/// An import's text to open, as it is stored, with what the page says once
/// it is open.
fn loaded(name: &str, text: String, source: &str, news: &str) -> Loaded {
    Loaded {
        name: name.to_owned(),
        bytes: Rc::new(text.into_bytes()),
        parts: vec![(name.to_owned(), 0)],
        source: source.to_owned(),
        notes: Vec::new(),
        news: Some(news.to_owned()),
    }
}

/// Stores the grown text of an import in place of its document (its edits
/// kept, each game `added` places later).
async fn grow(old: DocMeta, name: &str, text: &str, added: usize) -> Result<DocMeta, Failure> {
    let bytes = text.as_bytes();
    let meta = DocMeta {
        id: format!("d{}", unique()),
        name: name.to_owned(),
        source: old.source.clone(),
        size: bytes.len(),
        count: 0,
        parts: vec![(name.to_owned(), 0)],
        hash: fingerprint_in_slices(bytes).await,
        games: split_games(text).len(),
        edited: old.edited,
        last_opened: js_sys::Date::now(),
        open: old.open + added,
    };
    persist::replace_document(&meta, bytes, (&old.id, added)).await.map_err(|e| Failure::Store(e.to_string()))?;
    persist::announce(&announcement("deleted", &old.id));
    // The stored record has its count of parts.
    match persist::document(&meta.id).await {
        Ok(Some((stored, _))) => Ok(stored),
        _ => Ok(meta),
    }
}

/// The import under way and what starts and stops one.
#[derive(Clone, PartialEq)]
pub(crate) struct ImportHandle {
    /// Where the import is.
    pub phase: UseStateHandle<ImportPhase>,
    /// Starts an import (unless one is under way).
    pub start: Callback<ImportRequest>,
    /// Stops the import under way, keeping the games that arrived.
    pub cancel: Callback<()>,
}

/// The importer: one import at a time; `?import=lichess:NAME` (and
/// `&max=N`) opens the dialog and starts one when the page loads, and is
/// then taken out of the address (a reload opens the stored document).
#[hook]
pub(crate) fn use_importer(session: &Session, load: &Callback<LoadRequest>) -> ImportHandle {
    let phase = use_state(ImportPhase::default);
    let controller = use_mut_ref(|| None::<JsValue>);
    let start = {
        let (session, load, phase, controller) = (session.clone(), load.clone(), phase.clone(), controller.clone());
        Callback::from(move |req: ImportRequest| {
            if controller.borrow().is_some() {
                return;
            }
            let abort = import_controller();
            *controller.borrow_mut() = Some(abort.clone());
            phase.set(ImportPhase::Running { request: req.clone(), games: 0 });
            let (session, load, phase, controller) = (session.clone(), load.clone(), phase.clone(), controller.clone());
            let progress = {
                let (phase, req) = (phase.clone(), req.clone());
                Callback::from(move |games: usize| phase.set(ImportPhase::Running { request: req.clone(), games }))
            };
            wasm_bindgen_futures::spawn_local(async move {
                let result = run(&session, &load, &req, &abort, &progress).await;
                *controller.borrow_mut() = None;
                match result {
                    Ok(news) => {
                        phase.set(ImportPhase::Done(news));
                        if import_dialog_open() {
                            session.act(PageAction::Dialog(None));
                        }
                    }
                    Err(f) => {
                        let text = f.say(session.lang(), req.service, &req.user);
                        phase.set(ImportPhase::Failed(text.clone()));
                        session.act(PageAction::Error(text));
                    }
                }
            });
        })
    };
    let cancel = {
        let controller = controller.clone();
        Callback::from(move |()| {
            if let Some(c) = controller.borrow().as_ref() {
                import_abort(c);
            }
        })
    };
    {
        let (start, page) = (start.clone(), session.page.dispatcher());
        use_effect_with((), move |_| {
            if let Some(req) = import_parameter() {
                page.dispatch(PageAction::Dialog(Some(Dialog::Import)));
                start.emit(req);
                forget_import_parameter();
            }
        });
    }
    ImportHandle { phase, start, cancel }
}

/// Whether the import dialog is open (the page's state as last drawn; the
/// import may outlast the drawing that started it).
fn import_dialog_open() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(".import-dialog").ok().flatten())
        .is_some()
}

/// The import `?import=` asks for, with `&max=`.
fn import_parameter() -> Option<ImportRequest> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    let (service, user) = parse_import(&params.get("import")?)?;
    Some(ImportRequest { service, user, max: parse_max(params.get("max").as_deref()) })
}

/// Takes `import` and `max` out of the address.
fn forget_import_parameter() {
    let Some(window) = web_sys::window() else { return };
    let Ok(href) = window.location().href() else { return };
    let Ok(url) = web_sys::Url::new(&href) else { return };
    url.search_params().delete("import");
    url.search_params().delete("max");
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url.href()));
    }
}

/// The import dialog, drawn from the importer's state.
pub(crate) fn import_dialog(session: &Session, importer: &ImportHandle) -> Html {
    let on_close = {
        let page = session.page.dispatcher();
        Callback::from(move |()| page.dispatch(PageAction::Dialog(None)))
    };
    html! {
        <ImportDialog phase={(*importer.phase).clone()} on_start={importer.start.clone()}
            on_cancel={importer.cancel.clone()} {on_close} />
    }
}

/// Opens the lichess game or study `link` names (its PGN fetched from
/// lichess), at the ply the address names.
pub(crate) fn open_lichess_link(session: &Session, load: &Callback<LoadRequest>, link: LichessLink) {
    let (session, load) = (session.clone(), load.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let url = link.export_url();
        let fetched = fetch_text(&url, "application/x-chess-pgn", &import_controller(), Failure::NoGame).await;
        let lang = session.lang();
        match fetched {
            Ok(text) if !text.trim().is_empty() => {
                let ply = match &link {
                    LichessLink::Game { ply, .. } => ply.map(|p| p.to_string()),
                    LichessLink::Study { .. } => None,
                };
                let loaded = Loaded::text(&link.name(), text, &format!("url:{url}"));
                load.emit((loaded, Place { game: 0, ply }, None));
                // A game's address ending in `/black` shows it from Black's side.
                if matches!(link, LichessLink::Game { black: true, .. }) && !session.viewer.flipped {
                    session.viewer.dispatch(Action::Nav(Nav::Flip));
                }
            }
            Ok(_) => session.act(PageAction::Error(lang.say("import-no-game", &[("url", &url)]))),
            Err(f) => {
                let f = f.unwrap_or(Failure::Offline);
                session.act(PageAction::Error(f.say(lang, Service::Lichess, &url)));
            }
        }
    });
}
