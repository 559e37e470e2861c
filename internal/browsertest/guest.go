package browsertest

// GuestTap is what a guest does on their turn on the web page, reduced to
// a rule a test can follow: confirm what is ready (a laid sentence, a
// picked card), else tap a card of the hand that still fits, else take
// the first choice offered. It only ever taps what the page offers and
// returns what it tapped (primary, hand, choice, or nothing). Called with
// the page's state the test last read, it taps only while the page still
// shows that state, so the test sees every decision it makes. On a score
// sheet it does what GuestWrites does.
const GuestTap = `((want) => {
  if (document.body.dataset.state !== want) return '';
  if (document.querySelector('#app .sheet')) return want === 'sheet-fill' ? ` + GuestWrites + ` : '';
  if (document.getElementById('status').className !== 'go') return '';
  const ok = (el) => el && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  const primary = [...document.querySelectorAll('#hand button.primary, #app button.primary')].find(ok);
  if (primary) { primary.click(); return 'primary'; }
  const card = [...document.querySelectorAll('#hand .cards .card')].find((c) => ok(c) && !c.classList.contains('dim') && !c.classList.contains('laid') && !c.classList.contains('picked'));
  if (card) { card.click(); return 'hand'; }
  const choice = [...document.querySelectorAll('#app button')].find(ok);
  if (choice) { choice.click(); return 'choice'; }
  return '';
})`

// GuestWrites is what a guest does on a score sheet (the page's state
// sheet-fill): writes a sum in their first empty line and taps its Write
// button. It returns the field's id (cell-<category>-<round>), or nothing
// when every line of theirs is written or a line is on its way.
const GuestWrites = `(() => {
  if (document.body.dataset.state !== 'sheet-fill') return '';
  const i = [...document.querySelectorAll('#app .sheet input.score')].find((x) => x.value === '' && !x.disabled);
  if (!i) return '';
  i.value = '2+1';
  i.closest('form').querySelector('button').click();
  return i.id;
})()`
