// Halma against the computer: the page's whole logic. No build step: the board is SVG, the
// server keeps and checks every game through the JSON API, and the computer's moves, the
// hints and the reviews are searched here, in the browser, by the engine in WebAssembly
// (halma.js, in Web Workers); where that cannot run, the server searches the moves, and what
// needs the rules here (looking back through a game, its record, a review, setting up a
// position) is off.
//
// The parts, in order: the board; what it shows (the game now, a position looked back at,
// or one being set up) and the panel beside it; the server's API; playing (click and click,
// or drag and drop; the keyboard); looking back through the moves; resigning; a game between
// two people (its offers, clocks, a player away, the rematch); the game's record (download,
// copy, import); setting up a position; the review; starting the page.
import { init, Engine, Game, REVIEW, readRecord } from '/halma.js';
import {
  WHOLE, squareName, coords, drawBoard, enableDrag, markCamps, drawPiece, drawTrail, animate as animateOn,
} from '/board.js';
import { loadLanguage, t, errorText, number, translate, prefix, languagePicker, language } from '/i18n.js';
import { showGuide } from '/guide.js';
import { withOffline } from '/offline.js';
import {
  seatOf, keepSeat, keepRematchSeat, invitationOf, keepInvitation, authorization, follow,
  CLOCKS, clocksOf, timeLeft, clockText,
} from '/friend.js';

// Every word the page shows comes from its language's file (i18n/<lang>.json), by key.

const $ = (id) => document.getElementById(id);

const ui = {
  board: $('board'), status: $('status'), turnNote: $('turn-note'), note: $('note'),
  thinking: $('thinking'), engineToggle: $('engine-toggle'), moves: $('moves'), banner: $('banner'),
  level: $('level'), side: $('side'), newGame: $('new'), undo: $('undo'), hint: $('hint'),
  link: $('link'), copyLink: $('copy-link'), lang: $('lang'),
  flip: $('flip'), resign: $('resign'), resignConfirm: $('resign-confirm'),
  resignYes: $('resign-yes'), resignNo: $('resign-no'),
  replayFirst: $('replay-first'), replayBack: $('replay-back'), replayForward: $('replay-forward'),
  replayLast: $('replay-last'), replayAt: $('replay-at'),
  review: $('review'), reviewCancel: $('review-cancel'), reviewProgress: $('review-progress'),
  reviewBar: $('review-bar'), reviewCount: $('review-count'), graph: $('graph'),
  reviewResult: $('review-result'), reviewSummary: $('review-summary'), reviewDetail: $('review-detail'),
  recordDownload: $('record-download'), recordCopy: $('record-copy'), recordImport: $('record-import'),
  importDialog: $('import-dialog'), importText: $('import-text'), importFile: $('import-file'),
  importError: $('import-error'), importStart: $('import-start'), importCancel: $('import-cancel'),
  setup: $('setup'), setupPanel: $('setup-panel'), setupStandard: $('setup-standard'),
  setupClear: $('setup-clear'), setupTurn: $('setup-turn'), setupText: $('setup-text'),
  setupCheck: $('setup-check'), setupPlay: $('setup-play'), setupLink: $('setup-link'),
  setupCancel: $('setup-cancel'),
  playFriend: $('play-friend'), friendPanel: $('friend-panel'), invitation: $('invitation'),
  invitationLink: $('invitation-link'), copyInvitation: $('copy-invitation'), presence: $('presence'),
  clock: $('clock'), clocks: $('clocks'), clockX: $('clock-x'), clockO: $('clock-o'),
  claimActions: $('claim-actions'), claim: $('claim'), claimWait: $('claim-wait'), offer: $('offer'),
  drawOffer: $('draw-offer'), drawAccept: $('draw-accept'), rematchOffer: $('rematch-offer'),
  rematchAccept: $('rematch-accept'), offerDecline: $('offer-decline'),
  rematchWatch: $('rematch-watch'), rematchLink: $('rematch-link'),
};

const SIDES = ['x', 'o'];
const other = (side) => (side === 'x' ? 'o' : 'x');

let state = null;        // the game as the server last described it
let engine = null;       // the engine in this browser (null: the server searches)
let engineStarting = null; // its start, under way while the page loads the game
let rules = false;       // whether halma.js's games run here (looking back, records, set-up)
let selected = null;     // the square of the piece picked up
let hint = null;         // {move, from, to, path} while a hint is shown
let cursor = 'n2';       // the keyboard's square
let busy = false;        // a request or an animation is under way
let note = '';           // a message under the status, until the next action
let board;               // the board as drawBoard made it
let view = null;         // the ply looked back at (moves played before it); null: the game now
let flipped = false;     // the board turned half round: o's home camp at the bottom
let ended = null;        // {reason, side, ply}: a game against the computer ended here beyond
                         // the rules after `ply` moves (`side` lost; null for a draw agreed)
let review = null;       // {id, start, moves, entries, done, total, running, controller}
let reviewer = null;     // the engine of reviews, in a worker of its own
let setup = null;        // {pieces: Map(square -> side), turn} while a position is set up
let friend = null;       // a game between two people: {you, players, connected, stream, claim}
let clocks = null;       // its clocks as the state `clocksFrom` gave them (friend.js's clocksOf)
let clocksFrom = null;

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The hints' level at least, as the server's (a beginner gets good advice). */
const HINT_LEVEL = 8;
/** The players' names in a record written here: the person, and the computer at its level. */
const PLAYER = 'Anonymous';
const COMPUTER = /^halma level (\d+)$/;
const computerName = (level) => `halma level ${level}`;

