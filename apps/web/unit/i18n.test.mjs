// The page's texts: looked up by key with their names filled, the touch form on a touch
// screen, the server's errors by their codes; and every key the page's files name is in
// every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { load, languageFile, TAGS } from './page.mjs';

const { useTexts, t, errorText, language } = await load('i18n.js');

test('a text has its names filled; an unknown key is shown as itself, for a test to find', () => {
  useTexts(languageFile('en'));
  assert.equal(t('page.status.your_move', { side: 'o' }), 'Your move (you are o).');
  assert.equal(t('page.square.can_move', { count: 3 }), 'can move (3)');
  assert.equal(t('page.status.your_move'), 'Your move (you are {side}).', 'no names given: left as written');
  assert.equal(t('page.no.such.key'), 'page.no.such.key');
  assert.equal(language(), 'en');
});

test('a touch screen reads "tap" where a mouse reads "click"', () => {
  useTexts(languageFile('en'), true);
  assert.match(t('guide.move'), /^Tap /);
  assert.equal(t('page.new'), 'New game', 'a text without a touch form');
  useTexts(languageFile('en'), false);
  assert.match(t('guide.move'), /^Click /);
});

test("the server's errors are said by their codes, in the page's language", () => {
  for (const tag of TAGS) {
    const file = languageFile(tag);
    useTexts(file);
    assert.equal(errorText('illegal_move', 422), file.texts['error.illegal_move']);
    assert.equal(errorText('no_such_code', 418), file.texts['error.unknown'].replace('{status}', '418'));
    assert.equal(errorText(null, 500), file.texts['error.unknown'].replace('{status}', '500'));
  }
});

test('every text key the page names is in every language, with the names English gives it', () => {
  const dir = new URL('../static/', import.meta.url);
  const keys = new Set();
  for (const name of readdirSync(dir).filter((name) => /\.(js|html)$/.test(name))) {
    const source = readFileSync(new URL(name, dir), 'utf8');
    for (const [, key] of source.matchAll(/['"`]((?:page|guide|error)\.[a-z_.]+[a-z_])['"`]/g)) keys.add(key);
  }
  assert.ok(keys.size > 150, `only ${keys.size} keys found: the scan is broken`);
  const english = languageFile('en').texts;
  const names = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const tag of TAGS) {
    const texts = languageFile(tag).texts;
    for (const key of keys) {
      assert.ok(key in texts, `${tag} lacks ${key}`);
      assert.deepEqual(names(texts[key]), names(english[key]), `${tag} ${key}`);
    }
  }
});
