package host

import (
	"context"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// Store keeps sessions durably: the few things the host asks of the
// database (*db.DB implements it), so that the host knows nothing of SQL
// and its tests run against an in-memory fake (hosttest.Store).
type Store interface {
	// CreateSession stores a new active session and returns it with its id.
	CreateSession(ctx context.Context, rec session.Record) (session.Record, error)
	// Unfinished returns the sessions still active or paused.
	Unfinished(ctx context.Context) ([]session.Record, error)
	// AppendMove adds m to an active session's log. Only when it returns
	// nil is the move on disk, and may anyone be told of it. A sequence
	// number out of order or a session not active is refused.
	AppendMove(ctx context.Context, id string, m session.Move) error
	// Moves returns a session's log in order.
	Moves(ctx context.Context, id string) ([]session.Move, error)
	// SetSeat changes who plays a seat of a live session.
	SetSeat(ctx context.Context, id string, seat int, st session.Seat) error
	// AddHint counts one more hint given to a seat of an active session.
	AddHint(ctx context.Context, id string, seat int) error
	// SetStatus moves a live session to another status (not Finished).
	SetStatus(ctx context.Context, id string, status session.Status, reason string, at time.Time) error
	// Finish ends an active session with its result.
	Finish(ctx context.Context, id string, res engine.Result, at time.Time) error
	// PlayerForKey returns the id of the player whose phone holds key,
	// adding them under nickname on the key's first use.
	PlayerForKey(ctx context.Context, key, nickname string, now time.Time) (string, error)
	// RatedOutcome is what a finished game meant for the player at seat;
	// false if the seat was not rated.
	RatedOutcome(ctx context.Context, id string, seat int) (session.Outcome, bool, error)
	// SaveSeating keeps the phones' seating of a live or finished session
	// (a JSON document the table server writes: table code, token hashes),
	// and Seating returns it, nil if none was saved. Abandoning the
	// session clears it; a finished one keeps it while its results are on
	// the table, for the phones to play again after a crash too.
	SaveSeating(ctx context.Context, id string, data []byte) error
	Seating(ctx context.Context, id string) ([]byte, error)
}
