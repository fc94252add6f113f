//! The analysis engine in the page: Stockfish in a Web Worker, started the
//! first time analysis is turned on (its files are fetched only then), fed
//! the shown position whenever it changes, stopped while the page is hidden
//! or analysis is off. Its output is kept as it comes and drawn at most ten
//! times a second.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::Interval;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::prelude::*;

use movetext_view::game::engine::{setup_commands, Analysis, EngineState};
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

/// A Web Worker with its message and error listeners: dropping it takes
/// the listeners off and ends the worker.
pub(crate) struct WorkerJob {
    /// The worker.
    pub worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl WorkerJob {
    /// Listens to `worker` with the two closures.
    pub fn new(
        worker: Worker,
        on_message: Closure<dyn FnMut(MessageEvent)>,
        on_error: Closure<dyn FnMut(web_sys::Event)>,
    ) -> WorkerJob {
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        WorkerJob { worker, _on_message: on_message, _on_error: on_error }
    }
}

impl Drop for WorkerJob {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// Runs `review` on a new engine worker: `on_update` sees the review after
/// each message of the engine, `on_error` is called when the engine does
/// not load; `None` when the browser starts no worker.
pub(crate) fn review_job(
    review: Rc<RefCell<Review>>,
    on_update: impl Fn(&Review) + 'static,
    on_error: impl Fn() + 'static,
) -> Option<WorkerJob> {
    let (script, threads) = engine_script();
    let worker = Worker::new(script).ok()?;
    let on_message = {
        let worker = worker.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(text) = e.data().as_string() else { return };
            for line in text.lines() {
                let commands =
                    if line == "readyok" { review.borrow_mut().start() } else { review.borrow_mut().receive(line) };
                post(&worker, commands);
            }
            on_update(&review.borrow());
        })
    };
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| on_error());
    let job = WorkerJob::new(worker, on_message, on_error);
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
    /// Starts the worker (an error when the browser will not); its output
    /// goes to `state`, a failure to `failed`.
    fn start(state: Rc<RefCell<EngineState>>, failed: Callback<()>) -> Result<EngineWorker, ()> {
        let (script, threads) = engine_script();
        let worker = Worker::new(script).map_err(|_| ())?;
        let on_message = {
            let worker = worker.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                if let Some(line) = e.data().as_string() {
                    let next = state.borrow_mut().receive(&line);
                    post(&worker, next);
                }
            })
        };
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| failed.emit(()));
        let engine = EngineWorker(WorkerJob::new(worker, on_message, on_error));
        engine.send(setup_commands());
        engine.send(threads);
        Ok(engine)
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
    /// Why the engine does not run, if it failed.
    pub error: Option<AttrValue>,
}

/// The analysis of the shown position `fen`.
#[hook]
pub(crate) fn use_analysis(fen: &str, lang: crate::i18n::Lang) -> AnalysisHandle {
    let on = use_state_eq(|| false);
    let hidden = use_state_eq(page_hidden);
    let shown = use_state_eq(|| Rc::new(Analysis::default()));
    let error = use_state_eq(|| None::<AttrValue>);
    let state = use_mut_ref(EngineState::default);
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
        let (state, worker, error) = (state.clone(), worker.clone(), error.clone());
        use_effect_with((*on, *hidden, fen.to_owned()), move |(on, hidden, fen)| {
            let mut slot = worker.borrow_mut();
            if *on && slot.is_none() && error.is_none() {
                let failed = {
                    let error = error.setter();
                    Callback::from(move |()| error.set(Some(AttrValue::from(lang.text("engine-not-loaded")))))
                };
                match EngineWorker::start(state.clone(), failed) {
                    Ok(w) => *slot = Some(w),
                    Err(()) => error.set(Some(AttrValue::from(lang.text("engine-not-started")))),
                }
            }
            let commands = if *on && !*hidden { state.borrow_mut().analyse(fen) } else { state.borrow_mut().stop() };
            if let Some(w) = slot.as_ref() {
                w.send(commands);
            }
        });
    }
    {
        let (state, shown) = (state.clone(), shown.setter());
        use_effect_with(*on, move |on| {
            let interval = on.then(|| {
                Interval::new(REDRAW_MS, move || {
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
        let on = on.clone();
        Callback::from(move |()| on.set(!*on))
    };
    AnalysisHandle { on: *on, toggle, analysis: (*shown).clone(), error: (*error).clone() }
}
