// What the page says of the game, drawn from the store: the banner on the board once it
// has ended, the status line (whose turn, the move just played, the end: a live region), the
// hint or the piece picked up beside it (a live region too: a hint is said as it is lit),
// the note under it, the page's title, and the `body` data attributes that players' scripts
// and the tests read (`data-status`, `data-ply`, `data-view`, `data-busy`).
import { $, setText, setData } from '/dom.js';
import { outcomeWords, playAgainWords, statusWords, besideWords, titleWords } from '/phrases.js';

/** Draws the status from the store; `destinations`: how many squares the piece picked up may reach. */
export function renderStatus(store, destinations) {
  const over = outcomeWords(store);
  const banner = $('banner');
  banner.hidden = !over || store.view !== null || !!store.setup;
  if (over) {
    const why = [over[1], playAgainWords(store)].filter(Boolean).join(' ');
    if (banner.firstChild?.textContent !== over[0] || banner.lastChild?.textContent !== why) {
      const small = document.createElement('small');
      small.textContent = why;
      banner.replaceChildren(document.createTextNode(over[0]), small);
    }
  }
  setText($('status'), statusWords(store));
  const beside = besideWords(store, destinations);
  $('turn-note').hidden = !beside;
  setText($('turn-note'), beside);
  $('note').hidden = !store.note;
  setText($('note'), store.note);
  const title = titleWords(store);
  if (document.title !== title) document.title = title;
  setData('status', store.status);
  setData('ply', String(store.plies));
  setData('view', store.view === null ? 'now' : String(store.view));
  setData('busy', String(store.busy));
}
