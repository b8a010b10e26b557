// A game between two people as each of its pages shows it, in headless Chromium and in each
// language: x's (the seat that made it), o's (the seat an invitation gave) and a watcher's.
// Each seat is told its own side and the watcher's title says who plays whom; no text or
// control speaks of the computer, from any seat, at the start, during the game or after it;
// an offer is said from the seat that sees it (the watcher hears of none before one is made,
// then of x's as x's); the review, the engine's opinion of every move, is offered only once
// the game has ended. And the time before the win may be claimed from a friend who left,
// shown within seconds of the leaving and counted down second by second, on a server of the
// test's own that waits 6 s. Run through run.sh, which starts the server and sets HALMA_URL.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TIMEOUT, TAGS, WIN_IN_ONE, at, useBrowser, open, startServer, stopServer, createGame,
} from './fixture.mjs';
import { shows, playOne, clickMove } from './play.mjs';
import { readable, checkWords } from './words.mjs';

const shared = useBrowser();

/** x, to move, steps c10-c11 and next turn wins with c11-b12 (WIN_IN_ONE, one step back). */
const WIN_IN_TWO = WIN_IN_ONE.replace('/x15/2x13/16/', '/x15/16/2x13/');
/** Each language's word for the computer. */
const COMPUTER = { en: /computer/i, th: /คอมพิวเตอร์/, ms: /komputer/i };
/** The texts a seat is told and a watcher never is. */
const SEAT_TEXTS = ['page.draw.offered', 'page.draw.offered_you', 'page.rematch.offered', 'page.rematch.offered_you',
  'page.friend.friend_played', 'page.friend.you_played', 'page.friend.you_play', 'page.review.you', 'page.review.friend'];

/** `key`'s text in `texts` with its `{names}` filled. */
const said = (texts, key, args = {}) => texts[key].replace(/\{(\w+)\}/g, (all, name) => String(args[name]));

/** The friend game `made` opened in `tag` by x's seat, o's invitation and a watcher, on the server at `base`. */
async function openSeats(made, tag, base) {
  const link = at(`/${tag}/g/${made.id}`, base);
  const [x, o, watcher] = await Promise.all([
    open(shared.browser, link, { seat: { id: made.id, ...made.seat } }),
    open(shared.browser, `${link}#join=${made.invitation.claim}`),
    open(shared.browser, link),
  ]);
  await Promise.all([shows(x.page, 0, 'here'), shows(o.page, 0, 'here'), shows(watcher.page, 0, 'watching')]);
  return { x, o, watcher };
}

