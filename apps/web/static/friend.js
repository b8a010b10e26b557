// A game between two people (docs/live.md): "Play a friend" and its invitation, joining by
// one, the game followed live (each state taken only when newer than the one shown, the
// opponent's move played over the board), who is here, the draw and rematch offers, the
// clocks, the win claimed from a friend who left (its time counted down), and the friend
// panel that shows all of it from the seat this page holds, or a watcher's.
import { store, api, path, action, render, show, on } from '/page.js';
import { newer } from '/store.js';
import { request } from '/api.js';
import { t, prefix } from '/i18n.js';
import { $, setText, setData } from '/dom.js';
import { follow } from '/live.js';
import { keepSeat, keepRematchSeat, invitationOf, keepInvitation, joinKeyOf } from '/seats.js';
import { CLOCKS, presetText, fallen, renderClocks } from '/clocks.js';
import { offerWords, presenceWords, claimWords, seatWords } from '/phrases.js';
import { animate } from '/boardview.js';

let stream = null;   // the live stream of the friend game shown
let pending = null;  // the newest state the stream gave while the page was busy

/** Follows the game shown live if it is between two people, else stops. */
function followShown(s) {
  if (stream) stream.stop();
  stream = null;
  pending = null;
  if (s.opponent !== 'friend') return;
  const id = s.id;
  const shown = () => store.game.id === id;
  stream = follow(id, {
    state: (state) => liveState(state),
    players: (players) => {
      if (!shown()) return;
      // The friend has just come: the game (its clocks) starts now, as the server tells.
      if (store.friend.players && store.friend.players.inviting && !players.inviting) {
        api('GET', path()).then((state) => liveState(state), () => {});
      }
      if (!players.inviting) keepInvitation(id, null);
      store.takePlayers(players);
      render();
    },
    connected: (connected) => {
      if (!shown() || store.friend.connected === connected) return;
      store.friend.connected = connected;
      render();
    },
  });
}
on('shown', followShown);

/**
 * A state of the friend game shown, from its stream or a look at the server: shown if newer
 * (the opponent's move played over the board first); kept while the page is busy, the
 * newest only, and shown once it is not.
 */
function liveState(s) {
  if (!store.friend || s.id !== store.game.id) return;
  if (store.busy) {
    if (!pending) setTimeout(() => { const next = pending; pending = null; if (next) liveState(next); }, 250);
    if (!pending || newer(s, pending)) pending = s;
    return;
  }
  if (!newer(s, store.game)) return;
  action(async () => {
    if (s.moves.length === store.plies + 1 && s.last_move && store.view === null) await animate(s.last_move.path);
    await takeState(s);
  });
}

/**
 * Takes `s` if newer: says so when the friend declined the player's offer (or played on,
 * which declines it), and moves to the rematch once there is one.
 */
async function takeState(s) {
  const before = store.game;
  if (!store.take(s)) return;
  const you = store.friend.you;
  if (!you) return;
  const mineMoved = s.moves.length > before.moves.length && s.last_move && s.last_move.side === you;
  for (const kind of ['draw', 'rematch']) {
    const was = before.offers && before.offers[kind];
    const is = s.offers && s.offers[kind];
    if (was === you && !is && s.status === before.status && !s.rematch && !mineMoved) store.note = t(`page.${kind}.declined`);
  }
  if (s.rematch) await goToRematch(s.rematch);
}

/** Moves to the rematch `id` of the game shown, the player's secret copied to it. */
async function goToRematch(id) {
  keepRematchSeat(store.game.id, id);
  show(await api('GET', `/api/games/${id}`));
}

/** Sends the player's `body` to the friend game's `route` (resign, draw, rematch, claim). */
export function friendAction(route, body) {
  action(async () => takeState(await api('POST', path(route), body)));
}

/**
 * Takes the seat an invitation's `claim` offers in game `id`; a used one leaves the page
 * watching (a note says so).
 */
export async function join(id, claim) {
  try {
    const key = { 'Idempotency-Key': joinKeyOf(id) };
    keepSeat(id, (await request('POST', `/api/games/${id}/join`, undefined, claim, key)).seat);
  } catch (error) {
    store.note = error.code === 'seat_taken' ? t('page.friend.seat_taken') : t('page.error', { message: error.message });
  }
}

/** The invitation's link of the game shown. */
const invitationLink = (claim) => `${location.origin}${prefix()}/g/${store.game.id}#join=${claim}`;

