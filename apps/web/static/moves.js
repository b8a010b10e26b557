// The moves played, a line per turn of each side: buttons that show the position after them
// (looking back through the game; play resumes only from its last position), the review's
// marks on them, the buttons that step through the game, and the keys that do (the arrows,
// Home and End anywhere but on the board and in fields and dialogs).
import { t } from '/i18n.js';
import { $, setText } from '/dom.js';
import { markAt } from '/marks.js';

/**
 * The lines of a game of `plies` moves from the position `start` (position text): each its
 * number and the plies on it (from 1). A game that o opened has o's first move alone on
 * line 1.
 */
export function moveLines(start, plies) {
  const first = start.trim().endsWith(' o') ? 1 : 0;
  const lines = [];
  for (let ply = 1; ply <= plies; ply++) {
    if (ply === 1 || (ply + first) % 2 === 1) lines.push({ number: Math.floor((ply - 1 + first) / 2) + 1, plies: [] });
    lines[lines.length - 1].plies.push(ply);
  }
  return lines;
}

let drawn = ''; // what the list shows: drawn again only when it changes

/** Draws the move list from the store, the move shown marked as the current step. */
export function renderMoves(store) {
  const { game } = store;
  const at = store.at;
  const marks = game.moves.map((_, ply) => markAt(store, ply));
  const now = JSON.stringify([game.id, game.moves, at, marks.map((mark) => mark && mark.mark)]);
  if (now === drawn) return;
  drawn = now;
  const list = $('moves');
  let current = null;
  list.replaceChildren(...moveLines(game.start, store.plies).map(({ number, plies }) => {
    const li = document.createElement('li');
    li.value = number;
    for (const ply of plies) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'mv';
      button.dataset.ply = String(ply);
      button.textContent = game.moves[ply - 1];
      const mark = marks[ply - 1];
      if (mark) {
        button.classList.add(mark.mark);
        button.title = t(`page.review.${mark.mark}`);
      }
      if (ply === at) {
        button.setAttribute('aria-current', 'step');
        current = button;
      }
      li.appendChild(button);
    }
    return li;
  }));
  if (store.view === null || !current) list.scrollTop = list.scrollHeight;
  else list.scrollTop = current.offsetTop - list.clientHeight / 2;
}

/** The buttons that step through the game, and where the page looks. */
export function renderReplay(store) {
  const n = store.plies;
  const at = store.at;
  const replay = store.rules && !store.setup && n > 0;
  $('replay-first').disabled = !replay || at === 0;
  $('replay-back').disabled = !replay || at === 0;
  $('replay-forward').disabled = !replay || at === n;
  $('replay-last').disabled = !replay || at === n;
  setText($('replay-at'), store.view === null ? ''
    : store.view === 0 ? t('page.replay.at_start') : t('page.replay.at', { ply: store.view, total: n }));
}

/** Looking back through the game: its buttons, the list's moves, the keys; `render` redraws. */
export function mountMoves(store, render) {
  /** Shows the position after `ply` moves (the game now at the last). */
  const goTo = (ply) => {
    if (!store.rules || !store.game || store.setup) return;
    const at = Math.max(0, Math.min(store.plies, ply));
    store.view = at === store.plies ? null : at;
    store.selected = null;
    store.note = '';
    render();
  };
  $('replay-first').addEventListener('click', () => goTo(0));
  $('replay-back').addEventListener('click', () => goTo(store.at - 1));
  $('replay-forward').addEventListener('click', () => goTo(store.at + 1));
  $('replay-last').addEventListener('click', () => goTo(store.plies));
  $('moves').addEventListener('click', (event) => {
    const button = event.target.closest('.mv');
    if (button) goTo(Number(button.dataset.ply));
  });
  document.addEventListener('keydown', (event) => {
    if (!store.game || store.setup || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest('#board, input, textarea, select, dialog')) return;
    const steps = { ArrowLeft: store.at - 1, ArrowRight: store.at + 1, Home: 0, End: store.plies };
    if (!(event.key in steps)) return;
    goTo(steps[event.key]);
    event.preventDefault();
  });
  return goTo;
}
