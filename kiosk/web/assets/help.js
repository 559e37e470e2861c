// The answers only this seat sees: "why not?", hints, what the others did
// since its last move, and the game's rules opened in place.

import { S } from './state.js';
import { t } from './texts.js';
import { btn, h } from './dom.js';
import { playing, seatName } from './seats.js';
import { send } from './channel.js';
import { cellText, startNumber, suitCard } from './canyon.js';
import { face } from './canaille.js';
import { game } from './games.js';
import { render } from './app.js';

// explain asks the table why this seat cannot make move now: the answer
// comes from the engine's own rules applied to this seat's view, and
// nothing is played (docs/protocol.md, "Why not? and hints").
function explain(move) {
  if (send({ type: 'explain', ref: 'why', move })) S.why = { text: t('web.why.asking'), rule: '' };
  render();
}

function onExplain(m) {
  const text = m.legal ? t('web.why.legal') : whyText(m.rule, m.args);
  if (m.ref === 'check') { S.sentenceRule = text; return; }
  S.why = { text, rule: m.legal ? '' : m.rule };
}

// whyText is a refused move's explanation, as i18n.Catalog.Why writes it:
// the game's own text for the rule, else the rule's, its parameters filled
// from args, words of the catalogue (a suit, a card's kind) in the page's
// language.
function whyText(rule, args) {
  const params = {};
  for (const [k, v] of Object.entries(args || {})) {
    params[k] = typeof v === 'string' && S.texts['rule.word.' + v] ? S.texts['rule.word.' + v] : v;
  }
  // Whose turn it is, by name (i18n.Catalog.WhyNamed), never "place 2".
  if (Number.isInteger(params.Turn) && params.Turn > 0) params.Who = seatName(params.Turn - 1);
  for (const key of ['rule.why.' + S.game + '.' + rule, 'rule.why.' + rule, 'rule.' + rule]) {
    if (S.texts[key]) return t(key, params);
  }
  return rule || '';
}

function askHint() {
  if (send({ type: 'hint', ref: 'hint' })) { S.hint = { move: null, text: t('web.hint.asking') }; S.why = null; }
  render();
}

function onHint(m) {
  S.hints = m.hints || S.hints;
  const mv = m.move || {};
  S.hint = { move: mv, text: describe(mv) };
  // The hint is shown as a choice already made, still to be confirmed.
  if (game().onHint) game().onHint(mv);
}

function kindName(id) { const f = face(id); return t('web.kind.' + f.kind) + (f.n ? ' ' + f.n : ''); }

// describe says a move in words, for a hint.
function describe(m) {
  switch (S.game + '.' + m.kind) {
    case 'canyon.play': return t('web.hint.card', { Card: suitCard(m.card) });
    case 'canyon.tempo': return t('web.hint.tempo', { N: (m.tempo || []).reduce((a, b) => a + b, 0) });
    case 'canyon.place': return t('web.hint.cell', { Cell: t('web.canyon.start_cell', { N: startNumber(m) || '' }) + ' (' + cellText(m) + ')' });
    case 'canyon.move': return t('web.hint.cell', { Cell: cellText(m) });
    // The boards played at the table: the table's words for a guest away
    // from it (say.HintAway's), never a cell's name, which no board shows.
    case 'canoe.place': case 'canoe.remove': case 'canoe.move': case 'canyonduel.step': case 'canyonduel.jump':
      return t('web.hint.at_table', { Move: t('hint.say.' + S.game + '.' + m.kind + '.away', { N: Math.max(1, (m.path || []).length - 1) }) });
  }
  if (m.cards) return t('web.hint.sentence', { Cards: m.cards.map(kindName).join(' · ') });
  const parts = [];
  if (m.card) parts.push(kindName(m.card));
  if (m.seat != null) parts.push('→ ' + seatName(m.seat));
  return t('web.hint.canaille.' + m.kind, { What: parts.join(' ') });
}

