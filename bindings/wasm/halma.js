// The halma engine in WebAssembly, for any web game: the rules (Game, synchronous, in the
// page) and the computer (Engine, in a Web Worker of its own, so that the page never
// freezes). One file and halma.wasm beside it; no dependencies, no build step. Typed by
// halma.d.ts; documented in README.md.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The error of every call of this module: `code` says what kind, `message` what exactly. */
export class HalmaError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'HalmaError';
    this.code = code;
  }
}

// The module's status codes (bindings/wasm/src/status.rs): the C ABI's numbers, named as C
// names them without the prefix (HALMA_STATUS_PARSE_ERROR is 3, 'parse_error'), the
// module's own after C's.
const STATUS = Object.freeze({
  2: 'invalid_argument', 3: 'parse_error', 4: 'invalid_position', 5: 'illegal_move',
  6: 'game_over', 8: 'nothing_to_undo', 10: 'busy', 11: 'no_game', 12: 'out_of_memory',
});

const SIDES = ['x', 'o'];
/** The deepest perft the module runs. */
const MAX_PERFT_DEPTH = 5;
/** The default transposition table of an engine, in MiB. */
const DEFAULT_TABLE_MB = 16;
/**
 * The contempt of a new engine: a draw is worth a move and a half (150 hundredths) less than an
 * even game to it, so that it plays on rather than repeat, for play against people.
 */
export const DEFAULT_CONTEMPT = 150;
/** Past a search's own time limit, how long it may take before its worker is ended. */
const DEADLINE_GRACE_MS = 1500;
/** The name the engine's worker runs under: this same file, started as a worker. */
const WORKER_NAME = 'halma-engine';

/**
 * How a review searches and judges: `nodes`, the node limit of each position's search that
 * a review of a game's page uses (level 7's: about 60 ms a position in Chromium; the same
 * review on every run); in hundredths of a move of race advantage (the scores' unit), `cap`,
 * the most a position counts for either side (a proven result counts this much; past it a
 * race is decided and its moves cost nothing); a move that loses `mistake` or more (a whole
 * move of the race) is a mistake, `blunder` or more (three) a blunder.
 */
export const REVIEW = Object.freeze({ nodes: 30_000, cap: 1000, mistake: 100, blunder: 300 });

function argument(message) {
  return new HalmaError('invalid_argument', message);
}

/** The endings beyond the rules that a side wins, by reason: the code of o's win (x's is one more). */
const WON_ENDINGS = { resignation: 1, time: 4, abandonment: 6 };

/** The number wasm_record_write takes for the ending `{reason, winner}`. */
function endingCode(ending) {
  const { reason, winner } = ending !== null && typeof ending === 'object' ? ending : {};
  if (reason === 'agreement' && winner == null) return 3;
  if (Object.hasOwn(WON_ENDINGS, reason) && SIDES.includes(winner)) return WON_ENDINGS[reason] + (winner === 'x' ? 1 : 0);
  throw argument(`the ending must be {reason, winner}: 'resignation', 'time' or 'abandonment' won by 'x' or 'o', or 'agreement' (winner null); not ${JSON.stringify(ending)}`);
}

function checkString(value, what) {
  if (typeof value !== 'string') throw argument(`${what} must be a string, not ${typeof value}`);
  if (value.length > 1 << 20) throw argument(`${what} is longer than a MiB`);
  return value;
}

function checkInteger(value, what, min, max) {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw argument(`${what} must be a whole number from ${min} to ${max}, not ${String(value)}`);
  }
  return value;
}

function checkContempt(value) {
  return checkInteger(value, 'the contempt', -1000, 1000);
}

// ---- one instance of the module ---------------------------------------------------------

