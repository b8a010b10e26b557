// The JS module in headless Chromium (Debian's, driven by playwright-core): the Engine in
// its Web Worker on a cross-origin isolated page (stop through the shared flag) and on a
// plain one (stop by ending the worker), a search stopped mid-way, info as it goes, the page
// responsive while the engine thinks, a trap answered as an error, garbage refused.
//
//   CHROMIUM=/usr/bin/chromium node --test bindings/wasm/test/browser.test.mjs
//   HALMA_WASM=path/to/halma.wasm ...      (default: the committed one)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch, open as openPage, serve } from './server.mjs';

const wasm = process.env.HALMA_WASM || join(fileURLToPath(new URL('..', import.meta.url)), 'halma.wasm');

let browser;
let server;

before(async () => {
  server = await serve(wasm);
  browser = await launch(process.env.CHROMIUM || '/usr/bin/chromium');
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

const open = (kind) => openPage(browser, server.base, kind);

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

test("an engine's contempt: set at creation and later, checked, sent with each search", async () => {
  const page = await open('isolated');
  const run = await page.evaluate(async () => {
    const { Engine, Game, DEFAULT_CONTEMPT } = window.halma;
    // o, a little behind, can take its last move back to a position of the game.
    const game = Game.start();
    for (const move of ['m1-k3', 'd16-f16', 'l1-k1', 'b12-a11', 'k1-l1']) game.play(move);
    const engine = await Engine.create({ contempt: 0 });
    const first = engine.contempt;
    const even = await engine.search(game, { depth: 3 });
    engine.contempt = DEFAULT_CONTEMPT;
    const playingOn = await engine.search(game, { depth: 3 });
    const refused = [];
    for (const bad of [1001, -1001, 0.5]) {
      try { engine.contempt = bad; } catch (error) { refused.push(error.code); }
    }
    let created = null;
    try { await Engine.create({ contempt: 2000 }); } catch (error) { created = error.code; }
    const after = engine.contempt;
    const byDefault = await Engine.create();
    const contempt = byDefault.contempt;
    engine.terminate();
    byDefault.terminate();
    return { first, even, playingOn, refused, created, after, contempt, DEFAULT_CONTEMPT };
  });
  assert.equal(run.first, 0);
  assert.equal(run.even.move, 'a11-b12');
  assert.notEqual(run.playingOn.move, 'a11-b12');
  assert.deepEqual(run.refused, ['invalid_argument', 'invalid_argument', 'invalid_argument']);
  assert.equal(run.created, 'invalid_argument');
  assert.equal(run.after, run.DEFAULT_CONTEMPT);
  assert.equal(run.contempt, 150);
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

test('a review searches every position in the worker, reports its progress, and cancels', async () => {
  const page = await open('plain');
  const run = await page.evaluate(async () => {
    const { Engine, Game, searchSync } = window.halma;
    const engine = await Engine.create();
    const game = Game.start();
    for (const move of ['n4-n5', 'b12-b11', 'n2-n4-n6', 'b11-b10']) game.play(move);
    const progress = [];
    const entries = await engine.review(game, { nodes: 2000 }, { onProgress: (done, total) => progress.push([done, total]) });
    // Each position's entry is the search of that position, as the module searches it here.
    const same = entries.every((entry) => {
      const position = Game.fromRecord(`${game.state().start}\n${game.moves.slice(0, entry.ply).join(' ')}`);
      const found = searchSync(position, { nodes: 2000 });
      return found.move === entry.move && found.score === entry.score && entry.turn === position.turn;
    });
    // A finished game's last position has no search.
    const won = Game.fromPosition('xxxxx11/xxxxx11/xxxx12/xxx13/x15/1x14/16/16/16/16/14o1/15o/13ooo/12oooo/11ooooo/11ooooo x');
    won.play('b11-b12');
    const end = await engine.review(won, { nodes: 500 });
    // Cancelled after the second position: rejected with 'aborted', the engine still searches.
    const controller = new AbortController();
    let cancelled = null;
    try {
      await engine.review(game, { nodes: 200_000 }, { signal: controller.signal, onProgress: (done) => { if (done === 2) controller.abort(); } });
    } catch (error) {
      cancelled = error.code;
    }
    const again = await engine.search(Game.start(), { depth: 2 });
    engine.terminate();
    // Each move judged by the thresholds; the last position has no move played.
    const { REVIEW } = window.halma;
    const judged = entries.every((e) => e.loss >= 0 && Math.abs(e.x_score) <= REVIEW.cap
      && e.mark === (e.loss >= REVIEW.blunder ? 'blunder' : e.loss >= REVIEW.mistake ? 'mistake' : null)
      && (e.played === game.moves[e.ply] || (e.ply === 4 && e.played === null)));
    return {
      count: entries.length, progress, same, judged, cancelled, again: again.depth,
      end: end.map((e) => [e.over, e.move, e.x_score]),
    };
  });
  assert.equal(run.count, 5);
  assert.deepEqual(run.progress, [[1, 5], [2, 5], [3, 5], [4, 5], [5, 5]]);
  assert.ok(run.same, 'each entry is the search of its position');
  assert.ok(run.judged, 'each move judged by the thresholds');
  assert.equal(run.end.length, 2);
  assert.equal(run.end[0][0], false);
  assert.deepEqual(run.end[1], [true, null, 1000], 'x won: the last position is worth the cap to x');
  assert.equal(run.cancelled, 'aborted');
  assert.equal(run.again, 2);
  assert.deepEqual(page.errors, []);
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
    'invalid_argument', 'invalid_argument', 'invalid_argument', 'parse_error', 'parse_error',
    'invalid_argument', 'invalid_argument', 'invalid_argument', 'invalid_argument', 'invalid_argument',
    'invalid_argument', 'invalid_argument',
    'invalid_argument',
    'busy',
    'invalid_argument', 'invalid_argument',
    'ok',
    'terminated',
  ]);
  await page.close();
});
