// The JS module in Node against the native library: rules on generated positions, perft,
// searches at depth and node limits (same moves, same node counts), bad input.
//
//   HALMA_WASM=path/to/halma.wasm NATIVE_MOVES=moves.jsonl NATIVE_SEARCHES=searches.jsonl \
//     node --test bindings/wasm/test/node.test.mjs
//
// test.sh makes the two native files (cargo run --example native_moves / native_search).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { init, Game, HalmaError, searchSync, Engine, readRecord, DEFAULT_CONTEMPT } from '../halma.js';

const wasm = process.env.HALMA_WASM || fileURLToPath(new URL('../halma.wasm', import.meta.url));
await init(readFileSync(wasm));

const lines = (path) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const START = 'ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x';

const rejects = (code, run) => assert.throws(run, (e) => e instanceof HalmaError && e.code === code);

test('perft from the start: 40 moves, 85,440 leaves at depth 3', () => {
  const game = Game.start();
  assert.equal(game.perft(1), 40);
  assert.equal(game.perft(3), 85_440);
  assert.equal(game.position, START);
});

test('legal moves and hop paths agree with the native library on generated positions', () => {
  const positions = lines(process.env.NATIVE_MOVES);
  assert.ok(positions.length >= 100, `only ${positions.length} positions`);
  let moves = 0;
  for (const { position, moves: native } of positions) {
    const game = Game.fromPosition(position);
    const fromTo = native.map((path) => { const s = path.split('-'); return `${s[0]}-${s[s.length - 1]}`; });
    assert.deepEqual(game.legalMoves(), fromTo, position);
    const state = game.state();
    const byPiece = {};
    for (const move of fromTo) {
      const [from, to] = move.split('-');
      (byPiece[from] ||= []).push(to);
    }
    for (const [from, to] of Object.entries(byPiece)) {
      assert.deepEqual([...game.destinations(from)].sort(), [...to].sort(), `${position} ${from}`);
      assert.deepEqual([...state.destinations[from]].sort(), [...to].sort(), `${position} ${from}`);
    }
    assert.equal(Object.keys(state.destinations).length, Object.keys(byPiece).length);
    native.forEach((path, i) => assert.deepEqual(game.path(fromTo[i]), path.split('-'), position));
    moves += native.length;
    game.free();
  }
  assert.ok(moves > 5000, `only ${moves} moves compared`);
});

test('searches at depth and node limits: the native moves and node counts', () => {
  const searches = lines(process.env.NATIVE_SEARCHES);
  assert.ok(searches.length >= 7);
  for (const native of searches) {
    const limits = native.limits;
    const result = searchSync(Game.fromPosition(native.position), limits);
    assert.equal(result.move, native.move, `${native.name} ${JSON.stringify(limits)}`);
    assert.equal(result.nodes, native.nodes, `${native.name} ${JSON.stringify(limits)}`);
    assert.equal(result.depth, native.depth, native.name);
  }
});

test('a game: play, paths, undo, outcome, record', () => {
  const game = Game.start();
  const played = game.play('l2-k3');
  assert.deepEqual(played, { move: 'l2-k3', path: ['l2', 'k3'], side: 'x' });
  assert.equal(game.turn, 'o');
  assert.deepEqual(game.moves, ['l2-k3']);
  assert.deepEqual(game.outcome(), { result: 'ongoing', winner: null, reason: null, reason_code: null });
  const copy = Game.fromRecord(game.record());
  assert.deepEqual(copy.moves, ['l2-k3']);
  assert.equal(copy.position, game.position);
  assert.equal(game.undo(), 'l2-k3');
  assert.equal(game.position, START);
  rejects('nothing_to_undo', () => game.undo());
  assert.deepEqual(copy.clone().moves, ['l2-k3']);
  const won = Game.fromPosition('xxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/oooooooooo6/ooooooooo7/16/16/16/16/16/16/16/16 o');
  assert.equal(won.outcome().winner, 'x');
  assert.equal(won.outcome().reason_code, 'goal_camp');
  const shuffled = Game.start();
  for (let i = 0; i < 2; i++) for (const m of ['l2-k3', 'a12-a11', 'k3-l2', 'a11-a12']) shuffled.play(m);
  assert.deepEqual(shuffled.outcome(), {
    result: 'draw',
    winner: null,
    reason: 'the same position occurred for the third time',
    reason_code: 'repetition',
  });
  assert.deepEqual(won.legalMoves(), []);
  rejects('game_over', () => won.play('a10-a9'));
  rejects('game_over', () => searchSync(won, { depth: 2 }));
});

