// The game's board on the page, drawn from the store: the position now, one looked back at
// or one being set up; the pieces that may move, the piece picked up and its destinations,
// the last move, the hint and the review's better move; each square's label for a screen
// reader. Played by pointer (click and click, or drag and drop) and by keyboard: the board
// is one grid with one focusable square (roving focus), the arrows move that focus and
// nothing else (the live regions stay quiet), Enter or Space picks up and puts down, Escape
// drops.
import { Game } from '/halma.js';
import {
  WHOLE, squareName, coords, drawBoard, enableDrag, drawPiece, drawTrail, animate as animateOn,
} from '/board.js';
import { t } from '/i18n.js';
import { $, setAttribute } from '/dom.js';
import { squareWords } from '/phrases.js';
import { markAt } from '/marks.js';
import { movesRecord, piecesOf } from '/record.js';

let board = null;    // the board as drawBoard made it
let drawn = '';      // what the piece layer shows: redrawn only when it changes, or was moved
let reducedMotion = false;
let focused = null;  // the element that last took the focus

/**
 * Draws the board into `#board` and plays it: `on.activate(square)` for a click, Enter or
 * Space on a square, `on.drop(from, to)` for a piece carried and let go (`to` null off the
 * board), `on.canDrag(square)` whether a press there may carry its piece, `on.pick(square)`
 * when it does, `on.escape()` for Escape.
 */
export function mountBoard(store, on) {
  const svg = $('board');
  reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.addEventListener('focusin', (event) => { focused = event.target; });
  board = drawBoard(svg, WHOLE, (name) => { store.cursor = name; on.activate(name); });
  board.flip(store.flipped);
  // A piece carried (or moved along its path) is redrawn where it stands after.
  const pick = (name) => { drawn = ''; on.pick(name); };
  enableDrag(board, svg, { canDrag: on.canDrag, onPick: pick, onDrop: on.drop });
  svg.addEventListener('keydown', (event) => {
    const step = arrowStep(event.key, store.flipped);
    if (step) {
      focusSquare(store, step);
      event.preventDefault();
    } else if (event.key === 'Enter' || event.key === ' ') {
      on.activate(store.cursor);
      event.preventDefault();
    } else if (event.key === 'Escape') {
      on.escape();
    }
  });
}

/** The step of an arrow key (`[files, ranks]`) as it looks on the board, turned or not; null for another key. */
function arrowStep(key, flipped) {
  const sign = flipped ? -1 : 1;
  const steps = { ArrowLeft: [-sign, 0], ArrowRight: [sign, 0], ArrowUp: [0, sign], ArrowDown: [0, -sign] };
  return steps[key] || null;
}

/** Moves the keyboard's square by `[df, dr]` (kept on the board) and the focus with it: nothing else changes. */
function focusSquare(store, [df, dr]) {
  const [f, r] = coords(store.cursor);
  const next = squareName(Math.max(0, Math.min(15, f + df)), Math.max(0, Math.min(15, r + dr)));
  board.cells.get(store.cursor).setAttribute('tabindex', '-1');
  store.cursor = next;
  const cell = board.cells.get(next);
  cell.setAttribute('tabindex', '0');
  cell.focus();
}

/** The board's squares' `<g>`s, by name. */
export const boardCells = () => board.cells;

/** Turns the board half round as the store says. */
export function flipBoard(store) { board.flip(store.flipped); }

/** The board's square under the keyboard: the one the focus goes to. */
export const cursorSquare = (store) => board.cells.get(store.cursor);

/** Moves the piece drawn on `path[0]` along `path`, hop by hop; resolves when it arrives. */
export function animate(path) {
  drawn = '';
  return animateOn(board.pieceLayer, path, reducedMotion);
}

/**
 * What the board shows: `{pieces, last, dests, better}`, the game now, the position after
 * `store.view` moves, or the one being set up; `better` is the reviewed move that should have
 * been played instead of the last one, if that was marked.
 */
export function shown(store) {
  if (store.setup) return { pieces: store.setup.pieces, last: null, dests: {}, better: null };
  const game = store.game;
  if (store.view === null) {
    const dests = store.playable ? game.destinations || {} : {};
    return { pieces: piecesOf(game), last: game.last_move, dests, better: markAt(store, store.plies - 1) };
  }
  const then = Game.fromRecord(movesRecord(game.start, game.moves.slice(0, store.view)));
  let s;
  try { s = then.state(); } finally { then.free(); }
  return { pieces: piecesOf(s), last: s.last_move, dests: {}, better: markAt(store, store.view - 1) };
}

/** Draws the board from the store; the number of destinations lit (of the piece picked up). */
export function renderBoard(store) {
  const { pieces, last, dests, better } = shown(store);
  const selected = store.selected;
  const targets = new Set((selected && dests[selected]) || []);
  const lastSquares = new Set(last ? last.path : []);
  const lit = store.view === null && !store.setup ? store.hint : null;
  for (const [name, g] of board.cells) {
    const c = g.classList;
    c.toggle('can-move', name in dests);
    c.toggle('dest', targets.has(name));
    c.toggle('last', lastSquares.has(name));
    c.toggle('hint-from', !!lit && lit.from === name);
    c.toggle('hint-to', !!lit && lit.to === name);
    c.toggle('setting', !!store.setup);
    setAttribute(g, 'tabindex', name === store.cursor ? '0' : '-1');
    const label = [squareWords(store, name, pieces.get(name))];
    if (name === selected) label.push(t('page.square.picked_up'));
    if (name in dests && name !== selected) label.push(t('page.square.can_move', { count: dests[name].length }));
    if (targets.has(name)) label.push(t('page.square.destination'));
    if (lit && lit.to === name) label.push(t('page.square.hint_destination'));
    setAttribute(g, 'aria-label', label.join(t('page.separator')));
    setAttribute(g, 'aria-selected', name === selected ? 'true' : 'false');
  }
  const trails = { '': last && last.path, hint: lit && lit.path, better: better && better.path };
  const now = JSON.stringify([[...pieces], selected, trails]);
  if (now !== drawn) {
    drawn = now;
    board.pieceLayer.replaceChildren();
    for (const [name, side] of pieces) {
      const g = drawPiece(board.pieceLayer, side, name);
      if (name === selected) g.firstChild.classList.add('selected');
    }
    board.trailLayer.replaceChildren();
    for (const [kind, path] of Object.entries(trails)) if (path) drawTrail(board.trailLayer, path, kind);
  }
  return targets.size;
}

/**
 * When the element that had the focus is gone, hidden or disabled (a move of the list drawn
 * anew, the resign question answered, a set-up ended, a button off while the computer
 * thinks), the focus goes to its nearest equivalent: the move now shown in the list, else
 * the board's square under the keyboard; never to nowhere. (A view, drawn last.)
 */
export function keepFocus(store) {
  const active = document.activeElement;
  const gone = (node) => !node.isConnected || !!node.closest('[hidden]') || !!node.disabled;
  const lost = active && active !== document.body ? active : focused;
  if (!lost || !gone(lost)) return;
  const wasMove = lost.classList && lost.classList.contains('mv');
  const next = (wasMove && $('moves').querySelector('[aria-current="step"]')) || cursorSquare(store);
  if (next) next.focus({ preventScroll: true });
}
