// Tablée web companion: one seat's hand on a phone, opened from the table's
// QR code. Everything the page shows comes from the seat's view that the
// kiosk sends; the legal moves in it decide what may be tapped, so no rule
// of any game is written here. Every frame after the handshake is a NaCl
// box (tweetnacl, loaded before the modules) under this connection's fresh
// keys, the kiosk's proved by its key from the URL fragment; see
// docs/protocol.md, "The web companion".
//
// The page is native ES modules, one per concept, loaded as they are (no
// bundler, no build step): this one is the shell, which draws the page's
// state and starts the page. The others:
//
//	state.js     S, the one object holding what changes; the storage
//	texts.js     the texts in the reader's language; the data files fetched
//	dom.js       building elements (h, btn, svg, decision)
//	looks.js     the games' colours, symbols and card names; a card drawn
//	seats.js     the seats in words
//	channel.js   the socket, its boxes, the keys, the heartbeat, join
//	table.js     the messages that come in, the moves that go out
//	help.js      why not, hints, the news, the rules in place, each card's reason
//	board.js     what Canoë and the duel share: scores, take-backs
//	canyon.js, canaille.js, duel.js, canoe.js, sheet.js   one per game
//	games.js     GAMES, the one place the page names the games
//	shelf.js     « Que jouer ? »: the shelf, search and boxes taken

import { S, store } from './state.js';
import { fetchJSON, loadProblem, loadTexts, pickLang, setLang, t } from './texts.js';
import { btn, h } from './dom.js';
import { seatDot } from './looks.js';
import { isAway, seatName } from './seats.js';
import { ch, connect, forgetOtherKeys, join, nacl, prepareKeys, unb64url } from './channel.js';
import { takeBack } from './table.js';
import { describeCards, helpNodes } from './help.js';
import { game } from './games.js';
import { drawShelf, shelfSetup } from './shelf.js';

// render draws S; whole screens are rebuilt only when the screen changes
// (or force), so typing a nickname is never interrupted.
function render(force) {
  document.getElementById('where').textContent = where();
  drawLangs();
  const st = document.getElementById('status');
  const [text, cls] = status();
  st.textContent = text;
  st.className = cls;
  const no = document.getElementById('notice');
  const said = S.notice || loadProblem();
  no.hidden = !said;
  no.textContent = said;
  const app = document.getElementById('app');
  const hand = document.getElementById('hand');
  if (S.screen === 'join' || S.screen === 'noqr' || S.screen === 'removed' || S.screen === 'old') {
    if (force || S.shown !== S.screen) {
      app.replaceChildren(...screenNodes());
      hand.replaceChildren();
    }
  } else {
    const [body, foot] = seatNodes();
    // A panel kept from one view to the next (the score sheet's, with
    // its fields) stays in place: moving it would take the guest's focus.
    if (!(body.length === 1 && app.childNodes.length === 1 && app.firstChild === body[0])) app.replaceChildren(...body);
    hand.replaceChildren(...foot);
  }
  S.shown = S.screen;
  const v = S.view;
  // A named region: its answers (why not, a hint, the news) are read as
  // this seat's help, inside a landmark.
  document.getElementById('help').setAttribute('aria-label', t('web.help'));
  document.getElementById('help').replaceChildren(...(S.screen === 'seat' && v && S.online && !S.over && !v.result ? helpNodes(v) : []));
  const at = document.querySelector('.joinat');
  if (at) at.textContent = joinAt();
  document.body.dataset.state = stateName();
  document.getElementById('card-unavailable').textContent = t('web.card.unavailable');
  document.getElementById('card-dead-end').textContent = t('web.card.dead_end');
  showDecision(app, hand);
  markHand(hand);
  describeCards(hand);
  drawShelf();
  if (S.textsReady && (S.screen === 'join' || (S.screen === 'seat' && S.view))) prepareKeys();
}

