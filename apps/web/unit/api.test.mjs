// The API client: the server's errors in the page's words by their codes, and a server out
// of reach said in the page's language, never the browser's own words.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { load, languageFile, TAGS } from './page.mjs';

const { request, whileBusy, gamePath } = await load('api.js');
const { useTexts } = await load('i18n.js');

const browsers = globalThis.fetch;
afterEach(() => { globalThis.fetch = browsers; });

/** `fetch` answering `status` with the JSON `body` to every request, recording them. */
function answering(status, body, seen = []) {
  globalThis.fetch = async (path, options) => {
    seen.push({ path, ...options });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return seen;
}

test('a request sends JSON and reads the answer', async () => {
  const seen = answering(200, { id: 'x' });
  assert.deepEqual(await request('POST', '/api/games', { level: 3 }), { id: 'x' });
  assert.equal(seen[0].body, '{"level":3}');
  assert.equal(seen[0].headers['Content-Type'], 'application/json');
  assert.equal(gamePath('a', 'move'), '/api/games/a/move');
});

for (const tag of TAGS) {
  test(`${tag}: no connection to the server is said in the page's words, not the browser's`, async () => {
    const file = languageFile(tag);
    useTexts(file);
    globalThis.fetch = async () => { throw new TypeError('Failed to fetch'); };
    await assert.rejects(request('POST', '/api/games', {}), (error) => {
      assert.equal(error.message, file.texts['page.no_connection']);
      assert.deepEqual([error.unreachable, error.status], [true, undefined]);
      return true;
    });
    answering(409, { code: 'game_over', error: 'the game is over' });
    await assert.rejects(request('POST', '/api/games/a/move', {}), (error) => {
      assert.equal(error.message, file.texts['error.game_over']);
      assert.deepEqual([error.unreachable, error.status, error.code], [false, 409, 'game_over']);
      return true;
    });
  });
}

test('a search the server is too busy for is asked again, then given up', async () => {
  let calls = 0;
  const busy = Object.assign(new Error('busy'), { status: 503 });
  const waited = [];
  const answer = await whileBusy(async () => { if (++calls < 3) throw busy; return 'found'; }, () => waited.push(calls));
  assert.deepEqual([answer, calls, waited], ['found', 3, [1, 2]]);
  const refused = Object.assign(new Error('no'), { status: 409 });
  await assert.rejects(whileBusy(async () => { throw refused; }, () => {}), refused);
});
