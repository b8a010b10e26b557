// The game's record, looking back through it, its review and the controls around them, in
// headless Chromium and in each language: a game played (a move by drag and drop), its
// record downloaded and copied, opened again as a new game and looked through to move 10,
// the board flipped, the game resigned and then reviewed (the graph, the marked moves, the
// better move on the board); a position set up by pasting its text and dragging pieces,
// shared by a link and played from; on a phone, a record opened with the board in view after
// it; and the review's honesty: a game of the engine's own level-8 moves, 20 a side, reviewed
// during the game, gets at most 2 of a side's moves marked. Run through run.sh, which starts
// the server (--no-engine: every search is the browser's) and sets HALMA_URL.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TIMEOUT, TAGS, WIN_IN_ONE, SERVER, PHONE, at, useBrowser, fresh as freshBrowser, createGame } from './fixture.mjs';
import { settled, gain, litDestinations, clickMove } from './play.mjs';
import { checkWords } from './words.mjs';

/** The start position's text. */
const START = 'ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x';
/** Each side's moves in the game of level-8 moves that is reviewed. */
const MOVES_A_SIDE = 20;

const shared = useBrowser();

/**
 * A fresh browser (`options`: its window) that may use the clipboard, each page keeping what
 * it last copied (`window.copied`: the browser's clipboard is one for the tests that run at
 * once); its console's errors collected too.
 */
async function fresh(options = {}) {
  const opened = await freshBrowser(shared.browser, { console: true, ...options });
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(SERVER).origin });
  await opened.context.addInitScript(() => {
    const write = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = (text) => { window.copied = text; return write(text); };
  });
  return opened;
}

/** `text` of the language `tag` with its `{names}` filled. */
function said(tag, key, args = {}) {
  return shared.files[tag].texts[key].replace(/\{(\w+)\}/g, (all, name) => String(args[name]));
}

/** What the page last copied to the clipboard. */
const clipboard = (page) => page.evaluate(() => window.copied);

/** Carries the piece on `from` to `to` with the mouse: pressed, moved, released. */
async function drag(page, from, to) {
  const centre = async (name) => {
    const box = await page.locator(`.sq[data-square="${name}"] rect.cell`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [x0, y0] = await centre(from);
  const [x1, y1] = to ? await centre(to) : [x0, 1];
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 6 });
  await page.mouse.up();
}

/** The lit move that gains least ground (a poor move, for the review to mark): [from, to]. */
async function poorMove(page) {
  let worst = null;
  for (const [from, tos] of Object.entries(await litDestinations(page))) {
    for (const to of tos) if (!worst || gain(from, to) < gain(...worst)) worst = [from, to];
  }
  return worst;
}

/** The text of the file the Download button saves. */
async function downloaded(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-download')]);
  assert.match(download.suggestedFilename(), /^halma-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.txt$/);
  let text = '';
  for await (const chunk of await download.createReadStream()) text += chunk;
  return text;
}

