// What the page says about the game shown, from the store alone and from the seat it is
// seen from: the person against the computer, a player of a game between two people (who
// is told of "your friend"), or a watcher of one, who never is (nor of the computer: no text
// of a friend game's page speaks of it). The words are the page's language's (i18n.js).
import { t, number } from '/i18n.js';
import { other } from '/store.js';
import { ENDINGS } from '/record.js';
import { clockText } from '/clocks.js';

/**
 * The words of an ending beyond the rules that `winner` won (null: a draw agreed), from the
 * seat `you` (null: a watcher's, the sides named).
 */
function endingWords(reason, winner, you) {
  if (reason === 'agreement') return t('page.outcome.agreement');
  const seat = !you ? 'watched' : winner === you ? 'won' : 'lost';
  return t(`page.outcome.${reason}.${seat}`, { winner, loser: other(winner) });
}

/** How the game ended, `[what, why]` (`why` may be empty), or null while it goes on. */
export function outcomeWords(store) {
  const { game, ended, friend } = store;
  if (ended && ended.reason === 'resignation') {
    return ended.side === game.human
      ? [t('page.outcome.resigned'), t('page.outcome.resigned_why')]
      : [t('page.outcome.computer_resigned'), t('page.outcome.computer_resigned_why')];
  }
  // Another ending, kept from an imported record: told as a watcher's, the sides named.
  if (ended) return [endingWords(ended.reason, ended.side && other(ended.side), null), ''];
  const o = game.outcome;
  if (ENDINGS.includes(o.reason_code)) return [endingWords(o.reason_code, o.winner, friend && friend.you), ''];
  if (o.result === 'win' && friend) {
    if (o.winner === friend.you) return [t('page.outcome.you_win'), t('page.outcome.your_pieces')];
    return friend.you
      ? [t('page.friend.friend_wins'), t('page.friend.friend_pieces')]
      : [t('page.friend.side_wins', { side: o.winner }), t('page.friend.side_pieces', { side: o.winner })];
  }
  if (o.result === 'win') {
    return o.winner === game.human
      ? [t('page.outcome.you_win'), t('page.outcome.your_pieces')]
      : [t('page.outcome.computer_wins'), t('page.outcome.its_pieces')];
  }
  // A draw's text is named by its reason's code (`repetition`, `no_moves`); the state's
  // `reason` is English, for programs.
  if (o.result === 'draw') return [t('page.outcome.draw'), t(`page.outcome.${o.reason_code}`)];
  return null;
}

/**
 * How to play on once the game is over: New game; with a friend, the rematch button the
 * player may press (none while their own offer waits); for a watcher, where the rematch shows.
 */
export function playAgainWords(store) {
  const friend = store.friend;
  if (!friend || (friend.players && friend.players.inviting)) return t('page.play_again');
  if (!friend.you) return t('page.play_again.watcher');
  const offered = store.offer('rematch');
  if (offered === friend.you) return '';
  return t('page.play_again.rematch', { button: t(offered ? 'page.rematch.accept' : 'page.rematch.offer') });
}

/**
 * The status line (a live region): how the game ended, else whose turn it is, after the move
 * just played (so that a screen reader says it).
 */
export function statusWords(store) {
  const over = outcomeWords(store);
  if (over) return over.filter(Boolean).join(' ');
  const { game, friend } = store;
  const last = game.last_move;
  const now = last && store.view === null && !store.setup && store.plies > 0;
  if (friend) {
    const said = [];
    if (now) {
      said.push(last.side === friend.you ? t('page.friend.you_played', { move: last.move })
        : friend.you ? t('page.friend.friend_played', { move: last.move })
          : t('page.friend.side_played', { side: last.side, move: last.move }));
    }
    if (!friend.you) said.push(t('page.friend.side_to_move', { side: game.turn }));
    else if (game.turn === friend.you) said.push(t('page.status.your_move', { side: friend.you }));
    else said.push(t('page.friend.friends_move', { side: game.turn }));
    return said.join(' ');
  }
  if (store.status === 'your_turn') {
    const yours = t('page.status.your_move', { side: game.human });
    return now && last.side !== game.human ? `${t('page.status.computer_played', { move: last.move })} ${yours}` : yours;
  }
  return t(store.status === 'thinking' ? 'page.status.thinking' : 'page.status.computer_move');
}

