// The page's one store: the game as the server last said it, with its `version` (the live
// stream's event id, larger with every change), and what the page adds while it shows it:
// the piece picked up, the hint, the position looked back at, a position being set up, the
// review, and in a game between two people the seat held and who is here. Answers and
// stream events alike are taken only when newer than the state held, so an answer that
// arrives after a newer stream event (or the other way round) never takes the page back;
// every view renders from this store alone.

export const SIDES = ['x', 'o'];

/** The other side. */
export const other = (side) => (side === 'x' ? 'o' : 'x');

/**
 * Whether the state `s` may replace `held`, the state shown: the same game, at a larger
 * version; or the server's state over one played in this browser without the network
 * (`offline`, numbered on from the last version the server gave).
 */
export function newer(s, held) {
  if (!s || !held || s.id !== held.id) return false;
  if (held.offline && !s.offline) return true;
  return s.version > held.version;
}

export class Store {
  /** `clock()`: the page's milliseconds now (`performance.now`; a test's own clock). */
  constructor(clock = () => performance.now()) {
    this.clock = clock;
    /** The game as the server last said it (or as played here offline); null before one. */
    this.game = null;
    /** When `game` came (`clock()`): its clocks run from then. */
    this.received = 0;
    /** Whether halma.js's games run here (looking back, records, set-up, reviews). */
    this.rules = false;
    /** An action is under way (one at a time): a request, a search, an animation. */
    this.busy = false;
    /** A message under the status, until the next action. */
    this.note = '';
    /** The square of the piece picked up. */
    this.selected = null;
    /** `{move, from, to, path}` while a hint is lit. */
    this.hint = null;
    /** The square the keyboard is on (the board's one focusable square). */
    this.cursor = 'n2';
    /** The ply looked back at (the moves played before it); null: the game now. */
    this.view = null;
    /** The board turned half round: o's home camp at the bottom. */
    this.flipped = false;
    /**
     * A game against the computer ended here beyond the rules: `{reason, side, ply}`
     * (`side` lost, null for a draw agreed) after `ply` moves.
     */
    this.ended = null;
    /** `{pieces: Map(square -> side), turn}` while a position is set up. */
    this.setup = null;
    /** `{id, start, moves, entries, done, total, running, controller}`: the review. */
    this.review = null;
    /** The computer's move is being searched in this browser. */
    this.searching = false;
    /** What the engine's details line says: `{info, who}` (a search's report), or null. */
    this.thinking = null;
    /**
     * A game between two people: `{you, players, connected, claim}`: the side of the seat
     * this browser holds (null: it watches), the server's last account of the players, the
     * live stream open, and `{at, waiting}` once the friend is away (when the win may be
     * claimed, on `clock()`; whether the player chose to keep waiting). Null otherwise.
     */
    this.friend = null;
  }

  /**
   * Shows `s`, a game new to the page (or shown anew): whatever the page had added to the
   * game before goes. `seat`: the seat this browser holds in it, if any; `ended`: an ending
   * this browser kept for it.
   */
  show(s, { seat = null, ended = null } = {}) {
    this.game = s;
    this.received = this.clock();
    Object.assign(this, { selected: null, hint: null, view: null, setup: null, searching: false, thinking: null, ended });
    this.friend = s.opponent === 'friend'
      ? { you: seat ? seat.side : null, players: null, connected: true, claim: null }
      : null;
  }

  /**
   * Takes `s`, an answer or a stream event, if it is newer than the state held (`newer`):
   * true if taken. A move played drops the piece picked up and the hint.
   */
  take(s) {
    if (!newer(s, this.game)) return false;
    const moved = s.moves.length !== this.game.moves.length;
    this.game = s;
    this.received = this.clock();
    if (moved) {
      this.selected = null;
      this.hint = null;
    }
    return true;
  }

  /** Takes the server's account of a friend game's players (presence, the claim's time). */
  takePlayers(players) {
    const friend = this.friend;
    friend.players = players;
    const after = players.claim_in;
    friend.claim = friend.you && after !== null && after !== undefined
      ? { at: this.clock() + after * 1000, waiting: !!(friend.claim && friend.claim.waiting) }
      : null;
  }

  /** The moves played in the game shown. */
  get plies() { return this.game.moves.length; }

  /** The ply shown: the one looked back at, else the game's last. */
  get at() { return this.view === null ? this.plies : this.view; }

  /** Whether the game is between two people. */
  get friendGame() { return this.game.opponent === 'friend'; }

  /** The side this page plays: the person's against the computer, the seat's with a friend (null: a watcher). */
  get seat() { return this.friend ? this.friend.you : this.game.human; }

  /** Whether the game is over: by the server, or ended here. */
  get over() { return this.game.status === 'over' || !!this.ended; }

  /** The status the page shows (`body[data-status]`): the server's, `thinking` while it searches here, `over` once ended here. */
  get status() {
    if (this.over) return 'over';
    return this.searching ? 'thinking' : this.game.status;
  }

  /** Whether the player may move now: the game now, not set up, not ended, their turn, and their seat's turn with a friend. */
  get playable() {
    if (this.view !== null || this.setup || this.ended || this.status !== 'your_turn') return false;
    const friend = this.friend;
    return !friend || (friend.connected && friend.you === this.game.turn);
  }

  /** The side whose offer of `kind` (`draw`, `rematch`) waits for an answer, or null. */
  offer(kind) { return (this.game.offers && this.game.offers[kind]) || null; }

  /** The offer that may be made now: a draw during the game, a rematch after it. */
  get offerKind() { return this.game.status === 'over' ? 'rematch' : 'draw'; }

  /** Whether the friend game's opponent has a seat and the game has begun. */
  get joined() {
    const players = this.friend && this.friend.players;
    return !!players && !players.inviting;
  }

  /** Who is here in a friend game (`body[data-friend]`), from this page's seat; null against the computer. */
  get presence() {
    const friend = this.friend;
    if (!friend) return null;
    if (!friend.connected) return 'unreachable';
    if (!friend.you) return 'watching';
    if (!friend.players) return 'joining';
    if (friend.players.inviting) return 'waiting';
    return friend.players[other(friend.you)].here ? 'here' : 'away';
  }

  /**
   * Whether the player may claim the win from a friend who left: `soon` until the server's
   * time has passed (counted from the players' account), then `ready`, or `waiting` if the
   * player chose to keep waiting; null when no claim can be made (the friend is here, the
   * game over, the page unreachable, or it watches).
   */
  get claim() {
    const friend = this.friend;
    const c = friend && friend.you && friend.connected && this.game.status !== 'over' ? friend.claim : null;
    if (!c) return null;
    if (this.clock() < c.at) return 'soon';
    return c.waiting ? 'waiting' : 'ready';
  }

  /** The milliseconds until the win may be claimed (0 once it may). */
  get claimIn() {
    const c = this.friend && this.friend.claim;
    return c ? Math.max(0, c.at - this.clock()) : 0;
  }
}
