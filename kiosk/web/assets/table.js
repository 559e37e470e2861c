// What the table says, and what this seat asks of it: the messages that
// come in through the channel, and the moves that go out.

import { S, store } from './state.js';
import { t } from './texts.js';
import { ch, connect, send } from './channel.js';
import { isReason, onExplain, onHint, onReason, sinceLine } from './help.js';
import { tookBack } from './board.js';
import { forgetSheet } from './sheet.js';
import { game } from './games.js';
import { onShelf, shelfRefused } from './shelf.js';
import { render } from './app.js';
import { answerSignAsk } from './sign.js';

function onMessage(m) {
  if (isReason(m)) { onReason(m); return; } // no redraw: a focused card keeps its focus
  switch (m.type) {
    case 'info':
      S.info = m;
      S.table = m.table || S.table;
      if (m.current === false && S.screen !== 'seat') {
        // A previous game's QR code: said at once, before any seat or
        // nickname; its seat token, if any, is of that game too.
        forget();
        S.screen = 'old';
        S.notice = '';
        ch.awaitingWelcome = false;
      }
      break;
    case 'welcome':
      if (!ch.awaitingWelcome && S.screen === 'seat') {
        // A new game: nothing of the last one stays on screen.
        S.view = null;
        S.over = false;
        S.sentence = [];
        S.pick = null;
        S.record = null;
        S.why = null;
        S.hint = null;
        S.hints = 0;
        S.since = [];
        S.tb = null;
        S.tbLost = false;
        forgetSheet();
        S.notice = t('common.again');
      }
      ch.awaitingWelcome = false;
      S.token = m.token;
      store.set('seat.' + S.keyText, m.token);
      S.seat = m.seat ?? 0;
      S.game = m.game;
      S.table = m.table || '';
      if (S.screen !== 'seat') { S.screen = 'seat'; S.notice = ''; }
      askSeats();
      break;
    case 'view':
      onView(m);
      break;
    case 'seats':
      S.seats = m.seats || [];
      break;
    case 'record':
      S.record = m.record || null;
      break;
    case 'sign-ask':
      answerSignAsk(m, S, send);
      return;
    case 'explain':
      onExplain(m);
      break;
    case 'hint':
      onHint(m);
      break;
    case 'error':
      if (shelfRefused(m)) return;
      onError(m);
      break;
    case 'shelf-found': case 'shelf-taken':
      onShelf(m);
      return;
    case 'removed':
      S.moved = !!(m.error && m.error.code === 'replaced');
      // Replaced: the same QR opened in another tab took the seat with
      // this phone's token, and keeps the new one in the storage both
      // tabs share; this tab leaves it there to take the seat back.
      if (S.moved) { S.token = ''; S.view = null; S.sentence = []; } else forget();
      S.screen = 'removed';
      S.notice = S.moved ? '' : ({ abandoned: t('common.abandoned'), closed: t('common.closed') })[m.error && m.error.code] || t('web.removed');
      break;
    default:
      return; // pong and anything newer
  }
  render(m.type === 'welcome');
}

function onView(m) {
  const v = m.view && m.view.view;
  if (!v) return;
  tookBack(m);
  S.view = v;
  S.viewSeq++;
  S.reasons = {};
  S.reasonAsks = {};
  S.game = m.game || S.game;
  S.over = !!m.over;
  S.pending = false;
  S.pick = null;
  S.sentenceRule = '';
  if (m.ref) { S.notice = ''; S.since = []; }
  if (m.ref || v.turn !== S.seat) { S.why = null; S.hint = null; }
  const news = (m.events || []).map(sinceLine).filter(Boolean);
  if (news.length) { S.since = [...S.since, ...news].slice(-4); S.sinceOff = false; }
  if (game().onView) game().onView(v);
  // Names change only when seats are taken or left: the view says when.
  const waiting = m.waiting || 0;
  const away = (m.away || []).join();
  if (waiting !== S.waiting || away !== S.away.join()) askSeats();
  S.waiting = waiting;
  S.away = m.away || [];
  S.names = m.names || [];
}

function onError(m) {
  const e = m.error || {};
  S.pending = false;
  if (m.ref === 'tb') S.tbBusy = false;
  if (S.screen === 'old') return; // the answers to a resume or join sent with the old code
  if (game().onError) setTimeout(game().onError, 0);
  const words = (e.rule && S.texts['rule.' + e.rule]) || S.texts['web.err.' + e.code] || e.message || e.code;
  if (m.ref === 'check') { S.sentenceRule = words; return; }
  if (m.ref === 'hint') { S.hint = null; S.why = { text: words, rule: e.rule || '' }; return; }
  switch (e.code) {
    case 'bad-token':
      forget();
      S.screen = 'join';
      break;
    case 'wrong-code': case 'rate-limited': case 'table-full': case 'bad-name': case 'bad-key': case 'no-game':
      if (S.screen === 'joining') S.screen = 'join';
      break;
    case 'waiting':
      S.notice = t('web.waiting.n', { N: S.waiting || 1 });
      return;
  }
  S.notice = words;
}

// takeBack resumes, in this tab, the seat another tab took: with the
// token that tab keeps (the storage is shared), which moves the game back
// here and tells the other tab in turn. Without one (another phone
// copied the token), the guest joins again.
function takeBack() {
  S.moved = false;
  S.notice = '';
  S.token = store.get('seat.' + S.keyText) || '';
  S.screen = S.token ? 'joining' : 'join';
  if (S.token) { ch.backoff = 250; connect(); }
  render(true);
}

function forget() {
  S.token = '';
  store.del('seat.' + S.keyText);
  S.view = null;
  S.sentence = [];
}

// askSeats asks the kiosk for the seats' states (see docs/protocol.md,
// "Messages"), to tell a bot's seat from a free
// one (views carry the nicknames): after a welcome, and when a view says
// seats were taken or left. Nothing is polled.
function askSeats() {
  if (S.screen === 'seat') send({ type: 'seats' });
}

function play(move, ref) {
  if (S.pending) return;
  S.pending = send({ type: 'move', move, ref: ref || 'm' + ch.sent });
  S.notice = '';
  render();
}

export { onMessage, play, takeBack };
