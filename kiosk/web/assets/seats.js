// The seats in words: this page's own ("Vous"), a robot's, a nickname, an
// away phone's.

import { S } from './state.js';
import { t } from './texts.js';
import { h } from './dom.js';

function seatName(i) {
  if (i === S.seat) return t('web.you');
  const s = S.seats[i];
  if (s && s.state === 'bot') return t('web.bot', { N: i + 1 });
  return shownName(S.names[i] || (s && s.name)) || t('common.seat', { N: i + 1 });
}

// shownName is a nickname as the kiosk keeps it, as the page shows it: an
// unnamed table guest's place (wire.TableGuest's "#2", or a default name
// kept in any language before it) in the page's language, "Guest 2".
function shownName(n) {
  const m = /^(?:#|Invité |Gast |Guest )([1-9][0-9]{0,2})$/.exec(n || '');
  return m ? t('common.table_guest', { N: Number(m[1]) }) : n;
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

export { shownName, awayMark, isAway, playing, rowClass, seatName, tName };
