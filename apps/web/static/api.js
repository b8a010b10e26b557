// The server's JSON API as the page uses it: requests with the seat's secret of the game
// they name, JSON both ways, and every failure turned into an `ApiError` in the page's
// words: the server's error code's text, or, when the server cannot be reached at all, "No
// connection to the server" (never the browser's own message, "Failed to fetch").
import { t, errorText } from '/i18n.js';
import { authorization } from '/seats.js';

/** A request that failed: `status` and `code` as the server answered (none if it was not reached). */
export class ApiError extends Error {
  constructor(message, { status, code = null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }

  /** Whether the server could not be reached (no answer at all). */
  get unreachable() { return this.status === undefined; }
}

/** The API path of game `id`, or of one of its actions (`move`, `hint`...). */
export const gamePath = (id, action) => `/api/games/${id}` + (action ? '/' + action : '');

/**
 * A request to the API: `method` on `path` with the JSON `body` (if any); `bearer`, a secret
 * to send (else the seat's of the game the path names, if this browser holds one); `headers`,
 * more headers to send. Its answer's JSON, or an `ApiError`.
 */
export async function request(method, path, body, bearer, headers = {}) {
  const game = path.match(/^\/api\/games\/([0-9a-f]{32})/);
  const seat = bearer ? { Authorization: `Bearer ${bearer}` } : game ? authorization(game[1]) : {};
  const options = { method, headers: { Accept: 'application/json', ...seat, ...headers } };
  // The server takes changes only as JSON (no cross-site form can send that).
  if (method !== 'GET' && method !== 'HEAD') options.headers['Content-Type'] = 'application/json';
  if (body !== undefined) options.body = JSON.stringify(body);
  let response;
  try {
    response = await fetch(path, options);
  } catch (_) {
    throw new ApiError(t('page.no_connection'));
  }
  let data = null;
  try { data = await response.json(); } catch (_) { /* not JSON */ }
  if (!response.ok) {
    const code = (data && data.code) || null;
    throw new ApiError(errorText(code, response.status), { status: response.status, code });
  }
  return data;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How often a request the server is too busy for (503) is sent again, a second apart. */
const BUSY_RETRIES = 60;

/**
 * Runs `run` (a request), again while the server answers that every engine is busy with
 * other games (503), a second apart, calling `waiting()` each time; then throws.
 */
export async function whileBusy(run, waiting) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (error.status !== 503 || attempt >= BUSY_RETRIES) throw error;
      waiting();
      await sleep(1000);
    }
  }
}
