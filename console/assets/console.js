// The staff console's one script: the tables page follows the tables and
// the staff calls live, and print buttons print. Everything else is plain
// HTML forms, which work without it.
'use strict';

document.addEventListener('DOMContentLoaded', () => {
  for (const b of document.querySelectorAll('[data-print]')) {
    b.addEventListener('click', () => window.print());
  }
  const live = document.querySelector('[data-refresh]');
  if (!live) return;
  const url = live.dataset.refresh;
  const every = 3000;
  let calls = document.querySelectorAll('.call').length;
  const title = document.title;
  const tick = async () => {
    try {
      const r = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
      if (r.redirected || !r.ok) { location.assign('/login'); return; }
      const html = await r.text();
      // Replace the content only when it changed, so that a focused
      // button keeps its focus.
      const next = new DOMParser().parseFromString(html, 'text/html').getElementById('live');
      if (next && next.innerHTML !== live.innerHTML) live.innerHTML = next.innerHTML;
      const now = live.querySelectorAll('.call').length;
      document.title = now ? '(' + now + ') ' + title : title;
      calls = now;
    } catch (e) {
      // The kiosk restarts or the network hiccups: try again next time.
    }
    setTimeout(tick, every);
  };
  document.body.dataset.calls = String(calls);
  setTimeout(tick, every);
});
