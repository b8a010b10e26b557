// The browser tests' web server and browser (test/browser.test.mjs, test/speed.mjs,
// test/package.test.mjs): a directory's files (this one's, with halma.wasm from `wasm`)
// under /isolated/... with the headers that make a page cross-origin isolated and under
// /plain/... without; and Debian's Chromium, headless, driven by playwright-core.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const dir = fileURLToPath(new URL('..', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

/**
 * Serves `root` (default: bindings/wasm), with `wasm` as its halma.wasm when given, on a free
 * port of 127.0.0.1; resolves to `{base, close()}`.
 */
export async function serve(wasm, root = dir) {
  const server = createServer(async (request, response) => {
    const [, kind, ...rest] = new URL(request.url, 'http://x').pathname.split('/');
    const path = normalize(rest.join('/'));
    if (!['isolated', 'plain'].includes(kind) || path.startsWith('..')) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(wasm && path === 'halma.wasm' ? wasm : join(root, path));
      const headers = { 'Content-Type': TYPES[extname(path)] || 'application/octet-stream' };
      if (kind === 'isolated') {
        headers['Cross-Origin-Opener-Policy'] = 'same-origin';
        headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
      }
      response.writeHead(200, headers).end(body);
    } catch (_) {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** Headless Chromium at `executablePath`. */
export function launch(executablePath) {
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Opens the test page (`kind`: 'isolated' or 'plain') once its module is loaded; its page errors in `page.errors`. */
export async function open(browser, base, kind) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`${base}/${kind}/test/page.html`);
  await page.evaluate(() => window.loaded);
  page.errors = errors;
  return page;
}
