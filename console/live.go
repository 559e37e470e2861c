package console

import (
	"slices"
	"strconv"
	"sync"
	"time"
)

// SeatKind is how a seat is played, as the console shows it.
type SeatKind string

// The seat kinds of the live table.
const (
	SeatPhone   SeatKind = "phone"   // the companion app
	SeatWeb     SeatKind = "web"     // the web page of the QR code
	SeatTouch   SeatKind = "touch"   // on the table's touch screen
	SeatBot     SeatKind = "bot"     // a bot
	SeatAway    SeatKind = "away"    // a phone holds it but is offline
	SeatWaiting SeatKind = "waiting" // free, waiting for a guest
)

// LiveSeat is one seat of a running game.
type LiveSeat struct {
	Name string
	Kind SeatKind
}

// LiveTable is one table as it is now.
type LiveTable struct {
	Name    string
	Game    string // the game's id; "" when no game runs
	Status  string // the session's status (active, paused, finished…)
	Started time.Time
	Moves   int
	Seats   []LiveSeat
	// DiskFull is since when the table's disk has been full (its
	// database refuses writes; the game goes on from memory); zero
	// while it writes.
	DiskFull time.Time
}

// Live is what the console reads of the running tables: the kiosk's
// table for its own console, nothing on a hub without one. Tables is
// called from the console's goroutines and must be safe for that.
type Live interface {
	Tables() []LiveTable
}

// Call is a table's call for the staff, shown until someone answers it.
type Call struct {
	ID    string
	Table string
	At    time.Time
}

// calls are the pending staff calls; safe for concurrent use.
type calls struct {
	mu   sync.Mutex
	next int
	list []Call
}

// add records a call from table; a table that calls again while its call
// waits keeps its one call (at its first time).
func (c *calls) add(table string, at time.Time) Call {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, x := range c.list {
		if x.Table == table {
			return x
		}
	}
	c.next++
	x := Call{ID: strconv.Itoa(c.next), Table: table, At: at}
	c.list = append(c.list, x)
	return x
}

// answer removes the call id; false if there was none.
func (c *calls) answer(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(c.list)
	c.list = slices.DeleteFunc(c.list, func(x Call) bool { return x.ID == id })
	return len(c.list) < n
}

func (c *calls) pending() []Call {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.list)
}
