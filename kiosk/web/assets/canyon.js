// Canyon: the hand, the trick, the tempos and the landing map.

import { S } from './state.js';
import { fetchJSON, t } from './texts.js';
import { btn, decision, h, svg } from './dom.js';
import { card, cardNames, looksOf, seatDot } from './looks.js';
import { awayMark, playing, rowClass, seatName, tName } from './seats.js';
import { play } from './table.js';
import { unavailable, whyOnTap } from './help.js';
import { render } from './app.js';

// suitCard names a Canyon card in words, "5 bleu".
function suitCard(c) { return `${c.value} ${cardNames().suits[c.suit] || ''}`.trim(); }

function canyonCard(c, trump, onclick, disabled, picked) {
  const isTrump = trump && c.suit === trump.suit;
  const l = looksOf();
  // Trump shows a star beside the value: a second cue besides the ring.
  const el = card(String(c.value), '', isTrump ? '★' : '',
    `cy${isTrump ? ' trump' : ''}${picked ? ' picked' : ''}`, onclick, disabled, l && l.suits ? l.suits[c.suit] : null);
  el.setAttribute('aria-label', suitCard(c) + (isTrump ? ' ★' : ''));
  return el;
}

function canyonNodes(v) {
  const mine = playing(v);
  const legal = v.legal || [];
  const body = [];
  const trump = v.round > 0 && v.trump && v.trump.value ? v.trump : null;
  body.push(h('div', { class: 'facts' },
    // Round 0 is the canoes being put in, before the first deal.
    h('span', {}, v.round > 0 ? t('web.canyon.round', { N: v.round }) : t('web.canyon.placing')),
    trump ? h('span', { class: 'trumpfact' }, t('web.canyon.trump'), ' ',
      canyonCard(trump, trump, null, false, false)) : null));
  body.push(h('table', { class: 'seats' },
    h('tr', {}, h('th', {}, t('web.canyon.player')), h('th', {}, t('web.canyon.tempo')), h('th', {}, t('web.canyon.tricks'))),
    Array.from({ length: v.seats }, (_, i) => {
      const tempo = (v.tempo || [])[i];
      const sum = tempo ? tempo.reduce((a, b) => a + b, 0) : null;
      const flags = (v.docked || [])[i] ? ' ⚓' : (v.fallen || [])[i] ? ' ⤵' : '';
      return h('tr', { class: rowClass(v, i) }, h('th', {}, seatDot(i), seatName(i) + flags, awayMark(i)),
        h('td', {}, sum == null ? '–' : tempo.length > 1 ? `${sum} (${tempo.join('+')})` : String(sum)),
        h('td', {}, String((v.tricks || [])[i] ?? 0)));
    })));
  const last = lastTrick(v);
  if ((v.trick || []).length) {
    // The trick before stays named while this one is played: a robot that
    // won it leads again at once.
    if (last) {
      const won = last.cards[last.win];
      body.push(h('p', { class: 'hint' }, won
        ? tName('web.canyon.last_trick', last.winner, { Card: suitCard(won) })
        : tName('web.canyon.trick_won', last.winner)));
    }
    body.push(h('h2', {}, t('web.canyon.trick')));
    body.push(h('div', { class: 'trick' }, v.trick.map((c, k) => h('figure', {},
      canyonCard(c, trump, null, false), h('figcaption', {}, seatName((v.leader + k) % v.seats))))));
  } else if (last) {
    // The trick just won stays until the next card is played: who won it,
    // the winning card marked.
    body.push(h('h2', {}, tName('web.canyon.trick_won', last.winner)));
    body.push(h('div', { class: 'trick' }, last.cards.map((c, k) => h('figure', {},
      canyonCard(c, trump, null, false, k === last.win),
      h('figcaption', {}, last.leader == null ? '' : seatName((last.leader + k) % v.seats))))));
  }
  const decided = mine ? canyonDecision(v, legal, trump) : [];
  if (decided.length) body.push(decision(decided));
  const plays = legal.filter((m) => m.kind === 'play');
  const same = (a, b) => a && b && a.suit === b.suit && a.value === b.value;
  const hand = (v.hand || []).map((c) => {
    const ok = mine && plays.some((m) => same(m.card, c));
    const el = canyonCard(c, trump, ok ? () => { S.pick = same(S.pick, c) ? null : c; render(); } : null, !ok, same(S.pick, c));
    if (!ok) unavailable(el, { kind: 'play', card: c });
    return el;
  });
  const cards = whyOnTap(h('div', { class: 'cards tight' }, hand));
  if (!mine || !plays.length) return [body, [cards]];
  // A card to play: the decision is the hand's, at the top of the foot.
  const ask = h('h2', { class: 'ask' }, t('web.canyon.pick'));
  if (S.pick && plays.some((m) => same(m.card, S.pick))) {
    return [body, [decision([ask, btn(t('web.canyon.play', { Card: suitCard(S.pick) }),
      () => play({ kind: 'play', card: S.pick }), 'primary'), cards])]];
  }
  return [body, [decision([ask, cards])]];
}

