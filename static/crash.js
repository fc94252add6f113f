// Movetext: when the app stops on an internal error (a panic, or a trap of
// its WebAssembly), this shows what happened and a way on, instead of a page
// that silently does nothing. It is plain script, loaded before the app.
(() => {
  'use strict';
  const SKIP = 'movetext-skip-restore';
  let panicMessage = '';
  let shown = false;

  function isTrap(error) {
    if (typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError) return true;
    const text = String(error?.message ?? '');
    return /\bunreachable\b|memory access out of bounds|call stack size exceeded/i.test(text);
  }

  function button(label, action) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn';
    b.textContent = label;
    b.addEventListener('click', action);
    return b;
  }

  function show(detail) {
    if (shown) return;
    shown = true;
    const box = document.createElement('div');
    box.id = 'crash-report';
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'crash-title');
    box.setAttribute('aria-describedby', 'crash-text');
    const panel = document.createElement('div');
    panel.className = 'crash-panel';
    const title = document.createElement('h2');
    title.id = 'crash-title';
    title.textContent = 'Movetext stopped';
    const text = document.createElement('p');
    text.id = 'crash-text';
    text.textContent = 'An internal error stopped Movetext, and this page cannot go on. '
      + 'Edits saved in this browser are kept. Reload to go on, or reload without the open file '
      + 'if it stops Movetext again.';
    const details = document.createElement('p');
    details.className = 'crash-detail';
    details.textContent = `Details: ${detail}`;
    const actions = document.createElement('div');
    actions.className = 'crash-actions';
    actions.append(
      button('Reload', () => location.reload()),
      button('Reload without this file', () => {
        try { sessionStorage.setItem(SKIP, '1'); } catch { /* storage may be off */ }
        location.replace(location.pathname);
      }),
    );
    panel.append(title, text, details, actions);
    box.append(panel);
    (document.body ?? document.documentElement).append(box);
    actions.firstChild.focus();
  }

  addEventListener('movetext-fatal', (event) => {
    panicMessage = String(event.detail ?? '');
    show(panicMessage);
  });
  addEventListener('error', (event) => {
    if (isTrap(event.error)) show(panicMessage || String(event.error));
  });
  addEventListener('unhandledrejection', (event) => {
    if (isTrap(event.reason)) show(panicMessage || String(event.reason));
  });
})();