// sinceLine says in words what an event of another seat means for this
// one, or null when it does not concern it (docs: issue 29, item 5).
function sinceLine(e) {
  const d = e.data || {};
  const by = e.seat;
  const mine = by === S.seat;
  const name = { Name: seatName(by) };
  switch (S.game + '.' + e.type) {
    case 'canyon.play': return mine ? null : t('common.since.canyon.play', { ...name, Card: d.card ? suitCard(d.card) : '' });
    case 'canyon.trick': return mine ? t('common.since.canyon.trick_you') : t('common.since.canyon.trick', name);
    case 'canyon.movement': return mine ? null : t('common.since.canyon.movement', name);
    case 'canyon.push': return mine ? t('common.since.canyon.pushed_you', { Name: seatName(d.by) }) : null;
    case 'canyon.fall': return t(mine ? 'common.since.canyon.fall_you' : 'common.since.canyon.fall', name);
    case 'canaille.sentence': return mine ? null : t('common.since.canaille.sentence', { ...name, N: (d.cards || []).length });
    // A card this seat gave itself is its own move: no news ("Vous vous a donné").
    case 'canaille.give': return d.to === S.seat && !mine ? t('common.since.canaille.given', { ...name, Card: d.card ? kindName(d.card) : '' }) : null;
    case 'canaille.target': return d.to === S.seat ? t('common.since.canaille.target', name) : null;
    case 'canaille.catch': return mine ? null : t('common.since.canaille.catch', { ...name, Card: d.card ? kindName(d.card) : '' });
    case 'canaille.canaille': return t(mine ? 'common.since.canaille.canaille_you' : 'common.since.canaille.canaille', name);
    // What a piece did, not its cells' engine names: no board shows them.
    case 'canoe.place': return mine ? null : t('common.since.board.place', name);
    case 'canoe.move': case 'canyonduel.step': case 'canyonduel.jump':
      return mine ? null : t('common.since.board.move', name);
    case 'canoe.remove': return mine ? null : t('common.since.board.remove', name);
    case 'canyonduel.capture': return d.owner === S.seat ? t('common.since.board.captured', name) : null;
  }
  return null;
}

// rulesURL is the game's rules in the page's language, at rule's
// paragraph when one is named.
function rulesURL(rule) { return `rules/${S.game}.${S.lang}.html` + (rule ? '#rule-' + rule : ''); }

function rulesLink(rule, key) {
  return h('a', { href: rulesURL(rule), class: 'ruleslink', onclick: (e) => { e.preventDefault(); openRules(rule); } }, t(key));
}

// openRules shows the game's rules inside the page, at rule's paragraph
// when one is named, with a way back to the game: a new tab left the
// game behind, with no way back on a phone. The status line stays in
// sight, so a turn that comes is seen.
async function openRules(rule) {
  let doc;
  try {
    const r = await fetch(rulesURL(''));
    if (!r.ok) throw new Error(String(r.status));
    doc = new DOMParser().parseFromString(await r.text(), 'text/html');
  } catch {
    S.notice = t('web.err.load');
    render();
    return;
  }
  const sec = document.getElementById('rules');
  const back = h('button', { type: 'button', class: 'primary', onclick: closeRules }, t('web.rules.back'));
  const body = doc.querySelector('main');
  sec.replaceChildren(h('div', { class: 'shelfhead' }, h('h2', { id: 'rulestitle' }, doc.title), back),
    ...[...(body ? body.children : [])].map((n) => document.importNode(n, true)));
  sec.hidden = false;
  document.body.classList.add('rulesopen');
  // The way back focused (a screen reader starts there), without
  // scrolling away from the rule's paragraph.
  back.focus({ preventScroll: true });
  const at = rule ? sec.querySelector('#rule-' + CSS.escape(rule)) : null;
  if (at) {
    at.classList.add('at');
    at.scrollIntoView({ block: 'start' });
  }
}

// closeRules goes back to the game from its rules.
function closeRules() {
  const sec = document.getElementById('rules');
  sec.hidden = true;
  sec.replaceChildren();
  document.body.classList.remove('rulesopen');
  render();
}

// helpNodes are the answers only this seat sees: "why not?", a hint, what
// the others did since its last move; each can be put away.
function helpNodes(v) {
  // The buttons first: the answers below them may scroll.
  const tools = [rulesLink('', 'web.rules.open')];
  if (playing(v) && !S.over && !v.result && !game().atOnce) tools.unshift(btn(t('web.hint.ask'), askHint, 'hintbtn'));
  const out = [h('div', { class: 'tools' }, tools)];
  const close = (f) => h('button', { type: 'button', class: 'close', 'aria-label': t('web.close'), onclick: () => { f(); render(); } }, '✕');
  if (S.why) {
    out.push(h('div', { class: 'why', role: 'status' }, close(() => { S.why = null; }),
      h('p', {}, h('b', {}, t('web.why.title')), ' ', S.why.text), S.why.rule ? rulesLink(S.why.rule, 'web.rules.rule') : null));
  }
  if (S.hint) {
    out.push(h('div', { class: 'tip', role: 'status' }, close(() => { S.hint = null; }),
      h('p', {}, h('b', {}, t('web.hint.title')), ' ', S.hint.text)));
  }
  if (S.since.length && !S.sinceOff) {
    out.push(h('div', { class: 'since' }, close(() => { S.sinceOff = true; S.since = []; }),
      h('h2', {}, t('common.since.title')), h('ul', {}, S.since.map((line) => h('li', {}, line)))));
  }
  return out;
}

// unavailable makes el a hand card that cannot be played now: still
// focusable and announced (aria-disabled, described by why it is so and
// how to hear the rule), its touch or Enter asking the table why (why,
// read by whyOnTap's row).
function unavailable(el, why) {
  el.why = why;
  el.disabled = false;
  el.setAttribute('aria-disabled', 'true');
  el.setAttribute('aria-describedby', 'card-unavailable');
}

