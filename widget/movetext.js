// Movetext widget: shows a chess game in any page.
//
//   <script type="module" src="https://example.org/movetext/movetext.js"></script>
//   <movetext-viewer pgn="1. e4 e5 2. Nf3 *"></movetext-viewer>
//   <movetext-viewer src="/games/opera.pgn" orientation="black" ply="last"></movetext-viewer>
//   <movetext-viewer moves="bottom">[White "A"] ... 1. d4 d5 *</movetext-viewer>
//
// or from a script: const handle = await Movetext.mount(element, { pgn, ply: 'last' });
// handle.goTo(12) / goTo('first') / goTo('last') / goTo('5,1,2'); handle.flip();
// handle.getPgn(); handle.getFen(); handle.setPgn(text); handle.destroy();
// handle.on('move', (detail) => ...). Elements fire 'move' (it bubbles and
// crosses the shadow root), 'ready' once drawn and 'error' (detail.message)
// when their src cannot be read; they are drawn again when an attribute or
// their text changes, and each attribute is also a property.
// goTo, flip and setPgn take effect at once (getFen and getPgn answer for
// the new move or game right after) and return a promise that resolves
// when the widget shows it.
//
// Every widget of the page shares one WebAssembly instance. The files
// (movetext_wasm.js, movetext_wasm_bg.wasm, movetext.css) are loaded from
// the folder of this script, or from Movetext.configure({ baseUrl }).

let baseUrl = new URL('.', import.meta.url);

// The mount an element shows now (a newer mount replaces an older one).
const MOUNTED = Symbol('movetext mount');

// The shared WebAssembly instance. After a fatal error (a panic or a trap)
// an instance is not trusted again: the widget that stopped shows why, and
// every other widget is mounted again, where it was, on a fresh instance.
let current = null;
let instances = 0;
// The widget whose event is being handled, to know which one stopped.
let active = null;

/** Sets where the widget's files are served from (before the first widget). */
export function configure({ baseUrl: base } = {}) {
  if (base) baseUrl = new URL(base, location.href);
}

function load() {
  if (!current || current.dead) {
    const number = ++instances;
    const url = new URL('movetext_wasm.js', baseUrl);
    // A new address makes a new module, hence a new instance.
    if (number > 1) url.searchParams.set('instance', String(number));
    const inst = { number, dead: false, widgets: new Set() };
    // The module's bytes are fetched while its glue code is.
    const wasm = fetch(new URL('movetext_wasm_bg.wasm', baseUrl));
    wasm.catch(() => {});
    inst.ready = import(url.href).then(async (module) => {
      await module.default({ module_or_path: wasm });
      inst.module = module;
      return module;
    });
    current = inst;
  }
  return current;
}

function isTrap(error) {
  if (typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError) return true;
  return /\bunreachable\b|memory access out of bounds/i.test(String(error?.message ?? ''));
}

/** The instance a trap came from, by the glue code's address in its stack. */
function instanceOf(error) {
  const m = /movetext_wasm\.js(?:\?instance=(\d+))?/.exec(String(error?.stack ?? ''));
  if (!m) return current;
  const number = m[1] ? Number(m[1]) : 1;
  return current?.number === number ? current : { number, dead: true, widgets: new Set() };
}

/** Shows in a widget that it stopped; the rest of the page goes on. */
function showFailure(state, error) {
  state.failed = true;
  state.widget = null;
  state.settle();
  const message = document.createElement('p');
  message.className = 'mt-failed';
  message.setAttribute('role', 'alert');
  const detail = String(error?.message ?? error);
  message.textContent = `This game could not be shown: Movetext stopped on an internal error (${detail}).`;
  state.shadow.replaceChildren(state.style, message);
}

/** A fatal error in `inst`, while `culprit` (if known) was acting. */
function fatal(inst, culprit, error) {
  if (!inst || inst.dead) return;
  inst.dead = true;
  if (culprit && inst.widgets.has(culprit)) showFailure(culprit, error);
  const others = [...inst.widgets].filter((w) => w !== culprit && !w.failed && w.alive);
  inst.widgets.clear();
  // Mounted again one at a time: one that stops again is the culprit.
  (async () => {
    for (const state of others) {
      state.widget = null;
      state.remounts += 1;
      if (state.remounts > 3) {
        showFailure(state, error);
        continue;
      }
      await attach(state);
    }
  })();
}

