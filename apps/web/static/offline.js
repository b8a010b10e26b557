// A game against the computer that goes on without the network. `withOffline(api, hooks)`
// wraps the page's API calls: while the server answers, they pass through (the last state of
// the game is kept in this browser); when it cannot be reached, the game is played here, on
// the rules of the engine in WebAssembly (halma.js), its moves kept in localStorage (a
// journal per tab), and sent in order once the server answers again. Then:
// - the server has exactly the moves sent: the link shows the whole game, nothing else to do;
// - the server lost the game (404): the local game becomes a new game at a new link;
// - the server's game went another way (another tab of the same link played other moves
//   offline and synced first) or refuses a move: the page shows the server's game and
//   offers the local moves as a new game.
// Each state played here carries the version of the server's last one, counted on by every
// change made here, and `offline`, so that the page's store takes the server's own state over
// it once the server answers again. keepOffline() registers the service worker (sw.js) that
// keeps the page, its scripts and the engine for loading without the network (https or
// localhost only).
import { init, Game } from '/halma.js';
// Its words come from the page's language file (the server's own error texts where they say
// the same).
import { t } from '/i18n.js';
import { readJson, writeJson, remove, keys } from '/storage.js';

const ID = /^\/api\/games\/([0-9a-f]{32})(?:\/([a-z]+))?$/;
const LAST = 'halma-offline-last';      // the last state the server sent, for a reload offline
const JOURNAL = 'halma-offline-journal:'; // + game id + ':' + tab
const SYNC_EVERY_MS = 3000;
const ADOPT_AFTER_MS = 30000;           // another tab's journal untouched this long is this tab's

/** This tab's name, kept across its reloads (sessionStorage is per tab). */
const TAB = (() => {
  try {
    let tab = sessionStorage.getItem('halma-tab');
    if (!tab) {
      tab = Math.random().toString(36).slice(2, 10);
      sessionStorage.setItem('halma-tab', tab);
    }
    return tab;
  } catch (_) {
    return Math.random().toString(36).slice(2, 10);
  }
})();

/** Whether `error` says the server could not be reached (api.js's), not that it said no. */
const unreachable = (error) => !!error && error.unreachable === true;

/** The words for `count` moves kept here, waiting for the server. */
function pendingText(count) {
  return count === 1 ? t('page.offline.kept_one') : t('page.offline.kept', { count });
}

function failure(message, status) {
  const error = new Error(message);
  error.status = status;
  return error;
}

const record = (start, moves) => start + '\n' + moves.join(' ') + '\n';

const other = (side) => (side === 'x' ? 'o' : 'x');

/** The side that plays move `index` (from 0) of a journal's game. */
function mover(journal, index) {
  const first = journal.start.trim().split(/\s+/).pop();
  return index % 2 === 0 ? first : other(first);
}

/** The game of a journal, as the server would describe it. */
function describe(journal) {
  const game = Game.fromRecord(record(journal.start, journal.moves));
  let s;
  try { s = game.state(); } finally { game.free(); }
  const { human } = journal.base;
  const status = s.outcome.result !== 'ongoing' ? 'over' : s.turn === human ? 'your_turn' : 'computer_turn';
  const pending = journal.moves.length - journal.synced;
  return {
    ...journal.base,
    ...s,
    version: (journal.base.version || 0) + (journal.changes || 0),
    status,
    level: journal.level,
    destinations: status === 'your_turn' ? s.destinations : {},
    thinking: null,
    // An undo offline takes back only moves the server does not have yet.
    can_undo: journal.moves.some((_, i) => i >= journal.synced && mover(journal, i) === human),
    offline: { pending },
  };
}

/**
 * `api` (the page's `(method, path, body) => Promise`) with the offline play around it.
 * `hooks.replaced(state, message)` shows another game (the server's, or a new one); it returns
 * false while the page is busy, and is then called again a moment later.
 */
