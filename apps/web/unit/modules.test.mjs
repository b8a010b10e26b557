// The page's house: ES modules of one job each, none over 400 lines, that import without a
// browser (no DOM work at import time: only the entry points start anything), loaded by
// index.html as modules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { load } from './page.mjs';

const STATIC = new URL('../static/', import.meta.url);
const scripts = readdirSync(STATIC).filter((name) => /\.m?js$/.test(name));
/** The entry points: the game page's and the rules page's, and the service worker (no module). */
const ENTRIES = ['app.js', 'rules.js', 'sw.js'];

test('no script of the page is over 400 lines', () => {
  assert.ok(scripts.length >= 20, scripts.join(' '));
  for (const name of scripts) {
    const lines = readFileSync(new URL(name, STATIC), 'utf8').split('\n').length - 1;
    assert.ok(lines <= 400, `${name}: ${lines} lines`);
  }
});

test('every module but the entry points imports without a browser', async () => {
  for (const name of scripts.filter((name) => !ENTRIES.includes(name))) {
    await assert.doesNotReject(load(name), name);
  }
});

test('the pages load their entry points as modules', () => {
  const html = (name) => readFileSync(new URL(name, STATIC), 'utf8');
  assert.match(html('index.html'), /<script type="module" src="\/app\.js"><\/script>/);
  assert.match(html('rules.html'), /<script type="module" src="\/rules\.js"><\/script>/);
  assert.doesNotMatch(html('index.html'), /<script(?![^>]*type="module")/, 'no classic script');
});