/** This browser's storage, which private modes may refuse. */
const stored = {
  get(key) { try { return localStorage.getItem(key); } catch (_) { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch (_) { /* private mode */ } },
};

/** A game record of the earlier form: a start's position text, then the moves. */
const movesRecord = (start, moves) => `${start}\n${moves.join(' ')}\n`;

/** The game of the state after its first `ply` moves (free it after use). */
const gameAt = (ply) => Game.fromRecord(movesRecord(state.start, state.moves.slice(0, ply)));

// ---- the board, drawn once ------------------------------------------------------------------

function buildBoard() {
  board = drawBoard(ui.board, WHOLE, (name) => { cursor = name; activate(name); });
  ui.board.addEventListener('keydown', onKey);
  board.flip(flipped);
  enableDrag(board, ui.board, {
    canDrag: (name) => (setup ? setup.pieces.has(name) : playable() && !busy && name in state.destinations),
    onPick: (name) => { if (!setup) { selected = name; render(); } },
    onDrop: (from, to) => (setup ? dropSetupPiece(from, to) : dropPiece(from, to)),
  });
}

// ---- what the board and the panel show -------------------------------------------------------

/** Whether the player may move now: the game now, not set up, not ended here, their turn. */
function playable() {
  return !!state && view === null && !setup && !ended && state.status === 'your_turn'
    && (!friend || (friend.you === state.turn && friend.connected));
}

/** The side this page plays: the person's against the computer, the seat's with a friend. */
const mySide = () => (friend ? friend.you : state.human);

function isOver() { return !!state && (state.status === 'over' || !!ended); }

/** The pieces of a state (or a game's) by square. */
function piecesOf(s) {
  const pieces = new Map();
  for (const side of SIDES) for (const name of s.pieces[side]) pieces.set(name, side);
  return pieces;
}

/**
 * What the board shows: `{pieces, last, dests, better}`, the game now, the position after
 * `view` moves, or the one being set up; `better` is the reviewed move that should have been
 * played instead of the last one, if that was marked.
 */
function shown() {
  if (setup) return { pieces: setup.pieces, last: null, dests: {}, better: null };
  if (view === null) {
    const dests = playable() ? state.destinations || {} : {};
    return { pieces: piecesOf(state), last: state.last_move, dests, better: marked(state.moves.length - 1) };
  }
  const game = gameAt(view);
  let s;
  try { s = game.state(); } finally { game.free(); }
  return { pieces: piecesOf(s), last: s.last_move, dests: {}, better: marked(view - 1) };
}

/** The endings beyond the rules, as the state's `reason_code` and a record's `Reason` name them. */
const ENDINGS = ['resignation', 'agreement', 'time', 'abandonment'];

/**
 * The words of an ending beyond the rules that `winner` won (null: a draw agreed), from the
 * seat `you` (null: a watcher's, the sides named).
 */
function endingText(reason, winner, you) {
  if (reason === 'agreement') return t('page.outcome.agreement');
  const seat = !you ? 'watched' : winner === you ? 'won' : 'lost';
  return t(`page.outcome.${reason}.${seat}`, { winner, loser: other(winner) });
}

/** How the game ended, `[what, why]`, or null while it goes on. */
function describeOutcome() {
  if (ended && ended.reason === 'resignation') {
    return ended.side === state.human
      ? [t('page.outcome.resigned'), t('page.outcome.resigned_why')]
      : [t('page.outcome.computer_resigned'), t('page.outcome.computer_resigned_why')];
  }
  // Another ending, kept from an imported record: told as a watcher's, the sides named.
  if (ended) return [endingText(ended.reason, ended.side && other(ended.side), null), ''];
  const o = state.outcome;
  if (ENDINGS.includes(o.reason_code)) return [endingText(o.reason_code, o.winner, friend && friend.you), ''];
  if (o.result === 'win' && friend) {
    if (o.winner === friend.you) return [t('page.outcome.you_win'), t('page.outcome.your_pieces')];
    return friend.you
      ? [t('page.friend.friend_wins'), t('page.friend.friend_pieces')]
      : [t('page.friend.side_wins', { side: o.winner }), t('page.friend.side_pieces', { side: o.winner })];
  }
  if (o.result === 'win') {
    const you = o.winner === state.human;
    return you
      ? [t('page.outcome.you_win'), t('page.outcome.your_pieces')]
      : [t('page.outcome.computer_wins'), t('page.outcome.its_pieces')];
  }
  // A draw's text is named by its reason's code (`repetition`, `no_moves`); the state's
  // `reason` is English, for programs.
  if (o.result === 'draw') return [t('page.outcome.draw'), t(`page.outcome.${o.reason_code}`)];
  return null;
}

function render() {
  if (!state) return;
  const { pieces, last, dests, better } = shown();
  const targets = selected && dests[selected] ? new Set(dests[selected]) : new Set();
  const lastSquares = last ? new Set(last.path) : new Set();
  const lit = view === null && !setup ? hint : null;
  for (const [name, g] of board.cells) {
    const c = g.classList;
    c.toggle('can-move', name in dests);
    c.toggle('dest', targets.has(name));
    c.toggle('last', lastSquares.has(name));
    c.toggle('hint-from', !!lit && lit.from === name);
    c.toggle('hint-to', !!lit && lit.to === name);
    c.toggle('setting', !!setup);
    g.setAttribute('tabindex', name === cursor ? '0' : '-1');
    const side = pieces.get(name);
    const what = !side ? 'page.square.empty'
      : side === mySide() ? 'page.square.yours' : friend ? 'page.square.friends' : 'page.square.computers';
    const label = [t(what, { square: name, side })];
    if (name === selected) label.push(t('page.square.picked_up'));
    if (name in dests && name !== selected) label.push(t('page.square.can_move', { count: dests[name].length }));
    if (targets.has(name)) label.push(t('page.square.destination'));
    if (lit && lit.to === name) label.push(t('page.square.hint_destination'));
    g.setAttribute('aria-label', label.join(t('page.separator')));
    g.setAttribute('aria-selected', name === selected ? 'true' : 'false');
  }

  board.pieceLayer.replaceChildren();
  for (const [name, side] of pieces) {
    const g = drawPiece(board.pieceLayer, side, name);
    if (name === selected) g.firstChild.classList.add('selected');
  }
  board.trailLayer.replaceChildren();
  if (last) drawTrail(board.trailLayer, last.path);
  if (lit) drawTrail(board.trailLayer, lit.path, 'hint');
  if (better) drawTrail(board.trailLayer, better.path, 'better');

  renderMoves();
  renderStatus(targets.size);
  renderControls();
  renderReview();
  document.body.dataset.status = isOver() ? 'over' : state.status;
  document.body.dataset.ply = String(state.moves.length);
  document.body.dataset.view = view === null ? 'now' : String(view);
  document.body.dataset.busy = String(busy);
  keepFocus();
}

// ---- the focus, never lost ----------------------------------------------------------------

let focused = null; // the element that last took the focus
document.addEventListener('focusin', (event) => { focused = event.target; });

/**
 * When the element that had the focus is gone, hidden or disabled (a move of the list drawn
 * anew, the resign question answered, a set-up ended, a button off while the computer
 * thinks), the focus goes to its nearest equivalent: the move now shown in the list, else
 * the board's square under the keyboard's cursor; never to nowhere.
 */
function keepFocus() {
  const active = document.activeElement;
  const gone = (node) => !node.isConnected || !!node.closest('[hidden]') || !!node.disabled;
  const lost = active && active !== document.body ? active : focused;
  if (!lost || !gone(lost)) return;
  const wasMove = lost.classList?.contains('mv');
  const next = (wasMove && ui.moves.querySelector('[aria-current="step"]')) || board.cells.get(cursor);
  if (next) next.focus({ preventScroll: true });
}

function renderStatus(targets) {
  const over = describeOutcome();
  ui.banner.hidden = !over || view !== null || !!setup;
  if (over) {
    ui.banner.replaceChildren(document.createTextNode(over[0]));
    const small = document.createElement('small');
    small.textContent = [over[1], playAgain()].filter(Boolean).join(' ');
    ui.banner.appendChild(small);
  }
  // Whose turn it is, always; beside it the hint or the piece picked up; messages under it.
  let text;
  if (over) text = over.filter(Boolean).join(' ');
  else if (friend) text = friendStatus();
  else if (state.status === 'your_turn') {
    // The computer's move just played is named, so that a screen reader says it (#status
    // is polite live region).
    text = t('page.status.your_move', { side: state.human });
    const last = state.last_move;
    if (last && view === null && !setup && state.moves.length > 0 && last.side !== state.human) {
      text = t('page.status.computer_played', { move: last.move }) + ' ' + text;
    }
  }
  else if (state.status === 'thinking') text = t('page.status.thinking');
  else text = t('page.status.computer_move');
  ui.status.textContent = text;
  let beside = '';
  if (!over && view === null && !setup) {
    if (hint) beside = t('page.status.hint_lit', { move: hint.move });
    else if (selected) beside = t('page.status.picked', { square: selected, count: targets });
  }
  ui.turnNote.hidden = !beside;
  ui.turnNote.textContent = beside;
  ui.note.hidden = !note;
  ui.note.textContent = note;
}

/**
 * How to play on once the game is over: New game against the computer; with a friend, the
 * rematch button the player may press (none while their own offer waits); for a watcher, where
 * the rematch shows.
 */
function playAgain() {
  if (!friend || (friend.players && friend.players.inviting)) return t('page.play_again');
  if (!friend.you) return t('page.play_again.watcher');
  const offered = offerOf('rematch');
  if (offered === friend.you) return '';
  return t('page.play_again.rematch', { button: t(offered ? 'page.rematch.accept' : 'page.rematch.offer') });
}

/** Whose turn it is in a game between two people, the last move named (#status is a live region). */
function friendStatus() {
  const last = state.last_move;
  const said = [];
  if (last && view === null && state.moves.length > 0) {
    said.push(last.side === friend.you ? t('page.friend.you_played', { move: last.move })
      : friend.you ? t('page.friend.friend_played', { move: last.move })
        : t('page.friend.side_played', { side: last.side, move: last.move }));
  }
  if (!friend.you) said.push(t('page.friend.side_to_move', { side: state.turn }));
  else if (state.turn === friend.you) said.push(t('page.status.your_move', { side: friend.you }));
  else said.push(t('page.friend.friends_move', { side: state.turn }));
  return said.join(' ');
}

/** The invitation while the friend has not come, else who is here; the watcher is told so. */
function renderFriend() {
  ui.friendPanel.hidden = !friend;
  renderClocks();
  if (!friend) return;
  renderOffers();
  const claim = friend.you && friend.players && friend.players.inviting ? invitationOf(state.id) : null;
  ui.invitation.hidden = !claim;
  if (claim) {
    const link = invitationLink(claim);
    ui.invitationLink.href = link;
    ui.invitationLink.textContent = link;
  }
  const away = claimState();
  let text;
  if (!friend.connected) text = t('page.friend.unreachable');
  else if (!friend.you) text = t('page.friend.watching');
  else if (!friend.players) text = '';
  else if (friend.players.inviting) text = t('page.friend.waiting');
  else if (away === 'ready') text = t('page.claim.prompt');
  else if (away === 'soon') text = t('page.claim.soon', { time: clockText(friend.claim.after * 1000) });
  else text = friend.players[other(friend.you)].here ? t('page.friend.here') : t('page.friend.away');
  if (ui.presence.textContent !== text) ui.presence.textContent = text;
  // Kept waiting, the player may still claim the win: only the question goes.
  ui.claimActions.hidden = away !== 'ready' && away !== 'waiting';
  ui.claimWait.hidden = away !== 'ready';
  ui.claim.disabled = busy;
  document.body.dataset.friend = !friend.connected ? 'unreachable' : !friend.you ? 'watching'
    : !friend.players ? 'joining' : friend.players.inviting ? 'waiting'
      : friend.players[other(friend.you)].here ? 'here' : 'away';
  document.body.dataset.claim = away || 'none';
}

/**
 * Whether the player may claim the win from a friend who left: 'ready' once the server's
 * time has passed (the page counts it from the players' account it was given), 'waiting'
 * then if the player chose to keep waiting, 'soon' before, null when no claim can be made
 * (the friend is here, the game over, or a watcher).
 */
function claimState() {
  const c = friend && friend.you && friend.connected && state.status !== 'over' ? friend.claim : null;
  if (!c) return null;
  if (performance.now() < c.at) return 'soon';
  return c.waiting ? 'waiting' : 'ready';
}

/** The side whose offer of `kind` (`draw`, `rematch`) waits for an answer, or null. */
const offerOf = (kind) => (state.offers && state.offers[kind]) || null;

/** The offers of a draw (during the game) or a rematch (after it), and the answers to them. */
function renderOffers() {
  const you = friend.you;
  const over = state.status === 'over';
  const kind = over ? 'rematch' : 'draw';
  const offered = offerOf(kind);
  const playing = !!you && !!friend.players && !friend.players.inviting && !state.rematch;
  let text = '';
  if (offered === you) text = t(`page.${kind}.offered`);
  else if (offered && you) text = t(`page.${kind}.offered_you`);
  else if (offered) text = t(`page.${kind}.side_offered`, { side: offered });
  if (ui.offer.textContent !== text) ui.offer.textContent = text;
  ui.drawOffer.hidden = !playing || over || !!offered;
  ui.rematchOffer.hidden = !playing || !over || !!offered;
  ui.drawAccept.hidden = !playing || over || !offered || offered === you;
  ui.rematchAccept.hidden = !playing || !over || !offered || offered === you;
  ui.offerDecline.hidden = ui.drawAccept.hidden && ui.rematchAccept.hidden;
  for (const button of [ui.drawOffer, ui.rematchOffer, ui.drawAccept, ui.rematchAccept, ui.offerDecline]) {
    button.disabled = busy;
  }
  ui.rematchWatch.hidden = !state.rematch;
  if (state.rematch) ui.rematchLink.href = ui.rematchLink.textContent = `${location.origin}${prefix()}/g/${state.rematch}`;
  document.body.dataset.offer = offered ? `${kind}-${offered === you ? 'made' : 'received'}` : 'none';
}

/** Both clocks of a game with clocks, the running one counted down from the server's figures. */
function renderClocks() {
  if (state !== clocksFrom) {
    clocks = clocksOf(state);
    clocksFrom = state;
  }
  ui.clocks.hidden = !clocks;
  if (!clocks) return;
  for (const [side, node] of [['x', ui.clockX], ['o', ui.clockO]]) {
    const left = timeLeft(clocks, side);
    const running = clocks.running === side && state.status !== 'over';
    const text = t(running ? 'page.clock.running' : 'page.clock.side', { side, time: clockText(left) });
    if (node.textContent !== text) node.textContent = text;
    node.classList.toggle('running', running);
    node.classList.toggle('low', left < 10_000);
  }
}

const invitationLink = (claim) => `${location.origin}${prefix()}/g/${state.id}#join=${claim}`;

function renderControls() {
  const n = state.moves.length;
  const at = view === null ? n : view;
  // No computer plays, advises or takes back in a game between two people; its watchers
  // cannot resign it.
  for (const control of [ui.level.closest('label'), ui.undo, ui.hint]) control.hidden = !!friend;
  ui.resign.hidden = !!friend && !friend.you;
  renderFriend();
  ui.level.value = String(state.level || ui.level.value);
  ui.undo.disabled = busy || !state.can_undo || !!ended || !!setup;
  ui.hint.disabled = busy || !!setup || !!ended || state.status !== 'your_turn';
  ui.newGame.disabled = busy;
  ui.playFriend.disabled = busy;
  ui.resign.disabled = busy || isOver() || !!setup;
  if (ui.resign.disabled || ui.resign.hidden) ui.resignConfirm.hidden = true;
  const replay = rules && !setup && n > 0;
  ui.replayFirst.disabled = !replay || at === 0;
  ui.replayBack.disabled = !replay || at === 0;
  ui.replayForward.disabled = !replay || at === n;
  ui.replayLast.disabled = !replay || at === n;
  ui.replayAt.textContent = view === null ? '' : view === 0
    ? t('page.replay.at_start') : t('page.replay.at', { ply: view, total: n });
  ui.recordDownload.disabled = !rules;
  ui.recordCopy.disabled = !rules;
  ui.recordImport.disabled = !rules || busy;
  ui.setup.disabled = !rules || busy || !!setup;
  ui.setupPanel.hidden = !setup;
}

/** The moves, a line per turn of each side: buttons that show the position after them. */
function renderMoves() {
  const n = state.moves.length;
  const at = view === null ? n : view;
  const first = state.start.endsWith(' o') ? 1 : 0; // a game that o opened: its line 1 has o's move alone
  const lines = [];
  let current = null;
  for (let ply = 1; ply <= n; ply++) {
    if (ply === 1 || (ply + first) % 2 === 1) {
      const li = document.createElement('li');
      li.value = Math.floor((ply - 1 + first) / 2) + 1;
      lines.push(li);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'mv';
    button.dataset.ply = String(ply);
    button.textContent = state.moves[ply - 1];
    const mark = marked(ply - 1);
    if (mark) {
      button.classList.add(mark.mark);
      button.title = t(`page.review.${mark.mark}`);
    }
    if (ply === at) {
      button.setAttribute('aria-current', 'step');
      current = button;
    }
    lines[lines.length - 1].appendChild(button);
  }
  ui.moves.replaceChildren(...lines);
  if (view === null || !current) ui.moves.scrollTop = ui.moves.scrollHeight;
  else ui.moves.scrollTop = current.offsetTop - ui.moves.clientHeight / 2;
}

function showThinking(info, who) {
  if (!info) { ui.thinking.textContent = ''; return; }
  const parts = [who || t(info.purpose === 'hint' ? 'page.thinking.hint_search' : 'page.thinking.search')];
  if (info.depth) {
    parts.push(t('page.thinking.depth', { depth: info.depth }), t('page.thinking.score', { score: formatScore(info) }));
  }
  parts.push(t('page.thinking.nodes', { nodes: number(info.nodes) }), t('page.thinking.seconds', { seconds: (info.time_ms / 1000).toFixed(1) }));
  if (info.pv && info.pv.length) parts.push(t('page.thinking.line', { moves: info.pv.slice(0, 4).join(' ') }));
  ui.thinking.textContent = parts.join(' · ');
}

function formatScore(info) {
  if (info.forced_win_in) {
    return info.forced_win_in > 0
      ? t('page.score.wins_in', { plies: info.forced_win_in })
      : t('page.score.loses_in', { plies: -info.forced_win_in });
  }
  const v = info.score / 100;
  return (v > 0 ? '+' : '') + v.toFixed(2);
}

// ---- talking to the server ------------------------------------------------------------------

/** A request to the API; `bearer`: a secret to send (else the seat's of the game named, if any). */
async function serverApi(method, path, body, bearer) {
  const game = path.match(/^\/api\/games\/([0-9a-f]{32})/);
  const seat = bearer ? { Authorization: `Bearer ${bearer}` } : game ? authorization(game[1]) : {};
  const options = { method, headers: { Accept: 'application/json', ...seat } };
  // The server takes changes only as JSON (no cross-site form can send that).
  if (method !== 'GET' && method !== 'HEAD') options.headers['Content-Type'] = 'application/json';
  if (body !== undefined) options.body = JSON.stringify(body);
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (_) { /* not JSON */ }
  if (!response.ok) {
    const error = new Error(errorText(data && data.code, response.status));
    error.status = response.status;
    error.code = data && data.code;
    throw error;
  }
  return data;
}

// Without the network the game goes on here, its moves sent once the server is back
// (offline.js); it may then show another game: the server's, or the offline one's new link.
const api = withOffline(serverApi, {
  replaced(s, message) {
    if (busy) return false;
    action(async () => { state = s; selected = null; hint = null; showLink(); note = message; await afterLoad(); });
    return true;
  },
});

const gamePath = (action) => `/api/games/${state.id}` + (action ? '/' + action : '');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(error) {
  note = error.status === 404
    ? t('page.game_gone')
    : friend && error.status === undefined ? t('page.friend.unreachable')
      : t('page.error', { message: error.message });
  render();
  // A move made for a game that moved on (another tab or window): show the game as it is.
  if (error.code === 'stale_ply') api('GET', gamePath()).then((s) => { state = s; render(); }, () => {});
}

// Runs a search request (computer move or hint), showing the engine's progress meanwhile
// and retrying while every engine is busy with other games.
async function withThinking(run) {
  let polling = true;
  const poll = (async () => {
    while (polling) {
      await sleep(250);
      if (!polling) break;
      try {
        const s = await api('GET', gamePath());
        if (polling && s.thinking) showThinking(s.thinking);
      } catch (_) { /* the main request reports errors */ }
    }
  })();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (error.status !== 503 || attempt >= 60) throw error;
        ui.thinking.textContent = t('page.thinking.busy');
        await sleep(1000);
      }
    }
  } finally {
    polling = false;
    await poll;
  }
}

