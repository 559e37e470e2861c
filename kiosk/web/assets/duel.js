// The Canyon duel: a board game whose board is on the table (board.js).

import { boardNodes } from './board.js';

// duelNodes are the duel's scores and whose turn.
function duelNodes(v) { return [boardNodes(v, v.scores || []), []]; }

export { duelNodes };
