// The page's store: a state is taken only when newer than the one held (answers and stream
// events alike), and what the page derives from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './page.mjs';

const { Store, newer, other } = await load('store.js');

/** A state as the server writes one, `changes` over a game's start. */
function state(changes = {}) {
  return {
    id: 'a'.repeat(32), version: 1, opponent: 'computer', status: 'your_turn', turn: 'x', human: 'x', level: 5,
    moves: [], start: 's x', pieces: { x: ['n2'], o: ['b15'] }, destinations: { n2: ['n3'] },
    outcome: { result: 'ongoing', winner: null, reason: null, reason_code: null },
    offers: { draw: null, rematch: null }, rematch: null, clock: null, ...changes,
  };
}

/** A store whose clock reads `now.ms`. */
function storeAt(now = { ms: 1000 }) {
  return new Store(() => now.ms);
}

test('a state is newer only at a larger version of the same game', () => {
  const held = state({ version: 5 });
  assert.equal(newer(state({ version: 6 }), held), true);
  assert.equal(newer(state({ version: 5 }), held), false, 'the same version is no news');
  assert.equal(newer(state({ version: 4 }), held), false, 'an older answer arriving late');
  assert.equal(newer(state({ version: 9, id: 'b'.repeat(32) }), held), false, 'another game');
  assert.equal(newer(null, held), false);
});

test("the server's state replaces one played offline, whatever their versions", () => {
  const offline = state({ version: 9, offline: { pending: 2 } });
  assert.equal(newer(state({ version: 3 }), offline), true);
  assert.equal(newer(state({ version: 10, offline: { pending: 3 } }), offline), true, 'offline, numbered on');
  assert.equal(newer(state({ version: 9, offline: { pending: 3 } }), offline), false);
});

test('an answer older than a stream event already taken changes nothing', () => {
  const store = storeAt();
  store.show(state({ version: 2 }));
  const streamed = state({ version: 4, moves: ['l2-k3', 'e15-f14'] });
  const answered = state({ version: 3, moves: ['l2-k3'], status: 'computer_turn' });
  assert.equal(store.take(streamed), true);
  assert.equal(store.take(answered), false);
  assert.deepEqual(store.game.moves, ['l2-k3', 'e15-f14']);
  assert.equal(store.take(streamed), false, 'the same event twice');
});

test('a move taken drops the piece picked up and the hint; a level changed keeps them', () => {
  const store = storeAt();
  store.show(state());
  store.selected = 'n2';
  store.hint = { from: 'n2', to: 'n3', path: ['n2', 'n3'] };
  assert.equal(store.take(state({ version: 2, level: 7 })), true);
  assert.equal(store.selected, 'n2');
  assert.equal(store.take(state({ version: 3, moves: ['n2-n3'] })), true);
  assert.deepEqual([store.selected, store.hint], [null, null]);
});

test('a game shown anew forgets what the page added to the last one', () => {
  const store = storeAt();
  store.show(state());
  Object.assign(store, { selected: 'n2', view: 0, searching: true, setup: { pieces: new Map(), turn: 'x' } });
  store.show(state({ id: 'b'.repeat(32) }), { ended: { reason: 'resignation', side: 'x', ply: 0 } });
  assert.deepEqual([store.selected, store.view, store.searching, store.setup], [null, null, false, null]);
  assert.equal(store.over, true, 'the ending kept for it');
  assert.equal(store.friend, null, 'a game against the computer has no seats');
});

test('a friend game shown from a seat, and from none', () => {
  const store = storeAt();
  store.show(state({ opponent: 'friend' }), { seat: { side: 'o', secret: 's' } });
  assert.deepEqual([store.friendGame, store.seat, store.friend.you], [true, 'o', 'o']);
  store.show(state({ opponent: 'friend' }));
  assert.deepEqual([store.seat, store.presence], [null, 'watching']);
});

test('the page shows its own search as thinking, and an ending kept here as over', () => {
  const store = storeAt();
  store.show(state({ status: 'computer_turn' }));
  assert.equal(store.status, 'computer_turn');
  store.searching = true;
  assert.equal(store.status, 'thinking');
  store.ended = { reason: 'resignation', side: 'x', ply: 0 };
  assert.deepEqual([store.status, store.over], ['over', true]);
});

test('a move may be played on the game now, on the player\'s turn, from the seat to move', () => {
  const store = storeAt();
  store.show(state());
  assert.equal(store.playable, true);
  store.view = 0;
  assert.equal(store.playable, false, 'looking back');
  store.view = null;
  store.show(state({ opponent: 'friend', turn: 'o' }), { seat: { side: 'x', secret: 's' } });
  assert.equal(store.playable, false, "the friend's turn");
  store.show(state({ opponent: 'friend', turn: 'x' }), { seat: { side: 'x', secret: 's' } });
  assert.equal(store.playable, true);
  store.friend.connected = false;
  assert.equal(store.playable, false, 'the server out of reach');
  store.show(state({ opponent: 'friend' }));
  assert.equal(store.playable, false, 'a watcher');
});

test('who is here, from the seat: joining, waiting, here, away, unreachable', () => {
  const store = storeAt();
  store.show(state({ opponent: 'friend' }), { seat: { side: 'x', secret: 's' } });
  assert.equal(store.presence, 'joining');
  const players = (inviting, here) => ({ inviting, x: { here: true }, o: { here }, claim_in: null });
  store.takePlayers(players(true, false));
  assert.equal(store.presence, 'waiting');
  store.takePlayers(players(false, true));
  assert.equal(store.presence, 'here');
  store.takePlayers(players(false, false));
  assert.equal(store.presence, 'away');
  store.friend.connected = false;
  assert.equal(store.presence, 'unreachable');
});

test('the win over a friend who left may be claimed once the server\'s time has passed', () => {
  const now = { ms: 1000 };
  const store = storeAt(now);
  store.show(state({ opponent: 'friend' }), { seat: { side: 'x', secret: 's' } });
  store.takePlayers({ inviting: false, x: { here: true }, o: { here: false }, claim_in: 5 });
  assert.deepEqual([store.claim, store.claimIn], ['soon', 5000]);
  now.ms += 2500;
  assert.deepEqual([store.claim, store.claimIn], ['soon', 2500], 'counted down by the page');
  now.ms += 2500;
  assert.deepEqual([store.claim, store.claimIn], ['ready', 0]);
  store.friend.claim.waiting = true;
  store.takePlayers({ inviting: false, x: { here: true }, o: { here: false }, claim_in: 0 });
  assert.equal(store.claim, 'waiting', 'kept waiting while the same absence lasts');
  store.takePlayers({ inviting: false, x: { here: true }, o: { here: true }, claim_in: null });
  assert.equal(store.claim, null, 'back');
  store.show(state({ opponent: 'friend' }));
  store.takePlayers({ inviting: false, x: { here: true }, o: { here: false }, claim_in: 0 });
  assert.equal(store.claim, null, 'a watcher claims nothing');
});

test('the offer that may be made: a draw during the game, a rematch after it', () => {
  const store = storeAt();
  store.show(state({ opponent: 'friend', offers: { draw: 'o', rematch: null } }));
  assert.deepEqual([store.offerKind, store.offer('draw'), store.offer('rematch')], ['draw', 'o', null]);
  store.show(state({ opponent: 'friend', status: 'over', offers: { draw: null, rematch: 'x' } }));
  assert.deepEqual([store.offerKind, store.offer('rematch')], ['rematch', 'x']);
  assert.equal(other('x'), 'o');
});
