// Package geom is the pure geometry of the kiosk's boards: where a cell of a
// board lies on screen for any size and which cell a tap hits, which side
// of the table each seat sits on, and how a panel turned towards its seat
// maps points and pixels. It draws nothing and needs no window, so it is
// tested on its own.
package geom
