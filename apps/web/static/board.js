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
 * on a square. Returns the squares' `<g>`s by name, the layers for trails and pieces, the
 * field that holds them all (turned half round by `flip(true)`, the labels staying upright
 * beside it) and `squareAt(clientX, clientY)`, the square under a point of the screen.
 */
export function drawBoard(svg, view, onClick) {
  const { files: [f0, f1], ranks: [r0, r1] } = view;
  svg.setAttribute('viewBox', `${f0} ${15 - r1} ${f1 - f0 + 2} ${r1 - r0 + 2}`);
  const cells = new Map();
  const field = el('g', { class: 'field' }, svg);
  const cellLayer = el('g', { class: 'cells' }, field);
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
  // The field's centre, about which it turns: the middle of the squares shown.
  const cx = (3 + f0 + f1) / 2;
  const cy = (31 - r0 - r1) / 2;
  const labels = el('g', { class: 'labels', 'aria-hidden': 'true' }, svg);
  function placeLabels(flipped) {
    labels.replaceChildren();
    const at = (x, y) => (flipped ? [2 * cx - x, 2 * cy - y] : [x, y]);
    for (let rank = r0; rank <= r1; rank++) {
      const y = at(0, 15.5 - rank)[1];
      el('text', { class: 'label', x: f0 + 0.5, y }, labels).textContent = rank + 1;
    }
    for (let file = f0; file <= f1; file++) {
      const x = at(1.5 + file, 0)[0];
      el('text', { class: 'label', x, y: 16.5 - r0 }, labels).textContent = FILES[file];
    }
  }
  placeLabels(false);
  const trailLayer = el('g', { class: 'trails' }, field);
  const pieceLayer = el('g', { class: 'pieces', 'aria-hidden': 'true' }, field);

  /** Turns the field half round (`true`: the top-left corner at the bottom right) or back. */
  function flip(flipped) {
    if (flipped) field.setAttribute('transform', `rotate(180 ${cx} ${cy})`);
    else field.removeAttribute('transform');
    placeLabels(flipped);
  }

  /** A point of the screen in the field's units (those of `centre`). */
  function fieldPoint(clientX, clientY) {
    const point = svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    return point.matrixTransform(field.getScreenCTM().inverse());
  }

  /** The square under a point of the screen, or null off the squares shown. */
  function squareAt(clientX, clientY) {
    const { x, y } = fieldPoint(clientX, clientY);
    const file = Math.floor(x - 1);
    const rank = 15 - Math.floor(y);
    const inside = file >= f0 && file <= f1 && rank >= r0 && rank <= r1;
    return inside ? squareName(file, rank) : null;
  }

  return { cells, trailLayer, pieceLayer, field, flip, fieldPoint, squareAt };
}

/** How far (in squares) a pointer must travel before a press becomes a drag. */
const DRAG_START = 0.3;

/**
 * Drag and drop on a board made by `drawBoard`, beside its clicks: a press on a square that
 * `canDrag(name)` allows, then a move of a third of a square, picks up the piece drawn there
 * (`onPick(name)`, which may redraw), carries it under the pointer and drops it on release:
 * `onDrop(from, to)`, `to` the square under the pointer or null off the board. The click
 * that follows a drag is swallowed; a press without a move stays a click.
 */
export function enableDrag(board, svg, { canDrag, onPick, onDrop }) {
  let press = null; // {pointer, from, x, y, dragging}
  let swallow = false;
  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || press) return;
    const cell = event.target.closest('[data-square]');
    const from = cell && cell.dataset.square;
    if (!from || !canDrag(from)) return;
    const { x, y } = board.fieldPoint(event.clientX, event.clientY);
    press = { pointer: event.pointerId, from, x, y, dragging: false };
  });
  svg.addEventListener('pointermove', (event) => {
    if (!press || event.pointerId !== press.pointer) return;
    const { x, y } = board.fieldPoint(event.clientX, event.clientY);
    if (!press.dragging) {
      if (Math.hypot(x - press.x, y - press.y) < DRAG_START) return;
      press.dragging = true;
      svg.setPointerCapture(press.pointer);
      onPick(press.from);
    }
    const piece = board.pieceLayer.querySelector(`[data-piece="${press.from}"]`);
    if (piece) {
      board.pieceLayer.appendChild(piece); // on top of the others
      piece.setAttribute('transform', `translate(${x} ${y}) scale(1.15)`);
      piece.classList.add('dragged');
    }
    event.preventDefault();
  });
  const release = (event, dropped) => {
    if (!press || event.pointerId !== press.pointer) return;
    const { from, dragging } = press;
    press = null;
    if (!dragging) return;
    swallow = true;
    setTimeout(() => { swallow = false; }, 0);
    onDrop(from, dropped ? board.squareAt(event.clientX, event.clientY) : from);
  };
  svg.addEventListener('pointerup', (event) => release(event, true));
  svg.addEventListener('pointercancel', (event) => release(event, false));
  svg.addEventListener('click', (event) => {
    if (swallow) {
      swallow = false;
      event.stopPropagation();
    }
  }, true);
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