/** The friend panel, the clocks and `body[data-friend|claim|offer]` (none against the computer), from the store. */
export function renderFriend() {
  $('friend-panel').hidden = !store.friend;
  renderClocks(store, performance.now());
  const friend = store.friend;
  if (!friend) {
    for (const name of ['friend', 'claim', 'offer']) delete document.body.dataset[name];
    return;
  }
  const claim = friend.you && friend.players && friend.players.inviting ? invitationOf(store.game.id) : null;
  $('invitation').hidden = !claim;
  if (claim) {
    const link = invitationLink(claim);
    $('invitation-link').href = link;
    setText($('invitation-link'), link);
  }
  setText($('seat-side'), seatWords(store));
  setText($('presence'), presenceWords(store));
  renderClaim();
  renderOffers();
  setData('friend', store.presence);
}

/** The claim from a friend who left: its countdown (a timer, not read out as it changes) and its buttons. */
function renderClaim() {
  const claim = store.claim;
  const words = claimWords(store);
  $('claim-in').hidden = !words;
  setText($('claim-in'), words);
  // Kept waiting, the player may still claim the win: only the question goes.
  $('claim-actions').hidden = claim !== 'ready' && claim !== 'waiting';
  $('claim-wait').hidden = claim !== 'ready';
  $('claim').disabled = store.busy;
  setData('claim', claim || 'none');
}

/** The offers of a draw (during the game) or a rematch (after it), and the answers to them. */
function renderOffers() {
  const you = store.friend.you;
  const kind = store.offerKind;
  const over = kind === 'rematch';
  const offered = store.offer(kind);
  const playing = !!you && store.joined && !store.game.rematch;
  setText($('offer'), offerWords(store));
  $('draw-offer').hidden = !playing || over || !!offered;
  $('rematch-offer').hidden = !playing || !over || !!offered;
  $('draw-accept').hidden = !playing || over || !offered || offered === you;
  $('rematch-accept').hidden = !playing || !over || !offered || offered === you;
  $('offer-decline').hidden = $('draw-accept').hidden && $('rematch-accept').hidden;
  for (const id of ['draw-offer', 'rematch-offer', 'draw-accept', 'rematch-accept', 'offer-decline']) $(id).disabled = store.busy;
  const rematch = store.game.rematch;
  $('rematch-watch').hidden = !rematch;
  if (rematch) {
    const link = `${location.origin}${prefix()}/g/${rematch}`;
    $('rematch-link').href = link;
    setText($('rematch-link'), link);
  }
  setData('offer', offered ? `${kind}-${offered === you ? 'made' : 'received'}` : 'none');
}

// The running clock and the claim's countdown count down here, for the eye. At a clock's
// zero the page asks the server, which decides (it keeps the time; a page never sends one),
// at most every ten ticks (2 s): ticks, not the page's clock, which may be wrong.
const TICK_MS = 200;
let askIn = 0;      // ticks until the page may ask again
let claimed = null; // the claim's state last drawn

function tick() {
  if (askIn > 0) askIn--;
  if (!store.friend || store.busy) return;
  if (store.claim !== claimed) {
    claimed = store.claim;
    render();
  }
  renderClocks(store, performance.now());
  renderClaim();
  if (!fallen(store, performance.now()) || askIn > 0) return;
  askIn = 10;
  api('GET', path()).then((s) => liveState(s), () => {});
}

/** Copies `text` (a link) to the clipboard: `copy` says so (controls.js). */
let copy = () => {};

/** The friend game's buttons: Play a friend (with its clock), the invitation, offers, the claim. */
export function mountFriend(copier) {
  copy = copier;
  $('clock').replaceChildren(...CLOCKS.map((preset, i) => new Option(preset ? presetText(preset) : t('page.clock.none'), String(i))));
  $('play-friend').addEventListener('click', () => action(async () => {
    const body = { opponent: 'friend', human: $('side').value };
    const preset = CLOCKS[Number($('clock').value)];
    if (preset) body.clock = { initial: preset[0], increment: preset[1] };
    const created = await api('POST', '/api/games', body);
    keepSeat(created.id, created.seat);
    keepInvitation(created.id, created.invitation.claim);
    show(created);
  }));
  $('copy-invitation').addEventListener('click', () => {
    const claim = invitationOf(store.game.id);
    if (claim) copy(invitationLink(claim));
  });
  const answers = {
    'draw-offer': ['draw', 'offer'], 'draw-accept': ['draw', 'accept'],
    'rematch-offer': ['rematch', 'offer'], 'rematch-accept': ['rematch', 'accept'],
  };
  for (const [id, [route, answer]] of Object.entries(answers)) {
    $(id).addEventListener('click', () => friendAction(route, { action: answer }));
  }
  $('offer-decline').addEventListener('click', () => friendAction(store.offerKind, { action: 'decline' }));
  $('claim').addEventListener('click', () => friendAction('claim', {}));
  $('claim-wait').addEventListener('click', () => {
    if (store.friend && store.friend.claim) store.friend.claim.waiting = true;
    render();
    $('claim').focus();
  });
  setInterval(tick, TICK_MS);
}
