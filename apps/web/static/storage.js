// This browser's storage (localStorage), which a private mode may refuse or a full disk
// fail: every read then finds nothing and every write is dropped, and the page plays on.

/** The text kept under `key`, or null. */
export function read(key) {
  try { return localStorage.getItem(key); } catch (_) { return null; }
}

/** Keeps `text` under `key`. */
export function write(key, text) {
  try { localStorage.setItem(key, text); } catch (_) { /* private mode, or full */ }
}

/** The value kept as JSON under `key`, or null (none, or not JSON). */
export function readJson(key) {
  try { return JSON.parse(read(key)); } catch (_) { return null; }
}

/** Keeps `value` as JSON under `key`. */
export function writeJson(key, value) { write(key, JSON.stringify(value)); }

/** Forgets `key`. */
export function remove(key) {
  try { localStorage.removeItem(key); } catch (_) { /* private mode */ }
}

/** Every key kept. */
export function keys() {
  try { return Object.keys(localStorage); } catch (_) { return []; }
}
