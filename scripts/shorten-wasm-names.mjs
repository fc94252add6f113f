// Shortens the names by which a WebAssembly module built by wasm-bindgen
// and its glue script meet: each import of the glue (`__wbg_` and a hash of
// 16 hex digits) and each export named with such a hash becomes a name of a
// few letters, in the module and in the script alike. The hashes do not
// compress, and they stood twice in a widget's download (2.5 KB of the
// module and 1.6 KB of the script, gzipped).
//
// usage: node scripts/shorten-wasm-names.mjs MODULE.wasm GLUE.js
// Both files are rewritten in place; the names the page's own script calls
// (`mount`, the methods of `MountedWidget`, ...) are left as they are.
import { readFileSync, writeFileSync } from 'node:fs';

const [wasmPath, gluePath] = process.argv.slice(2);
if (!wasmPath || !gluePath) {
  console.error('usage: shorten-wasm-names.mjs MODULE.wasm GLUE.js');
  process.exit(2);
}

/** Reads an unsigned LEB128 number at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** Writes an unsigned LEB128 number. */
function toLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A name's bytes with their length before them. */
function toName(text) {
  const bytes = encoder.encode(text);
  return [...toLeb(bytes.length), ...bytes];
}

/** Reads a name at `at`: [text, next offset]. */
function name(bytes, at) {
  const [length, start] = leb(bytes, at);
  return [decoder.decode(bytes.subarray(start, start + length)), start + length];
}

/** Skips a table's or a memory's limits at `at`. */
function skipLimits(bytes, at) {
  const flags = bytes[at++];
  [, at] = leb(bytes, at);
  if (flags & 1) [, at] = leb(bytes, at);
  return at;
}

/** The end of an import's or an export's description at `at`. */
function skipImportDesc(bytes, at) {
  const kind = bytes[at++];
  switch (kind) {
    case 0: // function: its type
    case 4: // tag: attribute, type
      if (kind === 4) at++;
      return leb(bytes, at)[1];
    case 1: // table: reference type, limits
      return skipLimits(bytes, at + 1);
    case 2: // memory: limits
      return skipLimits(bytes, at);
    case 3: // global: value type, mutability
      return at + 2;
    default:
      throw new Error(`unknown import kind ${kind}`);
  }
}

// Short names in order: a, b, ..., z, aa, ab, ...
let count = 0;
function nextName() {
  let n = count++;
  let text = '';
  do {
    text = String.fromCharCode(97 + (n % 26)) + text;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return text;
}

const HASHED = /_[0-9a-f]{16}(_|$)/;
const renamed = new Map();
function rename(old) {
  if (!renamed.has(old)) renamed.set(old, `_${nextName()}`);
  return renamed.get(old);
}

const wasm = readFileSync(wasmPath);
if (wasm.readUInt32LE(0) !== 0x6d736100) throw new Error(`${wasmPath} is not a WebAssembly module`);
const parts = [wasm.subarray(0, 8)];
let at = 8;
while (at < wasm.length) {
  const id = wasm[at++];
  const [size, start] = leb(wasm, at);
  const end = start + size;
  let body = wasm.subarray(start, end);
  if (id === 2 || id === 7) {
    const section = wasm.subarray(start, end);
    const [entries, first] = leb(section, 0);
    let p = first;
    const entriesOut = [...toLeb(entries)];
    for (let i = 0; i < entries; i++) {
      if (id === 2) {
        const [module, afterModule] = name(section, p);
        const [field, afterField] = name(section, afterModule);
        const descEnd = skipImportDesc(section, afterField);
        const short = field.startsWith('__wbg') && HASHED.test(field) ? rename(field) : field;
        entriesOut.push(...toName(module), ...toName(short), ...section.subarray(afterField, descEnd));
        p = descEnd;
      } else {
        const [field, afterField] = name(section, p);
        const [, descEnd] = leb(section, afterField + 1);
        const short = HASHED.test(field) ? rename(field) : field;
        entriesOut.push(...toName(short), ...section.subarray(afterField, descEnd));
        p = descEnd;
      }
    }
    body = Buffer.from(entriesOut);
  }
  parts.push(Buffer.from([id, ...toLeb(body.length)]), body);
  at = end;
}

// Whole identifiers only, each looked up in the names renamed.
const used = new Set();
const glue = readFileSync(gluePath, 'utf8').replace(/[A-Za-z0-9_$]+/g, (word) => {
  const short = renamed.get(word);
  if (short === undefined) return word;
  used.add(word);
  return short;
});
for (const old of renamed.keys()) {
  if (!used.has(old)) throw new Error(`${old} is not in ${gluePath}`);
}
writeFileSync(wasmPath, Buffer.concat(parts));
writeFileSync(gluePath, glue);
console.log(`shortened ${renamed.size} names`);
