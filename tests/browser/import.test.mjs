// Importing games by user name from lichess and chess.com, and lichess
// game and study addresses pasted. The two services are answered here,
// through the browser context's routes, with bodies shaped as theirs (PGN
// with [%clk] and [%eval] comments; chess.com's JSON with its pgn fields);
// a request to any other host that is not this machine fails the test. The
// stream that arrives slowly comes from a local HTTPS server the lichess
// request is sent on to, so that its body arrives a game at a time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowser, openApp, outDir, pastePgn, axeViolations, writeComment } from './harness.mjs';

// ---------- the services' data ----------

const MOVES = [
  ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'c3', 'Nf6'],
  ['d4', 'd5', 'c4', 'e6', 'Nc3', 'Nf6', 'Bg5', 'Be7'],
  ['c4', 'e5', 'Nc3', 'Nf6', 'g3', 'd5', 'cxd5', 'Nxd5'],
  ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6'],
];

/** Movetext as lichess writes it, with evaluations and clocks. */
function lichessMoves(moves, result) {
  let clock = 180;
  return moves.map((san, i) => {
    clock -= i % 3;
    const number = i % 2 === 0 ? `${i / 2 + 1}. ` : `${(i - 1) / 2 + 1}... `;
    const eval_ = ((i * 7) % 5 - 2) / 10;
    return `${number}${san} { [%eval ${eval_.toFixed(2)}] [%clk 0:0${Math.floor(clock / 60)}:${String(clock % 60).padStart(2, '0')}] }`;
  }).join(' ') + ` ${result}`;
}

/** A lichess game: its id, when it started, and its PGN as the API gives it. */
function lichessGame(user, n, when) {
  const id = `Lg${String(n).padStart(4, '0')}Zq`;
  const date = when.toISOString().slice(0, 10).replaceAll('-', '.');
  const time = when.toISOString().slice(11, 19);
  const result = ['1-0', '0-1', '1/2-1/2'][n % 3];
  const pgn = [
    '[Event "Rated Blitz game"]',
    `[Site "https://lichess.org/${id}"]`,
    `[Date "${date}"]`,
    `[White "${user}"]`,
    `[Black "Rival${n}"]`,
    `[Result "${result}"]`,
    `[UTCDate "${date}"]`,
    `[UTCTime "${time}"]`,
    `[WhiteElo "${1900 + n}"]`,
    `[BlackElo "${1880 + n}"]`,
    '[WhiteRatingDiff "+5"]',
    '[BlackRatingDiff "-5"]',
    '[Variant "Standard"]',
    '[TimeControl "180+0"]',
    '[ECO "C50"]',
    '[Opening "Italian Game"]',
    '[Termination "Normal"]',
    '',
    lichessMoves(MOVES[n % MOVES.length], result),
  ].join('\n');
  return { id, start: when.getTime(), pgn };
}

/** `count` games of a lichess user, newest first, one a day back from `newest`. */
function lichessGames(user, from, count, newest = Date.UTC(2024, 2, 20, 12)) {
  return Array.from({ length: count }, (_, i) => lichessGame(user, from + i, new Date(newest - i * 86_400_000)));
}

/** A chess.com game as the monthly archive's JSON has it. */
function chesscomGame(user, year, month, day, n) {
  const url = `https://www.chess.com/game/live/${100000 + n}`;
  const date = `${year}.${String(month).padStart(2, '0')}.${String(day).padStart(2, '0')}`;
  const moves = MOVES[n % MOVES.length].map((san, i) => `${i % 2 === 0 ? `${i / 2 + 1}. ` : `${(i - 1) / 2 + 1}... `}${san} {[%clk 0:02:5${9 - i}.${i}]}`).join(' ');
  const pgn = [
    '[Event "Live Chess"]', '[Site "Chess.com"]', `[Date "${date}"]`, '[Round "-"]',
    `[White "${user}"]`, `[Black "Foe${n}"]`, '[Result "1-0"]', '[CurrentPosition "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"]',
    '[Timezone "UTC"]', '[ECO "C50"]', `[UTCDate "${date}"]`, '[UTCTime "10:00:00"]',
    '[WhiteElo "1500"]', '[BlackElo "1490"]', '[TimeControl "180"]', '[Termination "' + user + ' won by resignation"]',
    `[Link "${url}"]`, '', `${moves} 1-0`, '',
  ].join('\n');
  return {
    url, pgn, time_control: '180', end_time: Date.UTC(year, month - 1, day, 10, 10) / 1000, rated: true,
    uuid: `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`, time_class: 'blitz', rules: 'chess',
    white: { rating: 1500, result: 'win', '@id': `https://api.chess.com/pub/player/${user.toLowerCase()}`, username: user },
    black: { rating: 1490, result: 'resigned', '@id': `https://api.chess.com/pub/player/foe${n}`, username: `Foe${n}` },
  };
}

