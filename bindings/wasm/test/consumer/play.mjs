// A game from the start to its end, each move the engine's at a node limit: the same moves
// wherever the package runs (node-limited searches are deterministic).

/** The search's limit for every move. */
export const LIMITS = { nodes: 500 };

/** More plies than any game played here takes: a game still going then is a failure. */
const MAX_PLIES = 1000;

/**
 * Plays a game with `halma` (the package's module, after `init()`), asking `search(game)`
 * (a SearchResult, or a promise of one) for every move; resolves to its moves and outcome.
 */
export async function playOut(halma, search) {
  const game = halma.Game.start();
  while (game.outcome().result === 'ongoing' && game.moves.length < MAX_PLIES) {
    game.play((await search(game)).move);
  }
  const played = { moves: game.moves, outcome: game.outcome() };
  game.free();
  return played;
}