// lastTrick is the last trick finished this round: its cards from its
// leader on, its winner (who leads now), its leader and the place of the
// winning card when this page saw that trick being played (else null and
// -1). Each trick's leader is noted as the page sees it played.
function lastTrick(v) {
  const played = v.played || [];
  S.leaders = S.leaders || {};
  if ((v.trick || []).length) S.leaders[`${v.round}:${played.length}`] = v.leader;
  if (!v.seats || played.length < v.seats) return null;
  const leader = S.leaders[`${v.round}:${played.length - v.seats}`];
  const winner = v.leader;
  return { cards: played.slice(-v.seats), winner, leader: leader ?? null,
    win: leader == null ? -1 : (winner - leader + v.seats) % v.seats };
}

function canyonDecision(v, legal, trump) {
  const out = [];
  const tempos = legal.filter((m) => m.kind === 'tempo');
  if (tempos.length) {
    out.push(h('h2', { class: 'ask' }, t('web.canyon.choose_tempo')));
    out.push(h('div', { class: 'grid tempos' }, tempos.map((m) => {
      const sum = m.tempo.reduce((a, b) => a + b, 0);
      return btn([h('b', {}, String(sum)), h('small', {}, m.tempo.length > 1 ? m.tempo.join(' + ') : t('web.canyon.one_card'))],
        () => play(m), 'tempo');
    })));
    out.push(h('p', { class: 'hint' }, t('web.canyon.tempo_help')));
  }
  // Lettered from left to right, then top to bottom, as they lie on the
  // map turned as the table turns it (the last map row on the left).
  const onMap = (a, b) => (b.row ?? 0) - (a.row ?? 0) || (a.col ?? 0) - (b.col ?? 0);
  const places = legal.filter((m) => m.kind === 'place').sort(onMap);
  if (places.length) {
    // The start cells as targets on the map, as a landing is chosen; the
    // same choices in words below.
    // Numbered as the table draws them on the start cells.
    out.push(h('h2', { class: 'ask' }, t('web.canyon.choose_start')));
    const name = (m, k) => String(startNumber(m) || spotName(k));
    const words = (m) => t('web.canyon.start_cell', { N: startNumber(m) || '' });
    const map = landingMap(v, places, name, words);
    if (map) out.push(map);
    out.push(h('div', { class: 'list' }, places.map((m, k) =>
      btn([h('b', { class: 'spotname' }, name(m, k)), ' ', words(m)], () => play(m)))));
  }
  const ends = legal.filter((m) => m.kind === 'move').sort(onMap);
  if (ends.length) {
    out.push(h('h2', { class: 'ask' }, t('web.canyon.choose_landing', { N: v.points })));
    const map = landingMap(v, ends);
    if (map) out.push(map);
    // The same choices in words: for screen readers, and before the map
    // has arrived.
    out.push(h('div', { class: 'list' }, ends.map((m, k) =>
      btn([h('b', { class: 'spotname' }, spotName(k)), ' ', cellText(m)], () => play(m)))));
    out.push(h('p', { class: 'hint' }, t('web.canyon.landing_help')));
  }
  return out;
}

function spotName(k) { return String.fromCharCode(65 + k); }

// startNumber is the number the table draws on the start cell of a place
// move: the start cells counted in map order (kiosk/board.CanyonStart);
// 0 before the map has arrived.
function startNumber(m) {
  if (!S.board) return 0;
  const at = (m.row ?? 0) * S.board.cols + (m.col ?? 0);
  let n = 0;
  for (let i = 0; i <= at; i++) if (S.board.cells[i] === 's') n++;
  return n;
}

// cellText names a landing cell as the table names where a canoe is: its
// distance to the docks (maps/canyon.json's goal; moves leave out a zero
// row or column).
function cellText(m) {
  const i = (m.row ?? 0) * (S.board ? S.board.cols : 0) + (m.col ?? 0);
  const n = S.board && S.board.goal ? S.board.goal[i] : null;
  return n == null || n < 0 ? '' : t('web.canyon.cell', { N: n });
}

