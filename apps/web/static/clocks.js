// The clocks of a game between two people: the presets "Play a friend" offers, the time
// left to each side as the page counts it down from the server's figures (for the eye: the
// server keeps the time and decides a flag), how a clock reads, and the clocks' view.
import { t } from '/i18n.js';
import { setText } from '/dom.js';

/** The clocks "Play a friend" offers: none, then [minutes in seconds, increment in seconds]. */
export const CLOCKS = [null, [180, 2], [300, 3], [600, 5]];

/** A preset as players write it: minutes, plus seconds added at each move (`3+2`). */
export const presetText = (preset) => `${preset[0] / 60}+${preset[1]}`;

/**
 * The milliseconds left to `side` by `clock` (a state's `clock`: `{x_ms, o_ms, running}` as
 * the server wrote them) `elapsed` milliseconds after the state came: the running side's
 * counted down, never below zero.
 */
export function timeLeft(clock, side, elapsed) {
  const ms = side === 'x' ? clock.x_ms : clock.o_ms;
  return Math.max(0, ms - (clock.running === side ? Math.max(0, elapsed) : 0));
}

/**
 * Milliseconds as a clock shows them: `4:05`, and with `tenths` the last ten seconds to the
 * tenth (`0:09.4`); without, whole seconds rounded up (`0:10`, a countdown).
 */
export function clockText(ms, tenths = true) {
  if (tenths && ms < 10_000) return `0:0${(Math.floor(Math.max(0, ms) / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whether the running clock of `store`'s game has reached zero as the page counts it. */
export function fallen(store, now) {
  const clock = store.game && store.game.clock;
  if (!clock || !clock.running || store.game.status === 'over') return false;
  return timeLeft(clock, clock.running, now - store.received) === 0;
}

/** Shows both clocks of a game with clocks (`#clocks`), the running one counted down to `now`. */
export function renderClocks(store, now) {
  const clock = store.game.clock;
  const box = document.getElementById('clocks');
  box.hidden = !clock;
  if (!clock) return;
  for (const side of ['x', 'o']) {
    const node = document.getElementById(`clock-${side}`);
    const left = timeLeft(clock, side, now - store.received);
    const running = clock.running === side && store.game.status !== 'over';
    setText(node, t(running ? 'page.clock.running' : 'page.clock.side', { side, time: clockText(left) }));
    node.classList.toggle('running', running);
    node.classList.toggle('low', left < 10_000);
  }
}
