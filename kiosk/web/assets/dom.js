// Building the page's elements: no framework, no HTML strings (what the
// table sends is data, never markup).

import { S } from './state.js';

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

function svg(tag, attrs, ...kids) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...kids);
  return el;
}

// decision holds what the seat decides now, its question (.ask) first:
// the page keeps it in sight (render), and lets the rest give way.
function decision(nodes) { return h('div', { class: 'decision' }, nodes); }

export { btn, decision, h, svg };
