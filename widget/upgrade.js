// Code blocks of PGN made viewers (see `upgrade` in movetext.js, which
// fetches this file when first asked).

/** Code blocks of PGN, as Markdown renderers and editors write them. */
const PGN_BLOCKS = 'pre > code.language-pgn, pre > code.lang-pgn, pre.language-pgn, pre.pgn';

/** Once the page is read. */
const read = () => new Promise((ok) => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ok, { once: true });
  else ok();
});

/**
 * Replaces each block `selector` finds in `root` by a `<movetext-viewer>`
 * holding its text (without script, the blocks stay as they are); resolves
 * to the viewers made.
 */
export async function upgrade(selector = PGN_BLOCKS, root = document) {
  await read();
  const made = [];
  for (const found of root.querySelectorAll(selector)) {
    const block = found.closest('pre') ?? found;
    if (!block.isConnected) continue;
    const viewer = document.createElement('movetext-viewer');
    viewer.textContent = found.textContent;
    block.replaceWith(viewer);
    made.push(viewer);
  }
  return made;
}