// The bad inputs every binding is given (tests/data/bad_inputs.txt): each must report the
// kind of error the file names, as its code.
const BAD_INPUTS = fileURLToPath(new URL('../../../tests/data/bad_inputs.txt', import.meta.url));

test('the same bad inputs give the same kinds of error as in Rust, C and Python', () => {
  const cases = readFileSync(BAD_INPUTS, 'utf8').split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t'));
  assert.ok(cases.length >= 15, `only ${cases.length} cases`);
  for (const [kind, call, rawInput = '', moves = ''] of cases) {
    const input = rawInput.replaceAll('\\n', '\n');
    const game = Game.start();
    for (const move of moves.split(' ').filter(Boolean)) game.play(move);
    const run = {
      position: () => Game.fromPosition(input),
      record: () => Game.fromRecord(input),
      play: () => game.play(input),
      undo: () => game.undo(),
      search: () => searchSync(game, { depth: Number(input) }),
    }[call];
    assert.ok(run, `unknown call ${call}`);
    assert.throws(run, (e) => e instanceof HalmaError && e.code === kind, `${call} ${JSON.stringify(input)} after ${moves}`);
  }
});

test('a record: headers, numbered moves, a resignation, read back; the earlier form too', () => {
  const game = Game.start();
  for (const move of ['n4-n5', 'b12-b11', 'n2-n4-n6']) game.play(move);
  assert.equal(game.record(), '[Result "*"]\n\n1. n4-n5 b12-b11\n2. n2-n6\n*\n');
  const text = game.record({ Site: 'https://halma.example/g/1', X: 'Ann "the \\ fox"', O: 'halma level 5' }, { resigned: 'o' });
  assert.equal(text, '[Site "https://halma.example/g/1"]\n[X "Ann \\"the \\\\ fox\\""]\n[O "halma level 5"]\n'
    + '[Result "1-0"]\n[Reason "resignation"]\n\n1. n4-n5 b12-b11\n2. n2-n6\n1-0\n');
  const read = readRecord(text);
  assert.deepEqual(read.tags, { Site: 'https://halma.example/g/1', X: 'Ann "the \\ fox"', O: 'halma level 5' });
  assert.deepEqual([read.result, read.reason, read.resigned, read.winner], ['1-0', 'resignation', 'o', 'x']);
  assert.deepEqual(read.game.moves, game.moves);
  assert.deepEqual(Game.fromRecord('1. n4-n5 b12-b11 2. n2-n4-n6').moves, ['n4-n5', 'b12-b11', 'n2-n6']);
  assert.deepEqual(Game.fromRecord(`${START}\nl2-k3`).moves, ['l2-k3']);
  for (const text of ['', '[Site nowhere]', '1. l2-k3 1-0', '1. l2-k3 l1-l2']) rejects('parse_error', () => readRecord(text));
  rejects('invalid_argument', () => readRecord(42));
  rejects('invalid_argument', () => game.record({ X: 5 }));
  rejects('invalid_argument', () => game.record({}, { resigned: 'y' }));
  rejects('parse_error', () => game.record({ X: 'two\nlines' }));
  const won = Game.fromPosition('xxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/oooooooooo6/ooooooooo7/16/16/16/16/16/16/16/16 o');
  rejects('game_over', () => won.record({}, { resigned: 'o' }));
});

test('every ending beyond the rules is written and read back; bad ones are refused', () => {
  const game = Game.start();
  game.play('n4-n5');
  for (const [ending, result] of [
    [{ reason: 'resignation', winner: 'x' }, '1-0'], [{ reason: 'resignation', winner: 'o' }, '0-1'],
    [{ reason: 'agreement', winner: null }, '1/2-1/2'], [{ reason: 'time', winner: 'x' }, '1-0'],
    [{ reason: 'time', winner: 'o' }, '0-1'], [{ reason: 'abandonment', winner: 'x' }, '1-0'],
    [{ reason: 'abandonment', winner: 'o' }, '0-1'],
  ]) {
    const text = game.record({}, { ending });
    assert.equal(text, `[Result "${result}"]\n[Reason "${ending.reason}"]\n\n1. n4-n5\n${result}\n`);
    const read = readRecord(text);
    assert.deepEqual([read.result, read.reason, read.winner], [result, ending.reason, ending.winner]);
  }
  for (const ending of [{ reason: 'agreement', winner: 'x' }, { reason: 'time', winner: null }, { reason: 'toString', winner: 'x' },
    { reason: 'goal_camp', winner: 'x' }, 'time', 7]) {
    rejects('invalid_argument', () => game.record({}, { ending }));
  }
  rejects('invalid_argument', () => game.record({}, { ending: { reason: 'agreement', winner: null }, resigned: 'x' }));
});

