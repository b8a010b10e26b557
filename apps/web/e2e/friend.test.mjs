// A game between two people (docs/live.md) in headless Chromium: x makes the game with "Play a
// friend" on one server process, o opens the invitation through another process on the same
// PostgreSQL (HALMA_TEST_POSTGRES; run.sh starts one where it can), a third browser watches the
// game's link read-only; each move reaches the other two pages by the live stream, presence
// is shown, o's network is cut and restored mid-game (the page says the friend cannot be
// reached, waits, and catches up by itself), the used invitation only lets a stranger watch,
// and a stranger's forged move is refused; eight plies are played from the start. A second
// game, made from a position x wins in one (a whole game is some hundred clicks), is played to
// its end on both players' pages, the watcher's following; their banners point to the
// rematch. axe-core looks at the invitation. The game's life, a page pair each, from
// positions near the end: a resignation (told to the friend and a watcher, in the record) and
// a rematch (both pages move to it, sides swapped, no invitation); a draw offered and
// declined, one that lapses when a move is made, one accepted (in the record and the review);
// a flag falling on a 15-second clock while both pages lie about the time (one's clock stands
// still, the other's runs 60 times too fast): the server decides, and still has time left
// when the fast page shows 0:00; a friend who leaves, and the win claimed after the servers'
// time (2 s here). The first game has a clock of the page's presets.
// Without HALMA_TEST_POSTGRES (outside CI) both players use run.sh's one server (SQLite).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  TIMEOUT, SERVER, WIN_IN_ONE, useBrowser, open as openPage, axeFindings, startServer, stopServer, createGame,
} from './fixture.mjs';
import { shows, playOne } from './play.mjs';

const POSTGRES = process.env.HALMA_TEST_POSTGRES;
const PLIES = 8;
/** How long a player is away before the friend may claim the win, on these tests' servers (run.sh's too). */
const ABANDON_AFTER = 2;
/**
 * The flag test's clock, in seconds: long beside the second or so between its start and the
 * server being asked when a fast page shows 0:00, however loaded the machine.
 */
const FLAG = 15;

const shared = useBrowser();
const servers = [];
let first;
let second;

before(async () => {
  if (POSTGRES) {
    const args = ['--no-engine', '--abandon-after-secs', String(ABANDON_AFTER)];
    const started = await Promise.all([1, 2].map(() => startServer({ database: POSTGRES, args })));
    servers.push(...started.map(({ child }) => child));
    [first, second] = started.map(({ url }) => url);
  } else {
    assert.ok(process.env.CI !== 'true', 'under CI the friend test needs HALMA_TEST_POSTGRES');
    console.log('note: no HALMA_TEST_POSTGRES: both players on one server (SQLite)');
    first = SERVER;
    second = SERVER;
  }
});

after(async () => {
  await Promise.all(servers.map(stopServer));
});

/** A fresh browser at `url`, holding `seat` if given, `script` run in its pages (fixture.mjs's `open`). */
const open = (url, seat, script) => openPage(shared.browser, url, { seat, script });

