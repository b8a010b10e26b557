// Halma against the computer: the page's whole logic. No build step: the board is SVG, the
// server keeps and checks every game through the JSON API, and the computer's moves and the
// hints are searched here, in the browser, by the engine in WebAssembly (halma.js, in a Web
// Worker); where that cannot run, the server searches them.
import { init, Engine } from '/halma.js';
import { withOffline } from '/offline.js';

// Every text the page shows, in one table: translating the page is a change of this table.
const TEXT = {
  youWin: 'You win!',
  youWinWhy: 'All 19 of your pieces reached the goal camp.',
  computerWins: 'The computer wins.',
  computerWinsWhy: 'All 19 of its pieces reached its goal camp.',
  draw: 'Draw.',
  drawWhy: (reason) => reason.charAt(0).toUpperCase() + reason.slice(1) + '.',
  playAgain: 'Press New game to play again.',
  empty: 'empty',
  yourPiece: (side) => `your piece (${side})`,
  computersPiece: (side) => `computer's piece (${side})`,
  pickedUp: ', picked up',
  canMove: (count) => `, can move (${count})`,
  destination: ', destination',
  hintDestination: ', hint destination',
  chooseDestination: (square, count) => `${square} picked up: choose one of the ${count} lit squares.`,
  yourMove: (side) => `Your move (you are ${side}).`,
  hintShort: (move) => `Hint: ${move}.`,
  hintLong: (move) => `Hint: ${move} (lit in gold).`,
  computerThinking: 'The computer is thinking…',
  computersMove: "The computer's move…",
  thinkingNow: 'Thinking…',
  hintSearch: 'Hint search',
  thinking: 'Thinking',
  played: (move) => `Played ${move}`,
  hint: (move) => `Hint ${move}`,
  depth: (depth) => 'depth ' + depth,
  score: (score) => 'score ' + score,
  nodes: (nodes) => Number(nodes).toLocaleString('en') + ' nodes',
  seconds: (seconds) => seconds.toFixed(1) + ' s',
  line: (moves) => 'line ' + moves,
  winsIn: (plies) => `wins in ${plies}`,
  losesIn: (plies) => `loses in ${plies}`,
  serverAnswered: (status) => `the server answered ${status}`,
  serverBusy: 'The server is busy with other games; waiting…',
  gameGone: 'This game is gone (deleted, or pruned after it ended). Press New game.',
  unknownLink: 'That game link is unknown (deleted, or pruned after it ended): here is a new game.',
  gameLink: "This game's link (open it anywhere to resume): ",
  error: (message) => 'Error: ' + message,
};

const SVG = 'http://www.w3.org/2000/svg';
const FILES = 'abcdefghijklmnop';
const $ = (id) => document.getElementById(id);

const ui = {
  board: $('board'), status: $('status'), thinking: $('thinking'), moves: $('moves'),
  banner: $('banner'), level: $('level'), side: $('side'),
  newGame: $('new'), undo: $('undo'), hint: $('hint'), link: $('link'),
};

