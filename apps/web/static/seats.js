// The seats of games between two people that this browser holds (docs/live.md): each
// seat's secret, which alone may move for its side, and the invitation its creator may still
// hand out, kept per game in localStorage.
import { readJson, writeJson, remove } from '/storage.js';

const SEAT = 'halma-seat:';     // + game id: {side, secret}
const INVITE = 'halma-invite:'; // + game id: the invitation's claim, until the friend joins
const JOIN = 'halma-join:';     // + game id: the key of this browser's join, until it has the seat

/** The seat this browser holds in game `id`: `{side, secret}`, or null (it watches). */
export function seatOf(id) {
  const seat = readJson(SEAT + id);
  return seat && typeof seat.secret === 'string' && (seat.side === 'x' || seat.side === 'o') ? seat : null;
}

/** Keeps the seat `{side, secret}` of game `id` in this browser. */
export function keepSeat(id, seat) {
  writeJson(SEAT + id, { side: seat.side, secret: seat.secret });
  remove(JOIN + id);
}

/**
 * The `Idempotency-Key` of this browser's join of game `id`: made once and kept until the
 * seat is, so that a join sent again after its answer was lost (a reload, a dropped
 * connection) gets the same seat and secret instead of `seat_taken`.
 */
export function joinKeyOf(id) {
  const kept = readJson(JOIN + id);
  if (typeof kept === 'string') return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const key = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  writeJson(JOIN + id, key);
  return key;
}

/**
 * Keeps the seat of the rematch `to` of game `from`: the same secret (the server copied its
 * digest), the other side.
 */
export function keepRematchSeat(from, to) {
  const seat = seatOf(from);
  if (seat && !seatOf(to)) keepSeat(to, { side: seat.side === 'x' ? 'o' : 'x', secret: seat.secret });
}

/** The invitation's claim of game `id` this browser made, while it may still be used. */
export function invitationOf(id) {
  const claim = readJson(INVITE + id);
  return typeof claim === 'string' ? claim : null;
}

/** Keeps (a claim) or forgets (null) the invitation of game `id`. */
export function keepInvitation(id, claim) {
  if (claim) writeJson(INVITE + id, claim);
  else remove(INVITE + id);
}

/** The `Authorization` header of the seat held in game `id`, if any. */
export function authorization(id) {
  const seat = seatOf(id);
  return seat ? { Authorization: `Bearer ${seat.secret}` } : {};
}