// whyOnTap lets a guest touch a card they cannot use and hear why: a
// disabled card lets the touch through to its row (app.css), which finds
// the card under the finger and asks the table about its move (card.why).
function whyOnTap(row) {
  row.addEventListener('click', (e) => {
    if (e.target.closest('.card:not(:disabled):not([aria-disabled="true"])')) return;
    const inside = (b) => { const r = b.getBoundingClientRect(); return e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom; };
    // An unavailable card takes the touch (or Enter) itself; a disabled
    // one lets it through to the row.
    const c = e.target.closest('.card') || [...row.querySelectorAll('.card')].find(inside);
    if (c && c.why) explain(c.why);
  });
  return row;
}

// ---- each unusable card's own reason, before it is touched
//
// A screen reader's user hears a card that cannot be played now as
// unavailable, and why: the reason is the card's accessible description
// (a hidden line of #card-reasons, named by its aria-describedby) before
// anyone taps
// it. Out of turn the page knows the reason itself (whose turn it is); on
// its turn it asks the table, as a tap does (explain: the engine's rules
// on this seat's own view), once per card and view, a few at a time, and
// until the answer comes the card keeps the general words (how to ask).

// MAX_REASONS is how many reasons one hand asks for at once, well within
// the phone's message burst (kiosk/server.DefaultMsgBurst).
const MAX_REASONS = 12;

// reasonKey names a card's move in S.reasons.
function reasonKey(move) { return JSON.stringify(move); }

// cardMove is the move an unusable card stands for: the one a tap asks
// about (unavailable's why), or a pale card's sentence (deadEnd).
function cardMove(el) { return el.why || el.deadEnd || null; }

// cardReason is why move cannot be made now, in words, or '' when the
// page does not know yet (or there is no turn to speak of).
function cardReason(move) {
  const v = S.view;
  if (!v || !S.online || S.pending || S.waiting > 0 || S.over || v.result) return '';
  if (v.turn !== S.seat) return v.turn >= 0 ? t('web.card.their_turn', { Name: seatName(v.turn) }) : '';
  return S.reasons[reasonKey(move)] || '';
}

// describeCards gives each unusable card of hand its own reason as its
// description, in place (no focus moves), and asks for those not known.
function describeCards(hand) {
  let unknown = false;
  const lines = [];
  hand.querySelectorAll('.card[aria-disabled="true"]').forEach((el) => {
    const move = cardMove(el);
    if (!move) return;
    const why = cardReason(move);
    if (!why) { unknown = unknown || !(reasonKey(move) in S.reasons); return; }
    const id = 'reason-' + lines.length;
    lines.push(h('p', { id }, why));
    el.setAttribute('aria-describedby', id);
  });
  document.getElementById('card-reasons').replaceChildren(...lines);
  if (unknown) askReasons();
}

// askReasons asks the table why each unusable card cannot be played, once
// the hand has settled (a guest building a sentence taps on), at most
// MAX_REASONS at a time; answers come to onReason.
function askReasons() {
  clearTimeout(S.reasonTimer);
  S.reasonTimer = setTimeout(() => {
    const v = S.view;
    if (!v || v.turn !== S.seat || !S.online || S.pending || S.waiting > 0 || S.over || v.result) return;
    const asked = new Set(Object.values(S.reasonAsks).map((a) => a.key));
    let n = 0;
    for (const el of document.querySelectorAll('#hand .card[aria-disabled="true"]')) {
      const move = cardMove(el);
      const key = move && reasonKey(move);
      if (!key || key in S.reasons || asked.has(key)) continue;
      if (n >= MAX_REASONS) { askReasons(); return; } // the rest once these are answered
      const ref = 'card-' + ++S.reasonAsked;
      if (!send({ type: 'explain', ref, move })) return;
      S.reasonAsks[ref] = { key, seq: S.viewSeq };
      asked.add(key);
      n++;
    }
  }, 300);
}

// isReason says whether m answers a reason asked by askReasons.
function isReason(m) { return typeof m.ref === 'string' && m.ref.startsWith('card-') && (m.type === 'explain' || m.type === 'error'); }

// onReason keeps the table's answer about a card (nothing when it came
// for an older view, '' when the table found the move legal or refused
// the question) and describes the hand again.
function onReason(m) {
  const ask = S.reasonAsks[m.ref];
  delete S.reasonAsks[m.ref];
  if (!ask || ask.seq !== S.viewSeq) return;
  S.reasons[ask.key] = m.type === 'explain' && !m.legal ? whyText(m.rule, m.args) : '';
  describeCards(document.getElementById('hand'));
}

export { describeCards, isReason, onReason, helpNodes, onExplain, onHint, sinceLine, unavailable, whyOnTap };
