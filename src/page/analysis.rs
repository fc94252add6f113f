//! The analysis engine in the page: Stockfish in a Web Worker, started the
//! first time analysis is turned on (its files are fetched only then), fed
//! the shown position whenever it changes, stopped while the page is hidden
//! or analysis is off. Its output is kept as it comes and drawn at most ten
//! times a second. Its life (the download of its files, its start, a
//! failure, the one restart after it stopped) is followed by the view's
//! `EngineLife`; turning analysis on after a failure starts a new worker.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::Interval;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{MessageChannel, MessageEvent, MessagePort, Worker};
use yew::prelude::*;

use movetext_view::game::engine::{
    setup_commands, Analysis, EngineLife, EngineState, EngineView, PROGRESS_ANSWER, PROGRESS_QUERY,
};
use movetext_view::game::review::Review;

/// The engine's single-threaded script, next to the app (scripts/copy-engine.sh
/// puts it there); it loads its `.wasm` from the same folder.
const ENGINE_SCRIPT: &str = "engine/stockfish-18-lite-single.js";
/// The multi-threaded one, for a cross-origin isolated page.
const THREADED_SCRIPT: &str = "engine/stockfish-18-lite.js";

/// Whether the page is cross-origin isolated (shared memory, so threads).
fn isolated() -> bool {
    js_sys::Reflect::get(&js_sys::global(), &"crossOriginIsolated".into()).is_ok_and(|v| v.is_truthy())
}

/// The engine's worker with its listeners, the port on which its script
/// reports the download of its `.wasm`, and the clock that ends a load gone
/// silent: dropping it takes the listeners off and ends the worker.
pub(crate) struct WorkerJob {
    /// The worker.
    pub worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
    _progress: Rc<RefCell<Option<ProgressPort>>>,
    _watch: Interval,
}

impl WorkerJob {
    /// Takes the listeners off and ends the worker now (from one of its own
    /// listeners, which [`end_later`] then drops).
    fn silence(&self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

impl Drop for WorkerJob {
    fn drop(&mut self) {
        self.silence();
    }
}

/// The port on which the engine's script posts its download's progress,
/// with its listener; dropping it closes the port.
struct ProgressPort {
    port: MessagePort,
    _listener: Closure<dyn FnMut(MessageEvent)>,
}

impl Drop for ProgressPort {
    fn drop(&mut self) {
        self.port.set_onmessage(None);
        self.port.close();
    }
}

/// The time now, in milliseconds.
fn now() -> f64 {
    js_sys::Date::now()
}

/// How often a loading engine is checked for silence, in milliseconds.
const WATCH_MS: u32 = 1000;

/// Gives the engine's script a port to report its download on: `life`
/// hears of it.
fn listen_progress(worker: &Worker, life: Rc<RefCell<EngineLife>>) -> Option<ProgressPort> {
    let channel = MessageChannel::new().ok()?;
    let listener = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let fraction = js_sys::Reflect::get(&e.data(), &"percent".into()).ok().and_then(|v| v.as_f64());
        if let Some(fraction) = fraction {
            life.borrow_mut().progress(fraction, now());
        }
    });
    let port = channel.port1();
    port.set_onmessage(Some(listener.as_ref().unchecked_ref()));
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &"progressPort".into(), &channel.port2()).ok()?;
    worker.post_message_with_transfer(&message, &js_sys::Array::of1(&channel.port2())).ok()?;
    Some(ProgressPort { port, _listener: listener })
}

