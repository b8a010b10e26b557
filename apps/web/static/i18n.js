// The page's words in the player's language: the server sets <html lang> (from the link's
// /th/ prefix, the player's choice, or Accept-Language) and this module reads that
// language's texts from /i18n/<lang>.json (i18n/<lang>.json in the repository), under the
// name with its hash that the server puts in <html data-texts>. No build
// step: a text is looked up by its key and its {names} are filled in here.

/** The cookie that remembers the player's choice (the server reads it too). */
const COOKIE = 'halma-lang';

let texts = {};
let languages = {};
let lang = 'en';
/** Whether the page is used by touch (a phone, a tablet): its texts say "tap", not "click". */
let touch = false;

/** Loads the page's language; call once before any `t`. */
export async function loadLanguage() {
  const tag = document.documentElement.lang || 'en';
  const path = document.documentElement.dataset.texts || `/i18n/${encodeURIComponent(tag)}.json`;
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const data = await response.json();
  useTexts(data, matchMedia('(pointer: coarse)').matches);
  return data;
}

/**
 * Takes `data`, a language file as the server sends it (`{lang, languages, texts}`), as the
 * page's words; `coarse`: the page is used by touch.
 */
export function useTexts(data, coarse = false) {
  texts = data.texts;
  languages = data.languages;
  lang = data.lang;
  touch = coarse;
}

/** The page's language tag: `'th'`. */
export function language() { return lang; }

/** The text of `key` with each `{name}` replaced by `args[name]`; the key itself if the
 * language has no such text (so that a test can find it). On a touch screen, a text that has
 * a touch form (`key.touch`: "tap" for "click") is that form. */
export function t(key, args) {
  const text = (touch && texts[key + '.touch']) || texts[key];
  if (text === undefined) return key;
  return args ? text.replace(/\{(\w+)\}/g, (all, name) => (name in args ? String(args[name]) : all)) : text;
}

/** A server error's words in the page's language: its code's text (`error.<code>`), else
 * the general one with the status. */
export function errorText(code, status) {
  const key = 'error.' + code;
  return code && key in texts ? texts[key] : t('error.unknown', { status });
}

/** A number as the page's language writes it. */
export function number(value) { return Number(value).toLocaleString(lang); }

/**
 * Fills in the texts of the elements under `root` that name a key: `data-t="key"` (the
 * element's text) and `data-t-<attribute>="key"` (an attribute: `data-t-aria-label`,
 * `data-t-title`); a link's `data-href="/rules"` becomes the page of that path in this
 * page's language link (`/th/rules` on a `/th/` page).
 */
export function translate(root = document) {
  for (const node of root.querySelectorAll('*')) {
    for (const { name, value } of [...node.attributes]) {
      if (name === 'data-t') node.textContent = t(value);
      else if (name === 'data-href') node.setAttribute('href', prefix() + value);
      else if (name.startsWith('data-t-')) node.setAttribute(name.slice(7), t(value));
    }
  }
  if (root === document) document.title = t(document.body.dataset.title || 'page.title');
}

/** The path's language prefix (`'/th'`) when the page was opened by one, else `''`. */
export function prefix() {
  const first = location.pathname.split('/')[1];
  return first in languages || first === lang ? '/' + first : '';
}

/** The path without its language prefix: `/g/<id>` for `/th/g/<id>`. */
export function unprefixed() { return location.pathname.slice(prefix().length) || '/'; }

/**
 * Fills `select` with every language (each in its own words) and, on a change, remembers
 * the choice and opens the same page in that language, `/<tag>/...`.
 */
export function languagePicker(select) {
  select.replaceChildren(...Object.entries(languages).map(([tag, name]) => {
    const option = document.createElement('option');
    option.value = tag;
    option.lang = tag;
    option.textContent = name;
    return option;
  }));
  select.value = lang;
  select.addEventListener('change', () => {
    const tag = select.value;
    document.cookie = `${COOKIE}=${tag}; path=/; max-age=31536000; samesite=lax`;
    const rest = unprefixed();
    location.assign(`/${tag}${rest === '/' ? '/' : rest}${location.search}`);
  });
}