/** Beside the status: the hint lit (from-to), else the piece picked up and its destinations. */
export function besideWords(store, destinations) {
  if (store.over || store.view !== null || store.setup) return '';
  if (store.hint) return t('page.status.hint_lit', { move: `${store.hint.from}-${store.hint.to}` });
  if (store.selected) return t('page.status.picked', { square: store.selected, count: destinations });
  return '';
}

/** The offer of a draw (during the game) or a rematch (after it) that waits, from the seat it is seen from. */
export function offerWords(store) {
  const kind = store.offerKind;
  const offered = store.offer(kind);
  const you = store.friend && store.friend.you;
  if (!offered) return '';
  if (!you) return t(`page.${kind}.side_offered`, { side: offered });
  return t(offered === you ? `page.${kind}.offered` : `page.${kind}.offered_you`);
}

/** Who is here in a friend game: the invitation waiting, the friend here or away, the page watching or cut off. */
export function presenceWords(store) {
  switch (store.presence) {
    case 'unreachable': return t('page.friend.unreachable');
    case 'watching': return t('page.friend.watching');
    case 'waiting': return t('page.friend.waiting');
    case 'here': return t('page.friend.here');
    case 'away': return t(store.claim === 'ready' ? 'page.claim.prompt' : 'page.friend.away');
    default: return '';
  }
}

/** Until the win may be claimed from a friend who left: the time left, counting down; else nothing. */
export function claimWords(store) {
  return store.claim === 'soon' ? t('page.claim.soon', { time: clockText(store.claimIn, false) }) : '';
}

/** The side a player of a friend game plays (each seat its own); nothing for a watcher or against the computer. */
export function seatWords(store) {
  return store.friend && store.friend.you ? t('page.friend.you_play', { side: store.friend.you }) : '';
}

/** The page's title: against the computer, with a friend, or for a watcher who plays whom. */
export function titleWords(store) {
  if (!store.friend) return t('page.title');
  return store.friend.you ? t('page.title.friend') : t('page.title.watching');
}

/** Who played `side`, in the review's count of each side's marks. */
export function playerWords(store, side) {
  if (side === store.seat) return t('page.review.you', { side });
  if (!store.friend) return t('page.review.computer', { side });
  return t(store.friend.you ? 'page.review.friend' : 'page.review.side', { side });
}

/** The label of a square whose piece is `side`'s (undefined: empty), as the page's seat sees it. */
export function squareWords(store, square, side) {
  if (!side) return t('page.square.empty', { square });
  if (side === store.seat) return t('page.square.yours', { square, side });
  if (!store.friend) return t('page.square.computers', { square, side });
  return t(store.friend.you ? 'page.square.friends' : 'page.square.side', { square, side });
}

/** A search's score as the engine's details show it: `+0.50`, or a win or loss in so many plies. */
function scoreWords(info) {
  if (info.forced_win_in) {
    return info.forced_win_in > 0
      ? t('page.score.wins_in', { plies: info.forced_win_in })
      : t('page.score.loses_in', { plies: -info.forced_win_in });
  }
  const value = info.score / 100;
  return (value > 0 ? '+' : '') + value.toFixed(2);
}

/**
 * The engine's details (`store.thinking`): a message (`{text}`), or a search's report
 * (`{info, who}`: depth, score, nodes, time, its line), `who` naming what it searched.
 */
export function thinkingWords(thinking) {
  if (!thinking) return '';
  if (thinking.text) return thinking.text;
  const { info, who } = thinking;
  if (!info) return who || '';
  const parts = [who || t(info.purpose === 'hint' ? 'page.thinking.hint_search' : 'page.thinking.search')];
  if (info.depth) parts.push(t('page.thinking.depth', { depth: info.depth }), t('page.thinking.score', { score: scoreWords(info) }));
  parts.push(t('page.thinking.nodes', { nodes: number(info.nodes) }), t('page.thinking.seconds', { seconds: (info.time_ms / 1000).toFixed(1) }));
  if (info.pv && info.pv.length) parts.push(t('page.thinking.line', { moves: info.pv.slice(0, 4).join(' ') }));
  return parts.join(' · ');
}
