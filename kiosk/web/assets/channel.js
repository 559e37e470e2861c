// The channel to the kiosk: the socket, its NaCl boxes under this
// connection's fresh keys (tweetnacl, loaded before the modules), the keys
// made ahead for the next connection, the heartbeat that tells a dead link,
// and the hello that joins or resumes a seat; docs/protocol.md, "The web
// companion".

import { S, store } from './state.js';
import { t } from './texts.js';
import { onMessage } from './table.js';
import { render } from './app.js';

const nacl = globalThis.nacl;
const enc = new TextEncoder();
const dec = new TextDecoder();

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

// ch is the channel to the kiosk (state.js's S.ch).
const ch = S.ch;

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
  const k = saved.length === 3 && saved.every((p) => p.length === 32) ? { pub, sec, hello } : S.spare;
  S.spare = null;
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

function prepareKeys() {
  if (S.preparing || S.spare || !S.key || store.get('next.' + S.keyText)) return;
  S.preparing = true;
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 0));
  idle(() => {
    S.preparing = false;
    if (S.spare || store.get('next.' + S.keyText)) return;
    const k = makeKeys();
    if (!store.set('next.' + S.keyText, [k.pub, k.sec, k.hello].map(b64url).join('.'))) S.spare = k;
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

export { ch, connect, forgetOtherKeys, join, nacl, prepareKeys, send, unb64url };