// showDecision marks where the seat's decision is (body.decide-main or
// decide-hand), so that the stylesheet gives it the room and the since
// list, the hints and the hand (or the table's news) give way; and
// scrolls the page's column to the question when it is out of sight.
function showDecision(app, hand) {
  const inMain = app.querySelector('.decision');
  const inHand = hand.querySelector('.decision');
  document.body.classList.toggle('decide-main', !!inMain);
  document.body.classList.toggle('decide-hand', !!inHand && !inMain);
  app.style.scrollPaddingTop = hand.style.scrollPaddingTop = '';
  const d = inMain || inHand;
  if (!d) return;
  const box = inMain ? app : hand;
  // What scrolls into view stops below the sticky question, not under it.
  const ask = d.querySelector('.ask');
  if (ask) box.style.scrollPaddingTop = Math.ceil(ask.getBoundingClientRect().height) + 'px';
  const top = d.getBoundingClientRect().top - box.getBoundingClientRect().top;
  if (top < 0 || top > box.clientHeight / 3) box.scrollTop += top;
  // The first thing to tap brought up under the question, which stays
  // at the top (app.css: sticky): a playable card in a long hand's last
  // row at 200 % zoom.
  const first = [...d.querySelectorAll('button, .card')].find((b) => !b.disabled && b.getAttribute('aria-disabled') !== 'true' && b.getClientRects().length);
  if (first) {
    const below = first.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
    if (below > 0) box.scrollTop += below + 4;
  }
  // A landing map wider than the phone: its first spot brought in sight.
  const wrap = d.querySelector('.mapwrap');
  const spot = wrap && wrap.querySelector('.spot');
  if (spot) {
    const w = wrap.getBoundingClientRect();
    const r = spot.getBoundingClientRect();
    if (r.left < w.left || r.right > w.right) wrap.scrollLeft += r.left - w.left - (wrap.clientWidth - r.width) / 2;
  }
}

// markHand records, once per page, when the seat's hand is first on screen
// complete: texts in the page's language, card faces known, and, when the
// seat is to play, its playable cards enabled. The mark is made once the
// frame showing the hand has been laid out and painted (the next frame
// begins), not when its elements were built. The budget benchmark
// (BenchmarkHandInteractive) reads it; detail.enabled says how many cards
// could be tapped then.
function markHand(hand) {
  if (S.handShown || S.screen !== 'seat' || !S.view || !S.online || !S.textsReady) return;
  if (game().ready && !game().ready()) return;
  if (!hand.querySelector('.cards .card')) return;
  S.handShown = true;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const cards = [...hand.querySelectorAll('.cards .card')];
    const enabled = cards.filter((c) => !c.disabled && c.getAttribute('aria-disabled') !== 'true').length;
    performance.mark('tablee-hand', { detail: { enabled, cards: cards.length } });
  }));
}

// stateName names what the page shows, for tests and screenshots:
// the screen, then the decision asked.
function stateName() {
  if (S.screen === 'removed' && S.moved) return 'moved';
  if (S.screen !== 'seat') return S.screen;
  const v = S.view;
  if (!S.online) return 'reconnecting';
  if (!v) return 'joining';
  if (S.over || v.result) return 'result';
  if (S.pending) return 'sending';
  if (S.waiting > 0) return 'waiting';
  if (game().state) return game().state(v);
  if (isAway(v.turn)) return S.game + '-away';
  if (v.turn !== S.seat) return S.game + '-wait';
  const kinds = [...new Set((v.legal || []).map((m) => m.kind))].sort().join('+');
  return S.game + '-' + (kinds || 'turn');
}

function where() {
  const id = S.screen === 'seat' ? S.game : S.info ? S.info.game : '';
  if (!S.table) return 'Tablée';
  return [S.table, id && (S.texts['web.game.' + id] || id)].filter(Boolean).join(' · ');
}

