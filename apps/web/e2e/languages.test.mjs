// The page and the rules page in every language, in headless Chromium: no key left
// untranslated, no English word on a Thai or Malay page, the language chosen by
// Accept-Language, by the link (/th/) and on the page (and remembered), a whole game in each
// language against the computer (searched in the browser: the server runs no engine) with
// hints, every step checked, each end of a game announced, and the rules' diagrams and try-it
// board. Run through run.sh, which starts the server (--no-engine) and sets HALMA_URL.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { TIMEOUT, TAGS, WIN_IN_ONE, SERVER, at, useBrowser, fresh as freshBrowser } from './fixture.mjs';
import { settled, clickMove, askHint, playWholeGame } from './play.mjs';
import { checkWords, foreignWords } from './words.mjs';

const shared = useBrowser();

/** A fresh browser (no cookie, no storage) whose language is `locale`; its console's errors collected too. */
const fresh = (locale = 'en-US') => freshBrowser(shared.browser, { locale, console: true });

/** Waits until the game page is idle with the player to move after `ply` moves. */
const yourTurn = (page, ply) => settled(page, 'your_turn', ply);

/** The game `id` as the server has it, asked from the page. */
const gameState = (page, id) => page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), id);

/** Creates a game by the API from the page (`body` as POST /api/games takes it), then plays
 * `moves` in it, the player's by /move and the computer's by /computer: its id. */
