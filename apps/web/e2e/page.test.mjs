// The page on a phone and on a desktop, for a screen reader and for a crawler, in headless
// Chromium and in each language: at 360 px (a phone: touch, "tap") and at 1100 px wide (and
// the header and the width at 480 to 1400 px), no sideways scroll, the header one row, the board whole and the status on screen, the
// computer's move said in the status (a live region); axe-core on the game, the review and
// the rules page with no serious or critical finding; the focus kept when the guide closes;
// and the pages' words in the HTML as served (the Thai rules page read with JavaScript off).
// Run through run.sh, which starts the server (--no-engine) and sets HALMA_URL.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TIMEOUT, TAGS, WIN_IN_ONE, DESKTOP, PHONE, at, useBrowser, fresh as freshBrowser, axeFindings,
} from './fixture.mjs';
import { settled, playForward, clickMove } from './play.mjs';
import { checkWords } from './words.mjs';

/** The windows: a phone (touch) and a desktop. */
const SIZES = [{ name: 'phone', ...PHONE }, { name: 'desktop', ...DESKTOP }];

const shared = useBrowser();

/** A fresh browser of `size`; axe-core may be added to its pages. */
function fresh(size) {
  const { name, ...options } = size;
  return freshBrowser(shared.browser, { ...options, bypassCSP: true });
}

/** Where the page's parts are, and whether the page scrolls sideways. */
function layout(page) {
  return page.evaluate(() => {
    const box = (selector) => {
      const r = document.querySelector(selector).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width };
    };
    const header = document.querySelector('header');
    // One row: every part of the header beside every other (their heights overlap).
    const parts = [...header.querySelectorAll('h1, a, select')].map((node) => node.getBoundingClientRect());
    const oneRow = Math.max(...parts.map((r) => r.top)) < Math.min(...parts.map((r) => r.bottom));
    return {
      width: innerWidth,
      height: innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
      header: box('header'),
      headerOverflows: header.scrollWidth > header.clientWidth,
      oneRow,
      board: box('#board'),
      status: box('#status'),
    };
  });
}