// joinAt names, on the join screen, the table and the game the guest is
// about to join, from the kiosk's info answer: a guest at the wrong table
// sees it before sitting down.
function joinAt() {
  const i = S.info;
  if (!i || !i.table) return '';
  if (!i.game) return t('web.join.at_table', { Table: i.table });
  return t('web.join.at', { Table: i.table, Game: S.texts['web.game.' + i.game] || i.game });
}

// gameName is the seat's game's name in the page's language.
function gameName() { return S.texts['web.game.' + S.game] || S.game; }

function drawLangs() {
  const nav = document.getElementById('langs');
  if (nav.dataset.lang === S.lang) return;
  nav.dataset.lang = S.lang;
  nav.replaceChildren(...['fr', 'de', 'en'].map((l) =>
    h('button', { type: 'button', class: l === S.lang ? 'on' : '', 'aria-pressed': l === S.lang ? 'true' : 'false',
      lang: l, onclick: () => setLang(l) }, l.toUpperCase())));
}

function status() {
  if (S.screen === 'noqr') return [t('web.noqr.title'), 'bad'];
  if (S.screen === 'removed') return S.moved ? [t('web.moved.title'), 'wait'] : [t('web.removed.title'), 'bad'];
  if (S.screen === 'old') return [t('web.old.title'), 'bad'];
  if (S.screen === 'join') return [t('web.join.title'), ''];
  if (S.screen === 'joining' || S.screen === 'boot') return [t('web.joining'), 'wait'];
  if (!S.online) return [t('web.reconnecting'), 'bad'];
  const v = S.view;
  if (!v) return [t('web.joining'), 'wait'];
  if (S.over || v.result) return [t('web.over'), 'over'];
  if (S.waiting > 0) return [t('web.waiting.n', { N: S.waiting }), 'wait'];
  if (game().status) return game().status(v);
  if (v.turn === S.seat) return [t('web.your_turn'), 'go'];
  if (isAway(v.turn)) return [t('web.away_turn', { Name: seatName(v.turn) }), 'bad'];
  return [t('web.waiting_for', { Name: seatName(v.turn) }), 'wait'];
}

function screenNodes() {
  if (S.screen === 'noqr') return [h('p', { class: 'big' }, t('web.noqr'))];
  if (S.screen === 'old') return [h('p', { class: 'big' }, t('web.err.wrong-code'))];
  if (S.screen === 'removed' && S.moved) {
    return [h('p', { class: 'big' }, t('web.moved')), btn(t('web.moved.back'), takeBack, 'primary')];
  }
  if (S.screen === 'removed') {
    return [h('p', { class: 'big' }, t('web.removed')),
      btn(t('web.join.again'), () => { S.screen = 'join'; S.notice = ''; render(true); }, 'primary')];
  }
  const form = document.getElementById('t-join').content.firstElementChild.cloneNode(true);
  form.querySelectorAll('[data-t]').forEach((el) => { el.textContent = t(el.dataset.t); });
  const input = form.querySelector('input');
  input.value = S.name;
  input.placeholder = t('web.join.placeholder');
  form.addEventListener('submit', (e) => { e.preventDefault(); join(input.value); });
  // The table and the game, once the kiosk said them; the line keeps its
  // place before they arrive, so the form does not jump.
  form.prepend(h('p', { class: 'joinat big' }, joinAt()));
  return [form];
}

function seatNodes() {
  const v = S.view;
  if (!v) return [[h('p', { class: 'hint' }, t('web.joining'))], []];
  if (S.over || v.result) return [resultNodes(v), []];
  // A lost link: the last view's words of whose turn it is, and its
  // decision, may be long untrue, so the page says only what it knows.
  if (!S.online) return [[h('p', { class: 'big' }, t('web.reconnecting.body'))], []];
  return game().nodes(v);
}

