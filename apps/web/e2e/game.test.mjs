// End-to-end test of the browser game in a real headless Chromium, driven by playwright-core:
// a move by click and by keyboard, the computer's replies, a hint, undo and a new game; the
// end of a game announced; a phone-sized screen; a game resumed from its link after the
// server restarts. Run through run.sh, which starts the server and sets HALMA_URL and, for
// the restart, HALMA_SERVER_PID, HALMA_SERVER_BIN, HALMA_SERVER_PORT, HALMA_DATABASE and
// HALMA_SERVER_ARGS (the server's other options).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { TIMEOUT, SERVER, WIN_IN_ONE, useBrowser, fresh, startServer, stopServer } from './fixture.mjs';
import { settled } from './play.mjs';

const shared = useBrowser({ languages: false });
let restarted = null; // the server this test started in place of run.sh's

after(async () => {
  if (restarted) await stopServer(restarted);
});

/** A new page of a fresh browser; its errors and its console's collected. */
async function newPage() {
  const { page, errors } = await fresh(shared.browser, { console: true });
  return { page, errors };
}

/** Waits until the page is idle with the person to move after `ply` moves. */
const yourTurn = (page, ply) => settled(page, 'your_turn', ply);

const squareOf = (handle) => handle.getAttribute('data-square');

test('click a piece, click a lit destination, see the computer reply', async () => {
  const { page, errors } = await newPage();
  await page.goto(SERVER, { timeout: TIMEOUT });
  await yourTurn(page, 0);

  // The board: 256 squares, 38 pieces, both camps marked.
  assert.equal(await page.locator('.sq').count(), 256);
  assert.equal(await page.locator('.pc').count(), 38);
  assert.equal(await page.locator('.sq.camp-x').count(), 19);
  assert.equal(await page.locator('.sq.camp-o').count(), 19);

  // Pick up a piece: its destinations light up.
  const piece = page.locator('.sq.can-move').first();
  const from = await squareOf(piece);
  await piece.click();
  await page.waitForSelector('.sq.dest', { timeout: TIMEOUT });
  const lit = await page.locator('.sq.dest').evaluateAll((els) => els.map((e) => e.dataset.square));
  assert.ok(lit.length > 0, 'destinations are lit');
  // They are the engine's destinations for that piece.
  const id = await page.evaluate(() => localStorage.getItem('halma-game'));
  const api = await page.evaluate(
    async ([id, from]) => (await fetch(`/api/games/${id}/destinations?from=${from}`)).json(),
    [id, from],
  );
  assert.deepEqual([...lit].sort(), [...api.to].sort());

  // Put it down on a lit square: it moves there, and the computer replies.
  const to = lit[lit.length - 1];
  await page.locator(`.sq[data-square="${to}"]`).click();
  await yourTurn(page, 2);
  const moves = await page.locator('#moves .mv').allTextContents();
  assert.equal(moves.length, 2);
  assert.equal(moves[0], `${from}-${to}`);
  assert.equal(await page.locator(`.pc[data-piece="${to}"]`).count(), 1, 'the piece stands on its destination');
  assert.equal(await page.locator(`.pc[data-piece="${from}"]`).count(), 0, 'and left its origin');
  const thinking = await page.locator('#thinking').textContent();
  assert.match(thinking, new RegExp(`^Played ${moves[1]} · depth \\d+`));
  const [replyFrom, replyTo] = moves[1].split('-');
  assert.equal(await page.locator(`.pc[data-piece="${replyTo}"]`).count(), 1);
  assert.equal(await page.locator(`.pc[data-piece="${replyFrom}"]`).count(), 0);
  assert.ok((await page.locator('.sq.last').count()) >= 2, 'the last move is marked');

  // The same with the keyboard: arrows to a movable piece, Enter, arrows to a destination,
  // Space.
  const keyTo = async (target) => {
    const cursor = await page.locator('.sq[tabindex="0"]');
    await cursor.focus();
    const here = await squareOf(cursor);
    const file = (s) => s.charCodeAt(0) - 97;
    const rank = (s) => Number(s.slice(1));
    for (let i = file(here); i < file(target); i++) await page.keyboard.press('ArrowRight');
    for (let i = file(here); i > file(target); i--) await page.keyboard.press('ArrowLeft');
    for (let i = rank(here); i < rank(target); i++) await page.keyboard.press('ArrowUp');
    for (let i = rank(here); i > rank(target); i--) await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), target);
  };
  const keyFrom = await squareOf(page.locator('.sq.can-move').last());
  await keyTo(keyFrom);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.sq.dest', { timeout: TIMEOUT });
  const keyDest = await squareOf(page.locator('.sq.dest').first());
  await keyTo(keyDest);
  await page.keyboard.press(' ');
  await yourTurn(page, 4);
  assert.equal((await page.locator('#moves .mv').allTextContents())[2], `${keyFrom}-${keyDest}`);

  // A few more moves by clicking, each the one that gains most ground toward the top left.
  for (let ply = 4; ply < 12; ply += 2) {
    const state = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), id);
    const gain = (from, to) => (from.charCodeAt(0) - to.charCodeAt(0)) + (Number(to.slice(1)) - Number(from.slice(1)));
    let best = null;
    for (const [from, tos] of Object.entries(state.destinations)) {
      for (const to of tos) if (!best || gain(from, to) > gain(...best)) best = [from, to];
    }
    await page.locator(`.sq[data-square="${best[0]}"]`).click();
    await page.locator(`.sq.dest[data-square="${best[1]}"]`).click();
    await yourTurn(page, ply + 2);
  }

  // A hint lit in gold.
  await page.click('#hint');
  await page.waitForSelector('.sq.hint-to', { timeout: TIMEOUT });
  await yourTurn(page, 12);

  // Undo takes back the keyboard move and the reply; a new game starts over.
  await page.click('#undo');
  await yourTurn(page, 10);
  await page.selectOption('#level', '3');
  await page.click('#new');
  await yourTurn(page, 0);
  assert.equal(await page.locator('#level').inputValue(), '3');
  assert.equal(await page.locator('#moves .mv').count(), 0);
  assert.deepEqual(errors, [], 'no errors in the page');
  await page.close();
});

