// The JS module in headless Chromium (Debian's, driven by playwright-core): the Engine in
// its Web Worker on a cross-origin isolated page (stop through the shared flag) and on a
// plain one (stop by ending the worker), a search stopped mid-way, info as it goes, the page
// responsive while the engine thinks, a trap answered as an error, garbage refused.
//
//   CHROMIUM=/usr/bin/chromium node --test bindings/wasm/test/browser.test.mjs
//   HALMA_WASM=path/to/halma.wasm ...      (default: the committed one)
//   NATIVE_SPEED=speed.jsonl ...           (also: wasm against native nodes/s in Chromium)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { cpuMs, renderers } from './cpu.mjs';
import { compare, table } from './speed-core.mjs';

const dir = fileURLToPath(new URL('..', import.meta.url));
const wasm = process.env.HALMA_WASM || join(dir, 'halma.wasm');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

// /isolated/... with the headers that make a page cross-origin isolated, /plain/... without.
const server = createServer(async (request, response) => {
  const [, kind, ...rest] = new URL(request.url, 'http://x').pathname.split('/');
  const path = normalize(rest.join('/'));
  if (!['isolated', 'plain'].includes(kind) || path.startsWith('..')) {
    response.writeHead(404).end();
    return;
  }
  try {
    const body = await readFile(path === 'halma.wasm' ? wasm : join(dir, path));
    const headers = { 'Content-Type': TYPES[extname(path)] || 'application/octet-stream' };
    if (kind === 'isolated') {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    response.writeHead(200, headers).end(body);
  } catch (_) {
    response.writeHead(404).end();
  }
});

let browser;
let base;

before(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  if (browser) await browser.close();
  server.close();
});

async function open(kind) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`${base}/${kind}/test/page.html`);
  await page.evaluate(() => window.loaded);
  page.errors = errors;
  return page;
}

// A search that would run a minute, stopped after its first reports: the best move so far,
// soon, and the page's timers kept running meanwhile.
async function stopMidSearch(page) {
  return page.evaluate(async () => {
    const { Engine, Game } = window.halma;
    const engine = await Engine.create();
    const infos = [];
    let gap = 0;
    let last = performance.now();
    const ticker = setInterval(() => { const now = performance.now(); gap = Math.max(gap, now - last); last = now; }, 10);
    const searching = engine.search(Game.start(), { timeMs: 60_000 }, { onInfo: (info) => infos.push(info) });
    while (infos.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    const stoppedAt = performance.now();
    engine.stop();
    const result = await searching;
    const took = performance.now() - stoppedAt;
    clearInterval(ticker);
    const legal = Game.start().legalMoves().includes(result.move);
    const again = await engine.search(Game.start(), { depth: 3 });
    engine.terminate();
    return { sharedStop: engine.sharedStop, result, took, legal, infos: infos.length, gap, again: again.depth };
  });
}

test('a cross-origin isolated page: stop reaches the search through the shared flag', async () => {
  const page = await open('isolated');
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  const run = await stopMidSearch(page);
  assert.equal(run.sharedStop, true);
  assert.equal(run.result.stopped, true);
  assert.ok(run.legal, run.result.move);
  assert.ok(run.took < 1000, `the stop took ${run.took} ms`);
  assert.ok(run.result.depth >= 4, `depth ${run.result.depth}`);
  assert.ok(run.gap < 250, `the page's timers stalled ${run.gap} ms`);
  assert.equal(run.again, 3);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a plain page: stop ends the worker and answers the best move reported', async () => {
  const page = await open('plain');
  assert.equal(await page.evaluate(() => crossOriginIsolated), false);
  const run = await stopMidSearch(page);
  assert.equal(run.sharedStop, false);
  assert.equal(run.result.stopped, true);
  assert.ok(run.legal, run.result.move);
  assert.ok(run.took < 200, `the stop took ${run.took} ms`);
  assert.ok(run.gap < 250, `the page's timers stalled ${run.gap} ms`);
  assert.equal(run.again, 3, 'a new worker searches after the stop');
  await page.close();
});

test('info as it goes, a level waits out its pace, an AbortSignal stops', async () => {
  const page = await open('isolated');
  const run = await page.evaluate(async () => {
    const { Engine, Game } = window.halma;
    const engine = await Engine.create({ tableMb: 4 });
    const depths = [];
    const deep = await engine.search(Game.start(), { depth: 5 }, { onInfo: (info) => depths.push(info.depth) });
    let started = performance.now();
    const level = await engine.search(Game.start(), { level: 2 });
    const levelMs = performance.now() - started;
    const quick = await engine.search(Game.start(), { level: 2 }, { pace: false });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 300);
    started = performance.now();
    const aborted = await engine.search(Game.start(), { timeMs: 60_000 }, { signal: abort.signal });
    const abortedMs = performance.now() - started;
    engine.terminate();
    return { depths, deep, level, levelMs, quick, aborted, abortedMs };
  });
  assert.deepEqual(run.depths, [1, 2, 3, 4, 5]);
  assert.equal(run.deep.depth, 5);
  assert.equal(run.level.pace_ms, 300);
  assert.ok(run.levelMs >= 295, `level 2 answered in ${run.levelMs} ms`);
  assert.equal(run.quick.move, run.level.move, 'a level plays the same move with or without its pace');
  assert.equal(run.aborted.stopped, true);
  assert.ok(run.abortedMs < 2000, `${run.abortedMs} ms`);
  await page.close();
});

