// Playing the page as a player would, by clicks, for the end-to-end tests: the one way to
// choose a move and the one way to play a whole game, shared by offline.test.mjs (a game
// against the computer searched in the browser), languages.test.mjs (a game in each
// language), record.test.mjs and page.test.mjs. The player is x, whose goal camp is the top
// left corner (a16).
import assert from 'node:assert/strict';
import { TIMEOUT } from './fixture.mjs';

/** Waits until the page is idle in `status` (`your_turn`, `over`...) after `ply` moves. */
export function settled(page, status, ply) {
  return page.waitForSelector(
    `body[data-status="${status}"][data-busy="false"][data-ply="${ply}"]`, { timeout: TIMEOUT });
}

/** Waits until `page` shows `ply` moves, idle, presence `friend` (here, away, watching...) if given. */
export function shows(page, ply, friend) {
  const presence = friend ? `[data-friend="${friend}"]` : '';
  return page.waitForSelector(`body[data-busy="false"][data-ply="${ply}"]${presence}`, { timeout: TIMEOUT });
}

/** Plays on `page` the first move its board offers (it must be the page's turn). */
export async function playOne(page) {
  const [from, to] = await page.evaluate(() => {
    const click = (cell) => cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const cell = document.querySelector('.sq.can-move');
    click(cell);
    const to = document.querySelector('.sq.dest').dataset.square;
    click(cell); // put down again
    return [cell.dataset.square, to];
  });
  await page.click(`.sq[data-square="${from}"]`);
  await page.click(`.sq[data-square="${to}"]`);
}

/** How far the move `from`-`to` takes x toward its goal corner (a16). */
export const gain = (from, to) =>
  (from.charCodeAt(0) - to.charCodeAt(0)) + (Number(to.slice(1)) - Number(from.slice(1)));

/** The move of `destinations` (square -> squares) that gains most, if it gains more than
 * `least`: `[from, to]`, else null. */
export function forward(destinations, least = -Infinity) {
  let best = null;
  let most = least;
  for (const [from, tos] of Object.entries(destinations)) {
    for (const to of tos) if (gain(from, to) > most) { most = gain(from, to); best = [from, to]; }
  }
  return best;
}

/** The destinations the page lights for each piece it lets the player pick up (found by
 * picking each up and putting it down again): square -> squares. Works offline too. */
export function litDestinations(page) {
  return page.evaluate(() => {
    const click = (cell) => cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const found = {};
    for (const cell of document.querySelectorAll('.sq.can-move')) {
      click(cell);
      found[cell.dataset.square] = [...document.querySelectorAll('.sq.dest')].map((dest) => dest.dataset.square);
      click(cell);
    }
    return found;
  });
}

/** Clicks the piece on `from`, then the lit square `to`. */
export async function clickMove(page, [from, to]) {
  await page.locator(`.sq[data-square="${from}"]`).click();
  await page.locator(`.sq.dest[data-square="${to}"]`).click();
}

/** Plays the lit move that gains most ground (or loses least), by clicking: `from-to`. */
export async function playForward(page) {
  const best = forward(await litDestinations(page));
  await clickMove(page, best);
  return best.join('-');
}

/** Asks for a hint (the Hint button) and waits until it is lit: its destination square. */
export async function askHint(page) {
  const ply = await page.getAttribute('body', 'data-ply');
  await page.click('#hint');
  await page.waitForSelector('.sq.hint-to', { timeout: TIMEOUT });
  await settled(page, 'your_turn', ply);
  return page.getAttribute('.sq.hint-to', 'data-square');
}

/** How often the whole game's player follows a hint where a move gains ground: every 20th move. */
const HINT_EVERY = 20;

/**
 * Plays the game open in `page` (x to play, the page's computer answering) to its end by the
 * rules, by clicks: each turn the move that gains most ground, or, when none gains any and
 * on every 20th move (hints in the opening and the middle game too), the hint's move, asked
 * with the Hint button. `check(step)` is awaited at every step the player sees: `'picked'`
 * (a piece picked up, its destinations lit), `'hint'` (a hint lit), `'reply'` (the
 * computer's reply, the player to move) and `'over'`. The destinations come
 * from the game's state (`GET /api/games/{id}`, one request where picking up every piece
 * would be 38 clicks a move). Returns `{ plies, hints }`.
 */
export async function playWholeGame(page, check = async () => {}) {
  const id = await page.evaluate(() => localStorage.getItem('halma-game'));
  let hints = 0;
  let ply = Number(await page.getAttribute('body', 'data-ply'));
  while ((await page.getAttribute('body', 'data-status')) !== 'over') {
    assert.ok(ply < 500, `the game ends (${ply} plies played)`);
    const state = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), id);
    const best = forward(state.destinations, 0);
    const own = Math.floor(ply / 2) + 1; // the player's move number
    if (best && own % HINT_EVERY !== 0) {
      await page.locator(`.sq[data-square="${best[0]}"]`).click();
      await check('picked');
      await page.locator(`.sq.dest[data-square="${best[1]}"]`).click();
    } else {
      hints++;
      const to = await askHint(page);
      await check('hint');
      await page.locator(`.sq.dest[data-square="${to}"]`).click();
    }
    await page.waitForFunction((ply) => Number(document.body.dataset.ply) > ply
      && document.body.dataset.busy === 'false', ply, { timeout: TIMEOUT });
    ply = Number(await page.getAttribute('body', 'data-ply'));
    const status = await page.getAttribute('body', 'data-status');
    assert.ok(status === 'your_turn' || status === 'over',
      `ply ${ply}: ${status}: ${await page.locator('#status').textContent()}`);
    if (status !== 'over') await check('reply');
  }
  await check('over');
  return { plies: ply, hints };
}
