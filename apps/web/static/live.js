// A game's live stream (docs/live.md), read with `fetch` so that the seat's secret
// (`Authorization`) and the last change seen (`Last-Event-ID`) go with it: each state of the
// game and each account of its players as the server sends them, the stream opened again
// by itself when it breaks.
import { authorization } from '/seats.js';

const RETRY_MS = 2000;

/**
 * Follows game `id`'s live stream until `stop()`: `on.state(state)` for each state,
 * `on.players(players)` for each account of the players, `on.connected(bool)` when the
 * stream opens or breaks. A broken stream is opened again after a pause, from the last
 * change seen (`Last-Event-ID`), so that the page catches up by itself. The first state
 * is the game as it is now.
 */
export function follow(id, on) {
  const stopped = new AbortController();
  let last = null;
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
    const { events, rest } = parseEvents(buffer + value);
    buffer = rest;
    events.forEach(each);
  }
}

/**
 * The whole server-sent events at the start of `text`, `{type, id, data}` each (`type`
 * `message` unless named, `id` null unless given, the data lines joined), and the `rest`
 * that is not yet a whole event. Comments and events without data are skipped.
 */
export function parseEvents(text) {
  let buffer = text.replace(/\r\n?/g, '\n');
  const events = [];
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
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') event.id = value;
    }
    if (!data.length) continue;
    event.data = data.join('\n');
    events.push(event);
  }
  return { events, rest: buffer };
}
