// The npm package as a project that depends on it gets it: the tarball `npm pack` made holds
// the module, its declarations, halma.wasm, the README and the licenses, nothing else; in a
// fresh project it was installed into (test/consumer/'s files), Node.js plays a game with
// init() finding halma.wasm by itself, TypeScript checks a program against the declarations,
// and Chromium plays the same game from a page (an import map, the package's Engine) and
// from a module worker of the page's own: no bundler anywhere.
//
//   HALMA_TARBALL=halma-X.Y.Z.tgz HALMA_PROJECT=dir HALMA_VERSION=X.Y.Z CHROMIUM=/usr/bin/chromium \
//     node --test bindings/wasm/test/package.test.mjs
//
// scripts/check-npm-package.sh packs, installs and runs it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch, serve } from './server.mjs';

const project = process.env.HALMA_PROJECT;
const tsc = fileURLToPath(new URL('node_modules/.bin/tsc', import.meta.url));

let browser;
let server;
let inNode; // the game Node.js played: the browser's must be the same

before(async () => {
  server = await serve(null, project);
  browser = await launch(process.env.CHROMIUM || '/usr/bin/chromium');
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

/** Asserts that `played` is a finished game: a win in more than a hundred plies. */
function assertFinished(played) {
  assert.equal(played.error, undefined);
  assert.equal(played.outcome.result, 'win', JSON.stringify(played.outcome));
  assert.equal(played.outcome.reason_code, 'goal_camp');
  assert.ok(played.moves.length > 100, `${played.moves.length} plies`);
}

test('the tarball: the module, its declarations, halma.wasm, README, licenses, package.json', () => {
  const files = execFileSync('tar', ['-tzf', process.env.HALMA_TARBALL], { encoding: 'utf8' })
    .split('\n').filter(Boolean).sort();
  assert.deepEqual(files, ['LICENSE-APACHE', 'LICENSE-MIT', 'README.md', 'halma.d.ts', 'halma.js',
    'halma.wasm', 'package.json'].map((file) => `package/${file}`));
});

test('the installed manifest: the crate\'s version, ESM exports, types, no side effects', () => {
  const manifest = JSON.parse(readFileSync(join(project, 'node_modules/halma/package.json'), 'utf8'));
  assert.equal(manifest.version, process.env.HALMA_VERSION);
  assert.equal(manifest.type, 'module');
  assert.deepEqual(manifest.exports['.'], { types: './halma.d.ts', default: './halma.js' });
  assert.equal(manifest.sideEffects, false);
  assert.equal(manifest.private, undefined);
});

test('Node.js: init() reads halma.wasm from the package and a game is played to its end', () => {
  inNode = JSON.parse(execFileSync('node', ['node.mjs'], { cwd: project, encoding: 'utf8' }));
  assertFinished(inNode);
});

test('TypeScript: a strict program type-checks against the package\'s declarations', () => {
  // Throws, with tsc's messages in its output, when a declaration is missing or wrong.
  execFileSync(tsc, ['-p', project], { encoding: 'utf8', stdio: 'pipe' });
});

/** Plays a game in the fresh project's page (index.html) with `play`, its name on the page. */
async function playInChromium(play) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`${server.base}/plain/index.html`);
  await page.waitForFunction(() => window.ready === true);
  const played = await page.evaluate((name) => window[name](), play);
  await page.close();
  assert.deepEqual(errors, []);
  return played;
}

test('Chromium, a page without a bundler: the same game, each move from the package\'s Engine', async () => {
  const played = await playInChromium('playInPage');
  assertFinished(played);
  assert.deepEqual(played, inNode);
});

test('Chromium, a module worker of the page\'s own: the same game, init() and searchSync there', async () => {
  const played = await playInChromium('playInWorker');
  assertFinished(played);
  assert.deepEqual(played, inNode);
});
