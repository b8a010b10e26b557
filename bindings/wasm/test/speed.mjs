// wasm against native search speed (nodes/s), in Node and in headless Chromium, interleaved
// in rounds so that a shared machine's load falls on both sides of each ratio alike:
//
//   node bindings/wasm/test/speed.mjs --native target/release/examples/native_search \
//     [--chromium /usr/bin/chromium] [--wasm path/to/halma.wasm] [--rounds 9] [--depth 8]
//
// test.sh --speed runs it. A round searches the bench positions (native_search's) at the
// depth in Node, then natively (native_search, a process of its own), then in a Chromium
// page's main thread, back to back; each round's ratio is wasm's nodes/s over the native
// nodes/s of the same round. A first round warms the JIT up and is not counted. Times are
// the searching thread's CPU time where Linux tells it (/proc: native_search's own thread,
// Node's main thread, the page's renderer's main thread), so that waiting for a core counts
// less; where the renderer's thread cannot be told apart, Chromium's is the wall clock (said
// in the output). Prints each round and, for Node and Chromium, the median and the best
// ratio. A measurement, not a check: it fails only if a search finds another move or node
// count than native.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import * as halma from '../halma.js';
import { cpuMs, renderers } from './cpu.mjs';
import { differences, median, searchAll } from './speed-core.mjs';

const { values: options } = parseArgs({
  options: {
    native: { type: 'string' },
    chromium: { type: 'string' },
    wasm: { type: 'string', default: fileURLToPath(new URL('../halma.wasm', import.meta.url)) },
    rounds: { type: 'string', default: '9' },
    depth: { type: 'string', default: '8' },
  },
});
const rounds = Number(options.rounds);
if (!options.native || !(Number.isInteger(rounds) && rounds >= 1)) {
  console.error('usage: speed.mjs --native PATH/native_search [--chromium PATH] [--wasm PATH] [--rounds N] [--depth N]');
  process.exit(2);
}

/** The native searches: native_search's lines, each timed by its thread's CPU time. */
function nativeRound() {
  const output = execFileSync(options.native, ['depth', options.depth], { encoding: 'utf8' });
  return output.split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

const nodesOf = (natives) => natives.reduce((sum, native) => sum + native.nodes, 0);
const msOf = (natives) => natives.reduce((sum, native) => sum + native.ms, 0);
const percent = (ratio) => `${(ratio * 100).toFixed(0)}%`;

let failed = false;
function check(where, natives, results) {
  const different = differences(natives, results);
  if (different.length) {
    console.error(`${where}: another move or node count than native at ${different.join(', ')}`);
    failed = true;
  }
}

await halma.init(readFileSync(options.wasm));
const nodeClock = cpuMs() === null ? () => performance.now() : () => cpuMs();
/** The Node side of a round: the CPU time of this thread for all the searches. */
function nodeRound(natives) {
  const started = nodeClock();
  const results = searchAll(halma, natives);
  const ms = nodeClock() - started;
  check('Node', natives, results);
  return ms;
}

// Chromium: the test page, and the clock of its renderer's main thread, found as the one
// thread of our renderers that the warm-up round keeps busy (else the wall clock).
let browser = null;
let server = null;
let page = null;
let chromiumClock = null;
let chromiumName = null;
async function chromiumRound(natives) {
  const started = chromiumClock ? chromiumClock() : performance.now();
  const results = await page.evaluate((n) => window.speed.searchAll(window.halma, n), natives);
  const ms = (chromiumClock ? chromiumClock() : performance.now()) - started;
  check('Chromium', natives, results);
  return ms;
}

if (options.chromium) {
  const { launch, open, serve } = await import('./server.mjs');
  server = await serve(options.wasm);
  browser = await launch(options.chromium);
  page = await open(browser, server.base, 'isolated');
  const threads = renderers().map((pid) => `/proc/${pid}/task/${pid}`);
  const before = threads.map((thread) => cpuMs(thread));
  const wall = await chromiumRound(nativeRound()); // the warm-up round's Chromium part
  const busy = threads.map((thread, i) => (cpuMs(thread) ?? 0) - (before[i] ?? 0));
  const most = Math.max(0, ...busy);
  const renderer = threads[busy.indexOf(most)];
  // The one thread that ran for a good part of the search (a tenth at least, on a loaded
  // machine), the others for less than half as long.
  if (most > wall / 10 && busy.every((time) => time === most || time * 2 < most)) {
    chromiumClock = () => cpuMs(renderer);
  } else {
    const times = busy.map((time) => `${time.toFixed(0)} ms`).join(', ') || 'none found';
    console.log(`the page's renderer thread is not told apart (CPU time of our renderers' main threads in a ${wall.toFixed(0)} ms search: ${times}): Chromium by the wall clock`);
  }
  chromiumName = `Chromium ${browser.version()}${chromiumClock ? '' : ' (wall clock)'}`;
}

// The warm-up round's other parts.
const warmUp = nativeRound();
nodeRound(warmUp);

const nodeName = `Node ${process.version}`;
console.log(`wasm against native nodes/s, ${rounds} rounds of the ${warmUp.length} bench positions at depth ${options.depth} (${nodesOf(warmUp).toLocaleString('en')} nodes each side), `
  + `${cpuMs() === null ? 'wall clock' : 'thread CPU time'}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
console.log(['round', 'native nodes/s', nodeName, ...(page ? [chromiumName] : [])].join('  '));
const ratios = { node: [], chromium: [] };
for (let round = 1; round <= rounds; round++) {
  const node = nodeRound(warmUp);
  const natives = nativeRound();
  const chromium = page ? await chromiumRound(natives) : null;
  check('native', warmUp, natives.map(({ move, nodes }) => ({ move, nodes })));
  const nativeMs = msOf(natives);
  ratios.node.push(nativeMs / node);
  if (page) ratios.chromium.push(nativeMs / chromium);
  const nps = Math.round(nodesOf(natives) / nativeMs * 1000).toLocaleString('en');
  console.log([String(round).padStart(5), nps.padStart(14), percent(nativeMs / node).padStart(nodeName.length),
    ...(page ? [percent(nativeMs / chromium).padStart(chromiumName.length)] : [])].join('  '));
}
const summary = (name, list) => `${name}: median ${percent(median(list))} of native, best ${percent(Math.max(...list))}, worst ${percent(Math.min(...list))}`;
console.log(summary(nodeName, ratios.node));
if (page) console.log(summary(chromiumName, ratios.chromium));
console.log(`load after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);

if (browser) await browser.close();
if (server) server.close();
process.exit(failed ? 1 : 0);
