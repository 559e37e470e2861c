// The seats in words: this page's own ("Vous"), a robot's, a nickname, an
// away phone's.

import { S } from './state.js';
import { t } from './texts.js';
import { h } from './dom.js';

function seatName(i) {
  if (i === S.seat) return t('web.you');
  const s = S.seats[i];
  if (s && s.state === 'bot') return t('web.bot', { N: i + 1 });
  return S.names[i] || (s && s.name) || t('common.seat', { N: i + 1 });
}

// isAway says whether seat i's phone is not connected (the view's away
// list): the game waits for it, and every page says so.
function isAway(i) { return i !== S.seat && S.away.includes(i); }

// tName is the text key about seat i: its own wording when i is this
// page's seat ("Votre phrase", not "Phrase de Vous"), else key with the
// seat's name; an away seat's phone is named away rather than busy.
function tName(key, i, params) {
  if (i === S.seat) return t(key + '_you', params);
  return t(key, { ...params, Name: seatName(i) });
}

// playing says whether this seat may act on v now: its turn, nothing on
// its way, and every seat taken (no move before the game starts).
function playing(v) { return v.turn === S.seat && !S.pending && !(S.waiting > 0); }

function rowClass(v, i) {
  return (i === v.turn ? 'turn ' : '') + (i === S.seat ? 'me ' : '') + (isAway(i) ? 'away' : '');
}

// awayMark is put after an away seat's name in the tables of seats.
function awayMark(i) { return isAway(i) ? h('span', { class: 'awaymark' }, ' · ' + t('web.away')) : null; }

export { awayMark, isAway, playing, rowClass, seatName, tName };
