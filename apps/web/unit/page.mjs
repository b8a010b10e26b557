// What the unit tests share: the page's modules loaded as the browser loads them (by the
// paths the server serves them at, hooks.mjs), and its language files as the server sends
// them (i18n/<tag>.json's texts, the terminal's `play.*` aside).
import { register } from 'node:module';
import { readFileSync } from 'node:fs';

register('./hooks.mjs', import.meta.url);

/** The page's module `name` (`store.js`), imported as the page imports it. */
export const load = (name) => import(`/${name}`);

/** The tags of the page's languages. */
export const TAGS = ['en', 'th', 'ms'];

/** The language file of `tag` as the server sends it to the page: `{lang, languages, texts}`. */
export function languageFile(tag) {
  const read = (t) => JSON.parse(readFileSync(new URL(`../../../i18n/${t}.json`, import.meta.url), 'utf8'));
  const texts = Object.fromEntries(Object.entries(read(tag)).filter(([key]) => !key.startsWith('play.')));
  const languages = Object.fromEntries(TAGS.map((t) => [t, read(t)['language.name']]));
  return { lang: tag, languages, texts };
}
