// Tablée web companion: one seat's hand on a phone, opened from the table's
// QR code. Everything the page shows comes from the seat's view that the
// kiosk sends; the legal moves in it decide what may be tapped, so no rule
// of any game is written here. Every frame after the handshake is a NaCl
// box (tweetnacl, loaded before this module) under this connection's fresh
// keys, the kiosk's proved by its key from the URL fragment; see
// docs/protocol.md, "The web companion".

const nacl = globalThis.nacl;
const enc = new TextEncoder();
const dec = new TextDecoder();

// S is the page's whole state; render() draws it.
const S = {
  screen: 'boot', // noqr | join | joining | seat | removed | old (a previous game's QR code)
  lang: 'fr',
  texts: {},
  cards: {}, // Canaille card id -> face, from the kiosk
  code: '',
  tableHost: '', // where the table is, HOST:PORT: this page's server, or the fragment's t (the venue hub's page)
  key: null, // the kiosk's public key (Uint8Array)
  keyText: '',
  name: '',
  token: '',
  seat: -1,
  game: '',
  table: '',
  info: null, // before joining: the kiosk's answer to info (table, game, current)
  view: null,
  over: false,
  online: false,
  seats: [], // [{name, state}] from the kiosk: which seats are bots
  names: [], // the seats' nicknames, from the last view
  waiting: 0, // phone seats still free, from the last view
  away: [], // seats whose phone is not connected, from the last view
  record: null, // after the game: this player's rating change and place
  notice: '', // a refusal or an error, in words
  pending: false, // a move is on its way
  pick: null, // a card chosen and waiting for its confirmation
  sentence: [], // Canaille: card ids tapped, in order
  sentenceRule: '', // Canaille: the table's verdict on a dead-end sentence
  why: null, // {text, rule}: the table's answer to "why not?" about a card or a choice
  hint: null, // {move, text}: the table's suggestion, for this seat only
  hints: 0, // hints this seat got this game
  since: [], // what the others did since this seat's last move, in words
  sinceOff: false, // the guest dismissed the list: it comes back with news
  version: 0, // the version of the view shown
  tb: null, // {state, seat, version, move}: where a take-back of the last move stands (Canoë, Canyon duel)
  tbBusy: false, // a take-back request or answer is on its way
  tbLost: false, // a request open before a kiosk restart was forgotten
};

// ---- storage: the nickname, the player key and each table's seat token.

const store = {
  get(k) { try { return localStorage.getItem('tablee.' + k); } catch { return null; } },
  set(k, v) { try { localStorage.setItem('tablee.' + k, v); return true; } catch { return false; /* private mode */ } },
  del(k) { try { localStorage.removeItem('tablee.' + k); } catch { /* private mode */ } },
};

function b64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unb64url(s) {
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

// playerKey is this phone's lasting identity for the table's leaderboards
// (join's key: 144 random bits, 24 base64url characters), made once and
// kept in localStorage.
function playerKey() {
  let k = store.get('player');
  if (!k) {
    k = b64url(crypto.getRandomValues(new Uint8Array(18)));
    store.set('player', k);
  }
  return k;
}

// ---- texts

// t is the text of key with its {{.Param}}s filled. A text with plural
// forms (the catalogue sends its "one" form as key#one) takes the form the
// language's CLDR rule gives for params.N, as go-i18n does on the table.
function t(key, params) {
  let s = S.texts[key] ?? key;
  const one = S.texts[key + '#one'];
  if (one !== undefined && typeof params?.N === 'number' && new Intl.PluralRules(S.lang).select(params.N) === 'one') s = one;
  for (const [k, v] of Object.entries(params || {})) s = s.split('{{.' + k + '}}').join(String(v));
  return s;
}

function pickLang() {
  const saved = store.get('lang');
  if (['fr', 'de', 'en'].includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || '']) {
    const p = (l || '').slice(0, 2).toLowerCase();
    if (['fr', 'de', 'en'].includes(p)) return p;
  }
  return 'fr';
}

let textsReady = false;

// fetchJSON fetches one of the page's data files, tried three times over
// about two seconds (a phone's Wi-Fi drops a request now and then): a
// failed answer (not r.ok) counts as a failure.
async function fetchJSON(url) {
  let err;
  for (let i = 0; i < 3; i++) {
    if (i) await new Promise((ok) => setTimeout(ok, 600 * i));
    try {
      const r = await fetch(url);
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return await r.json();
    } catch (e) {
      err = e;
    }
  }
  throw err;
}

// NO_TEXTS is said when the texts themselves cannot be loaded: the only
// words the page carries, in its three languages.
const NO_TEXTS = 'La page n’a pas pu charger ses textes : rechargez-la. · Die Seite konnte ihre Texte nicht laden: Bitte neu laden. · The page could not load its texts: reload it.';

async function loadTexts(lang) {
  S.texts = await fetchJSON(`texts/${lang}.json`);
  S.lang = lang;
  textsReady = true;
  document.documentElement.lang = lang;
}

async function setLang(lang) {
  store.set('lang', lang);
  try { await loadTexts(lang); } catch { S.notice = t('web.err.load'); /* the old texts stay */ }
  render(true);
}

// ---- the channel

// ch is the channel to the kiosk: the socket, the box key shared with
// the kiosk for this connection, the frames counted each way (each
// frame's nonce), the wait before the next reconnection and its timer,
// whether a welcome answering this page's hello is expected, the
// heartbeat's timer, when the kiosk was last heard and last pinged, and
// the heartbeat's last tick.
const ch = {
  ws: null,
  shared: null,
  sent: 0,
  recv: 0,
  backoff: 250,
  retry: 0,
  awaitingWelcome: false,
  beat: 0,
  heard: 0,
  pinged: 0,
  tick: 0,
};

// The heartbeat (docs/protocol.md, "Heartbeat"). A network that drops
// packets closes nothing, and the browser answers the kiosk's WebSocket
// pings below the script, so only frames the kiosk sends on purpose tell
// the page the link works: it pings through the channel every PING_EVERY
// and takes the link for dead when nothing came for DEAD_AFTER (two
// answers missed), or when a new connection is not keyed within
// OPEN_WITHIN (a cut network holds the TCP handshake instead of failing
// it). The next attempt waits BACKOFF_MAX at most, so the page is back
// within about 3 s of the network returning.
const PING_EVERY = 3000;
const DEAD_AFTER = 7000;
const OPEN_WITHIN = 2500;
const BACKOFF_MAX = 1000;
let facesReady = false;
let cardsFailed = false; // the Canaille card faces could not be loaded
let textsFailed = false; // nor the texts, even after retries

// loadProblem says, in words, what the page could not load, until it is
// reloaded: shown where a notice goes when there is none.
function loadProblem() {
  if (!textsReady) return textsFailed ? NO_TEXTS : '';
  return cardsFailed ? t('web.err.load') : '';
}

function nonce(dir, n) {
  const b = new Uint8Array(24);
  b[0] = dir;
  const dv = new DataView(b.buffer);
  dv.setUint32(16, Math.floor(n / 2 ** 32));
  dv.setUint32(20, n >>> 0);
  return b;
}

function send(msg) {
  if (!ch.ws || ch.ws.readyState !== WebSocket.OPEN || !ch.shared) return false;
  msg.v = 2; // wire.Version
  const n = nonce(0, ch.sent++);
  const box = nacl.box.after(enc.encode(JSON.stringify(msg)), n, ch.shared);
  const frame = new Uint8Array(24 + box.length);
  frame.set(n);
  frame.set(box, 24);
  ch.ws.send(frame);
  return true;
}

