// Playing: a move on the board (either game), and the game against the computer: its moves
// and the hints searched in this browser by the engine in WebAssembly (halma.js, in a Web
// Worker), else by the server; a new game, undo, the level, and a resignation, which the
// page keeps (the server has none for such a game). Never the computer's in a game between
// two people: no search, no hint, no undo and no level there.
import { store, api, path, action, render, show, take, fail, resume, on } from '/page.js';
import { whileBusy, sleep } from '/api.js';
import { t } from '/i18n.js';
import { $ } from '/dom.js';
import { animate } from '/boardview.js';
import { movesRecord, keepEnding } from '/record.js';

/** The hints' level at least, as the server's (a beginner gets good advice). */
const HINT_LEVEL = 8;

let engine = null;                  // the engine in this browser (null: the server searches)
let starting = Promise.resolve();   // its start, under way while the page loads the game

/** Uses the engine `starting` resolves to (null: none here, the server searches). */
export function useEngine(promise) {
  starting = promise.then((started) => { engine = started; });
  return starting;
}

/**
 * Searches the game shown in this browser at `level`, its progress shown; null when the
 * engine here cannot (it then stays off, and the server searches from now on).
 */
async function searchHere(level, purpose) {
  await starting;
  if (!engine) return null;
  try {
    return await engine.search(movesRecord(store.game.start, store.game.moves), { level }, {
      onInfo: (info) => { store.thinking = { info: { ...info, purpose } }; render(); },
    });
  } catch (error) {
    console.warn('the engine in this browser failed; the server searches from now on', error);
    engine = null;
    return null;
  }
}

/**
 * Runs a search request on the server (the computer's move or a hint), showing its progress
 * meanwhile (the game's state carries it) and asking again while every engine is busy.
 */
async function withThinking(run) {
  let polling = true;
  const poll = (async () => {
    while (polling) {
      await sleep(250);
      if (!polling) break;
      try {
        const s = await api('GET', path());
        if (polling && s.thinking) { store.thinking = { info: s.thinking }; render(); }
      } catch (_) { /* the request itself says what went wrong */ }
    }
  })();
  try {
    return await whileBusy(run, () => { store.thinking = { text: t('page.thinking.busy') }; render(); });
  } finally {
    polling = false;
    await poll;
  }
}

/** The computer's move, searched here (else by the server), played on the board. */
async function computerTurn() {
  store.thinking = { text: t('page.thinking.start') };
  store.searching = true;
  render();
  try {
    const found = await searchHere(store.game.level, 'move');
    const ply = store.plies;
    const reply = found
      ? await api('POST', path('computer'), { move: found.move, ply })
      : await withThinking(() => api('POST', path('computer'), { ply }));
    await animate(reply.path);
    await take(reply.state);
    store.thinking = { info: found || reply.search, who: t('page.thinking.played', { move: reply.move }) };
  } finally {
    store.searching = false;
  }
}

/** Plays on with the game shown: waits out a search the server runs for it, then the computer's turn. */
async function afterLoad() {
  while (store.game.status === 'thinking') {
    store.thinking = { text: t('page.thinking.start') };
    render();
    await sleep(300);
    await take(await api('GET', path()));
  }
  if (!store.friend && store.game.status === 'computer_turn' && !store.ended) await computerTurn();
}
on('resume', afterLoad);

/** Plays the player's move `from`-`to`; `dropped`: the piece was carried there already. */
function playMove(from, to, dropped) {
  action(async () => {
    store.selected = null;
    store.hint = null;
    const reply = await api('POST', path('move'), { move: `${from}-${to}`, ply: store.plies });
    if (!dropped) await animate(reply.path);
    await take(reply.state);
    render();
    await afterLoad();
  });
}

/** A click, Enter or Space on the square `name`: picks up a piece, puts it down, or plays. */
export function activate(name) {
  if (store.busy) return;
  if (store.view !== null) {
    store.note = t('page.replay.play_on', { ply: store.view });
    render();
    return;
  }
  if (!store.playable) return;
  const dests = store.game.destinations || {};
  const selected = store.selected;
  if (selected && selected !== name && dests[selected] && dests[selected].includes(name)) {
    playMove(selected, name, false);
    return;
  }
  store.selected = name in dests && selected !== name ? name : null;
  store.note = '';
  render();
}

/** Whether a press on `name` may carry its piece. */
export const canDrag = (name) => store.playable && !store.busy && name in (store.game.destinations || {});

/** A piece carried from `from` and let go over `to` (null off the board). */
export function dropPiece(from, to) {
  const dests = store.game.destinations || {};
  if (to && to !== from && dests[from] && dests[from].includes(to)) playMove(from, to, true);
  else render(); // back where it was, still picked up
}

/** Starts a game against the computer at the level and side chosen, and plays it. */
export async function newGame(position) {
  const body = { level: Number($('level').value), human: $('side').value };
  if (position) body.position = position;
  show(await api('POST', '/api/games', body));
  await resume();
}

/** Resigns the game against the computer here: kept in this browser and in its record. */
export function resignHere() {
  store.ended = keepEnding(store.game, 'resignation', store.game.human);
  Object.assign(store, { selected: null, hint: null, view: null });
  render();
}

/** The computer game's controls: New game, Undo, Hint and the level. */
export function mountPlay() {
  $('new').addEventListener('click', () => action(() => newGame(null)));
  $('undo').addEventListener('click', () => action(async () => {
    Object.assign(store, { selected: null, hint: null, view: null, thinking: null });
    await take(await api('POST', path('undo')));
  }));
  $('hint').addEventListener('click', () => action(async () => {
    store.selected = null;
    store.view = null;
    const found = await searchHere(Math.max(store.game.level, HINT_LEVEL), 'hint');
    const reply = found || await withThinking(() => api('GET', path('hint')));
    const hop = reply.path;
    const hint = { from: hop[0], to: hop[hop.length - 1], path: hop };
    Object.assign(store, { hint, selected: hint.from, cursor: hint.from });
    store.thinking = { info: found || reply.search, who: t('page.thinking.hint', { move: `${hint.from}-${hint.to}` }) };
  }));
  $('level').addEventListener('change', () => {
    const id = store.game.id;
    api('POST', path('level'), { level: Number($('level').value) })
      .then((s) => {
        // An answer for a game left meanwhile (a new game started) changes nothing; while
        // an action runs, it shows the answer when it ends.
        if (store.game.id === id && store.take(s) && !store.busy) render();
      })
      .catch(fail);
  });
}
