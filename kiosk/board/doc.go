// Package board draws each game's board for the kiosk's table screen and
// turns taps into moves. A board is a Fyne widget with its own renderer
// built from canvas primitives; it draws the game's public view
// (View(engine.Onlooker)) and the game's own board data, never a state, and
// knows nothing of SQL or sockets: moves leave through Env.Play.
//
// The geometry (cells to pixels, seats to sides) lives in kiosk/board/geom;
// the panels facing each seat are Panel widgets, drawn off-screen and turned.
package board
