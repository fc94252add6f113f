// Movetext's store in the browser's database (IndexedDB): one object store
// of records under keys (the open file's parts and description, the edits).
// The page loads this script for its reads and writes (`movetextStore`).
// Started as a worker, it writes the parts of the open file off the page's
// thread: each message holds a key and an ArrayBuffer, stored as a Blob, and
// the buffer is sent back (to be filled with the next part) with the error,
// if any.
"use strict";
(() => {
  const DB = "movetext";
  const STORE = "session";
  // The browser keeps a blob's bytes in memory while its Blob object lives,
  // and refuses new blobs past a limit (about 500 MB here): a worker writes
  // this many bytes and is then ended, which frees its blobs at once.
  const BYTES_PER_WORKER = 64 << 20;

  // One connection, opened when first needed and kept: a file is stored in
  // many parts. Another page deleting or upgrading the database goes first.
  let connection = null;
  function open() {
    if (!connection) {
      connection = new Promise((ok, fail) => {
        const req = indexedDB.open(DB, 1);
        req.onupgradeneeded = () => req.result.createObjectStore(STORE);
        req.onsuccess = () => {
          const db = req.result;
          db.onversionchange = () => { db.close(); connection = null; };
          db.onclose = () => { connection = null; };
          ok(db);
        };
        req.onerror = () => { connection = null; fail(req.error); };
      });
    }
    return connection;
  }

  function run(mode, act) {
    return open().then((db) => new Promise((ok, fail) => {
      const tx = db.transaction(STORE, mode);
      const req = act(tx.objectStore(STORE));
      tx.oncomplete = () => ok(req ? req.result : undefined);
      tx.onerror = () => fail(tx.error);
      tx.onabort = () => fail(tx.error ?? new Error("the browser stopped the write"));
    }));
  }

  const store = {
    put: (key, value) => run("readwrite", (s) => s.put(value, key)),
    get: (key) => run("readonly", (s) => s.get(key)),
    clear: () => run("readwrite", (s) => s.clear()),
    forgetFile: () => run("readwrite", (s) => {
      s.delete("file");
      s.delete(IDBKeyRange.bound("part:", "part:\uffff"));
    }),
  };

  if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
    self.onmessage = async (event) => {
      const { key, buffer, length } = event.data;
      try {
        await store.put(key, new Blob([new Uint8Array(buffer, 0, length)]));
        self.postMessage({ buffer }, [buffer]);
      } catch (e) {
        const error = { name: e?.name ?? "Error", message: e?.message ?? String(e) };
        self.postMessage({ buffer, error }, [buffer]);
      }
    };
    return;
  }

  const script = document.currentScript.src;
  // Writes the parts of a file, one after another, through workers.
  store.partsWriter = () => {
    let worker = null;
    let bytes = 0;
    return {
      put(key, view, length) {
        if (!worker || bytes >= BYTES_PER_WORKER) {
          worker?.terminate();
          worker = new Worker(script);
          bytes = 0;
        }
        bytes += length;
        const current = worker;
        return new Promise((ok, fail) => {
          current.onmessage = ({ data }) => {
            if (data.error) fail(new DOMException(data.error.message, data.error.name));
            else ok(new Uint8Array(data.buffer));
          };
          current.onerror = (event) => {
            event.preventDefault();
            fail(new Error(`the file could not be written (${event.message || "its worker did not start"})`));
          };
          current.postMessage({ key, buffer: view.buffer, length }, [view.buffer]);
        });
      },
      end() {
        worker?.terminate();
        worker = null;
      },
    };
  };
  globalThis.movetextStore = store;
})();