const CHESSCOM_USER = 'PawnStar';
// Oldest month first, as the list of archives gives them; in a month, the oldest game first.
const CHESSCOM_MONTHS = [
  ['2024', '01', [chesscomGame(CHESSCOM_USER, 2024, 1, 5, 1), chesscomGame(CHESSCOM_USER, 2024, 1, 20, 2)]],
  ['2024', '02', [chesscomGame(CHESSCOM_USER, 2024, 2, 3, 3), chesscomGame(CHESSCOM_USER, 2024, 2, 14, 4)]],
  ['2024', '03', [chesscomGame(CHESSCOM_USER, 2024, 3, 1, 5), chesscomGame(CHESSCOM_USER, 2024, 3, 9, 6)]],
];

const STUDY = ['Chapter 1: Main line', 'Chapter 2: Sideline'].map((chapter, i) => [
  '[Event "Opening study: ' + chapter + '"]', '[Site "https://lichess.org/study/StUdY001/ChApT00' + (i + 1) + '"]',
  '[Result "*"]', '[Annotator "https://lichess.org/@/Teacher"]', '[StudyName "Opening study"]', `[ChapterName "${chapter}"]`,
  '', `1. e4 e5 2. ${i === 0 ? 'Nf3' : 'Bc4'} { The ${i === 0 ? 'main' : 'side'} line } *`,
].join('\n')).join('\n\n\n');

// ---------- the services, answered here ----------

const served = {
  lichess: new Map(), // lower-case name -> games, newest first
  requests: [], // { url, accept }
  leaked: [],
  lichessOverride: null, // (route, url) => answered?
  slowUrl: null,
};

const cors = { 'access-control-allow-origin': '*' };

function answerLichess(route, url) {
  if (served.lichessOverride?.(route, url)) return;
  const user = url.pathname.match(/^\/api\/games\/user\/([^/]+)$/);
  if (user) {
    const games = served.lichess.get(decodeURIComponent(user[1]).toLowerCase());
    if (!games) return route.fulfill({ status: 404, headers: cors, contentType: 'application/json', body: '{"error":"Not found"}' });
    const since = Number(url.searchParams.get('since') ?? 0);
    const max = Number(url.searchParams.get('max') ?? Infinity);
    const chosen = games.filter((g) => g.start >= since).slice(0, max);
    const body = chosen.map((g) => g.pgn + '\n\n\n').join('');
    return route.fulfill({ status: 200, headers: cors, contentType: 'application/x-chess-pgn', body });
  }
  const game = url.pathname.match(/^\/game\/export\/([A-Za-z0-9]{8})$/);
  if (game) {
    const found = [...served.lichess.values()].flat().find((g) => g.id === game[1]);
    if (!found) return route.fulfill({ status: 404, headers: cors, body: '' });
    return route.fulfill({ status: 200, headers: cors, contentType: 'application/x-chess-pgn', body: found.pgn + '\n\n\n' });
  }
  if (url.pathname === '/api/study/StUdY001.pgn') {
    return route.fulfill({ status: 200, headers: cors, contentType: 'application/x-chess-pgn', body: STUDY + '\n\n\n' });
  }
  if (url.pathname === '/api/study/StUdY001/ChApT002.pgn') {
    return route.fulfill({ status: 200, headers: cors, contentType: 'application/x-chess-pgn', body: STUDY.split('\n\n\n')[1] + '\n\n\n' });
  }
  return route.fulfill({ status: 404, headers: cors, body: '' });
}