/// Starts an engine worker and follows its life in `life`: its download
/// (the script is asked to report it), its `uciok`, its errors. Each line
/// it writes goes to `on_line`; `on_error` is called on an error of the
/// worker and when its load stays silent too long. Gives the job and the
/// commands that set its threads; `None` when the browser starts no worker.
fn spawn_engine(
    life: Rc<RefCell<EngineLife>>,
    mut on_line: impl FnMut(&Worker, &str) + 'static,
    on_error: impl Fn() + 'static,
) -> Option<(WorkerJob, Vec<String>)> {
    let (script, threads) = engine_script();
    let worker = Worker::new(script).ok()?;
    life.borrow_mut().begin(now());
    let on_error = Rc::new(on_error);
    let progress = Rc::new(RefCell::new(None));
    let on_message = {
        let (worker, life, progress) = (worker.clone(), life.clone(), progress.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(text) = e.data().as_string() else { return };
            for line in text.lines() {
                if line == PROGRESS_ANSWER {
                    *progress.borrow_mut() = listen_progress(&worker, life.clone());
                    continue;
                }
                life.borrow_mut().line(line, now());
                on_line(&worker, line);
            }
        })
    };
    let error = {
        let on_error = on_error.clone();
        Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            // Handled here: not reported again as an error of the page.
            e.prevent_default();
            on_error();
        })
    };
    let watch = Interval::new(WATCH_MS, move || {
        if life.borrow_mut().tick(now()) {
            on_error();
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(error.as_ref().unchecked_ref()));
    let job = WorkerJob { worker, _on_message: on_message, _on_error: error, _progress: progress, _watch: watch };
    post(&job.worker, vec![PROGRESS_QUERY.to_owned()]);
    Some((job, threads))
}

/// Runs `review` on a new engine worker: `on_update` sees the review after
/// each message of the engine, `on_error` is called when the engine does
/// not load (or stops); `None` when the browser starts no worker.
pub(crate) fn review_job(
    review: Rc<RefCell<Review>>,
    on_update: impl Fn(&Review) + 'static,
    on_error: impl Fn() + 'static,
) -> Option<WorkerJob> {
    let on_line = move |worker: &Worker, line: &str| {
        let commands = if line == "readyok" { review.borrow_mut().start() } else { review.borrow_mut().receive(line) };
        post(worker, commands);
        on_update(&review.borrow());
    };
    let (job, threads) = spawn_engine(Rc::new(RefCell::new(EngineLife::default())), on_line, on_error)?;
    post(&job.worker, vec!["uci".into()]);
    post(&job.worker, threads);
    post(&job.worker, vec!["isready".into()]);
    Some(job)
}

/// Ends what `slot` holds in a later task (from a listener of the worker it
/// holds, which must not be dropped while it runs).
pub(crate) fn end_later<T: 'static>(slot: &RefCell<Option<T>>) {
    let ended = slot.borrow_mut().take();
    wasm_bindgen_futures::spawn_local(async move { drop(ended) });
}

/// The engine's script for this page, and the commands that give it its
/// threads (one per core, up to eight, when the page is isolated).
pub(crate) fn engine_script() -> (&'static str, Vec<String>) {
    if isolated() {
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency()) as usize;
        (THREADED_SCRIPT, vec![format!("setoption name Threads value {}", cores.clamp(1, 8))])
    } else {
        (ENGINE_SCRIPT, Vec::new())
    }
}
/// How often the lines are redrawn at most, in milliseconds.
const REDRAW_MS: u32 = 100;

/// The running worker and its listeners; dropping it ends the worker.
struct EngineWorker(WorkerJob);

impl EngineWorker {
    /// Starts the worker (`None` when the browser will not); its output
    /// goes to `state`, its life to `life`, an error (or a load gone
    /// silent) to `failed`.
    fn start(
        state: Rc<RefCell<EngineState>>,
        life: Rc<RefCell<EngineLife>>,
        failed: impl Fn() + 'static,
    ) -> Option<EngineWorker> {
        let on_line = move |worker: &Worker, line: &str| {
            let next = state.borrow_mut().receive(line);
            post(worker, next);
        };
        let (job, threads) = spawn_engine(life, on_line, failed)?;
        let engine = EngineWorker(job);
        engine.send(setup_commands());
        engine.send(threads);
        Some(engine)
    }

    fn send(&self, commands: Vec<String>) {
        post(&self.0.worker, commands);
    }
}

/// Sends UCI commands to an engine worker.
pub(crate) fn post(worker: &Worker, commands: Vec<String>) {
    for c in commands {
        let _ = worker.post_message(&c.into());
    }
}