/** Calls into a widget's instance; a trap there is handled, not thrown. */
function guard(state, call, fallback) {
  if (!state.widget || state.failed) return fallback;
  try {
    return call(state.widget);
  } catch (error) {
    if (!isTrap(error)) throw error;
    fatal(state.inst, state, error);
    return fallback;
  }
}

addEventListener('error', (event) => {
  if (!isTrap(event.error) || !current) return;
  const inst = instanceOf(event.error);
  fatal(inst, active && active.inst === inst ? active : null, event.error);
});

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

function resolveTheme(theme) {
  if (theme === 'dark' || theme === 'light') return theme;
  return darkQuery?.matches ? 'dark' : 'light';
}

/**
 * Whether an address may be the app's link: a web address (http or https)
 * or one relative to the page; never another scheme (`javascript:`).
 */
function webAddress(address) {
  // Browsers drop spaces and control characters there (` java\tscript:`).
  const text = String(address).replace(/[\0- ]/g, '');
  return !/^[a-z][\w+.-]*:/i.test(text) || /^https?:/i.test(text);
}

async function fetchPgn(src, fresh = false) {
  const url = new URL(src, location.href);
  if (url.origin !== location.origin) {
    throw new Error(`${src} is on another site; a widget opens files of its own site only.`);
  }
  const response = await fetch(url, fresh ? { cache: 'no-store' } : {});
  if (!response.ok) throw new Error(`${src}: the server answered ${response.status}.`);
  return response.text();
}

const USER_EVENTS = ['pointerdown', 'pointerup', 'click', 'dblclick', 'contextmenu', 'keydown', 'keyup', 'wheel',
  'input', 'change', 'focusin', 'dragstart', 'drop', 'touchstart', 'touchend'];

const encoder = new TextEncoder();

/** Characters of PGN encoded in one task. */
const LONG_PGN = 1 << 20;

/** A string's UTF-8 bytes. */
function utf8(text) {
  return encoder.encode(text);
}

/** Waits for a task of its own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A long string's UTF-8 bytes, encoded a part per task (the page keeps
 * answering while megabytes are encoded).
 */
async function utf8InParts(text) {
  if (text.length <= LONG_PGN) return utf8(text);
  const out = new Uint8Array(text.length * 3);
  let read = 0;
  let written = 0;
  while (read < text.length) {
    let end = Math.min(text.length, read + LONG_PGN);
    // A surrogate pair is not cut in two.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    written += encoder.encodeInto(text.slice(read, end), out.subarray(written)).written;
    read = end;
    await nextTask();
  }
  return out.subarray(0, written);
}

// Languages whose words the module leaves out (what the reader says about
// a game, the meanings of NAGs): fetched beside it, once a page, while the
// module loads.
const WORDED = ['de', 'fr', 'es', 'ru'];
const wordFiles = new Map();

/** The text of `words/<lang>.ftl` (or of a file at `url`), fetched once a page ('' if it cannot be). */
function wordFile(lang, url = new URL(`words/${lang}.ftl`, baseUrl)) {
  if (!wordFiles.has(url.href)) {
    wordFiles.set(url.href, fetch(url)
      .then((response) => (response.ok ? response.text() : ''))
      .catch(() => ''));
  }
  return wordFiles.get(url.href);
}

/** The words of a language tag's language, or null for English. */
function wordsFor(tag) {
  const lang = String(tag ?? '').trim().split(/[-_]/)[0].toLowerCase();
  if (!WORDED.includes(lang)) return null;
  return { lang, text: wordFile(lang) };
}

/** Gives an instance a language's words (those of file `key`), once. */
function giveWords(inst, lang, text, key = lang) {
  inst.worded ??= new Set();
  if (!text || inst.worded.has(key)) return false;
  inst.worded.add(key);
  inst.module.addWords(lang, text);
  return true;
}

/**
 * Fetches the English words a widget asks for, then draws again those that
 * asked: what the reader says about a game in English is left out of the
 * module too, and fetched the first time a widget of the page shows a game
 * with problems (their count is then marked `data-words="en"`).
 */
function wantEnglish(state) {
  wordFile('en').then((text) => {
    const inst = state.inst;
    if (!inst || inst.dead || !giveWords(inst, 'en', text)) return;
    for (const other of inst.widgets) {
      if (other.shadow.querySelector('[data-words]')) guard(other, (w) => w.refresh());
    }
  });
}

