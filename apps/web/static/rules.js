// The rules page: its sections and small diagrams come from /i18n/rules.json (the same in
// every language; each diagram's position is one the rules tests check), its words from the
// page's language file, and its boards are drawn by the game's own board code. The chains
// diagram can be played hop by hop, each hop checked by the engine (halma.js).
import { coords, drawBoard, drawPiece, drawTrail, el, markCamps, parseView, squareName, animate } from '/board.js';
import { loadLanguage, t, translate, languagePicker } from '/i18n.js';

const $ = (id) => document.getElementById(id);
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** `{x: [names], o: [names], turn}` of position text (`ooooo11/.../11xxxxx x`). */
export function parsePosition(text) {
  const [placement, turn] = text.trim().split(/\s+/);
  const pieces = { x: [], o: [] };
  placement.split('/').forEach((row, index) => {
    const rank = 15 - index;
    let file = 0;
    for (const [, run, piece] of row.matchAll(/(\d+)|([xo])/g)) {
      if (run) file += Number(run);
      else pieces[piece].push(squareName(file++, rank));
    }
  });
  return { ...pieces, turn };
}

/** One figure: the diagram's part of the board, its pieces and marks, and its caption. */
function figure(diagram, camps) {
  const fig = document.createElement('figure');
  fig.className = 'diagram';
  const svg = el('svg', { class: 'board', role: 'img', 'aria-label': t(diagram.caption) }, fig);
  const board = drawBoard(svg, parseView(diagram.view));
  // A picture: its squares are no grid's cells and take no focus.
  for (const node of svg.querySelectorAll('[role]')) node.removeAttribute('role');
  for (const cell of board.cells.values()) cell.removeAttribute('tabindex');
  markCamps(board.cells, camps);
  const position = parsePosition(diagram.position);
  const show = (path) => {
    board.pieceLayer.replaceChildren();
    board.trailLayer.replaceChildren();
    for (const side of ['x', 'o']) {
      for (const name of position[side]) {
        if (!board.cells.has(name)) continue;
        const g = drawPiece(board.pieceLayer, side, name);
        if (name === diagram.piece) g.firstChild.classList.add('selected');
      }
    }
    drawTrail(board.trailLayer, path);
  };
  show(diagram.path);
  for (const name of diagram.destinations || []) board.cells.get(name)?.classList.add('dest');
  for (const name of diagram.forbidden || []) {
    const cell = board.cells.get(name);
    if (!cell) continue;
    cell.classList.add('forbidden');
    const [f, r] = coords(name);
    el('path', { class: 'cross', d: `M${1.3 + f} ${15.3 - r}L${1.7 + f} ${15.7 - r}M${1.7 + f} ${15.3 - r}L${1.3 + f} ${15.7 - r}` }, cell);
  }
  (diagram.path || []).slice(1).forEach((name, hop) => {
    const [f, r] = coords(name);
    el('text', { class: 'hop', x: 1.5 + f, y: 15.5 - r, 'aria-hidden': 'true' }, board.trailLayer).textContent = hop + 1;
  });
  const caption = document.createElement('figcaption');
  caption.textContent = t(diagram.caption);
  fig.appendChild(caption);
  if (diagram.playable) fig.appendChild(tryBoard(diagram, camps));
  return fig;
}

/**
 * A board on which the reader plays the diagram's piece hop by hop: each landing two
 * squares away that the engine accepts as the next hop of the chain lights up.
 */
