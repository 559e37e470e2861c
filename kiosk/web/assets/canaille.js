// Canaille: the hand, the sentence built card by card, and the other
// decisions of a turn.

import { S } from './state.js';
import { t } from './texts.js';
import { btn, decision, h } from './dom.js';
import { card, cardNames, looksOf } from './looks.js';
import { isAway, playing, seatName, tName } from './seats.js';
import { send } from './channel.js';
import { play } from './table.js';
import { unavailable, whyOnTap } from './help.js';
import { render } from './app.js';

function face(id) { return S.cards[id] || { kind: '?', n: 0, stop: false }; }
function faceKey(id) { const f = face(id); return f.kind + f.n + (f.stop ? '.' : ''); }

function caCard(id, onclick, disabled, extra = '') {
  const f = face(id);
  const num = f.kind === 'trash' ? '−' + f.n : f.n ? String(f.n) : '';
  const l = looksOf();
  const name = cardNames().kinds[f.kind] || t('web.kind.' + f.kind);
  return card(num, name, f.stop ? '●' : '', `ca ${f.kind} ${extra}`, onclick, disabled, l && l.kinds ? l.kinds[f.kind] : null);
}

// sentenceState compares the sentence being built with the legal
// sentences of the view, face by face: identical faces are
// interchangeable, and the engine lists one sentence per face sequence.
function sentenceState(legal, ids) {
  const keys = ids.map(faceKey);
  const lists = legal.filter((m) => m.kind === 'sentence').map((m) => m.cards.map(faceKey));
  const starts = lists.filter((l) => keys.every((k, i) => l[i] === k));
  return { alive: starts.length > 0, complete: starts.some((l) => l.length === keys.length), lists };
}

// keepSentence keeps the sentence being built only while its cards are
// still in hand and it is still this seat's sentence to lay.
function keepSentence(v) {
  if (!(v.hand || []).length || !S.sentence.every((id) => v.hand.includes(id))) S.sentence = [];
  if (v.phase !== 'sentence' || v.turn !== S.seat) S.sentence = [];
}

function canailleNodes(v) {
  const mine = playing(v);
  const legal = mine ? v.legal || [] : [];
  const body = [];
  const myCatch = (v.catches || [])[S.seat] || {};
  body.push(h('div', { class: 'facts' },
    h('span', {}, t('web.canaille.river', { N: v.river.size }),
      v.river.face_up && v.river.top ? [' ', caCard(v.river.top, null, false, 'mini')] : ''),
    h('span', {}, t('web.canaille.catch', { N: myCatch.count || 0, Points: t('common.points', { N: myCatch.score || 0 }) })),
    v.canaille >= 0 ? h('span', { class: 'warn' }, tName('web.canaille.taken', v.canaille)) : null));
  if ((v.sentence || []).length && v.phase !== 'sentence') {
    body.push(h('h2', { 'data-sentence-of': v.active }, tName('web.canaille.resolving', v.active)));
    body.push(h('div', { class: 'cards small' }, v.sentence.map((id, i) => caCard(id, null, false, i < v.step ? 'done' : i === v.step ? 'now' : ''))));
  }
  const decided = mine ? canailleDecision(v, legal) : [];
  if (decided.length) body.push(decision(decided));
  else if (mine) {
    // The decision is the hand's, in the foot.
  }
  else if (S.waiting > 0) body.push(h('p', { class: 'hint' }, t('web.waiting.start')));
  else if (isAway(v.turn)) body.push(h('p', { class: 'hint' }, t('web.away_turn', { Name: seatName(v.turn) })));
  else if (v.turn >= 0 && v.turn !== S.seat) body.push(h('p', { class: 'hint' }, t('web.canaille.phase.' + v.phase, { Name: seatName(v.turn) })));
  const foot = [];
  const building = mine && v.phase === 'sentence';
  const swapping = mine && v.phase === 'swap';
  const st = building ? sentenceState(legal, S.sentence) : null;
  const hand = (v.hand || []).map((id) => {
    if (building) {
      const at = S.sentence.indexOf(id);
      if (at >= 0) return caCard(id, () => { S.sentence.splice(at); S.sentenceRule = ''; render(); }, false, 'laid');
      const fits = sentenceState(legal, [...S.sentence, id]).alive;
      const el = caCard(id, () => tapSentence(legal, id), false, fits ? '' : 'dim');
      if (!fits) {
        // Pale: said so to a screen reader too, and tapping it still
        // asks the table which rule the sentence would break.
        el.setAttribute('aria-disabled', 'true');
        el.setAttribute('aria-describedby', 'card-dead-end');
        el.deadEnd = { kind: 'sentence', cards: [...S.sentence, id] };
      }
      return el;
    }
    if (swapping && legal.some((m) => m.kind === 'swap' && m.card === id)) {
      return caCard(id, () => { S.pick = S.pick === id ? null : id; render(); }, false, S.pick === id ? 'picked' : '');
    }
    const el = caCard(id, null, true);
    unavailable(el, v.phase === 'swap' ? { kind: 'swap', card: id } : { kind: 'sentence', cards: [id] });
    return el;
  });
  // A sentence to lay or a card to swap: the decision is the hand's, its
  // question at the top of the foot.
  // The question, then the cards to tap, then what they make: the cards
  // stay in sight under the question on the smallest screen.
  const cards = whyOnTap(h('div', { class: 'cards' }, hand));
  if (building) foot.push(h('h2', { class: 'ask' }, t('web.canaille.ask.sentence')), cards, ...sentenceBar(st));
  if (swapping) {
    foot.push(h('h2', { class: 'ask' }, t('web.canaille.ask.swap')), cards);
    foot.push(S.pick ? btn(t('web.canaille.swap_go'), () => play({ kind: 'swap', card: S.pick }), 'primary')
      : h('p', { class: 'hint' }, t('web.canaille.swap_pick')));
  }
  if (!building && !swapping) foot.push(cards);
  return [body, building || swapping ? [decision(foot)] : foot];
}

