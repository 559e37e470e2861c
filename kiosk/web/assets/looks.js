// Every game's colours, symbols and card names, from the kiosk's
// /looks.json (the looks package the table draws with too), and the card
// drawn with them.

import { S } from './state.js';
import { h, svg } from './dom.js';

// looksOf is the looks of the seat's game, null before they arrive.
function looksOf() { return (S.looks && S.looks.games && S.looks.games[S.game]) || null; }

// symbol draws a looks symbol from its outline, as the table and the app
// do: filled in the ink's colour, a ring stroked.
function symbol(name) {
  const pts = S.looks && S.looks.symbols && S.looks.symbols[name];
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
function cardNames() { return (S.looks && S.looks.names && S.looks.names[S.lang]) || { kinds: {}, suits: [] }; }

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

export { card, cardNames, looksOf, seatDot };