/** An instance of halma.wasm with its imports; dead once it trapped (its state is lost). */
class Instance {
  /** An instance of `module`; `hooks.onInfo(text)`, `hooks.stopRequested()` serve searches. */
  constructor(module, hooks = {}) {
    this.module = module;
    this.panic = null;
    this.dead = false;
    this.hooks = hooks;
    const imports = {
      halma: {
        now_ms: () => performance.now(),
        stop_requested: () => (this.hooks.stopRequested && this.hooks.stopRequested() ? 1 : 0),
        info: (ptr, len) => { if (this.hooks.onInfo) this.hooks.onInfo(this.read(ptr, len)); },
        panic: (ptr, len) => { this.panic = this.read(ptr, len); },
      },
    };
    this.exports = new WebAssembly.Instance(module, imports).exports;
    this.exports.wasm_init();
  }

  read(ptr, len) {
    return decoder.decode(new Uint8Array(this.exports.memory.buffer, ptr, len));
  }

  /** Writes `text` into the module's input buffer; its length in bytes. */
  input(text) {
    const bytes = encoder.encode(text);
    const ptr = this.exports.wasm_input(bytes.length);
    if (ptr === 0) throw new HalmaError('out_of_memory', 'no memory for the input text');
    new Uint8Array(this.exports.memory.buffer, ptr, bytes.length).set(bytes);
    return bytes.length;
  }

  /** Calls export `name`; its output text, or the error it returned (thrown). */
  call(name, ...args) {
    if (this.dead) throw new HalmaError('crashed', 'this engine instance crashed earlier');
    let status;
    try {
      status = this.exports[name](...args);
    } catch (error) {
      this.dead = true;
      const what = this.panic || (error && error.message) || String(error);
      throw new HalmaError('crashed', `the engine crashed: ${what}`);
    }
    const output = this.read(this.exports.wasm_output(), this.exports.wasm_output_len());
    if (status !== 0) throw new HalmaError(STATUS[status] || 'crashed', output);
    return output;
  }

  /** Calls export `name` with `text` in the input buffer first. */
  callWith(name, text, ...args) {
    const len = this.input(text);
    return this.call(name, ...args, len);
  }
}

// ---- loading ----------------------------------------------------------------------------

let compiled = null; // Promise<WebAssembly.Module>
let rules = null; // the page's Instance, for games

/** Compiles halma.wasm from `source` (a URL, a Response, bytes or a compiled module). */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const file = readFileUrl(source);
  if (file) return WebAssembly.compile(await file);
  const response = source instanceof Response ? source : await fetch(source);
  if (!response.ok) {
    throw new HalmaError('unavailable', `halma.wasm could not be loaded: ${response.status} ${response.statusText}`);
  }
  if (WebAssembly.compileStreaming && response.headers.get('Content-Type') === 'application/wasm') {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * The bytes of a file: URL where Node.js runs this module (its fetch() reads no files), else
 * null. process.getBuiltinModule (Node.js 20.16) rather than an import: nothing for a
 * bundler to follow, nothing for a browser to load.
 */
function readFileUrl(source) {
  const fs = globalThis.process?.getBuiltinModule?.('node:fs/promises');
  if (!fs || !String(source).startsWith('file:')) return null;
  return fs.readFile(new URL(source)).catch((error) => {
    throw new HalmaError('unavailable', `halma.wasm could not be loaded: ${error.message}`);
  });
}

/**
 * Loads the module (by default halma.wasm beside this file) for games and engines; resolves
 * once games can be made. Later calls return the first one's promise.
 */
export function init(source) {
  if (!compiled) {
    if (typeof WebAssembly !== 'object') {
      return Promise.reject(new HalmaError('unsupported', 'this browser has no WebAssembly'));
    }
    const wasm = source === undefined ? new URL('halma.wasm', import.meta.url) : source;
    compiled = compile(wasm).then((module) => {
      rules = new Instance(module);
      return module;
    });
    compiled.catch(() => { compiled = null; });
  }
  return compiled.then(() => undefined);
}

/** The page's instance, remade if it crashed (its games are remade from their moves). */
function rulesInstance() {
  if (!rules) throw new HalmaError('unavailable', 'call and await init() first');
  if (rules.dead) rules = new Instance(rules.module);
  return rules;
}

// ---- games --------------------------------------------------------------------------------

const freed = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ instance, handle }) => {
    if (!instance.dead) instance.exports.wasm_game_free(handle);
  })
  : null;

