// The words of the page in each language, for the browser tests: the language files as the
// server sends them, and the check that a page shows only its own language's words (no key,
// no `{name}` unfilled, no English word on a Thai or Malay page). Shared by
// languages.test.mjs and record.test.mjs.
import assert from 'node:assert/strict';

let files = {}; // tag -> the page's language file, as the server sends it

/** Loads every language's file from the server at `url`: `{tag: {lang, languages, texts}}`. */
export async function loadLanguages(url) {
  const english = await (await fetch(new URL('/i18n/en.json', url))).json();
  files = {};
  for (const tag of Object.keys(english.languages)) {
    files[tag] = await (await fetch(new URL(`/i18n/${tag}.json`, url))).json();
  }
  return files;
}

/** Everything a person can read or hear on the page: its text, title, labels and titles. */
export async function readable(page) {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const node of document.querySelectorAll('[aria-label], [title]')) {
      parts.push(node.getAttribute('aria-label') || '', node.getAttribute('title') || '');
    }
    return parts.join('\n');
  });
}

// What "an English word" means here. The page's words in Latin letters: each run of letters
// with the digits that follow it (`a16`, `Halma`, `depth`). A page in another language may
// show these in Latin letters and nothing else:
// - the notation: squares a1 to p16 (in moves like l2-k3 too), the files a to p, the sides x
//   and o, s for seconds;
// - the names of keys on the keyboard (Enter, Space, Escape, Home, End) and of the game, Halma;
// - each language's own name, in the language picker;
// - the words of its own file's texts (a Malay word) that are not also words of English's.
// Any other Latin word on a Thai or Malay page is English, or text the page did not take
// from its language's file: both fail.
const NOTATION = /^(?:[a-p](?:1[0-6]|[1-9])?|x|o|s)$/;
const NAMES = new Set(['enter', 'space', 'escape', 'home', 'end', 'halma']);
const latinWords = (text) => (text.match(/[A-Za-z]+\d*/g) || []).map((w) => w.toLowerCase());
/** The Latin words of a language file's texts, its `{names}` aside. */
const vocabulary = (file) => new Set(Object.values(file.texts).flatMap((v) => latinWords(v.replace(/\{\w+\}/g, ' '))));

/** The words of `text` that a page in `tag` may not show (none in English). */
export function foreignWords(text, tag) {
  if (tag === 'en') return [];
  const english = vocabulary(files.en);
  const own = [...vocabulary(files[tag])].filter((w) => !english.has(w));
  const names = Object.values(files[tag].languages).flatMap(latinWords);
  const allowed = new Set([...own, ...names, ...NAMES]);
  return [...new Set(latinWords(text))].filter((w) => !NOTATION.test(w) && !allowed.has(w));
}

/**
 * Checks everything the page shows and says (its text, title, labels; `readable`): no key,
 * no `{name}` left unfilled, and, in a language other than English, no English word (above)
 * and no English text whole.
 */
export async function checkWords(page, tag, where) {
  const text = await readable(page);
  const keys = text.match(/\b(?:page|guide|rules|error|language)\.[a-z_.]+/g);
  assert.equal(keys, null, `${where}: untranslated keys ${keys}`);
  const unfilled = text.match(/\{\w+\}/g);
  assert.equal(unfilled, null, `${where}: texts with their names unfilled ${unfilled}`);
  const shown = text.replace(/https?:\/\/\S+/g, ''); // the game's link
  const foreign = foreignWords(shown, tag);
  assert.deepEqual(foreign, [], `${where}: words not of ${tag}: ${foreign.join(' ')}`);
  if (tag === 'en') return;
  // And no English text shown whole (a word English and this language share aside).
  for (const value of Object.values(files.en.texts)) {
    if (value.length > 12 && !Object.values(files[tag].texts).includes(value)) {
      assert.ok(!text.includes(value), `${where}: English text ${JSON.stringify(value)}`);
    }
  }
}
