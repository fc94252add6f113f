//! The open file as a database in the page: once a file of several games is
//! indexed and the page is quiet ([`quiet`]), one Web Worker per core but
//! one (each its own WebAssembly instance of the index,
//! `static/index-worker.js`) gets batches of whole games, a few at a time,
//! and keeps their positions; while the user acts on the page, the workers
//! get no new batches. Questions (the explorer's moves at the shown
//! position, the games that reach a position, the summary) go to every
//! worker and their answers are merged. While the index is built, only its
//! progress is drawn again, a few times a second (a [`Feed`], not the whole
//! page: a profile of a 65 MiB file put about 15 ms of CPU in each drawing
//! of the page); the page is drawn again once it is built, and once per
//! answer.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use js_sys::{Array, Uint8Array};
use movetext_core::positions::PositionKey;
use movetext_index_worker::protocol::{Request, Response};
use movetext_index_worker::summary::Summary;
use movetext_view::game::library::Library;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::prelude::*;

use crate::page::quiet;
use crate::page::session::Session;
use crate::state::database::{next_batch, Answer, Building, Duplicates, DuplicatesJob, Explored, Merging, Progress};
use crate::state::feed::Feed;
use crate::state::page_state::{PageAction, Subset};
use crate::state::slice_clock::{now, SLICE_MS};

/// The worker's script, next to the app (scripts/build-index-worker.sh).
const WORKER_SCRIPT: &str = "index-worker.js";
/// Batches a worker holds at once (one being indexed, one waiting).
const IN_FLIGHT: usize = 2;
/// Workers at most, whatever the machine has.
const MAX_WORKERS: usize = 8;
/// Files smaller than this get one worker.
const BYTES_PER_WORKER: usize = 1 << 20;
/// How often the progress is drawn again while the index is built, in ms.
const REDRAW_MS: f64 = 200.0;

/// What a worker was sent, in order: its answers come back in that order.
#[derive(Debug)]
enum Sent {
    Batch,
    Question(u64),
}

/// A question to the index, and what is done with its answer.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Question {
    /// The explorer's moves at a position (its FEN, and its key when the
    /// FEN alone does not give it: a variant's position).
    Tree(String, Option<PositionKey>),
    /// Show the games that reach a position (its FEN, and its key when the
    /// FEN alone does not give it: a variant's position) in the game list,
    /// under a label.
    Search(String, String, Option<PositionKey>),
    /// The file's summary (and its duplicates).
    Summary,
    /// Nothing: the page is drawn again (after the pool was changed).
    Redraw,
}

struct Slot {
    worker: Worker,
    sent: VecDeque<Sent>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        // No answer may reach the listeners once they are gone.
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The workers and what they have built and answered.
#[derive(Default)]
pub(crate) struct Pool {
    lib: Option<Rc<RefCell<Library>>>,
    slots: Vec<Slot>,
    next_game: usize,
    started: f64,
    building: Building,
    questions: HashMap<u64, (Question, f64, Merging)>,
    next_question: u64,
    /// The latest explorer answer.
    pub explored: Option<Explored>,
    /// The latest summary.
    pub summary: Option<Rc<Summary>>,
    /// A search under way.
    pub searching: bool,
    /// The games with a duplicate (same moves; same tags and moves), once found.
    pub duplicates: Option<Rc<[Duplicates; 2]>>,
    duplicates_started: bool,
    last_drawn: f64,
    /// Workers owed a batch, held back while the user acts on the page.
    owed: Vec<usize>,
    /// Whether a wait for a quiet moment to feed them is under way.
    resuming: bool,
}

impl Pool {
    /// How far the index is built.
    pub fn progress(&self) -> &Progress {
        &self.building.progress
    }