function animate(path) { return animateOn(board.pieceLayer, path, reducedMotion); }

// ---- playing --------------------------------------------------------------------------------

/** Runs `run` as the page's one action at a time; a game that ends in it gets its review. */
async function action(run) {
  if (busy) return;
  busy = true;
  note = '';
  render();
  const wasOver = isOver();
  try {
    await run();
  } catch (error) {
    fail(error);
  } finally {
    busy = false;
    render();
    if (!wasOver && isOver()) startReview();
  }
}

// Searches in this browser at `level`, showing the progress; null when the engine here
// cannot (it then stays off, and the server searches from now on).
async function searchHere(level, purpose) {
  await engineStarting;
  if (!engine) return null;
  try {
    return await engine.search(movesRecord(state.start, state.moves), { level }, {
      onInfo: (info) => showThinking({ ...info, purpose }),
    });
  } catch (error) {
    console.warn('the engine in this browser failed; the server searches from now on', error);
    engine = null;
    return null;
  }
}

async function computerTurn() {
  ui.thinking.textContent = t('page.thinking.start');
  state.status = 'thinking';
  render();
  const found = await searchHere(state.level, 'move');
  const reply = found
    ? await api('POST', gamePath('computer'), { move: found.move, ply: state.moves.length })
    : await withThinking(() => api('POST', gamePath('computer'), { ply: state.moves.length }));
  await animate(reply.path);
  state = reply.state;
  showThinking(found || reply.search, t('page.thinking.played', { move: reply.move }));
}

