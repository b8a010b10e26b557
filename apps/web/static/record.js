// The game's texts as the page writes and reads them: a record's headers (who played, the
// level, how it ended), what a record read back says of its players (the side the computer
// played and its level, as this page names it), and position text. The record itself is
// written and parsed by halma.js (`Game.record`, `readRecord`).
import { SIDES, other } from '/store.js';
import { readJson, writeJson } from '/storage.js';

/** The endings beyond the rules, as a state's `reason_code` and a record's `Reason` name them. */
export const ENDINGS = ['resignation', 'agreement', 'time', 'abandonment'];

/** A person's name in a record written here. */
const PLAYER = 'Anonymous';
/** The computer's name in a record written here: `halma level 5`. */
const computerName = (level) => `halma level ${level}`;
const COMPUTER = /^halma level (\d+)$/;

/** A game record of the earlier form: a start's position text, then the moves. */
export const movesRecord = (start, moves) => `${start}\n${moves.join(' ')}\n`;

/** The date `now` as a record writes it: `2026-12-01`. */
export function recordDate(now = new Date()) {
  const two = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** A player of a game between two people, named by side in its record: `Player x`. */
const sidePlayer = (side) => `Player ${side}`;

/**
 * The headers of the record of `game` (a state), played at `site` on `date`: the players,
 * and against the computer its level (a game between two people names its players by side
 * and has no level).
 */
export function recordTags(game, site, date) {
  if (game.opponent === 'friend') {
    return { Site: site, Date: date, X: sidePlayer('x'), O: sidePlayer('o') };
  }
  const names = { [game.human]: PLAYER, [other(game.human)]: computerName(game.level) };
  return { Site: site, Date: date, X: names.x, O: names.o, Level: String(game.level) };
}

/**
 * How the record of `game` ends beyond the rules: `{reason, winner}` (winner null for a draw
 * agreed), from the ending this page kept (`ended`: `{reason, side}`, `side` the loser) or
 * the server's; null when the rules ended it or it goes on.
 */
export function recordEnding(game, ended) {
  if (ended) return { reason: ended.reason, winner: ended.side && other(ended.side) };
  const o = game.outcome;
  return ENDINGS.includes(o.reason_code) ? { reason: o.reason_code, winner: o.winner } : null;
}

/**
 * What a record read back (`readRecord`'s `{tags, reason, winner}`) says of the game it
 * starts: `{human, level, ended}`, the player taking the side the record does not give to
 * the computer (`halma level N`, as this page names it; else `side`), at the record's level
 * (else `level`), and an ending beyond the rules as this page keeps it (`{reason, side}`,
 * `side` the loser), or null.
 */
export function readPlayers({ tags, reason, winner }, side, level) {
  const computer = SIDES.find((s) => COMPUTER.test(tags[s.toUpperCase()] || ''));
  const human = computer ? other(computer) : side;
  const named = computer ? Number(tags[computer.toUpperCase()].match(COMPUTER)[1]) : Number(tags.Level);
  const ended = ENDINGS.includes(reason) ? { reason, side: winner ? other(winner) : null } : null;
  return { human, level: named >= 1 && named <= 10 ? named : level, ended };
}

// A game against the computer has no resignation on the server: this browser keeps it for
// the game and the moves it was given at (playing on elsewhere leaves it behind), and writes
// it into the game's record; so it does with the other endings of a record imported.
const ENDED = 'halma-resigned:';

/** The ending this browser kept for `game` at its number of moves: `{reason, side, ply}`, or null. */
export function keptEnding(game) {
  const kept = readJson(ENDED + game.id);
  const reason = kept && (kept.reason || 'resignation');
  const fits = reason === 'agreement' ? kept.side === null : ENDINGS.includes(reason) && SIDES.includes(kept.side);
  return fits && kept.ply === game.moves.length ? { reason, side: kept.side, ply: kept.ply } : null;
}

/** Keeps the ending `reason` of `game` now (`side` lost; null for a draw agreed): the ending kept. */
export function keepEnding(game, reason, side) {
  const ended = { reason, side, ply: game.moves.length };
  writeJson(ENDED + game.id, ended);
  return ended;
}

/** Position text of `pieces` (square -> side) with `turn` to move (the rules' notation, rank 16 first). */
export function positionText(pieces, turn) {
  const files = 'abcdefghijklmnop';
  const ranks = [];
  for (let rank = 16; rank >= 1; rank--) {
    let text = '';
    let run = 0;
    for (const file of files) {
      const side = pieces.get(file + rank);
      if (!side) { run++; continue; }
      if (run) text += run;
      run = 0;
      text += side;
    }
    ranks.push(run ? text + run : text);
  }
  return `${ranks.join('/')} ${turn}`;
}

/** The pieces of a state by square. */
export function piecesOf(s) {
  const pieces = new Map();
  for (const side of SIDES) for (const name of s.pieces[side]) pieces.set(name, side);
  return pieces;
}
