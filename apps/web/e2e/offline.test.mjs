// The game without the network, end to end in headless Chromium: games that go on while the
// network is cut and sync when it is back (offline.js), and the page loaded from its service
// worker with the server gone. (The whole games against the computer searched in the browser,
// on a server that runs no engine, are languages.test.mjs's, one in each language.) Run
// through run.sh, which builds the server; this file starts a server of its own
// (HALMA_SERVER_BIN, --no-engine, a fresh database).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TIMEOUT, useBrowser, startServer, stopServer } from './fixture.mjs';
import { settled, playForward } from './play.mjs';

const shared = useBrowser({ languages: false });
let server;
let url;
let work;

/** A server of this file's own on `port` (0: any) and the database `name` in its folder. */
const serve = (port, name) => startServer({ port, database: `sqlite://${join(work, name)}`, output: 'inherit' });

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'halma-offline-'));
  ({ child: server, url } = await serve(0, 'games.sqlite3'));
});

after(async () => {
  if (server) await stopServer(server);
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A new page of `context` on the server at `address`, once its game is ready: [page, game id]. */
async function openGame(context, address = url) {
  const page = await context.newPage();
  await page.goto(address, { timeout: TIMEOUT });
  await settled(page, 'your_turn', 0);
  return [page, await page.evaluate(() => localStorage.getItem('halma-game'))];
}

/** The game as the server has it (from Node: the page may be offline). */
async function serverGame(id) {
  const response = await fetch(new URL(`/api/games/${id}`, url));
  return response.json();
}

test('the network cut after the first move: the game goes on, and syncs when it is back', async () => {
  const context = await shared.browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url, { timeout: TIMEOUT });
  await settled(page, 'your_turn', 0);
  const id = await page.evaluate(() => localStorage.getItem('halma-game'));
  await playForward(page);
  await settled(page, 'your_turn', 2);
  assert.equal((await serverGame(id)).moves.length, 2);

  await context.setOffline(true);
  for (let ply = 2; ply < 8; ply += 2) {
    await playForward(page);
    await settled(page, 'your_turn', ply + 2);
  }
  assert.match(await page.locator('#offline').textContent(), /6 moves are kept in this browser/);
  assert.equal((await serverGame(id)).moves.length, 2, 'nothing reached the server');
  const played = await page.locator('#moves .mv').allTextContents();
  assert.equal(played.length, 8);

  await context.setOffline(false);
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await page.waitForSelector('#offline', { state: 'hidden', timeout: TIMEOUT });
  assert.deepEqual((await serverGame(id)).moves, played);
  // The link, in a browser that remembers nothing, shows every move, and the game plays on.
  const fresh = await shared.browser.newContext({ reducedMotion: 'reduce' });
  const other = await fresh.newPage();
  await other.goto(new URL(`/g/${id}`, url).href, { timeout: TIMEOUT });
  await settled(other, 'your_turn', 8);
  assert.deepEqual(await other.locator('#moves .mv').allTextContents(), played);
  await fresh.close();
  // And the first page goes on with the server.
  await playForward(page);
  await settled(page, 'your_turn', 10);
  assert.equal((await serverGame(id)).moves.length, 10);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a server that lost the game offline: it goes on at a new link with every move', async () => {
  const context = await shared.browser.newContext({ reducedMotion: 'reduce' });
  const [page, id] = await openGame(context);
  await playForward(page);
  await settled(page, 'your_turn', 2);
  await context.setOffline(true);
  await playForward(page);
  await settled(page, 'your_turn', 4);
  const played = await page.locator('#moves .mv').allTextContents();
  // Meanwhile the server forgets the game.
  const deleted = await fetch(new URL(`/api/games/${id}`, url), {
    method: 'DELETE', headers: { 'Content-Type': 'application/json' },
  });
  assert.equal(deleted.status, 200);
  await context.setOffline(false);
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await page.waitForFunction((id) => !location.pathname.includes(id), id, { timeout: TIMEOUT });
  await settled(page, 'your_turn', 4);
  assert.match(await page.locator('#note').textContent(), /had lost this game/);
  const moved = new URL(page.url()).pathname.split('/').pop();
  assert.deepEqual((await serverGame(moved)).moves, played);
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), played);
  await context.close();
});

