// The shelf: « Que jouer ? » on the phone (docs/protocol.md, The shelf).

import { S } from './state.js';
import { t } from './texts.js';
import { btn, h } from './dom.js';
import { send } from './channel.js';
import { game } from './games.js';

// SH is the shelf panel's state, in the page's (S.shelf).
const SH = S.shelf;

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
  open.hidden = SH.open || !may || !S.textsReady;
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

export { drawShelf, onShelf, shelfRefused, shelfSetup };