    fn stop(&mut self) {
        *self = Pool::default();
    }
}

/// Posts a message to a worker, handing its buffer over.
fn post(worker: &Worker, message: &[u8]) {
    let array = Uint8Array::from(message);
    let transfer = Array::of1(&array.buffer());
    let _ = worker.post_message_with_transfer(&array.buffer(), &transfer);
}

/// Gives worker `w` its next batch, if any game is left.
fn feed(pool: &mut Pool, w: usize) {
    let Some(lib) = pool.lib.clone() else { return };
    let lib = lib.borrow();
    if pool.next_game >= lib.file_games() {
        return;
    }
    let (batch, next) = next_batch(&lib, pool.next_game);
    pool.next_game = next;
    if let Some(slot) = pool.slots.get_mut(w) {
        post(&slot.worker, &batch.finish());
        slot.sent.push_back(Sent::Batch);
    }
}

/// The database's shared state and the way to ask it questions.
#[derive(Clone)]
pub(crate) struct DatabaseHandle {
    /// The workers and their answers.
    pub pool: Rc<RefCell<Pool>>,
    /// Bumped whenever the pool has news.
    pub version: u64,
    /// Asks a question.
    pub ask: Callback<Question>,
    /// How far the index is built, for the part of the page that shows it.
    pub progress: Feed<Progress>,
}

impl PartialEq for DatabaseHandle {
    fn eq(&self, other: &DatabaseHandle) -> bool {
        Rc::ptr_eq(&self.pool, &other.pool) && self.version == other.version
    }
}

/// What a worker's answer draws again.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Draw {
    Nothing,
    /// The index's progress alone.
    Progress,
    /// The page.
    Page,
}

/// The ways the database draws again what it changed.
#[derive(Clone)]
struct Redraw {
    /// The page (with the progress as it is).
    page: Callback<()>,
    /// The progress alone.
    progress: Callback<()>,
}

/// Handles a worker's answer; what it changed is drawn again (and the game
/// list filtered) once the pool is no longer borrowed.
fn receive(pool_rc: &Rc<RefCell<Pool>>, w: usize, data: wasm_bindgen::JsValue, session: &Session, redraw: &Redraw) {
    let (draw, action) = take_answer(&mut pool_rc.borrow_mut(), w, data);
    resume_when_quiet(pool_rc);
    if let Some(action) = action {
        session.act(action);
    }
    match draw {
        Draw::Nothing => {}
        Draw::Progress => redraw.progress.emit(()),
        Draw::Page => redraw.page.emit(()),
    }
}

/// Feeds the workers held back, once the page is quiet.
fn resume_when_quiet(pool_rc: &Rc<RefCell<Pool>>) {
    let started = {
        let mut pool = pool_rc.borrow_mut();
        if pool.owed.is_empty() || pool.resuming {
            return;
        }
        pool.resuming = true;
        pool.started
    };
    let pool_rc = pool_rc.clone();
    wasm_bindgen_futures::spawn_local(async move {
        quiet::until_quiet().await;
        let mut pool = pool_rc.borrow_mut();
        // Another file's index has started since: its workers are fed.
        if pool.started != started {
            return;
        }
        pool.resuming = false;
        for w in std::mem::take(&mut pool.owed) {
            feed(&mut pool, w);
        }
    });
}

/// Puts a worker's answer into the pool: what to draw again, and what to
/// change on the page.
fn take_answer(pool: &mut Pool, w: usize, data: wasm_bindgen::JsValue) -> (Draw, Option<PageAction>) {
    if let Some(text) = data.as_string() {
        pool.building.progress.failed = Some(text);
        pool.slots.clear();
        return (Draw::Page, None);
    }
    let bytes = Uint8Array::new(&data).to_vec();
    let Some(response) = Response::decode(&bytes) else { return (Draw::Nothing, None) };
    let Some(sent) = pool.slots.get_mut(w).and_then(|s| s.sent.pop_front()) else { return (Draw::Nothing, None) };
    match (sent, response) {
        (_, Response::Failed(why)) => {
            pool.building.progress.failed = Some(why);
            pool.slots.clear();
            (Draw::Page, None)
        }
        (Sent::Batch, Response::Added(added)) => {
            pool.building.added(w, &added);
            if quiet::remaining() > 0.0 {
                pool.owed.push(w);
            } else {
                feed(pool, w);
            }
            if pool.building.progress.done() {
                pool.building.progress.took_ms = Some(now() - pool.started);
                return (Draw::Page, None);
            }
            if now() - pool.last_drawn > REDRAW_MS {
                pool.last_drawn = now();
                return (Draw::Progress, None);
            }
            (Draw::Nothing, None)
        }
        (Sent::Question(id), response) => {
            let Some((_, _, merging)) = pool.questions.get_mut(&id) else { return (Draw::Nothing, None) };
            let Some(answer) = merging.add(response) else { return (Draw::Nothing, None) };
            let Some((question, asked, _)) = pool.questions.remove(&id) else { return (Draw::Nothing, None) };
            let mut action = None;
            match (question, answer) {
                (Question::Tree(fen, _), Answer::Tree(tree)) => {
                    pool.explored = Some(Explored { fen, tree, ms: now_precise() - asked });
                }
                (Question::Search(_, label, _), Answer::Matches(found)) => {
                    pool.searching = false;
                    let games = Rc::new(found.iter().map(|m| m.0).collect());
                    action = Some(PageAction::Subset(Some(Subset { label, games, plies: Some(found) })));
                }
                (Question::Summary, Answer::Summary(summary)) => pool.summary = Some(summary),
                _ => {}
            }
            (Draw::Page, action)
        }
        _ => (Draw::Nothing, None),
    }
}