describe("a friend game's page from each seat", { concurrency: true }, () => {
  for (const tag of TAGS) {
    test(`${tag}: each seat its side, no word of the computer, offers from the seat, the review after the end`, async () => {
      const texts = shared.files[tag].texts;
      const made = await createGame({ opponent: 'friend', position: WIN_IN_TWO });
      const seats = await openSeats(made, tag);
      const { x, o, watcher } = seats;
      const all = Object.entries(seats);

      // Each seat is told its own side (the joiner plays o); the titles say with a friend,
      // and to the watcher who plays whom.
      assert.equal(await x.page.textContent('#seat-side'), said(texts, 'page.friend.you_play', { side: 'x' }));
      assert.equal(await o.page.textContent('#seat-side'), said(texts, 'page.friend.you_play', { side: 'o' }));
      assert.equal(await watcher.page.textContent('#seat-side'), '');
      for (const { page } of [x, o]) assert.equal(await page.title(), texts['page.title.friend']);
      assert.equal(await watcher.page.title(), texts['page.title.watching']);

      /** Nothing on any page speaks of the computer; the way out is New game; the computer's controls are gone. */
      const noComputer = async (when) => {
        for (const [who, { page }] of all) {
          const where = `${tag} ${who}, ${when}`;
          assert.doesNotMatch(await readable(page), COMPUTER[tag], where);
          await checkWords(page, tag, where);
          assert.equal(await page.textContent('#new'), texts['page.new'], where);
          for (const control of ['#new', '#play-friend']) assert.equal(await page.isVisible(control), true, `${where}: ${control}`);
          for (const control of ['#hint', '#undo', '#level', '#side', '#engine-toggle', '#thinking', '#guide']) {
            assert.equal(await page.isVisible(control), false, `${where}: ${control}`);
          }
        }
      };
      await noComputer('at the start');

      // No offer made: nobody is told of one. x offers a draw: x is told it waits, o that
      // the friend offers it, the watcher that x does, never a seat's words.
      for (const [who, { page }] of all) assert.equal(await page.textContent('#offer'), '', who);
      await x.page.click('#draw-offer');
      await x.page.waitForSelector('body[data-offer="draw-made"][data-busy="false"]', { timeout: TIMEOUT });
      for (const { page } of [o, watcher]) await page.waitForSelector('body[data-offer="draw-received"]', { timeout: TIMEOUT });
      assert.equal(await x.page.textContent('#offer'), texts['page.draw.offered']);
      assert.equal(await o.page.textContent('#offer'), texts['page.draw.offered_you']);
      assert.equal(await watcher.page.textContent('#offer'), said(texts, 'page.draw.side_offered', { side: 'x' }));
      await o.page.click('#offer-decline');
      for (const [, { page }] of all) await page.waitForSelector('body[data-offer="none"][data-busy="false"]', { timeout: TIMEOUT });

      // Two moves played, the game going on: no page offers the review or shows a mark.
      await clickMove(x.page, ['c10', 'c11']);
      for (const [, { page }] of all) await shows(page, 1);
      await playOne(o.page);
      for (const [who, { page }] of all) {
        await shows(page, 2);
        assert.equal(await page.isDisabled('#review'), true, `${who}: the review during the game`);
        assert.equal(await page.getAttribute('body', 'data-review'), 'none', who);
        assert.equal(await page.locator('#moves .mv.mistake, #moves .mv.blunder').count(), 0, who);
      }
      await noComputer('during the game');
      const watched = await readable(watcher.page);
      for (const key of SEAT_TEXTS) {
        const words = texts[key].split(/\{\w+\}/)[0].trim();
        if (words) assert.ok(!watched.includes(words), `${tag}: the watcher told ${JSON.stringify(words)}`);
      }

      // x wins: every page reviews the game now that it has ended.
      await clickMove(x.page, ['c11', 'b12']);
      for (const [who, { page }] of all) {
        await page.waitForSelector('body[data-status="over"][data-busy="false"][data-ply="3"]', { timeout: TIMEOUT });
        await page.waitForSelector('body[data-review="done"]', { timeout: TIMEOUT });
        assert.equal(await page.locator('#review-summary span').count(), 2, who);
      }
      await noComputer('after the end, reviewed');
      for (const [who, opened] of all) {
        assert.deepEqual(opened.errors, [], who);
        await opened.context.close();
      }
    });
  }

  test('the time before the win over a friend who left shows within seconds and counts down', async () => {
    const work = mkdtempSync(join(tmpdir(), 'halma-claim-'));
    const { child, url } = await startServer({
      database: `sqlite://${join(work, 'games.sqlite3')}`, args: ['--no-engine', '--abandon-after-secs', '6'],
    });
    try {
      const made = await createGame({ opponent: 'friend', position: WIN_IN_ONE }, url);
      const { x, o, watcher } = await openSeats(made, 'en', url);
      await watcher.context.close();
      // Every text the countdown shows, as x's page writes it.
      await x.page.evaluate(() => {
        window.countdown = [];
        const node = document.getElementById('claim-in');
        new MutationObserver(() => { if (!node.hidden) window.countdown.push(node.textContent); })
          .observe(node, { childList: true, characterData: true, subtree: true, attributes: true });
      });
      const left = Date.now();
      await o.context.close();
      await x.page.waitForSelector('#claim-in:not([hidden])', { timeout: 5000 });
      console.log(`figure: the claim's countdown shown ${Date.now() - left} ms after the friend left`);
      await x.page.waitForSelector('body[data-claim="ready"]', { timeout: TIMEOUT });
      const shown = await x.page.evaluate(() => window.countdown);
      const seconds = [...new Set(shown.map((text) => {
        const [, minutes, secs] = text.match(/(\d+):(\d\d)/);
        return 60 * Number(minutes) + Number(secs);
      }))];
      assert.ok(seconds.length >= 4, `a countdown, not a time that stands still: ${shown.join(' | ')}`);
      assert.ok(seconds.every((value, i) => i === 0 || value < seconds[i - 1]), `down: ${seconds}`);
      assert.ok(seconds[0] <= 6 && seconds[seconds.length - 1] <= 2, `from the server's 6 s: ${seconds}`);
      assert.match(await x.page.textContent('#presence'), /claim the win/);
      assert.deepEqual(x.errors, []);
      await x.context.close();
    } finally {
      await stopServer(child);
      rmSync(work, { recursive: true, force: true });
    }
  });
});