async function afterLoad() {
  // A reload while the server is still thinking: wait for it, then carry on.
  while (state.status === 'thinking') {
    ui.thinking.textContent = t('page.thinking.start');
    await sleep(300);
    state = await api('GET', gamePath());
  }
  if (state.status === 'computer_turn' && !ended) await computerTurn();
}

/** Plays the player's move `from`-`to`; `dropped`: the piece was carried there already. */
function playMove(from, to, dropped) {
  action(async () => {
    selected = null;
    hint = null;
    const reply = await api('POST', gamePath('move'), { move: `${from}-${to}`, ply: state.moves.length });
    if (!dropped) await animate(reply.path);
    state = reply.state;
    render();
    if (state.status === 'computer_turn') await computerTurn();
  });
}

function activate(name) {
  if (setup) { cycleSetupSquare(name); return; }
  if (busy || !state) return;
  if (view !== null) {
    note = t('page.replay.play_on', { ply: view });
    render();
    return;
  }
  if (!playable()) return;
  const dests = state.destinations || {};
  if (selected && selected !== name && dests[selected] && dests[selected].includes(name)) {
    playMove(selected, name, false);
    return;
  }
  selected = name in dests && selected !== name ? name : null;
  note = '';
  render();
}

/** A piece carried from `from` and let go over `to` (null off the board). */
function dropPiece(from, to) {
  const dests = state.destinations || {};
  if (to && to !== from && dests[from] && dests[from].includes(to)) playMove(from, to, true);
  else render(); // back where it was, still picked up
}