/// Milliseconds on the page's precise clock.
pub(crate) fn now_precise() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or_else(now, |p| p.now())
}

/// Starts building the index of a file that is ready, once the page is
/// quiet: a file just opened is when the user starts stepping through it,
/// and workers starting up (compiling their module, taking their first
/// batches) stretched those steps. Meanwhile the explorer shows the
/// building at 0%.
fn start_when_quiet(pool_rc: &Rc<RefCell<Pool>>, lib: Rc<RefCell<Library>>, session: &Session, redraw: &Redraw) {
    {
        let (total, bytes) = {
            let l = lib.borrow();
            (l.file_games(), l.bytes().len())
        };
        // One core is left to the page: workers on every core slowed its own
        // work down (a step of 15 ms took 50 to 85 ms on two cores).
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency()) as usize;
        let count = cores.saturating_sub(1).clamp(1, MAX_WORKERS).min(bytes.div_ceil(BYTES_PER_WORKER).max(1));
        let mut pool = pool_rc.borrow_mut();
        pool.stop();
        pool.lib = Some(lib.clone());
        pool.building = Building::new(total, count);
    }
    quiet::touch();
    redraw.page.emit(());
    let (pool_rc, session, redraw) = (pool_rc.clone(), session.clone(), redraw.clone());
    wasm_bindgen_futures::spawn_local(async move {
        quiet::until_quiet().await;
        let waiting = {
            let pool = pool_rc.borrow();
            // Still this file, and not started yet.
            pool.lib.as_ref().is_some_and(|l| Rc::ptr_eq(l, &lib)) && pool.slots.is_empty() && pool.started == 0.0
        };
        if waiting {
            start(&pool_rc, &session, &redraw);
        }
    });
}

/// Starts the workers on the pool's file, as many as its building counts
/// ([`start_when_quiet`] set both).
fn start(pool_rc: &Rc<RefCell<Pool>>, session: &Session, redraw: &Redraw) {
    let mut pool = pool_rc.borrow_mut();
    let count = pool.building.progress.workers;
    pool.started = now();
    for w in 0..count {
        let Ok(worker) = Worker::new(WORKER_SCRIPT) else {
            pool.building.progress.failed = Some(session.lang().text("ex-no-worker").to_owned());
            pool.slots.clear();
            drop(pool);
            redraw.page.emit(());
            return;
        };
        let on_message = {
            let (pool_rc, session, redraw) = (pool_rc.clone(), session.clone(), redraw.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                receive(&pool_rc, w, e.data(), &session, &redraw)
            })
        };
        let on_error = {
            let (pool_rc, redraw, lang) = (pool_rc.clone(), redraw.page.clone(), session.lang());
            Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                if let Ok(mut pool) = pool_rc.try_borrow_mut() {
                    pool.building.progress.failed = Some(lang.text("ex-worker-not-started").to_owned());
                    pool.slots.clear();
                }
                redraw.emit(());
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        pool.slots.push(Slot { worker, sent: VecDeque::new(), _on_message: on_message, _on_error: on_error });
    }
    for _ in 0..IN_FLIGHT {
        for w in 0..count {
            feed(&mut pool, w);
        }
    }
    drop(pool);
    redraw.page.emit(());
}

