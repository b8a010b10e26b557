// The clocks of a friend game as the page counts them down from the server's figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './page.mjs';

const { timeLeft, clockText, fallen, CLOCKS, presetText } = await load('clocks.js');
const { Store } = await load('store.js');

test('the running clock counts down from the figures the state carried; the other stands', () => {
  const clock = { x_ms: 60_000, o_ms: 30_000, running: 'x' };
  assert.equal(timeLeft(clock, 'x', 2500), 57_500);
  assert.equal(timeLeft(clock, 'o', 2500), 30_000);
  assert.equal(timeLeft(clock, 'x', 90_000), 0, 'never below zero');
  assert.equal(timeLeft(clock, 'x', -50), 60_000, 'a clock gone back counts nothing');
});

test('a clock reads m:ss, tenths in its last ten seconds; a countdown whole seconds, rounded up', () => {
  assert.equal(clockText(245_000), '4:05');
  assert.equal(clockText(10_000), '0:10');
  assert.equal(clockText(9_449), '0:09.4');
  assert.equal(clockText(0), '0:00.0');
  assert.equal(clockText(9_449, false), '0:10');
  assert.equal(clockText(61_001, false), '1:02');
  assert.equal(clockText(0, false), '0:00');
});

test("the page asks the server once the running clock reaches zero by its count, not before", () => {
  const now = { ms: 0 };
  const store = new Store(() => now.ms);
  store.show({ id: 'a', version: 1, opponent: 'friend', status: 'your_turn', clock: { x_ms: 1000, o_ms: 5000, running: 'x' }, pieces: { x: ['n2'], o: [] }, moves: [] });
  assert.equal(fallen(store, 999), false);
  assert.equal(fallen(store, 1000), true);
  store.game.status = 'over';
  assert.equal(fallen(store, 5000), false, 'a game over has no clock to ask about');
  assert.deepEqual(CLOCKS.filter(Boolean).map(presetText), ['3+2', '5+3', '10+5']);
});