function onKey(event) {
  const [f, r] = coords(cursor);
  // The arrows move the keyboard's square as they look on the board (turned or not).
  const sign = flipped ? -1 : 1;
  const moves = { ArrowLeft: [-sign, 0], ArrowRight: [sign, 0], ArrowUp: [0, sign], ArrowDown: [0, -sign] };
  if (event.key in moves) {
    const [df, dr] = moves[event.key];
    const nf = Math.max(0, Math.min(15, f + df));
    const nr = Math.max(0, Math.min(15, r + dr));
    cursor = squareName(nf, nr);
    render();
    board.cells.get(cursor).focus();
    event.preventDefault();
  } else if (event.key === 'Enter' || event.key === ' ') {
    activate(cursor);
    event.preventDefault();
  } else if (event.key === 'Escape') {
    selected = null;
    render();
  }
}

// The game's link, /g/<id>, resumes it in any browser: shown on the page and in the address
// bar, and remembered for the next visit.
function showLink() {
  const link = `${prefix()}/g/${state.id}`;
  if (location.pathname !== link || location.search) history.replaceState(null, '', link);
  const a = document.createElement('a');
  a.id = 'game-link';
  a.href = link;
  a.textContent = location.origin + link;
  ui.link.replaceChildren(document.createTextNode(t('page.link') + ' '), a);
  stored.set('halma-game', state.id);
  view = null;
  ended = loadEnding();
  followFriend();
  if (review && review.id !== state.id) {
    if (review.running) review.controller.abort();
    review = null;
  }
}

// ---- a game between two people ---------------------------------------------------------------

/** Follows the game shown live if it is between two people (`level` 0: no computer), else stops. */
function followFriend() {
  if (friend && friend.id === state.id) return;
  if (friend) friend.stream.stop();
  friend = null;
  if (state.level !== 0) return;
  const seat = seatOf(state.id);
  friend = { id: state.id, you: seat ? seat.side : null, players: null, connected: true, stream: null, claim: null };
  const mine = friend;
  // From the start (no Last-Event-ID): the stream's first state is the game as it is now.
  friend.stream = follow(state.id, null, {
    state: (s) => liveState(s),
    players: (players) => {
      // The friend has just come: the game (its clocks) starts now, as the server tells.
      if (mine.players && mine.players.inviting && !players.inviting) {
        api('GET', `/api/games/${mine.id}`).then((s) => { if (friend === mine) liveState(s); }, () => {});
      }
      mine.players = players;
      if (!players.inviting) keepInvitation(mine.id, null);
      mine.claim = claimOf(mine, players);
      if (friend === mine) render();
    },
    connected: (connected) => {
      if (mine.connected === connected) return;
      mine.connected = connected;
      if (friend === mine) render();
    },
  });
}

/**
 * When the player may claim the win from the friend the players' account `players` says is
 * away: `{after, at, waiting}` (the server's seconds, the page's moment, whether the player
 * chose to keep waiting, kept while the same absence lasts), or null.
 */
function claimOf(mine, players) {
  if (!mine.you || players.claim_in === null || players.claim_in === undefined) return null;
  const after = players.claim_in;
  const at = performance.now() + after * 1000;
  // The page looks again when the time has come.
  setTimeout(() => { if (friend === mine) render(); }, after * 1000 + 100);
  return { after, at, waiting: !!(mine.claim && mine.claim.waiting) };
}

/** What of a friend game's state the page shows: a state that changes none of it is old news. */
const shownOf = (s) => JSON.stringify([s.moves.length, s.status, s.outcome, s.offers, s.rematch, s.clock]);

/** The newest state the server gave while the page was busy: shown once it is not, older ones dropped. */
let liveLatest = null;

/**
 * A state from the live stream (or a look at the server): the opponent's move shown (played
 * over the board), an offer, an ending, a catch-up.
 */
function liveState(s) {
  if (!friend || !state || s.id !== state.id) return;
  if (busy) {
    if (!liveLatest) {
      setTimeout(() => {
        const next = liveLatest;
        liveLatest = null;
        if (next) liveState(next);
      }, 250);
    }
    liveLatest = s;
    return;
  }
  liveLatest = null; // any state still waiting came before this one
  // A game over stays over; fewer moves are an older state.
  const older = s.moves.length < state.moves.length || (state.status === 'over' && s.status !== 'over');
  if (older || shownOf(s) === shownOf(state)) return;
  action(async () => {
    if (s.moves.length === state.moves.length + 1 && s.last_move && view === null) await animate(s.last_move.path);
    await takeFriendState(s);
  });
}

/**
 * Shows `s`, the new state of the friend game shown: says so when the friend declined the
 * player's offer (or played on, which declines it), and moves to the rematch once there is one.
 */
async function takeFriendState(s) {
  const before = state;
  state = s;
  selected = null;
  const you = friend && friend.you;
  if (!you || before.id !== s.id) return;
  for (const kind of ['draw', 'rematch']) {
    const was = before.offers && before.offers[kind];
    const is = s.offers && s.offers[kind];
    const mineMoved = s.moves.length > before.moves.length && s.last_move && s.last_move.side === you;
    if (was === you && !is && s.status === before.status && !s.rematch && !mineMoved) note = t(`page.${kind}.declined`);
  }
  if (s.rematch) await goToRematch(s.rematch);
}

/** Moves to the rematch `id` of the game shown, the player's secret copied to it. */
async function goToRematch(id) {
  keepRematchSeat(state.id, id);
  startGame(await api('GET', `/api/games/${id}`));
}

/**
 * Sends the player's `body` to the friend game's `route` (resign, draw, rematch, claim). A
 * state the stream gave meanwhile may be older than the answer, or newer: the page asks
 * again rather than guess.
 */
function friendAction(route, body) {
  action(async () => {
    await takeFriendState(await api('POST', gamePath(route), body));
    if (liveLatest && liveLatest.id === state.id) {
      liveLatest = null;
      await takeFriendState(await api('GET', gamePath()));
    }
  });
}

ui.drawOffer.addEventListener('click', () => friendAction('draw', { action: 'offer' }));
ui.drawAccept.addEventListener('click', () => friendAction('draw', { action: 'accept' }));
ui.rematchOffer.addEventListener('click', () => friendAction('rematch', { action: 'offer' }));
ui.rematchAccept.addEventListener('click', () => friendAction('rematch', { action: 'accept' }));
ui.offerDecline.addEventListener('click', () => {
  friendAction(state.status === 'over' ? 'rematch' : 'draw', { action: 'decline' });
});
ui.claim.addEventListener('click', () => friendAction('claim', {}));
ui.claimWait.addEventListener('click', () => {
  if (friend && friend.claim) friend.claim.waiting = true;
  render();
  ui.claim.focus();
});

// The running clock counts down here, for the eye; at zero the page asks the server, which
// decides (it keeps the time; a page never sends one), at most every ten ticks (2 s): ticks,
// not the page's clock, which may be wrong.
const TICK_MS = 200;
let askIn = 0; // ticks until the page may ask again
setInterval(() => {
  if (askIn > 0) askIn--;
  if (!clocks || !clocks.running || !state || state.status === 'over' || state !== clocksFrom) return;
  renderClocks();
  if (timeLeft(clocks, clocks.running) > 0 || busy || askIn > 0) return;
  askIn = 10;
  const id = state.id;
  api('GET', gamePath()).then((s) => { if (state && state.id === id) liveState(s); }, () => {});
}, TICK_MS);