let state = null;        // the game as the server last described it
let engine = null;       // the engine in this browser (null: the server searches)
let engineStarting = null; // its start, under way while the page loads the game
let selected = null;     // the square of the piece picked up
let hint = null;         // {move, from, to, path} while a hint is shown
let cursor = 'n2';       // the keyboard's square
let busy = false;        // a request or an animation is under way
let note = '';           // a message that replaces the status line until the next action
const cells = new Map(); // square name -> its <g>
let pieceLayer, trailLayer;

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function squareName(file, rank) { return FILES[file] + (rank + 1); }
function coords(name) { return [FILES.indexOf(name[0]), Number(name.slice(1)) - 1]; }
function centre(name) { const [f, r] = coords(name); return [1.5 + f, 15.5 - r]; }
function el(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// ---- the board, drawn once --------------------------------------------------------------

function buildBoard() {
  const cellLayer = el('g', { class: 'cells' }, ui.board);
  for (let rank = 15; rank >= 0; rank--) {
    const row = el('g', { role: 'row' }, cellLayer);
    for (let file = 0; file < 16; file++) {
      const name = squareName(file, rank);
      const g = el('g', {
        class: 'sq ' + ((file + rank) % 2 ? 'light' : 'dark'),
        role: 'gridcell', tabindex: '-1', 'data-square': name,
      }, row);
      el('rect', { class: 'cell', x: 1 + file, y: 15 - rank, width: 1, height: 1 }, g);
      el('rect', { class: 'ring', x: 1.08 + file, y: 15.08 - rank, width: 0.84, height: 0.84, rx: 0.12 }, g);
      el('circle', { class: 'dot', cx: 1.5 + file, cy: 15.5 - rank, r: 0.17 }, g);
      g.addEventListener('click', () => { cursor = name; activate(name); });
      cells.set(name, g);
    }
  }
  for (let i = 0; i < 16; i++) {
    el('text', { class: 'label', x: 0.5, y: 15.5 - i, 'aria-hidden': 'true' }, ui.board).textContent = i + 1;
    el('text', { class: 'label', x: 1.5 + i, y: 16.5, 'aria-hidden': 'true' }, ui.board).textContent = FILES[i];
  }
  trailLayer = el('g', { class: 'trails' }, ui.board);
  pieceLayer = el('g', { class: 'pieces', 'aria-hidden': 'true' }, ui.board);
  ui.board.addEventListener('keydown', onKey);
}

function markCamps(camps) {
  for (const side of ['x', 'o']) {
    for (const name of camps[side]) cells.get(name).classList.add('camp-' + side);
  }
}

function drawPiece(side, name) {
  const [x, y] = centre(name);
  const g = el('g', { class: 'pc', transform: `translate(${x} ${y})`, 'data-piece': name }, pieceLayer);
  el('circle', { class: 'piece ' + side, r: 0.37 }, g);
  if (side === 'o') el('circle', { class: 'mark', r: 0.17 }, g);
  else el('path', { class: 'mark', d: 'M-0.13 -0.13L0.13 0.13M0.13 -0.13L-0.13 0.13' }, g);
  return g;
}

function drawTrail(path, cls) {
  if (!path || path.length < 2) return;
  el('polyline', { class: 'trail ' + (cls || ''), points: path.map((s) => centre(s).join(',')).join(' ') }, trailLayer);
}

// ---- rendering the state ----------------------------------------------------------------

function describeOutcome(s) {
  const o = s.outcome;
  if (o.result === 'win') {
    const you = o.winner === s.human;
    return you ? [TEXT.youWin, TEXT.youWinWhy] : [TEXT.computerWins, TEXT.computerWinsWhy];
  }
  if (o.result === 'draw') return [TEXT.draw, TEXT.drawWhy(o.reason)];
  return null;
}

function render() {
  if (!state) return;
  const dests = state.destinations || {};
  const targets = selected && dests[selected] ? new Set(dests[selected]) : new Set();
  const last = state.last_move ? new Set(state.last_move.path) : new Set();
  const pieceAt = new Map();
  for (const side of ['x', 'o']) for (const name of state.pieces[side]) pieceAt.set(name, side);

  for (const [name, g] of cells) {
    const c = g.classList;
    c.toggle('can-move', name in dests);
    c.toggle('dest', targets.has(name));
    c.toggle('last', last.has(name));
    c.toggle('hint-from', !!hint && hint.from === name);
    c.toggle('hint-to', !!hint && hint.to === name);
    g.setAttribute('tabindex', name === cursor ? '0' : '-1');
    const side = pieceAt.get(name);
    let label = name + ': ';
    if (!side) label += TEXT.empty;
    else label += side === state.human ? TEXT.yourPiece(side) : TEXT.computersPiece(side);
    if (name === selected) label += TEXT.pickedUp;
    if (name in dests && name !== selected) label += TEXT.canMove(dests[name].length);
    if (targets.has(name)) label += TEXT.destination;
    if (hint && hint.to === name) label += TEXT.hintDestination;
    g.setAttribute('aria-label', label);
    g.setAttribute('aria-selected', name === selected ? 'true' : 'false');
  }

  pieceLayer.replaceChildren();
  for (const [name, side] of pieceAt) {
    const g = drawPiece(side, name);
    if (name === selected) g.firstChild.classList.add('selected');
  }
  trailLayer.replaceChildren();
  if (state.last_move) drawTrail(state.last_move.path);
  if (hint) drawTrail(hint.path, 'hint');

  // One line per full move: x's move, then o's.
  const lines = [];
  for (let i = 0; i < state.moves.length; i += 2) {
    const li = document.createElement('li');
    for (const m of state.moves.slice(i, i + 2)) {
      const span = document.createElement('span');
      span.className = 'mv';
      span.textContent = m;
      li.appendChild(span);
    }
    lines.push(li);
  }
  ui.moves.replaceChildren(...lines);
  ui.moves.scrollTop = ui.moves.scrollHeight;

  const over = describeOutcome(state);
  if (over) {
    ui.banner.hidden = false;
    ui.banner.replaceChildren(document.createTextNode(over[0]));
    const small = document.createElement('small');
    small.textContent = over[1] + ' ' + TEXT.playAgain;
    ui.banner.appendChild(small);
  } else {
    ui.banner.hidden = true;
  }

  let text;
  if (note) text = note;
  else if (over) text = over[0] + ' ' + over[1];
  else if (state.status === 'your_turn') {
    text = selected ? TEXT.chooseDestination(selected, targets.size) : TEXT.yourMove(state.human);
    if (hint && !selected) text = TEXT.hintShort(hint.move);
  } else if (state.status === 'thinking') text = TEXT.computerThinking;
  else text = TEXT.computersMove;
  ui.status.textContent = text;

  ui.level.value = String(state.level);
  ui.undo.disabled = busy || !state.can_undo;
  ui.hint.disabled = busy || state.status !== 'your_turn';
  ui.newGame.disabled = busy;
  document.body.dataset.status = state.status;
  document.body.dataset.ply = String(state.moves.length);
  document.body.dataset.busy = String(busy);
}

function showThinking(t, who) {
  if (!t) { ui.thinking.textContent = ''; return; }
  const parts = [who || (t.purpose === 'hint' ? TEXT.hintSearch : TEXT.thinking)];
  if (t.depth) parts.push(TEXT.depth(t.depth), TEXT.score(formatScore(t)));
  parts.push(TEXT.nodes(t.nodes), TEXT.seconds(t.time_ms / 1000));
  if (t.pv && t.pv.length) parts.push(TEXT.line(t.pv.slice(0, 4).join(' ')));
  ui.thinking.textContent = parts.join(' · ');
}

function formatScore(t) {
  if (t.forced_win_in) {
    return t.forced_win_in > 0 ? TEXT.winsIn(t.forced_win_in) : TEXT.losesIn(-t.forced_win_in);
  }
  const v = t.score / 100;
  return (v > 0 ? '+' : '') + v.toFixed(2);
}

// ---- talking to the server --------------------------------------------------------------

async function serverApi(method, path, body) {
  const options = { method, headers: { Accept: 'application/json' } };
  // The server takes changes only as JSON (no cross-site form can send that).
  if (method !== 'GET' && method !== 'HEAD') options.headers['Content-Type'] = 'application/json';
  if (body !== undefined) options.body = JSON.stringify(body);
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (_) { /* not JSON */ }
  if (!response.ok) {
    const error = new Error((data && data.error) || TEXT.serverAnswered(response.status));
    error.status = response.status;
    throw error;
  }
  return data;
}

// Without the network the game goes on here, its moves sent once the server is back
// (offline.js); it may then show another game: the server's, or the offline one's new link.
const api = withOffline(serverApi, {
  replaced(s, message) {
    if (busy) return false;
    action(async () => { state = s; selected = null; hint = null; showLink(); note = message; await afterLoad(); });
    return true;
  },
});

const gamePath = (action) => `/api/games/${state.id}` + (action ? '/' + action : '');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(error) {
  note = error.status === 404
    ? TEXT.gameGone
    : TEXT.error(error.message);
  render();
}

// Runs a search request (computer move or hint), showing the engine's progress meanwhile
// and retrying while every engine is busy with other games.
async function withThinking(run) {
  let polling = true;
  const poll = (async () => {
    while (polling) {
      await sleep(250);
      if (!polling) break;
      try {
        const s = await api('GET', gamePath());
        if (polling && s.thinking) showThinking(s.thinking);
      } catch (_) { /* the main request reports errors */ }
    }
  })();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (error.status !== 503 || attempt >= 60) throw error;
        ui.thinking.textContent = TEXT.serverBusy;
        await sleep(1000);
      }
    }
  } finally {
    polling = false;
    await poll;
  }
}

