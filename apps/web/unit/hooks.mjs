// Module resolution for the unit tests: the page's modules import each other by the paths
// the server serves them at (`/store.js`, `/halma.js`), which it renames to their hashed
// names. Under Node those paths are apps/web/static's files, and bindings/wasm's halma.js.
import { existsSync } from 'node:fs';

const STATIC = new URL('../static/', import.meta.url);
const ENGINE = new URL('../../../bindings/wasm/halma.js', import.meta.url);

export async function resolve(specifier, context, next) {
  const served = specifier.match(/^\/([\w-]+\.js)$/);
  if (served) {
    const url = served[1] === 'halma.js' ? ENGINE : new URL(served[1], STATIC);
    if (existsSync(url)) return { url: url.href, shortCircuit: true };
  }
  return next(specifier, context);
}
