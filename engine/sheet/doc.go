// Package sheet is a score sheet played as an engine game: a play of a
// game from the shelf, whose moves are the entries the seats write on the
// sheet (scoresheet), so that the host, the move log, crash resume, the
// venue's events and the results serve it as they serve the table's own
// games (docs/architecture.md, "A score sheet is an engine game").
//
// Every seat writes its own lines whenever it likes, not only on its turn:
// Apply takes a seat's entry at any time and refuses one for another seat.
// Turn names the first seat with a line still to fill, then seat 0 (the
// table) for the reveals, the next round, the group's decision and the
// end, so that bots and the host's bot loop, which play on their turn, go
// through the sheet in order. A private line stays out of every other
// seat's view, and the table's, until it is revealed for every seat at
// once; the end reveals what remains.
package sheet
