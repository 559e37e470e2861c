// What the board games share on the phone (Canoë, the Canyon duel): the
// board is on the table, so the phone shows the scores, whose turn, and
// the take-backs by agreement.

import { S } from './state.js';
import { t } from './texts.js';
import { h } from './dom.js';
import { seatDot } from './looks.js';
import { awayMark, rowClass, seatName } from './seats.js';
import { send } from './channel.js';
import { render } from './app.js';

// boardNodes shows a board game's scores (one per seat) and whose turn:
// the board itself is on the table.
function boardNodes(v, scores) {
  return [
    v.turn === S.seat && !v.result && !(S.waiting > 0)
      ? h('p', { class: 'big go' }, t('web.board.your_move'))
      : h('p', { class: 'hint' }, t('web.board.on_table')),
    ...takeBackNodes(v),
    h('table', { class: 'seats' }, scores.map((s, i) => h('tr', { class: rowClass(v, i) },
      h('th', {}, seatDot(i), seatName(i), awayMark(i)), h('td', {}, standing(v, i, s))))),
  ];
}

// standing is a seat's score as the table words it: Canoë's pegs in
// supply and canoes, a duel's points.
function standing(v, i, score) {
  if (v.canoes && v.supply) return t('web.canoe.progress', { Supply: v.supply[i], Canoes: score });
  return t('common.points', { N: score });
}

// tookBack notes where a take-back stands after view m. A request the view
// no longer holds at the same version, neither refused nor agreed (an
// agreement makes a new version), was forgotten by a kiosk that
// restarted: the page says so until the next change.
function tookBack(m) {
  const prev = S.tb;
  const now = m.takeback || null;
  const version = m.version || 0;
  if (version !== S.version || (now && (now.state === 'asked' || now.state === 'refused'))) S.tbLost = false;
  else if (prev && prev.state === 'asked' && prev.version === version) S.tbLost = true;
  S.tb = now;
  S.version = version;
  // Any view says where things stand now: a request lost with a dropped
  // link does not leave the buttons dead (the table refuses a second
  // answer with its rule).
  S.tbBusy = false;
}

// takeBackNodes are the lines and buttons of a take-back for this seat:
// "take back my move" after its own move, "agree / refuse" when asked,
// the answer once given.
function takeBackNodes(v) {
  if (v.result) return [];
  const out = [];
  if (S.tbLost) out.push(h('p', { class: 'warn', role: 'status' }, t('common.takeback.lost')));
  const tb = S.tb;
  if (!tb) return out;
  const mine = tb.seat === S.seat;
  const other = seatName(1 - S.seat); // the games with take-backs have two seats
  const move = takeBackMove(tb.move || {});
  const busy = S.tbBusy || !S.online;
  const ask = () => h('button', { type: 'button', class: 'primary takeback', onclick: askTakeBack, disabled: busy }, t('common.takeback.ask'));
  const say = (key, params) => h('p', { class: 'takeback-line', role: 'status' }, h('b', {}, t(key, params)));
  if (tb.state === 'may' && mine) out.push(ask());
  else if (tb.state === 'asked' && mine) out.push(say('common.takeback.asking', { Name: other, Move: move }));
  else if (tb.state === 'asked') {
    out.push(say('common.takeback.asked', { Name: seatName(tb.seat), Move: move }),
      h('div', { class: 'row takeback-answer' },
        h('button', { type: 'button', onclick: () => answerTakeBack(false), disabled: busy }, t('common.takeback.refuse')),
        h('button', { type: 'button', class: 'primary', onclick: () => answerTakeBack(true), disabled: busy }, t('common.takeback.agree'))));
  } else if (tb.state === 'refused' && mine) out.push(say('common.takeback.refused_you', { Name: other }), ask());
  else if (tb.state === 'refused') out.push(say('common.takeback.refused_them', { Name: seatName(tb.seat) }));
  return out;
}

// takeBackMove says the move asked back in words, as the app does.
// takeBackMove says what the move asked back did (a peg placed, two
// jumps), never its cells' engine names ("c3"): no board shows them.
function takeBackMove(mv) {
  const key = 'common.takeback.move.' + mv.kind;
  return S.texts[key] ? t(key, { N: Math.max((mv.path || []).length - 1, 1) }) : '';
}

function askTakeBack() {
  if (!S.tb || S.tbBusy) return;
  if (send({ type: 'takeback', ref: 'tb', version: S.tb.version })) { S.tbBusy = true; S.notice = ''; S.tbLost = false; }
  render();
}

function answerTakeBack(agree) {
  if (!S.tb || S.tbBusy) return;
  if (send({ type: 'takeback-answer', ref: 'tb', version: S.tb.version, agree })) { S.tbBusy = true; S.notice = ''; }
  render();
}

export { boardNodes, tookBack };
