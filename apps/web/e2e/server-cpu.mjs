// A figure, not a test: the server's CPU time for a game at level 10 played in the page
// (the computer searched in the browser), from the server's /proc/PID/stat.
//
//   cargo build --release -p halma-web
//   HALMA_SERVER_BIN=target/release/halma-web node apps/web/e2e/server-cpu.mjs [MOVES]
//
// The server runs with its engine (as deployed): the page searches in the browser, so the
// engine should do nothing. MOVES (default 20) of yours, each with the computer's reply.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer, stopServer } from './fixture.mjs';

const moves = Number(process.argv[2] || 20);
const work = mkdtempSync(join(tmpdir(), 'halma-cpu-'));
const { child: server, url } = await startServer({
  database: `sqlite://${join(work, 'games.sqlite3')}`, args: [], output: 'inherit',
});

/** The server's CPU time so far (user + system), in seconds. */
function cpu() {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime: clock ticks (100 Hz)
}

const browser = await launch();
const page = await browser.newPage({ reducedMotion: 'reduce' });
const settled = (ply) => page.waitForSelector(
  `body[data-status="your_turn"][data-busy="false"][data-ply="${ply}"]`, { timeout: 60_000 });
// A first load makes the files' compressed forms (once per process: brotli of the module is
// 1.6 s of CPU): not the game's cost, so it comes first, and its end is waited for.
const atStart = cpu();
await page.goto(url);
await settled(0);
const wasm = await page.evaluate(() => performance.getEntriesByType('resource')
  .map((entry) => new URL(entry.name).pathname).find((path) => path.endsWith('.wasm')));
for (let i = 0; i < 100; i++) {
  const response = await fetch(new URL(wasm, url), { headers: { 'Accept-Encoding': 'br' } });
  await response.arrayBuffer();
  if (response.headers.get('content-encoding') === 'br') break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const warm = cpu();
await page.selectOption('#level', '10');
await page.click('#new');
await settled(0);
const loaded = cpu();
const id = await page.evaluate(() => localStorage.getItem('halma-game'));
const gain = (from, to) => (from.charCodeAt(0) - to.charCodeAt(0)) + (Number(to.slice(1)) - Number(from.slice(1)));
const started = Date.now();
for (let ply = 0; ply < 2 * moves; ply += 2) {
  const state = await (await fetch(new URL(`/api/games/${id}`, url))).json();
  let best = null;
  for (const [from, tos] of Object.entries(state.destinations)) {
    for (const to of tos) if (!best || gain(from, to) > gain(...best)) best = [from, to];
  }
  await page.locator(`.sq[data-square="${best[0]}"]`).click();
  await page.locator(`.sq.dest[data-square="${best[1]}"]`).click();
  await settled(ply + 2);
}
const played = cpu();
console.log(`figure: server CPU for a ${moves}-move game at level 10 played in the page `
  + `(${((Date.now() - started) / 1000).toFixed(0)} s of play): ${(played - loaded).toFixed(2)} s `
  + `during the game, ${(loaded - warm).toFixed(2)} s for a new game, ${(warm - atStart).toFixed(2)} s `
  + `for the first load (compressing the files), `
  + `${played.toFixed(2)} s since the process started`);
await browser.close();
await stopServer(server);
rmSync(work, { recursive: true, force: true });
