// The review's marks as the page shows them: offered against the computer at any moment, in
// a game between two people only once it has ended; the marks of the game shown only; each
// side's count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './page.mjs';

const { Store } = await load('store.js');
const { reviewOffered, currentReview, markAt, markCounts } = await load('marks.js');

const MOVES = ['l2-k3', 'e15-f14', 'n3-n5', 'b14-d12'];

/** A store showing a game of `MOVES` (`changes` to its state), its rules running here. */
function showing(changes = {}, seat = null) {
  const store = new Store(() => 0);
  store.show({
    id: 'a'.repeat(32), version: 5, opponent: 'computer', status: 'your_turn', human: 'x', level: 5, start: 's x',
    moves: MOVES, pieces: { x: ['n2'], o: [] }, ...changes,
  }, { seat });
  store.rules = true;
  return store;
}

/** The review's entries of `MOVES`: a position each, `marks` by ply. */
function entries(marks) {
  return [...MOVES, null].map((played, ply) => ({
    ply, turn: ply % 2 ? 'o' : 'x', played, mark: marks[ply] || null, loss: marks[ply] ? 150 : 0, move: 'a1-a2',
  }));
}

/** The store with a finished review of its game whose marks are `marks`. */
function reviewed(store, marks, moves = MOVES) {
  store.review = { id: store.game.id, start: store.game.start, moves, entries: entries(marks), running: false };
  return store;
}

test('a game against the computer may be reviewed at any moment', () => {
  assert.equal(reviewOffered(showing()), true);
  assert.equal(reviewOffered(showing({ status: 'over' })), true);
  assert.equal(reviewOffered(showing({ moves: [] })), false, 'no move to review');
  const off = showing();
  off.rules = false;
  assert.equal(reviewOffered(off), false, 'no engine here');
});

test('a game between two people is reviewed only once it has ended, from any seat', () => {
  for (const seat of [{ side: 'x', secret: 's' }, { side: 'o', secret: 's' }, null]) {
    assert.equal(reviewOffered(showing({ opponent: 'friend' }, seat)), false);
    assert.equal(reviewOffered(showing({ opponent: 'friend', status: 'over' }, seat)), true);
  }
  // A review of it can show no mark before its end either.
  const store = reviewed(showing({ opponent: 'friend' }), { 1: 'blunder' });
  assert.equal(currentReview(store), null);
  assert.equal(markAt(store, 1), null);
});

test('the marks shown are those of the moves reviewed, while they are still the game\'s', () => {
  const store = reviewed(showing(), { 0: 'mistake', 3: 'blunder' }, MOVES.slice(0, 3));
  assert.equal(markAt(store, 0).mark, 'mistake');
  assert.equal(markAt(store, 1), null, 'not marked');
  assert.equal(markAt(store, 3), null, 'a move played after the review');
  store.game = { ...store.game, moves: ['n3-n5', ...MOVES.slice(1)] };
  assert.equal(currentReview(store), null, 'the game went another way (undone and played again)');
  const other = reviewed(showing(), { 0: 'mistake' });
  other.review.id = 'b'.repeat(32);
  assert.equal(markAt(other, 0), null, "another game's review");
});

test("each side's count of mistakes and blunders, out of its moves", () => {
  const all = entries({ 0: 'mistake', 1: 'blunder', 2: 'blunder' });
  assert.deepEqual(markCounts(all, 'x'), { mistakes: 1, blunders: 1, moves: 2 });
  assert.deepEqual(markCounts(all, 'o'), { mistakes: 0, blunders: 1, moves: 2 });
});
