#!/usr/bin/env node
// The WebAssembly engine as an engine-protocol program (halma_tools::protocol: `position ...`,
// `go <limits>`, `quit` on stdin; `ok`, `bestmove ...`, `error ...` on stdout), so that the
// match tool can play it against the native engine:
//
//   cargo run --release -p halma-tools --bin match -- \
//     --a exec:bindings/wasm/tools/protocol-player.mjs:time:100 --b time:100 --threads 1
//
//   bindings/wasm/tools/protocol-player.mjs [path/to/halma.wasm]   (default: the committed one)
//
// It runs halma.wasm through halma.js, the module the page uses, with `searchSync` in this
// thread: a search is bounded by its limits, and the next request waits for it (the protocol
// has nothing to say during a search). Limits: `time:MS`, `depth:N`, `nodes:N`, or `level:N`
// alone (without its minimum thinking time, as the native engine's `level:N`), joined by `+`;
// anything else (engine settings after a comma, `ab2`, `paced-level:N`) is answered `error`.
// It searches at contempt 0, as the native engine program does by default: a draw is worth
// as much to either engine. The game is rebuilt from the whole `position` line, so
// repetitions count; a game that does not continue the previous one empties the search table
// (`clearSearchTable`), as the native engine does.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { init, clearSearchTable, Game, searchSync } from '../halma.js';

/** The limits `searchSync` takes for the protocol's limits text `text`; throws its error. */
function parseLimits(text) {
  const limits = {};
  const keys = { time: 'timeMs', depth: 'depth', nodes: 'nodes', level: 'level' };
  for (const item of text.split('+')) {
    const [name, value, extra] = item.split(':');
    const key = keys[name];
    if (key === undefined || extra !== undefined) {
      throw new Error(`unknown limit ${JSON.stringify(item)} (time:MS, depth:N, nodes:N, level:N, joined by +)`);
    }
    if (!/^[0-9]+$/.test(value ?? '')) throw new Error(`${name} takes a whole number, not ${JSON.stringify(value ?? '')}`);
    if (key in limits) throw new Error(`${name} is given twice`);
    limits[key] = Number(value);
  }
  return limits; // searchSync checks the ranges and the combinations
}

/** The game of a `position` request, from its words after `position`; throws its error. */
function parseGame(words) {
  const [first, ...rest] = words;
  if (first === undefined) throw new Error('position needs a position text or start');
  let game;
  if (first === 'start') {
    game = Game.start();
  } else {
    game = Game.fromPosition(`${first} ${rest.shift() ?? ''}`);
  }
  const [keyword, ...moves] = rest;
  if (keyword !== undefined && keyword !== 'moves') {
    game.free();
    throw new Error(`expected moves after the position, not ${JSON.stringify(keyword)}`);
  }
  if (moves.length > 0) {
    // The whole record in one call into the module, which replays it; a record it does not
    // take (a hop path among the moves, a move that is not legal) is played move by move.
    try {
      const whole = Game.fromRecord(`${game.position}\n${moves.join(' ')}`);
      game.free();
      return whole;
    } catch (_) {
      // below: the move that fails, with its number
    }
  }
  moves.forEach((text, ply) => {
    try {
      game.play(text);
    } catch (error) {
      game.free();
      throw new Error(`move ${ply + 1} ${JSON.stringify(text)}: ${error.message}`);
    }
  });
  return game;
}

/** Whether `game` continues `last`: the same start, and `last`'s moves are its first. */
function continues(game, last) {
  if (last === null) return true;
  const before = last.moves;
  const now = game.moves;
  return game.state().start === last.state().start && before.length <= now.length
    && before.every((move, i) => move === now[i]);
}

/** The protocol's server: the game last sent, and the answer to each request line. */
class Player {
  #game = null;

  /** The answer line to `line`, `null` for a blank line (no answer), `undefined` for quit. */
  answer(line) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return null;
    try {
      return this.#serve(words);
    } catch (error) {
      // One line, as the protocol wants it.
      return `error ${String(error && error.message ? error.message : error).split(/\s+/).join(' ')}`;
    }
  }

  #serve([request, ...args]) {
    switch (request) {
      case 'position': {
        const game = parseGame(args);
        if (!continues(game, this.#game)) clearSearchTable();
        if (this.#game) this.#game.free();
        this.#game = game;
        return 'ok';
      }
      case 'go': {
        if (args.length === 0) throw new Error('go needs limits, e.g. go time:100');
        if (args.length > 1) throw new Error(`go takes one word of limits, not ${JSON.stringify(args[1])}`);
        const limits = parseLimits(args[0]);
        if (this.#game === null) throw new Error('no position yet: send position first');
        // A program plays other engines: a draw is worth as much to either (contempt 0).
        const found = searchSync(this.#game, limits, { contempt: 0 });
        return `bestmove ${found.move} score ${found.score} depth ${found.depth} nodes ${found.nodes}`;
      }
      case 'quit':
        return undefined;
      default:
        throw new Error(`unknown request ${JSON.stringify(request)}`);
    }
  }
}

/** Serves requests on stdin until `quit` or its end. */
async function main() {
  const wasm = process.argv[2] ?? fileURLToPath(new URL('../halma.wasm', import.meta.url));
  await init(readFileSync(wasm));
  const player = new Player();
  // A client that went away (the match tool kills a program it is done with): nothing to say.
  process.stdout.on('error', () => process.exit(0));
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of input) {
    const reply = player.answer(line);
    if (reply === undefined) break;
    // Writes to a pipe are synchronous in Node on Linux: the line is out before the next search.
    if (reply !== null) process.stdout.write(`${reply}\n`);
  }
  input.close();
  process.exit(0);
}

main().catch((error) => {
  console.error(`protocol-player: ${error.message}`);
  process.exit(1);
});
