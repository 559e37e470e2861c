package engine

import "strconv"

// Seat is a player's place at the table, numbered from 0 in clockwise order.
type Seat int

const (
	// NoSeat means nobody: the game is over, or an event concerns no seat.
	NoSeat Seat = -1
	// Onlooker is the viewer who holds no seat and sees only what is
	// public: the view the kiosk's screen shows, a replay, a spectator.
	// (Not named Table: "table" means the kiosk's table only.)
	Onlooker Seat = -2
)

// String names the seat for logs: "seat 0", "onlooker" or "nobody".
func (s Seat) String() string {
	switch s {
	case NoSeat:
		return "nobody"
	case Onlooker:
		return "onlooker"
	}
	return "seat " + strconv.Itoa(int(s))
}

// Valid reports whether s is one of the n seats of a game.
func (s Seat) Valid(n int) bool { return s >= 0 && int(s) < n }
