// A module worker of the page's own (no bundler; import maps do not reach workers, hence the
// path): init() with no argument fetches halma.wasm from beside halma.js, searchSync plays.
import * as halma from './node_modules/halma/halma.js';

import { LIMITS, playOut } from './play.mjs';

self.onmessage = async () => {
  try {
    await halma.init();
    postMessage(await playOut(halma, (game) => halma.searchSync(game, LIMITS)));
  } catch (error) {
    postMessage({ error: `${error.name}: ${error.message}` });
  }
};
