// The first board. The page's markup holds the sample game's first position
// (crates/view/src/markup/first_board.rs), shown until the app starts and
// draws its own board in its place. This script runs as soon as that
// board is in the page: it gives the page its theme, and puts on the board
// the position this tab (else the tab left last) showed when it was left,
// or takes the board away when the address names a game of its own. When
// the page is left it notes the position shown for the next start.
(() => {
  const KEY = 'movetext-first-board';
  const SVG = 'http://www.w3.org/2000/svg';
  const storage = (name) => { try { return window[name] ?? null; } catch { return null; } };
  const local = storage('localStorage');
  const session = storage('sessionStorage');

  // The theme as the app applies it: the stored choice, else the system's.
  const chosen = local?.getItem('movetext-theme');
  const dark = chosen ? chosen === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');

  // An address that names a game (a file, a pasted game, an import) opens
  // that game, not the one shown last; `lang`, `game` and `ply` do not.
  const named = () => {
    const query = new URLSearchParams(location.search);
    const hash = new URLSearchParams(location.hash.slice(1));
    return [...query.keys()].some((k) => k !== 'lang') || [...hash.keys()].some((k) => k !== 'game' && k !== 'ply');
  };

  // The squares of a FEN's board, rank 8 first: a piece letter or null.
  const squares = (fen) => {
    const rows = String(fen).split(' ')[0].replace(/\[[^\]]*\]$/, '').replace(/~/g, '').split('/');
    if (rows.length !== 8) return null;
    const out = [];
    for (const row of rows) {
      let n = 0;
      for (const c of row) {
        if (/[1-8]/.test(c)) { for (let i = 0; i < Number(c); i++) out.push(null); n += Number(c); }
        else if (/[pnbrqk]/i.test(c)) { out.push(c); n += 1; }
        else return null;
      }
      if (n !== 8) return null;
    }
    return out;
  };

  const bar = (el, place, shown) => {
    const side = shown?.side === 'black' ? 'black' : 'white';
    el.className = `player-bar player-${side} at-${place}`;
    el.querySelector('.side-swatch')?.setAttribute('class', `side-swatch ${side}`);
    for (const part of el.querySelectorAll('.player-title, .player-elo, .player-material, .player-score')) part.remove();
    const name = el.querySelector('.player-name');
    if (name) { name.textContent = String(shown?.name ?? ''); name.title = name.textContent; }
    const clock = el.querySelector('.player-clock');
    if (clock && shown?.clock) clock.textContent = String(shown.clock);
    else clock?.remove();
  };

  // Puts a noted position on the board (White below, as the app opens a
  // game); false when it cannot be read.
  const draw = (shell, shown) => {
    const board = squares(shown.fen);
    const pieces = shell.querySelector('.pieces');
    if (!board || !pieces) return false;
    pieces.replaceChildren();
    board.forEach((piece, i) => {
      if (!piece) return;
      const [file, row] = [i % 8, Math.floor(i / 8)];
      const use = document.createElementNS(SVG, 'use');
      use.setAttribute('class', 'piece');
      use.setAttribute('href', `#mt-${piece === piece.toUpperCase() ? 'w' : 'b'}${piece.toUpperCase()}`);
      use.setAttribute('x', String(file * 100));
      use.setAttribute('y', String(row * 100));
      use.setAttribute('width', '100');
      use.setAttribute('height', '100');
      pieces.append(use);
    });
    const bars = shell.querySelectorAll('.player-bar');
    if (Array.isArray(shown.bars) && shown.bars.length === 2 && bars.length === 2) {
      bar(bars[0], 'top', shown.bars[0]);
      bar(bars[1], 'bottom', shown.bars[1]);
    } else {
      for (const b of bars) b.remove();
    }
    if (!shown.eval) shell.querySelector('.eval-bar')?.remove();
    return true;
  };

  const shell = document.getElementById('first-board');
  if (shell) {
    let shown = null;
    try { shown = JSON.parse(session?.getItem(KEY) ?? local?.getItem(KEY) ?? 'null'); } catch { shown = null; }
    if (named() || (shown && !draw(shell, shown))) shell.remove();
  }

  // Notes the app's board as the page is left (or hidden: a phone may
  // close a hidden page without telling it).
  const note = () => {
    const board = document.querySelector('#app .board-col .board[data-fen]');
    if (!board) return;
    const bars = [...document.querySelectorAll('#app .board-col .player-bar')].map((b) => ({
      side: b.dataset.side,
      name: b.querySelector('.player-name')?.textContent ?? '',
      clock: b.querySelector('.player-clock')?.textContent ?? '',
    }));
    const shown = JSON.stringify({
      fen: board.dataset.fen,
      eval: document.querySelector('#app .board-col .eval-bar') !== null,
      bars,
    });
    try { session?.setItem(KEY, shown); local?.setItem(KEY, shown); } catch { /* storage full or refused: the sample is shown */ }
  };
  addEventListener('pagehide', note);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') note(); });
})();
