// Package session holds a game session as the table keeps it: who sits
// where, where it stands, its move log. The table host runs sessions and
// the database stores them; both speak these types, so the host depends on
// a small Store interface and not on SQL.
package session

import (
	"time"

	"github.com/tablee/tablee/engine"
)

// Status is where a session stands.
type Status string

// The statuses a session goes through: active ⇄ paused, then finished or
// abandoned; broken is set aside.
const (
	Active    Status = "active"
	Paused    Status = "paused"
	Finished  Status = "finished"
	Abandoned Status = "abandoned"
	// Broken marks a session whose log no longer replays to its stored
	// hashes: it is kept for inspection and never resumed.
	Broken Status = "broken"
)

// Ended reports whether the session is over for good (with an end time).
func (s Status) Ended() bool { return s == Finished || s == Abandoned }

// Live reports whether the session is being played or paused.
func (s Status) Live() bool { return s == Active || s == Paused }

// SeatKind says who sits at a seat.
type SeatKind string

// The kinds of seat.
const (
	Person SeatKind = "person" // a known player, rated
	Guest  SeatKind = "guest"  // someone without an account, not rated
	Bot    SeatKind = "bot"    // a bot of some level, not rated
)

// Seat is who plays one seat of a session.
type Seat struct {
	Kind     SeatKind
	PlayerID string       // Person only
	BotLevel engine.Level // Bot only
	Name     string       // shown on screen: a guest's name, or a player's shown name when read back
	// HandedFrom, read back for a bot seat a bot took over mid-game, is
	// the name of whose seat it was (the player's shown name, or the
	// guest's); HandedPlayer is that player's id, if a known player.
	HandedFrom, HandedPlayer string
	// Hints, read back, is how many hints this seat asked for and got
	// (the results show it); changing who plays the seat keeps it.
	Hints int
}

// Record is one game played at one table, as stored.
type Record struct {
	ID        string // UUIDv7, assigned when stored
	TableID   int64
	Game      string
	Options   map[string]string
	Seed      uint64
	Seats     []Seat
	Status    Status
	StartedAt time.Time
	EndedAt   time.Time // zero unless finished or abandoned
	Reason    string    // how it ended, or why it is broken
}

// Outcome is what a finished game meant for the player at one rated seat,
// as their phone shows it: the ordinal of their rating (the conservative
// estimate boards sort by) before and after, and their place on the game's
// all-time board afterwards.
type Outcome struct {
	PlayerID      string
	Before, After float64 // ordinals
	Games         int     // rated games of this game played, this one included
	Provisional   bool    // too few games yet for the rating to mean much
	Place, Of     int     // place on the game's board, among Of players
}

// Move is one entry of a session's move log.
type Move struct {
	Seq       int // 1 for the first move of the session
	Seat      engine.Seat
	JSON      []byte // engine.EncodeMove's versioned form
	StateHash string // State.Hash() after the move
	PlayedAt  time.Time
}