/// Finds the duplicates a slice at a time, then draws the page again.
fn find_duplicates(pool_rc: &Rc<RefCell<Pool>>, redraw: &Callback<()>) {
    let hashes = {
        let mut pool = pool_rc.borrow_mut();
        if pool.duplicates_started {
            return;
        }
        pool.duplicates_started = true;
        Rc::new(pool.building.hashes.clone())
    };
    let (pool_rc, redraw) = (pool_rc.clone(), redraw.clone());
    let lib = pool_rc.borrow().lib.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let mut job = DuplicatesJob::new(hashes);
        loop {
            gloo_timers::future::TimeoutFuture::new(0).await;
            let same_file = {
                let pool = pool_rc.borrow();
                matches!((&pool.lib, &lib), (Some(a), Some(b)) if Rc::ptr_eq(a, b))
            };
            if !same_file {
                return;
            }
            let start = now();
            if let Some(found) = job.step(&mut || now() - start > SLICE_MS) {
                pool_rc.borrow_mut().duplicates = Some(Rc::new(found));
                redraw.emit(());
                return;
            }
        }
    });
}

/// Sends a question to every worker.
fn ask(pool_rc: &Rc<RefCell<Pool>>, question: Question, redraw: &Callback<()>) {
    if question == Question::Redraw {
        redraw.emit(());
        return;
    }
    let mut pool = pool_rc.borrow_mut();
    if pool.slots.is_empty() || !pool.building.progress.done() {
        return;
    }
    let fen_key = |fen: &str| fen.parse::<PositionKey>().ok();
    let (request, empty) = match &question {
        Question::Tree(fen, key) => match key.or_else(|| fen_key(fen)) {
            Some(k) => (Request::Tree(k), Answer::Tree(Rc::default())),
            None => return,
        },
        Question::Search(fen, _, key) => match key.or_else(|| fen_key(fen)) {
            Some(k) => (Request::Search(k), Answer::Matches(Rc::default())),
            None => return,
        },
        Question::Summary => (Request::Summary, Answer::Summary(Rc::default())),
        Question::Redraw => return,
    };
    if matches!(question, Question::Search(..)) {
        pool.searching = true;
    }
    let id = pool.next_question;
    pool.next_question += 1;
    let message = request.encode();
    for slot in &mut pool.slots {
        post(&slot.worker, &message);
        slot.sent.push_back(Sent::Question(id));
    }
    let workers = pool.slots.len();
    pool.questions.insert(id, (question, now_precise(), Merging::new(workers, empty)));
}

/// The database of the open file: built once the file is indexed (when it
/// holds several games), rebuilt for every new file.
#[hook]
pub(crate) fn use_database(session: &Session) -> DatabaseHandle {
    let pool = use_mut_ref(Pool::default);
    let version = use_state(|| 0u64);
    let progress = use_memo((), |_| Feed::<Progress>::default());
    let redraw = {
        let version = version.clone();
        let count = use_mut_ref(|| 0u64);
        let (pool_rc, feed) = (pool.clone(), (*progress).clone());
        let page = Callback::from(move |()| {
            // The progress the page is drawn with (when it changed, the
            // explorer is drawn again even if none of its other props did).
            if let Ok(pool) = pool_rc.try_borrow() {
                feed.tell(pool.progress().clone());
            }
            *count.borrow_mut() += 1;
            version.set(*count.borrow());
        });
        let (pool, feed) = (pool.clone(), (*progress).clone());
        let progress = Callback::from(move |()| {
            if let Ok(pool) = pool.try_borrow() {
                feed.tell(pool.progress().clone());
            }
        });
        Redraw { page, progress }
    };
    {
        let (pool, session, redraw) = (pool.clone(), session.clone(), redraw.clone());
        use_effect_with((*session.library).clone(), move |handle| {
            let same = pool.borrow().lib.as_ref().is_some_and(|l| Rc::ptr_eq(l, &handle.lib));
            if !same {
                let ready = {
                    let lib = handle.lib.borrow();
                    lib.is_indexed() && lib.file_games() >= 2
                };
                if ready {
                    start_when_quiet(&pool, handle.lib.clone(), &session, &redraw);
                } else if pool.borrow().lib.is_some() {
                    pool.borrow_mut().stop();
                    redraw.page.emit(());
                }
            }
        });
    }
    {
        // The duplicates are looked for once the index is built.
        let (pool, redraw) = (pool.clone(), redraw.page.clone());
        let done = pool.borrow().building.progress.done() && !pool.borrow().slots.is_empty();
        use_effect_with((done, *version), move |(done, _)| {
            if *done {
                find_duplicates(&pool, &redraw);
            }
        });
    }
    let ask = {
        let pool = pool.clone();
        Callback::from(move |q: Question| ask(&pool, q, &redraw.page))
    };
    DatabaseHandle { pool, version: *version, ask, progress: (*progress).clone() }
}