/** Takes the seat an invitation's claim offers in game `id`; a used one leaves the page watching. */
async function join(id, claim) {
  try {
    const reply = await serverApi('POST', `/api/games/${id}/join`, undefined, claim);
    keepSeat(id, reply.seat);
  } catch (error) {
    note = error.code === 'seat_taken' ? t('page.friend.seat_taken') : t('page.error', { message: error.message });
  }
}

ui.playFriend.addEventListener('click', () => action(async () => {
  const body = { opponent: 'friend', human: ui.side.value };
  const preset = CLOCKS[Number(ui.clock.value)];
  if (preset) body.clock = { initial: preset[0], increment: preset[1] };
  const created = await api('POST', '/api/games', body);
  keepSeat(created.id, created.seat);
  keepInvitation(created.id, created.invitation.claim);
  startGame(created);
}));
ui.copyInvitation.addEventListener('click', () => {
  const claim = invitationOf(state.id);
  if (claim) copy(invitationLink(claim));
});

async function newGame() {
  const created = await api('POST', '/api/games', { level: Number(ui.level.value), human: ui.side.value });
  startGame(created);
  await afterLoad();
}

/** Shows the game `s`, new to this page. */
function startGame(s) {
  state = s;
  selected = null;
  hint = null;
  setup = null;
  showThinking(null);
  showLink();
  pickCursor();
  render();
}

function pickCursor() {
  const movable = Object.keys(state.destinations || {});
  cursor = movable.length ? movable[0] : state.pieces[state.human][0];
}

ui.newGame.addEventListener('click', () => action(newGame));
ui.undo.addEventListener('click', () => action(async () => {
  selected = null;
  hint = null;
  view = null;
  state = await api('POST', gamePath('undo'));
  showThinking(null);
}));
ui.hint.addEventListener('click', () => action(async () => {
  selected = null;
  view = null;
  const found = await searchHere(Math.max(state.level, HINT_LEVEL), 'hint');
  const reply = found
    ? { move: found.move, path: found.path, search: found }
    : await withThinking(() => api('GET', gamePath('hint')));
  const path = reply.path;
  hint = { move: reply.move, from: path[0], to: path[path.length - 1], path };
  selected = hint.from;
  cursor = hint.from;
  showThinking(reply.search, t('page.thinking.hint', { move: reply.move }));
}));
ui.level.addEventListener('change', () => {
  if (!state) return;
  const game = state.id;
  api('POST', gamePath('level'), { level: Number(ui.level.value) })
    .then((s) => {
      // A reply for a game left meanwhile (a new game started) changes nothing.
      if (!state || state.id !== game) return;
      if (!busy) { state = s; } else { state.level = s.level; }
      render();
    })
    .catch(fail);
});

// The engine's details (depth, score, nodes, line) are for the curious: off unless asked for.
ui.engineToggle.addEventListener('change', () => {
  ui.thinking.hidden = !ui.engineToggle.checked;
  stored.set('halma-engine-details', ui.engineToggle.checked ? '1' : '0');
});

ui.flip.addEventListener('click', () => {
  flipped = !flipped;
  board.flip(flipped);
  stored.set('halma-flipped', flipped ? '1' : '0');
  render();
});

/** Copies `text` to the clipboard, saying so under the status. */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    note = t('page.copied');
  } catch (_) {
    note = t('page.copy_failed');
  }
  render();
}

ui.copyLink.addEventListener('click', () => copy(`${location.origin}${prefix()}/g/${state.id}`));

// ---- looking back through the moves -----------------------------------------------------------

/** Shows the position after `ply` moves (the game now at the last): play resumes only there. */
function goTo(ply) {
  if (!rules || !state || setup) return;
  const n = state.moves.length;
  const at = Math.max(0, Math.min(n, ply));
  view = at === n ? null : at;
  selected = null;
  note = '';
  render();
}

const at = () => (view === null ? state.moves.length : view);
ui.replayFirst.addEventListener('click', () => goTo(0));
ui.replayBack.addEventListener('click', () => goTo(at() - 1));
ui.replayForward.addEventListener('click', () => goTo(at() + 1));
ui.replayLast.addEventListener('click', () => goTo(state.moves.length));
ui.moves.addEventListener('click', (event) => {
  const button = event.target.closest('.mv');
  if (button) goTo(Number(button.dataset.ply));
});

// The arrow keys, Home and End step through the game anywhere but on the board (whose
// arrows move its keyboard square) and in the fields and dialogs.
document.addEventListener('keydown', (event) => {
  if (!state || setup || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest('#board, input, textarea, select, dialog')) return;
  const steps = { ArrowLeft: at() - 1, ArrowRight: at() + 1, Home: 0, End: state.moves.length };
  if (!(event.key in steps)) return;
  goTo(steps[event.key]);
  event.preventDefault();
});

// ---- resigning ----------------------------------------------------------------------------------

// A game between two people is resigned on the server (it tells the friend at once). A game
// against the computer has no resignation on the server: the page keeps it for the game and
// the moves it was given at (playing on elsewhere leaves it behind), and writes it into the
// game's record; so it does with the other endings of a record imported (`reason`, the side
// that lost or null for a draw agreed).
const ENDED = 'halma-resigned:';

function loadEnding() {
  try {
    const kept = JSON.parse(stored.get(ENDED + state.id));
    const reason = kept && (kept.reason || 'resignation');
    const fits = reason === 'agreement' ? kept.side === null : ENDINGS.includes(reason) && SIDES.includes(kept.side);
    return fits && kept.ply === state.moves.length ? { reason, side: kept.side, ply: kept.ply } : null;
  } catch (_) {
    return null;
  }
}

function saveEnding(reason, side) {
  ended = { reason, side, ply: state.moves.length };
  stored.set(ENDED + state.id, JSON.stringify(ended));
}

ui.resign.addEventListener('click', () => {
  ui.resignConfirm.hidden = false;
  ui.resignYes.focus();
});
ui.resignNo.addEventListener('click', () => { ui.resignConfirm.hidden = true; });
ui.resignYes.addEventListener('click', () => {
  ui.resignConfirm.hidden = true;
  if (busy || isOver()) return;
  if (friend) {
    friendAction('resign', {});
    return;
  }
  saveEnding('resignation', state.human);
  selected = null;
  hint = null;
  view = null;
  render();
  startReview();
});

// ---- the game's record ------------------------------------------------------------------------

/** Today's date as a record writes it: `2026-12-01`. */
function today() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The game's record: where and when, the players and the level, its moves and result. */
function recordText() {
  const game = Game.fromRecord(movesRecord(state.start, state.moves));
  try {
    const names = { [state.human]: PLAYER, [other(state.human)]: friend ? PLAYER : computerName(state.level) };
    const tags = {
      Site: `${location.origin}${prefix()}/g/${state.id}`, Date: today(),
      X: names.x, O: names.o, Level: String(state.level),
    };
    const o = state.outcome;
    const ending = ended ? { reason: ended.reason, winner: ended.side && other(ended.side) }
      : ENDINGS.includes(o.reason_code) ? { reason: o.reason_code, winner: o.winner } : null;
    return game.record(tags, { ending });
  } finally {
    game.free();
  }
}

