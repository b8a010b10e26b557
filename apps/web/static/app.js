// Halma against the computer: the page's whole logic. No build step: the board is SVG, the
// server keeps and checks every game through the JSON API, and the computer's moves and the
// hints are searched here, in the browser, by the engine in WebAssembly (halma.js, in a Web
// Worker); where that cannot run, the server searches them.
import { init, Engine } from '/halma.js';
import {
  WHOLE, squareName, coords, drawBoard, markCamps as tintCamps, drawPiece as pieceOn,
  drawTrail as trailOn, animate as animateOn,
} from '/board.js';
import { loadLanguage, t, errorText, number, translate, prefix, languagePicker } from '/i18n.js';
import { showGuide } from '/guide.js';
import { withOffline } from '/offline.js';

// Every word the page shows comes from its language's file (i18n/<lang>.json), by key.

const $ = (id) => document.getElementById(id);

const ui = {
  board: $('board'), status: $('status'), thinking: $('thinking'), moves: $('moves'),
  banner: $('banner'), level: $('level'), side: $('side'),
  newGame: $('new'), undo: $('undo'), hint: $('hint'), link: $('link'), lang: $('lang'),
};

let state = null;        // the game as the server last described it
let engine = null;       // the engine in this browser (null: the server searches)
let engineStarting = null; // its start, under way while the page loads the game
let selected = null;     // the square of the piece picked up
let hint = null;         // {move, from, to, path} while a hint is shown
let cursor = 'n2';       // the keyboard's square
let busy = false;        // a request or an animation is under way
let note = '';           // a message that replaces the status line until the next action
let cells;               // square name -> its <g>
let pieceLayer, trailLayer;

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// ---- the board, drawn once --------------------------------------------------------------

function buildBoard() {
  ({ cells, pieceLayer, trailLayer } = drawBoard(ui.board, WHOLE, (name) => { cursor = name; activate(name); }));
  ui.board.addEventListener('keydown', onKey);
}

function markCamps(camps) { tintCamps(cells, camps); }
function drawPiece(side, name) { return pieceOn(pieceLayer, side, name); }
function drawTrail(path, cls) { trailOn(trailLayer, path, cls); }

// ---- rendering the state ----------------------------------------------------------------

function describeOutcome(s) {
  const o = s.outcome;
  if (o.result === 'win') {
    const you = o.winner === s.human;
    return you
      ? [t('page.outcome.you_win'), t('page.outcome.your_pieces')]
      : [t('page.outcome.computer_wins'), t('page.outcome.its_pieces')];
  }
  // A draw's text is named by its reason's code (`repetition`, `no_moves`); the state's
  // `reason` is English, for programs.
  if (o.result === 'draw') return [t('page.outcome.draw'), t(`page.outcome.${o.reason_code}`)];
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
    const what = !side ? 'page.square.empty'
      : side === state.human ? 'page.square.yours' : 'page.square.computers';
    const label = [t(what, { square: name, side })];
    if (name === selected) label.push(t('page.square.picked_up'));
    if (name in dests && name !== selected) label.push(t('page.square.can_move', { count: dests[name].length }));
    if (targets.has(name)) label.push(t('page.square.destination'));
    if (hint && hint.to === name) label.push(t('page.square.hint_destination'));
    g.setAttribute('aria-label', label.join(t('page.separator')));
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
    small.textContent = over[1] + ' ' + t('page.play_again');
    ui.banner.appendChild(small);
  } else {
    ui.banner.hidden = true;
  }

  let text;
  if (note) text = note;
  else if (over) text = over[0] + ' ' + over[1];
  else if (state.status === 'your_turn') {
    text = selected
      ? t('page.status.picked', { square: selected, count: targets.size })
      : t('page.status.your_move', { side: state.human });
    if (hint && !selected) text = t('page.status.hint', { move: hint.move });
  } else if (state.status === 'thinking') text = t('page.status.thinking');
  else text = t('page.status.computer_move');
  ui.status.textContent = text;

  ui.level.value = String(state.level);
  ui.undo.disabled = busy || !state.can_undo;
  ui.hint.disabled = busy || state.status !== 'your_turn';
  ui.newGame.disabled = busy;
  document.body.dataset.status = state.status;
  document.body.dataset.ply = String(state.moves.length);
  document.body.dataset.busy = String(busy);
}