// The games are independent: they run at once (the flag test spends 15 s waiting for a flag).
describe('a game between two people, through two server processes', { concurrency: true }, () => {
  test('two people play by link through two server processes; a watcher follows; a stranger cannot move', async () => {
    const x = await open(first);
    await x.page.waitForSelector('body[data-busy="false"]', { timeout: TIMEOUT });
    // With a clock: 3 minutes, 2 seconds added at each move.
    await x.page.selectOption('#clock', { label: '3+2' });
    await x.page.click('#play-friend');
    await x.page.waitForSelector('body[data-friend="waiting"]', { timeout: TIMEOUT });
    const invitation = await x.page.getAttribute('#invitation-link', 'href');
    const match = invitation.match(/\/g\/([0-9a-f]{32})#join=(.+)$/);
    assert.ok(match, invitation);
    const [, id] = match;
    // No computer in a friend game: its level, hint and undo are not offered; resigning is.
    for (const control of ['#hint', '#undo']) assert.equal(await x.page.isVisible(control), false, control);
    assert.equal(await x.page.isVisible('#resign'), true);
    assert.deepEqual(await axeFindings(x.page, 'friend game (x)'), []);

    // o opens the invitation through the other process; the fragment leaves the address bar.
    const o = await open(`${second}g/${id}#join=${match[2]}`);
    await shows(o.page, 0, 'here');
    assert.equal(new URL(o.page.url()).hash, '');
    await shows(x.page, 0, 'here');
    assert.match(await x.page.textContent('#presence'), /here/);

    // A stranger with the invitation, used already, watches: no board to move on.
    const watcher = await open(`${first}g/${id}#join=${match[2]}`);
    await shows(watcher.page, 0, 'watching');
    assert.equal(await watcher.page.locator('.sq.can-move').count(), 0);

    // A forged move (no secret, or a made-up one) is refused.
    for (const headers of [{}, { Authorization: `Bearer ${'0'.repeat(64)}` }]) {
      const response = await watcher.page.request.post(`${first}api/games/${id}/move`, {
        headers: { 'Content-Type': 'application/json', ...headers }, data: { move: 'b2-c3', ply: 0 },
      });
      assert.equal(response.status(), 403);
      assert.equal((await response.json()).code, 'not_a_player');
    }

    const pages = { x: x.page, o: o.page };
    for (let ply = 0; ply < PLIES; ply++) {
      const mover = ply % 2 === 0 ? 'x' : 'o';
      if (ply === 3) {
        // o's network is cut on its turn: the page says the friend is unreachable and waits,
        // and offers no move; back online, it catches up by itself and plays on.
        await o.context.setOffline(true);
        await o.page.waitForSelector('body[data-friend="unreachable"]', { timeout: TIMEOUT });
        assert.equal(await o.page.locator('.sq.can-move').count(), 0);
        await shows(x.page, ply, 'away');
        await o.context.setOffline(false);
        await shows(o.page, ply, 'here');
        await shows(x.page, ply, 'here');
      }
      await playOne(pages[mover]);
      for (const page of [x.page, o.page, watcher.page]) await shows(page, ply + 1);
    }
    // Every page shows the same game, as the server keeps it, with both clocks.
    const game = await (await x.page.request.get(`${second}api/games/${id}`)).json();
    assert.equal(game.moves.length, PLIES);
    assert.deepEqual([game.clock.initial, game.clock.increment, game.clock.running], [180, 2, 'x']);
    for (const page of [x.page, o.page, watcher.page]) {
      assert.match(await page.textContent('#clock-x'), /^x \d:\d\d \(running\)$/);
      assert.match(await page.textContent('#clock-o'), /^o \d:\d\d$/);
    }
    for (const page of [x.page, o.page, watcher.page]) {
      const moves = await page.$$eval('#moves .mv', (buttons) => buttons.map((b) => b.textContent));
      assert.deepEqual(moves, game.moves);
    }
    assert.match(await watcher.page.textContent('#status'), /played/);
    for (const side of [x, o, watcher]) assert.deepEqual(side.errors, []);
  });

  test('a friend game is played to its end on both pages through two processes', async () => {
    const made = await createGame({ opponent: 'friend', position: WIN_IN_ONE }, first);
    const x = await open(`${first}g/${made.id}`, { id: made.id, ...made.seat });
    const o = await open(`${second}g/${made.id}#join=${made.invitation.claim}`);
    const watcher = await open(`${second}g/${made.id}`);
    await shows(o.page, 0, 'here');
    await shows(x.page, 0, 'here');
    await shows(watcher.page, 0, 'watching');

    await x.page.click('.sq[data-square="c11"]');
    await x.page.click('.sq[data-square="b12"]');
    // The banner points the players to the rematch, the watcher to where it will show.
    const rematch = 'Press Offer a rematch to play again, sides swapped.';
    const next = [[x.page, rematch], [o.page, rematch], [watcher.page, 'If the players start a rematch, this page gives its link.']];
    for (const [page, words] of next) {
      await page.waitForSelector('body[data-status="over"][data-busy="false"][data-ply="1"]', { timeout: TIMEOUT });
      assert.equal(await page.locator('.sq.can-move').count(), 0);
      assert.ok((await page.textContent('#banner small')).endsWith(`. ${words}`), await page.textContent('#banner'));
    }
    const game = await (await fetch(`${second}api/games/${made.id}`)).json();
    assert.equal(game.status, 'over');
    assert.deepEqual(game.moves, ['c11-b12']);
    for (const side of [x, o, watcher]) assert.deepEqual(side.errors, []);
  });

  /** Downloads the record `page` writes. */
  async function recordOf(page) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-download')]);
    let text = '';
    for await (const chunk of await download.createReadStream()) text += chunk;
    return text;
  }

  /**
   * A friend game made through the API (`body`: its position, clock...) on the first process:
   * x's page holds the creator's seat there, o's joins through the second; each `times[side]`
   * is a script run in that page before its own (a page that lies about the time).
   */
  async function friendGame(body, times = {}) {
    const made = await createGame({ opponent: 'friend', ...body }, first);
    const x = await open(`${first}g/${made.id}`, { id: made.id, ...made.seat }, times.x);
    const o = await open(`${second}g/${made.id}#join=${made.invitation.claim}`, null, times.o);
    await shows(o.page, 0, 'here');
    await shows(x.page, 0, 'here');
    return { id: made.id, x, o };
  }

  /** Waits until `page` shows the game over, idle, its status saying `words`. */
  async function ended(page, words) {
    await page.waitForSelector('body[data-status="over"][data-busy="false"]', { timeout: TIMEOUT });
    assert.match(await page.textContent('#status'), words);
  }

  /** The game `id` as the second process keeps it. */
  async function served(id) {
    return (await fetch(`${second}api/games/${id}`)).json();
  }

  test('a resignation ends the game on every page and in the record; a rematch moves both pages to a new game', async () => {
    const { id, x, o } = await friendGame({ position: WIN_IN_ONE });
    const watcher = await open(`${second}g/${id}`);
    await shows(watcher.page, 0, 'watching');
    assert.equal(await watcher.page.isVisible('#resign'), false);

    // o resigns, asked first; everyone is told at once.
    await o.page.click('#resign');
    assert.equal(await o.page.evaluate(() => document.activeElement.id), 'resign-yes');
    await o.page.keyboard.press('Enter');
    await ended(o.page, /You resigned: your friend won/);
    await ended(x.page, /You won: your friend resigned/);
    await ended(watcher.page, /x won: o resigned/);
    const game = await served(id);
    assert.deepEqual([game.status, game.outcome.winner, game.outcome.reason_code], ['over', 'x', 'resignation']);
    assert.match(await recordOf(x.page), /\[Result "1-0"\]\n\[Reason "resignation"\]\n/);

    // o offers a rematch and x declines: o is told. Then x offers; o sees it and accepts; both
    // pages go to the new game, sides swapped.
    await o.page.click('#rematch-offer');
    await x.page.waitForSelector('body[data-offer="rematch-received"]', { timeout: TIMEOUT });
    await x.page.click('#offer-decline');
    await o.page.waitForSelector('body[data-offer="none"]', { timeout: TIMEOUT });
    await o.page.waitForFunction(() => /declined the rematch/.test(document.getElementById('note').textContent), null, { timeout: TIMEOUT });
    await x.page.click('#rematch-offer');
    await o.page.waitForSelector('body[data-offer="rematch-received"]', { timeout: TIMEOUT });
    assert.match(await o.page.textContent('#offer'), /rematch/);
    assert.equal(await o.page.textContent('#banner small'), 'Press Accept the rematch to play again, sides swapped.');
    assert.deepEqual(await axeFindings(o.page, 'friend game (o)'), []);
    await o.page.click('#rematch-accept');
    await o.page.waitForURL((url) => !url.pathname.endsWith(id), { timeout: TIMEOUT });
    const rematch = (await served(id)).rematch;
    assert.match(rematch, /^[0-9a-f]{32}$/);
    for (const page of [x.page, o.page]) {
      await page.waitForURL(`**/g/${rematch}`, { timeout: TIMEOUT });
      await shows(page, 0, 'here');
    }
    await watcher.page.waitForSelector(`#rematch-link[href$="/g/${rematch}"]`, { state: 'visible', timeout: TIMEOUT });
    // The old o now plays x, with no invitation: its move reaches the old x, now o.
    const players = await (await o.page.request.get(`${second}api/games/${rematch}/players`, {
      headers: { Authorization: `Bearer ${await o.page.evaluate((g) => JSON.parse(localStorage.getItem(`halma-seat:${g}`)).secret, rematch)}` },
    })).json();
    assert.deepEqual([players.you, players.inviting], ['x', false]);
    await playOne(o.page);
    for (const page of [x.page, o.page]) await shows(page, 1);

    for (const side of [x, o, watcher]) assert.deepEqual(side.errors, []);
    for (const side of [x, o, watcher]) await side.context.close();
  });

  test('a draw offered is declined, lapses when a move is made, and is accepted', async () => {
    const { id, x, o } = await friendGame({});
    // x offers; o is told at once and declines; x is told.
    await x.page.click('#draw-offer');
    await x.page.waitForSelector('body[data-offer="draw-made"][data-busy="false"]', { timeout: TIMEOUT });
    await o.page.waitForSelector('body[data-offer="draw-received"]', { timeout: TIMEOUT });
    assert.match(await o.page.textContent('#offer'), /Your friend offers a draw/);
    assert.deepEqual(await axeFindings(o.page, 'friend game (o)'), []);
    await o.page.click('#offer-decline');
    await x.page.waitForSelector('body[data-offer="none"]', { timeout: TIMEOUT });
    await x.page.waitForFunction(() => /declined/.test(document.getElementById('note').textContent), null, { timeout: TIMEOUT });

    // o offers; x plays on instead: the offer lapses on both pages.
    await o.page.click('#draw-offer');
    await x.page.waitForSelector('body[data-offer="draw-received"]', { timeout: TIMEOUT });
    await playOne(x.page);
    for (const page of [x.page, o.page]) await page.waitForSelector('body[data-offer="none"][data-ply="1"]', { timeout: TIMEOUT });
    assert.equal((await served(id)).offers.draw, null);

    // o offers again; x accepts: drawn by agreement, on both pages and in the record.
    await o.page.click('#draw-offer');
    await x.page.waitForSelector('body[data-offer="draw-received"]', { timeout: TIMEOUT });
    await x.page.click('#draw-accept');
    await ended(x.page, /Drawn by agreement/);
    await ended(o.page, /Drawn by agreement/);
    const game = await served(id);
    assert.deepEqual([game.outcome.result, game.outcome.reason_code], ['draw', 'agreement']);
    assert.match(await recordOf(o.page), /\[Result "1\/2-1\/2"\]\n\[Reason "agreement"\]\n/);
    // The review of the game says how it ended.
    await o.page.waitForSelector('body[data-review="done"]', { timeout: TIMEOUT });
    assert.equal(await o.page.textContent('#review-result'), 'Drawn by agreement.');
    for (const side of [x, o]) assert.deepEqual(side.errors, []);
    for (const side of [x, o]) await side.context.close();
  });

  /** A page's clocks (`performance.now`, `Date.now`) made to run `rate` times as fast as time (0: stopped). */
  const lyingClock = (rate) => `(() => {
    const now = performance.now.bind(performance), date = Date.now, start = now(), dateStart = date();
    performance.now = () => start + (now() - start) * ${rate};
    Date.now = () => dateStart + (now() - start) * ${rate};
  })();`;

  test('a flag falls when the server says, whatever time the pages claim', async () => {
    // x, to move, never moves: its FLAG seconds run out. x's page sees its clock stand still,
    // o's sees x's run 60 times too fast and shows 0:00 a fraction of a second after the clock
    // starts: the server, asked at once, says the game goes on.
    const { id, x, o } = await friendGame({ position: WIN_IN_ONE, clock: { initial: FLAG, increment: 0 } },
      { x: lyingClock(0), o: lyingClock(60) });
    await o.page.waitForFunction(() => /0:00\.0/.test(document.getElementById('clock-x').textContent), null, { timeout: TIMEOUT });
    const early = await served(id);
    assert.notEqual(early.status, 'over', JSON.stringify(early.outcome));
    assert.equal(early.clock.running, 'x');
    assert.ok(early.clock.x_ms > 0, JSON.stringify(early.clock));
    await x.page.waitForSelector('#clock-x.running', { timeout: TIMEOUT });
    assert.match(await x.page.textContent('#clock-x'), /^x 0:\d\d(\.\d)? \(running\)$/);
    assert.equal(await o.page.textContent('#clock-o'), `o 0:${FLAG}`);
    assert.deepEqual(await axeFindings(o.page, 'friend game (o)'), []);
    await ended(x.page, /Lost on time/);
    await ended(o.page, /You won on time/);
    const game = await served(id);
    assert.deepEqual([game.outcome.winner, game.outcome.reason_code], ['o', 'time']);
    // A move after the flag fell is refused.
    const secret = await x.page.evaluate((g) => JSON.parse(localStorage.getItem(`halma-seat:${g}`)).secret, id);
    const late = await fetch(`${second}api/games/${id}/move`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` },
      body: JSON.stringify({ move: 'c11-b12', ply: 0 }),
    });
    assert.equal(late.status, 409);
    assert.equal((await late.json()).code, 'game_over');
    assert.match(await recordOf(o.page), /\[Result "0-1"\]\n\[Reason "time"\]\n/);
    for (const side of [x, o]) assert.deepEqual(side.errors, []);
    for (const side of [x, o]) await side.context.close();
  });

  test('a friend who leaves: the page says so and, after the server\'s time, the win is claimed', async () => {
    const { id, x, o } = await friendGame({ position: WIN_IN_ONE });
    const seat = await o.page.evaluate((g) => ({ id: g, ...JSON.parse(localStorage.getItem(`halma-seat:${g}`)) }), id);
    await o.context.close();
    await x.page.waitForSelector('body[data-friend="away"][data-claim="ready"]', { timeout: TIMEOUT });
    assert.match(await x.page.textContent('#presence'), /claim the win, or keep waiting/);
    assert.deepEqual(await axeFindings(x.page, 'friend game (x)'), []);
    // Keeping waiting quiets the question; the claim stays at hand.
    await x.page.click('#claim-wait');
    await x.page.waitForSelector('body[data-claim="waiting"]', { timeout: TIMEOUT });
    assert.equal(await x.page.isVisible('#claim-wait'), false);
    await x.page.click('#claim');
    await ended(x.page, /Your friend left: you won/);
    const game = await served(id);
    assert.deepEqual([game.outcome.winner, game.outcome.reason_code], ['x', 'abandonment']);
    assert.match(await recordOf(x.page), /\[Result "1-0"\]\n\[Reason "abandonment"\]\n/);
    // o, back, is told.
    const back = await open(`${second}g/${id}`, seat);
    await ended(back.page, /You left the game: your friend claimed the win/);
    for (const side of [x, o, back]) assert.deepEqual(side.errors, []);
    for (const side of [x, back]) await side.context.close();
  });
});