test('garbage gets an error, never a crash', () => {
  const game = Game.start();
  const garbage = [undefined, null, 42, {}, [], () => 0, Symbol('s'), 10n, NaN];
  for (const value of garbage) {
    rejects('invalid_argument', () => game.play(value));
    rejects('invalid_argument', () => game.destinations(value));
    rejects('invalid_argument', () => game.path(value));
    rejects('invalid_argument', () => searchSync(game, value));
    if (value !== 42) rejects('invalid_argument', () => searchSync(game, { depth: value }));
    rejects('invalid_argument', () => game.perft(value));
    if (value !== undefined) rejects('invalid_argument', () => new Game(value));
  }
  for (const text of ['', 'zz', 'a1-', 'a1-a1', 'q1-q2', '\u0000', 'l2-k3-'.repeat(1000), '\ud800']) {
    assert.throws(() => game.play(text), (e) => e instanceof HalmaError && ['parse_error', 'illegal_move'].includes(e.code), text);
  }
  rejects('illegal_move', () => game.play('a1-a2'));
  rejects('illegal_move', () => game.path('l2-l9'));
  rejects('parse_error', () => game.destinations('z9'));
  assert.deepEqual(game.destinations('a1'), []);
  for (const text of ['16 x', '16/16 x', 'x'.repeat(100000), 'ooooo11/ooooo11 z', `${START}\nl2-k3 k3-j4`]) {
    rejects('parse_error', () => new Game(text));
  }
  rejects('parse_error', () => Game.fromPosition(`${START}\nl2-k3`));
  rejects('invalid_argument', () => new Game('x'.repeat(2 << 20)));
  for (const limits of [{}, { level: 0 }, { level: 11 }, { level: 2.5 }, { depth: -1 }, { depth: 1001 }, { nodes: 1.5 },
    { timeMs: -1 }, { timeMs: Infinity }, { level: 3, depth: 2 }, { speed: 9 }, { nodes: 2 ** 60 }]) {
    rejects('invalid_argument', () => searchSync(game, limits));
  }
  rejects('invalid_argument', () => game.perft(6));
  game.free();
  game.free();
  rejects('no_game', () => game.legalMoves());
  // The module still answers.
  assert.equal(Game.start().legalMoves().length, 40);
});

test('a search reports each iteration and can be stopped by its host', () => {
  const depths = [];
  const result = searchSync(Game.start(), { depth: 4 }, { onInfo: (info) => depths.push(info.depth) });
  assert.deepEqual(depths, [1, 2, 3, 4]);
  assert.equal(result.depth, 4);
  assert.deepEqual(result.path, Game.start().path(result.move));
  let asked = 0;
  const started = performance.now();
  const stopped = searchSync(Game.start(), { timeMs: 60_000 }, { stopRequested: () => ++asked > 50 });
  assert.ok(performance.now() - started < 10_000, 'the stop ended the search');
  assert.ok(Game.start().legalMoves().includes(stopped.move));
  assert.ok(asked > 50);
});

test('the contempt decides between a repetition and playing on', () => {
  // o, a little behind, can take its last move back to a position of the game.
  const game = Game.start();
  for (const move of ['m1-k3', 'd16-f16', 'l1-k1', 'b12-a11', 'k1-l1']) game.play(move);
  assert.equal(DEFAULT_CONTEMPT, 150);
  const playingOn = searchSync(game, { depth: 3 });
  assert.notEqual(playingOn.move, 'a11-b12');
  assert.ok(playingOn.score > -150 && playingOn.score < 0, `${playingOn.score}`);
  assert.deepEqual(searchSync(game, { depth: 3 }, { contempt: DEFAULT_CONTEMPT }).move, playingOn.move);
  const repeating = searchSync(game, { depth: 3 }, { contempt: 0 });
  assert.equal(repeating.move, 'a11-b12');
  assert.equal(repeating.score, 0);
  // Each search has its own: the default again when none is given.
  assert.equal(searchSync(game, { depth: 3 }).move, playingOn.move);
  for (const contempt of [1001, -1001, 1.5, '0', null]) {
    rejects('invalid_argument', () => searchSync(game, { depth: 3 }, { contempt }));
  }
});

test('a level search answers within its time', () => {
  const started = performance.now();
  const result = searchSync(Game.start(), { level: 10 });
  const ms = performance.now() - started;
  assert.ok(Game.start().legalMoves().includes(result.move));
  assert.ok(ms < 5000, `${ms} ms`);
});

test('Engine needs Web Workers: refused with an error in Node', async () => {
  if (typeof Worker === 'function') return;
  await assert.rejects(Engine.create(), (e) => e instanceof HalmaError && e.code === 'unsupported');
});
