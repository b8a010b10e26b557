// The game's record as the page writes it and reads it back (halma.js parses and writes the
// record itself), position text, and the move list's lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './page.mjs';

const { init, Game, readRecord } = await load('halma.js');
const record = await load('record.js');
const { moveLines } = await load('moves.js');
await init();

/** The start position's text. */
const START = (() => {
  const game = Game.start();
  try { return game.state().start; } finally { game.free(); }
})();

/** A state of a game of `moves` from the start, as the server writes one. */
function state(moves, changes = {}) {
  const game = Game.fromRecord(record.movesRecord(START, moves));
  try {
    return { id: 'a'.repeat(32), version: 1, opponent: 'computer', human: 'x', level: 3, ...game.state(), ...changes };
  } finally {
    game.free();
  }
}

/** The record the page writes of `s` (an ending kept here: `ended`), read back by halma.js. */
function writtenAndRead(s, ended = null) {
  const game = Game.fromRecord(record.movesRecord(s.start, s.moves));
  try {
    const text = game.record(record.recordTags(s, 'https://halma.example/g/a', '2026-12-01'), { ending: record.recordEnding(s, ended) });
    return { text, read: readRecord(text) };
  } finally {
    game.free();
  }
}

const MOVES = ['l2-k3', 'e15-f14', 'n3-n5'];

test('a game against the computer: the person, the computer at its level; read back, the same seats', () => {
  const s = state(MOVES, { human: 'o', level: 7 });
  const { text, read } = writtenAndRead(s);
  assert.match(text, /\[X "halma level 7"\]\n\[O "Anonymous"\]\n\[Level "7"\]/);
  assert.deepEqual(read.game.state().moves, MOVES);
  const players = record.readPlayers(read, 'x', 5);
  read.game.free();
  assert.deepEqual(players, { human: 'o', level: 7, ended: null });
});

test('a game between two people: two people and no level (it has none to read)', () => {
  const s = state(MOVES, { opponent: 'friend', level: undefined, human: undefined });
  const tags = record.recordTags(s, 'site', 'date');
  assert.deepEqual(tags, { Site: 'site', Date: 'date', X: 'Player x', O: 'Player o' });
  const { read } = writtenAndRead(s);
  const players = record.readPlayers(read, 'o', 4);
  read.game.free();
  assert.deepEqual(players, { human: 'o', level: 4, ended: null }, 'the side and level chosen on the page');
});

test('an ending beyond the rules is written and read back: a resignation kept here, a draw agreed', () => {
  const resigned = writtenAndRead(state(MOVES), { reason: 'resignation', side: 'x', ply: 3 });
  assert.match(resigned.text, /\[Result "0-1"\]\n\[Reason "resignation"\]/);
  assert.deepEqual(record.readPlayers(resigned.read, 'x', 5).ended, { reason: 'resignation', side: 'x' });
  resigned.read.game.free();
  const outcome = { result: 'draw', winner: null, reason: 'agreed', reason_code: 'agreement' };
  const agreed = writtenAndRead(state(MOVES, { opponent: 'friend', outcome }));
  assert.match(agreed.text, /\[Result "1\/2-1\/2"\]\n\[Reason "agreement"\]/);
  assert.deepEqual(record.readPlayers(agreed.read, 'x', 5).ended, { reason: 'agreement', side: null });
  agreed.read.game.free();
  assert.equal(record.recordEnding(state(MOVES), null), null, 'a game going on');
});

test('a level outside 1 to 10 in a record is not taken', () => {
  const read = { tags: { X: 'halma level 12', O: 'Anonymous', Level: '12' }, reason: null, winner: null };
  assert.deepEqual(record.readPlayers(read, 'x', 5), { human: 'o', level: 5, ended: null });
  assert.equal(record.readPlayers({ tags: { Level: '9' } }, 'x', 5).level, 9);
});

test('position text of pieces on squares is the rules\' (the engine reads it back)', () => {
  const s = state([]);
  assert.equal(record.positionText(record.piecesOf(s), 'x'), s.position);
  const empty = record.positionText(new Map([['a1', 'x'], ['p16', 'o']]), 'o');
  assert.equal(empty, `15o/${'16/'.repeat(14)}x15 o`);
});

test('the move list: a line per turn of each side, a game o opened with o alone on line 1', () => {
  const lines = (start, plies) => moveLines(start, plies).map(({ number, plies: p }) => `${number}:${p.join(',')}`);
  assert.deepEqual(lines('... x', 5), ['1:1,2', '2:3,4', '3:5']);
  assert.deepEqual(lines('... o', 4), ['1:1', '2:2,3', '3:4']);
  assert.deepEqual(lines('... x', 0), []);
});

test('the date of a record', () => {
  assert.equal(record.recordDate(new Date(2026, 0, 5)), '2026-01-05');
});