/** Mounts (or mounts again) a widget's game on the live instance. */
async function attach(state) {
  const inst = load();
  const module = await inst.ready;
  // Destroyed, or replaced by a newer mount in the same element.
  if (!state.alive || state.element[MOUNTED] !== state.token) return;
  // Without them, those words are said in English. The page's own words
  // come after the widget's: a key given again takes the place of its word.
  for (const w of [state.words, state.own]) {
    if (!w) continue;
    giveWords(inst, w.lang, await w.text, w.key);
    if (!state.alive || state.element[MOUNTED] !== state.token) return;
  }
  // The PGN crosses as UTF-8 bytes: far quicker than a long string.
  const pgn = await utf8InParts(state.pgn);
  if (!state.alive || state.element[MOUNTED] !== state.token) return;
  const root = document.createElement('div');
  state.shadow.replaceChildren(state.style, root);
  state.inst = inst;
  inst.widgets.add(state);
  const opts = { ...state.opts, pgn };
  if (state.path !== null) opts.ply = state.path;
  // Request numbers start again with a new mount.
  state.settle();
  try {
    active = state;
    state.widget = module.mount(root, opts, state.onMove, state.onDrawn);
  } catch (error) {
    if (!isTrap(error)) throw error;
    fatal(inst, state, error);
  } finally {
    setTimeout(() => { if (active === state) active = null; }, 0);
  }
}

/** Whether a game's PGN has a result (the game is over). */
function finished(pgn) {
  return /\[Result\s+"(1-0|0-1|1\/2-1\/2)"\]/.test(pgn);
}

/**
 * A live game: `src` is read again every `seconds`; new moves are shown,
 * and the reader stays where they are unless they were at the last move,
 * which then follows the game. The reading stops when the game has a
 * result (the widget shows "Live" until then).
 */
function follow(state, seconds) {
  const every = Math.max(1, Number.isFinite(seconds) ? seconds : 10) * 1000;
  const over = () => finished(guard(state, (w) => w.getPgn(), state.pgn));
  if (over()) return;
  const tick = async () => {
    if (!state.alive) return;
    try {
      const text = await fetchPgn(state.opts.src, true);
      if (state.alive && text !== state.pgn && !state.failed) {
        const atEnd = guard(state, (w) => w.atEnd(), false);
        const path = state.path;
        state.pgn = text;
        guard(state, (w) => w.setPgn(utf8(text)));
        if (atEnd) guard(state, (w) => w.goTo('last'));
        else if (path) guard(state, (w) => w.goTo(path));
      }
    } catch {
      // Read again next time (a server that is briefly away).
    }
    if (!state.alive || over()) return;
    state.liveTimer = setTimeout(tick, every);
  };
  state.liveTimer = setTimeout(tick, every);
}

