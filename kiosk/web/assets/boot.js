// Tablée web companion, first part: the encrypted channel to the table,
// and the requests for what the first screen needs. A classic script run
// as soon as it arrives, before the page's module (app.js) has even been
// compiled, so that a phone holding a seat has its WebSocket opening, its
// resume, its texts and its card faces on the way while the rest of the
// page loads: the round trips, not the page's scripts, are then what a
// guest waits for. Every frame after the first is a NaCl box (tweetnacl,
// loaded just before) against the kiosk's key from the URL fragment; see
// docs/protocol.md, "The web companion".
'use strict';

globalThis.tablee = (() => {
  const nacl = globalThis.nacl;
  const enc = new TextEncoder();
  const dec = new TextDecoder();

  // ---- storage: the nickname, the player key, each table's seat token
  // and the next connection's keys.

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

  // ---- the texts and Canaille's card faces (views name cards by id only)

  const LANGS = ['fr', 'de', 'en'];

  // pickLang is the language chosen on this phone, else the browser's.
  function pickLang() {
    const saved = store.get('lang');
    if (LANGS.includes(saved)) return saved;
    for (const l of navigator.languages || [navigator.language || '']) {
      const p = (l || '').slice(0, 2).toLowerCase();
      if (LANGS.includes(p)) return p;
    }
    return 'fr';
  }

  function getJSON(path) {
    return fetch(path).then((r) => {
      if (!r.ok) throw new Error(path + ': ' + r.status);
      return r.json();
    });
  }

  const lang = pickLang();
  const texts = getJSON(`texts/${lang}.json`);
  const cards = getJSON('cards/canaille.json');
  // app.js handles both; until it runs, a failure is not "unhandled".
  texts.catch(() => {});
  cards.catch(() => {});

  // ---- the QR code's fragment: the table code and the kiosk's key.

  const frag = new URLSearchParams(location.hash.slice(1));
  const code = frag.get('c') || '';
  const keyText = frag.get('k') || '';
  const key = unb64url(keyText);
  const ok = !!(nacl && key && key.length === 32 && /^\d{6}(-[a-z2-7]{26})?$/.test(code));

  // ---- keys made ahead
  //
  // A connection's fresh key pair and shared key cost two X25519, the
  // slowest step of opening the page on a slow phone. So the page makes the
  // next connection's keys ahead, in idle time once the hand or the join
  // form is on screen, and keeps them for the next connection, also across
  // a reload: its public key and the shared key (never a hand, a view or a
  // message), in localStorage under the kiosk's key, deleted before use.
  // The kiosk refuses a page key it has seen, so no two connections share
  // keys even if two tabs take the same kept keys at once
  // (docs/protocol.md, "The channel").

  let spare = null; // kept keys where localStorage is unavailable

  function makeKeys() {
    const kp = nacl.box.keyPair();
    return { pub: kp.publicKey, shared: nacl.box.before(key, kp.secretKey) };
  }

  // takeKeys returns the kept keys, forgotten before they are used, or
  // makes new ones.
  function takeKeys() {
    const saved = (store.get('next.' + keyText) || '').split('.');
    store.del('next.' + keyText);
    const pub = unb64url(saved[0] || '');
    const sh = unb64url(saved[1] || '');
    const k = pub && sh && pub.length === 32 && sh.length === 32 ? { pub, shared: sh } : spare;
    spare = null;
    return k || makeKeys();
  }

  // forgetOtherKeys deletes keys kept for other tables' kiosks: a phone
  // keeps secret keys only for the table it is at.
  function forgetOtherKeys() {
    try {
      for (const k of Object.keys(localStorage)) {
        if (k.startsWith('tablee.next.') && k !== 'tablee.next.' + keyText) localStorage.removeItem(k);
      }
    } catch { /* private mode */ }
  }

  // prepareKeys makes the next connection's keys when the page is idle,
  // unless some are kept already.
  let preparing = false;
  function prepareKeys() {
    if (!ok || preparing || spare || store.get('next.' + keyText)) return;
    preparing = true;
    const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 0));
    idle(() => {
      preparing = false;
      if (spare || store.get('next.' + keyText)) return;
      const k = makeKeys();
      if (!store.set('next.' + keyText, b64url(k.pub) + '.' + b64url(k.shared))) spare = k;
    });
  }

  // ---- one connection

  function nonce(dir, n) {
    const b = new Uint8Array(24);
    b[0] = dir;
    const dv = new DataView(b.buffer);
    dv.setUint32(16, Math.floor(n / 2 ** 32));
    dv.setUint32(20, n >>> 0);
    return b;
  }

  // dial opens a connection to the table. On open it sends the page's
  // public key in clear, then at once the boxed message first() returns
  // (the join or the resume), if any: one round trip to the welcome and
  // the view. Its events (open, message, close) wait in a queue until
  // listen() is given a handler, so a connection dialled before the page's
  // module has run loses nothing.
  function dial(first) {
    // The socket first: its TCP and HTTP handshakes run in the browser's
    // network stack while this thread finds or makes the keys, and no
    // event can arrive before this function returns.
    const sock = new WebSocket(`ws://${location.host}/v1/box`);
    sock.binaryType = 'arraybuffer';
    const keys = takeKeys();
    let sent = 0;
    let recv = 0;
    let handler = null;
    const queue = [];
    const emit = (ev) => (handler ? handler(ev) : queue.push(ev));
    const ch = {
      hello: false, // first()'s message went out on open
      get open() { return sock.readyState === WebSocket.OPEN; },
      // send boxes msg as the next frame; false when the socket is not open.
      send(msg) {
        if (sock.readyState !== WebSocket.OPEN) return false;
        msg.v = 2; // wire.Version
        const n = nonce(0, sent++);
        const box = nacl.box.after(enc.encode(JSON.stringify(msg)), n, keys.shared);
        const frame = new Uint8Array(24 + box.length);
        frame.set(n);
        frame.set(box, 24);
        sock.send(frame);
        return true;
      },
      // read returns the message in a frame from the kiosk, or null when
      // the frame is not the next genuine box of this connection.
      read(data) {
        if (!(data instanceof ArrayBuffer) || data.byteLength < 40) return null;
        const frame = new Uint8Array(data);
        const n = nonce(1, recv);
        for (let i = 0; i < 24; i++) if (frame[i] !== n[i]) return null;
        const plain = nacl.box.open.after(frame.subarray(24), n, keys.shared);
        if (!plain) return null;
        recv++;
        try { return JSON.parse(dec.decode(plain)); } catch { return null; }
      },
      get sent() { return sent; },
      close() { sock.close(); },
      listen(fn) {
        handler = fn;
        for (const ev of queue.splice(0)) fn(ev);
      },
    };
    sock.onopen = () => {
      sock.send(keys.pub);
      const m = first && first();
      ch.hello = !!m && ch.send(m);
      emit({ type: 'open' });
    };
    sock.onmessage = (e) => emit({ type: 'message', data: e.data });
    sock.onclose = () => emit({ type: 'close' });
    return ch;
  }

  // A phone that holds a seat at this table resumes it at once.
  let early = null;
  let earlyToken = '';
  if (ok) {
    forgetOtherKeys();
    earlyToken = store.get('seat.' + keyText) || '';
    if (earlyToken) early = dial(() => ({ type: 'resume', token: earlyToken }));
  }

  return {
    store, b64url, code, keyText, key, ok, dial, prepareKeys, LANGS, lang, texts, cards, getJSON,
    // takeEarly hands over the connection dialled at start for token,
    // once.
    takeEarly(token) {
      const ch = token && token === earlyToken ? early : null;
      early = null;
      return ch;
    },
  };
})();