test('the end of the game is announced', async () => {
  const { page } = await newPage();
  await page.goto(SERVER, { timeout: TIMEOUT });
  await yourTurn(page, 0);
  // A game one move from x's win, created through the API and opened from its link.
  const position = WIN_IN_ONE;
  const link = await page.evaluate(async (position) => {
    const response = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ position }),
    });
    return (await response.json()).link;
  }, position);
  await page.goto(new URL(link, SERVER).href, { timeout: TIMEOUT });
  await yourTurn(page, 0);
  assert.equal(await page.locator('#banner').isVisible(), false);
  await page.locator('.sq[data-square="c11"]').click();
  await page.locator('.sq.dest[data-square="b12"]').click();
  await page.waitForSelector('body[data-status="over"][data-busy="false"]', { timeout: TIMEOUT });
  assert.equal(await page.locator('#banner').isVisible(), true);
  assert.match(await page.locator('#banner').textContent(), /^You win!All 19 of your pieces reached the goal camp/);
  assert.match(await page.locator('#status').textContent(), /You win!/);
  assert.equal(await page.locator('#hint').isDisabled(), true);
  // Undo reopens the game.
  await page.click('#undo');
  await yourTurn(page, 0);
  assert.equal(await page.locator('#banner').isVisible(), false);
  await page.close();
});

test('reads on a phone-sized screen', async () => {
  const { page } = await newPage();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(SERVER, { timeout: TIMEOUT });
  await page.waitForSelector('body[data-busy="false"]', { timeout: TIMEOUT });
  const { scrollWidth, innerWidth, board } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    board: document.getElementById('board').getBoundingClientRect().width,
  }));
  assert.ok(scrollWidth <= innerWidth, `no sideways scrolling (${scrollWidth} > ${innerWidth})`);
  assert.ok(board >= 300 && board <= innerWidth, `the board fills the width (${board}px)`);
  await page.close();
});

const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (_) { return false; } };

test('a game resumes from its link after the server restarts', async () => {
  const { page } = await newPage();
  await page.goto(SERVER, { timeout: TIMEOUT });
  await yourTurn(page, 0);
  // The page shows the game's link, and the address bar is that link.
  const link = await page.locator('#game-link').getAttribute('href');
  assert.match(link, /^\/g\/[0-9a-f]{32}$/);
  assert.equal(new URL(page.url()).pathname, link);
  // Play a move and the computer's reply.
  const piece = page.locator('.sq.can-move').first();
  await piece.click();
  await page.locator('.sq.dest').first().click();
  await yourTurn(page, 2);
  const moves = await page.locator('#moves .mv').allTextContents();

  // Restart the server: SIGTERM, wait for it to end, start it again on the same database.
  const pid = Number(process.env.HALMA_SERVER_PID);
  assert.ok(pid, 'HALMA_SERVER_PID names the server (run.sh sets it)');
  process.kill(pid, 'SIGTERM');
  for (let i = 0; alive(pid); i++) {
    assert.ok(i < 300, 'the server ends on SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  ({ child: restarted } = await startServer({
    port: process.env.HALMA_SERVER_PORT,
    database: process.env.HALMA_DATABASE,
    args: (process.env.HALMA_SERVER_ARGS || '').split(' ').filter(Boolean),
  }));

  // Another browser (nothing remembered): the link alone brings the game back, and it plays on.
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link, SERVER).href, { timeout: TIMEOUT });
  await yourTurn(page, 2);
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), moves);
  await page.locator('.sq.can-move').first().click();
  await page.locator('.sq.dest').first().click();
  await yourTurn(page, 4);
  await page.close();
});
