// The docs' pictures of the online game, taken from the running page (scripts/screenshots.sh
// starts the server and calls this):
//
//   HALMA_URL=http://127.0.0.1:PORT/ CHROMIUM=/usr/bin/chromium node scripts/screenshots.mjs DIR
//
// One game is played through the JSON API to its 13th ply (x moves the piece that gains
// most ground, the server's engine answers at level 3, the same game every time), then, for
// each language and each screen (a desktop window, a phone), the page opens that game by its
// link, asks for a hint (whose piece the page picks up), and DIR/game-LANG-SCREEN.png is taken; then
// the rules page, DIR/rules-LANG-SCREEN.png. Exits 1 if the page does not get there.
import { createRequire } from 'node:module';
import { join } from 'node:path';

// playwright-core as the browser game's tests install it (apps/web/e2e, npm ci).
const require = createRequire(new URL('../apps/web/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const LANGUAGES = ['en', 'th', 'ms'];
const SCREENS = {
  desktop: { viewport: { width: 1100, height: 820 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};
const TIMEOUT = 60_000;
const base = process.env.HALMA_URL;
const dir = process.argv[2];

async function api(path, body) {
  const response = await fetch(new URL(path, base), body === undefined ? {} : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

// The move of the piece that gains most ground toward x's goal, the top-left corner.
function greedy(state) {
  const gain = (from, to) => (from.charCodeAt(0) - to.charCodeAt(0)) + (Number(to.slice(1)) - Number(from.slice(1)));
  let best = null;
  for (const [from, tos] of Object.entries(state.destinations)) {
    for (const to of tos) if (!best || gain(from, to) > gain(...best)) best = [from, to];
  }
  return `${best[0]}-${best[1]}`;
}

async function playedGame() {
  let state = await api('/api/games', { level: 3 });
  const id = state.id;
  while (state.moves.length < 12) {
    await api(`/api/games/${id}/move`, { move: greedy(state) });
    state = (await api(`/api/games/${id}/computer`, {})).state;
  }
  return id;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const id = await playedGame();
  for (const lang of LANGUAGES) {
    for (const [screen, options] of Object.entries(SCREENS)) {
      const context = await browser.newContext({ ...options, locale: lang });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error));
      await page.goto(new URL(`/${lang}/g/${id}`, base).href, { timeout: TIMEOUT });
      await page.waitForSelector('body[data-busy="false"]', { timeout: TIMEOUT });
      await page.click('#hint');
      await page.waitForSelector('.sq.hint-to', { timeout: TIMEOUT });
      await page.waitForSelector('body[data-busy="false"]', { timeout: TIMEOUT });
      await page.screenshot({ path: join(dir, `game-${lang}-${screen}.png`) });
      await page.goto(new URL(`/${lang}/rules`, base).href, { timeout: TIMEOUT });
      await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
      await page.screenshot({ path: join(dir, `rules-${lang}-${screen}.png`) });
      if (errors.length) throw new Error(`the page's errors (${lang}, ${screen}): ${errors.join('; ')}`);
      await context.close();
      console.log(`screenshots: ${lang}, ${screen}`);
    }
  }
} finally {
  await browser.close();
}
