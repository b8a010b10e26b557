// A game between two people (docs/live.md): the seats' secrets this browser holds, the
// invitation it may hand out, the game's live stream, read with `fetch` so that the secret
// (`Authorization`) and the last change seen (`Last-Event-ID`) go with it, and its clocks,
// counted down here for the eye from the server's figures (the server keeps the time).

const SEAT = 'halma-seat:';     // + game id: {side, secret}
const INVITE = 'halma-invite:'; // + game id: the invitation's claim, until the friend joins
const RETRY_MS = 2000;

const store = {
  get(key) { try { return JSON.parse(localStorage.getItem(key)); } catch (_) { return null; } },
  set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (_) { /* private mode */ } },
  remove(key) { try { localStorage.removeItem(key); } catch (_) { /* private mode */ } },
};

/** The seat this browser holds in game `id`: `{side, secret}`, or null (it watches). */
export function seatOf(id) {
  const seat = store.get(SEAT + id);
  return seat && typeof seat.secret === 'string' && (seat.side === 'x' || seat.side === 'o') ? seat : null;
}

/** Keeps the seat `{side, secret}` of game `id` in this browser. */
export function keepSeat(id, seat) { store.set(SEAT + id, { side: seat.side, secret: seat.secret }); }

/**
 * Keeps the seat of the rematch `to` of game `from`: the same secret (the server copied its
 * digest), the other side.
 */
export function keepRematchSeat(from, to) {
  const seat = seatOf(from);
  if (seat && !seatOf(to)) keepSeat(to, { side: seat.side === 'x' ? 'o' : 'x', secret: seat.secret });
}

/** The clocks "Play a friend" offers: none, then [minutes in seconds, increment in seconds]. */
export const CLOCKS = [null, [180, 2], [300, 3], [600, 5]];

/**
 * The clocks of the state `s` as they stand when it arrives: `{x, o, running, at}` (each
 * side's milliseconds as the server wrote them, the side whose clock runs, the page's moment),
 * or null for a game without clocks.
 */
export function clocksOf(s) {
  const c = s && s.clock;
  return c ? { x: c.x_ms, o: c.o_ms, running: c.running, at: performance.now() } : null;
}

/** The milliseconds left to `side` by `clocks` now, the running clock counted down here. */
export function timeLeft(clocks, side) {
  const running = clocks.running === side ? performance.now() - clocks.at : 0;
  return Math.max(0, clocks[side] - running);
}

/** Milliseconds as a clock shows them: `4:05`, and tenths in the last ten seconds (`0:09.4`). */
export function clockText(ms) {
  if (ms < 10_000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The invitation's claim of game `id` this browser made, while it may still be used. */
export function invitationOf(id) {
  const claim = store.get(INVITE + id);
  return typeof claim === 'string' ? claim : null;
}

/** Keeps (a claim) or forgets (null) the invitation of game `id`. */
export function keepInvitation(id, claim) {
  if (claim) store.set(INVITE + id, claim);
  else store.remove(INVITE + id);
}

/** The `Authorization` header of the seat held in game `id`, if any. */
export function authorization(id) {
  const seat = seatOf(id);
  return seat ? { Authorization: `Bearer ${seat.secret}` } : {};
}

/**
 * Follows game `id`'s live stream until `stop()`: `on.state(state)` for each state,
 * `on.players(players)` for each account of the players, `on.connected(bool)` when the
 * stream opens or breaks. A broken stream is opened again after a pause, from the last move
 * seen (`Last-Event-ID`), so that the page catches up by itself.
 */
export function follow(id, since, on) {
  const stopped = new AbortController();
  let last = since;
  let attempt = null; // the stream open now: the browser's going offline ends it at once
  const cut = () => { if (attempt) attempt.abort(); };
  addEventListener('offline', cut);
  stopped.signal.addEventListener('abort', () => { removeEventListener('offline', cut); cut(); });
  (async () => {
    while (!stopped.signal.aborted) {
      attempt = new AbortController();
      try {
        if (navigator.onLine === false) throw new Error('offline');
        const headers = { Accept: 'text/event-stream', ...authorization(id) };
        if (last !== null) headers['Last-Event-ID'] = String(last);
        const response = await fetch(`/api/games/${id}/live`, { headers, signal: attempt.signal, cache: 'no-store' });
        if (!response.ok || !response.body) throw new Error(`live: ${response.status}`);
        on.connected(true);
        await read(response.body, (event) => {
          if (event.id !== null) last = event.id;
          let data;
          try { data = JSON.parse(event.data); } catch (_) { return; }
          if (event.type === 'state') on.state(data);
          else if (event.type === 'players') on.players(data);
        });
      } catch (_) { /* broken, cut or refused: opened again below */ }
      if (stopped.signal.aborted) break;
      on.connected(false);
      // Again after a pause, or as soon as the browser is back online.
      await new Promise((resolve) => {
        const back = () => { removeEventListener('online', back); clearTimeout(timer); resolve(); };
        const timer = setTimeout(back, RETRY_MS);
        addEventListener('online', back);
      });
    }
  })();
  return { stop: () => stopped.abort() };
}

/** Reads server-sent events from `body` until it ends, calling `each({type, id, data})`. */
async function read(body, each) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = { type: 'message', id: null, data: '' };
      const data = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue; // a comment
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.type = text;
        else if (field === 'data') data.push(text);
        else if (field === 'id') event.id = text;
      }
      if (!data.length) continue;
      event.data = data.join('\n');
      each(event);
    }
  }
}
