// Starts the app. scripts/app-module.sh writes this script's element with
// the addresses of the module it built (data-module, data-wasm: in a folder
// named by the build's hash, so they change with each build), so that the
// page holds no inline script and its Content-Security-Policy can say
// `script-src 'self'` (see docs/app.md).
const me = document.querySelector('script[data-module][data-wasm]');
const bindings = await import(me.dataset.module);
const wasm = await bindings.default({ module_or_path: me.dataset.wasm });
// The module's exports, for scripts of the page (and the tests).
window.wasmBindings = bindings;
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
