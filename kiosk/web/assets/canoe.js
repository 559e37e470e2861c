// Canoë: a board game whose board is on the table (board.js), scored by
// pegs in supply and canoes.

import { boardNodes } from './board.js';

// canoeNodes are each seat's pegs and canoes, and whose turn.
function canoeNodes(v) { return [boardNodes(v, (v.canoes || []).map((c) => (c || []).length)), []]; }

export { canoeNodes };