function tryBoard(diagram, camps) {
  const wrap = document.createElement('div');
  wrap.className = 'try';
  const title = document.createElement('h3');
  title.textContent = t('page.try.title');
  const status = document.createElement('p');
  status.className = 'try-status';
  status.setAttribute('role', 'status');
  const svg = el('svg', { class: 'board', role: 'grid', 'aria-label': t('page.try.title') });
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.textContent = t('page.try.reset');
  wrap.append(title, svg, status, reset);

  let path = [];
  let game = null;
  let moving = false;
  const board = drawBoard(svg, parseView(diagram.view), (name) => hop(name));
  markCamps(board.cells, camps);
  const position = parsePosition(diagram.position);

  // The next landings the engine accepts after `path` (a jump's landing is two squares
  // away in one of the eight directions).
  const landings = () => {
    const [f, r] = coords(path[path.length - 1]);
    const found = [];
    for (const df of [-2, 0, 2]) {
      for (const dr of [-2, 0, 2]) {
        const [nf, nr] = [f + df, r + dr];
        if ((!df && !dr) || nf < 0 || nf > 15 || nr < 0 || nr > 15) continue;
        const name = squareName(nf, nr);
        if (!board.cells.has(name) || path.includes(name)) continue;
        // A two-square move is read as from-to (any chain to there), so its answer must be
        // the one hop; a longer path is checked hop by hop.
        let hops = null;
        try { hops = game.path([...path, name].join('-')); } catch (_) { /* not a hop */ }
        if (hops && hops.length === path.length + 1) found.push(name);
      }
    }
    return found;
  };

  const render = () => {
    const next = game && path.length ? landings() : [];
    for (const [name, g] of board.cells) {
      g.classList.toggle('dest', next.includes(name));
      g.classList.toggle('can-move', !path.length && name === diagram.piece);
      g.setAttribute('tabindex', next.includes(name) || (!path.length && name === diagram.piece) ? '0' : '-1');
    }
    board.trailLayer.replaceChildren();
    drawTrail(board.trailLayer, path);
    if (path.length < 2) status.textContent = t('page.try.pick', { square: diagram.piece });
    else {
      status.textContent = t('page.try.played', { move: path.join('-'), count: path.length - 1 })
        + (next.length ? ' ' + t('page.try.more') : '');
    }
  };

  const start = () => {
    path = [];
    board.pieceLayer.replaceChildren();
    for (const side of ['x', 'o']) {
      for (const name of position[side]) if (board.cells.has(name)) drawPiece(board.pieceLayer, side, name);
    }
    render();
  };

  async function hop(name) {
    if (moving) return;
    if (!path.length) {
      if (name !== diagram.piece) return;
      if (!game) {
        const { init, Game } = await import('/halma.js');
        await init('/halma.wasm');
        game = Game.fromPosition(diagram.position);
      }
      path = [name];
      board.pieceLayer.querySelector(`[data-piece="${name}"] .piece`)?.classList.add('selected');
      render();
      return;
    }
    if (!landings().includes(name)) return;
    moving = true;
    const from = path[path.length - 1];
    await animate(board.pieceLayer, [from, name], reducedMotion);
    board.pieceLayer.querySelector(`[data-piece="${from}"]`)?.setAttribute('data-piece', name);
    path.push(name);
    moving = false;
    render();
  }

  svg.addEventListener('keydown', (event) => {
    const name = event.target.closest?.('[data-square]')?.dataset.square;
    if (name && (event.key === 'Enter' || event.key === ' ')) { hop(name); event.preventDefault(); }
  });
  reset.addEventListener('click', start);
  start();
  return wrap;
}

async function showRules() {
  await loadLanguage();
  translate();
  languagePicker($('lang'));
  const rules = await (await fetch('/i18n/rules.json')).json();
  const start = parsePosition(rules.sections[0].diagram.position);
  const camps = { x: start.x, o: start.o }; // the start fills each camp with its owner
  const page = $('rules');
  const nodes = rules.intro.map((key) => paragraph(key));
  const toc = document.createElement('ol');
  toc.className = 'toc';
  for (const section of rules.sections) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = '#' + section.id;
    a.textContent = t(section.title);
    li.appendChild(a);
    toc.appendChild(li);
  }
  nodes.push(toc);
  for (const section of rules.sections) {
    const part = document.createElement('section');
    part.id = section.id;
    const h2 = document.createElement('h2');
    h2.textContent = t(section.title);
    part.appendChild(h2);
    for (const key of section.paragraphs) part.appendChild(paragraph(key));
    if (section.diagram) part.appendChild(figure(section.diagram, camps));
    nodes.push(part);
  }
  page.replaceChildren(...nodes);
  document.body.dataset.ready = 'true';
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

function paragraph(key) {
  const p = document.createElement('p');
  p.textContent = t(key);
  return p;
}

showRules().catch((error) => { $('rules').textContent = String(error); });
