// The page's controller: the store of the game shown, the server's API as the page calls it
// (played on in this browser without the network: offline.js), the one action at a time
// that changes the game, the errors said under the status, and the redraw of every view from
// the store. The modules of the page's parts register their views and listen for its events.
import { Store, newer } from '/store.js';
import { request, gamePath } from '/api.js';
import { withOffline } from '/offline.js';
import { t } from '/i18n.js';
import { seatOf } from '/seats.js';
import { keptEnding } from '/record.js';

/** The page's one store. */
export const store = new Store();

const views = [];
const listeners = { shown: [], ended: [], resume: [] };

/** Adds `view(store)` to the views redrawn, in order, at every `render()`. */
export function addView(view) { views.push(view); }

/**
 * Calls `listener` at each of the page's events: `shown` (a game new to the page, given the
 * state), `ended` (the game shown just ended), `resume` (a game shown anew plays on: the
 * computer's turn taken, awaited).
 */
export function on(event, listener) { listeners[event].push(listener); }

const emit = (event, ...args) => Promise.all(listeners[event].map((listener) => listener(...args)));

/** Redraws every view from the store. */
export function render() {
  if (store.game) for (const view of views) view(store);
}

// Without the network a game against the computer goes on here, its moves sent once the
// server is back (offline.js); it may then show another game: the server's, or the offline
// one's new link.
export const api = withOffline(request, {
  replaced(s, message) {
    if (store.busy) return false;
    action(async () => {
      show(s);
      store.note = message;
      await emit('resume');
    });
    return true;
  },
});

/** The API path of the game shown, or of one of its actions. */
export const path = (action) => gamePath(store.game.id, action);

/** Shows `s`, a game new to the page: its seat, the ending kept for it, the keyboard on a piece it may move. */
export function show(s) {
  const computer = s.opponent !== 'friend';
  store.show(s, { seat: seatOf(s.id), ended: computer ? keptEnding(s) : null });
  const movable = Object.keys(s.destinations || {});
  store.cursor = movable.length ? movable[0] : s.pieces[store.seat || s.turn][0];
  emit('shown', s);
  render();
}

/** Carries on with the game shown (the computer's turn, if it is). */
export const resume = () => emit('resume');

/**
 * Takes `s`, an answer to the page's request, if it is newer than the state held; an answer
 * older than it (a past state) has the page ask for the game as it is now.
 */
export async function take(s) {
  if (store.take(s) || !s || s.id !== store.game.id || s.version >= store.game.version) return;
  await refresh();
}

/** Asks for the game shown as it is now, and takes it if newer. */
async function refresh() {
  const id = store.game.id;
  try {
    const s = await api('GET', gamePath(id));
    if (newer(s, store.game)) store.take(s);
  } catch (_) { /* said by the action that asked */ }
}

/** Says what went wrong, in the page's words, under the status. */
export function fail(error) {
  if (error.status === 404) store.note = t('page.game_gone');
  else if (error.unreachable) store.note = store.friend ? t('page.friend.unreachable') : error.message;
  else store.note = t('page.error', { message: error.message });
  render();
  // A move made for a game that moved on (another tab or window): show the game as it is.
  if (error.code === 'stale_ply') refresh().then(render);
}

/** Runs `run` as the page's one action at a time; a game that ends in it is told (`ended`). */
export async function action(run) {
  if (store.busy) return;
  store.busy = true;
  store.note = '';
  render();
  const wasOver = store.over;
  try {
    await run();
  } catch (error) {
    fail(error);
  } finally {
    store.busy = false;
    render();
    if (!wasOver && store.over) emit('ended');
  }
}
