// The games the page knows, by id.

import { S } from './state.js';
import { boardNodes } from './board.js';
import { canyonHint, canyonNodes, loadBoard } from './canyon.js';
import { canailleHint, canailleNodes, keepSentence } from './canaille.js';
import { duelNodes } from './duel.js';
import { canoeNodes } from './canoe.js';
import { sheetNodes, sheetRefused, sheetResult, sheetState, sheetStatus, sheetView } from './sheet.js';

// GAMES is the one place the page names the games, by id (the welcome's
// and the views' game): what it draws for a seat of each game while the
// game is on, nodes(v) → [body, foot]; what the game does with each new
// view, onView(v) (optional); what a hint pre-selects, onHint(move)
// (optional); and whether the game's own data has arrived,
// ready() (optional: Canaille's card faces); a game every seat plays at
// once rather than in turns (the score sheet) names its own state(v) and
// status(v) line, may add result(v) nodes under the ranking and hear of
// a refusal (onError), and says atOnce: no hints, and the shelf panel
// waits for the results (its fields are the guest's decisions all along).
// kiosk/web's
// TestPageHasEveryGame checks its keys against the kiosk's catalog.
const GAMES = {
  canyon: { nodes: canyonNodes, onView: loadBoard, onHint: canyonHint },
  canyonduel: { nodes: duelNodes },
  canoe: { nodes: canoeNodes },
  canaille: { nodes: canailleNodes, onView: keepSentence, onHint: canailleHint, ready: () => S.facesReady },
  sheet: { nodes: sheetNodes, onView: sheetView, onError: sheetRefused, state: sheetState, status: sheetStatus, result: sheetResult, atOnce: true },
};

// OTHER_GAME draws a game this page does not know (a newer kiosk's):
// whose turn it is, the moves being made on the table.
const OTHER_GAME = { nodes: (v) => [boardNodes(v, v.scores || []), []] };

// game is the parts of the seat's game.
function game() { return Object.hasOwn(GAMES, S.game) ? GAMES[S.game] : OTHER_GAME; }

export { game };