/// Whether the page is hidden (another tab, minimised).
fn page_hidden() -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden())
}

/// What the page draws of the analysis.
#[derive(Clone, PartialEq)]
pub(crate) struct AnalysisHandle {
    /// Analysis is on.
    pub on: bool,
    /// Turns it on or off.
    pub toggle: Callback<()>,
    /// The latest lines.
    pub analysis: Rc<Analysis>,
    /// Where the engine is: loading, ready or failed, and whether it was
    /// started again.
    pub engine: EngineView,
}

/// The analysis of the shown position `fen`. Turning analysis on after the
/// engine failed starts a new worker; a worker that stops once it ran is
/// started again once.
#[hook]
pub(crate) fn use_analysis(fen: &str, standard: bool) -> AnalysisHandle {
    let on = use_state_eq(|| false);
    let hidden = use_state_eq(page_hidden);
    let shown = use_state_eq(|| Rc::new(Analysis::default()));
    let engine = use_state_eq(EngineView::default);
    // Counts the workers ended by an error: the effect below starts the next.
    let ended = use_state_eq(|| 0u32);
    let state = use_mut_ref(EngineState::default);
    let life = use_mut_ref(EngineLife::default);
    let worker = use_mut_ref(|| None::<EngineWorker>);

    {
        let hidden = hidden.setter();
        use_effect_with((), move |_| {
            let listener = web_sys::window()
                .and_then(|w| w.document())
                .map(|d| EventListener::new(&d, "visibilitychange", move |_| hidden.set(page_hidden())));
            move || drop(listener)
        });
    }
    {
        let (state, life, worker, engine, count) =
            (state.clone(), life.clone(), worker.clone(), engine.setter(), *ended);
        let ended = ended.setter();
        use_effect_with((*on, *hidden, fen.to_owned(), count, standard), move |(on, hidden, fen, count, standard)| {
            let mut slot = worker.borrow_mut();
            if *on && slot.is_none() && life.borrow().wants_worker() {
                *state.borrow_mut() = EngineState::default();
                let failed = {
                    let (life, slot, engine, ended, count) =
                        (life.clone(), Rc::downgrade(&worker), engine.clone(), ended, *count);
                    move || {
                        life.borrow_mut().error();
                        if let Some(slot) = slot.upgrade() {
                            if let Some(job) = slot.borrow().as_ref() {
                                job.0.silence();
                            }
                            end_later(&slot);
                        }
                        engine.set(life.borrow().view());
                        ended.set(count + 1);
                    }
                };
                *slot = EngineWorker::start(state.clone(), life.clone(), failed);
                if slot.is_none() {
                    life.borrow_mut().not_started();
                }
                engine.set(life.borrow().view());
            }
            // The engine plays standard chess only: a variant's position is not analysed.
            let commands =
                if *on && !*hidden && *standard { state.borrow_mut().analyse(fen) } else { state.borrow_mut().stop() };
            if let Some(w) = slot.as_ref() {
                w.send(commands);
            }
        });
    }
    {
        let (state, life, shown, engine) = (state.clone(), life.clone(), shown.setter(), engine.setter());
        use_effect_with(*on, move |on| {
            let interval = on.then(|| {
                Interval::new(REDRAW_MS, move || {
                    engine.set(life.borrow().view());
                    let changes = state.borrow_mut().take_changes();
                    if let Some(a) = changes {
                        shown.set(Rc::new(a));
                    }
                })
            });
            move || drop(interval)
        });
    }
    let toggle = {
        let (on, life, worker, engine) = (on.clone(), life.clone(), worker.clone(), engine.setter());
        Callback::from(move |()| {
            if !*on {
                // Turned on: after a failure the engine is tried anew.
                if life.borrow_mut().turn_on(now()) {
                    drop(worker.borrow_mut().take());
                }
                engine.set(life.borrow().view());
            }
            on.set(!*on)
        })
    };
    AnalysisHandle { on: *on, toggle, analysis: (*shown).clone(), engine: *engine }
}
