// A small static file server for the built app (dist/), used by the browser
// tests and by scripts/serve.sh. Run directly: node static-server.mjs DIR [PORT].
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.pgn': 'application/x-chess-pgn; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The app's Content-Security-Policy, sent with the app's files (index.html
 * carries the same as a meta element, without frame-ancestors, which only
 * a header can give; docs/app.md).
 */
export const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  // Yew writes the style attributes it is given (widths of progress bars,
  // the game list's rows) with setAttribute, which style-src governs.
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  // Files are opened from any address, and games imported from other
  // sites; blob: reads back what the page made (a GIF's bytes).
  "connect-src 'self' https: http: data: blob:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Serves files under `root`, and under each `mounts` prefix (e.g.
 * `{ '/fixtures/': dir }`) the files of another folder. `headers` are added
 * to every response; the app's files (under `root`, but not the widget's
 * pages under widget/) also get `policy` as their Content-Security-Policy,
 * unless `headers` give one. `port` 0 picks a free port. Resolves to
 * { server, url }.
 */
export async function startServer({ root, port = 0, host = '127.0.0.1', headers = {}, mounts = {}, policy = APP_POLICY }) {
  const server = createServer(async (req, res) => {
    try {
      let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let base = resolve(root);
      let mounted = false;
      for (const [prefix, dir] of Object.entries(mounts)) {
        if (path.startsWith(prefix)) {
          base = resolve(dir);
          path = '/' + path.slice(prefix.length);
          mounted = true;
          break;
        }
      }
      const own = !mounted && policy && !path.startsWith('/widget/') ? { 'content-security-policy': policy } : {};
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      let info = await stat(file).catch(() => null);
      if (info && info.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...own, ...headers }).end('not found');
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        ...own,
        ...headers,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, host, ok));
  const { port: bound } = server.address();
  return { server, url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${bound}/` };
}

/** The headers that make a page cross-origin isolated (the engine then runs on several threads). */
export const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [root = 'dist', port = '8080'] = process.argv.slice(2);
  const { url } = await startServer({ root, port: Number(port), headers: ISOLATION });
  console.log(`Movetext is served at ${url} (Ctrl+C stops)`);
}
