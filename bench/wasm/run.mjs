// Wasm benchmark host: runs the readers of crates/bench/wasm under Node and
// prints the same figures as the native host (crates/bench/src/main.rs).
//
//   node bench/wasm/run.mjs [module.wasm]
//
// The module defaults to target/wasm32-unknown-unknown/release/movetext_bench_wasm.wasm
// (build it with `cargo build --release --target wasm32-unknown-unknown -p movetext-bench-wasm`).
// Environment, as for the native host: MOVETEXT_BENCH_CORPUS (folder of .pgn
// samples, default ../shared/corpus/bench from the repository root),
// MOVETEXT_BENCH_MB (MiB each sample is repeated to, default 64),
// MOVETEXT_BENCH_RUNS (timed runs per reader, taken in turns after one
// untimed warm-up round, best kept, default 5).

import { readFileSync, readdirSync, realpathSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const MIB = 1048576;
// Goals: ours / pgn-reader throughput; heap bytes per move of an open game
// (1 KB read as 1000 bytes). The index goal is native only.
const GOAL_RATIO = 1.0;
const GOAL_BYTES_PER_MOVE = 1000;

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const wasmPath =
  process.argv[2] ?? join(root, 'target/wasm32-unknown-unknown/release/movetext_bench_wasm.wasm');
let corpus = process.env.MOVETEXT_BENCH_CORPUS ?? join(root, '../shared/corpus/bench');
try {
  corpus = realpathSync(corpus);
} catch {
  // Reported below when the folder is read.
}
const targetMib = envNumber('MOVETEXT_BENCH_MB', 64);
const runs = Math.max(1, envNumber('MOVETEXT_BENCH_RUNS', 5));

function envNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const n = Number.parseInt(raw.trim(), 10);
  if (!Number.isInteger(n) || n < 0 || String(n) !== raw.trim()) {
    console.error(`ignoring ${name}=${JSON.stringify(raw)}: not a whole number`);
    return fallback;
  }
  return n;
}

const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const wasm = instance.exports;
const hasOurs = wasm.mtb_has_ours() === 1;

let samples;
try {
  samples = readdirSync(corpus).filter((f) => f.endsWith('.pgn')).sort();
} catch (err) {
  console.error(`cannot read corpus folder ${corpus}: ${err.message}`);
  process.exit(1);
}
if (samples.length === 0) {
  console.error(`no .pgn samples in ${corpus}`);
  process.exit(1);
}

console.log(
  `Movetext benchmark, wasm32 in Node ${process.versions.node}: each sample repeated to ${targetMib} MiB, ` +
    `best of ${runs} runs; MiB = 1048576 bytes`,
);
console.log(`module: ${wasmPath}`);
console.log(`corpus: ${corpus}`);
if (!hasOurs) {
  console.log("(built without the `ours` feature: Movetext's reader and index are not measured)");
}

// Times the exports `names` in turns, run after run, so that a change of
// machine load falls on all of them rather than on one. One untimed round
// comes first: Node compiles wasm in tiers, and the first calls would measure
// the baseline compiler. Returns, per export, the shortest time in seconds and
// what its last run read, or null for an export that measured nothing.
function bestOf(names) {
  const best = names.map(() => Infinity);
  const last = names.map(() => null);
  for (let round = 0; round <= runs; round++) {
    names.forEach((name, i) => {
      const start = performance.now();
      const games = wasm[name]();
      const ms = performance.now() - start;
      if (round > 0) best[i] = Math.min(best[i], ms);
      last[i] = games < 0 ? null : { games, moves: wasm.mtb_moves(), errors: wasm.mtb_errors() };
    });
  }
  return last.map((r, i) => (r === null ? null : { ...r, secs: best[i] / 1000 }));
}

const pad = (v, n) => String(v).padStart(n);
const label = (s) => s.padEnd(30);

