// The board in SVG: the game's board and the rules page's diagrams are drawn by this one
// piece of code. Square (file f, rank r), 0-based, is the unit square at x = 1 + f,
// y = 15 - r; the rank labels sit left of the squares shown, the file letters below.

const SVG = 'http://www.w3.org/2000/svg';
export const FILES = 'abcdefghijklmnop';

/** The whole board, files and ranks 0 to 15. */
export const WHOLE = { files: [0, 15], ranks: [0, 15] };

export function squareName(file, rank) { return FILES[file] + (rank + 1); }
export function coords(name) { return [FILES.indexOf(name[0]), Number(name.slice(1)) - 1]; }
export function centre(name) { const [f, r] = coords(name); return [1.5 + f, 15.5 - r]; }

export function el(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** `{files, ranks}` of a view written `"e5-k11"` (its bottom-left and top-right squares). */
export function parseView(text) {
  const [low, high] = text.split('-').map(coords);
  return { files: [low[0], high[0]], ranks: [low[1], high[1]] };
}

/**
 * Draws the squares of `view` into `svg`, with their labels; `onClick(name)` for a click
 * on a square. Returns the squares' `<g>`s by name and the layers for trails and pieces.
 */
export function drawBoard(svg, view, onClick) {
  const { files: [f0, f1], ranks: [r0, r1] } = view;
  svg.setAttribute('viewBox', `${f0} ${15 - r1} ${f1 - f0 + 2} ${r1 - r0 + 2}`);
  const cells = new Map();
  const cellLayer = el('g', { class: 'cells' }, svg);
  for (let rank = r1; rank >= r0; rank--) {
    const row = el('g', { role: 'row' }, cellLayer);
    for (let file = f0; file <= f1; file++) {
      const name = squareName(file, rank);
      const g = el('g', {
        class: 'sq ' + ((file + rank) % 2 ? 'light' : 'dark'),
        role: 'gridcell', tabindex: '-1', 'data-square': name,
      }, row);
      el('rect', { class: 'cell', x: 1 + file, y: 15 - rank, width: 1, height: 1 }, g);
      el('rect', { class: 'ring', x: 1.08 + file, y: 15.08 - rank, width: 0.84, height: 0.84, rx: 0.12 }, g);
      el('circle', { class: 'dot', cx: 1.5 + file, cy: 15.5 - rank, r: 0.17 }, g);
      if (onClick) g.addEventListener('click', () => onClick(name));
      cells.set(name, g);
    }
  }
  for (let rank = r0; rank <= r1; rank++) {
    el('text', { class: 'label', x: f0 + 0.5, y: 15.5 - rank, 'aria-hidden': 'true' }, svg).textContent = rank + 1;
  }
  for (let file = f0; file <= f1; file++) {
    el('text', { class: 'label', x: 1.5 + file, y: 16.5 - r0, 'aria-hidden': 'true' }, svg).textContent = FILES[file];
  }
  const trailLayer = el('g', { class: 'trails' }, svg);
  const pieceLayer = el('g', { class: 'pieces', 'aria-hidden': 'true' }, svg);
  return { cells, trailLayer, pieceLayer };
}

/** Tints the camps: `camps` is `{x: [names], o: [names]}`. */
export function markCamps(cells, camps) {
  for (const side of ['x', 'o']) {
    for (const name of camps[side]) cells.get(name)?.classList.add('camp-' + side);
  }
}

/** A piece of `side` on square `name`. */
export function drawPiece(layer, side, name) {
  const [x, y] = centre(name);
  const g = el('g', { class: 'pc', transform: `translate(${x} ${y})`, 'data-piece': name }, layer);
  el('circle', { class: 'piece ' + side, r: 0.37 }, g);
  if (side === 'o') el('circle', { class: 'mark', r: 0.17 }, g);
  else el('path', { class: 'mark', d: 'M-0.13 -0.13L0.13 0.13M0.13 -0.13L-0.13 0.13' }, g);
  return g;
}

/** A move's path (origin, landings, destination) as a dashed line. */
export function drawTrail(layer, path, cls) {
  if (!path || path.length < 2) return;
  el('polyline', { class: 'trail ' + (cls || ''), points: path.map((s) => centre(s).join(',')).join(' ') }, layer);
}

/** Whether a hop between two squares is a jump (two squares away) rather than a step. */
export function isJump(pair) {
  const [f0, r0] = coords(pair[0]);
  const [f1, r1] = coords(pair[1]);
  return Math.max(Math.abs(f1 - f0), Math.abs(r1 - r0)) === 2;
}

/**
 * Moves the piece drawn on `path[0]` along `path`, hop by hop, lifting it over jumps;
 * resolves when it has arrived.
 */
export function animate(layer, path, reducedMotion) {
  return new Promise((resolve) => {
    const piece = layer.querySelector(`[data-piece="${path[0]}"]`);
    if (!piece || path.length < 2) { resolve(); return; }
    layer.appendChild(piece); // on top of the others
    const points = path.map(centre);
    const perHop = reducedMotion ? 40 : (path.length > 2 || isJump(path) ? 230 : 180);
    const start = performance.now();
    function frame(now) {
      const t = Math.max(0, Math.min((now - start) / perHop, points.length - 1));
      const i = Math.min(Math.floor(t), points.length - 2);
      const f = t - i;
      const ease = f < 0.5 ? 2 * f * f : 1 - Math.pow(-2 * f + 2, 2) / 2;
      const [x0, y0] = points[i];
      const [x1, y1] = points[i + 1];
      const lift = isJump([path[i], path[i + 1]]) ? Math.sin(Math.PI * f) * 0.25 : 0;
      piece.setAttribute('transform',
        `translate(${x0 + (x1 - x0) * ease} ${y0 + (y1 - y0) * ease - lift}) scale(${1 + lift * 0.6})`);
      if (t < points.length - 1) requestAnimationFrame(frame);
      else resolve();
    }
    requestAnimationFrame(frame);
  });
}