function answerChesscom(route, url) {
  const json = (status, value) => route.fulfill({ status, headers: cors, contentType: 'application/json', body: JSON.stringify(value) });
  const archives = url.pathname.match(/^\/pub\/player\/([^/]+)\/games\/archives$/);
  const month = url.pathname.match(/^\/pub\/player\/([^/]+)\/games\/(\d{4})\/(\d{2})$/);
  const user = (archives ?? month)?.[1];
  if (user !== CHESSCOM_USER.toLowerCase()) return json(404, { code: 0, message: `User "${user}" not found.` });
  if (archives) {
    return json(200, { archives: CHESSCOM_MONTHS.map(([y, m]) => `https://api.chess.com/pub/player/${user}/games/${y}/${m}`) });
  }
  const found = CHESSCOM_MONTHS.find(([y, m]) => y === month[2] && m === month[3]);
  return json(200, { games: found ? found[2] : [] });
}

async function answer(route) {
  const request = route.request();
  const url = new URL(request.url());
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue();
  served.requests.push({ url: request.url(), accept: request.headers().accept });
  if (url.hostname === 'lichess.org') return answerLichess(route, url);
  if (url.hostname === 'api.chess.com') return answerChesscom(route, url);
  served.leaked.push(request.url());
  return route.abort('blockedbyclient');
}

// ---------- a slow stream: a local HTTPS server ----------

let slowServer;
let slowState = { sent: 0, closed: false };

