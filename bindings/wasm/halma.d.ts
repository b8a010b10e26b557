// Types of halma.js: the halma engine in WebAssembly, for any web game.

/** A side: `x` moves first, from the bottom right corner; `o` from the top left. */
export type Side = 'x' | 'o';

/** What went wrong, for a program; the message says it for a person. */
/** The module's codes are the C ABI's status names without the prefix, lower case (the
 * library's error kinds); the last five are halma.js's own. */
export type ErrorCode =
  | 'parse_error' // position text, a game record, move text or a square that does not read
  | 'invalid_position' // well-formed position text of an impossible position
  | 'illegal_move' // a well-formed move that is not legal here
  | 'game_over' // no move can be played or searched in a finished game
  | 'nothing_to_undo'
  | 'invalid_argument' // a value of the wrong type or out of range
  | 'busy' // a search is already running on this engine
  | 'no_game' // the game was freed
  | 'out_of_memory'
  | 'crashed' // the engine trapped (a bug): its worker was replaced, the search failed
  | 'terminated' // the engine was terminated
  | 'unavailable' // halma.wasm could not be loaded, or init() was not awaited
  | 'unsupported' // no WebAssembly or no Web Workers here
  | 'aborted'; // a review was cancelled by its AbortSignal

/** The error every call of this module throws or rejects with. */
export class HalmaError extends Error {
  readonly name: 'HalmaError';
  readonly code: ErrorCode;
}

/** How a game stands (the online game's JSON form). */
export interface Outcome {
  result: 'ongoing' | 'win' | 'draw';
  winner: Side | null;
  /** Why the game ended, in English, e.g. "all 19 x pieces stand in their goal camp". */
  reason: string | null;
  /** Why the game ended, as a stable code to translate. */
  reason_code: 'goal_camp' | 'repetition' | 'no_moves' | null;
}

/** A move played: `from-to`, the squares it passes through, who played it. */
export interface Played {
  move: string;
  path: string[];
  side: Side;
}

/** Everything a page draws. */
export interface GameState {
  /** Position text of the current position. */
  position: string;
  /** Position text of the position the game started from. */
  start: string;
  turn: Side;
  moves: string[];
  outcome: Outcome;
  pieces: Record<Side, string[]>;
  last_move: Played | null;
  /** Each movable piece of the side to move and where it can go (empty once the game is over). */
  destinations: Record<string, string[]>;
}

/**
 * Loads halma.wasm (by default from beside halma.js) for games and engines. `source` may be
 * a URL, a fetch Response, the bytes, or a compiled module. Later calls return the first one's
 * promise.
 */
export function init(source?: string | URL | Response | BufferSource | WebAssembly.Module): Promise<void>;

/** A game: its start, its moves, the rules' answers. Synchronous; made after `await init()`. */
export class Game {
  /** The start position (empty text), one line of position text, or a game record. */
  constructor(text?: string);
  static start(): Game;
  /** A game from position text: `ooooo11/.../11xxxxx x` (the rules' notation). */
  static fromPosition(text: string): Game;
  /**
   * A game from a game record, its moves replayed: headers and numbered moves (as `record()`
   * writes them), a bare list of moves, or the earlier form (position text, then the moves).
   */
  static fromRecord(text: string): Game;

  state(): GameState;
  readonly position: string;
  readonly turn: Side;
  readonly moves: string[];
  outcome(): Outcome;
  /**
   * The game record, to save or share: the headers `tags` in order (each a string without
   * line breaks; by convention Site, Date, X, O, Level), then Result and Reason and Position
   * for a start other than the standard one; then the moves numbered, a pair a line; then
   * the result. A game that ended beyond the rules says how: `ending`, or `resigned`, the
   * side that resigned (not both).
   */
  record(tags?: Record<string, string>, options?: { resigned?: Side | null; ending?: Ending | null }): string;
  /** `from-to` each; none once the game is over. */
  legalMoves(): string[];
  /** Where the piece on `from` can go: none for an empty square or the other side's piece. */
  destinations(from: string): string[];
  /** The squares a legal move passes through: origin, each landing, destination. */
  path(move: string): string[];
  /** Plays `from-to` or a hop path (`n2-n4-n6`). */
  play(move: string): Played;
  /** Takes back the last move; returns it. */
  undo(): string;
  /** Leaf count of the move tree `depth` (0 to 5) plies deep; synchronous. */
  perft(depth: number): number;
  clone(): Game;
  /** Frees the game's memory now (else when it is garbage-collected). */
  free(): void;
}

/** How a game between people ended beyond the rules. */
export type EndingReason = 'resignation' | 'agreement' | 'time' | 'abandonment';

/**
 * An ending beyond the rules: a resignation, a flag fallen ('time') or a player gone
 * ('abandonment') won by `winner`, or a draw agreed (`winner` null).
 */
export interface Ending {
  reason: EndingReason;
  winner: Side | null;
}

/** A game record read: the game, its moves replayed, and what its headers say. */
export interface ReadRecord {
  game: Game;
  /** The host's headers, in order: `{Site, Date, X, O, Level, ...}`. */
  tags: Record<string, string>;
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
  /** Why the game ended: the outcome's `reason_code`, or an ending beyond the rules. */
  reason: 'goal_camp' | 'repetition' | 'no_moves' | EndingReason | null;
  resigned: Side | null;
  winner: Side | null;
}

/** Reads a game record in either form; 'parse_error' (saying what and where) if it is none. */
export function readRecord(text: string): ReadRecord;

