// The page's texts in the reader's language, from the kiosk's catalogue
// (/texts/<lang>.json), and the page's other data files fetched alike.

import { S, store } from './state.js';
import { render } from './app.js';

// t is the text of key with its {{.Param}}s filled. A text with plural
// forms (the catalogue sends its "one" form as key#one) takes the form the
// language's CLDR rule gives for params.N, as go-i18n does on the table.
function t(key, params) {
  let s = S.texts[key] ?? key;
  const one = S.texts[key + '#one'];
  if (one !== undefined && typeof params?.N === 'number' && new Intl.PluralRules(S.lang).select(params.N) === 'one') s = one;
  for (const [k, v] of Object.entries(params || {})) s = s.split('{{.' + k + '}}').join(String(v));
  return s;
}

function pickLang() {
  const saved = store.get('lang');
  if (['fr', 'de', 'en'].includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || '']) {
    const p = (l || '').slice(0, 2).toLowerCase();
    if (['fr', 'de', 'en'].includes(p)) return p;
  }
  return 'fr';
}

// fetchJSON fetches one of the page's data files, tried three times over
// about two seconds (a phone's Wi-Fi drops a request now and then): a
// failed answer (not r.ok) counts as a failure.
async function fetchJSON(url) {
  let err;
  for (let i = 0; i < 3; i++) {
    if (i) await new Promise((ok) => setTimeout(ok, 600 * i));
    try {
      const r = await fetch(url);
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return await r.json();
    } catch (e) {
      err = e;
    }
  }
  throw err;
}

// NO_TEXTS is said when the texts themselves cannot be loaded: the only
// words the page carries, in its three languages.
const NO_TEXTS = 'La page n’a pas pu charger ses textes : rechargez-la. · Die Seite konnte ihre Texte nicht laden: Bitte neu laden. · The page could not load its texts: reload it.';

async function loadTexts(lang) {
  S.texts = await fetchJSON(`texts/${lang}.json`);
  S.lang = lang;
  S.textsReady = true;
  document.documentElement.lang = lang;
}

async function setLang(lang) {
  store.set('lang', lang);
  try { await loadTexts(lang); } catch { S.notice = t('web.err.load'); /* the old texts stay */ }
  render(true);
}

// loadProblem says, in words, what the page could not load, until it is
// reloaded: shown where a notice goes when there is none.
function loadProblem() {
  if (!S.textsReady) return S.textsFailed ? NO_TEXTS : '';
  return S.cardsFailed ? t('web.err.load') : '';
}

export { fetchJSON, loadProblem, loadTexts, pickLang, setLang, t };
