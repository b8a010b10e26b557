// The first-game guide: four lines above the status, shown until the player closes it
// (remembered in this browser), with a link to the rules page.

const SEEN = 'halma-guide-seen';

/** Shows the guide (#guide) unless this browser has closed it before. */
export function showGuide() {
  const guide = document.getElementById('guide');
  if (!guide) return;
  let seen = false;
  try { seen = localStorage.getItem(SEEN) === '1'; } catch (_) { /* private mode: show it */ }
  guide.hidden = seen;
  document.getElementById('guide-close').addEventListener('click', () => {
    guide.hidden = true;
    try { localStorage.setItem(SEEN, '1'); } catch (_) { /* private mode */ }
    // The board's square under the keyboard's cursor takes the focus (the board's one
    // focusable square).
    document.querySelector('#board [tabindex="0"]')?.focus();
  });
}