ui.recordDownload.addEventListener('click', () => {
  const url = URL.createObjectURL(new Blob([recordText()], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `halma-${today()}-${state.id.slice(0, 8)}.txt`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
});
ui.recordCopy.addEventListener('click', () => copy(recordText()));

ui.recordImport.addEventListener('click', () => {
  ui.importText.value = '';
  ui.importFile.value = '';
  ui.importError.hidden = true;
  ui.importDialog.showModal();
  ui.importText.focus();
});
ui.importCancel.addEventListener('click', () => ui.importDialog.close());
ui.importFile.addEventListener('change', async () => {
  const file = ui.importFile.files[0];
  if (file) ui.importText.value = await file.text();
});
ui.importStart.addEventListener('click', () => {
  let read;
  try {
    read = readRecord(ui.importText.value);
  } catch (error) {
    ui.importError.textContent = t('page.import.failed', { reason: error.message });
    ui.importError.hidden = false;
    return;
  }
  ui.importDialog.close();
  action(() => importGame(read));
});

/**
 * Plays a record's game on the server as a new game, move by move: the player takes the
 * side the record does not give to the computer (`halma level N`, as this page names it;
 * else the side chosen above), at the record's level.
 */
async function importGame({ game, tags, reason, winner }) {
  let s;
  try { s = game.state(); } finally { game.free(); }
  const computer = SIDES.find((side) => COMPUTER.test(tags[side.toUpperCase()] || ''));
  const human = computer ? other(computer) : ui.side.value;
  const named = computer ? Number(tags[computer.toUpperCase()].match(COMPUTER)[1]) : Number(tags.Level);
  const level = named >= 1 && named <= 10 ? named : Number(ui.level.value);
  let created = await api('POST', '/api/games', { level, human, position: s.start });
  for (const [i, move] of s.moves.entries()) {
    note = t('page.import.importing', { done: i + 1, total: s.moves.length });
    render();
    const route = created.turn === human ? 'move' : 'computer';
    created = (await api('POST', `/api/games/${created.id}/${route}`, { move, ply: created.moves.length })).state;
  }
  startGame(created);
  if (ENDINGS.includes(reason)) saveEnding(reason, winner && other(winner));
  note = '';
  await afterLoad();
}

// ---- setting up a position --------------------------------------------------------------------

/** Position text of `pieces` with `turn` to move (the rules' notation, rank 16 first). */
function positionText(pieces, turn) {
  const ranks = [];
  for (let rank = 15; rank >= 0; rank--) {
    let text = '';
    let run = 0;
    for (let file = 0; file < 16; file++) {
      const side = pieces.get(squareName(file, rank));
      if (!side) { run++; continue; }
      if (run) text += run;
      run = 0;
      text += side;
    }
    ranks.push(run ? text + run : text);
  }
  return `${ranks.join('/')} ${turn}`;
}

/** The pieces and side to move of position text, or null if no game can start there. */
function readPosition(text) {
  try {
    const game = Game.fromPosition(text.trim());
    try {
      const s = game.state();
      return { pieces: piecesOf(s), turn: s.turn };
    } finally {
      game.free();
    }
  } catch (_) {
    return null;
  }
}

/** Sets up a position: `text`'s, else the one on the board. */
function enterSetup(text) {
  const { pieces } = shown();
  const turn = view === null ? state.turn : (view % 2 === 0 ? state.start.slice(-1) : other(state.start.slice(-1)));
  setup = (text && readPosition(text)) || { pieces: new Map(pieces), turn };
  if (text && !readPosition(text)) note = t('page.setup.bad_text');
  selected = null;
  hint = null;
  syncSetup(true);
  ui.setupText.focus();
}

/** The set-up panel after a change: its text, side to move and counts; Play when it is a position. */
function syncSetup(text) {
  const position = positionText(setup.pieces, setup.turn);
  if (text) ui.setupText.value = position;
  ui.setupTurn.value = setup.turn;
  const count = (side) => [...setup.pieces.values()].filter((s) => s === side).length;
  const checks = [t('page.setup.count', { x: count('x'), o: count('o') })];
  const valid = readPosition(position) !== null;
  if (!valid && count('x') === 19 && count('o') === 19) checks.push(t('page.setup.invalid'));
  ui.setupCheck.textContent = checks.join(' ');
  ui.setupPlay.disabled = !valid || busy;
  render();
}

function cycleSetupSquare(name) {
  const next = { undefined: 'x', x: 'o', o: undefined }[setup.pieces.get(name)];
  if (next) setup.pieces.set(name, next);
  else setup.pieces.delete(name);
  syncSetup(true);
}

/** A piece carried in the set-up: to another square (the two swap), or off the board. */
function dropSetupPiece(from, to) {
  const side = setup.pieces.get(from);
  if (to === from) { render(); return; }
  const there = to && setup.pieces.get(to);
  setup.pieces.delete(from);
  if (there) setup.pieces.set(from, there);
  if (to) setup.pieces.set(to, side);
  syncSetup(true);
}

ui.setup.addEventListener('click', () => enterSetup(null));
ui.setupCancel.addEventListener('click', () => { setup = null; note = ''; render(); });
ui.setupStandard.addEventListener('click', () => {
  const start = Game.start();
  try { setup.pieces = piecesOf(start.state()); } finally { start.free(); }
  setup.turn = 'x';
  syncSetup(true);
});
ui.setupClear.addEventListener('click', () => { setup.pieces = new Map(); syncSetup(true); });
ui.setupTurn.addEventListener('change', () => { setup.turn = ui.setupTurn.value; syncSetup(true); });
ui.setupText.addEventListener('input', () => {
  const read = readPosition(ui.setupText.value);
  if (read) {
    setup = read;
    note = '';
    syncSetup(false);
  } else {
    note = t('page.setup.bad_text');
    ui.setupPlay.disabled = true;
    render();
  }
});
ui.setupPlay.addEventListener('click', () => action(async () => {
  const position = positionText(setup.pieces, setup.turn);
  const created = await api('POST', '/api/games', { level: Number(ui.level.value), human: ui.side.value, position });
  startGame(created);
  await afterLoad();
}));
ui.setupLink.addEventListener('click', () => {
  const position = positionText(setup.pieces, setup.turn);
  copy(`${location.origin}${prefix()}/?position=${encodeURIComponent(position)}`);
});

// ---- the review -------------------------------------------------------------------------------

/** The review of this game, if the moves it reviewed are still the game's first ones. */
function currentReview() {
  if (!review || review.id !== state.id || review.start !== state.start) return null;
  return review.moves.every((move, i) => move === state.moves[i]) ? review : null;
}

/** The reviewed entry of move `ply` (from 0) if the review marked it. */
function marked(ply) {
  const r = currentReview();
  const entry = r && r.entries && ply >= 0 && ply < r.moves.length ? r.entries[ply] : null;
  return entry && entry.mark ? entry : null;
}

/** Reviews the game as it stands, in the reviews' own worker; cancelled by its button. */
async function startReview() {
  if (!rules || !state || !state.moves.length || (review && review.running)) return;
  const controller = new AbortController();
  const mine = () => review && review.controller === controller;
  review = {
    id: state.id, start: state.start, moves: state.moves.slice(), entries: null,
    done: 0, total: state.moves.length + 1, running: true, controller,
  };
  render();
  try {
    if (!reviewer) reviewer = await Engine.create({ tableMb: 8 });
    const entries = await reviewer.review(movesRecord(review.start, review.moves), { nodes: REVIEW.nodes }, {
      signal: controller.signal,
      onProgress: (done, total) => { if (mine()) { Object.assign(review, { done, total }); renderReview(); } },
    });
    if (mine()) Object.assign(review, { entries, running: false });
  } catch (error) {
    if (mine()) {
      review = null;
      note = error.code === 'aborted' ? t('page.review.cancelled') : t('page.error', { message: error.message });
    }
  }
  if (state) render();
}

ui.review.addEventListener('click', () => startReview());
ui.reviewCancel.addEventListener('click', () => { if (review && review.running) review.controller.abort(); });

const GRAPH = { width: 300, height: 80 };

/** A score for x on the graph's height: the middle line even, tanh so big leads stay on it. */
const graphY = (score) => GRAPH.height / 2 - Math.tanh(score / 400) * (GRAPH.height / 2 - 4);

function renderReview() {
  const r = currentReview();
  const running = !!r && r.running;
  ui.reviewProgress.hidden = !running;
  ui.reviewCancel.hidden = !running;
  ui.review.disabled = !rules || running || !!setup || !state.moves.length
    || (!!r && r.moves.length === state.moves.length);
  if (running) {
    ui.reviewBar.max = r.total;
    ui.reviewBar.value = r.done;
    ui.reviewCount.textContent = t('page.review.running', { done: r.done, total: r.total });
  }
  const done = r && r.entries ? r : null;
  drawGraph(done);
  // The review says how the game ended (a resignation, a flag...) above each side's marks.
  const over = done && done.moves.length === state.moves.length ? describeOutcome() : null;
  ui.reviewResult.textContent = over ? over[0] : '';
  ui.reviewResult.hidden = !over;
  ui.reviewSummary.replaceChildren(...(done ? SIDES.map((side) => {
    const line = document.createElement('span');
    const count = (mark) => done.entries.filter((e) => e.turn === side && e.mark === mark).length;
    const player = t(side === mySide() ? 'page.review.you'
      : !friend ? 'page.review.computer' : friend.you ? 'page.review.friend' : 'page.review.side', { side });
    line.textContent = t('page.review.summary', { player, mistakes: count('mistake'), blunders: count('blunder') });
    return line;
  }) : []));
  const shownMark = marked(at() - 1);
  ui.reviewDetail.textContent = shownMark
    ? t('page.review.marked', {
      mark: t(`page.review.${shownMark.mark}`), move: shownMark.played, better: shownMark.move,
      loss: (shownMark.loss / 100).toLocaleString(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    })
    : done ? t('page.review.done') : '';
  document.body.dataset.review = r ? (running ? 'running' : 'done') : 'none';
}

/** The evaluation over the game for x, the marked moves on it, the position shown. */
function drawGraph(r) {
  const svg = ui.graph;
  svg.toggleAttribute('hidden', !r); // an SVG element has the attribute, not the property
  svg.replaceChildren();
  if (!r) return;
  const ns = 'http://www.w3.org/2000/svg';
  const add = (tag, attrs) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    svg.appendChild(node);
    return node;
  };
  const { width, height } = GRAPH;
  const plies = r.entries.length - 1;
  const x = (ply) => (plies ? (ply / plies) * width : width / 2);
  const points = r.entries.map((e) => `${x(e.ply).toFixed(1)},${graphY(e.x_score).toFixed(1)}`);
  add('rect', { class: 'graph-o', x: 0, y: 0, width, height });
  // x's colour under the curve, o's above it: the more of a colour, the better that side stands.
  add('path', { class: 'graph-x', d: `M0,${height} L${points.join(' L')} L${width},${height} Z` });
  add('line', { class: 'graph-even', x1: 0, y1: height / 2, x2: width, y2: height / 2 });
  add('polyline', { class: 'graph-line', points: points.join(' ') });
  add('line', { class: 'graph-now', x1: x(at()), y1: 0, x2: x(at()), y2: height });
  for (const e of r.entries) {
    if (!e.mark) continue;
    const dot = add('circle', { class: `graph-${e.mark}`, cx: x(e.ply + 1), cy: graphY(r.entries[e.ply + 1].x_score), r: 3.5 });
    const title = document.createElementNS(ns, 'title');
    title.textContent = `${t(`page.review.${e.mark}`)}: ${e.played}`;
    dot.appendChild(title);
  }
}

ui.graph.addEventListener('click', (event) => {
  const r = currentReview();
  if (!r || !r.entries) return;
  const box = ui.graph.getBoundingClientRect();
  goTo(Math.round(((event.clientX - box.left) / box.width) * (r.entries.length - 1)));
});

// ---- starting the page ----------------------------------------------------------------------

/** Starts the engine in this browser, if it can run here. */
async function startEngine() {
  try {
    await init('/halma.wasm');
    rules = true;
    if (state) render();
    engine = await Engine.create();
  } catch (error) {
    console.warn('no engine in this browser; the server searches', error);
    engine = null;
  }
}

async function start() {
  busy = true;
  try {
    await loadLanguage();
  } catch (error) {
    // Without its words the page can only say so, in the one language every file has.
    ui.status.textContent = String(error);
    return;
  }
  translate();
  // A preset reads as players write it: minutes, plus seconds added at each move (its label says so).
  ui.clock.replaceChildren(...CLOCKS.map((preset, i) => new Option(preset
    ? `${preset[0] / 60}+${preset[1]}` : t('page.clock.none'), String(i))));
  ui.status.textContent = t('page.loading');
  languagePicker(ui.lang);
  flipped = stored.get('halma-flipped') === '1';
  ui.engineToggle.checked = stored.get('halma-engine-details') === '1';
  ui.thinking.hidden = !ui.engineToggle.checked;
  buildBoard();
  showGuide();
  // The engine (the largest file) loads once the page shows its words and board.
  engineStarting = startEngine();
  // A link to a position (?position=<text>) opens it set up, ready to play from.
  const linked = new URLSearchParams(location.search).get('position');
  try {
    const fromLink = location.pathname.match(/^(?:\/[A-Za-z-]+)?\/g\/([0-9a-f]{32})$/);
    // An invitation (/g/<id>#join=<claim>): its claim is in the fragment, which no server sees.
    const claim = fromLink && location.hash.match(/^#join=([0-9A-Za-z_-]{1,128})$/);
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    let id = fromLink ? fromLink[1] : stored.get('halma-game');
    if (id && /^[0-9a-f]{32}$/.test(id)) {
      try {
        state = await api('GET', `/api/games/${id}`);
      } catch (_) {
        state = null;
        if (fromLink) note = t('page.unknown_link');
      }
    }
    if (!state) state = await api('POST', '/api/games', { human: ui.side.value });
    if (claim && state.level === 0 && !seatOf(state.id)) await join(state.id, claim[1]);
    // A game a rematch followed: its link (below the game) opens the rematch in the player's seat.
    if (state.rematch) keepRematchSeat(state.id, state.rematch);
    showLink();
    ui.side.value = state.human;
    markCamps(board.cells, state.camps);
    pickCursor();
    if (linked) {
      await engineStarting;
      if (rules) enterSetup(linked);
    }
    render();
    if (!setup) await afterLoad();
  } catch (error) {
    ui.status.textContent = t('page.error', { message: error.message });
  } finally {
    busy = false;
    // A position from a link is set up while the page starts: it may be played once started.
    if (setup) syncSetup(false);
    else render();
  }
}

start();