/**
 * A game: the position it started from, the moves played, the outcome. Synchronous; made
 * once `init()` has resolved.
 */
export class Game {
  #instance = null;
  #handle = 0;
  #start; // position text of the start
  #moves = [];

  constructor(text = '') {
    checkString(text, 'the game text');
    this.#open(text);
    const state = this.state();
    this.#start = state.start;
    this.#moves = state.moves.slice();
  }

  /** The game from the start position. */
  static start() { return new Game(''); }
  /** A game from position text (one line: the placement and the side to move). */
  static fromPosition(text) {
    checkString(text, 'the position text');
    if (text.trim().includes('\n')) throw new HalmaError('parse_error', 'position text is one line');
    return new Game(text);
  }
  /**
   * A game from a game record, its moves replayed: headers and numbered moves (as
   * `record()` writes them), or the earlier form (position text, then the moves).
   */
  static fromRecord(text) {
    return readRecord(text).game;
  }

  #open(text) {
    const instance = rulesInstance();
    const handle = Number(instance.callWith('wasm_game_new', text));
    this.#instance = instance;
    this.#handle = handle;
    if (freed) freed.register(this, { instance, handle }, this);
  }

  /** The instance and handle to call, the game remade first if its instance crashed. */
  #call(name, ...args) {
    if (!this.#handle) throw new HalmaError('no_game', 'this game was freed');
    if (this.#instance.dead || this.#instance !== rules) {
      this.#open(this.#recordText());
    }
    return this.#instance.call(name, this.#handle, ...args);
  }

  #callWith(name, text, ...args) {
    if (!this.#handle) throw new HalmaError('no_game', 'this game was freed');
    if (this.#instance.dead || this.#instance !== rules) this.#open(this.#recordText());
    const len = this.#instance.input(text);
    return this.#instance.call(name, this.#handle, ...args, len);
  }

  #recordText() {
    return this.#start + '\n' + this.#moves.join(' ') + '\n';
  }

  /**
   * How the game stands: `{position, start, turn, moves, outcome, pieces, last_move,
   * destinations}` (destinations: each movable piece of the side to move and where it can go).
   */
  state() { return JSON.parse(this.#call('wasm_game_state')); }
  /** Position text of the current position. */
  get position() { return this.state().position; }
  /** The side to move, `'x'` or `'o'`. */
  get turn() { return this.state().turn; }
  /** The moves played, `from-to` each. */
  get moves() { return this.#moves.slice(); }
  /** `{result: 'ongoing' | 'win' | 'draw', winner, reason}`. */
  outcome() { return this.state().outcome; }
  /**
   * The game record, to save or share: the headers `tags` (`{Site, Date, X, O, Level}`, in
   * that order, each a string without line breaks), `Result` and `Reason`, `Position` for a
   * start other than the standard one; then the moves numbered, a pair a line; then the
   * result. A game that ended beyond the rules says how: `ending` `{reason, winner}`
   * (`reason` 'resignation', 'agreement', 'time' or 'abandonment', a server's outcome's
   * `reason_code`; `winner` the side that won, null for an agreement), or `resigned`, the
   * side that resigned.
   */
  record(tags = {}, { resigned = null, ending = null } = {}) {
    if (tags === null || typeof tags !== 'object') throw argument('the tags must be an object');
    const headers = Object.entries(tags).map(([name, value]) => {
      const text = checkString(value, `the ${name} tag`).replace(/[\\"]/g, '\\$&');
      return `[${name} "${text}"]\n`;
    }).join('');
    if (resigned !== null && ending !== null) throw argument('give the ending or the side that resigned, not both');
    let code = ending === null ? 0 : endingCode(ending);
    if (resigned !== null) {
      code = SIDES.indexOf(resigned) + 1;
      if (code === 0) throw argument(`the side that resigned must be 'x' or 'o', not ${String(resigned)}`);
    }
    return this.#callWith('wasm_record_write', headers, code);
  }
  /** The legal moves, `from-to` each (none once the game is over). */
  legalMoves() { return JSON.parse(this.#call('wasm_game_legal_moves')); }
  /** Where the piece on `from` can go (none for an empty square or the other side's piece). */
  destinations(from) {
    return JSON.parse(this.#callWith('wasm_game_destinations', checkString(from, 'the square')));
  }
  /** The squares a legal move (`from-to` or a hop path) passes through: origin, landings, destination. */
  path(move) { return JSON.parse(this.#callWith('wasm_game_path', checkString(move, 'the move'))); }
  /** Plays a move (`from-to` or a hop path); `{move, path, side}`. */
  play(move) {
    const played = JSON.parse(this.#callWith('wasm_game_play', checkString(move, 'the move')));
    this.#moves.push(played.move);
    return played;
  }
  /** Takes back the last move and returns it. */
  undo() {
    const move = JSON.parse(this.#call('wasm_game_undo'));
    this.#moves.pop();
    return move;
  }
  /** The leaf count of the move tree `depth` plies deep (at most 5; runs synchronously). */
  perft(depth) {
    checkInteger(depth, 'the perft depth', 0, MAX_PERFT_DEPTH);
    return Number(this.#call('wasm_game_perft', depth));
  }
  /** A copy with the same history. */
  clone() { return Game.fromRecord(this.#recordText()); }
  /** Frees the game's memory now (else it goes when the game is garbage-collected). */
  free() {
    if (!this.#handle) return;
    if (freed) freed.unregister(this);
    if (!this.#instance.dead) this.#instance.exports.wasm_game_free(this.#handle);
    this.#handle = 0;
  }
}

/**
 * Reads a game record (either form): `{game, tags, result, reason, resigned, winner}`, the
 * game with its moves replayed, `tags` the host's headers in order (`{Site, X, ...}`),
 * `result` `'1-0'`, `'0-1'`, `'1/2-1/2'` or `'*'`, `reason` why it ended (the outcome's
 * `reason_code`, or `'resignation'`), `resigned` and `winner` sides or null.
 */
export function readRecord(text) {
  checkString(text, 'the game record');
  const read = JSON.parse(rulesInstance().callWith('wasm_record_read', text));
  const { start, moves, ...rest } = read;
  return { game: new Game(`${start}\n${moves.join(' ')}\n`), ...rest };
}

// ---- searches -------------------------------------------------------------------------------

/** Checks search limits; the numbers the module's search export takes. */
function searchArguments(limits) {
  if (limits === null || typeof limits !== 'object') throw argument('the limits must be an object');
  for (const key of Object.keys(limits)) {
    if (!['level', 'depth', 'nodes', 'timeMs'].includes(key)) throw argument(`unknown limit "${key}"`);
  }
  const { level = 0, depth = 0, nodes = 0, timeMs = 0 } = limits;
  if (limits.level !== undefined) {
    checkInteger(level, 'the level', 1, 10);
    if (depth || nodes || timeMs) throw argument('a search takes a level or limits, not both');
  }
  checkInteger(depth, 'the depth', 0, 1000);
  checkInteger(nodes, 'the node limit', 0, Number.MAX_SAFE_INTEGER);
  if (typeof timeMs !== 'number' || !(timeMs >= 0 && timeMs <= 86400000)) {
    throw argument('the time limit (timeMs) must be 0 to 86,400,000 ms');
  }
  if (!level && !depth && !nodes && !timeMs) throw argument('a search needs a level, or a depth, node or time limit');
  return [depth, nodes, timeMs, level];
}

/** The longest a search within `limits` should take, in ms (none for depth and node limits). */
function timeBudget(limits) {
  if (limits.level) return 1000;
  return limits.timeMs || null;
}

function recordOf(game) {
  if (game instanceof Game) return game.record();
  return checkString(game, 'the game (a Game or a game record)');
}

/**
 * Searches in this thread, blocking it until the search ends: for Node and for workers of
 * your own (a page uses Engine). `game` is a Game or a game record. Resolves nothing
 * asynchronously: returns the result `{move, path, score, depth, nodes, time_ms, pv,
 * forced_win_in, pace_ms}`. A level's minimum thinking time (`pace_ms`) is not waited for here.
 * `contempt` (default `DEFAULT_CONTEMPT`) is what a draw is worth less than an even game.
 */
export function searchSync(game, limits, { onInfo, stopRequested, contempt = DEFAULT_CONTEMPT } = {}) {
  const args = searchArguments(limits);
  const record = recordOf(game);
  checkContempt(contempt);
  const instance = rulesInstance();
  return runSearch(instance, record, args, { onInfo, stopRequested }, contempt);
}

/**
 * Empties the transposition table that `searchSync`'s searches share, for a new game (a
 * depth- or node-limited search starts from an empty one anyway; time-limited searches and
 * levels reuse what earlier ones stored).
 */
export function clearSearchTable() {
  rulesInstance().exports.wasm_engine_clear();
}

function runSearch(instance, record, args, hooks, contempt) {
  instance.call('wasm_engine_set_contempt', contempt);
  const handle = Number(instance.callWith('wasm_game_new', record));
  instance.hooks = {
    onInfo: hooks.onInfo && ((text) => hooks.onInfo(JSON.parse(text))),
    stopRequested: hooks.stopRequested,
  };
  try {
    return JSON.parse(instance.call('wasm_search', handle, ...args));
  } finally {
    instance.hooks = {};
    if (!instance.dead) instance.exports.wasm_game_free(handle);
  }
}

// ---- the engine in a worker -----------------------------------------------------------------

/**
 * The computer, searching in a Web Worker of its own. Made by `Engine.create()`. One search
 * at a time; `stop()` ends it early with the best move found so far.
 */
export class Engine {
  #module;
  #tableMb;
  #contempt;
  #worker = null;
  #ready = null; // Promise, resolved when the worker can search
  #flag = null; // Int32Array on a SharedArrayBuffer: the number of the search to stop
  #running = null; // {id, record, resolve, reject, info, fallback, timer, started, limits}
  #searches = 0;
  #terminated = false;

  constructor(key, module, tableMb, contempt) {
    if (key !== WORKER_NAME) throw new TypeError('use Engine.create()');
    this.#module = module;
    this.#tableMb = tableMb;
    this.#contempt = contempt;
  }

  /**
   * An engine with a transposition table of `tableMb` MiB (default 16) and a `contempt`
   * (default `DEFAULT_CONTEMPT`), on the module given (else the one `init()` loads): resolves
   * once its worker is ready.
   */
  static async create({ tableMb = DEFAULT_TABLE_MB, module, contempt = DEFAULT_CONTEMPT } = {}) {
    checkInteger(tableMb, 'the table size (tableMb)', 1, 1024);
    checkContempt(contempt);
    if (typeof Worker !== 'function') throw new HalmaError('unsupported', 'this browser has no Web Workers');
    await init(module);
    const engine = new Engine(WORKER_NAME, await compiled, tableMb, contempt);
    await engine.#start();
    return engine;
  }

  /**
   * How much less than an even game a draw is worth to the engine, in hundredths of a move
   * (-1000 to 1000): it never steers into a repetition while it finds playing on worth more
   * than minus the contempt. `DEFAULT_CONTEMPT` for play against people, 0 for analysis and
   * matches between engines, negative to seek draws. Set, it counts from the next search on.
   */
  get contempt() { return this.#contempt; }

  set contempt(value) { this.#contempt = checkContempt(value); }

  /**
   * Whether `stop()` reaches the search where it runs (a SharedArrayBuffer flag the search
   * polls, on a cross-origin isolated page); else a stop ends the worker and answers the best
   * move reported so far.
   */
  get sharedStop() { return this.#flag !== null; }

  #start() {
    if (this.#terminated) return Promise.reject(new HalmaError('terminated', 'this engine was terminated'));
    const worker = new Worker(import.meta.url, { type: 'module', name: WORKER_NAME });
    this.#worker = worker;
    this.#flag = globalThis.crossOriginIsolated && typeof SharedArrayBuffer === 'function'
      ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this.#ready = new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const message = event.data;
        if (message.type === 'ready') {
          worker.onmessage = (e) => this.#receive(worker, e.data);
          resolve();
        } else {
          reject(new HalmaError(message.code, message.message));
          this.#retire(worker);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const error = new HalmaError('crashed', `the engine's worker failed: ${event.message}`);
        reject(error);
        this.#crashed(worker, error);
      };
    });
    worker.postMessage({ type: 'init', module: this.#module, tableMb: this.#tableMb, flag: this.#flag });
    return this.#ready;
  }

  /** Ends `worker` (a stop without a shared flag, a crash) and starts another for what follows. */
  #retire(worker) {
    worker.terminate();
    if (this.#worker === worker) {
      this.#worker = null;
      this.#ready = null;
    }
  }

  /** `worker`'s instance trapped, its state is gone: its search fails, a new worker serves the next. */
  #crashed(worker, error) {
    this.#retire(worker);
    const search = this.#running;
    if (search && search.worker === worker) this.#fail(search, error);
  }

  #receive(worker, message) {
    if (worker !== this.#worker) return;
    if (message.type === 'crashed') {
      this.#crashed(worker, new HalmaError('crashed', message.message));
      return;
    }
    const search = this.#running;
    if (!search || message.id !== search.id) return;
    switch (message.type) {
      case 'started':
        search.fallback = message.fallback;
        if (search.stopped && !this.#flag) this.#answerFromReports(search);
        break;
      case 'info':
        search.info = message.info;
        if (search.onInfo) {
          try { search.onInfo(message.info); } catch (error) { setTimeout(() => { throw error; }); }
        }
        break;
      case 'done':
        this.#finish(search, message.result);
        break;
      default: // 'error'
        this.#fail(search, new HalmaError(message.code, message.message));
    }
  }

  /**
   * Searches `game` (a Game or a game record) within `limits`: `{level}` (1 to 10), or any
   * of `{depth, nodes, timeMs}`. `onInfo` gets each completed iteration; `signal` (an
   * AbortSignal) stops the search. A level takes at least its minimum thinking time, as the
   * online game's levels do, unless `pace: false`. Resolves to `{move, path, score, depth,
   * nodes, time_ms, pv, forced_win_in, pace_ms, stopped}`.
   */
  search(game, limits, { onInfo, signal, pace: keepPace = true } = {}) {
    return new Promise((resolve, reject) => {
      if (this.#terminated) throw new HalmaError('terminated', 'this engine was terminated');
      if (this.#running) throw new HalmaError('busy', 'a search is already running on this engine');
      if (onInfo !== undefined && typeof onInfo !== 'function') throw argument('onInfo must be a function');
      const args = searchArguments(limits);
      const record = recordOf(game);
      const id = ++this.#searches;
      const search = {
        id, record, limits, resolve, reject, onInfo, info: null, fallback: null, timer: null,
        started: performance.now(), pace: keepPace, stopped: false, worker: null,
      };
      this.#running = search;
      if (signal) {
        if (signal.aborted) search.stopped = true;
        signal.addEventListener('abort', () => { if (this.#running === search) this.stop(); }, { once: true });
      }
      const budget = timeBudget(limits);
      if (budget !== null) {
        search.timer = setTimeout(() => this.#expire(search), budget + DEADLINE_GRACE_MS);
      }
      (this.#ready || this.#start()).then(() => {
        if (this.#running !== search) return;
        search.worker = this.#worker;
        if (this.#flag) Atomics.store(this.#flag, 0, 0);
        this.#worker.postMessage({ type: 'search', id, record, args, contempt: this.#contempt });
        if (search.stopped) this.stop();
      }, (error) => this.#fail(search, error));
    });
  }

  /**
   * Reviews a game: searches each position of `game` (a Game or a game record), from the
   * start to the last, within `limits` (node or depth limits give the same review on every
   * run), one after the other in this engine's worker, and judges each move played. Resolves
   * to an entry a position, `{ply, turn, over, score, move, path, pv, depth, nodes,
   * forced_win_in, x_score, played, loss, mark}`: the search's answer (its score from the
   * side to move's point of view; a finished position has `over: true` and no search, score
   * and move null); `x_score`, the position's worth for x, capped at ±`REVIEW.cap` (a proven
   * or finished result counts the cap); then the move played from it, if any: `played`,
   * `loss` (how much worse it left the mover than the search's move, 0 for that move
   * itself) and `mark` (`'blunder'`, `'mistake'` or null, by `REVIEW`'s thresholds).
   * `onProgress(done, total)` follows each position; `signal` (an AbortSignal) cancels the
   * review, which then rejects with the code 'aborted'.
   */
  async review(game, limits, { onProgress, signal } = {}) {
    if (onProgress !== undefined && typeof onProgress !== 'function') throw argument('onProgress must be a function');
    searchArguments(limits);
    const { game: whole } = readRecord(recordOf(game));
    const { start, moves } = whole.state();
    whole.free();
    const cancelled = () => new HalmaError('aborted', 'the review was cancelled');
    const position = new Game(start);
    const entries = [];
    try {
      for (let ply = 0; ply <= moves.length; ply++) {
        if (ply > 0) position.play(moves[ply - 1]);
        if (signal && signal.aborted) throw cancelled();
        const { turn, outcome } = position.state();
        const entry = {
          ply, turn, over: outcome.result !== 'ongoing', score: null, move: null, path: null, pv: [],
          depth: 0, nodes: 0, forced_win_in: null, x_score: 0, played: moves[ply] || null, loss: 0, mark: null,
        };
        if (entry.over) {
          entry.x_score = outcome.winner === null ? 0 : (outcome.winner === 'x' ? REVIEW.cap : -REVIEW.cap);
        } else {
          const found = await this.search(position, limits, { pace: false, signal });
          if (signal && signal.aborted) throw cancelled();
          const { score, move, path, pv, depth, nodes, forced_win_in: forced } = found;
          Object.assign(entry, { score, move, path, pv, depth, nodes, forced_win_in: forced });
          const worth = forced ? Math.sign(forced) * REVIEW.cap : Math.max(-REVIEW.cap, Math.min(REVIEW.cap, score));
          entry.x_score = turn === 'x' ? worth : -worth;
        }
        entries.push(entry);
        if (onProgress) onProgress(ply + 1, moves.length + 1);
      }
    } finally {
      position.free();
    }
    judge(entries);
    return entries;
  }

  /**
   * Stops the running search: it answers its best move so far. Through the shared flag
   * where the page is cross-origin isolated; otherwise the worker is ended and the best move
   * reported so far answers (a new worker serves the next search).
   */
  stop() {
    const search = this.#running;
    if (!search) return;
    search.stopped = true;
    if (search.stopNow) {
      search.stopNow(); // found, waiting out the level's minimum time
    } else if (this.#flag) {
      Atomics.store(this.#flag, 0, search.id);
    } else if (search.info || search.fallback) {
      this.#answerFromReports(search);
    } // else: answered from the reports once the search has started
  }

  /** Ends the search's worker and answers with what the search reported so far. */
  #answerFromReports(search) {
    if (search.worker) this.#retire(search.worker);
    const info = search.info;
    const move = (info && info.pv[0]) || search.fallback;
    if (!move) {
      this.#fail(search, new HalmaError('crashed', 'the search was stopped before it found a move'));
      return;
    }
    const path = pathIn(search.record, move);
    this.#finish(search, {
      move, path, score: info ? info.score : 0, depth: info ? info.depth : 0,
      nodes: info ? info.nodes : 0, time_ms: Math.round(performance.now() - search.started),
      pv: info ? info.pv : [move], forced_win_in: info ? info.forced_win_in : null, pace_ms: 0,
    });
  }

  /** A search past its deadline (a worker that does not answer): ended, answered from its reports. */
  #expire(search) {
    if (this.#running !== search) return;
    search.stopped = true;
    this.#answerFromReports(search);
  }

  #finish(search, result) {
    if (this.#running !== search) return;
    clearTimeout(search.timer);
    result.stopped = search.stopped;
    const wait = search.stopped || !search.pace ? 0 : result.pace_ms - (performance.now() - search.started);
    const done = () => {
      if (this.#running === search) this.#running = null;
      search.resolve(result);
    };
    if (wait > 0) {
      // The level's minimum thinking time; a stop meanwhile answers at once.
      const timer = setTimeout(done, wait);
      search.stopNow = () => { clearTimeout(timer); done(); };
    } else {
      done();
    }
  }

  #fail(search, error) {
    if (this.#running !== search) return;
    clearTimeout(search.timer);
    this.#running = null;
    search.reject(error);
  }

  /** Ends the engine's worker; searches are refused from now on. */
  terminate() {
    this.#terminated = true;
    const search = this.#running;
    if (search) {
      if (search.stopNow) search.stopNow();
      else this.#fail(search, new HalmaError('terminated', 'the engine was terminated'));
    }
    if (this.#worker) this.#retire(this.#worker);
  }

  /** For tests: makes the worker's instance trap, as a bug in the engine would. */
  crashForTesting() {
    if (this.#worker) this.#worker.postMessage({ type: 'abort' });
  }
}

/** Sets each reviewed move's `loss` and `mark`: its mover's worth before it, less after it. */
function judge(entries) {
  for (let ply = 0; ply + 1 < entries.length; ply++) {
    const entry = entries[ply];
    if (entry.played === entry.move) continue;
    const sign = entry.turn === 'x' ? 1 : -1;
    entry.loss = Math.max(0, sign * (entry.x_score - entries[ply + 1].x_score));
    entry.mark = entry.loss >= REVIEW.blunder ? 'blunder' : entry.loss >= REVIEW.mistake ? 'mistake' : null;
  }
}

/** The hop path of `move` in the game `record`, from the page's instance. */
function pathIn(record, move) {
  try {
    const game = Game.fromRecord(record);
    const path = game.path(move);
    game.free();
    return path;
  } catch (_) {
    return move.split('-');
  }
}

// ---- the worker's side ------------------------------------------------------------------

function serveEngine() {
  let instance = null;
  let module = null;
  let flag = null;
  let tableMb = DEFAULT_TABLE_MB;

  function start() {
    instance = new Instance(module);
    instance.call('wasm_engine_new', tableMb);
  }

  function crashed(id, error) {
    postMessage({ type: 'crashed', id, code: 'crashed', message: error.message });
  }

  self.onmessage = (event) => {
    const message = event.data || {};
    try {
      if (message.type === 'init') {
        module = message.module;
        flag = message.flag instanceof Int32Array ? message.flag : null;
        tableMb = message.tableMb;
        start();
        postMessage({ type: 'ready' });
      } else if (message.type === 'search') {
        search(message);
      } else if (message.type === 'abort') {
        instance.call('wasm_abort');
      }
    } catch (error) {
      const code = error instanceof HalmaError ? error.code : 'crashed';
      if (message.type === 'init') postMessage({ type: 'failed', code, message: error.message });
      else if (code === 'crashed') crashed(message.id, error);
    }
  };

  function search({ id, record, args, contempt }) {
    if (!instance || instance.dead) start();
    let fallback = null;
    try {
      const game = Number(instance.callWith('wasm_game_new', record));
      fallback = JSON.parse(instance.call('wasm_game_legal_moves', game))[0] || null;
      instance.exports.wasm_game_free(game);
    } catch (error) {
      postMessage({ type: 'error', id, code: error.code || 'crashed', message: error.message });
      return;
    }
    postMessage({ type: 'started', id, fallback });
    try {
      const result = runSearch(instance, record, args, {
        onInfo: (info) => postMessage({ type: 'info', id, info }),
        stopRequested: flag ? () => Atomics.load(flag, 0) === id : undefined,
      }, contempt);
      postMessage({ type: 'done', id, result });
    } catch (error) {
      if (error.code === 'crashed') crashed(id, error);
      else postMessage({ type: 'error', id, code: error.code, message: error.message });
    }
  }
}

if (typeof WorkerGlobalScope === 'function' && globalThis instanceof WorkerGlobalScope
  && globalThis.name === WORKER_NAME) {
  serveEngine();
}
