// wasm (in Node) against native search speed, side by side in one run:
//
//   node bindings/wasm/test/speed.mjs NATIVE_SEARCHES.jsonl [REPEAT] [path/to/halma.wasm]
//
// NATIVE_SEARCHES from `cargo run --release -p halma-wasm --example native_search -- depth 7 3`
// (test.sh --speed runs both, and the same in Chromium).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { init } from '../halma.js';
import { compare, table } from './speed-core.mjs';

const [file, repeat = '3', wasm = fileURLToPath(new URL('../halma.wasm', import.meta.url))] = process.argv.slice(2);
await init(readFileSync(wasm));
const natives = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
// The main thread's CPU time (Linux), so that other processes on a shared machine count less,
// as in native_search.
const cpuMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
let clock;
try { cpuMs(); clock = cpuMs; } catch (_) { clock = () => performance.now(); }
console.log(table(compare(natives, Number(repeat), clock), `node ${process.version}`));
