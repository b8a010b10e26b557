// The page and the rules page in every language, in headless Chromium: no key left
// untranslated, no English word left on a Thai or Malay page, the language chosen by
// Accept-Language, by the link (/th/) and on the page (and remembered), a short game in each
// language (moves against the computer, a hint, the end of a game) and the rules' diagrams
// and try-it board. Run through run.sh, which starts the server and sets HALMA_URL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const URL = process.env.HALMA_URL;
const TIMEOUT = 30_000;
const SHOTS = process.env.HALMA_SHOTS; // a directory for docs/ screenshots, optional

let browser;
let profile;
let files = {}; // tag -> the page's language file, as the server sends it

before(async () => {
  assert.ok(URL, 'HALMA_URL must name the running server (run.sh sets it)');
  profile = mkdtempSync(join(tmpdir(), 'halma-e2e-lang-'));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    timeout: TIMEOUT,
  });
  const english = await (await fetch(new globalThis.URL('/i18n/en.json', URL))).json();
  for (const tag of Object.keys(english.languages)) {
    files[tag] = await (await fetch(new globalThis.URL(`/i18n/${tag}.json`, URL))).json();
  }
  assert.deepEqual(Object.keys(files).sort(), ['en', 'ms', 'th']);
});

after(async () => {
  if (browser) await browser.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** A fresh browser (no cookie, no storage) whose language is `locale`. */
async function fresh(locale = 'en-US') {
  const context = await browser.newContext({ locale, viewport: { width: 1100, height: 820 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  return { context, page, errors };
}

/** Waits until the game page is idle with the player to move after `ply` moves. */
async function yourTurn(page, ply) {
  await page.waitForSelector(
    `body[data-status="your_turn"][data-busy="false"][data-ply="${ply}"]`,
    { timeout: TIMEOUT },
  );
}

/** Everything a person can read or hear on the page: its text, title, labels and titles. */
async function readable(page) {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const node of document.querySelectorAll('[aria-label], [title]')) {
      parts.push(node.getAttribute('aria-label') || '', node.getAttribute('title') || '');
    }
    return parts.join('\n');
  });
}

/**
 * Checks that the page shows no key and, in a language other than English, no word of the
 * Latin alphabet that the language's own file does not use (the notation, squares and
 * moves, and the languages' own names aside): any hard-coded or English text fails.
 */
async function checkWords(page, tag, where) {
  const text = await readable(page);
  const keys = text.match(/\b(?:page|guide|rules|error|language)\.[a-z_.]+/g);
  assert.equal(keys, null, `${where}: untranslated keys ${keys}`);
  for (const [key, value] of Object.entries(files[tag].texts)) {
    assert.ok(value.length, `${tag}: ${key} is empty`);
  }
  if (tag === 'en') return;
  const own = new Set();
  const words = (s) => s.match(/[A-Za-z]{3,}/g) || [];
  for (const value of Object.values(files[tag].texts)) for (const w of words(value)) own.add(w.toLowerCase());
  for (const name of Object.values(files[tag].languages)) for (const w of words(name)) own.add(w.toLowerCase());
  const shown = text.replace(/https?:\/\/\S+/g, ''); // the game's link
  const foreign = [...new Set(words(shown).map((w) => w.toLowerCase()))]
    .filter((w) => !own.has(w) && !/^[a-p]\d{1,2}$/.test(w));
  assert.deepEqual(foreign, [], `${where}: words not of ${tag}: ${foreign.join(' ')}`);
  // And no English text shown whole (a word English and this language share aside).
  for (const value of Object.values(files.en.texts)) {
    if (value.length > 12 && !Object.values(files[tag].texts).includes(value)) {
      assert.ok(!text.includes(value), `${where}: English text ${JSON.stringify(value)}`);
    }
  }
}

/** Plays the move from `from` to the destination that gains most toward the goal. */
async function playForward(page) {
  const state = await page.evaluate(async () => {
    const id = localStorage.getItem('halma-game');
    return (await fetch(`/api/games/${id}`)).json();
  });
  const rank = (name) => Number(name.slice(1));
  const file = (name) => name.charCodeAt(0);
  const gain = (from, to) => (rank(to) - rank(from)) + (file(from) - file(to)); // x heads a16
  let best = null;
  for (const [from, tos] of Object.entries(state.destinations)) {
    for (const to of tos) if (!best || gain(from, to) > gain(...best)) best = [from, to];
  }
  await page.locator(`.sq[data-square="${best[0]}"]`).click();
  await page.locator(`.sq.dest[data-square="${best[1]}"]`).click();
}

for (const tag of ['en', 'th', 'ms']) {
  test(`${tag}: the game in ${tag}, a short game against the computer with a hint`, async () => {
    const { context, page, errors } = await fresh();
    await page.goto(new globalThis.URL(`/${tag}/`, URL).href, { timeout: TIMEOUT });
    await yourTurn(page, 0);
    assert.equal(await page.getAttribute('html', 'lang'), tag);
    const texts = files[tag].texts;
    assert.equal(await page.locator('#new').textContent(), texts['page.new']);
    assert.equal(await page.title(), texts['page.title']);
    assert.equal(await page.locator('#guide').isVisible(), true, 'the first-game guide shows');
    await checkWords(page, tag, `${tag} game, start`);
    // The game's link keeps the language.
    assert.match(new globalThis.URL(page.url()).pathname, new RegExp(`^/${tag}/g/[0-9a-f]{32}$`));
    assert.equal(await page.getAttribute('#rules-link', 'href'), `/${tag}/rules`);

    // Two moves toward the goal, each answered by the computer (level 1, in the browser).
    await playForward(page);
    await yourTurn(page, 2);
    await playForward(page);
    await yourTurn(page, 4);
    await page.locator('.sq.can-move').first().click();
    await page.waitForSelector('.sq.dest', { timeout: TIMEOUT });
    await checkWords(page, tag, `${tag} game, a piece picked up`);
    await page.keyboard.press('Escape');
    // A hint, then its move played.
    await page.click('#hint');
    await page.waitForSelector('.sq.hint-to', { timeout: TIMEOUT });
    await yourTurn(page, 4);
    assert.match(await page.locator('#status').textContent(), /[a-p]\d+-[a-p]\d+/);
    await checkWords(page, tag, `${tag} game, a hint`);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `game-${tag}.png`) });
    const to = await page.locator('.sq.hint-to').getAttribute('data-square');
    await page.locator(`.sq.dest[data-square="${to}"]`).click();
    await yourTurn(page, 6);
    await checkWords(page, tag, `${tag} game, after the computer's reply`);

    // The guide goes when closed, and stays closed.
    await page.click('#guide-close');
    assert.equal(await page.locator('#guide').isVisible(), false);
    await page.reload();
    await yourTurn(page, 6);
    assert.equal(await page.locator('#guide').isVisible(), false);

    assert.deepEqual(errors, [], 'no errors in the page');

    // The server's errors in this language, by their codes (the browser logs this one).
    const said = await page.evaluate(async () => {
      // The page's own module (its texts loaded), under its hashed name.
      const loaded = performance.getEntriesByType('resource')
        .map((entry) => new globalThis.URL(entry.name).pathname)
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
    await context.close();
  });

  test(`${tag}: the end of a game is announced in ${tag}`, async () => {
    const { context, page, errors } = await fresh();
    await page.goto(new globalThis.URL(`/${tag}/`, URL).href, { timeout: TIMEOUT });
    await yourTurn(page, 0);
    const position =
      'xxxxx11/xxxxx11/xxxx12/xxx13/x15/2x13/16/16/7o8/16/16/14oo/13ooo/12oooo/11ooooo/12oooo x';
    const id = await page.evaluate(async (position) => {
      const response = await fetch('/api/games', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ position }),
      });
      return (await response.json()).id;
    }, position);
    await page.goto(new globalThis.URL(`/${tag}/g/${id}`, URL).href, { timeout: TIMEOUT });
    await yourTurn(page, 0);
    await page.locator('.sq[data-square="c11"]').click();
    await page.locator('.sq.dest[data-square="b12"]').click();
    await page.waitForSelector('body[data-status="over"][data-busy="false"]', { timeout: TIMEOUT });
    const texts = files[tag].texts;
    const banner = await page.locator('#banner').textContent();
    assert.ok(banner.startsWith(texts['page.outcome.you_win']), banner);
    assert.ok(banner.includes(texts['page.play_again']), banner);
    await checkWords(page, tag, `${tag} game over`);
    assert.deepEqual(errors, [], 'no errors in the page');
    await context.close();
  });

  test(`${tag}: the rules page in ${tag}, its diagrams and the try-it board`, async () => {
    const { context, page, errors } = await fresh();
    await page.goto(new globalThis.URL(`/${tag}/rules`, URL).href, { timeout: TIMEOUT });
    await page.waitForSelector('body[data-ready="true"]', { timeout: TIMEOUT });
    assert.equal(await page.getAttribute('html', 'lang'), tag);
    const rules = await (await fetch(new globalThis.URL('/i18n/rules.json', URL))).json();
    const diagrams = rules.sections.filter((section) => section.diagram).length;
    assert.equal(await page.locator('figure.diagram > svg.board').count(), diagrams);
    assert.equal(await page.locator('section h2').count(), rules.sections.length);
    // The jumps diagram lights its eight landings; the goal-camp one crosses three squares out.
    assert.equal(await page.locator('#jumps .sq.dest').count(), 8);
    assert.equal(await page.locator('#goal .sq.forbidden').count(), 3);
    await checkWords(page, tag, `${tag} rules`);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `rules-${tag}.png`) });

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

test('the browser\'s language is the page\'s, until the player picks another', async () => {
  const { context, page } = await fresh('th-TH');
  await page.goto(URL, { timeout: TIMEOUT });
  await yourTurn(page, 0);
  assert.equal(await page.getAttribute('html', 'lang'), 'th');
  assert.equal(await page.locator('#hint').textContent(), files.th.texts['page.hint']);
  // Picking Malay opens the same game in Malay, and the choice is remembered.
  const game = new globalThis.URL(page.url()).pathname;
  await Promise.all([page.waitForNavigation(), page.selectOption('#lang', 'ms')]);
  await yourTurn(page, 0);
  assert.equal(new globalThis.URL(page.url()).pathname, `/ms${game}`);
  assert.equal(await page.getAttribute('html', 'lang'), 'ms');
  await page.goto(new globalThis.URL('/rules', URL).href, { timeout: TIMEOUT });
  await page.waitForSelector('body[data-ready="true"]', { timeout: TIMEOUT });
  assert.equal(await page.getAttribute('html', 'lang'), 'ms');
  assert.equal(await page.locator('h1').textContent(), files.ms.texts['rules.title']);
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
      await page.goto(new globalThis.URL(path, URL).href, { timeout: TIMEOUT });
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