function animate(path) {
  return new Promise((resolve) => {
    const piece = pieceLayer.querySelector(`[data-piece="${path[0]}"]`);
    if (!piece || path.length < 2) { resolve(); return; }
    pieceLayer.appendChild(piece); // on top of the others
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

function isJump(pair) {
  const [f0, r0] = coords(pair[0]);
  const [f1, r1] = coords(pair[1]);
  return Math.max(Math.abs(f1 - f0), Math.abs(r1 - r0)) === 2;
}

// ---- actions ----------------------------------------------------------------------------

async function action(run) {
  if (busy) return;
  busy = true;
  note = '';
  render();
  try {
    await run();
  } catch (error) {
    fail(error);
  } finally {
    busy = false;
    render();
  }
}

/** The hints' level at least, as the server's (a beginner gets good advice). */
const HINT_LEVEL = 8;

/** The game record of the state: its start position, then the moves. */
function record(s) { return s.start + '\n' + s.moves.join(' ') + '\n'; }

// Searches in this browser at `level`, showing the progress; null when the engine here
// cannot (it then stays off, and the server searches from now on).
async function searchHere(level, purpose) {
  await engineStarting;
  if (!engine) return null;
  try {
    return await engine.search(record(state), { level }, {
      onInfo: (info) => showThinking({ ...info, purpose }),
    });
  } catch (error) {
    console.warn('the engine in this browser failed; the server searches from now on', error);
    engine = null;
    return null;
  }
}

async function computerTurn() {
  ui.thinking.textContent = TEXT.thinkingNow;
  state.status = 'thinking';
  render();
  const found = await searchHere(state.level, 'move');
  const reply = found
    ? await api('POST', gamePath('computer'), { move: found.move })
    : await withThinking(() => api('POST', gamePath('computer')));
  await animate(reply.path);
  state = reply.state;
  showThinking(found || reply.search, TEXT.played(reply.move));
}

async function afterLoad() {
  // A reload while the server is still thinking: wait for it, then carry on.
  while (state.status === 'thinking') {
    ui.thinking.textContent = TEXT.thinkingNow;
    await sleep(300);
    state = await api('GET', gamePath());
  }
  if (state.status === 'computer_turn') await computerTurn();
}

function activate(name) {
  if (busy || !state || state.status !== 'your_turn') return;
  const dests = state.destinations || {};
  if (selected && selected !== name && dests[selected] && dests[selected].includes(name)) {
    const from = selected;
    action(async () => {
      selected = null;
      hint = null;
      const reply = await api('POST', gamePath('move'), { move: `${from}-${name}` });
      await animate(reply.path);
      state = reply.state;
      render();
      if (state.status === 'computer_turn') await computerTurn();
    });
    return;
  }
  selected = name in dests && selected !== name ? name : null;
  note = '';
  render();
}

function onKey(event) {
  const [f, r] = coords(cursor);
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (event.key in moves) {
    const [df, dr] = moves[event.key];
    const nf = Math.max(0, Math.min(15, f + df));
    const nr = Math.max(0, Math.min(15, r + dr));
    cursor = squareName(nf, nr);
    render();
    cells.get(cursor).focus();
    event.preventDefault();
  } else if (event.key === 'Enter' || event.key === ' ') {
    activate(cursor);
    event.preventDefault();
  } else if (event.key === 'Escape') {
    selected = null;
    render();
  }
}

// The game's link, /g/<id>, resumes it in any browser: shown on the page and in the address
// bar, and remembered for the next visit.
function showLink() {
  const link = `/g/${state.id}`;
  if (location.pathname !== link) history.replaceState(null, '', link);
  const a = document.createElement('a');
  a.id = 'game-link';
  a.href = link;
  a.textContent = location.origin + link;
  ui.link.replaceChildren(document.createTextNode(TEXT.gameLink), a);
  try { localStorage.setItem('halma-game', state.id); } catch (_) { /* private mode */ }
}

async function newGame() {
  const created = await api('POST', '/api/games', { level: Number(ui.level.value), human: ui.side.value });
  state = created;
  selected = null;
  hint = null;
  showThinking(null);
  showLink();
  pickCursor();
  render();
  await afterLoad();
}

function pickCursor() {
  const movable = Object.keys(state.destinations || {});
  cursor = movable.length ? movable[0] : state.pieces[state.human][0];
}

ui.newGame.addEventListener('click', () => action(newGame));
ui.undo.addEventListener('click', () => action(async () => {
  selected = null;
  hint = null;
  state = await api('POST', gamePath('undo'));
  showThinking(null);
}));
ui.hint.addEventListener('click', () => action(async () => {
  selected = null;
  const found = await searchHere(Math.max(state.level, HINT_LEVEL), 'hint');
  const reply = found
    ? { move: found.move, path: found.path, search: found }
    : await withThinking(() => api('GET', gamePath('hint')));
  const path = reply.path;
  hint = { move: reply.move, from: path[0], to: path[path.length - 1], path };
  selected = hint.from;
  cursor = hint.from;
  showThinking(reply.search, TEXT.hint(reply.move));
  note = TEXT.hintLong(reply.move);
}));
ui.level.addEventListener('change', () => {
  if (!state) return;
  api('POST', gamePath('level'), { level: Number(ui.level.value) })
    .then((s) => { if (!busy) { state = s; } else { state.level = s.level; } render(); })
    .catch(fail);
});

/** Starts the engine in this browser, if it can run here. */
async function startEngine() {
  try {
    await init('/halma.wasm');
    engine = await Engine.create();
  } catch (error) {
    console.warn('no engine in this browser; the server searches', error);
    engine = null;
  }
}

async function start() {
  buildBoard();
  busy = true;
  engineStarting = startEngine();
  try {
    const fromLink = location.pathname.match(/^\/g\/([0-9a-f]{32})$/);
    let id = fromLink ? fromLink[1] : null;
    if (!id) {
      try { id = localStorage.getItem('halma-game'); } catch (_) { /* private mode */ }
    }
    if (id && /^[0-9a-f]{32}$/.test(id)) {
      try {
        state = await api('GET', `/api/games/${id}`);
      } catch (_) {
        state = null;
        if (fromLink) note = TEXT.unknownLink;
      }
    }
    if (state) {
      showLink();
      ui.side.value = state.human;
      markCamps(state.camps);
      pickCursor();
      render();
      await afterLoad();
    } else {
      state = await api('POST', '/api/games', { human: ui.side.value });
      showLink();
      ui.level.value = String(state.level);
      markCamps(state.camps);
      pickCursor();
    }
  } catch (error) {
    ui.status.textContent = TEXT.error(error.message);
  } finally {
    busy = false;
    render();
  }
}

start();
