// The live stream's events as the page reads them (server-sent events, docs/live.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './page.mjs';

const { parseEvents } = await load('live.js');

test('whole events are read, named, with their ids; the rest waits for more', () => {
  const { events, rest } = parseEvents('event: state\nid: 7\ndata: {"a":1}\n\n: a comment\n\nevent: players\ndata: {"b"');
  assert.deepEqual(events, [{ type: 'state', id: '7', data: '{"a":1}' }]);
  assert.equal(rest, 'event: players\ndata: {"b"');
  const more = parseEvents(rest + ':2}\n\n');
  assert.deepEqual(more.events, [{ type: 'players', id: null, data: '{"b":2}' }]);
  assert.equal(more.rest, '');
});

test('data lines join; CR LF ends lines too; an event without data is none', () => {
  const { events } = parseEvents('data: one\r\ndata:two\r\n\r\nid: 3\n\ndata\n\n');
  assert.deepEqual(events, [
    { type: 'message', id: null, data: 'one\ntwo' },
    { type: 'message', id: null, data: '' },
  ]);
});
