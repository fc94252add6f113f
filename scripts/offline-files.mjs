// Writes into the built service worker (sw.js) the list of the app's files
// and the build's version (a hash of those files), so that the worker
// stores exactly this build's files and a new build is a new version.
// Run by Trunk after each build (Trunk.toml's post_build hook, on its
// staging folder), or by hand: node scripts/offline-files.mjs [DIR].
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? 'dist';
// Built after the app or kept apart: the widget, the engine (stored when
// first fetched), the index worker (stored as fetched), the worker itself.
const LEFT_OUT = [/^widget\//, /^engine\//, /^\.stage\//, /^sw\.js$/, /^index-worker/, /^movetext-index-worker/];

async function files(root, at = root) {
  const found = [];
  for (const entry of await readdir(at, { withFileTypes: true })) {
    const path = join(at, entry.name);
    if (entry.isDirectory()) found.push(...await files(root, path));
    else found.push(relative(root, path).split(sep).join('/'));
  }
  return found;
}

const listed = (await files(dir)).filter((f) => !LEFT_OUT.some((r) => r.test(f))).sort();
const hash = createHash('sha256');
for (const f of listed) {
  hash.update(f + '\0');
  hash.update(await readFile(join(dir, f)));
}
const worker = join(dir, 'sw.js');
const source = await readFile(worker, 'utf8');
// The worker's own code is part of the version too.
hash.update(source.replace(/^const BUILD = .*;$/m, ''));
const version = hash.digest('hex').slice(0, 16);
const line = /^const BUILD = .*;$/m;
if (!line.test(source)) throw new Error(`${worker}: no "const BUILD = ...;" line to write the files into`);
const build = { version, files: listed };
await writeFile(worker, source.replace(line, `const BUILD = ${JSON.stringify(build)};`));
console.log(`offline: ${listed.length} files of version ${version} written into ${worker}`);
