// The review's marks as the page shows them, from the store: whether a review may be offered
// at all (the engine's opinion of every move is engine help: in a game between two people
// only once it has ended; against the computer at any moment), which review belongs to the
// game shown, the mark of each move and each side's count. The review itself (each
// position searched, each move judged by `REVIEW`'s thresholds) is halma.js's.

/** Whether the game shown may be reviewed now: its rules run here, it has moves, no position is being set up, and a game between two people has ended. */
export function reviewOffered(store) {
  if (!store.rules || store.setup || !store.plies) return false;
  return !store.friendGame || store.game.status === 'over';
}

/** The review of the game shown, if one may be shown and the moves it reviewed are still the game's first ones. */
export function currentReview(store) {
  const { review, game } = store;
  if (!review || review.id !== game.id || review.start !== game.start) return null;
  if (store.friendGame && game.status !== 'over') return null;
  return review.moves.every((move, i) => move === game.moves[i]) ? review : null;
}

/** The entry of move `ply` (from 0) of the review shown, if the review marked it. */
export function markAt(store, ply) {
  const review = currentReview(store);
  const entry = review && review.entries && ply >= 0 && ply < review.moves.length ? review.entries[ply] : null;
  return entry && entry.mark ? entry : null;
}

/** How many of `side`'s moves the review's `entries` marked: `{mistakes, blunders, moves}`. */
export function markCounts(entries, side) {
  const played = entries.filter((entry) => entry.turn === side && entry.played);
  const count = (mark) => played.filter((entry) => entry.mark === mark).length;
  return { mistakes: count('mistake'), blunders: count('blunder'), moves: played.length };
}