test('two tabs of one link that diverged offline: the server keeps one, the other is offered', async () => {
  const context = await shared.browser.newContext({ reducedMotion: 'reduce' });
  const [first, id] = await openGame(context);
  const second = await context.newPage();
  await second.goto(new URL(`/g/${id}`, url).href, { timeout: TIMEOUT });
  await settled(second, 'your_turn', 0);

  // Offline, each tab plays its own first move (and the computer's reply).
  await context.setOffline(true);
  const mine = await playForward(first);
  await settled(first, 'your_turn', 2);
  const other = await second.evaluate(() => [...document.querySelectorAll('.sq.can-move')].map((c) => c.dataset.square));
  await second.locator(`.sq[data-square="${other.find((square) => square !== mine.split('-')[0])}"]`).click();
  await second.locator('.sq.dest').first().click();
  await settled(second, 'your_turn', 2);
  const played = new Map();
  for (const page of [first, second]) played.set(page, await page.locator('#moves .mv').allTextContents());
  assert.notEqual(played.get(first)[0], played.get(second)[0]);

  // Back online, both send: the server keeps the game of the tab that sent first; the other
  // shows the server's game and offers its own moves.
  await context.setOffline(false);
  for (const page of [first, second]) await page.evaluate(() => dispatchEvent(new Event('online')));
  await first.waitForFunction(() => {
    const box = document.getElementById('offline');
    return box && (box.hidden || box.querySelector('button'));
  }, null, { timeout: TIMEOUT });
  const server = await serverGame(id);
  const [kept, offered] = played.get(first)[0] === server.moves[0] ? [first, second] : [second, first];
  assert.deepEqual(server.moves, played.get(kept));
  await offered.waitForSelector('#offline button', { timeout: TIMEOUT });
  assert.match(await offered.locator('#offline').textContent(), /went on elsewhere/);
  await settled(offered, 'your_turn', 2);
  assert.deepEqual(await offered.locator('#moves .mv').allTextContents(), server.moves, "the server's game");
  await kept.waitForSelector('#offline', { state: 'hidden', timeout: TIMEOUT });
  // The offered moves continue as a new game, at a new link.
  await offered.locator('#offline button').first().click();
  await offered.waitForFunction((id) => !location.pathname.includes(id), id, { timeout: TIMEOUT });
  await settled(offered, 'your_turn', 2);
  assert.deepEqual(await offered.locator('#moves .mv').allTextContents(), played.get(offered));
  const moved = new URL(offered.url()).pathname.split('/').pop();
  assert.deepEqual((await serverGame(moved)).moves, played.get(offered));
  await context.close();
});

test('with the server gone, the page loads from its service worker and the game goes on', async () => {
  // A server of this test's own, stopped and started again on the same port (one origin).
  let { child: own, url: address } = await serve(0, 'gone.sqlite3');
  const port = new URL(address).port;
  const context = await shared.browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    await page.goto(address, { timeout: TIMEOUT });
    await settled(page, 'your_turn', 0);
    // The service worker is installed (its files cached) and controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: TIMEOUT });
    // It keeps this page's language (English here) and not the others' words or pages.
    const kept = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('halma-'));
      return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    });
    assert.ok(kept.some((path) => /^\/i18n\/en\.[0-9a-f]+\.json$/.test(path)), kept.join(' '));
    assert.ok(kept.includes('/en/') && kept.includes('/'), kept.join(' '));
    assert.ok(!kept.some((path) => /^\/(?:i18n\/)?(?:th|ms)[./]/.test(path)), kept.join(' '));
    const id = await page.evaluate(() => localStorage.getItem('halma-game'));
    await playForward(page);
    await settled(page, 'your_turn', 2);

    await stopServer(own);
    await page.reload({ timeout: TIMEOUT });
    await settled(page, 'your_turn', 2);
    await playForward(page);
    await settled(page, 'your_turn', 4);
    assert.match(await page.locator('#offline').textContent(), /2 moves are kept/);
    const played = await page.locator('#moves .mv').allTextContents();

    ({ child: own } = await serve(port, 'gone.sqlite3'));
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await page.waitForSelector('#offline', { state: 'hidden', timeout: TIMEOUT });
    const response = await fetch(new URL(`/api/games/${id}`, address));
    assert.deepEqual((await response.json()).moves, played);
  } finally {
    await context.close();
    await stopServer(own);
  }
});

test('the first load, engine included, transfers under 300 KB', async () => {
  const context = await shared.browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const answers = [];
  page.on('requestfinished', (request) => answers.push(request));
  await page.goto(url, { timeout: TIMEOUT });
  await settled(page, 'your_turn', 0);
  await page.evaluate(() => navigator.serviceWorker.ready);
  let total = 0;
  const lines = [];
  for (const request of answers) {
    const sizes = await request.sizes();
    const response = await request.response();
    const bytes = sizes.responseHeadersSize + sizes.responseBodySize;
    total += bytes;
    const path = new URL(request.url()).pathname;
    lines.push(`${path} ${bytes} (${(await response.headerValue('content-encoding')) || 'identity'})`);
  }
  console.log(`figure: first load ${total} bytes: ${lines.join(', ')}`);
  assert.ok(answers.some((request) => request.url().endsWith('.wasm')), 'the engine is part of it');
  assert.ok(total < 300_000, `${total} bytes`);
  await context.close();
});
