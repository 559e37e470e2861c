// The score sheet editor's preview follows what the staff type: the
// form is posted to the preview address, which renders only the
// preview (with the refusal, if the sheet is refused), and the page's
// preview is replaced by it. Without this script the Preview button
// does the same by reloading the page.
'use strict';

document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('sheet-form');
  const preview = document.getElementById('sheet-preview');
  if (!form || !preview) return;
  let timer = 0;
  let asked = 0;
  const refresh = async () => {
    const mine = ++asked;
    try {
      const r = await fetch(form.dataset.preview, {
        method: 'POST', body: new URLSearchParams(new FormData(form)),
        credentials: 'same-origin', cache: 'no-store',
      });
      if (r.redirected) { location.assign('/login'); return; }
      const html = await r.text();
      // An older answer arriving late must not replace a newer one.
      if (mine !== asked) return;
      const next = new DOMParser().parseFromString(html, 'text/html').body;
      preview.replaceChildren(...next.childNodes);
      preview.dataset.updated = String(mine);
    } catch (e) {
      // The kiosk restarts or the network hiccups: the Preview button still works.
    }
  };
  const later = () => { clearTimeout(timer); timer = setTimeout(refresh, 250); };
  form.addEventListener('input', later);
  form.addEventListener('change', later);
});