function row(name, bytes, r) {
  console.log(
    `  ${label(name)} ${pad((bytes / MIB / r.secs).toFixed(1), 9)} ${pad((r.games / r.secs).toFixed(0), 11)} ` +
      `${pad(r.games, 9)} ${pad(r.moves, 10)} ${pad(r.errors, 7)}`,
  );
}

const summary = [];
for (const file of samples) {
  const sample = readFileSync(join(corpus, file));
  const ptr = wasm.mtb_sample_buffer(sample.length);
  // The buffer view is taken after the allocation, which may grow memory.
  new Uint8Array(wasm.memory.buffer, ptr, sample.length).set(sample);
  const size = wasm.mtb_prepare(targetMib * MIB) >>> 0;

  console.log();
  console.log(`${file}: ${sample.length} bytes repeated to ${size} bytes (${(size / MIB).toFixed(1)} MiB)`);
  console.log(
    `  ${label('reader')} ${pad('MiB/s', 9)} ${pad('games/s', 11)} ${pad('games', 9)} ${pad('moves', 10)} ${pad('errors', 7)}`,
  );

  const [ours, peer, index, positions] = hasOurs
    ? bestOf(['mtb_read_trees', 'mtb_pgn_reader', 'mtb_index', 'mtb_positions'])
    : [null, ...bestOf(['mtb_pgn_reader']), null, null];
  if (ours) row('movetext trees (legal moves)', size, ours);
  row('pgn-reader 0.29 + shakmaty', size, peer);

  let ratio = null;
  if (ours) {
    if (ours.games !== peer.games) {
      console.log(`  warning: movetext read ${ours.games} games, pgn-reader ${peer.games}`);
    }
    ratio = peer.secs / ours.secs;
  }
  console.log(`  ${label('ratio movetext / pgn-reader')} ${pad(ratio === null ? 'n/a' : ratio.toFixed(2), 9)}`);

  let indexMibs = null;
  if (index) {
    indexMibs = size / MIB / index.secs;
    console.log(
      `  ${label('movetext header index')} ${pad(indexMibs.toFixed(0), 9)} ${pad((index.games / index.secs).toFixed(0), 11)} ${pad(index.games, 9)}`,
    );
  }

  if (positions) {
    console.log(
      `  ${label('movetext position index')} ${pad((size / MIB / positions.secs).toFixed(0), 9)} ` +
        `${pad((positions.games / positions.secs).toFixed(0), 11)} ${pad(positions.games, 9)} ${pad(positions.moves, 10)}`,
    );
    // The index reads every game as the tree reader does, then keys its
    // main line: how much of the reader's speed it keeps.
    if (ours) {
      console.log(`  ${label('position index vs the tree reader')} ${pad((ours.secs / positions.secs).toFixed(2), 9)}`);
    }
  }

  let memory = null;
  const memGames = wasm.mtb_memory();
  if (memGames >= 0) {
    memory = wasm.mtb_memory_mean();
    console.log(
      `  open games (sample, ${memGames} games): ${memory.toFixed(0)} heap bytes/move on average, ` +
        `worst game ${wasm.mtb_memory_worst().toFixed(0)} (games of >= 20 moves)`,
    );
  }
  summary.push({ file, ratio, indexMibs, memory });
}

const verdict = (v, show, ok) => (v === null ? 'n/a' : `${show(v)} ${ok(v) ? 'ok' : 'MISSED'}`);
console.log();
console.log(`wasm goals: ratio >= ${GOAL_RATIO}, open game < ${GOAL_BYTES_PER_MOVE} B/move (index: figure only)`);
for (const s of summary) {
  console.log(
    `  ${s.file.padEnd(30)} ratio ${verdict(s.ratio, (r) => r.toFixed(2), (r) => r >= GOAL_RATIO)}  ` +
      `index ${s.indexMibs === null ? 'n/a' : `${s.indexMibs.toFixed(0)} MiB/s`}  ` +
      `memory ${verdict(s.memory, (b) => `${b.toFixed(0)} B/move`, (b) => b < GOAL_BYTES_PER_MOVE)}`,
  );
}
