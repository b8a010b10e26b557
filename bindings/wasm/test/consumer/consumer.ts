// A TypeScript program against the installed package: its declarations found through
// package.json's `exports` (strict, Node's module resolution), the calls and results typed.
import { Game, HalmaError, init, readRecord, searchSync } from 'halma';
import type { Limits, Outcome, SearchResult } from 'halma';

await init();
const limits: Limits = { nodes: 500 };
const game: Game = Game.start();
const reply: SearchResult = searchSync(game, limits);
game.play(reply.move);
const outcome: Outcome = game.outcome();
const replayed: Game = readRecord(game.record({ Site: 'a test' })).game;
try {
  game.play('a1-a2');
} catch (error) {
  if (error instanceof HalmaError) console.log(error.code satisfies string, outcome.result, replayed.moves);
}