export function withOffline(api, hooks) {
  const journals = new Map(); // game id -> this tab's journal
  let syncing = false;
  let box = null;

  function show(text, offer) {
    if (!box) {
      box = document.createElement('div');
      box.id = 'offline';
      box.className = 'offline';
      box.setAttribute('role', 'status');
      const link = document.getElementById('link').closest('p');
      link.parentNode.insertBefore(box, link.nextSibling);
    }
    box.hidden = !text;
    box.replaceChildren();
    if (!text) return;
    const p = document.createElement('p');
    p.textContent = text;
    box.appendChild(p);
    if (offer) {
      for (const [label, run] of [[t('page.offline.keep'), offer.keep], [t('page.offline.dismiss'), offer.dismiss]]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.addEventListener('click', run);
        box.appendChild(button);
      }
    }
  }

  /** Keeps `journal` after a change made here (`changed`: a change of the game). */
  function save(journal, changed = true) {
    journal.updated = Date.now();
    if (changed) journal.changes = (journal.changes || 0) + 1;
    writeJson(JOURNAL + journal.id + ':' + journal.tab, journal);
    show(pendingText(journal.moves.length - journal.synced));
  }

  function drop(journal) {
    journals.delete(journal.id);
    remove(JOURNAL + journal.id + ':' + journal.tab);
  }

  /** This tab's journal of game `id`, or one another tab left behind. */
  function journalOf(id) {
    if (journals.has(id)) return journals.get(id);
    const mine = readJson(JOURNAL + id + ':' + TAB);
    const left = mine || keys()
      .filter((key) => key.startsWith(JOURNAL + id + ':'))
      .map((key) => readJson(key))
      .find((j) => j && Date.now() - j.updated > ADOPT_AFTER_MS);
    if (!left) return null;
    if (left.tab !== TAB) {
      remove(JOURNAL + id + ':' + left.tab);
      left.tab = TAB;
    }
    journals.set(id, left);
    save(left, false);
    soon();
    return left;
  }

  function begin(state) {
    const journal = {
      id: state.id, tab: TAB, base: state, start: state.start, moves: state.moves.slice(),
      synced: state.moves.length, level: state.level, updated: 0, changes: 0,
    };
    journals.set(state.id, journal);
    save(journal, false);
    soon();
    return journal;
  }

  /** One request answered from the journal, as the server would answer it. */
  function local(journal, method, action, body) {
    const now = describe(journal);
    if (method === 'GET' && !action) return now;
    if (action === 'move' || (action === 'computer' && body && body.move)) {
      if (now.status === 'over') throw failure(t('error.game_over'), 409);
      const human = action === 'move';
      if ((now.turn === journal.base.human) !== human) {
        throw failure(human ? t('error.not_your_turn') : t('error.not_computer_turn'), 409);
      }
      const game = Game.fromRecord(record(journal.start, journal.moves));
      let played;
      try { played = game.play(body.move); } catch (_) {
        throw failure(t('error.illegal_move'), 422);
      } finally { game.free(); }
      journal.moves.push(played.move);
      save(journal);
      soon();
      return { move: played.move, path: played.path, state: describe(journal) };
    }
    if (action === 'computer') throw failure(t('page.offline.no_engine'), 501);
    if (action === 'undo') {
      if (!now.can_undo) throw failure(t('page.offline.undo_sent'), 409);
      // As the server's: the computer's replies, then your last move.
      const human = journal.base.human;
      while (mover(journal, journal.moves.length - 1) !== human) journal.moves.pop();
      journal.moves.pop();
      save(journal);
      return describe(journal);
    }
    if (action === 'level') {
      journal.level = body.level;
      save(journal);
      soon();
      return describe(journal);
    }
    if (action === 'hint') throw failure(t('page.offline.no_hint'), 501);
    throw failure(t('page.offline.online_only'), 501);
  }

  let timer = null;
  let listening = false;
  /** Syncs in `ms` (and, from the first journal on, as soon as the browser is back online). */
  function soon(ms = 0) {
    if (!listening) {
      listening = true;
      addEventListener('online', () => soon());
    }
    if (timer === null) timer = setTimeout(() => { timer = null; syncAll(); }, ms);
  }

  async function syncAll() {
    if (syncing) return;
    syncing = true;
    try {
      for (const journal of [...journals.values()]) await sync(journal);
    } finally {
      syncing = false;
      if (journals.size) soon(SYNC_EVERY_MS);
    }
  }

  /** Sends a journal's moves the server does not have, in order. */
  async function sync(journal) {
    const path = `/api/games/${journal.id}`;
    for (let round = 0; round < 600; round++) {
      let server;
      try {
        server = await api('GET', path);
      } catch (error) {
        if (unreachable(error) || error.status >= 500) return;
        if (error.status === 404) return lost(journal);
        return refused(journal, null, error.message);
      }
      if (round === 0) show(t('page.offline.sending'));
      const ours = journal.moves;
      const theirs = server.moves;
      const agree = server.start === journal.start
        && theirs.slice(0, ours.length).every((move, i) => move === ours[i])
        && ours.slice(0, theirs.length).every((move, i) => move === theirs[i]);
      if (!agree) return refused(journal, server, null);
      journal.synced = Math.min(theirs.length, ours.length);
      if (theirs.length >= ours.length) {
        // All sent (or another tab sent them and more): the server's game is this one.
        drop(journal);
        show('');
        if (server.level !== journal.level && theirs.length === ours.length) {
          try { server = await api('POST', path + '/level', { level: journal.level }); } catch (_) { /* kept */ }
        }
        if (theirs.length > ours.length) replace(server, '');
        return;
      }
      if (server.status === 'thinking') {
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      const next = ours[theirs.length];
      const action = server.turn === server.human ? 'move' : 'computer';
      try {
        await api('POST', `${path}/${action}`, { move: next, ply: theirs.length });
      } catch (error) {
        if (unreachable(error) || error.status >= 500) return;
        if (error.status === 404) return lost(journal);
        if (error.status === 409) continue; // another tab's send, or the game moved: look again
        return refused(journal, server, error.message);
      }
    }
  }

  /** Shows another game once the page is not busy. */
  function replace(state, message) {
    if (!hooks.replaced(state, message)) setTimeout(() => replace(state, message), 500);
  }

  /** The server's game went another way, or it refused a move: show it, offer ours. */
  function refused(journal, server, message) {
    drop(journal);
    const pending = journal.moves.length - journal.synced;
    const offer = {
      keep: () => {
        show('');
        recreate(journal).then((state) => replace(state, ''), (error) => show(error.message));
      },
      dismiss: () => show(''),
    };
    show(message ? t('page.offline.refused', { message }) : t('page.offline.diverged', { count: pending }), offer);
    if (server) replace(server, '');
  }

  /** The server lost the game: ours goes on as a new one. */
  async function lost(journal) {
    drop(journal);
    try {
      replace(await recreate(journal), t('page.offline.lost'));
    } catch (error) {
      if (!unreachable(error)) show(error.message);
      else begin({ ...describe(journal), id: journal.id }); // still offline: keep it
    }
  }

  /** A new game on the server with a journal's whole record. */
  async function recreate(journal) {
    const { human } = journal.base;
    let state = await api('POST', '/api/games', { level: journal.level, human, position: journal.start });
    for (const move of journal.moves) {
      const action = state.turn === human ? 'move' : 'computer';
      state = (await api('POST', `/api/games/${state.id}/${action}`, { move, ply: state.moves.length })).state;
    }
    return state;
  }

  return async function offlineApi(method, path, body) {
    const match = path.match(ID);
    if (!match) return api(method, path, body);
    const [, id, action = ''] = match;
    const journal = journalOf(id);
    if (journal) {
      await init('/halma.wasm');
      return local(journal, method, action, body);
    }
    try {
      const answer = await api(method, path, body);
      const state = answer && (answer.state || (answer.id ? answer : null));
      // A game between two people is not kept: it is never played here, and the answer that
      // makes one carries its seats' secrets.
      if (state && state.start && state.opponent !== 'friend') writeJson(LAST, state);
      return answer;
    } catch (error) {
      const last = readJson(LAST);
      // A game between two people is never played here (no computer answers; its moves go to
      // the server only while it is reached): its state is never the last one kept.
      const offline = unreachable(error) && last && last.id === id && last.opponent !== 'friend'
        && action !== 'hint' && action !== 'destinations';
      if (!offline) throw error;
      try { await init('/halma.wasm'); } catch (_) { throw error; }
      return local(begin(last), method, action, body);
    }
  };
}

/** Registers the service worker: the page, its scripts and the engine cached for loading offline. */
export function keepOffline() {
  if (!('serviceWorker' in navigator) || !globalThis.isSecureContext) return;
  // In the page's language: the worker keeps that language's pages and words.
  const lang = encodeURIComponent(document.documentElement.lang || 'en');
  navigator.serviceWorker.register(`/sw.js?lang=${lang}`).catch((error) => console.warn('no offline loading:', error));
}
