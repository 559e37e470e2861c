package browsertest

// GuestTap is what a guest does on their turn on the web page, reduced to
// a rule a test can follow: confirm what is ready (a laid sentence, a
// picked card), else tap a card of the hand that still fits, else take
// the first choice offered. It only ever taps what the page offers and
// returns what it tapped (primary, hand, choice, or nothing). Called with
// the page's state the test last read, it taps only while the page still
// shows that state, so the test sees every decision it makes.
const GuestTap = `((want) => {
  if (document.body.dataset.state !== want) return '';
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
