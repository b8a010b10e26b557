// The review of a game: every position searched by the engine in a worker of its own
// (halma.js's `review`, cancelled by its button), each move judged; the panel with its
// progress, the evaluation drawn over the game (a click looks at a move there), how the game
// ended and each side's marks. Offered only where marks.js says: against the computer at
// any moment, in a game between two people once it has ended (every game that ends here is
// reviewed then).
import { Engine, REVIEW } from '/halma.js';
import { store, render, on } from '/page.js';
import { SIDES } from '/store.js';
import { t, language } from '/i18n.js';
import { $, setText, setData } from '/dom.js';
import { movesRecord } from '/record.js';
import { reviewOffered, currentReview, markAt, markCounts } from '/marks.js';
import { outcomeWords, playerWords } from '/phrases.js';

let reviewer = null; // the engine of reviews, in a worker of its own

/** Reviews the game as it stands, if it may be; cancelled by its button. */
export async function startReview() {
  if (!store.game || !reviewOffered(store) || (store.review && store.review.running)) return;
  const game = store.game;
  const controller = new AbortController();
  const mine = () => store.review && store.review.controller === controller;
  const review = {
    id: game.id, start: game.start, moves: game.moves.slice(), entries: null,
    done: 0, total: game.moves.length + 1, running: true, controller,
  };
  store.review = review;
  render();
  try {
    if (!reviewer) reviewer = await Engine.create({ tableMb: 8 });
    const entries = await reviewer.review(movesRecord(review.start, review.moves), { nodes: REVIEW.nodes }, {
      signal: controller.signal,
      onProgress: (done, total) => { if (mine()) { Object.assign(review, { done, total }); renderReview(store); } },
    });
    if (mine()) Object.assign(review, { entries, running: false });
  } catch (error) {
    if (mine()) {
      store.review = null;
      store.note = error.code === 'aborted' ? t('page.review.cancelled') : t('page.error', { message: error.message });
    }
  }
  render();
}

/** The review's panel, from the store. */
export function renderReview(s) {
  const r = currentReview(s);
  const running = !!r && r.running;
  $('review-progress').hidden = !running;
  $('review-cancel').hidden = !running;
  $('review').disabled = !reviewOffered(s) || running || (!!r && r.moves.length === s.plies);
  if (running) {
    $('review-bar').max = r.total;
    $('review-bar').value = r.done;
    setText($('review-count'), t('page.review.running', { done: r.done, total: r.total }));
  }
  const done = r && r.entries ? r : null;
  drawGraph(done, s.at);
  // The review says how the game ended (a resignation, a flag...) above each side's marks.
  const over = done && done.moves.length === s.plies ? outcomeWords(s) : null;
  setText($('review-result'), over ? over[0] : '');
  $('review-result').hidden = !over;
  const lines = done ? SIDES.map((side) => {
    const { mistakes, blunders } = markCounts(done.entries, side);
    return t('page.review.summary', { player: playerWords(s, side), mistakes, blunders });
  }) : [];
  const summary = $('review-summary');
  if ([...summary.children].map((line) => line.textContent).join('\n') !== lines.join('\n')) {
    summary.replaceChildren(...lines.map((text) => {
      const line = document.createElement('span');
      line.textContent = text;
      return line;
    }));
  }
  const shown = markAt(s, s.at - 1);
  setText($('review-detail'), shown
    ? t('page.review.marked', {
      mark: t(`page.review.${shown.mark}`), move: shown.played, better: shown.move,
      loss: (shown.loss / 100).toLocaleString(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    })
    : done ? t('page.review.done') : '');
  setData('review', r ? (running ? 'running' : 'done') : 'none');
}

const GRAPH = { width: 300, height: 80 };

/** A score for x on the graph's height: the middle line even, tanh so big leads stay on it. */
const graphY = (score) => GRAPH.height / 2 - Math.tanh(score / 400) * (GRAPH.height / 2 - 4);

/** The evaluation over the game for x, the marked moves on it, the position shown (`at`). */
function drawGraph(r, at) {
  const svg = $('graph');
  svg.toggleAttribute('hidden', !r); // an SVG element has the attribute, not the property
  svg.replaceChildren();
  if (!r) return;
  const ns = 'http://www.w3.org/2000/svg';
  const add = (tag, attrs) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    svg.appendChild(node);
    return node;
  };
  const { width, height } = GRAPH;
  const plies = r.entries.length - 1;
  const x = (ply) => (plies ? (ply / plies) * width : width / 2);
  const points = r.entries.map((e) => `${x(e.ply).toFixed(1)},${graphY(e.x_score).toFixed(1)}`);
  add('rect', { class: 'graph-o', x: 0, y: 0, width, height });
  // x's colour under the curve, o's above it: the more of a colour, the better that side stands.
  add('path', { class: 'graph-x', d: `M0,${height} L${points.join(' L')} L${width},${height} Z` });
  add('line', { class: 'graph-even', x1: 0, y1: height / 2, x2: width, y2: height / 2 });
  add('polyline', { class: 'graph-line', points: points.join(' ') });
  add('line', { class: 'graph-now', x1: x(at), y1: 0, x2: x(at), y2: height });
  for (const e of r.entries) {
    if (!e.mark) continue;
    const dot = add('circle', { class: `graph-${e.mark}`, cx: x(e.ply + 1), cy: graphY(r.entries[e.ply + 1].x_score), r: 3.5 });
    const title = document.createElementNS(ns, 'title');
    title.textContent = `${t(`page.review.${e.mark}`)}: ${e.played}`;
    dot.appendChild(title);
  }
}

/** The review's buttons and graph; `goTo(ply)` looks at a move. */
export function mountReview(goTo) {
  $('review').addEventListener('click', () => startReview());
  $('review-cancel').addEventListener('click', () => { if (store.review && store.review.running) store.review.controller.abort(); });
  $('graph').addEventListener('click', (event) => {
    const r = currentReview(store);
    if (!r || !r.entries) return;
    const box = $('graph').getBoundingClientRect();
    goTo(Math.round(((event.clientX - box.left) / box.width) * (r.entries.length - 1)));
  });
}

// A review of another game than the one shown goes (cancelled if it runs); a game that ends
// here is reviewed.
on('shown', (s) => {
  const review = store.review;
  if (review && review.id !== s.id) {
    if (review.running) review.controller.abort();
    store.review = null;
  }
});
on('ended', startReview);