/**
 * When a search stops: a level (1 to 10, as the online game's), or any of a depth, a node
 * count and a time. Depth- and node-limited searches give the same move and node count as the
 * native library.
 */
export type Limits = { level: number } | { depth?: number; nodes?: number; timeMs?: number };

/** A search's progress after each completed iteration. */
export interface SearchInfo {
  depth: number;
  /** From the mover's side, hundredths of a move of race advantage. */
  score: number;
  nodes: number;
  nodes_per_second: number;
  time_ms: number;
  /** The principal variation, `from-to` each. */
  pv: string[];
  /** A proven result: plies to the mover's win (positive) or loss (negative). */
  forced_win_in: number | null;
}

/** What a search found (the online game's search report, and its path). */
export interface SearchResult {
  move: string;
  path: string[];
  score: number;
  depth: number;
  nodes: number;
  time_ms: number;
  pv: string[];
  forced_win_in: number | null;
  /** The level's minimum thinking time (300 ms for levels 1 to 9, else 0): `Engine.search` waits it out. */
  pace_ms: number;
  /** Whether `stop()` (or a deadline) ended it early. */
  stopped?: boolean;
}

export interface SearchOptions {
  onInfo?: (info: SearchInfo) => void;
  /** Stops the search when it aborts. */
  signal?: AbortSignal;
  /** Wait out a level's minimum thinking time (`pace_ms`); default true. */
  pace?: boolean;
}

/**
 * The contempt of a new engine (150): a draw is worth a move and a half less than an even game
 * to it, so that it plays on rather than repeat, for play against people.
 */
export const DEFAULT_CONTEMPT: number;

/**
 * Searches in the calling thread, blocking it: for Node and workers of your own (a page uses
 * `Engine`). A level's minimum thinking time is not waited for. `stopRequested` is asked every
 * 1024 nodes. `contempt` (-1000 to 1000, default `DEFAULT_CONTEMPT`): what a draw is worth less
 * than an even game, in hundredths of a move.
 */
export function searchSync(
  game: Game | string,
  limits: Limits,
  options?: {
    onInfo?: (info: SearchInfo) => void;
    stopRequested?: () => boolean;
    contempt?: number;
  },
): SearchResult;

/**
 * Empties the transposition table that `searchSync`'s searches share, for a new game (a depth-
 * or node-limited search starts from an empty one anyway; time-limited searches and levels
 * reuse what earlier ones stored).
 */
export function clearSearchTable(): void;

/**
 * How a review searches and judges: `nodes` (30,000), the node limit a game's review uses
 * in each position; in hundredths of a move of race advantage, a position counts for at
 * most `cap` (1000) either way; a move that loses `mistake` (100) or more is a mistake,
 * `blunder` (300) or more a blunder.
 */
export const REVIEW: {
  readonly nodes: number;
  readonly cap: number;
  readonly mistake: number;
  readonly blunder: number;
};

/** One position of a review: its search (none for a finished position), the move played from it. */
export interface ReviewEntry {
  /** Moves played before it: 0 for the start. */
  ply: number;
  turn: Side;
  /** The game was over here: no search, `score` and `move` null. */
  over: boolean;
  /** From the side to move's point of view, hundredths of a move of race advantage. */
  score: number | null;
  /** The best move found, and its path. */
  move: string | null;
  path: string[] | null;
  pv: string[];
  depth: number;
  nodes: number;
  forced_win_in: number | null;
  /** The position's worth for x, from -REVIEW.cap to REVIEW.cap (a proven or finished result: the cap). */
  x_score: number;
  /** The move played from here (null at the last position). */
  played: string | null;
  /** How much worse the played move left its mover than `move` did: 0 for `move` itself. */
  loss: number;
  mark: 'mistake' | 'blunder' | null;
}

/** The computer, searching in a Web Worker of its own so that the page never freezes. */
export class Engine {
  private constructor();
  /**
   * An engine with a `tableMb` MiB transposition table (1 to 1024, default 16) and a
   * `contempt` (default `DEFAULT_CONTEMPT`).
   */
  static create(options?: {
    tableMb?: number;
    module?: WebAssembly.Module;
    contempt?: number;
  }): Promise<Engine>;
  /**
   * How much less than an even game a draw is worth to the engine, in hundredths of a move
   * (-1000 to 1000): it never steers into a repetition while it finds playing on worth more
   * than minus the contempt. `DEFAULT_CONTEMPT` for play against people, 0 for analysis and
   * matches between engines. Set, it counts from the next search on ('invalid_argument' out of
   * range).
   */
  contempt: number;
  /**
   * Whether `stop()` reaches the running search through a shared flag (a cross-origin isolated
   * page); else a stop ends the worker and answers the best move it reported.
   */
  readonly sharedStop: boolean;
  /** Searches `game` (a Game or a game record). One search at a time. */
  search(game: Game | string, limits: Limits, options?: SearchOptions): Promise<SearchResult>;
  /**
   * Searches each position of `game` from the start to the last, within `limits` (node or
   * depth limits: the same review on every run), one after the other: an entry a position.
   * `signal` cancels it (rejected with 'aborted').
   */
  review(
    game: Game | string,
    limits: Limits,
    options?: { onProgress?: (done: number, total: number) => void; signal?: AbortSignal },
  ): Promise<ReviewEntry[]>;
  /** Ends the running search early: it answers its best move so far. */
  stop(): void;
  /** Ends the worker; later searches are refused. */
  terminate(): void;
  /** For tests: makes the worker's instance trap as a bug would; the next search has a new worker. */
  crashForTesting(): void;
}
