// The speed comparison's shared part, in Node and in a browser page alike: the native
// searches (native_search's lines) searched again by the module, and the figures of rounds.

/** Searches each of `natives` (native_search's lines) in the module: `[{move, nodes}]`. */
export function searchAll(halma, natives) {
  return natives.map((native) => {
    const game = halma.Game.fromPosition(native.position);
    const { move, nodes } = halma.searchSync(game, native.limits);
    game.free();
    return { move, nodes };
  });
}

/** The searches of `results` whose move or node count is not the native one's, by name. */
export function differences(natives, results) {
  return natives.filter((native, i) => results[i].move !== native.move || results[i].nodes !== native.nodes)
    .map((native) => native.name);
}

/** The median of `values`. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}
