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
// handle.on('move', (detail) => ...); elements also fire a 'move' event.
//
// Every widget of the page shares one WebAssembly instance. The files
// (movetext_wasm.js, movetext_wasm_bg.wasm, movetext.css) are loaded from
// the folder of this script, or from Movetext.configure({ baseUrl }).

let baseUrl = new URL('.', import.meta.url);
let instance = null;

/** Sets where the widget's files are served from (before the first widget). */
export function configure({ baseUrl: base } = {}) {
  if (base) baseUrl = new URL(base, location.href);
}

function load() {
  if (!instance) {
    instance = import(new URL('movetext_wasm.js', baseUrl).href).then(async (module) => {
      await module.default({ module_or_path: new URL('movetext_wasm_bg.wasm', baseUrl) });
      return module;
    });
  }
  return instance;
}

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

function resolveTheme(theme) {
  if (theme === 'dark' || theme === 'light') return theme;
  return darkQuery?.matches ? 'dark' : 'light';
}

async function fetchPgn(src) {
  const url = new URL(src, location.href);
  if (url.origin !== location.origin) {
    throw new Error(`${src} is on another site; a widget opens files of its own site only.`);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${src}: the server answered ${response.status}.`);
  return response.text();
}

/**
 * Mounts a widget in `element` (in its shadow root). Options: pgn, src, fen,
 * orientation ('white' | 'black'), ply (number, 'first', 'last' or a path),
 * game (index in a multi-game PGN), players, clocks, controls, keyboard,
 * wheel, editable (booleans), moves ('right' | 'bottom' | 'auto' | 'none'),
 * notation ('san' | 'fan' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'ru' | 'lan'),
 * theme ('light' | 'dark' | 'auto'), size (a CSS width), onMove (function).
 */
export async function mount(element, options = {}) {
  const module = await load();
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  shadow.replaceChildren();
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = new URL('movetext.css', baseUrl).href;
  const root = document.createElement('div');
  shadow.append(style, root);

  const opts = { ...options };
  if (opts.size) element.style.setProperty('width', String(opts.size));
  if ((opts.pgn === undefined || opts.pgn === '') && opts.src) {
    try {
      opts.pgn = await fetchPgn(opts.src);
    } catch (error) {
      const message = document.createElement('p');
      message.setAttribute('role', 'alert');
      message.textContent = String(error.message ?? error);
      root.replaceWith(message);
      throw error;
    }
  }
  const wanted = opts.theme ?? 'auto';
  opts.theme = resolveTheme(wanted);

  const listeners = new Set();
  const onMove = (detail) => {
    element.dispatchEvent(new CustomEvent('move', { detail }));
    for (const fn of listeners) fn(detail);
    if (typeof opts.onMove === 'function') opts.onMove(detail);
  };
  const widget = module.mount(root, opts, onMove);
  let themeListener = null;
  if (wanted === 'auto' && darkQuery) {
    themeListener = () => root.querySelector('.mt-widget')?.setAttribute('data-theme', resolveTheme('auto'));
    darkQuery.addEventListener('change', themeListener);
  }
  let alive = true;
  return {
    element,
    goTo: (target) => widget.goTo(String(target)),
    flip: () => widget.flip(),
    getPgn: () => widget.getPgn(),
    getFen: () => widget.getFen(),
    setPgn: (pgn) => widget.setPgn(String(pgn)),
    on: (type, fn) => {
      if (type === 'move') listeners.add(fn);
      return () => listeners.delete(fn);
    },
    destroy: () => {
      if (!alive) return;
      alive = false;
      if (themeListener) darkQuery.removeEventListener('change', themeListener);
      widget.destroy();
      widget.free();
      shadow.replaceChildren();
    },
  };
}

const ATTRIBUTES = ['pgn', 'src', 'fen', 'orientation', 'ply', 'game', 'players', 'clocks', 'moves',
  'controls', 'keyboard', 'wheel', 'editable', 'notation', 'theme', 'size'];

/** The `<movetext-viewer>` element. */
class MovetextViewer extends HTMLElement {
  connectedCallback() {
    if (this.ready) return;
    const options = {};
    for (const name of ATTRIBUTES) {
      if (this.hasAttribute(name)) options[name] = this.getAttribute(name);
    }
    if (this.hasAttribute('initial-ply')) options.ply = this.getAttribute('initial-ply');
    if (options.pgn === undefined && !options.src && this.textContent.trim()) options.pgn = this.textContent;
    this.ready = mount(this, options).then((handle) => {
      this.handle = handle;
      return handle;
    });
    this.ready.catch((error) => console.error('movetext-viewer:', error));
  }

  disconnectedCallback() {
    this.ready?.then((h) => h.destroy()).catch(() => {});
    this.ready = null;
    this.handle = null;
  }

  goTo(target) { this.handle?.goTo(target); }
  flip() { this.handle?.flip(); }
  getPgn() { return this.handle?.getPgn() ?? ''; }
  getFen() { return this.handle?.getFen() ?? ''; }
  setPgn(pgn) { this.handle?.setPgn(pgn); }
}

if (!customElements.get('movetext-viewer')) customElements.define('movetext-viewer', MovetextViewer);

const Movetext = { mount, configure };
globalThis.Movetext = Movetext;
export default Movetext;