async function startSlowServer() {
  const dir = await mkdtemp(join(tmpdir(), 'movetext-import-tls-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'),
    '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  const [key, cert] = await Promise.all([readFile(join(dir, 'key.pem')), readFile(join(dir, 'cert.pem'))]);
  await rm(dir, { recursive: true, force: true });
  const games = lichessGames('SlowUser', 1, 8);
  const server = createServer({ key, cert }, (req, res) => {
    res.writeHead(200, { ...cors, 'content-type': 'application/x-chess-pgn' });
    slowState = { sent: 0, closed: false };
    res.on('close', () => { slowState.closed = true; });
    const next = () => {
      if (slowState.closed) return;
      if (slowState.sent === games.length) { res.end(); return; }
      res.write(games[slowState.sent].pgn + '\n\n\n');
      slowState.sent += 1;
      setTimeout(next, 700);
    };
    next();
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `https://127.0.0.1:${server.address().port}/slow` };
}

// ---------- the tests ----------

let browser;
before(async () => {
  browser = await startBrowser({ args: ['--ignore-certificate-errors'] });
  await browser.context.route('**/*', answer);
  const slow = await startSlowServer();
  slowServer = slow.server;
  served.slowUrl = slow.url;
  served.lichess.set('testuser', lichessGames('TestUser', 1, 5));
  served.lichess.set('emptyuser', []);
});
after(async () => {
  await browser?.close();
  await new Promise((ok) => (slowServer ? slowServer.close(ok) : ok()));
  // Nothing left the machine: every request to another host was answered here.
  assert.deepEqual(served.leaked, []);
});

const label = (page) => page.locator('.file-name').innerText();

/** The game list's black players, in the list's order. */
function listed(page) {
  return page.evaluate(() => [...document.querySelectorAll('.gl-viewport .game-row')]
    .sort((a, b) => Number(a.dataset.game) - Number(b.dataset.game))
    .map((row) => row.querySelector('.gl-black').innerText.replace(/\s+\d+$/, '')));
}

async function waitForLabel(page, text) {
  await page.waitForFunction((t) => document.querySelector('.file-name')?.innerText === t
    && !document.querySelector('.page[aria-busy="true"]'), text, { timeout: 30_000 });
}

/** The stored documents, when `check` holds (10 s at most). */
async function docsWhen(page, check) {
  let list = [];
  for (let i = 0; i < 100; i++) {
    list = await page.evaluate(() => window.movetext.savedDocuments());
    if (check(list)) break;
    await page.waitForTimeout(100);
  }
  return list;
}

const requestsTo = (part) => served.requests.filter((r) => r.url.includes(part));

test('?import=lichess:NAME lists the served games, asked as PGN with clocks, evaluations and openings', async () => {
  served.requests.length = 0;
  const { page, errors } = await openApp(browser.context, browser.url, { path: '?import=lichess:TestUser' });
  await waitForLabel(page, 'lichess: TestUser · game 1 of 5');
  assert.deepEqual(await listed(page), ['Rival1', 'Rival2', 'Rival3', 'Rival4', 'Rival5']);
  const [asked] = requestsTo('/api/games/user/');
  const url = new URL(asked.url);
  assert.equal(url.pathname, '/api/games/user/TestUser');
  assert.equal(asked.accept, 'application/x-chess-pgn');
  for (const p of ['clocks', 'evals', 'opening']) assert.equal(url.searchParams.get(p), 'true', p);
  assert.equal(url.searchParams.get('max'), '100');
  assert.equal(url.searchParams.get('since'), null);
  // The clocks and evaluations came with the games.
  assert.ok(await page.locator('.eval-graph, .clock-graph').count() > 0, 'a graph of clocks or evaluations');
  await page.waitForSelector('.notice:has-text("5 games imported into")');
  // The address no longer asks for the import: a reload opens the stored document.
  assert.ok(!page.url().includes('import='), page.url());
  const docs = await docsWhen(page, (list) => list.some((d) => d.name === 'lichess: TestUser'));
  const doc = docs.find((d) => d.name === 'lichess: TestUser');
  assert.equal(doc.source, 'import:lichess:testuser');
  await page.reload();
  await waitForLabel(page, 'lichess: TestUser · game 1 of 5');
  assert.deepEqual(await listed(page), ['Rival1', 'Rival2', 'Rival3', 'Rival4', 'Rival5']);
  assert.equal(requestsTo('/api/games/user/').length, 1, 'the reload asked lichess nothing');
  assert.deepEqual(errors, []);
  await page.close();
});

test('importing the same lichess user again adds only the new games, since the latest', async () => {
  served.requests.length = 0;
  const { page, errors } = await openApp(browser.context, browser.url, { path: '?import=lichess:TestUser' });
  await waitForLabel(page, 'lichess: TestUser · game 1 of 5');
  // An edit to the first game, which the import again keeps with that game.
  await page.keyboard.press('ArrowRight');
  await writeComment(page, 'Kept over the import');
  await docsWhen(page, (list) => list.some((d) => d.source === 'import:lichess:testuser' && d.edited));
  // Two new games, newer than the others.
  const newer = lichessGames('TestUser', 101, 2, Date.UTC(2024, 2, 25, 9));
  served.lichess.set('testuser', [...newer, ...served.lichess.get('testuser')]);
  await page.locator('.import-button').click();
  await page.locator('.import-user').fill('testuser');
  await page.locator('.import-start').click();
  await waitForLabel(page, 'lichess: TestUser · game 1 of 7');
  assert.deepEqual(await listed(page), ['Rival101', 'Rival102', 'Rival1', 'Rival2', 'Rival3', 'Rival4', 'Rival5']);
  await page.waitForSelector('.notice:has-text("2 games new in")');
  // The edited game, now third, kept its edit.
  assert.equal(await page.locator('.game-row[data-game="2"] .edited-mark').count(), 1);
  assert.equal(await page.locator('.game-row .edited-mark').count(), 1);
  const grown = (await docsWhen(page, (list) => list.some((d) => d.games === 7))).find((d) => d.source === 'import:lichess:testuser');
  const body = await page.evaluate((id) => window.movetext.documentText(id), grown.id);
  const third = body.split('[Event ').filter(Boolean)[2];
  assert.ok(third.includes('Rival1"') && third.includes('Kept over the import'), third);
  const second = new URL(requestsTo('/api/games/user/').at(-1).url);
  assert.equal(second.searchParams.get('since'), String(Date.UTC(2024, 2, 20, 12)));
  // Once more: nothing new.
  await page.locator('.import-button').click();
  await page.locator('.import-user').fill('TestUser');
  await page.locator('.import-start').click();
  await page.waitForSelector('.notice:has-text("No new games")');
  assert.equal(await label(page), 'lichess: TestUser · game 1 of 7');
  const docs = await docsWhen(page, (list) => list.filter((d) => d.source === 'import:lichess:testuser').length === 1);
  assert.equal(docs.filter((d) => d.source === 'import:lichess:testuser').length, 1, 'one document for the user');
  assert.deepEqual(errors, []);
  await page.close();
});

test('&max= asks lichess for that many games', async () => {
  served.requests.length = 0;
  served.lichess.set('fewgames', lichessGames('FewGames', 201, 6));
  const { page, errors } = await openApp(browser.context, browser.url, { path: '?import=lichess:FewGames&max=2' });
  await waitForLabel(page, 'lichess: FewGames · game 1 of 2');
  assert.equal(new URL(requestsTo('/api/games/user/FewGames')[0].url).searchParams.get('max'), '2');
  assert.deepEqual(await listed(page), ['Rival201', 'Rival202']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('?import=chesscom:NAME lists the games newest month first, and &max= stops early', async () => {
  served.requests.length = 0;
  const { page, errors } = await openApp(browser.context, browser.url, { path: `?import=chesscom:${CHESSCOM_USER}` });
  await waitForLabel(page, `chess.com: ${CHESSCOM_USER} · game 1 of 6`);
  assert.deepEqual(await listed(page), ['Foe6', 'Foe5', 'Foe4', 'Foe3', 'Foe2', 'Foe1']);
  assert.ok(requestsTo('/games/archives')[0].url.endsWith('/pub/player/pawnstar/games/archives'));
  const months = requestsTo('/games/20').map((r) => new URL(r.url).pathname.slice(-7));
  assert.deepEqual(months, ['2024/03', '2024/02', '2024/01']);
  await page.close();

  served.requests.length = 0;
  const again = await openApp(browser.context, browser.url, { path: `?import=chesscom:${CHESSCOM_USER}&max=3` });
  await waitForLabel(again.page, `chess.com: ${CHESSCOM_USER} · game 1 of 3`);
  assert.deepEqual(await listed(again.page), ['Foe6', 'Foe5', 'Foe4']);
  assert.deepEqual(requestsTo('/games/20').map((r) => new URL(r.url).pathname.slice(-7)), ['2024/03', '2024/02']);
  assert.deepEqual([...errors, ...again.errors], []);
  await again.page.close();
});

test('a slow stream shows its games so far, and Cancel keeps the games that arrived', async () => {
  served.lichessOverride = (route, url) => {
    if (!url.pathname.endsWith('/SlowUser')) return false;
    route.continue({ url: served.slowUrl });
    return true;
  };
  const { page, errors } = await openApp(browser.context, browser.url, { path: '?import=lichess:SlowUser' });
  await page.waitForSelector('.import-dialog');
  await page.waitForFunction(() => /SlowUser: [23] games so far/.test(document.querySelector('.import-progress')?.innerText ?? ''),
    null, { timeout: 20_000 });
  await page.screenshot({ path: join(outDir, 'import-dialog-progress.png') });
  const shownSoFar = Number((await page.locator('.import-progress').innerText()).match(/(\d+) games/)[1]);
  await page.locator('.import-cancel').click();
  await page.waitForSelector('.notice:has-text("Stopped:")');
  const kept = Number((await page.locator('.notice').innerText()).match(/(\d+) games/)[1]);
  assert.ok(kept >= shownSoFar && kept < 8, `kept ${kept}, shown ${shownSoFar}`);
  await waitForLabel(page, `lichess: SlowUser · game 1 of ${kept}`);
  await page.waitForTimeout(800);
  assert.ok(slowState.closed, 'the stream was stopped');
  assert.ok(slowState.sent < 8, `sent ${slowState.sent} of 8`);
  served.lichessOverride = null;
  assert.deepEqual(errors, []);
  await page.close();
});

test('no such user (404), a rate limit (429), no network and an empty account are said in the dialog and as notices', async () => {
  const { page, errors } = await openApp(browser.context, browser.url, { path: '?import=lichess:NoSuchUser' });
  await page.waitForSelector('.import-dialog .import-error');
  assert.equal(await page.locator('.import-dialog .import-error').innerText(), 'lichess has no user “NoSuchUser”.');
  assert.ok((await page.locator('.notice-error').innerText()).startsWith('lichess has no user “NoSuchUser”.'));
  await page.screenshot({ path: join(outDir, 'import-dialog-404.png') });

  served.lichessOverride = (route) => {
    route.fulfill({ status: 429, headers: cors, contentType: 'application/json', body: '{"error":"Too many requests"}' });
    return true;
  };
  await page.locator('.import-user').fill('TestUser');
  await page.locator('.import-start').click();
  await page.waitForFunction(() => document.querySelector('.import-error')?.innerText.includes('wait a minute'));
  assert.equal(await page.locator('.import-error').innerText(), 'lichess asks to wait a minute before asking again.');

  served.lichessOverride = (route) => {
    route.abort('internetdisconnected');
    return true;
  };
  await page.locator('.import-start').click();
  await page.waitForFunction(() => document.querySelector('.import-error')?.innerText.includes('could not be reached'));
  served.lichessOverride = null;

  await page.locator('.import-user').fill('EmptyUser');
  await page.locator('.import-start').click();
  await page.waitForFunction(() => document.querySelector('.import-error')?.innerText === 'EmptyUser has no games on lichess.');

  await page.locator('.import-site').selectOption('chesscom');
  await page.locator('.import-user').fill('NobodyHere');
  await page.locator('.import-start').click();
  await page.waitForFunction(() => document.querySelector('.import-error')?.innerText === 'chess.com has no user “NobodyHere”.');

  // A name no service could have is refused before any request.
  const before = served.requests.length;
  await page.locator('.import-user').fill('bad name/..');
  await page.locator('.import-start').click();
  await page.waitForFunction(() => document.querySelector('.import-error')?.innerText.includes('cannot be a chess.com user name'));
  assert.equal(served.requests.length, before);
  await page.screenshot({ path: join(outDir, 'import-dialog-bad-name.png') });
  // The page's own errors: only the failed requests the browser reports.
  assert.deepEqual(errors.filter((e) => !e.includes('Failed to load resource')), []);
  await page.close();
});

test('a pasted lichess game address opens the game at its move, and a study address its chapters', async () => {
  served.requests.length = 0;
  const { page, errors } = await openApp(browser.context, browser.url);
  await pastePgn(page, 'https://lichess.org/Lg0003Zq/black#3\n');
  await waitForLabel(page, 'lichess Lg0003Zq');
  assert.equal(requestsTo('/game/export/Lg0003Zq').length, 1);
  // Ply 3 of the game: 1. e4 c5 2. Nf3.
  assert.ok((await page.locator('.mv.current').innerText()).includes('Nf3'));
  assert.equal(await page.locator('.board-col .board').getAttribute('data-flipped'), 'true', '/black: seen from Black\'s side');
  assert.equal(await page.locator('.notice-paste').count(), 0, 'not asked whether to open it as text');

  await pastePgn(page, 'https://lichess.org/study/StUdY001');
  await waitForLabel(page, 'lichess study StUdY001 · game 1 of 2');
  assert.equal(requestsTo('/api/study/StUdY001.pgn').length, 1);
  await pastePgn(page, 'https://lichess.org/study/StUdY001/ChApT002');
  await waitForLabel(page, 'lichess study StUdY001/ChApT002');
  assert.ok((await page.locator('.move-list').innerText()).includes('Bc4'));
  // Any other address is still asked about.
  await pastePgn(page, 'https://example.org/not-a-game');
  await page.waitForSelector('.notice-paste');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the import dialog is reachable by keyboard and has no accessibility violations', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await page.locator('.import-button').focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('.import-dialog');
  // Focus is in the dialog, on its first field.
  assert.ok(await page.evaluate(() => document.querySelector('.import-dialog').contains(document.activeElement)));
  await page.screenshot({ path: join(outDir, 'import-dialog.png') });
  assert.deepEqual(await axeViolations(page), []);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: join(outDir, 'import-dialog-375.png') });
  assert.deepEqual(await axeViolations(page), []);
  await page.keyboard.press('Escape');
  await page.waitForSelector('.import-dialog', { state: 'detached' });
  assert.deepEqual(errors, []);
  await page.close();
});

test('nothing left the machine: every request to another host was answered by the routes', async () => {
  // The guard itself: a request to another host is caught and refused.
  const { page } = await openApp(browser.context, browser.url);
  const before = served.leaked.length;
  const reached = await page.evaluate(() => fetch('https://example.org/probe').then(() => true, () => false));
  assert.equal(reached, false);
  assert.deepEqual(served.leaked.splice(before), ['https://example.org/probe']);
  await page.close();
  assert.deepEqual(served.leaked, []);
});