test('depth- and node-limited searches in Chromium: the same moves and nodes as in Node', async () => {
  const page = await open('isolated');
  const results = await page.evaluate(async () => {
    const { Engine, Game, searchSync } = window.halma;
    const engine = await Engine.create();
    const game = Game.start();
    game.play('l2-k3');
    const out = [];
    for (const limits of [{ depth: 6 }, { nodes: 30000 }]) {
      const inWorker = await engine.search(game, limits);
      const here = searchSync(game, limits);
      out.push([inWorker.move, inWorker.nodes, here.move, here.nodes]);
    }
    engine.terminate();
    return out;
  });
  for (const [workerMove, workerNodes, move, nodes] of results) {
    assert.equal(workerMove, move);
    assert.equal(workerNodes, nodes);
  }
});

test('a trap comes back as an error, and the engine searches again on a new worker', async () => {
  const page = await open('isolated');
  const run = await page.evaluate(async () => {
    const { Engine, Game } = window.halma;
    const engine = await Engine.create();
    engine.crashForTesting();
    let error = null;
    try { await engine.search(Game.start(), { depth: 3 }); } catch (e) { error = { code: e.code, message: e.message }; }
    const after = await engine.search(Game.start(), { depth: 3 });
    engine.terminate();
    return { error, after: after.depth };
  });
  assert.equal(run.error.code, 'crashed');
  assert.match(run.error.message, /wasm_abort was called: the module traps on purpose/);
  assert.equal(run.after, 3);
  await page.close();
});

test('garbage gets errors, never a dead worker', async () => {
  const page = await open('plain');
  const codes = await page.evaluate(async () => {
    const { Engine, Game } = window.halma;
    const engine = await Engine.create();
    const codes = [];
    const attempt = async (run) => {
      try { await run(); codes.push('ok'); } catch (e) { codes.push(e.code || String(e)); }
    };
    for (const game of [42, null, {}, 'not a record\nzz', '16/16 x']) {
      await attempt(() => engine.search(game, { depth: 2 }));
    }
    for (const limits of [null, 'fast', {}, { level: 99 }, { depth: -1 }, { nodes: NaN }, { timeMs: '1' }]) {
      await attempt(() => engine.search(Game.start(), limits));
    }
    await attempt(() => engine.search(Game.start(), { depth: 2 }, { onInfo: 'no' }));
    const first = engine.search(Game.start(), { depth: 5 });
    await attempt(() => engine.search(Game.start(), { depth: 2 }));
    await first;
    await attempt(() => Engine.create({ tableMb: 0 }));
    await attempt(() => Engine.create({ tableMb: 'big' }));
    await attempt(() => engine.search(Game.start(), { depth: 2 }));
    engine.terminate();
    await attempt(() => engine.search(Game.start(), { depth: 2 }));
    return codes;
  });
  assert.deepEqual(codes, [
    'invalid-argument', 'invalid-argument', 'invalid-argument', 'invalid-text', 'invalid-text',
    'invalid-argument', 'invalid-argument', 'invalid-argument', 'invalid-argument', 'invalid-argument',
    'invalid-argument', 'invalid-argument',
    'invalid-argument',
    'busy',
    'invalid-argument', 'invalid-argument',
    'ok',
    'terminated',
  ]);
  await page.close();
});

// A measurement, not a check: only with test.sh --speed. The renderer's main thread is timed
// by its CPU time (from /proc, as native_search and speed.mjs time theirs); a search runs
// there, in the page.
if (process.env.NATIVE_SPEED) test('wasm against native nodes/s in Chromium', async () => {
  const natives = readFileSync(process.env.NATIVE_SPEED, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const page = await open('isolated');
  // The page's renderer: the one whose main thread a warm-up search keeps busy.
  const threads = renderers().map((pid) => `/proc/${pid}/task/${pid}`);
  const start = threads.map((thread) => cpuMs(thread));
  await page.evaluate((n) => window.speed.timed(window.halma, n, () => performance.now()), natives[1]);
  const busy = threads.map((thread, i) => (cpuMs(thread) ?? 0) - (start[i] ?? 0));
  const most = Math.max(...busy);
  const renderer = threads[busy.indexOf(most)];
  // Found only if no other renderer was nearly as busy (else: the wall clock).
  const clear = busy.every((time) => time === most || time * 2 < most) && most > 0;
  const clock = clear ? () => cpuMs(renderer) : null;
  const rows = await compare(natives, 3, async (native) => {
    const started = clock ? clock() : 0;
    const once = await page.evaluate((n) => window.speed.timed(window.halma, n, () => performance.now()), native);
    return clock ? { result: once.result, ms: clock() - started } : once;
  });
  const text = table(rows, `Chromium ${browser.version()}${clock ? '' : ' (wall clock)'}`);
  console.log(text);
  assert.doesNotMatch(text, /DIFFERENT/);
  await page.close();
});
