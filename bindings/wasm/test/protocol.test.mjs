// The WebAssembly engine as an engine-protocol program (tools/protocol-player.mjs) against
// the native one (halma-tools' `engine`), both spoken to over their stdin and stdout as the
// match tool speaks to them: the same answers to depth- and node-limited searches (move,
// score, depth, node count), the game rebuilt from the whole position line (repetitions
// count), every malformed request answered `error` and the program going on, `quit` ending it.
//
//   NATIVE_ENGINE=target/release/engine HALMA_WASM=path/to/halma.wasm \
//     node --test bindings/wasm/test/protocol.test.mjs
//
// test.sh builds the native engine (cargo build --release -p halma-tools --bin engine).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const player = fileURLToPath(new URL('../tools/protocol-player.mjs', import.meta.url));
const wasm = process.env.HALMA_WASM || fileURLToPath(new URL('../halma.wasm', import.meta.url));
const native = process.env.NATIVE_ENGINE;
assert.ok(native, 'NATIVE_ENGINE names the native engine program');

/** A program spoken to one request line at a time. */
class Program {
  constructor(command, args = []) {
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    this.lines = [];
    this.waiting = [];
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const waiter = this.waiting.shift();
      if (waiter) waiter(line); else this.lines.push(line);
    });
  }

  /** Writes `request` (a line, or bytes) without waiting for an answer. */
  send(request) {
    this.child.stdin.write(typeof request === 'string' ? `${request}\n` : request);
  }

  /** The next line it writes, within 60 s. */
  next() {
    if (this.lines.length) return Promise.resolve(this.lines.shift());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer within 60 s')), 60_000);
      this.waiting.push((line) => { clearTimeout(timer); resolve(line); });
    });
  }

  /** Sends `request` and returns its answer. */
  ask(request) {
    this.send(request);
    return this.next();
  }

  kill() { this.child.kill(); }
}

const programs = [];
function start(command, args) {
  const program = new Program(command, args);
  programs.push(program);
  return program;
}
after(() => programs.forEach((program) => program.kill()));

const START = 'ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x';
// Each side steps out and back: the start position for the second time.
const ONCE_AROUND = ['l2-k3', 'e15-f14', 'k3-l2', 'f14-e15'];

test('depth- and node-limited searches answer as the native engine does', async () => {
  const wasmPlayer = start(player, [wasm]);
  const nativePlayer = start(native);
  const requests = [
    'position start',
    'go depth:5',
    `position ${START} moves l2-k3 b14-d12`,
    'go nodes:20000',
    'go depth:4+nodes:3000',
    // A new game, a hop path among the moves; then the same game continued.
    'position start moves m3-l3 e15-f15 o1-m3-k1',
    'go depth:6',
    'position start moves m3-l3 e15-f15 o1-k1 c15-e13',
    'go level:3',
    // The start position a second time: the search knows its history.
    `position start moves ${ONCE_AROUND.join(' ')}`,
    'go depth:5',
  ];
  let searches = 0;
  for (const request of requests) {
    const [ours, theirs] = [await wasmPlayer.ask(request), await nativePlayer.ask(request)];
    assert.equal(ours, theirs, request);
    if (request.startsWith('go')) {
      assert.match(ours, /^bestmove [a-p][0-9]+-[a-p][0-9]+ score -?[0-9]+ depth [0-9]+ nodes [0-9]+$/, request);
      searches += 1;
    } else {
      assert.equal(ours, 'ok');
    }
  }
  assert.equal(searches, 6);
});

test('repetitions count: the game is rebuilt from the whole position line', async () => {
  const wasmPlayer = start(player, [wasm]);
  const nativePlayer = start(native);
  // The start position's third occurrence draws: no move to search.
  const drawn = `position start moves ${[...ONCE_AROUND, ...ONCE_AROUND].join(' ')}`;
  for (const program of [wasmPlayer, nativePlayer]) {
    assert.equal(await program.ask(drawn), 'ok');
    assert.match(await program.ask('go depth:2'), /^error .*game is over/);
  }
  // The same placement sent without its history is a game in play.
  assert.match(await wasmPlayer.ask('position start'), /^ok$/);
  assert.match(await wasmPlayer.ask('go depth:2'), /^bestmove /);
});

test('malformed requests get an error, and the program goes on', async () => {
  const wasmPlayer = start(player, [wasm]);
  const nativePlayer = start(native);
  // Refused by both engines.
  const refused = [
    'go depth:1', // no position yet
    'hello',
    'position',
    'position 16/16 x',
    `${'position'} ${START.replace(' x', ' z')}`,
    'position start l2-k3',
    'position start moves l2-k9',
    'position start moves l2-k3 zz',
    'position start moves l2-k3 l2-k3',
    'go',
    'go depth:2 time:5',
    'go time:fast',
    'go depth:-1',
    'go depth',
    'go fast',
    'go depth:2+',
  ];
  for (const request of refused) {
    const [ours, theirs] = [await wasmPlayer.ask(request), await nativePlayer.ask(request)];
    assert.match(ours, /^error \S/, request);
    assert.match(theirs, /^error \S/, `native: ${request}`);
  }
  // Refused here only: engine settings, the native-only players, limits a search cannot take.
  assert.equal(await wasmPlayer.ask('position start'), 'ok');
  for (const request of ['go time:100,lmr=off', 'go time:100,threads=2', 'go ab2', 'go paced-level:3',
    'go level:11', 'go level:0', 'go level:3+time:100', 'go depth:0', 'go time:0', 'go depth:2+depth:3',
    'go depth:1001', 'go nodes:99999999999999999999', 'go time:1:2', 'go DEPTH:2', 'go depth:2.5']) {
    assert.match(await wasmPlayer.ask(request), /^error \S/, request);
  }
  // Bytes that are not UTF-8, a NUL, a long line, spaces: one error line each, or nothing for blanks.
  wasmPlayer.send(Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x0a]));
  assert.match(await wasmPlayer.next(), /^error /);
  assert.match(await wasmPlayer.ask(`position start moves ${'l2-k3 '.repeat(20000)}`), /^error move 2 /);
  wasmPlayer.send('   \t ');
  wasmPlayer.send('');
  // Still the game of the last position that read, and still searching as natively.
  assert.equal(await nativePlayer.ask('position start'), 'ok');
  assert.equal(await wasmPlayer.ask('go depth:3'), await nativePlayer.ask('go depth:3'));
});

test('quit ends the program, unanswered; so does the end of its input', async () => {
  const wasmPlayer = start(player, [wasm]);
  assert.equal(await wasmPlayer.ask('position start'), 'ok');
  wasmPlayer.send('quit');
  wasmPlayer.send('go depth:1');
  assert.deepEqual(await wasmPlayer.exited, { code: 0, signal: null });
  assert.deepEqual(wasmPlayer.lines, []);
  const closed = start(player, [wasm]);
  closed.child.stdin.end();
  assert.deepEqual(await closed.exited, { code: 0, signal: null });
});
