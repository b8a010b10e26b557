// The first-game guide: four lines above the status for a game against the computer, shown
// until the player closes it (remembered in this browser), with a link to the rules page.
import { read, write } from '/storage.js';

const SEEN = 'halma-guide-seen';

/** Whether this browser has closed the guide before. */
export const guideClosed = () => read(SEEN) === '1';

/** The guide's close button: the guide goes for good, the focus to the board. */
export function showGuide() {
  const guide = document.getElementById('guide');
  guide.hidden = guideClosed();
  document.getElementById('guide-close').addEventListener('click', () => {
    guide.hidden = true;
    write(SEEN, '1');
    // The board's square under the keyboard's cursor takes the focus (the board's one
    // focusable square).
    document.querySelector('#board [tabindex="0"]')?.focus();
  });
}
