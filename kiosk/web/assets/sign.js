// sign.js: the page's signature of its seat's result of a shelf game
// (docs/venue.md, "Signed shelf results"). A score sheet's play cannot be
// replayed through rules, so the venue credits a known player only with a
// result their own phone signed. The key is an Ed25519 key pair
// (tweetnacl's nacl.sign) made once and kept in this origin's
// localStorage ('tablee.sign'); only its public half and signatures ever
// leave the page. The bytes signed are wire.ResultStatement's Bytes
// (proto/wire/signed.go), built from what this page's own final view
// showed, never from what the table says it recorded.

const enc = new TextEncoder();

function b64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unb64url(s) {
  try {
    return Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function load(k) { try { return localStorage.getItem('tablee.' + k); } catch { return null; } }
function save(k, v) { try { localStorage.setItem('tablee.' + k, v); } catch { /* private mode */ } }

// signingKey is this browser's key pair, made on first use.
function signingKey() {
  const nacl = globalThis.nacl;
  const sec = unb64url(load('sign') || '');
  if (sec && sec.length === nacl.sign.secretKeyLength) return nacl.sign.keyPair.fromSecretKey(sec);
  const kp = nacl.sign.keyPair();
  save('sign', b64url(kp.secretKey));
  return kp;
}

// statement is the canonical bytes of the play's result as this seat's
// final view v showed it: the tag, then each field as its length in
// bytes, a colon, its bytes and a newline; null when v holds no result.
export function statement(kiosk, session, game, v, seat) {
  const r = v && v.result;
  if (!r || !Array.isArray(r.scores) || !Array.isArray(r.ranks) || r.scores.length !== r.ranks.length) return null;
  const parts = [];
  const field = (s) => {
    const b = enc.encode(String(s));
    parts.push(enc.encode(b.length + ':'), b, enc.encode('\n'));
  };
  [
    'tablee signed result 1', kiosk, session, game, v.sheet || '', v.title || '', r.reason || '', r.scores.length,
  ].forEach(field);
  const winners = r.winners || [];
  r.scores.forEach((score, i) => { field(score); field(r.ranks[i]); field(winners.includes(i) ? 1 : 0); });
  field(seat);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

// answerSignAsk answers the table's sign-ask (m: its session and kiosk)
// with this seat's signature of the results on screen (S: the page's
// state, its final view), through send. A play is signed once: asked
// again for other results of the same session, the page signs nothing.
export function answerSignAsk(m, S, send) {
  const nacl = globalThis.nacl;
  if (!S.over || !S.view || typeof m.session !== 'string' || typeof m.kiosk !== 'string') return;
  const bytes = statement(m.kiosk, m.session, S.game, S.view, S.seat);
  if (!bytes) return;
  const digest = b64url(nacl.hash(bytes).subarray(0, 16));
  let signed = {};
  try { signed = JSON.parse(load('signed') || '{}') || {}; } catch { signed = {}; }
  if (signed[m.session] && signed[m.session] !== digest) return;
  const kp = signingKey();
  const sig = nacl.sign.detached(bytes, kp.secretKey);
  signed[m.session] = digest;
  const keep = Object.keys(signed).slice(-50); // the last plays signed
  save('signed', JSON.stringify(Object.fromEntries(keep.map((k) => [k, signed[k]]))));
  send({ type: 'sign', session: m.session, signkey: b64url(kp.publicKey), sig: b64url(sig) });
}
