// wasm (in Node) against native search speed, side by side in one run:
//
//   node bindings/wasm/test/speed.mjs NATIVE_SEARCHES.jsonl [REPEAT] [path/to/halma.wasm]
//
// NATIVE_SEARCHES from `cargo run --release -p halma-wasm --example native_search -- depth 8 3`
// (test.sh --speed runs both, and the same in Chromium). Times are the main thread's CPU
// time where Linux tells it, as native_search's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import * as halma from '../halma.js';
import { cpuMs } from './cpu.mjs';
import { compare, table, timed } from './speed-core.mjs';

const [file, repeat = '3', wasm = fileURLToPath(new URL('../halma.wasm', import.meta.url))] = process.argv.slice(2);
await halma.init(readFileSync(wasm));
const natives = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
const clock = cpuMs() === null ? () => performance.now() : () => cpuMs();
const rows = await compare(natives, Number(repeat), async (native) => timed(halma, native, clock));
console.log(table(rows, `node ${process.version}`));