function resultNodes(v) {
  const r = v.result || { ranks: [], scores: [], winners: [] };
  const rows = (r.ranks || []).map((rank, i) => ({ i, rank, score: (r.scores || [])[i] }))
    .sort((a, b) => a.rank - b.rank);
  const mine = (r.ranks || [])[S.seat];
  const head = (r.winners || []).includes(S.seat) ? t('web.result.won') : t('web.result.rank', { N: mine });
  return [
    h('p', { class: 'big' }, head),
    h('ol', { class: 'ranks' }, rows.map((x) => h('li', { class: x.i === S.seat ? 'me' : '' },
      h('b', {}, x.rank + '.'), ' ', seatDot(x.i), seatName(x.i), h('span', {}, String(x.score ?? ''))))),
    recordNodes(),
    ...(game().result ? game().result(v) : []),
    S.hints ? h('p', { class: 'hint' }, t('web.result.hints', { N: S.hints })) : null,
    h('p', { class: 'hint' }, t('web.result.thanks')),
  ].filter(Boolean);
}

// recordNodes show what the game meant for this player (the table's
// record message, sent once the game is stored, only to a phone that
// joined with its player key): rating before and after, place on the
// game's board.
function recordNodes() {
  const r = S.record;
  if (!r) return null;
  if (!r.rated) return h('p', { class: 'record hint' }, t('web.record.unrated'));
  const num = (x) => (x ?? 0).toLocaleString(S.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const delta = (r.after ?? 0) - (r.before ?? 0);
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  return h('section', { class: 'record' },
    h('h2', {}, t('web.record.title')),
    h('p', { class: 'rating' }, num(r.before), ' → ', h('b', {}, num(r.after)), ' ',
      h('span', { class: delta < 0 ? 'down' : 'up' }, sign + num(Math.abs(delta)))),
    h('p', {}, t('web.record.place', { Place: r.place, Of: r.of, Game: gameName() })),
    r.provisional ? h('p', { class: 'hint' }, t('web.record.provisional', { N: r.games })) : null);
}

async function start() {
  const frag = new URLSearchParams(location.hash.slice(1));
  S.code = frag.get('c') || '';
  S.keyText = frag.get('k') || '';
  S.key = unb64url(S.keyText);
  // A venue's tables share the hub's page, so that this browser keeps one
  // player key (in the hub's storage) at every table: its link names the
  // table (t); the table's own page has none (docs/venue.md).
  S.tableHost = frag.get('t') || location.host;
  S.name = store.get('name') || '';
  shelfSetup();
  // Both requests leave before the key work below blocks this thread.
  const texts = loadTexts(pickLang()).catch(() => { S.textsFailed = true; });
  // The card faces and every game's looks: the hand waits for both.
  const cards = Promise.all([fetchJSON('cards/canaille.json'), fetchJSON('looks.json')])
    .then(([c, l]) => { S.cards = c; S.looks = l; S.facesReady = true; })
    .catch(() => { S.cardsFailed = true; });
  if (!S.key || S.key.length !== 32 || !/^\d{6}(-[a-z2-7]{26})?$/.test(S.code) || !nacl ||
      !/^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):\d{1,5}$/.test(S.tableHost)) {
    S.screen = 'noqr';
  } else {
    forgetOtherKeys();
    S.token = store.get('seat.' + S.keyText) || '';
    S.screen = S.token ? 'joining' : 'join';
    // At once, also before a nickname: the kiosk names the table and the
    // game of this QR code (info), and says whether it is an old one.
    connect();
  }
  // Another table's link opened in this tab changes only the fragment:
  // start again with it.
  window.addEventListener('hashchange', () => location.reload());
  // A phone that wakes up, or whose network comes back, reconnects at once
  // rather than after its backoff; a link that died meanwhile is found by
  // the heartbeat.
  const wake = () => { if (!ch.ws && S.token && S.screen !== 'removed') { ch.backoff = 250; connect(); } };
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') wake(); });
  window.addEventListener('online', wake);
  await texts;
  render(true);
  await cards;
  if (S.cardsFailed) render();
  if (S.screen === 'seat') render();
}

start();

export { render };
