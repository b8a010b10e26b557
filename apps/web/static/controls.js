// The controls beside the board, drawn from the store: those of a game against the computer
// (its level, the side for a new game, undo, hint, the first-game guide, the engine's
// details), none of which a game between two people shows (its page speaks of no computer:
// New game is its one way out, and each seat is told its side in the friend panel); resign
// and its question; flip; the game's link and the copies to the clipboard.
import { store, render, on } from '/page.js';
import { t, prefix } from '/i18n.js';
import { $, setText } from '/dom.js';
import { write, read } from '/storage.js';
import { thinkingWords } from '/phrases.js';
import { flipBoard } from '/boardview.js';
import { resignHere } from '/play.js';
import { friendAction } from '/friend.js';
import { startReview } from '/review.js';
import { guideClosed } from '/guide.js';

/** The controls, from the store. */
export function renderControls(s) {
  const friend = !!s.friend;
  // No computer plays, advises or takes back in a game between two people; its watchers
  // cannot resign it.
  for (const control of [$('level').closest('label'), $('level-help'), $('side').closest('label'), $('undo'), $('hint'),
    $('engine-toggle').closest('label')]) {
    control.hidden = friend;
  }
  $('thinking').hidden = friend || !$('engine-toggle').checked;
  setText($('thinking'), thinkingWords(s.thinking));
  $('guide').hidden = friend || guideClosed();
  if (!friend) $('level').value = String(s.game.level);
  $('resign').hidden = friend && !s.friend.you;
  $('undo').disabled = s.busy || !s.game.can_undo || !!s.ended || !!s.setup;
  $('hint').disabled = s.busy || !!s.setup || !!s.ended || s.game.status !== 'your_turn';
  $('new').disabled = s.busy;
  $('play-friend').disabled = s.busy;
  $('resign').disabled = s.busy || s.over || !!s.setup;
  if ($('resign').disabled || $('resign').hidden) $('resign-confirm').hidden = true;
  $('record-download').disabled = !s.rules;
  $('record-copy').disabled = !s.rules;
  $('record-import').disabled = !s.rules || s.busy;
  $('setup').disabled = !s.rules || s.busy || !!s.setup;
  $('setup-panel').hidden = !s.setup;
}

/** Copies `text` to the clipboard, saying so under the status. */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    store.note = t('page.copied');
  } catch (_) {
    store.note = t('page.copy_failed');
  }
  render();
}

/** The link of the game shown (`/g/<id>`, in the page's language). */
const gameLink = () => `${prefix()}/g/${store.game.id}`;

// The game's link, /g/<id>, resumes it in any browser: shown on the page and in the address
// bar, and remembered for the next visit.
on('shown', (s) => {
  const link = gameLink();
  if (location.pathname !== link || location.search) history.replaceState(null, '', link);
  const a = document.createElement('a');
  a.id = 'game-link';
  a.href = link;
  a.textContent = location.origin + link;
  $('link').replaceChildren(document.createTextNode(t('page.link') + ' '), a);
  write('halma-game', s.id);
});

/** The controls' buttons: resign and its question, flip, the engine's details, the link's copy. */
export function mountControls() {
  $('resign').addEventListener('click', () => {
    $('resign-confirm').hidden = false;
    $('resign-yes').focus();
  });
  $('resign-no').addEventListener('click', () => { $('resign-confirm').hidden = true; });
  $('resign-yes').addEventListener('click', () => {
    $('resign-confirm').hidden = true;
    if (store.busy || store.over) return;
    if (store.friend) {
      friendAction('resign', {});
      return;
    }
    resignHere();
    startReview();
  });
  $('flip').addEventListener('click', () => {
    store.flipped = !store.flipped;
    flipBoard(store);
    write('halma-flipped', store.flipped ? '1' : '0');
    render();
  });
  // The engine's details (depth, score, nodes, line) are for the curious: off unless asked for.
  $('engine-toggle').checked = read('halma-engine-details') === '1';
  $('engine-toggle').addEventListener('change', () => {
    write('halma-engine-details', $('engine-toggle').checked ? '1' : '0');
    render();
  });
  $('copy-link').addEventListener('click', () => copy(location.origin + gameLink()));
}
