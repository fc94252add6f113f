// Movetext's position index worker: a thin relay between the page and the
// index module (index-worker.wasm, beside this script). Each message is one
// Uint8Array; the module reads it and writes its answer, sent back as one
// Uint8Array. A failure is sent as a string.
"use strict";

const ready = (async () => {
  const url = new URL("index-worker.wasm", self.location.href);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`index-worker.wasm: HTTP ${response.status}`);
  const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
  return instance.exports;
})();

let failed = null;

self.onmessage = async (event) => {
  if (failed) return;
  try {
    const wasm = await ready;
    const message = new Uint8Array(event.data);
    const at = wasm.mt_input(message.length);
    new Uint8Array(wasm.memory.buffer, at, message.length).set(message);
    const length = wasm.mt_handle();
    const answer = new Uint8Array(wasm.memory.buffer, wasm.mt_output(), length).slice();
    self.postMessage(answer.buffer, [answer.buffer]);
  } catch (e) {
    failed = String(e && e.message ? e.message : e);
    self.postMessage(failed);
  }
};
