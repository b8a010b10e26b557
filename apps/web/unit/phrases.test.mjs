// What the page says, in each of its languages, from each seat: a watcher never hears a
// seat's words, no text of a friend game's page speaks of the computer, each seat is told
// its own side, the claim's time counts down, a hint is said as from-to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, languageFile, TAGS } from './page.mjs';

const { Store } = await load('store.js');
const { useTexts, t } = await load('i18n.js');
const phrases = await load('phrases.js');

/** The words each language has for the computer. */
const COMPUTER = { en: /computer/i, th: /คอมพิวเตอร์/, ms: /komputer/i };

/** A state as the server writes one. */
function state(changes = {}) {
  return {
    id: 'a'.repeat(32), version: 3, opponent: 'friend', status: 'your_turn', turn: 'x', human: 'x',
    moves: ['l2-k3', 'e15-f14'], start: 's x', last_move: { move: 'e15-f14', path: ['e15', 'f14'], side: 'o' },
    outcome: { result: 'ongoing', winner: null, reason: null, reason_code: null },
    offers: { draw: null, rematch: null }, rematch: null, clock: null, ...changes,
  };
}

/** A store showing `s` from `side`'s seat (null: a watcher), `players` its friend's account. */
function seen(s, side, players = { inviting: false, x: { here: true }, o: { here: true }, claim_in: null }) {
  const store = new Store(() => 0);
  store.show(s, { seat: side && { side, secret: 'secret' } });
  if (store.friend) store.takePlayers(players);
  return store;
}

/** Everything the page may say of a friend game seen by `store`. */
function everything(store) {
  const said = [
    phrases.statusWords(store), phrases.offerWords(store), phrases.presenceWords(store), phrases.claimWords(store),
    phrases.seatWords(store), phrases.titleWords(store), phrases.playAgainWords(store),
    phrases.playerWords(store, 'x'), phrases.playerWords(store, 'o'),
    ...['n2', 'b15', 'h8'].map((square) => phrases.squareWords(store, square, { n2: 'x', b15: 'o' }[square])),
  ];
  const over = phrases.outcomeWords(store);
  if (over) said.push(...over);
  return said.join('\n');
}

/** The friend games a page may show, in progress and over, offers made and not. */
const GAMES = [
  state(),
  state({ offers: { draw: 'x', rematch: null } }),
  state({ offers: { draw: 'o', rematch: null } }),
  state({ status: 'over', outcome: { result: 'win', winner: 'x', reason: '', reason_code: 'goal_camp' } }),
  state({ status: 'over', offers: { draw: null, rematch: 'o' }, outcome: { result: 'win', winner: 'o', reason: '', reason_code: 'resignation' } }),
  state({ status: 'over', outcome: { result: 'draw', winner: null, reason: '', reason_code: 'agreement' } }),
  state({ status: 'over', outcome: { result: 'win', winner: 'x', reason: '', reason_code: 'abandonment' } }),
];

for (const tag of TAGS) {
  test(`${tag}: a watcher never hears a seat's words, whatever the offers and endings`, () => {
    const file = languageFile(tag);
    useTexts(file);
    const seatTexts = ['page.draw.offered', 'page.draw.offered_you', 'page.draw.declined', 'page.rematch.offered',
      'page.rematch.offered_you', 'page.friend.friend_played', 'page.friend.you_played', 'page.square.friends',
      'page.review.you', 'page.review.friend', 'page.friend.you_play']
      .map((key) => file.texts[key].split(/\{\w+\}/)[0].trim()).filter(Boolean);
    for (const game of GAMES) {
      const said = everything(seen(game, null));
      for (const text of seatTexts) assert.ok(!said.includes(text), `${tag}: a watcher told ${JSON.stringify(text)}:\n${said}`);
    }
    // Nothing offered: no offer said at all, from any seat (a watcher was told "You offered").
    for (const side of [null, 'x', 'o']) assert.equal(phrases.offerWords(seen(state(), side)), '');
    assert.equal(phrases.offerWords(seen(GAMES[1], null)), t('page.draw.side_offered', { side: 'x' }));
  });

  test(`${tag}: nothing said of a friend game speaks of the computer, from either seat or a watcher's`, () => {
    useTexts(languageFile(tag));
    for (const game of GAMES) {
      for (const side of ['x', 'o', null]) {
        const said = everything(seen(game, side));
        assert.doesNotMatch(said, COMPUTER[tag], `${tag} ${side}: ${said}`);
      }
    }
    // And the game against the computer does speak of it.
    const computer = seen(state({ opponent: 'computer', level: 5 }), null);
    assert.match(phrases.titleWords(computer), COMPUTER[tag]);
  });

  test(`${tag}: each seat is told its own side; the watcher's title names both`, () => {
    const file = languageFile(tag);
    useTexts(file);
    assert.equal(phrases.seatWords(seen(state(), 'o')), file.texts['page.friend.you_play'].replace('{side}', 'o'));
    assert.equal(phrases.seatWords(seen(state(), 'x')), file.texts['page.friend.you_play'].replace('{side}', 'x'));
    assert.equal(phrases.seatWords(seen(state(), null)), '');
    assert.equal(phrases.titleWords(seen(state(), 'o')), file.texts['page.title.friend']);
    assert.match(phrases.titleWords(seen(state(), null)), /\bx\b[^]*\bo\b/);
  });
}

test('the time before the win may be claimed counts down, second by second', () => {
  useTexts(languageFile('en'));
  const now = { ms: 0 };
  const store = new Store(() => now.ms);
  store.show(state(), { seat: { side: 'x', secret: 's' } });
  store.takePlayers({ inviting: false, x: { here: true }, o: { here: false }, claim_in: 65 });
  const said = [];
  for (let second = 0; second < 4; second++, now.ms += 1000) said.push(phrases.claimWords(store));
  assert.deepEqual(said.map((words) => words.match(/\d+:\d\d/)[0]), ['1:05', '1:04', '1:03', '1:02']);
  assert.equal(phrases.presenceWords(store), 'Your friend is away.');
  now.ms = 65_000;
  assert.equal(phrases.claimWords(store), '', 'the time has come');
  assert.match(phrases.presenceWords(store), /claim the win/);
});

test('a hint is said from-to, never as its hop path', () => {
  useTexts(languageFile('en'));
  const store = new Store(() => 0);
  store.show(state({ opponent: 'computer', level: 5 }));
  store.hint = { from: 'm3', to: 'm7', path: ['m3', 'm5', 'm7'] };
  assert.equal(phrases.besideWords(store, 0), 'Hint: m3-m7 (lit in gold).');
});

test("the status names the computer's move, then whose turn it is", () => {
  useTexts(languageFile('en'));
  const store = new Store(() => 0);
  store.show(state({ opponent: 'computer', level: 5 }));
  assert.equal(phrases.statusWords(store), 'The computer played e15-f14. Your move (you are x).');
  store.show(state({ opponent: 'computer', level: 5, status: 'computer_turn' }));
  assert.equal(phrases.statusWords(store), "The computer's move…");
});
