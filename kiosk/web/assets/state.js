// The page's state: everything the page holds that changes, in one object
// (the other modules keep none of their own), and the browser storage it
// keeps across reloads.

// S is the page's whole state; render() (app.js) draws it.
const S = {
  screen: 'boot', // noqr | join | joining | seat | removed | old (a previous game's QR code)
  lang: 'fr',
  texts: {},
  cards: {}, // Canaille card id -> face, from the kiosk
  code: '',
  tableHost: '', // where the table is, HOST:PORT: this page's server, or the fragment's t (the venue hub's page)
  key: null, // the kiosk's public key (Uint8Array)
  keyText: '',
  name: '',
  token: '',
  seat: -1,
  game: '',
  table: '',
  info: null, // before joining: the kiosk's answer to info (table, game, current)
  view: null,
  over: false,
  online: false,
  seats: [], // [{name, state}] from the kiosk: which seats are bots
  names: [], // the seats' nicknames, from the last view
  waiting: 0, // phone seats still free, from the last view
  away: [], // seats whose phone is not connected, from the last view
  record: null, // after the game: this player's rating change and place
  notice: '', // a refusal or an error, in words
  pending: false, // a move is on its way
  pick: null, // a card chosen and waiting for its confirmation
  sentence: [], // Canaille: card ids tapped, in order
  sentenceRule: '', // Canaille: the table's verdict on a dead-end sentence
  why: null, // {text, rule}: the table's answer to "why not?" about a card or a choice
  hint: null, // {move, text}: the table's suggestion, for this seat only
  hints: 0, // hints this seat got this game
  since: [], // what the others did since this seat's last move, in words
  sinceOff: false, // the guest dismissed the list: it comes back with news
  version: 0, // the version of the view shown
  tb: null, // {state, seat, version, move}: where a take-back of the last move stands (Canoë, Canyon duel)
  tbBusy: false, // a take-back request or answer is on its way
  tbLost: false, // a request open before a kiosk restart was forgotten
  moved: false, // this seat was taken over by another tab (the same QR code)
  leaders: {}, // Canyon: who led each trick seen, by "round:cards played"
  textsReady: false, // the texts in the page's language have arrived
  textsFailed: false, // nor the texts, even after retries
  facesReady: false, // the Canaille card faces and the looks have arrived
  cardsFailed: false, // the Canaille card faces could not be loaded
  looks: null, // /looks.json: every game's colours, symbols and card names
  board: null, // the Canyon map from the kiosk (drawing data only), once fetched
  boardAsked: false, // the Canyon map is asked for, or here
  sheets: null, // the ready score sheets by id (/sheets/ready.json)
  sheetsAsked: false, // the score sheets are asked for, or here
  spare: null, // the next connection's keys, kept here where localStorage is unavailable
  preparing: false, // the next connection's keys are being made
  shown: '', // the screen last drawn whole
  handShown: false, // the hand's first complete showing was marked (markHand)
  viewSeq: 0, // views received: a card's reason holds for the view it was asked in
  reasons: {}, // a hand card's move (reasonKey) -> why it cannot be made in this view, in words ('' not said)
  reasonAsks: {}, // ref -> {key, seq}: the reasons asked of the table and not yet answered
  reasonAsked: 0, // the ref number of the last reason asked
  reasonTimer: 0, // the timer that asks for the reasons once the hand has settled
  // ch is the channel to the kiosk: the socket, the box key shared with
  // the kiosk for this connection, the frames counted each way (each
  // frame's nonce), the wait before the next reconnection and its timer,
  // whether a welcome answering this page's hello is expected, the
  // heartbeat's timer, when the kiosk was last heard and last pinged, and
  // the heartbeat's last tick.
  ch: {
    ws: null,
    shared: null,
    sent: 0,
    recv: 0,
    backoff: 250,
    retry: 0,
    awaitingWelcome: false,
    beat: 0,
    heard: 0,
    pinged: 0,
    tick: 0,
  },
  // sheetPanel (sheet.js's SV) is the score sheet panel's own state. Its
  // fields are built once per sheet, rounds and language and then updated
  // in place, so a view arriving while the guest types (another phone
  // wrote a line) never takes the field or the keyboard away.
  sheetPanel: {
    root: null, built: '', // the panel, and what it was built for
    rows: {}, // cell key -> {input, sum, said, mark}
    live: null, // the parts redrawn with every view: totals, what is missing
    said: {}, // cell key -> a refusal in words
    sums: {}, // cell key -> the sum as typed ("3+6+2"), kept beside its total
    queue: [], // lines written while another was on its way, in order
    typed: {}, // cell key -> the value written and not yet in a view: its field keeps it
    started: 0, // when this phone first saw the play (ms), for the CSV's length
  },
  // shelf (shelf.js's SH) is the shelf panel's state. The panel lives
  // outside #app, so the seat's screen redrawn under it never interrupts
  // the guest's typing.
  shelf: {
    open: false,
    asked: 0, // the ref number of the last search sent
    found: null, // the last list, or null before any answer
    said: '', // the last answer to a take, or a refusal, in words
    wait: 0, // the timer of the search as typed
    settle: 0, // the timer that finishes the search once the guest stops typing
    recorded: '', // the last finished search sent (final), sent once
    scan: null, // {stream, stop} while the camera looks for a barcode
    drawn: null, // what the list was last drawn from: [found, lang, seated]
  },
};

// ---- storage: the nickname, the player key and each table's seat token.

const store = {
  get(k) { try { return localStorage.getItem('tablee.' + k); } catch { return null; } },
  set(k, v) { try { localStorage.setItem('tablee.' + k, v); return true; } catch { return false; /* private mode */ } },
  del(k) { try { localStorage.removeItem('tablee.' + k); } catch { /* private mode */ } },
};

export { S, store };
