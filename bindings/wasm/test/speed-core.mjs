// The WebAssembly side of the speed comparison, the same in Node and in a browser page:
// searches what the native library searched (native_search's lines), checks that the move
// and the node count agree, and times each search (shortest of `repeat` runs), in the
// calling thread, by `clock()` (milliseconds: the thread's CPU time where it can be read).
import { Game, searchSync } from '../halma.js';

/** One row per native search: `{name, nodes, native_ms, wasm_ms, same}`; totals last. */
export function compare(natives, repeat, clock = () => performance.now()) {
  const rows = [];
  for (const native of natives) {
    const game = Game.fromPosition(native.position);
    let ms = Infinity;
    let result = null;
    for (let i = 0; i < repeat; i++) {
      const started = clock();
      result = searchSync(game, native.limits);
      ms = Math.min(ms, clock() - started);
    }
    game.free();
    rows.push({
      name: native.name,
      nodes: native.nodes,
      native_ms: native.ms,
      wasm_ms: ms,
      same: result.move === native.move && result.nodes === native.nodes,
    });
  }
  return rows;
}

/** Total nodes, nodes/s of each side and their ratio (wasm / native). */
export function totals(rows) {
  const nodes = rows.reduce((sum, row) => sum + row.nodes, 0);
  const nativeMs = rows.reduce((sum, row) => sum + row.native_ms, 0);
  const wasmMs = rows.reduce((sum, row) => sum + row.wasm_ms, 0);
  const native = nodes / nativeMs * 1000;
  const wasm = nodes / wasmMs * 1000;
  return { nodes, native_nps: Math.round(native), wasm_nps: Math.round(wasm), ratio: wasm / native };
}

/** The rows and totals as a text table. */
export function table(rows, where) {
  const t = totals(rows);
  const lines = rows.map((row) => `${row.name.padEnd(11)} ${String(row.nodes).padStart(8)} nodes  native ${row.native_ms.toFixed(1).padStart(7)} ms  ${where} ${row.wasm_ms.toFixed(1).padStart(7)} ms  ${row.same ? 'same move and nodes' : 'DIFFERENT'}`);
  lines.push(`total ${t.nodes} nodes: native ${t.native_nps} nodes/s, ${where} ${t.wasm_nps} nodes/s: ${(t.ratio * 100).toFixed(0)}% of native`);
  return lines.join('\n');
}
