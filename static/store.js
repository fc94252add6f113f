// Movetext's store in the browser's database (IndexedDB): documents.
//
// - `docs`: one record a document, under its id: its name, where it came
//   from, its size, the number of its parts, its fingerprint, its games,
//   whether it holds edits, when it was last opened, the game open in it.
// - `parts`: the document's bytes, in parts, under [id, n], as Blobs.
// - `edits`: each edited game of a document under [id, key] (key: the
//   game's number in the file, or "a:…" for a game made in the app), with
//   its text (null: as in the file again) and its revision.
// - `progress`: a document's repertoire training, under its id: the JSON
//   text of each card's schedule (written when a card is graded, in a
//   transaction of its own: a failure leaves the document as it was).
//
// A document's parts are written first (by workers, off the page's thread,
// under the document's Web Lock); its record is written last, in one
// transaction, so a document is seen whole or not at all. Its record and its
// edits change together, in one transaction. Parts left without a record (a
// reload or a failure mid-write) are swept at the next start.
//
// The page loads this script for its reads and writes (`movetextStore`).
// Started as a worker, it writes parts: each message holds a key and an
// ArrayBuffer, stored as a Blob, and the buffer is sent back (to be filled
// with the next part) with the error, if any.
"use strict";
(() => {
  const DB = "movetext";
  const VERSION = 3;
  // The browser keeps a blob's bytes in memory while its Blob object lives,
  // and refuses new blobs past a limit (about 500 MB here): a worker writes
  // this many bytes and is then ended, which frees its blobs at once.
  const BYTES_PER_WORKER = 64 << 20;
  // Documents without edits kept, the most recently opened first.
  const KEEP_UNEDITED = 20;

  const within = (id) => IDBKeyRange.bound([id], [id, []]);
  const ask = (req) => new Promise((ok, fail) => {
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });

  // From the first version's one store ("session": the open file's record,
  // its parts and its edits) to documents: the file becomes one document,
  // with its edits, in the upgrade's own transaction.
  // The third version adds the repertoire's progress.
  function upgrade(db, tx, oldVersion) {
    if (!db.objectStoreNames.contains("progress")) db.createObjectStore("progress");
    if (oldVersion >= 2) return;
    const docs = db.createObjectStore("docs");
    const parts = db.createObjectStore("parts");
    const edits = db.createObjectStore("edits");
    if (oldVersion < 1 || !db.objectStoreNames.contains("session")) return;
    const session = tx.objectStore("session");
    const id = "d" + Date.now().toString(36) + "m";
    const file = session.get("file");
    const old = session.get("edits");
    file.onsuccess = () => {
      const f = file.result;
      if (!f) { db.deleteObjectStore("session"); return; }
      old.onsuccess = () => {
        const e = old.result || { games: [], added: [] };
        const games = (e.games || []).filter((g) => typeof g[1] === "string");
        const added = (e.added || []).filter((g) => typeof g === "string");
        const copy = session.openCursor(IDBKeyRange.bound("part:", "part:\uffff"));
        copy.onsuccess = () => {
          const c = copy.result;
          if (c) {
            parts.put(c.value, [id, Number(String(c.key).slice(5))]);
            c.continue();
            return;
          }
          for (const [i, pgn] of games) edits.put({ pgn, rev: 1 }, [id, i]);
          added.forEach((pgn, n) => edits.put({ pgn, rev: 1, order: n }, [id, `a:m${n}`]));
          docs.put({
            id, name: f.name || "", source: "file", size: f.size || 0, count: f.count || 0,
            parts: f.parts || [], hash: "", games: 0, edited: games.length + added.length > 0,
            lastOpened: Date.now(), open: e.open || 0,
          }, id);
          db.deleteObjectStore("session");
        };
      };
    };
  }

  // One connection, opened when first needed and kept: a file is stored in
  // many parts. Another page deleting or upgrading the database goes first.
  let connection = null;
  function open() {
    if (!connection) {
      connection = new Promise((ok, fail) => {
        const req = indexedDB.open(DB, VERSION);
        req.onupgradeneeded = (e) => upgrade(req.result, req.transaction, e.oldVersion);
        req.onsuccess = () => {
          const db = req.result;
          db.onversionchange = () => { db.close(); connection = null; };
          db.onclose = () => { connection = null; };
          ok(db);
        };
        req.onerror = () => { connection = null; fail(req.error); };
        req.onblocked = () => { connection = null; fail(new Error("another tab holds an older version of Movetext open")); };
      });
    }
    return connection;
  }

  // A transaction over `stores`, in which `act` (async, using only the
  // transaction's requests) runs; resolves with its result once committed.
  function run(stores, mode, act) {
    return open().then((db) => new Promise((ok, fail) => {
      const tx = db.transaction(stores, mode);
      let result;
      let thrown = null;
      Promise.resolve()
        .then(() => act(tx))
        .then((r) => { result = r; }, (e) => { thrown = e; try { tx.abort(); } catch { /* ended */ } });
      tx.oncomplete = () => (thrown ? fail(thrown) : ok(result));
      tx.onabort = () => fail(thrown ?? tx.error ?? new Error("the browser stopped the write"));
    }));
  }

  // The records of a document's edits: [{ key, pgn, rev, order }].
  async function editsOf(tx, id) {
    const s = tx.objectStore("edits");
    const [keys, values] = await Promise.all([ask(s.getAllKeys(within(id))), ask(s.getAll(within(id)))]);
    return keys.map((k, i) => ({ key: k[1], ...values[i] }));
  }

  const store = {
    // Every document's record, the most recently opened first.
    docs: () => run(["docs"], "readonly", async (tx) => {
      const all = await ask(tx.objectStore("docs").getAll());
      return all.sort((a, b) => b.lastOpened - a.lastOpened);
    }),
    doc: (id) => run(["docs"], "readonly", (tx) => ask(tx.objectStore("docs").get(id))),
    // A document's record and its edits, read together.
    docWithEdits: (id) => run(["docs", "edits"], "readonly", async (tx) => {
      const doc = await ask(tx.objectStore("docs").get(id));
      return doc ? { doc, edits: await editsOf(tx, id) } : null;
    }),
    // Some records of a document's edits (by key).
    editsAt: (id, keys) => run(["edits"], "readonly", (tx) => Promise.all(keys.map(async (key) => {
      const r = await ask(tx.objectStore("edits").get([id, key]));
      return { key, ...(r || { pgn: null, rev: 0 }) };
    }))),
    part: (id, n) => run(["parts"], "readonly", (tx) => ask(tx.objectStore("parts").get([id, n]))),
    // Writes a document's record (its parts are all written): the document
    // now exists. Unedited documents with the same source go, and unedited
    // ones beyond the most recent KEEP_UNEDITED (their files are the
    // user's own: nothing of the user's work goes with them).
    putDoc: (doc) => run(["docs", "parts", "edits", "progress"], "readwrite", async (tx) => {
      const docs = tx.objectStore("docs");
      const trained = new Set(await ask(tx.objectStore("progress").getAllKeys()));
      const unedited = (await ask(docs.getAll()))
        .filter((d) => d.id !== doc.id && !d.edited && !trained.has(d.id))
        .sort((a, b) => b.lastOpened - a.lastOpened);
      const gone = unedited.filter((d, i) => i >= KEEP_UNEDITED - 1
        || (doc.source.startsWith("url:") && d.source === doc.source));
      for (const other of gone) {
        docs.delete(other.id);
        tx.objectStore("parts").delete(within(other.id));
        tx.objectStore("edits").delete(within(other.id));
      }
      docs.put(doc, doc.id);
    }),
    // Writes a document's record (its parts are all written) in place of
    // another's, in one transaction: the other's edits come with it (a
    // game of the file `shift` places later), and the other goes.
    replaceDoc: (doc, oldId, shift) => run(["docs", "parts", "edits"], "readwrite", async (tx) => {
      const edits = tx.objectStore("edits");
      for (const e of await editsOf(tx, oldId)) {
        const key = typeof e.key === "number" ? e.key + shift : e.key;
        edits.put({ pgn: e.pgn, rev: e.rev, order: e.order }, [doc.id, key]);
      }
      tx.objectStore("docs").delete(oldId);
      tx.objectStore("parts").delete(within(oldId));
      edits.delete(within(oldId));
      tx.objectStore("docs").put(doc, doc.id);
    }),
    // Changes some fields of a document's record (if it is still stored).
    touch: (id, fields) => run(["docs"], "readwrite", async (tx) => {
      const doc = await ask(tx.objectStore("docs").get(id));
      if (doc) tx.objectStore("docs").put({ ...doc, ...fields }, id);
      return !!doc;
    }),
    // Writes edits of a document with its record, in one transaction. Each
    // write names the revision it was made from (`base`): a game written by
    // another tab since is not overwritten; this write is kept as a new
    // game instead, and said in `conflicts`. Returns the new revisions.
    saveEdits: (id, fields, writes) => run(["docs", "edits"], "readwrite", async (tx) => {
      const docs = tx.objectStore("docs");
      const edits = tx.objectStore("edits");
      const doc = await ask(docs.get(id));
      if (!doc) throw new DOMException("the document is no longer stored in this browser", "NotFoundError");
      const revs = [];
      const conflicts = [];
      for (const w of writes) {
        const now = await ask(edits.get([id, w.key]));
        const rev = now ? now.rev : 0;
        if (rev !== w.base && !(now == null && w.base === 0)) {
          if (w.pgn === null) continue;
          const copy = `a:${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
          edits.put({ pgn: w.pgn, rev: 1, order: Date.now() }, [id, copy]);
          conflicts.push({ key: w.key, copy, rev });
          continue;
        }
        edits.put({ pgn: w.pgn, rev: rev + 1, order: w.order }, [id, w.key]);
        revs.push({ key: w.key, rev: rev + 1 });
      }
      const edited = fields.edited || conflicts.length > 0;
      docs.put({ ...doc, ...fields, edited }, id);
      return { revs, conflicts };
    }),
    // Forgets a document's edits (its bytes stay).
    discardEdits: (id) => run(["docs", "edits"], "readwrite", async (tx) => {
      const doc = await ask(tx.objectStore("docs").get(id));
      tx.objectStore("edits").delete(within(id));
      if (doc) tx.objectStore("docs").put({ ...doc, edited: false }, id);
    }),
    // Deletes a document: its record, parts, edits and progress, together.
    deleteDoc: (id) => run(["docs", "parts", "edits", "progress"], "readwrite", (tx) => {
      tx.objectStore("docs").delete(id);
      tx.objectStore("parts").delete(within(id));
      tx.objectStore("edits").delete(within(id));
      tx.objectStore("progress").delete(id);
    }),
    // A document's repertoire progress (its JSON text), or null.
    progress: (id) => run(["progress"], "readonly", async (tx) => {
      const r = await ask(tx.objectStore("progress").get(id));
      return r ? r.json : null;
    }),
    // Writes a document's repertoire progress.
    putProgress: (id, json) => run(["progress"], "readwrite", (tx) => {
      tx.objectStore("progress").put({ json, written: Date.now() }, id);
    }),
    // Deletes the parts of a document whose record was never written.
    dropParts: (id) => run(["parts"], "readwrite", (tx) => { tx.objectStore("parts").delete(within(id)); }),
    // Every document, part and edit.
    clear: () => run(["docs", "parts", "edits", "progress"], "readwrite", (tx) => {
      for (const s of ["docs", "parts", "edits", "progress"]) tx.objectStore(s).clear();
    }),
    // The ids that have parts stored (with a record or not).
    partIds: () => run(["parts"], "readonly", (tx) => new Promise((ok, fail) => {
      const ids = [];
      const req = tx.objectStore("parts").openKeyCursor();
      req.onsuccess = () => {
        const c = req.result;
        if (!c) return ok(ids);
        ids.push(c.key[0]);
        c.continue([c.key[0], []]);
      };
      req.onerror = () => fail(req.error);
    })),
  };

  if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
    self.onmessage = async (event) => {
      const { key, buffer, length, read } = event.data;
      try {
        if (read) {
          // A part read into the buffer handed over: its blob and the
          // blob's bytes are this worker's, freed on its own thread.
          const blob = await run(["parts"], "readonly", (tx) => ask(tx.objectStore("parts").get(key)));
          if (!(blob instanceof Blob)) {
            self.postMessage({ buffer, missing: true }, [buffer]);
            return;
          }
          const bytes = new Uint8Array(await blob.arrayBuffer());
          if (bytes.length > buffer.byteLength) throw new Error(`a stored part of ${bytes.length} bytes is larger than a part`);
          new Uint8Array(buffer).set(bytes);
          self.postMessage({ buffer, length: bytes.length }, [buffer]);
          return;
        }
        await run(["parts"], "readwrite", (tx) => {
          tx.objectStore("parts").put(new Blob([new Uint8Array(buffer, 0, length)]), key);
        });
        self.postMessage({ buffer }, [buffer]);
      } catch (e) {
        const error = { name: e?.name ?? "Error", message: e?.message ?? String(e) };
        self.postMessage({ buffer, error }, [buffer]);
      }
    };
    return;
  }

  const script = document.currentScript.src;
  const lockName = (id) => `movetext-doc-${id}`;

  // Writes or reads the parts of a document, one after another, through
  // workers (each ended after BYTES_PER_WORKER, which frees its blobs), a
  // buffer handed back and forth: the page makes no buffer nor blob per
  // part for its garbage collector to free.
  const partsWorker = (doing) => {
    let worker = null;
    let bytes = 0;
    const send = (message, view, size) => {
      if (!worker || bytes >= BYTES_PER_WORKER) {
        worker?.terminate();
        worker = new Worker(script);
        bytes = 0;
      }
      bytes += size;
      const current = worker;
      return new Promise((ok, fail) => {
        current.onmessage = ({ data }) => {
          if (data.error) fail(new DOMException(data.error.message, data.error.name));
          else if (data.missing) ok(null);
          else ok(new Uint8Array(data.buffer, 0, data.length ?? data.buffer.byteLength));
        };
        current.onerror = (event) => {
          event.preventDefault();
          fail(new Error(`the file could not be ${doing} (${event.message || "its worker did not start"})`));
        };
        current.postMessage({ ...message, buffer: view.buffer }, [view.buffer]);
      });
    };
    return {
      // Writes `length` bytes of `view` as the part `key`; resolves with
      // the buffer back.
      put: (key, view, length) => send({ key, length }, view, length),
      // Reads the part `key` into `view`'s buffer; resolves with a view of
      // its bytes in it, or null when there is no such part.
      get: (key, view) => send({ key, read: true }, view, view.buffer.byteLength),
      end() {
        worker?.terminate();
        worker = null;
      },
    };
  };
  store.partsWriter = () => partsWorker("written");
  store.partsReader = () => partsWorker("read");

  // Takes the document's lock (while its parts are written, the sweep
  // leaves them); resolves with the function that releases it.
  store.lock = (id) => new Promise((got) => {
    if (!navigator.locks) { got(() => {}); return; }
    navigator.locks.request(lockName(id), () => new Promise((release) => got(() => release())));
  });

  // Deletes parts that no document's record owns and no tab is writing.
  store.sweep = async () => {
    const ids = await store.partIds();
    const known = new Set((await store.docs()).map((d) => d.id));
    let swept = 0;
    for (const id of ids.filter((i) => !known.has(i))) {
      const free = navigator.locks
        ? await navigator.locks.request(lockName(id), { ifAvailable: true }, async (lock) => {
          if (!lock || await store.doc(id)) return false;
          await store.dropParts(id);
          return true;
        })
        : (await store.dropParts(id), true);
      if (free) swept += 1;
    }
    return swept;
  };

  // Asks the browser to keep the store when space runs short (once).
  let persistAsked = false;
  store.persist = () => {
    if (persistAsked || !navigator.storage?.persist) return;
    persistAsked = true;
    navigator.storage.persist().catch(() => {});
  };

  // Tabs of the app tell each other what they changed.
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("movetext") : null;
  store.tab = Math.random().toString(36).slice(2);
  store.announce = (message) => channel?.postMessage({ ...message, tab: store.tab });
  store.listen = (handler) => {
    if (channel) channel.onmessage = ({ data }) => { if (data?.tab !== store.tab) handler(data); };
  };

  globalThis.movetextStore = store;
})();