// open returns the message in a frame from the kiosk, or null when the
// frame is not the next genuine box of this connection.
function open(data) {
  if (!(data instanceof ArrayBuffer) || data.byteLength < 40) return null;
  const frame = new Uint8Array(data);
  const n = nonce(1, ch.recv);
  for (let i = 0; i < 24; i++) if (frame[i] !== n[i]) return null;
  const plain = nacl.box.open.after(frame.subarray(24), n, ch.shared);
  if (!plain) return null;
  ch.recv++;
  try { return JSON.parse(dec.decode(plain)); } catch { return null; }
}

// ---- keys made ahead
//
// A connection's fresh key pair and its shared key with the kiosk's
// long-term key (which opens the kiosk's hello) cost two X25519, the
// slowest step of opening the page on a slow phone. So the page makes the
// next connection's keys ahead, in idle time once the hand or the join
// form is on screen, and keeps them for the next connection, also across
// a reload: the key pair and that shared key (never a hand, a view, a
// message, or a connection's channel key), in localStorage under the
// kiosk's key, deleted before use. The channel's key needs the kiosk's
// fresh key of that connection, so kept keys open no earlier connection,
// and two tabs taking the same kept keys still get two channels
// (docs/protocol.md, "The channel").

let spare = null; // kept keys where localStorage is unavailable

function makeKeys() {
  const kp = nacl.box.keyPair();
  return { pub: kp.publicKey, sec: kp.secretKey, hello: nacl.box.before(S.key, kp.secretKey) };
}

// takeKeys returns the kept keys, forgotten before they are used, or
// makes new ones.
function takeKeys() {
  const saved = (store.get('next.' + S.keyText) || '').split('.').map((p) => unb64url(p) || []);
  store.del('next.' + S.keyText);
  const [pub, sec, hello] = saved;
  const k = saved.length === 3 && saved.every((p) => p.length === 32) ? { pub, sec, hello } : spare;
  spare = null;
  return k || makeKeys();
}

// forgetOtherKeys deletes keys kept for other tables' kiosks: a phone
// keeps secret keys only for the table it is at.
function forgetOtherKeys() {
  try {
    for (const k of Object.keys(localStorage)) {
      if (k.startsWith('tablee.next.') && k !== 'tablee.next.' + S.keyText) localStorage.removeItem(k);
      if (k.startsWith('tablee.sheet.') && k !== 'tablee.sheet.' + S.keyText) localStorage.removeItem(k);
    }
  } catch { /* private mode */ }
}

// prepareKeys makes the next connection's keys when the page is idle,
// unless some are kept already.
let preparing = false;
function prepareKeys() {
  if (preparing || spare || !S.key || store.get('next.' + S.keyText)) return;
  preparing = true;
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 0));
  idle(() => {
    preparing = false;
    if (spare || store.get('next.' + S.keyText)) return;
    const k = makeKeys();
    if (!store.set('next.' + S.keyText, [k.pub, k.sec, k.hello].map(b64url).join('.'))) spare = k;
  });
}

// heartbeat runs every second while a socket is the channel's: it pings
// the kiosk and drops a link that went silent.
function heartbeat() {
  const sock = ch.ws;
  if (!sock) return;
  const now = Date.now();
  // A late tick is a throttled background tab or a phone that slept, not
  // a silent kiosk: ping at once and judge by the answer.
  if (now - ch.tick > 2000) {
    ch.heard = ch.shared ? Math.max(ch.heard, now - PING_EVERY) : now;
    ch.pinged = 0;
  }
  ch.tick = now;
  if (now - ch.heard > (ch.shared ? DEAD_AFTER : OPEN_WITHIN)) {
    lost(sock);
    sock.close(); // its close event comes late on a dead link, and is ignored
    return;
  }
  if (ch.shared && now - ch.pinged >= PING_EVERY) {
    ch.pinged = now;
    send({ type: 'ping', ref: 'hb' });
  }
}

// lost forgets a socket that closed or went silent and, unless the page
// is done with the table, tries again after the backoff.
function lost(sock) {
  if (sock !== ch.ws) return;
  ch.ws = null;
  clearInterval(ch.beat);
  S.online = false;
  if (S.screen === 'removed' || S.screen === 'old' || (S.screen === 'join' && !S.token)) { render(); return; }
  ch.retry = setTimeout(connect, ch.backoff);
  ch.backoff = Math.min(ch.backoff * 2, BACKOFF_MAX);
  render();
}

function connect() {
  clearTimeout(ch.retry);
  clearInterval(ch.beat);
  ch.heard = ch.pinged = ch.tick = Date.now();
  ch.beat = setInterval(heartbeat, 1000);
  // The socket first: its TCP and HTTP handshakes run in the browser's
  // network stack while this thread finds or makes the keys, and no
  // message can arrive before this function returns.
  const sock = new WebSocket(`ws://${S.tableHost}/v2/box`);
  sock.binaryType = 'arraybuffer';
  ch.ws = sock;
  const keys = takeKeys();
  ch.shared = null;
  ch.sent = 0;
  ch.recv = 0;
  sock.onopen = () => {
    if (sock !== ch.ws) return;
    // The key in clear; the kiosk answers with its fresh key for this
    // connection, then the join or resume goes: one round trip.
    sock.send(keys.pub);
  };
  sock.onmessage = (e) => {
    if (sock !== ch.ws) return;
    ch.heard = Date.now();
    const m = ch.shared ? open(e.data) : keyed(e.data, keys);
    if (!m) {
      // Not the table's key: whoever answers is not the table.
      S.notice = t('web.err.auth');
      sock.close();
      render();
      return;
    }
    ch.backoff = 250;
    if (m === true) {
      S.online = true;
      hello();
      if (S.screen === 'seat') render();
      return;
    }
    onMessage(m);
  };
  sock.onclose = () => lost(sock);
}

// keyed reads the kiosk's hello: a nonce, then the box of the kiosk's
// fresh public key for this connection under its long-term key and the
// page's. It keys the channel with the two fresh keys and returns true,
// or null when the hello is not the table's.
function keyed(data, keys) {
  if (!(data instanceof ArrayBuffer) || data.byteLength !== 72) return null;
  const frame = new Uint8Array(data);
  const fresh = nacl.box.open.after(frame.subarray(24), frame.subarray(0, 24), keys.hello);
  if (!fresh || fresh.length !== 32) return null;
  ch.shared = nacl.box.before(fresh, keys.sec);
  return true;
}

// hello resumes the seat this phone holds, or takes a new one.
// A welcome that answers no hello of this page, while seated, is the table
// playing again with the same seats (docs/protocol.md, "Play again").

function hello() {
  // First which table and game the QR code is for, and whether it is the
  // current game's (docs/protocol.md, info): the join screen names them,
  // and an old QR says so at once.
  if (!S.info && S.code.includes('-')) send({ type: 'info', ref: 'info', code: S.code });
  if (S.screen === 'old') return;
  if (S.token) ch.awaitingWelcome = send({ type: 'resume', token: S.token });
  else if (S.screen === 'joining') ch.awaitingWelcome = send({ type: 'join', code: S.code, name: S.name, key: playerKey() });
}

function join(name) {
  S.name = name.trim();
  if (!S.name) return;
  store.set('name', S.name);
  S.screen = 'joining';
  S.notice = '';
  if (ch.ws && ch.ws.readyState === WebSocket.OPEN) hello();
  else if (!ch.ws) connect();
  render(true);
}

// ---- messages from the table

