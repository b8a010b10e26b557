// Halma on the page: the entry point, which builds the page from its modules and opens the
// game. No build step: the board is SVG, the server keeps and checks every game through the
// JSON API, and the computer's moves, the hints and the reviews are searched here, in the
// browser, by the engine in WebAssembly (halma.js, in Web Workers); where that cannot run,
// the server searches the moves, and what needs the rules here (looking back through a
// game, its record, a review, setting up a position) is off.
//
// The modules: page.js (the controller: the store, the API, one action at a time) over
// store.js (the game as the server last said it, and what the page adds); the views, which
// read the store alone: boardview.js (the board, by pointer and keyboard), status.js,
// moves.js, controls.js, friend.js (with clocks.js), review.js (with marks.js); the
// actions: play.js (moves, the computer), friend.js (a game between two people, live.js,
// seats.js), recordpanel.js, setup.js; and their words: i18n.js, phrases.js, record.js.
import { init, Engine } from '/halma.js';
import { loadLanguage, translate, languagePicker, t } from '/i18n.js';
import { showGuide } from '/guide.js';
import { keepOffline } from '/offline.js';
import { markCamps } from '/board.js';
import { store, api, addView, render, show, resume } from '/page.js';
import { $ } from '/dom.js';
import { seatOf, keepRematchSeat } from '/seats.js';
import { read } from '/storage.js';
import { mountBoard, renderBoard, keepFocus, boardCells } from '/boardview.js';
import { renderStatus } from '/status.js';
import { mountMoves, renderMoves, renderReplay } from '/moves.js';
import { mountControls, renderControls, copy } from '/controls.js';
import { mountPlay, useEngine, activate, canDrag, dropPiece } from '/play.js';
import { mountFriend, renderFriend, join } from '/friend.js';
import { mountReview, renderReview } from '/review.js';
import { mountRecord } from '/recordpanel.js';
import { mountSetup, enterSetup, sync, cycleSquare, dropSetupPiece } from '/setup.js';

/** Starts the engine in this browser, if it can run here: null if not (the server searches). */
async function startEngine() {
  try {
    await init('/halma.wasm');
    store.rules = true;
    render();
    return await Engine.create();
  } catch (error) {
    console.warn('no engine in this browser; the server searches', error);
    return null;
  }
}

/** The board's part of the page, and every view in the order they draw. */
function build() {
  store.flipped = read('halma-flipped') === '1';
  mountBoard(store, {
    activate: (name) => (store.setup ? cycleSquare(name) : activate(name)),
    canDrag: (name) => (store.setup ? store.setup.pieces.has(name) : canDrag(name)),
    pick: (name) => { if (!store.setup) { store.selected = name; render(); } },
    drop: (from, to) => (store.setup ? dropSetupPiece(from, to) : dropPiece(from, to)),
    escape: () => { store.selected = null; render(); },
  });
  let destinations = 0;
  addView((s) => { destinations = renderBoard(s); });
  addView(renderMoves);
  addView((s) => renderStatus(s, destinations));
  addView(renderControls);
  addView(renderFriend);
  addView(renderReplay);
  addView(renderReview);
  addView(keepFocus);
  const goTo = mountMoves(store, render);
  mountControls();
  mountPlay();
  mountFriend(copy);
  mountReview(goTo);
  mountRecord();
  mountSetup();
}

/** The game the page opens: its link's (an invitation's seat taken), else the last one here, else a new one. */
async function openGame() {
  const fromLink = location.pathname.match(/^(?:\/[A-Za-z-]+)?\/g\/([0-9a-f]{32})$/);
  // An invitation (/g/<id>#join=<claim>): its claim is in the fragment, which no server sees.
  const claim = fromLink && location.hash.match(/^#join=([0-9A-Za-z_-]{1,128})$/);
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  const id = fromLink ? fromLink[1] : read('halma-game');
  let s = null;
  let note = '';
  if (id && /^[0-9a-f]{32}$/.test(id)) {
    try {
      s = await api('GET', `/api/games/${id}`);
    } catch (_) {
      if (fromLink) note = t('page.unknown_link');
    }
  }
  if (!s) s = await api('POST', '/api/games', { human: $('side').value });
  if (claim && s.opponent === 'friend' && !seatOf(s.id)) await join(s.id, claim[1]);
  // A game a rematch followed: its link (below the game) opens the rematch in the player's seat.
  if (s.rematch) keepRematchSeat(s.id, s.rematch);
  return { s, note: note || store.note };
}

async function start() {
  store.busy = true;
  try {
    await loadLanguage();
  } catch (error) {
    // Without its words the page can only say so, in the one language every file has.
    $('status').textContent = String(error);
    return;
  }
  translate();
  $('status').textContent = t('page.loading');
  languagePicker($('lang'));
  build();
  showGuide();
  keepOffline();
  // The engine (the largest file) loads once the page shows its words and board.
  const engine = useEngine(startEngine());
  // A link to a position (?position=<text>) opens it set up, ready to play from.
  const linked = new URLSearchParams(location.search).get('position');
  try {
    const { s, note } = await openGame();
    show(s);
    store.note = note;
    if (s.opponent !== 'friend') $('side').value = s.human;
    markCamps(boardCells(), s.camps);
    if (linked) {
      await engine;
      if (store.rules) enterSetup(linked);
    }
    render();
    if (!store.setup) await resume();
  } catch (error) {
    $('status').textContent = t('page.error', { message: error.message });
  } finally {
    store.busy = false;
    // A position from a link is set up while the page starts: it may be played once started.
    if (store.setup) sync(false);
    else render();
  }
}

start();