async function gameFrom(page, body, moves = []) {
  return page.evaluate(async ([body, moves]) => {
    const post = async (path, value) => {
      const response = await fetch(path, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(value),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    let state = await post('/api/games', body);
    for (const move of moves) {
      const route = state.turn === state.human ? 'move' : 'computer';
      state = (await post(`/api/games/${state.id}/${route}`, { move })).state;
    }
    return state.id;
  }, [body, moves]);
}

/** The banner's words for the finished game `state` in the texts `texts`: [title, why]. */
function announcement(state, texts) {
  const { result, winner, reason_code: code } = state.outcome;
  if (result === 'draw') return [texts['page.outcome.draw'], texts[`page.outcome.${code}`]];
  return winner === state.human
    ? [texts['page.outcome.you_win'], texts['page.outcome.your_pieces']]
    : [texts['page.outcome.computer_wins'], texts['page.outcome.its_pieces']];
}

/** Checks that the page announces the end of `state` as `tag`'s texts say, nothing foreign. */
async function checkAnnounced(page, state, tag, where) {
  const [title, why] = announcement(state, shared.files[tag].texts);
  assert.ok(why, `${where}: a text for ${JSON.stringify(state.outcome)}`);
  const banner = await page.locator('#banner').textContent();
  assert.equal(banner, `${title}${why} ${shared.files[tag].texts['page.play_again']}`, where);
  assert.equal(await page.locator('#status').textContent(), `${title} ${why}`, where);
  await checkWords(page, tag, where);
}

// The three games at once: each spends its time waiting on the computer's pace (a level's
// least thinking time) and the moves' animations, not on the CPU.
describe('a whole game in each language', { concurrency: true }, () => {
  for (const tag of TAGS) {
    test(`${tag}: the game in ${tag}, a whole game against the computer with hints`, async () => {
      const { context, page, errors } = await fresh();
      await page.goto(at(`/${tag}/`), { timeout: TIMEOUT });
      await yourTurn(page, 0);
      assert.equal(await page.getAttribute('html', 'lang'), tag);
      const texts = shared.files[tag].texts;
      assert.equal(await page.locator('#new').textContent(), texts['page.new']);
      assert.equal(await page.title(), texts['page.title']);
      assert.equal(await page.locator('#guide').isVisible(), true, 'the first-game guide shows');
      await checkWords(page, tag, `${tag} game, start`);
      // The game's link keeps the language.
      assert.match(new URL(page.url()).pathname, new RegExp(`^/${tag}/g/[0-9a-f]{32}$`));
      assert.equal(await page.getAttribute('#rules-link', 'href'), `/${tag}/rules`);

      // The server's errors in this language, by their codes.
      const said = await page.evaluate(async () => {
        // The page's own module (its texts loaded), under its hashed name.
        const loaded = performance.getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .find((path) => /^\/i18n\.[0-9a-f]{16}\.js$/.test(path));
        const { errorText } = await import(loaded);
        const id = localStorage.getItem('halma-game');
        const response = await fetch(`/api/games/${id}/move`, {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"move": "a1-a2"}',
        });
        const body = await response.json();
        return { code: body.code, text: errorText(body.code, response.status) };
      });
      assert.equal(said.code, 'illegal_move');
      assert.equal(said.text, texts['error.illegal_move']);
      errors.length = 0; // the browser logs the refused request

      // The guide goes when closed, and stays closed.
      await page.click('#guide-close');
      assert.equal(await page.locator('#guide').isVisible(), false);
      await page.reload();
      await yourTurn(page, 0);
      assert.equal(await page.locator('#guide').isVisible(), false);

      // A whole game, the computer at level 1 (searched in the browser, as the hints at level
      // 8 are), every step checked: each piece picked up, each hint, each reply, the end.
      const id = await page.evaluate(() => localStorage.getItem('halma-game'));
      await page.selectOption('#level', '1');
      await page.waitForFunction(async (id) => (await (await fetch(`/api/games/${id}`)).json()).level === 1, id);
      const started = Date.now();
      const { plies, hints } = await playWholeGame(page, async (step) => {
        const ply = await page.getAttribute('body', 'data-ply');
        await checkWords(page, tag, `${tag} game, ply ${ply}, ${step}`);
        if (step === 'hint') {
          assert.match(await page.locator('#turn-note').textContent(), /[a-p]\d+-[a-p]\d+/);
          // Whose turn it is, after the computer's move just played (a screen reader says it).
          const your = texts['page.status.your_move'].replace('{side}', 'x');
          const [before, after] = texts['page.status.computer_played'].split('{move}');
          const status = await page.locator('#status').textContent();
          assert.ok(status === your || (status.startsWith(before) && status.endsWith(`${after} ${your}`)), status);
        }
      });
      const game = await gameState(page, id);
      console.log(`figure: ${tag}: a whole game, ${plies} plies (${hints} hints), `
        + `${game.outcome.result} ${game.outcome.winner || game.outcome.reason_code}, `
        + `in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      assert.equal(game.status, 'over');
      assert.ok(hints > 0, 'hints were asked');
      assert.deepEqual(await page.locator('#moves .mv').allTextContents(), game.moves);
      await checkAnnounced(page, game, tag, `${tag} game over`);
      assert.deepEqual(errors, [], 'no errors in the page');
      await context.close();
    });
  }
});

for (const tag of TAGS) {
  test(`${tag}: each end of a game is announced in ${tag}`, async () => {
    const { context, page, errors } = await fresh();
    await page.goto(at(`/${tag}/`), { timeout: TIMEOUT });
    await yourTurn(page, 0);
    const open = async (id, status, ply) => {
      await page.goto(at(`/${tag}/g/${id}`), { timeout: TIMEOUT });
      await settled(page, status, ply);
    };
    // A win: x's last piece steps into its goal camp.
    const won = await gameFrom(page, {
      position: WIN_IN_ONE,
    });
    await open(won, 'your_turn', 0);
    await clickMove(page, ['c11', 'b12']);
    await settled(page, 'over', 1);
    // A draw by repetition: both sides step out and back twice, the player (o) last.
    const repeated = await gameFrom(page, { human: 'o' },
      ['l1-k1', 'b12-b11', 'k1-l1', 'b11-b12', 'l1-k1', 'b12-b11', 'k1-l1']);
    await open(repeated, 'your_turn', 7);
    await clickMove(page, ['b11', 'b12']);
    await settled(page, 'over', 8);
    // A draw by no moves: x walled in (the rules page's position), drawn from the start.
    const blocked = await gameFrom(page, {
      position: 'oxxxx8oox/xxxxx9oo/xxxx9o1o/xxx13/xx14/16/16/16/oooooooooooo4/16/16/16/16/16/16/16 x',
    });
    const reasons = [];
    for (const [id, ply] of [[won, 1], [repeated, 8], [blocked, 0]]) {
      const state = await gameState(page, id);
      await open(id, 'over', ply);
      await checkAnnounced(page, state, tag, `${tag}: ${state.outcome.reason_code}`);
      reasons.push(state.outcome.reason_code);
    }
    assert.deepEqual(reasons, ['goal_camp', 'repetition', 'no_moves']);
    assert.deepEqual(errors, [], 'no errors in the page');
    await context.close();
  });

  test(`${tag}: the rules page in ${tag}, its diagrams and the try-it board`, async () => {
    const { context, page, errors } = await fresh();
    await page.goto(at(`/${tag}/rules`), { timeout: TIMEOUT });
    await page.waitForSelector('body[data-ready="true"]', { timeout: TIMEOUT });
    assert.equal(await page.getAttribute('html', 'lang'), tag);
    const rules = await (await fetch(at('/i18n/rules.json'))).json();
    const diagrams = rules.sections.filter((section) => section.diagram).length;
    assert.equal(await page.locator('figure.diagram > svg.board').count(), diagrams);
    assert.equal(await page.locator('section h2').count(), rules.sections.length);
    // The jumps diagram lights its eight landings; the goal-camp one crosses three squares out.
    assert.equal(await page.locator('#jumps .sq.dest').count(), 8);
    assert.equal(await page.locator('#goal .sq.forbidden').count(), 3);
    await checkWords(page, tag, `${tag} rules`);

    // The try-it board: e4 jumps to e6, then on to e8, each hop checked by the engine.
    const board = page.locator('.try svg');
    await board.locator('.sq[data-square="e4"]').click();
    await page.waitForSelector('.try .sq.dest[data-square="e6"]', { timeout: TIMEOUT });
    await board.locator('.sq.dest[data-square="e6"]').click();
    await page.waitForSelector('.try .sq.dest[data-square="e8"]', { timeout: TIMEOUT });
    await board.locator('.sq.dest[data-square="e8"]').click();
    await page.waitForFunction(() => document.querySelector('.try-status').textContent.includes('e4-e6-e8'));
    await checkWords(page, tag, `${tag} rules, a chain tried`);
    // Back to the game, in the same language.
    assert.equal(await page.getAttribute('nav a', 'href'), `/${tag}/`);
    assert.deepEqual(errors, [], 'no errors in the page');
    await context.close();
  });
}

test('the English-word check: no English word in the Thai and Malay texts, and English found', () => {
  assert.deepEqual(Object.keys(shared.files).sort(), ['en', 'ms', 'th']);
  for (const tag of ['th', 'ms']) {
    // Every text the page may show in this language passes, English's do not.
    for (const [key, value] of Object.entries(shared.files[tag].texts)) {
      assert.deepEqual(foreignWords(value.replace(/\{\w+\}/g, ' '), tag), [], `${tag} ${key}: ${value}`);
    }
    const english = foreignWords(Object.values(shared.files.en.texts).join(' '), tag);
    assert.ok(english.length > 100, `${tag}: only ${english.length} English words found: ${english}`);
    assert.deepEqual(foreignWords('l2-k3 a16 x o Halma Played depth', tag), ['played', 'depth']);
  }
});

test('the browser\'s language is the page\'s, until the player picks another', async () => {
  const { context, page } = await fresh('th-TH');
  await page.goto(SERVER, { timeout: TIMEOUT });
  await yourTurn(page, 0);
  assert.equal(await page.getAttribute('html', 'lang'), 'th');
  assert.equal(await page.locator('#hint').textContent(), shared.files.th.texts['page.hint']);
  // Picking Malay opens the same game in Malay, and the choice is remembered.
  const game = new URL(page.url()).pathname;
  await Promise.all([page.waitForNavigation(), page.selectOption('#lang', 'ms')]);
  await yourTurn(page, 0);
  assert.equal(new URL(page.url()).pathname, `/ms${game}`);
  assert.equal(await page.getAttribute('html', 'lang'), 'ms');
  await page.goto(at('/rules'), { timeout: TIMEOUT });
  await page.waitForSelector('body[data-ready="true"]', { timeout: TIMEOUT });
  assert.equal(await page.getAttribute('html', 'lang'), 'ms');
  assert.equal(await page.locator('h1').textContent(), shared.files.ms.texts['rules.title']);
  await context.close();
});

test('the first load of each page in each language, in bytes', async () => {
  // Every response a new visitor's browser receives until the page is ready: their bodies'
  // bytes as sent, and what gzip -9 would make of them (a figure for the README).
  const rows = [];
  for (const tag of ['en', 'th', 'ms']) {
    for (const [name, path, ready] of [
      ['game', `/${tag}/`, 'body[data-status="your_turn"][data-busy="false"]'],
      ['rules', `/${tag}/rules`, 'body[data-ready="true"]'],
    ]) {
      const { context, page } = await fresh();
      const bodies = [];
      page.on('response', (response) => bodies.push(response.body().then((body) => [response.url(), body], () => null)));
      await page.goto(at(path), { timeout: TIMEOUT });
      await page.waitForSelector(ready, { timeout: TIMEOUT });
      await page.waitForLoadState('networkidle');
      const files = (await Promise.all(bodies)).filter(Boolean);
      const bytes = files.reduce((sum, [, body]) => sum + body.length, 0);
      const gzipped = files.reduce((sum, [, body]) => sum + gzipSync(body, { level: 9 }).length, 0);
      const words = files.filter(([url]) => url.includes('/i18n/')).reduce((sum, [, body]) => sum + body.length, 0);
      rows.push(`${tag} ${name}: ${files.length} responses, ${bytes} bytes (${gzipped} gzipped), of which language files ${words}`);
      await context.close();
    }
  }
  console.log('first load:\n' + rows.join('\n'));
});