// loadBoard fetches the Canyon map from the kiosk (drawing data only)
// into S.board, the first time a Canyon view shows, so it never delays
// the hand.
function loadBoard() {
  if (S.boardAsked) return;
  S.boardAsked = true;
  // Without the map the choices stay in words; it is asked again with the
  // next view.
  fetchJSON('maps/canyon.json').then((b) => { S.board = b; render(); })
    .catch(() => { S.boardAsked = false; });
}

const TERRAIN = { M: 'bank', I: 'island', '~': 'water', s: 'start', D: 'dock', C: 'cave', W: 'fall' };
// The currents as arrows on the map turned as the table turns it: a map
// row is a step along the river (left to right), a column across it.
const DRIFT = { 8: '→', 2: '←', 4: '↑', 6: '↓', 7: '↗', 9: '↘', 1: '↖', 3: '↙' };
const CELL = 44; // px: every spot is a whole cell, a target of 44 × 44 px; eight columns fit a 360 px phone

// landingMap draws the part of the map around this seat's canoe and the
// cells it may land on or start from, turned as the table draws it (the
// start line on the left, the docks on the right: map row r, column c at
// x from the last row back, y from the column): terrain, currents, every
// canoe in its seat's colour with its number, and one button per legal
// move, lettered as in the list below it. A narrow phone scrolls it
// sideways. Only the view's legal moves make a cell a choice.
function landingMap(v, ends, name = (m, k) => spotName(k), words = cellText) {
  if (!S.board) { loadBoard(); return null; }
  const at = (v.canoes || [])[S.seat];
  const cells = ends.map((m) => [m.row ?? 0, m.col ?? 0]);
  if (at >= 0) cells.push([Math.floor(at / S.board.cols), at % S.board.cols]);
  const rows = cells.map((c) => c[0]);
  const cols = cells.map((c) => c[1]);
  const r0 = Math.max(0, Math.min(...rows) - 1);
  const r1 = Math.min(S.board.rows - 1, Math.max(...rows) + 1);
  const c0 = Math.max(0, Math.min(...cols) - 1);
  const c1 = Math.min(S.board.cols - 1, Math.max(...cols) + 1);
  const x = (r) => (r1 - r) * CELL;
  const y = (c) => (c - c0) * CELL;
  const w = (r1 - r0 + 1) * CELL;
  const hgt = (c1 - c0 + 1) * CELL;
  const ground = svg('svg', { width: w, height: hgt, viewBox: `0 0 ${w} ${hgt}`, 'aria-hidden': 'true' });
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const i = r * S.board.cols + c;
      ground.append(svg('rect', { x: x(r), y: y(c), width: CELL, height: CELL, class: 't-' + TERRAIN[S.board.cells[i]] }));
      const arrow = DRIFT[S.board.drift[i]];
      if (arrow) ground.append(svg('text', { x: x(r) + CELL / 2, y: y(c) + CELL / 2, class: 'drift' }, arrow));
    }
  }
  const l = looksOf();
  (v.canoes || []).forEach((cell, seat) => {
    const r = Math.floor(cell / S.board.cols);
    const c = cell % S.board.cols;
    if (cell < 0 || r < r0 || r > r1 || c < c0 || c > c1) return;
    const cx = x(r) + CELL / 2;
    const cy = y(c) + CELL / 2;
    const look = l && l.seats && l.seats.length ? l.seats[seat % l.seats.length] : { fill: '#fff', ink: '#111' };
    ground.append(svg('rect', { x: cx - CELL * 0.42, y: cy - CELL * 0.24, width: CELL * 0.84, height: CELL * 0.48, rx: CELL * 0.24,
      fill: look.fill, class: seat === S.seat ? 'canoe me' : 'canoe' }),
    svg('text', { x: cx, y: cy, class: 'canoe-n', fill: look.ink }, String(seat + 1)));
  });
  const spots = ends.map((m, k) => {
    const b = btn(name(m, k), () => play(m), 'spot');
    b.style.left = x(m.row ?? 0) + 'px';
    b.style.top = y(m.col ?? 0) + 'px';
    b.setAttribute('aria-label', words(m));
    return b;
  });
  // Sizes through the CSSOM: the page's CSP allows no style attribute.
  const map = h('div', { class: 'map' }, ground, spots);
  map.style.width = w + 'px';
  map.style.height = hgt + 'px';
  return h('div', { class: 'mapwrap' }, map);
}

// canyonHint shows a hinted move as a choice already made.
function canyonHint(mv) { if (mv.kind === 'play') S.pick = mv.card; }

export { canyonHint, canyonNodes, cellText, loadBoard, startNumber, suitCard };
