package engine

import "strconv"

// Seat is a player's place at the table, numbered from 0 in clockwise order.
type Seat int

const (
	// NoSeat means nobody: the game is over, or an event concerns no seat.
	NoSeat Seat = -1
	// Table is the viewer of the public view shown on the kiosk's screen.
	Table Seat = -2
)

// String names the seat for logs: "seat 0", "table" or "nobody".
func (s Seat) String() string {
	switch s {
	case NoSeat:
		return "nobody"
	case Table:
		return "table"
	}
	return "seat " + strconv.Itoa(int(s))
}

// Valid reports whether s is one of the n seats of a game.
func (s Seat) Valid(n int) bool { return s >= 0 && int(s) < n }