describe('the record, looking back, the set-up and the review', { concurrency: true }, () => {
  for (const tag of TAGS) {
    test(`${tag}: a game exported, opened again and looked through to move 10, flipped, resigned, reviewed`, async () => {
      const { context, page, errors } = await fresh();
      await page.goto(at(`/${tag}/`), { timeout: TIMEOUT });
      await settled(page, 'your_turn', 0);
      await page.click('#guide-close');
      const first = new URL(page.url()).pathname.split('/').pop();
      await page.selectOption('#level', '1');
      await page.waitForFunction(async (id) => (await (await fetch(`/api/games/${id}`)).json()).level === 1, first);
      // The engine's details stay hidden unless asked for.
      assert.equal(await page.isChecked('#engine-toggle'), false);
      assert.equal(await page.locator('#thinking').isVisible(), false);

      // Five poor moves of the player's, the first dragged and dropped, the computer replying.
      for (let ply = 0; ply < 10; ply += 2) {
        const [from, to] = await poorMove(page);
        if (ply === 0) await drag(page, from, to);
        else await clickMove(page, [from, to]);
        await settled(page, 'your_turn', ply + 2);
        assert.equal((await page.locator('#moves .mv').allTextContents())[ply], `${from}-${to}`);
      }
      const moves = await page.locator('#moves .mv').allTextContents();
      await page.click('#engine-toggle');
      assert.match(await page.locator('#thinking').textContent(), /\d/);
      assert.equal(await page.locator('#thinking').isVisible(), true);

      // The link's button copies the link.
      await page.click('#copy-link');
      assert.equal(await clipboard(page), new URL(page.url()).href);
      // The note follows once the browser has copied (its promise settled).
      await page.waitForFunction((text) => document.getElementById('note').textContent === text,
        said(tag, 'page.copied'), { timeout: TIMEOUT });

      // The record, downloaded and copied: where, who, the level, the moves numbered.
      const record = await downloaded(page);
      const numbered = [0, 2, 4, 6, 8].map((i) => `${i / 2 + 1}. ${moves[i]} ${moves[i + 1]}`).join('\n');
      assert.match(record, new RegExp(`^\\[Site "${at(`/${tag}/g/${first}`)}"\\]\\n`
        + '\\[Date "\\d{4}-\\d\\d-\\d\\d"\\]\\n\\[X "Anonymous"\\]\\n\\[O "halma level 1"\\]\\n\\[Level "1"\\]\\n'
        + `\\[Result "\\*"\\]\\n\\n${numbered}\\n\\*\\n$`), record);
      await page.click('#record-copy');
      assert.equal(await clipboard(page), record);

      // Opened again (pasted): a new game at a new link, with every move.
      await page.click('#record-import');
      await checkWords(page, tag, `${tag}: the record's dialog`);
      await page.fill('#import-text', record);
      await page.click('#import-start');
      await page.waitForFunction((id) => !location.pathname.endsWith(id), first, { timeout: TIMEOUT });
      await settled(page, 'your_turn', 10);
      assert.notEqual(new URL(page.url()).pathname.split('/').pop(), first);
      assert.deepEqual(await page.locator('#moves .mv').allTextContents(), moves);
      assert.equal(await page.locator('#level').inputValue(), '1');

      // Looked through: Home, then the right arrow to move 10, each move marked on the board.
      await page.focus('#flip');
      await page.keyboard.press('Home');
      assert.equal(await page.getAttribute('body', 'data-view'), '0');
      assert.equal(await page.locator('#replay-at').textContent(), said(tag, 'page.replay.at_start'));
      assert.equal(await page.locator('.pc[data-piece="l1"]').count(), 1, 'the start: l1 holds its piece');
      for (let ply = 1; ply <= 10; ply++) {
        await page.keyboard.press('ArrowRight');
        assert.equal(await page.getAttribute('body', 'data-view'), ply < 10 ? String(ply) : 'now');
        const [from, to] = moves[ply - 1].split('-');
        assert.equal(await page.locator(`.sq.last[data-square="${from}"]`).count(), 1, `move ${ply}'s origin`);
        assert.equal(await page.locator(`.pc[data-piece="${to}"]`).count(), 1, `move ${ply}'s piece`);
        if (ply < 10) {
          assert.equal(await page.locator('#replay-at').textContent(), said(tag, 'page.replay.at', { ply, total: 10 }));
        }
        if (ply === 5) {
          // Looking back, the board does not play; the status still says whose turn it is.
          await page.locator('.sq[data-square="a16"]').click();
          assert.equal(await page.locator('#note').textContent(), said(tag, 'page.replay.play_on'));
          assert.equal(await page.locator('#status').textContent(), said(tag, 'page.status.your_move', { side: 'x' }));
          await checkWords(page, tag, `${tag}: looking back at move 5`);
          await page.focus('#flip'); // the click focused the board, whose arrows are its own
        }
      }
      await page.locator('#moves .mv[data-ply="3"]').click();
      assert.equal(await page.getAttribute('body', 'data-view'), '3');
      await page.click('#replay-last');
      assert.equal(await page.getAttribute('body', 'data-view'), 'now');

      // Flipped: a1 at the top right, the files lettered from p, kept across a reload; and back.
      const corner = async () => {
        const board = await page.locator('#board').boundingBox();
        const a1 = await page.locator('.sq[data-square="a1"] rect.cell').boundingBox();
        return [a1.x > board.x + board.width / 2, a1.y < board.y + board.height / 2];
      };
      assert.deepEqual(await corner(), [false, false]);
      await page.click('#flip');
      assert.deepEqual(await corner(), [true, true]);
      const order = await page.evaluate(() => [...document.querySelectorAll('.labels text')].slice(16)
        .sort((a, b) => a.getAttribute('x') - b.getAttribute('x')).map((label) => label.textContent).join(''));
      assert.equal(order, 'ponmlkjihgfedcba', 'the files, left to right');
      // The board stays turned when the page is opened again, until turned back.
      await page.reload({ timeout: TIMEOUT });
      await settled(page, 'your_turn', 10);
      assert.deepEqual(await corner(), [true, true], 'turned after a reload');
      await page.click('#flip');
      assert.deepEqual(await corner(), [false, false]);

      // Resigned, after a question: the game is over, and its record says so.
      await page.click('#resign');
      assert.equal(await page.locator('#resign-confirm').isVisible(), true);
      await checkWords(page, tag, `${tag}: resign?`);
      await page.click('#resign-yes');
      await page.waitForSelector('body[data-status="over"]', { timeout: TIMEOUT });
      const [title, why] = [said(tag, 'page.outcome.resigned'), said(tag, 'page.outcome.resigned_why')];
      assert.equal(await page.locator('#banner').textContent(), `${title}${why} ${said(tag, 'page.play_again')}`);
      assert.equal(await page.locator('#status').textContent(), `${title} ${why}`);
      await page.click('#record-copy');
      assert.match(await clipboard(page), /\[Result "0-1"\]\n\[Reason "resignation"\]\n\n1\. [^]*\n0-1\n$/);

      // Reviewed, as every game that ends: the graph, the marks, the better move.
      await page.waitForSelector('body[data-review="done"]', { timeout: 120_000 });
      assert.equal(await page.locator('#graph').isVisible(), true);
      const points = (await page.getAttribute('#graph polyline', 'points')).split(' ');
      assert.equal(points.length, 11, 'a point a position');
      const marked = await page.locator('#moves .mv.mistake, #moves .mv.blunder').count();
      assert.ok(marked >= 1, 'poor moves are marked');
      assert.equal(await page.locator('#graph .graph-mistake, #graph .graph-blunder').count(), marked);
      const summary = await page.locator('#review-summary span').allTextContents();
      assert.equal(summary.length, 2);
      assert.ok(summary[0].startsWith(said(tag, 'page.review.you', { side: 'x' })), summary[0]);
      const mark = page.locator('#moves .mv.mistake, #moves .mv.blunder').first();
      const kind = (await mark.getAttribute('class')).includes('blunder') ? 'blunder' : 'mistake';
      assert.equal(await mark.getAttribute('title'), said(tag, `page.review.${kind}`));
      await mark.click();
      assert.equal(await page.locator('.trail.better').count(), 1, 'the better move on the board');
      assert.ok((await page.locator('#review-detail').textContent()).startsWith(`${said(tag, `page.review.${kind}`)}: `));
      await checkWords(page, tag, `${tag}: reviewed`);
      assert.deepEqual(errors, [], 'no errors in the page');
      await context.close();
    });
  }

  test('a position set up by pasting its text and by dragging pieces, shared by a link, played from', async () => {
    const { context, page, errors } = await fresh();
    await page.goto(SERVER, { timeout: TIMEOUT });
    await settled(page, 'your_turn', 0);
    await page.click('#guide-close');
    await page.click('#setup');
    assert.equal(await page.locator('#setup-panel').isVisible(), true);
    await page.fill('#setup-text', WIN_IN_ONE);
    assert.equal(await page.locator('.pc[data-piece="c11"]').count(), 1, 'the pasted position is on the board');
    assert.equal(await page.isDisabled('#setup-play'), false);
    // A piece dragged to an empty square, then off the board: the text follows, Play waits for 19.
    await drag(page, 'c11', 'c10');
    assert.equal(await page.inputValue('#setup-text'), WIN_IN_ONE.replace('/x15/2x13/16/', '/x15/16/2x13/'));
    await drag(page, 'c10', null);
    assert.equal(await page.locator('#setup-check').textContent(), 'x has 18 pieces, o has 19; each side needs 19.');
    assert.equal(await page.isDisabled('#setup-play'), true);
    await page.locator('.sq[data-square="c11"]').click(); // an empty square's click puts x there
    assert.equal(await page.inputValue('#setup-text'), WIN_IN_ONE);

    // Its link opens it set up.
    await page.click('#setup-link');
    const link = await clipboard(page);
    assert.equal(link, at(`/?position=${encodeURIComponent(WIN_IN_ONE)}`));
    const other = await context.newPage();
    await other.goto(link, { timeout: TIMEOUT });
    await other.waitForSelector('#setup-panel:not([hidden])', { timeout: TIMEOUT });
    assert.equal(await other.inputValue('#setup-text'), WIN_IN_ONE);
    await other.close();

    // Played from: a new game there, and x wins at once.
    await page.click('#setup-play');
    await settled(page, 'your_turn', 0);
    assert.equal(await page.locator('#setup-panel').isVisible(), false);
    await clickMove(page, ['c11', 'b12']);
    await settled(page, 'over', 1);
    assert.match(await page.locator('#banner').textContent(), /^You win!/);
    await page.waitForSelector('body[data-review="done"]', { timeout: TIMEOUT });
    assert.deepEqual(errors, [], 'no errors in the page');
    await context.close();
  });

  test('on a phone, a record opened leaves the board in view', async () => {
    const { context, page, errors } = await fresh(PHONE);
    await page.goto(SERVER, { timeout: TIMEOUT });
    await settled(page, 'your_turn', 0);
    const first = new URL(page.url()).pathname;
    // The record's button sits far below the board: the person scrolls down to it, pastes a
    // record (of the earlier form: the start's position text, then the moves) and opens it.
    await page.click('#record-import');
    await page.fill('#import-text', `${START}\nl2-k3 e15-f14\n`);
    await page.click('#import-start');
    await page.waitForFunction((first) => location.pathname !== first, first, { timeout: TIMEOUT });
    await settled(page, 'your_turn', 2);
    const board = await page.evaluate(() => {
      const r = document.getElementById('board').getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: innerHeight };
    });
    assert.ok(board.top >= -0.5 && board.bottom <= board.height + 0.5, `the board in view: ${JSON.stringify(board)}`);
    assert.equal(await page.evaluate(() => document.activeElement.closest('#board') !== null), true, 'the focus on the board');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a game of the engine's level-8 moves: the review marks at most 1 in 10 of each side's moves", async () => {
    // The moves: each the engine's choice at level 8, searched by the page's own halma.js
    // in a worker (without the level's pace), played on the server as a game against the
    // computer at level 8.
    const { context, page, errors } = await fresh();
    await page.goto(SERVER, { timeout: TIMEOUT });
    await settled(page, 'your_turn', 0);
    const moves = await page.evaluate(async (plies) => {
      const path = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)
        .find((name) => /^\/halma\.[0-9a-f]{16}\.js$/.test(name));
      const { init, Engine, Game } = await import(path);
      await init();
      const engine = await Engine.create();
      const game = Game.start();
      try {
        const played = [];
        for (let ply = 0; ply < plies; ply++) {
          const { move } = await engine.search(game, { level: 8 }, { pace: false });
          game.play(move);
          played.push(move);
        }
        return played;
      } finally {
        game.free();
        engine.terminate();
      }
    }, 2 * MOVES_A_SIDE);
    const made = await createGame({ level: 8 });
    let state = made;
    for (const [ply, move] of moves.entries()) {
      const route = state.turn === state.human ? 'move' : 'computer';
      const response = await fetch(at(`/api/games/${made.id}/${route}`), {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move, ply }),
      });
      assert.equal(response.status, 200, await response.clone().text());
      ({ state } = await response.json());
    }
    // The person opens it and asks for the review, the game going on.
    await page.goto(at(`/g/${made.id}`), { timeout: TIMEOUT });
    await settled(page, 'your_turn', 2 * MOVES_A_SIDE);
    await page.click('#review');
    await page.waitForSelector('body[data-review="done"]', { timeout: 120_000 });
    const marked = await page.$$eval('#moves .mv.mistake, #moves .mv.blunder', (moves) => moves.map((move) => Number(move.dataset.ply)));
    const bySide = { x: marked.filter((ply) => ply % 2 === 1).length, o: marked.filter((ply) => ply % 2 === 0).length };
    console.log(`figure: a game of level-8 moves, ${MOVES_A_SIDE} a side: marked x ${bySide.x}, o ${bySide.o}`);
    for (const side of ['x', 'o']) assert.ok(bySide[side] <= MOVES_A_SIDE / 10, `${side}: ${bySide[side]} of ${MOVES_A_SIDE} marked`);
    const summary = await page.locator('#review-summary span').allTextContents();
    assert.equal(summary.length, 2);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
