// What every browser test shares: the server under test (run.sh's, HALMA_URL) and servers of
// a test's own (HALMA_SERVER_BIN), Debian's headless Chromium launched once a file with the
// language files loaded beside it, fresh browsers that collect the page's errors, and
// axe-core's findings.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { loadLanguages } from './words.mjs';

/** How long a page may take for any one step. */
export const TIMEOUT = 30_000;
/** run.sh's server. */
export const SERVER = process.env.HALMA_URL;
/** The page's languages. */
export const TAGS = ['en', 'th', 'ms'];
/** x, to move, wins with c11-b12. */
export const WIN_IN_ONE = 'xxxxx11/xxxxx11/xxxx12/xxx13/x15/2x13/16/16/7o8/16/16/14oo/13ooo/12oooo/11ooooo/12oooo x';
/** A desktop's window. */
export const DESKTOP = { viewport: { width: 1100, height: 820 } };
/** A phone's: touch, 360 px wide. */
export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

/** `path` on the server at `base` (run.sh's unless named). */
export const at = (path, base = SERVER) => new URL(path, base).href;

/** Debian's headless Chromium (`CHROMIUM`, else /usr/bin/chromium), nothing in its background reaching out. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    timeout: TIMEOUT,
  });
}

/**
 * The browser of a test file, launched before its tests with the language files loaded from
 * run.sh's server (`{tag: {lang, languages, texts}}`, words.mjs; not with `languages:
 * false`, for a file whose tests stop that server), closed after them: `{browser, files}`.
 */
export function useBrowser({ languages = true } = {}) {
  const shared = { browser: null, files: null };
  before(async () => {
    assert.ok(SERVER, 'HALMA_URL must name the running server (run.sh sets it)');
    [shared.browser, shared.files] = await Promise.all([launch(), languages ? loadLanguages(SERVER) : null]);
  });
  after(async () => {
    if (shared.browser) await shared.browser.close();
  });
  return shared;
}

/**
 * A fresh browser of `browser` (no cookie, no storage) with Playwright's context `options`
 * (a desktop's window unless given), reduced motion (a move's animation takes 40 ms a hop),
 * and its first page: `{context, page, errors}`, the page's errors collected (its console's
 * too with `console: true`).
 */
export async function fresh(browser, { console: logged = false, ...options } = {}) {
  const context = await browser.newContext({ ...DESKTOP, reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  if (logged) page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  return { context, page, errors };
}

/**
 * A fresh browser (`options` as `fresh`'s; axe-core may be added) opened at `url`; with
 * `seat` (the `{id, side, secret}` the server gave a friend game's creator) it holds that
 * seat, as the page that made the game would; `script` runs in its pages before the page's
 * own.
 */
export async function open(browser, url, { seat = null, script = null, ...options } = {}) {
  const opened = await fresh(browser, { bypassCSP: true, ...options });
  if (script) await opened.context.addInitScript(script);
  if (seat) {
    const kept = [`halma-seat:${seat.id}`, JSON.stringify({ side: seat.side, secret: seat.secret })];
    await opened.context.addInitScript(([key, value]) => localStorage.setItem(key, value), kept);
  }
  await opened.page.goto(url, { timeout: TIMEOUT });
  return opened;
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The serious and critical findings of axe-core on `page` as it is (`rule: targets` each),
 * the count of all printed as a figure, `where` naming it. The page's context needs
 * `bypassCSP` (the page's policy allows no script but its own).
 */
export async function axeFindings(page, where) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const result = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  console.log(`figure: axe ${where}: ${found.length} findings${found.map((f) => ` ${f.id} (${f.impact})`).join(',')}`);
  return found.filter((f) => f.impact === 'serious' || f.impact === 'critical')
    .map((f) => `${f.id}: ${f.targets.slice(0, 3).join(', ')}`);
}

/**
 * A server of a test's own (HALMA_SERVER_BIN) on `database` and `port` (0: any), with its
 * other options `args` (by default it searches nothing): `{child, url}` once it listens.
 * `output`: where its log goes (its stdout is read for the address).
 */
export function startServer({ database, port = 0, args = ['--no-engine'], output = 'ignore' }) {
  const binary = process.env.HALMA_SERVER_BIN;
  assert.ok(binary, 'HALMA_SERVER_BIN must name the server (run.sh sets it)');
  const child = spawn(binary, ['--port', String(port), '--database', database, ...args],
    { stdio: ['ignore', 'pipe', output], env: { ...process.env, RUST_LOG: 'warn' } });
  return new Promise((resolve, reject) => {
    let out = '';
    const silent = setTimeout(() => reject(new Error(`the server printed no address: ${out}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/http:\/\/[0-9.:]+\//);
      if (found) {
        clearTimeout(silent);
        resolve({ child, url: found[0] });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(silent);
      reject(new Error(`the server ended (${code}): ${out}`));
    });
  });
}

/** Stops a server started by startServer (SIGTERM) and waits for its end. */
export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** Creates a game by the API on the server at `base` (`body` as POST /api/games takes it): its state. */
export async function createGame(body, base = SERVER) {
  const response = await fetch(at('/api/games', base), {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return response.json();
}
