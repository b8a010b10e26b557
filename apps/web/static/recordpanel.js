// The game's record on the page: downloaded or copied (written by halma.js, with this page's
// headers and the ending), and a record opened (pasted or from a file) played on the server
// as a new game, move by move; once it is open, the board is brought into view (on a phone
// the dialog's button sat far below it).
import { Game, readRecord } from '/halma.js';
import { store, api, render, action, show, resume } from '/page.js';
import { t, prefix } from '/i18n.js';
import { $ } from '/dom.js';
import { movesRecord, recordDate, recordTags, recordEnding, readPlayers, keepEnding } from '/record.js';
import { cursorSquare } from '/boardview.js';
import { copy } from '/controls.js';

/** The record of the game shown: where and when, the players, its moves and how it ended. */
function recordText() {
  const game = store.game;
  const written = Game.fromRecord(movesRecord(game.start, game.moves));
  try {
    const tags = recordTags(game, `${location.origin}${prefix()}/g/${game.id}`, recordDate());
    return written.record(tags, { ending: recordEnding(game, store.ended) });
  } finally {
    written.free();
  }
}

/**
 * Plays a record's game (`readRecord`'s) on the server as a new game, move by move: the
 * player takes the side the record does not give to the computer (else the side chosen),
 * at the record's level (else the level chosen).
 */
async function importGame(read) {
  let s;
  try { s = read.game.state(); } finally { read.game.free(); }
  const { human, level, ended } = readPlayers(read, $('side').value, Number($('level').value));
  let created = await api('POST', '/api/games', { level, human, position: s.start });
  for (const [i, move] of s.moves.entries()) {
    store.note = t('page.import.importing', { done: i + 1, total: s.moves.length });
    render();
    const route = created.turn === human ? 'move' : 'computer';
    created = (await api('POST', `/api/games/${created.id}/${route}`, { move, ply: created.moves.length })).state;
  }
  show(created);
  if (ended) store.ended = keepEnding(created, ended.reason, ended.side);
  store.note = '';
  inView();
  await resume();
}

/** Brings the board into view with the focus on its keyboard square. */
function inView() {
  const square = cursorSquare(store);
  square.focus({ preventScroll: true });
  $('board').scrollIntoView({ block: 'start' });
}

/** The record's buttons and the dialog that opens one. */
export function mountRecord() {
  $('record-download').addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([recordText()], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `halma-${recordDate()}-${store.game.id.slice(0, 8)}.txt`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  $('record-copy').addEventListener('click', () => copy(recordText()));
  $('record-import').addEventListener('click', () => {
    $('import-text').value = '';
    $('import-file').value = '';
    $('import-error').hidden = true;
    $('import-dialog').showModal();
    $('import-text').focus();
  });
  $('import-cancel').addEventListener('click', () => $('import-dialog').close());
  $('import-file').addEventListener('change', async () => {
    const file = $('import-file').files[0];
    if (file) $('import-text').value = await file.text();
  });
  $('import-start').addEventListener('click', () => {
    let read;
    try {
      read = readRecord($('import-text').value);
    } catch (error) {
      $('import-error').textContent = t('page.import.failed', { reason: error.message });
      $('import-error').hidden = false;
      return;
    }
    $('import-dialog').close();
    action(() => importGame(read));
  });
}