function showThinking(info, who) {
  if (!info) { ui.thinking.textContent = ''; return; }
  const parts = [who || t(info.purpose === 'hint' ? 'page.thinking.hint_search' : 'page.thinking.search')];
  if (info.depth) {
    parts.push(t('page.thinking.depth', { depth: info.depth }), t('page.thinking.score', { score: formatScore(info) }));
  }
  parts.push(t('page.thinking.nodes', { nodes: number(info.nodes) }), t('page.thinking.seconds', { seconds: (info.time_ms / 1000).toFixed(1) }));
  if (info.pv && info.pv.length) parts.push(t('page.thinking.line', { moves: info.pv.slice(0, 4).join(' ') }));
  ui.thinking.textContent = parts.join(' · ');
}

function formatScore(info) {
  if (info.forced_win_in) {
    return info.forced_win_in > 0
      ? t('page.score.wins_in', { plies: info.forced_win_in })
      : t('page.score.loses_in', { plies: -info.forced_win_in });
  }
  const v = info.score / 100;
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
    const error = new Error(errorText(data && data.code, response.status));
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
    ? t('page.game_gone')
    : t('page.error', { message: error.message });
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
        ui.thinking.textContent = t('page.thinking.busy');
        await sleep(1000);
      }
    }
  } finally {
    polling = false;
    await poll;
  }
}

function animate(path) { return animateOn(pieceLayer, path, reducedMotion); }

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
  ui.thinking.textContent = t('page.thinking.start');
  state.status = 'thinking';
  render();
  const found = await searchHere(state.level, 'move');
  const reply = found
    ? await api('POST', gamePath('computer'), { move: found.move })
    : await withThinking(() => api('POST', gamePath('computer')));
  await animate(reply.path);
  state = reply.state;
  showThinking(found || reply.search, t('page.thinking.played', { move: reply.move }));
}

async function afterLoad() {
  // A reload while the server is still thinking: wait for it, then carry on.
  while (state.status === 'thinking') {
    ui.thinking.textContent = t('page.thinking.start');
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
  const link = `${prefix()}/g/${state.id}`;
  if (location.pathname !== link) history.replaceState(null, '', link);
  const a = document.createElement('a');
  a.id = 'game-link';
  a.href = link;
  a.textContent = location.origin + link;
  ui.link.replaceChildren(document.createTextNode(t('page.link') + ' '), a);
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
  showThinking(reply.search, t('page.thinking.hint', { move: reply.move }));
  note = t('page.status.hint_lit', { move: reply.move });
}));
ui.level.addEventListener('change', () => {
  if (!state) return;
  const game = state.id;
  api('POST', gamePath('level'), { level: Number(ui.level.value) })
    .then((s) => {
      // A reply for a game left meanwhile (a new game started) changes nothing.
      if (!state || state.id !== game) return;
      if (!busy) { state = s; } else { state.level = s.level; }
      render();
    })
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
  busy = true;
  engineStarting = startEngine();
  try {
    await loadLanguage();
  } catch (error) {
    // Without its words the page can only say so, in the one language every file has.
    ui.status.textContent = String(error);
    return;
  }
  translate();
  ui.status.textContent = t('page.loading');
  languagePicker(ui.lang);
  buildBoard();
  showGuide();
  try {
    const fromLink = location.pathname.match(/^(?:\/[A-Za-z-]+)?\/g\/([0-9a-f]{32})$/);
    let id = fromLink ? fromLink[1] : null;
    if (!id) {
      try { id = localStorage.getItem('halma-game'); } catch (_) { /* private mode */ }
    }
    if (id && /^[0-9a-f]{32}$/.test(id)) {
      try {
        state = await api('GET', `/api/games/${id}`);
      } catch (_) {
        state = null;
        if (fromLink) note = t('page.unknown_link');
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
    ui.status.textContent = t('page.error', { message: error.message });
  } finally {
    busy = false;
    render();
  }
}

start();