function onMessage(m) {
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

// ---- "why not?", hints, "since your last turn", the rules at hand

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

// canyonHint and canailleHint show a hinted move as a choice already made.
function canyonHint(mv) { if (mv.kind === 'play') S.pick = mv.card; }
function canailleHint(mv) {
  if (mv.kind === 'sentence') { S.sentence = (mv.cards || []).slice(); S.sentenceRule = ''; }
  if (mv.kind === 'swap') S.pick = mv.card;
}

// cellName names a square or a hole of the board games as their edges do.
function cellName(c) { return typeof c === 'string' ? c : String.fromCharCode(97 + (c.col ?? 0)) + ((c.row ?? 0) + 1); }
function kindName(id) { const f = face(id); return t('web.kind.' + f.kind) + (f.n ? ' ' + f.n : ''); }

// describe says a move in words, for a hint.
function describe(m) {
  switch (S.game + '.' + m.kind) {
    case 'canyon.play': return t('web.hint.card', { Card: suitCard(m.card) });
    case 'canyon.tempo': return t('web.hint.tempo', { N: (m.tempo || []).reduce((a, b) => a + b, 0) });
    case 'canyon.place': return t('web.hint.cell', { Cell: t('web.canyon.start_cell', { N: startNumber(m) || '' }) + ' (' + cellText(m) + ')' });
    case 'canyon.move': return t('web.hint.cell', { Cell: cellText(m) });
    case 'canoe.place': return t('web.hint.place', { To: cellName(m.to) });
    case 'canoe.remove': return t('web.hint.remove', { From: cellName(m.from) });
    case 'canoe.move': return t('web.hint.move', { From: cellName(m.from), To: cellName(m.to) });
    case 'canyonduel.step': case 'canyonduel.jump': return t('web.hint.path', { Path: (m.path || []).map(cellName).join(' → ') });
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

// ---- drawing

function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === 'class') el.className = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) el.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids.flat()) if (kid != null && kid !== false) el.append(kid);
  return el;
}

function btn(label, onclick, cls = '', disabled = false) {
  return h('button', { type: 'button', class: cls, onclick, disabled: disabled || S.pending }, label);
}

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

// card draws a card as the table does: look (from /looks.json) gives its
// ground, its ink and its symbol or mark; kind is its name, num its value,
// mark a full stop or the trump's star.
function card(num, kind, mark, cls, onclick, disabled, look) {
  const el = document.getElementById('t-card').content.firstElementChild.cloneNode(true);
  el.querySelector('.v').textContent = num;
  el.querySelector('.k').textContent = kind;
  el.querySelector('.m').textContent = mark;
  const sym = look && symbol(look.symbol);
  if (sym) el.querySelector('.s').append(sym);
  paint(el, look);
  el.className += ' ' + cls;
  if (onclick) el.addEventListener('click', onclick);
  // A card only shown (a trick, the river, a sentence) is not a control.
  el.disabled = !!disabled || !onclick;
  return el;
}

let shown = '';
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
    if (force || shown !== S.screen) {
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
  shown = S.screen;
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
  drawShelf();
  if (textsReady && (S.screen === 'join' || (S.screen === 'seat' && S.view))) prepareKeys();
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

let handShown = false;

// markHand records, once per page, when the seat's hand is first on screen
// complete: texts in the page's language, card faces known, and, when the
// seat is to play, its playable cards enabled. The mark is made once the
// frame showing the hand has been laid out and painted (the next frame
// begins), not when its elements were built. The budget benchmark
// (BenchmarkHandInteractive) reads it; detail.enabled says how many cards
// could be tapped then.
function markHand(hand) {
  if (handShown || S.screen !== 'seat' || !S.view || !S.online || !textsReady) return;
  if (game().ready && !game().ready()) return;
  if (!hand.querySelector('.cards .card')) return;
  handShown = true;
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

function rowClass(v, i) {
  return (i === v.turn ? 'turn ' : '') + (i === S.seat ? 'me ' : '') + (isAway(i) ? 'away' : '');
}

// awayMark is put after an away seat's name in the tables of seats.
function awayMark(i) { return isAway(i) ? h('span', { class: 'awaymark' }, ' · ' + t('web.away')) : null; }

// ---- take-backs by agreement (Canoë, Canyon duel; docs/rules/takeback.md)

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

// ---- looks: every game's colours, symbols and card names from the
// kiosk's /looks.json (the looks package the table draws with too).

let LOOKS = null;

// looksOf is the looks of the seat's game, null before they arrive.
function looksOf() { return (LOOKS && LOOKS.games && LOOKS.games[S.game]) || null; }

// symbol draws a looks symbol from its outline, as the table and the app
// do: filled in the ink's colour, a ring stroked.
function symbol(name) {
  const pts = LOOKS && LOOKS.symbols && LOOKS.symbols[name];
  if (!pts) return null;
  const shape = name === 'ring'
    ? svg('circle', { cx: 0.5, cy: 0.5, r: 0.45, fill: 'none', stroke: 'currentColor', 'stroke-width': 0.1 })
    : svg('polygon', { points: pts.map((p) => `${p.x},${p.y}`).join(' '), fill: 'currentColor' });
  return svg('svg', { viewBox: '0 0 1 1', class: 'sym', 'aria-hidden': 'true', focusable: 'false' }, shape);
}

// paint gives el a look's ground and ink, through the CSSOM (the page's
// CSP allows no style attribute).
function paint(el, look) {
  if (!look) return el;
  el.style.backgroundColor = look.fill;
  el.style.color = look.ink;
  return el;
}

// seatDot is a seat's colour beside its name, as the table colours its
// pieces; the name says the seat too.
function seatDot(i) {
  const l = looksOf();
  const seat = l && l.seats && l.seats.length ? l.seats[i % l.seats.length] : null;
  return seat ? paint(h('i', { class: 'dot', 'aria-hidden': 'true' }), seat) : null;
}

// cardNames are the card names in the page's language: Canaille's kinds as
// the table prints them, Canyon's suits.
function cardNames() { return (LOOKS && LOOKS.names && LOOKS.names[S.lang]) || { kinds: {}, suits: [] }; }

// ---- Canyon

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
  if (!board) return 0;
  const at = (m.row ?? 0) * board.cols + (m.col ?? 0);
  let n = 0;
  for (let i = 0; i <= at; i++) if (board.cells[i] === 's') n++;
  return n;
}

// cellText names a landing cell as the table names where a canoe is: its
// distance to the docks (maps/canyon.json's goal; moves leave out a zero
// row or column).
function cellText(m) {
  const i = (m.row ?? 0) * (board ? board.cols : 0) + (m.col ?? 0);
  const n = board && board.goal ? board.goal[i] : null;
  return n == null || n < 0 ? '' : t('web.canyon.cell', { N: n });
}

// board is the Canyon map from the kiosk (drawing data only), fetched the
// first time a Canyon view shows, so it never delays the hand.
let board = null;
let boardAsked = false;
function loadBoard() {
  if (boardAsked) return;
  boardAsked = true;
  // Without the map the choices stay in words; it is asked again with the
  // next view.
  fetchJSON('maps/canyon.json').then((b) => { board = b; render(); })
    .catch(() => { boardAsked = false; });
}

const TERRAIN = { M: 'bank', I: 'island', '~': 'water', s: 'start', D: 'dock', C: 'cave', W: 'fall' };
// The currents as arrows on the map turned as the table turns it: a map
// row is a step along the river (left to right), a column across it.
const DRIFT = { 8: '→', 2: '←', 4: '↑', 6: '↓', 7: '↗', 9: '↘', 1: '↖', 3: '↙' };
const CELL = 44; // px: every spot is a whole cell, a target of 44 × 44 px; eight columns fit a 360 px phone

function svg(tag, attrs, ...kids) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...kids);
  return el;
}