// tapSentence adds a card; when no legal sentence starts that way, the
// table is asked which rule the sentence breaks (see docs/protocol.md).
function tapSentence(legal, id) {
  S.sentence.push(id);
  S.sentenceRule = '';
  if (!sentenceState(legal, S.sentence).alive) {
    S.sentenceRule = t('web.canaille.checking');
    send({ type: 'explain', ref: 'check', move: { kind: 'sentence', cards: S.sentence.slice() } });
  }
  render();
}

function sentenceBar(st) {
  const laid = h('div', { class: 'sentence' }, S.sentence.length
    ? S.sentence.map((id) => caCard(id, null, false, 'mini'))
    : h('span', { class: 'hint' }, t('web.canaille.tap_cards')));
  let verdict;
  if (!S.sentence.length) verdict = h('p', { class: 'hint' }, t('web.canaille.sentence_help'));
  else if (!st.alive) verdict = h('p', { class: 'verdict bad' }, '✗ ', S.sentenceRule || t('web.canaille.dead_end'));
  else if (st.complete) verdict = h('p', { class: 'verdict good' }, '✓ ', t('web.canaille.valid'));
  else verdict = h('p', { class: 'verdict' }, '… ', t('web.canaille.go_on'));
  const actions = h('div', { class: 'row' },
    btn(t('web.canaille.clear'), () => { S.sentence = []; S.sentenceRule = ''; render(); }, '', !S.sentence.length),
    btn(t('web.canaille.lay'), () => play({ kind: 'sentence', cards: S.sentence.slice() }), 'primary', !st.complete));
  return [laid, verdict, actions];
}

function canailleDecision(v, legal) {
  const out = [];
  const kinds = new Set(legal.map((m) => m.kind));
  const ask = (key, params) => out.push(h('h2', { class: 'ask' }, t(key, params)));
  const cardChoices = (kind, key) => {
    const ms = legal.filter((m) => m.kind === kind);
    if (!ms.length) return;
    ask(key);
    out.push(h('div', { class: 'cards' }, ms.map((m) => caCard(m.card, () => play(m), S.pending))));
  };
  cardChoices('return', 'web.canaille.ask.return');
  cardChoices('release', 'web.canaille.ask.release');
  cardChoices('bin', 'web.canaille.ask.bin');
  if (kinds.has('done')) out.push(btn(t('web.canaille.done', { N: v.released }), () => play({ kind: 'done' }), 'primary'));
  const targets = legal.filter((m) => m.kind === 'target');
  if (targets.length) {
    ask('web.canaille.ask.target');
    out.push(h('div', { class: 'grid' }, targets.map((m) => btn(seatName(m.seat), () => play(m)))));
  }
  const gives = legal.filter((m) => m.kind === 'give');
  if (gives.length) {
    ask('web.canaille.ask.give');
    out.push(h('div', { class: 'list' }, gives.map((m) => btn(
      [m.card ? caCard(m.card, null, false, 'mini') : h('span', {}, '🂠'), ' → ', seatName(m.seat)], () => play(m)))));
  }
  const rows = legal.filter((m) => m.kind === 'take-row');
  if (rows.length || kinds.has('draw-deck')) {
    ask('web.canaille.ask.refill');
    out.push(h('div', { class: 'cards' }, rows.map((m) => caCard(m.card, () => play(m), S.pending))));
    if (kinds.has('draw-deck')) out.push(btn(t('web.canaille.draw', { N: v.deck_size }), () => play({ kind: 'draw-deck' }), 'primary'));
  }
  return out;
}

// canailleHint shows a hinted move as a choice already made.
function canailleHint(mv) {
  if (mv.kind === 'sentence') { S.sentence = (mv.cards || []).slice(); S.sentenceRule = ''; }
  if (mv.kind === 'swap') S.pick = mv.card;
}

export { canailleHint, canailleNodes, face, keepSentence };