/** The board and the pieces the page's CSS names for an element (read when it is drawn). */
function cssChoice(element) {
  const css = getComputedStyle(element);
  return ['--movetext-board', '--movetext-pieces'].map((p) => css.getPropertyValue(p).trim().replace(/^["']|["']$/g, ''));
}

/** Fires an event that bubbles out of the element's shadow root. */
function fire(element, type, detail) {
  element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** The widget's style sheet, for a shadow root; `loaded` is called once it is there (or failed). */
function styleSheet(loaded) {
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = new URL('movetext.css', baseUrl).href;
  style.addEventListener('load', loaded, { once: true });
  style.addEventListener('error', loaded, { once: true });
  return style;
}

/**
 * Mounts a widget in `element` (in its shadow root). Options: pgn, src, fen,
 * orientation ('white' | 'black'), ply (number, 'first', 'last' or a path),
 * game (which game of a multi-game PGN, from 1), players, clocks, controls, keyboard,
 * wheel, editable (booleans), moves ('right' | 'bottom' | 'auto' | 'none'),
 * mode ('train': the reader guesses the game's moves),
 * notation ('san' | 'fan' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'ru' | 'lan'),
 * theme ('light' | 'dark' | 'auto'), size (a CSS width), onMove (function).
 * src, size, theme 'auto' and onMove are handled here; the other options,
 * their defaults and how they are read are in crates/view/src/widget_config.rs.
 */
export async function mount(element, options = {}) {
  const token = {};
  element[MOUNTED] = token;
  const ready = load().ready;
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  shadow.replaceChildren();
  // The game is shown once its style sheet is there, never unstyled.
  let style;
  const styled = new Promise((ok) => { style = styleSheet(ok); });
  const holder = document.createElement('div');
  shadow.append(style, holder);

  const opts = { ...options };
  if (opts.size) element.style.setProperty('width', String(opts.size));
  // The widget's words are in the page's language unless it names one.
  if (opts.lang === undefined) opts.lang = element.closest('[lang]')?.getAttribute('lang') ?? '';
  const words = wordsFor(opts.lang);
  // `words`: a Fluent file of the page's own words for the widget's language
  // (to word it otherwise, or in a language of the page's own).
  const url = opts.words && webAddress(opts.words) && new URL(opts.words, location.href);
  const own = url && { lang: words?.lang ?? 'en', text: wordFile('', url), key: url.href };
  // Board colours and pieces may also come from the page's CSS.
  cssChoice(element).forEach((value, i) => {
    const option = i ? 'pieces' : 'board';
    if (opts[option] === undefined && value) opts[option] = value;
  });
  // "Open in Movetext": the app is the folder above the widget's files
  // unless the page names one (or none); a game read from `src` is opened
  // there from the same address.
  if (opts.app === undefined) opts.app = new URL('../', baseUrl).href;
  if (opts.app === 'none' || opts.app === 'false' || !webAddress(opts.app)) delete opts.app;
  if (opts.src) opts.source = new URL(opts.src, location.href).href;
  if ((opts.pgn === undefined || opts.pgn === '') && opts.src) {
    try {
      opts.pgn = await fetchPgn(opts.src);
    } catch (error) {
      const message = document.createElement('p');
      message.setAttribute('role', 'alert');
      message.textContent = String(error.message ?? error);
      holder.replaceWith(message);
      throw error;
    }
  }
  await Promise.all([ready, styled]);
  const wanted = opts.theme ?? 'auto';
  opts.theme = resolveTheme(wanted);

  const listeners = new Set();
  const state = {
    element, shadow, style, opts, words, own, pgn: opts.pgn ?? '', path: null, token,
    inst: null, widget: null, failed: false, alive: true, remounts: 0, onMove: null,
    // Promises of requests, resolved as the widget draws them.
    waiting: [],
  };
  state.onDrawn = (drawn) => {
    const done = state.waiting.filter((w) => w.number <= drawn);
    state.waiting = state.waiting.filter((w) => w.number > drawn);
    for (const w of done) w.resolve();
    if (!state.inst?.worded?.has('en') && shadow.querySelector('[data-words]')) wantEnglish(state);
  };
  state.settle = () => {
    const all = state.waiting;
    state.waiting = [];
    for (const w of all) w.resolve();
  };
  // A promise that resolves when request `number` is drawn.
  const drawnPromise = (number) => {
    if (typeof number !== 'number' || !state.widget || number <= state.widget.drawn()) return Promise.resolve();
    return new Promise((resolve) => state.waiting.push({ number, resolve }));
  };
  state.onMove = (detail) => {
    state.path = detail.path;
    fire(element, 'move', detail);
    for (const fn of listeners) fn(detail);
    if (typeof opts.onMove === 'function') opts.onMove(detail);
  };
  const mark = () => {
    active = state;
    setTimeout(() => { if (active === state) active = null; }, 0);
  };
  for (const type of USER_EVENTS) shadow.addEventListener(type, mark, { capture: true });
  await attach(state);
  // The handle is given once the game is shown (the mount is request 1).
  await drawnPromise(1);
  if (opts.live && opts.src) follow(state, Number(opts.live));
  let themeListener = null;
  if (wanted === 'auto' && darkQuery) {
    themeListener = () => shadow.querySelector('.mt-widget')?.setAttribute('data-theme', resolveTheme('auto'));
    darkQuery.addEventListener('change', themeListener);
  }
  const call = (fn, fallback) => {
    active = state;
    try {
      return guard(state, fn, fallback);
    } finally {
      active = null;
    }
  };
  return {
    element,
    goTo: (target) => drawnPromise(call((w) => w.goTo(String(target)))),
    flip: () => drawnPromise(call((w) => w.flip())),
    getPgn: () => call((w) => w.getPgn(), state.pgn),
    getFen: () => call((w) => w.getFen(), ''),
    setPgn: (pgn) => {
      state.pgn = String(pgn);
      state.path = null;
      return drawnPromise(call((w) => w.setPgn(utf8(state.pgn))));
    },
    on: (type, fn) => {
      if (type === 'move') listeners.add(fn);
      return () => listeners.delete(fn);
    },
    destroy: () => {
      if (!state.alive) return;
      state.alive = false;
      clearTimeout(state.liveTimer);
      if (themeListener) darkQuery.removeEventListener('change', themeListener);
      for (const type of USER_EVENTS) shadow.removeEventListener(type, mark, { capture: true });
      state.inst?.widgets.delete(state);
      if (state.inst && !state.inst.dead && state.widget) {
        guard(state, (w) => { w.destroy(); w.free(); });
      }
      state.widget = null;
      state.settle();
      // A newer mount in the same element keeps what it shows.
      if (element[MOUNTED] === token) {
        shadow.replaceChildren();
        element[MOUNTED] = null;
      }
    },
    /** For tests: stops the shared instance as an internal error in this widget would. */
    fault: (byPanic = false) => call(() => state.inst.module.movetextFault(Boolean(byPanic))),
  };
}

const ATTRIBUTES = ['pgn', 'src', 'fen', 'orientation', 'ply', 'game', 'players', 'clocks', 'moves',
  'controls', 'keyboard', 'wheel', 'editable', 'mode', 'notation', 'theme', 'size', 'menu', 'app', 'live',
  'board', 'pieces', 'lang', 'words'];

// Elements are drawn when they come near the screen (a page of a round of
// fifty games stays quick), one a task; `loading="eager"` draws at once.
const nearScreen = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      nearScreen.unobserve(entry.target);
      toDraw.push(entry.target);
    }
    if (toDraw.length && !drawing) drawNext();
  }, { rootMargin: '400px 0px' })
  : null;
const toDraw = [];
let drawing = false;

function drawNext() {
  // The module first (elements waiting for it would all be drawn in the
  // task that it arrives in), then one element a task.
  const inst = load();
  if (!inst.module) {
    drawing = true;
    inst.ready.then(() => setTimeout(drawNext, 0), () => { drawing = false; });
    return;
  }
  const element = toDraw.shift();
  drawing = Boolean(element);
  if (!element) return;
  if (element.waiting && element.isConnected) element.start();
  setTimeout(drawNext, 0);
}

/**
 * What an element shows until it is drawn: room for the board. It is
 * watched once the room has its size (the style sheet loaded): until then
 * every element would be near the screen.
 */
function placeholder(element) {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const style = styleSheet(() => { if (element.waiting) nearScreen.observe(element); });
  const room = document.createElement('div');
  room.className = 'mt-placeholder';
  shadow.replaceChildren(style, room);
}


// Changes that a drawn element takes as they are (the rest draw it again).
const SOFT = new Set(['ply', 'pgn', 'text']);

/** The `<movetext-viewer>` element. */
class MovetextViewer extends HTMLElement {
  static get observedAttributes() {
    return [...ATTRIBUTES, 'style'];
  }

  connectedCallback() {
    // A property set before the element was defined goes through its setter.
    for (const name of ATTRIBUTES) {
      if (Object.hasOwn(this, name)) {
        const value = this[name];
        delete this[name];
        this[name] = value;
      }
    }
    // Its text is its game (unless it has `pgn` or `src`), watched as
    // frameworks replace it.
    this.watcher ??= new MutationObserver(() => {
      if (!this.hasAttribute('pgn') && !this.hasAttribute('src')) this.changed('text');
    });
    this.watcher.observe(this, { childList: true, characterData: true, subtree: true });
    // Moved within the page (taken out and put back in one task): it stays
    // as it is.
    if (this.ready || this.waiting) return;
    // The module is fetched and compiled while the element waits to come
    // near the screen (one module for every element of the page).
    load();
    if (!nearScreen || this.getAttribute('loading') === 'eager') {
      this.start();
      return;
    }
    this.waiting = true;
    placeholder(this);
  }

  attributeChangedCallback(name, old, value) {
    // Before the first drawing every attribute is read as it is then.
    if (old === value || !this.ready) return;
    if (name === 'style' && String(cssChoice(this)) === this.css) return;
    this.changed(name);
  }

  /**
   * Shows what changed, once for the changes of one task: a new `ply` is
   * gone to, a new text shown in place; any other change draws the element
   * again with all its attributes.
   */
  changed(name) {
    if (!this.ready) return;
    if (this.pending) {
      this.pending.add(name);
      return;
    }
    this.pending = new Set([name]);
    queueMicrotask(() => {
      const names = [...this.pending];
      this.pending = null;
      const handle = this.handle;
      if (!this.ready) return;
      if (!handle || this.hasAttribute('src') || !names.every((n) => SOFT.has(n))) {
        this.redraw();
        return;
      }
      const text = names.includes('pgn') || names.includes('text');
      if (text) handle.setPgn(this.getAttribute('pgn') ?? this.textContent);
      if (names.includes('ply') || (text && this.hasAttribute('ply'))) handle.goTo(this.getAttribute('ply') ?? 'first');
    });
  }

  /** Draws the element again, from its attributes as they are now. */
  redraw() {
    const before = this.ready;
    this.handle = null;
    this.start();
    before?.then((h) => h.destroy()).catch(() => {});
  }

  /** Draws the element now. */
  start() {
    this.waiting = false;
    const options = {};
    for (const name of ATTRIBUTES) {
      if (this.hasAttribute(name)) options[name] = this.getAttribute(name);
    }
    if (this.hasAttribute('initial-ply')) options.ply = this.getAttribute('initial-ply');
    if (options.pgn === undefined && !options.src && this.textContent.trim()) options.pgn = this.textContent;
    this.css = String(cssChoice(this));
    const ready = mount(this, options).then((handle) => {
      if (this.ready === ready) {
        this.handle = handle;
        fire(this, 'ready');
      }
      return handle;
    });
    this.ready = ready;
    ready.catch((error) => {
      console.error('movetext-viewer:', error);
      if (this.ready !== ready) return;
      fire(this, 'error', { message: String(error?.message ?? error) });
    });
  }

  disconnectedCallback() {
    if (this.waiting) {
      setTimeout(() => {
        if (this.isConnected || !this.waiting) return;
        this.waiting = false;
        nearScreen?.unobserve(this);
      }, 0);
      return;
    }
    // Destroyed only if still out of the page once the task is over, as
    // frameworks take elements out and put them elsewhere.
    const ready = this.ready;
    setTimeout(() => {
      if (this.isConnected || this.ready !== ready) return;
      this.ready = null;
      this.handle = null;
      this.watcher?.disconnect();
      // Its mount may wait still (for a style sheet that a tree out of the
      // page never loads): it shows nothing more and stops where it is.
      this[MOUNTED] = null;
      this.shadowRoot?.replaceChildren();
      ready?.then((h) => h.destroy()).catch(() => {});
    }, 0);
  }

  goTo(target) { return this.handle?.goTo(target) ?? Promise.resolve(); }
  flip() { return this.handle?.flip() ?? Promise.resolve(); }
  getPgn() { return this.handle?.getPgn() ?? ''; }
  getFen() { return this.handle?.getFen() ?? ''; }
  setPgn(pgn) { return this.handle?.setPgn(pgn) ?? Promise.resolve(); }
}

// Each attribute is a property too (`lang` is already one of every element).
for (const name of ATTRIBUTES) {
  if (name === 'lang') continue;
  Object.defineProperty(MovetextViewer.prototype, name, {
    get() { return this.getAttribute(name); },
    set(value) {
      if (value === null || value === undefined) this.removeAttribute(name);
      else this.setAttribute(name, String(value));
    },
    configurable: true,
  });
}

if (!customElements.get('movetext-viewer')) customElements.define('movetext-viewer', MovetextViewer);

/**
 * Turns code blocks of PGN (by default `pre > code.language-pgn`, as
 * Markdown renderers write a block fenced as ```pgn) into viewers; resolves
 * to the viewers made. Its code (upgrade.js) is fetched when first used.
 */
export const upgrade = (selector, root) => import('./upgrade.js').then((m) => m.upgrade(selector, root));

// `<script type="module" src=".../movetext.js" data-upgrade>` upgrades the
// page's blocks of PGN (or those its value selects) once the page is read.
for (const s of document.querySelectorAll('script[data-upgrade]')) {
  if (s.src === import.meta.url) upgrade(s.dataset.upgrade || undefined);
}

const Movetext = { mount, configure, upgrade };
globalThis.Movetext = Movetext;
export default Movetext;
