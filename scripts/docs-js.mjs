// The JS blocks of the docs, each run as a module of its own in a page of headless Chromium,
// beside halma.js and halma.wasm as a web game serves them (scripts/check-docs.py calls it).
//
//   node scripts/docs-js.mjs BLOCKS.json     # [{where, file}, ...]
//
// A block's `./halma.js`, and its imports from the npm package (`from 'halma'`), are the
// committed module's address; the block passes when it runs to its end with no error in the
// page within a minute. Prints `ok WHERE` or `FAILED WHERE: why` for each block; exits 1 if
// any failed. The server and the browser are the JS module's own tests'
// (bindings/wasm/test/server.mjs).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { launch, open, serve } from '../bindings/wasm/test/server.mjs';

const TIMEOUT_MS = 60_000;
const blocks = JSON.parse(await readFile(process.argv[2], 'utf8'));
const wasm = fileURLToPath(new URL('../bindings/wasm/halma.wasm', import.meta.url));
const server = await serve(wasm);
const browser = await launch(process.env.CHROMIUM || '/usr/bin/chromium');
let failed = 0;

async function runBlock(block) {
  const page = await open(browser, server.base, 'plain');
  try {
    const source = (await readFile(block.file, 'utf8'))
      .replaceAll(/(['"])\.\/halma\.js\1/g, `'${server.base}/plain/halma.js'`)
      .replaceAll(/(from\s+)(['"])halma\2/g, `$1'${server.base}/plain/halma.js'`);
    const errors = page.errors;
    const ended = page.waitForFunction(() => window.docsBlockEnded === true, null, { timeout: TIMEOUT_MS });
    await page.addScriptTag({ type: 'module', content: `${source}\nwindow.docsBlockEnded = true;\n` });
    await Promise.race([
      ended,
      new Promise((_, reject) => {
        const check = setInterval(() => {
          if (errors.length) {
            clearInterval(check);
            reject(errors[0]);
          }
        }, 20);
        ended.finally(() => clearInterval(check));
      }),
    ]);
    if (errors.length) throw errors[0];
    console.log(`ok ${block.where}`);
  } catch (error) {
    failed += 1;
    console.log(`FAILED ${block.where}: ${String(error.message || error).split('\n')[0]}`);
  } finally {
    await page.close();
  }
}

try {
  for (const block of blocks) await runBlock(block);
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
