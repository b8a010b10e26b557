// The speed comparison's shared part, in Node and in a browser page alike: the native
// searches (native_search's lines) searched again by the module, each run timed by the
// caller, the move and node count checked, the shortest of `repeat` runs kept.

/** Searches `native` in the module and returns `{result, ms}` (the caller's clock). */
export function timed(halma, native, clock) {
  const game = halma.Game.fromPosition(native.position);
  const started = clock();
  const result = halma.searchSync(game, native.limits);
  const ms = clock() - started;
  game.free();
  return { result, ms };
}

/** One row per native search: `{name, nodes, native_ms, wasm_ms, same}`. `run(native)`
 * resolves to `{result, ms}`. */
export async function compare(natives, repeat, run) {
  const rows = [];
  for (const native of natives) {
    let ms = Infinity;
    let result = null;
    for (let i = 0; i < repeat; i++) {
      const once = await run(native);
      result = once.result;
      ms = Math.min(ms, once.ms);
    }
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