describe('the page on a phone and a desktop in each language', { concurrency: true }, () => {
  for (const tag of TAGS) {
    for (const size of SIZES) {
      test(`${tag} at ${size.viewport.width} px: one header row, the board whole, the status on screen`, async () => {
        const { context, page, errors } = await fresh(size);
        const texts = shared.files[tag].texts;
        await page.goto(at(`/${tag}/`), { timeout: TIMEOUT });
        await settled(page, 'your_turn', 0);
        // The guide says "tap" on a touch screen, "click" with a mouse.
        const move = size.hasTouch ? texts['guide.move.touch'] : texts['guide.move'];
        assert.equal(await page.locator('#guide li').nth(1).textContent(), move);
        const check = async (when) => {
          const l = await layout(page);
          const where = `${tag} ${l.width}x${l.height} ${when}`;
          assert.ok(l.scrollWidth <= l.width, `${where}: scrolls sideways (${l.scrollWidth} px)`);
          assert.ok(l.oneRow, `${where}: the header is one row`);
          assert.ok(!l.headerOverflows, `${where}: the header's contents overflow it`);
          assert.ok(l.board.top >= l.header.bottom - 1 && l.board.bottom <= l.height + 0.5
            && l.board.left >= -0.5 && l.board.right <= l.width + 0.5, `${where}: the board is whole ${JSON.stringify(l.board)}`);
          // As large as the window allows: its width less the margins, or its height less the header.
          const room = Math.min(l.width - 12, l.height - l.header.bottom - 24);
          assert.ok(l.board.width >= Math.min(room, 820) - 24, `${where}: a ${l.board.width} px board in ${room} px`);
          assert.ok(l.status.top >= 0 && l.status.bottom <= l.height, `${where}: the status is on screen ${JSON.stringify(l.status)}`);
        };
        await check('at the start');
        // A move: the computer's reply is said in the status, on screen.
        if (size.hasTouch) await page.tap('#guide-close');
        else await page.click('#guide-close');
        const [from, to] = (await playForward(page)).split('-');
        assert.ok(from && to);
        await settled(page, 'your_turn', 2);
        const state = await page.evaluate(async () => (await fetch(`/api/games/${localStorage.getItem('halma-game')}`)).json());
        const said = texts['page.status.computer_played'].replace('{move}', state.last_move.move);
        const status = page.locator('#status');
        assert.ok((await status.textContent()).startsWith(said), await status.textContent());
        assert.equal(await status.getAttribute('role'), 'status');
        await check('after a move');
        if (!size.hasTouch) {
          // Every width between: the header stays one row, nothing scrolls sideways.
          for (const width of [480, 600, 601, 800, 1400]) {
            await page.setViewportSize({ width, height: 820 });
            const l = await layout(page);
            assert.ok(l.oneRow && !l.headerOverflows, `${tag} at ${width} px: the header is one row`);
            assert.ok(l.scrollWidth <= l.width, `${tag} at ${width} px: scrolls sideways (${l.scrollWidth} px)`);
          }
        }
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  }
});

describe('for screen readers', { concurrency: true }, () => {
  test('the game, looked at by axe-core: no serious or critical finding; the guide keeps the focus', async () => {
    const { context, page, errors } = await fresh(SIZES[1]);
    await page.goto(at('/th/'), { timeout: TIMEOUT });
    await settled(page, 'your_turn', 0);
    assert.deepEqual(await axeFindings(page, 'game (th, start)'), []);
    await page.focus('#guide-close');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), await page.getAttribute('.sq[tabindex="0"]', 'data-square'));
    await playForward(page);
    await settled(page, 'your_turn', 2);
    await page.click('#hint');
    await page.waitForSelector('.sq.hint-to', { timeout: TIMEOUT });
    await settled(page, 'your_turn', 2);
    assert.deepEqual(await axeFindings(page, 'game (th, a hint lit)'), []);
    // The resign question answered: the focus goes on, not to nowhere.
    await page.click('#resign');
    await page.keyboard.press('Enter'); // "Yes, resign", which the question focuses
    await settled(page, 'over', 2);
    assert.notEqual(await page.evaluate(() => document.activeElement.tagName), 'BODY');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the review, looked at by axe-core: no serious or critical finding', async () => {
    const { context, page, errors } = await fresh(SIZES[1]);
    await page.goto(at(`/ms/?position=${encodeURIComponent(WIN_IN_ONE)}`), { timeout: TIMEOUT });
    await page.waitForSelector('#setup-panel:not([hidden])', { timeout: TIMEOUT });
    assert.deepEqual(await axeFindings(page, 'set-up (ms)'), []);
    await page.click('#setup-play');
    await settled(page, 'your_turn', 0);
    await clickMove(page, ['c11', 'b12']);
    await settled(page, 'over', 1);
    await page.waitForSelector('body[data-review="done"]', { timeout: TIMEOUT });
    // The end of the game is said in the status.
    assert.ok((await page.locator('#status').textContent()).startsWith(shared.files.ms.texts['page.outcome.you_win']));
    assert.deepEqual(await axeFindings(page, 'review (ms)'), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the arrow keys move the focus on the board and say nothing; a hint is said from-to', async () => {
    const { context, page, errors } = await fresh(SIZES[1]);
    await page.goto(at('/en/'), { timeout: TIMEOUT });
    await settled(page, 'your_turn', 0);
    await page.click('#guide-close'); // the focus goes to the board's square
    // Every change of a live region from now on, as a screen reader would hear it.
    await page.evaluate(() => {
      window.spoken = [];
      for (const region of document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]')) {
        new MutationObserver(() => window.spoken.push(`${region.id}: ${region.textContent}`))
          .observe(region, { childList: true, characterData: true, subtree: true });
      }
    });
    const focused = () => page.evaluate(() => {
      const square = document.activeElement.closest('#board .sq');
      const stops = document.querySelectorAll('#board [tabindex="0"]');
      return square && stops.length === 1 && stops[0] === square ? square.dataset.square : null;
    });
    const keys = ['ArrowUp', 'ArrowUp', 'ArrowLeft', 'ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'ArrowRight'];
    const steps = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    let square = await focused();
    assert.ok(square, 'the focus on the board');
    for (const key of keys) {
      await page.keyboard.press(key);
      const [df, dr] = steps[key];
      const next = String.fromCharCode(square.charCodeAt(0) + df) + (Number(square.slice(1)) + dr);
      assert.equal(await focused(), next, `${key} from ${square}`);
      square = next;
    }
    assert.deepEqual(await page.evaluate(() => window.spoken), [], 'the live regions stayed quiet');
    // A hint: lit, and said in a live region as from-to.
    await page.click('#hint');
    await page.waitForSelector('.sq.hint-to', { timeout: TIMEOUT });
    await settled(page, 'your_turn', 0);
    const move = `${await page.getAttribute('.sq.hint-from', 'data-square')}-${await page.getAttribute('.sq.hint-to', 'data-square')}`;
    const hint = shared.files.en.texts['page.status.hint_lit'].replace('{move}', move);
    assert.equal(await page.textContent('#turn-note'), hint);
    assert.equal(await page.getAttribute('#turn-note', 'aria-live'), 'polite');
    assert.ok((await page.evaluate(() => window.spoken)).includes(`turn-note: ${hint}`));
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const size of SIZES) {
    test(`the rules page at ${size.viewport.width} px, looked at by axe-core: no serious or critical finding`, async () => {
      const { context, page, errors } = await fresh(size);
      await page.goto(at('/en/rules'), { timeout: TIMEOUT });
      await page.waitForSelector('body[data-ready="true"]', { timeout: TIMEOUT });
      const l = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: innerWidth }));
      assert.ok(l.scroll <= l.width, `the rules page scrolls sideways (${l.scroll} px)`);
      assert.deepEqual(await axeFindings(page, `rules (en, ${size.viewport.width} px)`), []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('without the network, in each language', { concurrency: true }, () => {
  for (const tag of TAGS) {
    test(`${tag}: New game says there is no connection to the server, in ${tag}`, async () => {
      const { context, page, errors } = await fresh(SIZES[1]);
      await page.goto(at(`/${tag}/`), { timeout: TIMEOUT });
      await settled(page, 'your_turn', 0);
      await context.setOffline(true);
      await page.click('#new');
      await page.waitForSelector('#note:not([hidden])', { timeout: TIMEOUT });
      await settled(page, 'your_turn', 0);
      assert.equal(await page.textContent('#note'), shared.files[tag].texts['page.no_connection']);
      assert.doesNotMatch(await page.locator('body').innerText(), /fetch/i, "never the browser's words");
      await checkWords(page, tag, `${tag}: no connection`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('for crawlers: the words in the HTML as served', { concurrency: true }, () => {
  test('the Thai rules page, read with JavaScript off, is in Thai, whole', async () => {
    const context = await shared.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(at('/th/rules'), { timeout: TIMEOUT });
    const texts = shared.files.th.texts;
    assert.equal(await page.title(), texts['rules.title']);
    const shown = await page.locator('body').innerText();
    const rules = await (await fetch(at('/i18n/rules.json'))).json();
    for (const key of [...rules.intro, ...rules.sections.flatMap((s) => [s.title, ...s.paragraphs])]) {
      assert.ok(shown.includes(texts[key]), `${key} is on the page`);
    }
    assert.equal(await page.getAttribute('meta[name="description"]', 'content'), texts['page.rules_description']);
    await context.close();
  });

  for (const tag of TAGS) {
    test(`${tag}: the game's page as served names its title, description, languages and controls`, async () => {
      const response = await fetch(at(`/${tag}/`));
      const html = await response.text();
      const texts = shared.files[tag].texts;
      const escaped = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
      assert.ok(html.includes(`<title>${escaped(texts['page.title'])}</title>`));
      assert.ok(html.includes(`<meta name="description" content="${escaped(texts['page.description'])}">`));
      for (const other of TAGS) {
        assert.ok(html.includes(`<link rel="alternate" hreflang="${other}" href="/${other}/">`), other);
      }
      for (const key of ['page.new', 'page.undo', 'page.hint', 'page.level', 'page.rules', 'guide.goal', 'page.loading']) {
        assert.ok(html.includes(`>${escaped(texts[key])}<`), `${tag}: ${key}`);
      }
      // The engine is not among what the HTML loads: the page's script starts it after.
      assert.ok(!/halma\.[0-9a-f]+\.wasm/.test(html));
    });
  }
});
