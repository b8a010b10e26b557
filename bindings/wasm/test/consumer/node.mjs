// The package in Node.js: init() with no argument reads halma.wasm from the package itself.
// Prints the game it played as JSON.
import * as halma from 'halma';

import { LIMITS, playOut } from './play.mjs';

await halma.init();
console.log(JSON.stringify(await playOut(halma, (game) => halma.searchSync(game, LIMITS))));
