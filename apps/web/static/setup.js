// Setting up a position: the pieces placed on the board (a click cycles a square through x,
// o and empty; a piece dragged moves, or leaves the board), the side to move, its position
// text (pasted or kept in step), the counts and whether a game can be played from it; then
// played against the computer, or shared by a link (`/?position=<text>`).
import { Game } from '/halma.js';
import { store, render, action } from '/page.js';
import { other } from '/store.js';
import { t, prefix } from '/i18n.js';
import { $, setText } from '/dom.js';
import { positionText, piecesOf } from '/record.js';
import { shown } from '/boardview.js';
import { newGame } from '/play.js';
import { copy } from '/controls.js';

/** The pieces and side to move of position text, or null if no game can start there. */
function readPosition(text) {
  try {
    const game = Game.fromPosition(text.trim());
    try {
      const s = game.state();
      return { pieces: piecesOf(s), turn: s.turn };
    } finally {
      game.free();
    }
  } catch (_) {
    return null;
  }
}

/** Sets up a position: `text`'s, else the one on the board. */
export function enterSetup(text) {
  const read = text && readPosition(text);
  if (read) {
    store.setup = read;
  } else {
    const first = store.game.start.slice(-1);
    const turn = store.view === null ? store.game.turn : (store.view % 2 === 0 ? first : other(first));
    store.setup = { pieces: new Map(shown(store).pieces), turn };
  }
  if (text && !read) store.note = t('page.setup.bad_text');
  store.selected = null;
  store.hint = null;
  sync(true);
  $('setup-text').focus();
}

/** The set-up panel after a change: its text (`text`: written anew), side to move and counts; Play when it is a position. */
export function sync(text) {
  const setup = store.setup;
  const position = positionText(setup.pieces, setup.turn);
  if (text) $('setup-text').value = position;
  $('setup-turn').value = setup.turn;
  const count = (side) => [...setup.pieces.values()].filter((s) => s === side).length;
  const checks = [t('page.setup.count', { x: count('x'), o: count('o') })];
  const valid = readPosition(position) !== null;
  if (!valid && count('x') === 19 && count('o') === 19) checks.push(t('page.setup.invalid'));
  setText($('setup-check'), checks.join(' '));
  $('setup-play').disabled = !valid || store.busy;
  render();
}

/** A click on `name` while setting up: empty, then x, then o, then empty again. */
export function cycleSquare(name) {
  const pieces = store.setup.pieces;
  const next = { undefined: 'x', x: 'o', o: undefined }[pieces.get(name)];
  if (next) pieces.set(name, next);
  else pieces.delete(name);
  sync(true);
}

/** A piece carried while setting up: to another square (the two swap), or off the board. */
export function dropSetupPiece(from, to) {
  const pieces = store.setup.pieces;
  const side = pieces.get(from);
  if (to === from) { render(); return; }
  const there = to && pieces.get(to);
  pieces.delete(from);
  if (there) pieces.set(from, there);
  if (to) pieces.set(to, side);
  sync(true);
}

/** The set-up's buttons and fields. */
export function mountSetup() {
  $('setup').addEventListener('click', () => enterSetup(null));
  $('setup-cancel').addEventListener('click', () => { store.setup = null; store.note = ''; render(); });
  $('setup-standard').addEventListener('click', () => {
    const start = Game.start();
    try { store.setup.pieces = piecesOf(start.state()); } finally { start.free(); }
    store.setup.turn = 'x';
    sync(true);
  });
  $('setup-clear').addEventListener('click', () => { store.setup.pieces = new Map(); sync(true); });
  $('setup-turn').addEventListener('change', () => { store.setup.turn = $('setup-turn').value; sync(true); });
  $('setup-text').addEventListener('input', () => {
    const read = readPosition($('setup-text').value);
    if (read) {
      store.setup = read;
      store.note = '';
      sync(false);
    } else {
      store.note = t('page.setup.bad_text');
      $('setup-play').disabled = true;
      render();
    }
  });
  $('setup-play').addEventListener('click', () => action(() => newGame(positionText(store.setup.pieces, store.setup.turn))));
  $('setup-link').addEventListener('click', () => {
    const position = positionText(store.setup.pieces, store.setup.turn);
    copy(`${location.origin}${prefix()}/?position=${encodeURIComponent(position)}`);
  });
}