// landingMap draws the part of the map around this seat's canoe and the
// cells it may land on or start from, turned as the table draws it (the
// start line on the left, the docks on the right: map row r, column c at
// x from the last row back, y from the column): terrain, currents, every
// canoe in its seat's colour with its number, and one button per legal
// move, lettered as in the list below it. A narrow phone scrolls it
// sideways. Only the view's legal moves make a cell a choice.
function landingMap(v, ends, name = (m, k) => spotName(k), words = cellText) {
  if (!board) { loadBoard(); return null; }
  const at = (v.canoes || [])[S.seat];
  const cells = ends.map((m) => [m.row ?? 0, m.col ?? 0]);
  if (at >= 0) cells.push([Math.floor(at / board.cols), at % board.cols]);
  const rows = cells.map((c) => c[0]);
  const cols = cells.map((c) => c[1]);
  const r0 = Math.max(0, Math.min(...rows) - 1);
  const r1 = Math.min(board.rows - 1, Math.max(...rows) + 1);
  const c0 = Math.max(0, Math.min(...cols) - 1);
  const c1 = Math.min(board.cols - 1, Math.max(...cols) + 1);
  const x = (r) => (r1 - r) * CELL;
  const y = (c) => (c - c0) * CELL;
  const w = (r1 - r0 + 1) * CELL;
  const hgt = (c1 - c0 + 1) * CELL;
  const ground = svg('svg', { width: w, height: hgt, viewBox: `0 0 ${w} ${hgt}`, 'aria-hidden': 'true' });
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const i = r * board.cols + c;
      ground.append(svg('rect', { x: x(r), y: y(c), width: CELL, height: CELL, class: 't-' + TERRAIN[board.cells[i]] }));
      const arrow = DRIFT[board.drift[i]];
      if (arrow) ground.append(svg('text', { x: x(r) + CELL / 2, y: y(c) + CELL / 2, class: 'drift' }, arrow));
    }
  }
  const l = looksOf();
  (v.canoes || []).forEach((cell, seat) => {
    const r = Math.floor(cell / board.cols);
    const c = cell % board.cols;
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

// ---- Canaille

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

// decision holds what the seat decides now, its question (.ask) first:
// the page keeps it in sight (render), and lets the rest give way.
function decision(nodes) { return h('div', { class: 'decision' }, nodes); }

// ---- the score sheet of a game from the shelf (engine/sheet, docs/scoresheets.md)

// SHEETS is the ready score sheets by id (/sheets/ready.json, written
// from scoresheet's own data): the views name a sheet and its lines by id.
let SHEETS = null;
let sheetsAsked = false;

function loadSheets() {
  if (sheetsAsked) return;
  sheetsAsked = true;
  // Asked again with the next view if it fails.
  fetchJSON('sheets/ready.json').then((s) => { SHEETS = s; render(); }).catch(() => { sheetsAsked = false; });
}

// SV is the sheet panel's own state. Its fields are built once per sheet,
// rounds and language and then updated in place, so a view arriving while
// the guest types (another phone wrote a line) never takes the field or
// the keyboard away.
const SV = {
  root: null, built: '', // the panel, and what it was built for
  rows: {}, // cell key -> {input, sum, said, mark}
  live: null, // the parts redrawn with every view: totals, what is missing
  said: {}, // cell key -> a refusal in words
  sums: {}, // cell key -> the sum as typed ("3+6+2"), kept beside its total
  queue: [], // lines written while another was on its way, in order
  typed: {}, // cell key -> the value written and not yet in a view: its field keeps it
  started: 0, // when this phone first saw the play (ms), for the CSV's length
};

// sheetOf is the view's sheet: the one it carries (def: a sheet the staff
// made in the console, which no page knows by its id), else the ready one
// it names. A carried sheet naming no limit has the sheets' default, which
// the ready generic sheet writes out.
function sheetOf(v) {
  if (!SHEETS || !v) return null;
  if (v.def) return Object.assign({}, v.def, { limit: v.def.limit || SHEETS.generic.limit });
  return SHEETS[v.sheet] || null;
}
function catLabel(c) { return (c.label && c.label[S.lang]) || c.id; }
function roundsOf(c, v) { return c.per_round ? Array.from({ length: v.rounds }, (_, i) => i + 1) : [0]; }
function cellKey(cat, round) { return cat + '#' + (round || 0); }
function cellAt(v, seat, cat, round) {
  return (v.cells || []).find((c) => c.seat === seat && c.category === cat && (c.round || 0) === (round || 0)) || null;
}
function revealed(v, cat, round) { return (v.revealed || []).some((r) => r.category === cat && (r.round || 0) === (round || 0)); }
function points(c, value) { return c.tie_only ? 0 : value * (c.multiplier || 1); }
function num(n) { return Number(n).toLocaleString(S.lang); }

// parseSum reads a value as scoresheet.ParseSum does ("12", "3+6+2",
// "-2", "10 - 3"): the same grammar, never evaluated, refused with the same
// rules and arguments ({rule, args}), else {value}. TestPageSumsAsTheSheet
// checks the two agree.
function parseSum(text, limit) {
  let total = 0, term = 0, sign = 1, inTerm = false, seenTerm = false, pendingOp = false;
  const over = () => ({ rule: 'limit', args: { Limit: limit } });
  const close = () => {
    total += sign * term;
    term = 0; inTerm = false; seenTerm = true;
    return total > limit || total < -limit;
  };
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const r = chars[i];
    if (r >= '0' && r <= '9') {
      if (!inTerm && seenTerm && !pendingOp) return { rule: 'sum-operator', args: { At: i + 1 } };
      term = term * 10 + (r.charCodeAt(0) - 48);
      if (term > limit) return over();
      inTerm = true; pendingOp = false;
    } else if (r === ' ' || r === '\t' || r === '\u00a0') {
      if (inTerm && close()) return over();
    } else if (r === '+' || r === '-' || r === '\u2212') {
      if (inTerm && close()) return over();
      if (pendingOp) return { rule: 'sum-operator', args: { At: i + 1 } };
      sign = r === '+' ? 1 : -1;
      pendingOp = true;
    } else {
      return { rule: 'sum-character', args: { At: i + 1, Char: r } };
    }
  }
  if (inTerm && close()) return over();
  if (pendingOp) return { rule: 'sum-operator', args: { At: chars.length } };
  if (!seenTerm) return { rule: 'sum-empty', args: {} };
  return { value: total };
}

// isSum says whether text is more than one number: the sum is kept in
// sight beside its total.
function isSum(text) { return /\d[\s\u00a0]*[-+\u2212][\s\u00a0]*\d/.test(text); }

// writeCell reads what the guest typed in a line of their own and writes
// it, or says why not in words (the limit named, a line never below zero).
function writeCell(sh, c, round, input) {
  const key = cellKey(c.id, round);
  const text = input.value.trim();
  const r = parseSum(text, sh.limit);
  let said = '';
  if (r.rule) said = t('sheet.refused.' + r.rule, r.rule === 'limit' ? { Limit: num(sh.limit) } : r.args);
  else if (r.value < 0 && !c.negative) said = t('sheet.refused.negative', { Category: catLabel(c) });
  SV.said[key] = said;
  if (said) { drawSheet(S.view); input.focus(); return; }
  SV.sums[key] = isSum(text) ? text : '';
  keepSums();
  input.value = String(r.value);
  const now = cellAt(S.view, S.seat, c.id, round);
  if (now && (now.value || 0) === r.value) { drawSheet(S.view); return; }
  const move = { kind: 'enter', seat: S.seat, category: c.id };
  if (round) move.round = round;
  if (r.value) move.value = r.value;
  // One move at a time is on its way: a line written meanwhile waits
  // for the table's answer (the guest writes line after line).
  SV.queue = SV.queue.filter((m) => m.category !== move.category || (m.round || 0) !== (move.round || 0));
  SV.queue.push(move);
  SV.typed[key] = r.value;
  sendQueued();
}

// sheetRefused: the table refused the line on its way (its words are
// the notice); the fields show the sheet as it is, and the next goes.
function sheetRefused() {
  const queued = new Set(SV.queue.map((m) => cellKey(m.category, m.round)));
  for (const k of Object.keys(SV.typed)) if (!queued.has(k)) delete SV.typed[k];
  if (S.view) drawSheet(S.view);
  sendQueued();
}

// sendQueued sends the next line written, once nothing is on its way.
function sendQueued() {
  if (S.pending || !SV.queue.length || !S.online) return;
  const move = SV.queue.shift();
  play(move, 'sheet-' + cellKey(move.category, move.round));
}

// The sums typed and when the play was first seen stay with this phone
// (this table's key), so a reload keeps them.
function keepSums() { store.set('sheet.' + S.keyText, JSON.stringify({ sums: SV.sums, started: SV.started })); }
function loadSums() {
  try {
    const kept = JSON.parse(store.get('sheet.' + S.keyText) || '{}');
    SV.sums = kept.sums || {};
    SV.started = kept.started || 0;
  } catch { SV.sums = {}; SV.started = 0; }
}

// forgetSheet starts the next play's sheet empty.
function forgetSheet() {
  SV.sums = {}; SV.said = {}; SV.started = 0; SV.built = ''; SV.queue = []; SV.typed = {};
  store.del('sheet.' + S.keyText);
}

function sheetView(v) {
  loadSheets();
  setTimeout(sendQueued, 0); // after this view is drawn
  if (!SV.started) { loadSums(); if (!SV.started) { SV.started = Date.now(); keepSums(); } }
}

// mineMissing is what this seat has still to write.
function mineMissing(v) { return (v.missing || []).filter((m) => m.seat === S.seat); }

function sheetState(v) { return mineMissing(v).length ? 'sheet-fill' : 'sheet-done'; }
function sheetStatus(v) {
  return mineMissing(v).length ? [t('sheetphone.status_fill'), 'go'] : [t('sheetphone.status_done'), 'wait'];
}

// sheetNodes is the seat's own sheet: every line of the sheet, per round
// where it has rounds, a field for each, then what everyone can see.
function sheetNodes(v) {
  const sh = sheetOf(v);
  if (!sh) return [[h('p', { class: 'hint' }, t('web.joining'))], []];
  drawSheet(v);
  return [[SV.root], []];
}

// buildSheet makes the panel's fields, once per sheet, rounds and language.
function buildSheet(v, sh) {
  SV.rows = {};
  const lines = [];
  for (const c of sh.categories) {
    const marks = [];
    if (c.private) marks.push(h('span', { class: 'private' }, t('sheetphone.private')));
    if (c.tie_only) marks.push(h('span', { class: 'note' }, t('sheetphone.tie_only')));
    if (c.multiplier > 1) marks.push(h('span', { class: 'note' }, t('sheetphone.times', { N: c.multiplier })));
    if (c.negative) marks.push(h('span', { class: 'note' }, t('sheetphone.negative')));
    const rows = roundsOf(c, v).map((round) => {
      const key = cellKey(c.id, round);
      const id = 'cell-' + c.id + '-' + round;
      const input = h('input', { id, class: 'score', type: 'text', inputmode: 'text', autocomplete: 'off', maxlength: '64', size: '6',
        enterkeyhint: 'done', 'data-cat': c.id, 'data-round': String(round),
        'aria-label': round ? t('sheetphone.field_round', { Category: catLabel(c), N: round }) : t('sheetphone.field', { Category: catLabel(c) }) });
      const form = h('form', { class: 'cell' }, round ? h('label', { for: id }, t('sheetphone.round', { N: round })) : null,
        input, h('button', { type: 'submit' }, t('sheetphone.write')));
      form.addEventListener('submit', (e) => { e.preventDefault(); writeCell(sh, c, round, input); });
      const sum = h('p', { class: 'sum' });
      const said = h('p', { class: 'said', role: 'alert' });
      const mark = h('p', { class: 'mark' });
      SV.rows[key] = { input, sum, said, mark, c, round };
      return h('div', { class: 'row' }, form, sum, said, mark);
    });
    lines.push(h('fieldset', { class: 'cat' + (c.private ? ' priv' : ''), 'data-cat': c.id },
      h('legend', {}, catLabel(c)), marks.length ? h('p', { class: 'marks' }, marks) : null, rows));
  }
  SV.live = h('div', { class: 'live' });
  const name = v.title || (sh.name && sh.name[S.lang]) || sh.id;
  SV.root = h('section', { class: 'sheet' }, h('h2', {}, t('sheetphone.heading', { Title: name })),
    sh.categories.length ? h('p', { class: 'hint' }, t('sheetphone.intro')) : h('p', { class: 'hint' }, t('sheetphone.no_points')),
    lines, SV.live);
}

// drawSheet updates the panel to v: the values written, the sums kept,
// each field left alone while the guest types in it.
function drawSheet(v) {
  const sh = sheetOf(v);
  if (!sh) return;
  const built = [sh.id, v.rounds, S.lang].join(' ');
  if (SV.built !== built || !SV.root) { buildSheet(v, sh); SV.built = built; }
  const busy = !S.online || S.waiting > 0;
  for (const [key, row] of Object.entries(SV.rows)) {
    const cell = cellAt(v, S.seat, row.c.id, row.round);
    if (SV.typed[key] !== undefined && cell && (cell.value || 0) === SV.typed[key]) delete SV.typed[key];
    const shown = SV.typed[key] !== undefined ? SV.typed[key] : cell ? cell.value || 0 : null;
    if (document.activeElement !== row.input && !SV.said[key]) row.input.value = shown === null ? '' : String(shown);
    row.input.disabled = busy && document.activeElement !== row.input;
    row.input.closest('form').querySelector('button').disabled = busy;
    const sum = SV.sums[key];
    const parsed = sum ? parseSum(sum, sh.limit) : null;
    row.sum.textContent = cell && parsed && parsed.value === cell.value ? t('sheetphone.sum', { Sum: sum, Total: num(cell.value) }) : '';
    row.sum.hidden = !row.sum.textContent;
    row.said.textContent = SV.said[key] || '';
    row.said.hidden = !row.said.textContent;
    row.mark.textContent = row.c.private && revealed(v, row.c.id, row.round) ? t('sheetphone.revealed') : '';
    row.mark.hidden = !row.mark.textContent;
  }
  SV.live.replaceChildren(...sheetLive(v, sh));
}

// seatTotal is what seat's lines add up to in v, and how many of its
// private lines v does not show.
function seatTotal(v, sh, seat) {
  let total = 0, hidden = 0;
  for (const cell of v.cells || []) {
    if (cell.seat !== seat) continue;
    if (cell.hidden) { hidden++; continue; }
    const c = sh.categories.find((x) => x.id === cell.category);
    if (c) total += points(c, cell.value || 0);
  }
  return { total, hidden };
}

function teamOf(sh, seat) { return sh.teams && sh.teams.length ? sh.teams[seat % sh.teams.length] : null; }

// sheetLive is what changes with every view: this seat's total, the
// totals everyone can see, what is still missing, in words.
function sheetLive(v, sh) {
  const out = [];
  if (sh.categories.length) {
    out.push(h('p', { class: 'big total' }, t('sheetphone.your_total', { N: num(seatTotal(v, sh, S.seat).total) })));
    out.push(h('h3', {}, t('sheetphone.totals')));
    const rows = [];
    for (let i = 0; i < v.seats; i++) {
      const { total, hidden } = seatTotal(v, sh, i);
      const team = teamOf(sh, i);
      rows.push(h('tr', { class: i === S.seat ? 'me' : '' },
        h('th', {}, seatDot(i), seatName(i), team ? h('span', { class: 'team' }, ' · ', team.label[S.lang]) : null, awayMark(i)),
        h('td', {}, t('common.points', { N: total }), hidden ? h('span', { class: 'hidden' }, ' ', t('sheetphone.hidden', { N: hidden })) : null)));
    }
    out.push(h('table', { class: 'seats totals' }, rows));
  }
  // This seat's own gaps first, they are the ones it can fill; then
  // each other seat's first gap, so that every seat is named.
  const all = v.missing || [];
  const shown = mineMissing(v).slice(0, 4);
  for (let i = 0; i < v.seats; i++) {
    const first = i !== S.seat && all.find((m) => m.seat === i);
    if (first) shown.push(first);
  }
  if (all.length) {
    const items = shown.map((m) => h('li', {}, missingText(sh, m)));
    if (all.length > shown.length) items.push(h('li', {}, t('sheetphone.missing_more', { N: all.length - shown.length })));
    out.push(h('h3', {}, t('sheetphone.missing')), h('ul', { class: 'missing' }, items));
  } else if (sh.categories.length) {
    out.push(h('p', { class: 'hint' }, t('sheetphone.complete')));
  }
  const u = v.standing && v.standing.undecided;
  if (u) out.push(h('p', { class: 'big undecided' }, undecidedText(sh, v.standing)));
  return [...out, ...keptLink(S.table + '/' + SV.started)];
}

// undecidedText says why the sheet names no winner by itself, which the
// group settles at the table.
function undecidedText(sh, st) {
  if (st.undecided !== 'tie') return t('sheet.undecided.' + st.undecided);
  const side = (i) => (sh.teams && sh.teams.length ? sh.teams[i].label[S.lang] : S.names[i] || seatName(i));
  return t('sheet.undecided.tie', { Names: (st.tied || []).map(side).join(', ') });
}

// missingText names a line not written ("Anja has no score for Eggs").
function missingText(sh, m) {
  const c = sh.categories.find((x) => x.id === m.category);
  const p = { Category: c ? catLabel(c) : m.category, Round: m.round, Name: seatName(m.seat) };
  if (m.seat === S.seat) return t(m.round ? 'sheetphone.missing_you_round' : 'sheetphone.missing_you', p);
  return t(m.round ? 'sheet.missing.round' : 'sheet.missing', p);
}

// sheetResult is, under the ranking, this seat's own sheet line by line
// and the play to keep as a CSV file.
function sheetResult(v) {
  const sh = sheetOf(v);
  if (!sh) return [];
  const r = v.result || {};
  const out = [];
  if (r.reason && S.texts['rule.end.' + r.reason]) out.push(h('p', { class: 'hint' }, t('rule.end.' + r.reason)));
  if (sh.categories.length) {
    const rows = sh.categories.map((c) => {
      const vals = roundsOf(c, v).map((round) => cellAt(v, S.seat, c.id, round)).filter(Boolean).map((x) => x.value || 0);
      return h('tr', {}, h('th', {}, catLabel(c)), h('td', {}, vals.length ? vals.map(num).join(' · ') : '—'));
    });
    out.push(h('h3', {}, t('sheetphone.your_sheet')), h('table', { class: 'seats mine' }, rows));
  }
  // A data: link, downloaded as a file: nothing leaves the phone, and
  // the page's Content-Security-Policy lets no script fetch it back.
  const play = playOf(v);
  keepPlay(play);
  const href = 'data:text/csv;charset=utf-8,' + encodeURIComponent('\ufeff' + playsCSV([play]));
  out.push(h('a', { class: 'btn primary', id: 'savecsv', href, download: csvName(v) }, t('sheetphone.save')),
    h('p', { class: 'hint' }, t('sheetphone.save_help')),
    h('a', { class: 'btn', id: 'bgstats', href: bgStatsLink(v) }, t('sheetphone.bgstats')),
    h('p', { class: 'hint' }, t('sheetphone.bgstats_help')), ...keptLink(play.id));
  return out;
}

// PLAY_COLUMNS are BoardGameGeek's play fields, as tablee plays --csv
// writes them (internal/playcsv.Columns; TestPageSavesCellsAsTheTableDoes
// compares the columns and the cells).
const PLAY_COLUMNS = ['play', 'date', 'quantity', 'length', 'incomplete', 'location', 'game',
  'name', 'startposition', 'color', 'score', 'new', 'win'];

// safeCell neutralises what a spreadsheet would run (playcsv.SafeCell):
// a leading =, +, -, @, tab or carriage return, also after spaces, gets an
// apostrophe; numbers stay numbers.
function safeCell(c) {
  const s = String(c);
  const tr = s.replace(/^ +/, '');
  if (tr === '' || !'=+-@\t\r'.includes(tr[0])) return s;
  if (/^[0-9.eE+-]+$/.test(s) && s.trim() !== '' && !Number.isNaN(Number(s))) return s;
  return "'" + s;
}

// csvCell quotes a cell as Go's encoding/csv does: a quote, a comma or a
// line break inside, a leading space (unicode.IsSpace), or \. alone.
function csvCell(c) {
  const s = safeCell(c);
  if (s === '') return s;
  if (/[",\r\n]/.test(s) || s === '\\.' || /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/.test(s)) {
    return '"' + s.replace(/"/g, '""') + '"';
  }
  return s;
}

function ymd(d) { return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-'); }

// playOf is the play this phone sat in, from the last view and the
// result it received (the phone has no database): when and where, the
// title, each seat's name, score and win.
function playOf(v) {
  const sh = sheetOf(v) || { name: {} };
  const r = v.result || {};
  const end = Date.now();
  const players = [];
  for (let i = 0; i < v.seats; i++) {
    players.push({ name: playerName(i), score: (r.scores || [])[i] ?? 0, win: (r.winners || []).includes(i) });
  }
  return { id: S.table + '/' + (SV.started || end), end, mins: SV.started ? Math.max(0, Math.round((end - SV.started) / 60000)) : null,
    incomplete: r.reason === 'sheet-stopped', location: S.table, game: v.title || (sh.name && sh.name[S.lang]) || v.sheet, players };
}

// playsCSV is plays as a file, one row per player of each, the plays
// numbered in the file.
function playsCSV(plays) {
  const rows = [PLAY_COLUMNS];
  plays.forEach((p, n) => p.players.forEach((pl, i) => rows.push([String(n + 1), ymd(new Date(p.end)), '1', p.mins == null ? '' : String(p.mins),
    p.incomplete ? '1' : '0', p.location, p.game, pl.name, String(i + 1), '', String(pl.score), '0', pl.win ? '1' : '0'])));
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

// The plays this phone sat in stay with it (its storage, shared by a
// venue's tables on the hub's page), the last MAX_KEPT of them: after
// « play again » the last one can still be saved.
const MAX_KEPT = 50;
function keptPlays() {
  try {
    const k = JSON.parse(store.get('plays') || '[]');
    return Array.isArray(k) ? k : [];
  } catch { return []; }
}
function keepPlay(p) {
  const kept = keptPlays();
  if (kept.some((x) => x.id === p.id)) return kept;
  kept.push(p);
  const last = kept.slice(-MAX_KEPT);
  store.set('plays', JSON.stringify(last));
  return last;
}

// keptLink offers every play kept on this phone as one file, when it
// holds others than this one.
function keptLink(id) {
  const kept = keptPlays();
  if (!kept.some((p) => p.id !== id)) return [];
  const href = 'data:text/csv;charset=utf-8,' + encodeURIComponent('\ufeff' + playsCSV(kept));
  return [h('a', { class: 'btn', id: 'savekept', href, download: 'tablee-plays-' + ymd(new Date()) + '.csv' },
    t('sheetphone.save_kept', { N: kept.length }))];
}

// playerName is seat i's name in the play kept: its nickname as the
// table shows it (this seat's own as typed, if the table named none).
function playerName(i) { return i === S.seat ? (S.names[i] || S.name || '') : (S.names[i] || seatName(i)); }

// bgStatsLink hands the play to the BG Stats app, as its public
// documentation of pushed plays says (bgstats:// and the play as
// URL-encoded JSON; internal/playcsv.BGStatsJSON writes the same).
function bgStatsLink(v) {
  const sh = sheetOf(v) || { name: {} };
  const r = v.result || {};
  const now = Date.now();
  const mins = SV.started ? Math.max(0, Math.round((now - SV.started) / 60000)) : 0;
  const start = new Date(now - mins * 60000);
  const id = S.table + '/' + (SV.started || now);
  const two = (n) => String(n).padStart(2, '0');
  const players = [];
  for (let i = 0; i < v.seats; i++) {
    players.push({ name: playerName(i), score: (r.scores || [])[i] ?? 0, rank: (r.ranks || [])[i] ?? 0,
      winner: (r.winners || []).includes(i), sourcePlayerId: id + '/' + (i + 1) });
  }
  const play = { sourceName: 'Tablée', sourcePlayId: id,
    playDate: ymd(start) + ' ' + [start.getHours(), start.getMinutes(), start.getSeconds()].map(two).join(':'),
    durationMin: mins, location: S.table,
    game: { name: v.title || (sh.name && sh.name[S.lang]) || v.sheet, highestWins: sh.win !== 'lowest',
      noPoints: sh.win === 'ranks' || sh.win === 'named', sourceGameId: v.sheet },
    players };
  return 'bgstats://' + encodeURIComponent(JSON.stringify(play));
}

function csvName(v) { return ('tablee-' + ymd(new Date()) + '-' + (v.title || v.sheet || 'play')).replace(/[^\p{L}\p{N}-]+/gu, '-') + '.csv'; }

// ---- the games

// GAMES is the one place the page names the games, by id (the welcome's
// and the views' game): what it draws for a seat of each game while the
// game is on, nodes(v) → [body, foot]; what the game does with each new
// view, onView(v) (optional); what a hint pre-selects, onHint(move)
// (optional); and whether the game's own data has arrived,
// ready() (optional: Canaille's card faces); a game every seat plays at
// once rather than in turns (the score sheet) names its own state(v) and
// status(v) line, may add result(v) nodes under the ranking and hear of
// a refusal (onError), and says atOnce: no hints, and the shelf panel
// waits for the results (its fields are the guest's decisions all along).
// kiosk/web's
// TestPageHasEveryGame checks its keys against the kiosk's catalog.
const GAMES = {
  canyon: { nodes: canyonNodes, onView: loadBoard, onHint: canyonHint },
  canyonduel: { nodes: (v) => [boardNodes(v, v.scores || []), []] },
  canoe: { nodes: (v) => [boardNodes(v, (v.canoes || []).map((c) => (c || []).length)), []] },
  canaille: { nodes: canailleNodes, onView: keepSentence, onHint: canailleHint, ready: () => facesReady },
  sheet: { nodes: sheetNodes, onView: sheetView, onError: sheetRefused, state: sheetState, status: sheetStatus, result: sheetResult, atOnce: true },
};

// OTHER_GAME draws a game this page does not know (a newer kiosk's):
// whose turn it is, the moves being made on the table.
const OTHER_GAME = { nodes: (v) => [boardNodes(v, v.scores || []), []] };

// game is the parts of the seat's game.
function game() { return Object.hasOwn(GAMES, S.game) ? GAMES[S.game] : OTHER_GAME; }

// ---- start

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
  const texts = loadTexts(pickLang()).catch(() => { textsFailed = true; });
  // The card faces and every game's looks: the hand waits for both.
  const cards = Promise.all([fetchJSON('cards/canaille.json'), fetchJSON('looks.json')])
    .then(([c, l]) => { S.cards = c; LOOKS = l; facesReady = true; })
    .catch(() => { cardsFailed = true; });
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
  if (cardsFailed) render();
  if (S.screen === 'seat') render();
}


// ---- the shelf: « Que jouer ? » on the phone (docs/protocol.md, The shelf)

// SH is the shelf panel's state. The panel lives outside #app, so the
// seat's screen redrawn under it never interrupts the guest's typing.
const SH = {
  open: false,
  asked: 0, // the ref number of the last search sent
  found: null, // the last list, or null before any answer
  said: '', // the last answer to a take, or a refusal, in words
  wait: 0, // the timer of the search as typed
  settle: 0, // the timer that finishes the search once the guest stops typing
  recorded: '', // the last finished search sent (final), sent once
  scan: null, // {stream, stop} while the camera looks for a barcode
  drawn: null, // what the list was last drawn from: [found, lang, seated]
};

// shelfMay reports whether the panel may open now: the table knows this
// phone (seated, or it showed the current QR code), and no decision of
// the guest's is on screen (waiting for the others, the result, the
// others' turn).
function shelfMay() {
  if (S.screen === 'join') return !!(S.info && S.info.current);
  if (S.screen !== 'seat' || !S.online || !S.view) return false;
  const v = S.view;
  if (S.over || v.result) return true;
  if (game().atOnce) return false;
  return S.waiting > 0 || v.turn !== S.seat;
}

// seated: only a seated phone takes a box for the table.
function seated() { return S.screen === 'seat' && S.online; }

function openShelf() {
  SH.open = true;
  SH.said = '';
  drawShelf(true);
  document.getElementById('shelfq').focus();
  if (SH.found === null) askShelf();
}

function closeShelf() {
  finishSearch();
  stopScan();
  SH.open = false;
  drawShelf(true);
  document.getElementById('shelfopen').focus();
}

// askShelf sends the search as typed; answers to older ones are dropped.
function askShelf() {
  clearTimeout(SH.wait);
  SH.wait = 0;
  const text = document.getElementById('shelfq').value;
  SH.asked++;
  send({ type: 'shelf-search', ref: 'shelf-' + SH.asked, text: text.trim().slice(0, 64), lang: S.lang });
}

// typed waits a quarter of a second after the last key before it asks,
// and 3 s before it takes the search as finished.
function typed() {
  clearTimeout(SH.wait);
  SH.wait = setTimeout(askShelf, 250);
  clearTimeout(SH.settle);
  SH.settle = setTimeout(finishSearch, 3000);
}

// finishSearch tells the table the guest's search is finished (a result
// picked, the panel left, Enter, or no key for 3 s), once per text: the
// table records it for the staff's « searched but not owned »; the
// searches as typed are not recorded (docs/protocol.md, The shelf).
function finishSearch() {
  clearTimeout(SH.settle);
  SH.settle = 0;
  const q = document.getElementById('shelfq');
  const text = q ? q.value.trim().slice(0, 64) : '';
  if (!text || text === SH.recorded) return;
  if (send({ type: 'shelf-search', ref: 'shelf-final', text, lang: S.lang, final: true })) SH.recorded = text;
}

function takeBox(what) {
  finishSearch();
  SH.said = '';
  send(Object.assign({ type: 'shelf-take', ref: 'take', lang: S.lang }, what));
  drawShelf();
}

function onShelf(m) {
  if (m.type === 'shelf-found') {
    if (m.ref !== 'shelf-' + SH.asked) return; // an older search's answer
    SH.found = m.found || [];
  } else {
    const got = (m.found || [])[0];
    if (!got) return;
    const c = (got.copies || []).find((x) => x.here) || {};
    SH.said = t('web.shelf.taken', { Name: got.name, Shelf: c.shelf || '—' });
    if (SH.found) SH.found = SH.found.map((x) => (x.id === got.id ? got : x));
    else SH.found = [got];
  }
  drawShelf();
}

// shelfRefused says a refusal of a shelf request in words; true if m was one.
function shelfRefused(m) {
  if (!m.ref || !(m.ref === 'take' || m.ref.startsWith('shelf-'))) return false;
  const e = m.error || {};
  if (m.ref.startsWith('shelf-') && m.ref !== 'shelf-' + SH.asked) return true;
  SH.said = e.code === 'copy-taken' ? t('web.shelf.err.copy-taken') : S.texts['web.shelf.err.' + e.code] || S.texts['web.err.' + e.code] || e.message || e.code;
  drawShelf();
  return true;
}

function players(x) {
  if (!x.minPlayers && !x.maxPlayers) return '';
  if (x.minPlayers === x.maxPlayers || !x.maxPlayers) return t('web.shelf.players', { N: x.minPlayers || x.maxPlayers });
  return t('web.shelf.players_range', { Min: x.minPlayers, Max: x.maxPlayers });
}

function minutes(x) {
  const lo = x.minMinutes || x.maxMinutes, hi = x.maxMinutes || x.minMinutes;
  if (!hi) return '';
  return lo === hi ? t('web.shelf.minutes', { N: hi }) : t('web.shelf.minutes_range', { Min: lo, Max: hi });
}

// facts is the box's facts in one line.
function facts(x) {
  return [players(x), minutes(x), x.minAge ? t('web.shelf.age', { N: x.minAge }) : '',
    x.kind ? t('web.shelf.kind.' + x.kind) : ''].filter(Boolean).join(' · ');
}

// whereText says where a copy is: on its shelf, here, at another table
// since when, lent or missing.
function whereText(c) {
  if (c.status === 'shelf') return t('web.shelf.free');
  if (c.status === 'table' && c.here) return t('web.shelf.here');
  if (c.status === 'table') return t('web.shelf.at', { Table: c.table, Since: c.since });
  return t('web.shelf.status.' + c.status);
}

function titleNodes(x) {
  const copies = x.copies || [];
  const free = copies.find((c) => c.status === 'shelf');
  return h('li', { class: 'title' },
    h('b', { class: 'tname' }, x.name),
    facts(x) ? h('span', { class: 'facts' }, facts(x)) : null,
    copies.length
      ? h('ul', { class: 'copies' }, copies.map((c) => h('li', { class: 'copy ' + (c.here ? 'here' : c.status) },
        c.shelf ? h('b', { class: 'shelfcode' }, c.shelf) : null, ' ', whereText(c))))
      : h('span', { class: 'facts' }, t('web.shelf.wish')),
    seated() && free ? btn(t('web.shelf.take'), () => takeBox({ copy: free.id })) : null);
}

// drawShelf draws the panel; the search field is built once, so redraws
// never take the guest's words or focus.
function drawShelf(toggled) {
  const panel = document.getElementById('shelf');
  const open = document.getElementById('shelfopen');
  const may = shelfMay();
  open.hidden = SH.open || !may || !textsReady;
  open.textContent = t('web.shelf.open');
  // The guest's turn, or the link lost: the panel gives way, a decision
  // is never hidden under it (what was typed stays in its field).
  if (SH.open && !may) { finishSearch(); SH.open = false; stopScan(); }
  panel.hidden = !SH.open;
  document.body.classList.toggle('shelfopen', SH.open);
  document.body.dataset.shelf = SH.open ? 'open' : ''; // for tests and screenshots
  if (!SH.open) return;
  panel.querySelectorAll('[data-t]').forEach((el) => { el.textContent = t(el.dataset.t); });
  const q = document.getElementById('shelfq');
  q.placeholder = t('web.shelf.search_hint');
  const code = document.getElementById('shelfcode');
  code.placeholder = t('web.shelf.code_hint');
  document.getElementById('shelftake').hidden = !seated();
  document.getElementById('shelfscan').hidden = !seated() || !canScan() || !!SH.scan;
  document.getElementById('shelfstop').hidden = !SH.scan;
  document.getElementById('shelfvideo').hidden = !SH.scan;
  document.getElementById('shelfsaid').textContent = SH.said;
  const list = document.getElementById('shelflist');
  // The list is rebuilt only when it changed (a view arriving redraws
  // the page, and must not swap a button under the guest's finger).
  const key = [SH.found, S.lang, seated()];
  if (!toggled && SH.drawn && key.every((k, i) => k === SH.drawn[i])) return;
  SH.drawn = key;
  if (SH.found === null) list.replaceChildren();
  else if (!SH.found.length) list.replaceChildren(h('li', { class: 'hint' }, t('web.shelf.none')));
  else list.replaceChildren(...SH.found.map(titleNodes));
  if (toggled) list.scrollTop = 0;
}

// canScan: the camera reads barcodes only where the browser offers
// BarcodeDetector and a camera (a secure origin); elsewhere the guest
// types the shelf code.
function canScan() {
  return 'BarcodeDetector' in window && !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
}

async function startScan() {
  SH.said = '';
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch {
    SH.said = t('web.shelf.err.camera');
    drawShelf();
    return;
  }
  const video = document.getElementById('shelfvideo');
  let on = true;
  SH.scan = { stream, stop: () => { on = false; stream.getTracks().forEach((tr) => tr.stop()); video.srcObject = null; } };
  drawShelf();
  video.srcObject = stream;
  // Not awaited: a stream without frames yet never starts playing, and
  // the detector reads whatever frame there is.
  video.play().catch(() => {});
  let detector;
  try {
    detector = new BarcodeDetector({ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128'] });
  } catch {
    stopScan();
    SH.said = t('web.shelf.err.camera');
    drawShelf();
    return;
  }
  while (on) {
    let codes = [];
    try { codes = await detector.detect(video); } catch { /* no frame yet */ }
    const hit = codes.map((c) => String(c.rawValue || '').trim()).find((v) => /^[0-9A-Za-z.-]{1,32}$/.test(v));
    if (hit && on) {
      stopScan();
      takeBox({ box: hit });
      return;
    }
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

function stopScan() {
  if (!SH.scan) return;
  SH.scan.stop();
  SH.scan = null;
  if (SH.open) drawShelf();
}

function shelfSetup() {
  document.getElementById('shelfopen').addEventListener('click', openShelf);
  document.getElementById('shelfclose').addEventListener('click', closeShelf);
  document.getElementById('shelfq').addEventListener('input', typed);
  document.getElementById('shelfsearch').addEventListener('submit', (e) => { e.preventDefault(); askShelf(); finishSearch(); });
  document.getElementById('shelftake').addEventListener('submit', (e) => {
    e.preventDefault();
    const box = document.getElementById('shelfcode').value.trim();
    if (!/^[0-9A-Za-z.-]{1,32}$/.test(box)) { SH.said = t('web.shelf.err.bad-json'); drawShelf(); return; }
    takeBox({ box });
  });
  document.getElementById('shelfscan').addEventListener('click', startScan);
  document.getElementById('shelfstop').addEventListener('click', stopScan);
}

start();
