// The seats this browser keeps: a join's key is kept until the seat is, so that a join sent
// again gets the same seat.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './page.mjs';

const { joinKeyOf, keepSeat, seatOf } = await load('seats.js');

/** A browser's localStorage, empty. */
function freshStorage() {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}
beforeEach(freshStorage);

const GAME = 'a'.repeat(32);

test("a join's key is the same each time it is asked for, until the seat is kept", () => {
  const key = joinKeyOf(GAME);
  assert.match(key, /^[0-9a-f]{32}$/, 'visible ASCII, as the server takes it');
  assert.equal(joinKeyOf(GAME), key, 'a reload sends the same join again');
  assert.notEqual(joinKeyOf('b'.repeat(32)), key, 'each game has its own');
  keepSeat(GAME, { side: 'o', secret: 's' });
  assert.deepEqual(seatOf(GAME), { side: 'o', secret: 's' });
  assert.notEqual(joinKeyOf(GAME), key, 'with the seat kept, the key is forgotten');
});

test('a request sends the headers it is given beside the claim', async () => {
  const { request } = await load('api.js');
  const seen = [];
  const browsers = globalThis.fetch;
  globalThis.fetch = async (path, options) => {
    seen.push({ path, ...options });
    return new Response('{"seat":{"side":"o","secret":"s"}}', { status: 200 });
  };
  try {
    await request('POST', `/api/games/${GAME}/join`, undefined, 'claim', { 'Idempotency-Key': 'k' });
  } finally {
    globalThis.fetch = browsers;
  }
  assert.equal(seen[0].headers.Authorization, 'Bearer claim');
  assert.equal(seen[0].headers['Idempotency-Key'], 'k');
});
