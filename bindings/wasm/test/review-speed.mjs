// How long the review of a 200-ply game takes in headless Chromium, as a game's page runs it:
// Engine.review in its worker, each position searched within REVIEW.nodes. The game is the
// same on every run: both sides searching 2 plies deep from the start (230 plies to x's win),
// cut after `--plies`. Prints each run's time and the median; a figure for the docs, not a
// check.
//
//   node bindings/wasm/test/review-speed.mjs [--chromium /usr/bin/chromium] [--wasm PATH]
//     [--plies 200] [--runs 3]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { launch, open, serve } from './server.mjs';

const { values: options } = parseArgs({
  options: {
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    wasm: { type: 'string', default: fileURLToPath(new URL('../halma.wasm', import.meta.url)) },
    plies: { type: 'string', default: '200' },
    runs: { type: 'string', default: '3' },
  },
});
const plies = Number(options.plies);
const runs = Number(options.runs);

const server = await serve(options.wasm);
const browser = await launch(options.chromium);
try {
  const page = await open(browser, server.base, 'plain');
  const times = [];
  for (let run = 1; run <= runs; run++) {
    const result = await page.evaluate(async (plies) => {
      const { Engine, Game, REVIEW, searchSync } = window.halma;
      const game = Game.start();
      while (game.moves.length < plies && game.outcome().result === 'ongoing') {
        game.play(searchSync(game, { depth: 2 }).move);
      }
      const engine = await Engine.create({ tableMb: 8 });
      const started = performance.now();
      const entries = await engine.review(game, { nodes: REVIEW.nodes });
      const ms = performance.now() - started;
      engine.terminate();
      const marks = entries.filter((entry) => entry.mark).length;
      return { ms, plies: game.moves.length, nodes: REVIEW.nodes, marks };
    }, plies);
    times.push(result.ms);
    console.log(`run ${run}: ${result.plies} plies at ${result.nodes} nodes a position: `
      + `${(result.ms / 1000).toFixed(1)} s (${(result.ms / (result.plies + 1)).toFixed(0)} ms a position), `
      + `${result.marks} moves marked`);
  }
  times.sort((a, b) => a - b);
  console.log(`median: ${(times[Math.floor(times.length / 2)] / 1000).toFixed(1)} s`);
} finally {
  await browser.close();
  server.close();
}
