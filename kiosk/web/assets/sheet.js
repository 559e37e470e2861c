// The score sheet of a game from the shelf (engine/sheet,
// docs/scoresheets.md): each seat writes its own lines on its phone.

import { S, store } from './state.js';
import { fetchJSON, t } from './texts.js';
import { h } from './dom.js';
import { seatDot } from './looks.js';
import { awayMark, seatName, shownName } from './seats.js';
import { play } from './table.js';
import { render } from './app.js';

// loadSheets fetches the ready score sheets by id into S.sheets
// (/sheets/ready.json, written from scoresheet's own data): the views name
// a sheet and its lines by id.
function loadSheets() {
  if (S.sheetsAsked) return;
  S.sheetsAsked = true;
  // Asked again with the next view if it fails.
  fetchJSON('sheets/ready.json').then((s) => { S.sheets = s; render(); }).catch(() => { S.sheetsAsked = false; });
}

// SV is the sheet panel's own state, in the page's (S.sheetPanel).
const SV = S.sheetPanel;

// sheetOf is the view's sheet: the one it carries (def: a sheet the staff
// made in the console, which no page knows by its id), else the ready one
// it names. A carried sheet naming no limit has the sheets' default, which
// the ready generic sheet writes out.
function sheetOf(v) {
  if (!S.sheets || !v) return null;
  if (v.def) return Object.assign({}, v.def, { limit: v.def.limit || S.sheets.generic.limit });
  return S.sheets[v.sheet] || null;
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
  const side = (i) => (sh.teams && sh.teams.length ? sh.teams[i].label[S.lang] : shownName(S.names[i]) || seatName(i));
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
function playerName(i) { return i === S.seat ? (S.names[i] || S.name || '') : (shownName(S.names[i]) || seatName(i)); }

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

export { forgetSheet, sheetNodes, sheetRefused, sheetResult, sheetState, sheetStatus, sheetView };
