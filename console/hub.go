package console

import (
	"context"
	"time"
)

// Hub is what the venue hub's console reads of the venue besides the
// hub's database: the tables paired with the hub as it hears them now,
// and their guests' open staff calls. The hub implements it (venue.Hub,
// wired by tablee venue); the console does not import the venue. Its
// methods are called from the console's goroutines.
type Hub interface {
	Tables(ctx context.Context) ([]HubTable, error)
	// AnswerCall answers table kiosk's call id: it leaves the hub's list
	// at once and the table's own at its next hello to the hub.
	AnswerCall(ctx context.Context, kiosk, id string) error
	// RemoveTable removes table kiosk from the venue (venue.Hub.Revoke):
	// its kiosk's link is closed and it can no longer connect; its games
	// stay in the venue; it may pair again with the venue's code.
	RemoveTable(ctx context.Context, kiosk string) error
}

// HubHealth is what a hub may also say of itself (venue.Hub through
// cmd/tablee): its Tables page shows it above the tables. A Hub without it
// says nothing.
type HubHealth interface {
	Health(ctx context.Context) HubState
}

// HubState is how the hub stands: its store unwritable (a full disk),
// its database being refilled from its stream.
type HubState struct {
	// StoreFull is set while the hub's store cannot be written, since
	// StoreSince: the tables play on and send their games once it can.
	StoreFull  bool
	StoreSince time.Time
	// Refill counts a lost database's refill from the stream: Loaded of
	// Events; Events 0 when not refilling.
	RefillEvents, RefillLoaded uint64
}

// HubTable is one paired table as the hub knows it.
type HubTable struct {
	Kiosk    string    // the kiosk's venue id
	Name     string    // the table's name, from its last hello ("" if it never linked)
	Paired   time.Time // when it paired with the hub
	LastSeen time.Time // its last hello to the hub ("check-in")
	Online   bool      // its link to the hub is up
	// Behind is how many of its events have not reached the hub yet, as
	// far as the hub knows (0 when offline: unknown).
	Behind int
	// Stalled reports a link that is up but carried nothing lately; the
	// hub restarts it.
	Stalled bool
	// Calls are its guests' open calls for the staff, oldest first.
	Calls []Call
	// CutOff is set while the hub has cut it off the venue for going
	// over its limits (since CutOffAt; CutOffLimit names the limit,
	// venue's LimitEventsPerMinute and the others, CutOffMax its value),
	// until the staff let it in again (HubLimits).
	CutOff      bool
	CutOffAt    time.Time
	CutOffLimit string
	CutOffMax   int64
}

// HubLimits is what a hub that cuts off tables going over their limits
// offers (venue.Hub through cmd/tablee): letting one in again.
type HubLimits interface {
	LetIn(ctx context.Context, kiosk string) error
}

// hubTablesWait bounds every question of the console to the hub about its
// tables: the hub's JetStream may be stuck (a full disk), and the pages
// answer within seconds all the same.
const hubTablesWait = 3 * time.Second

// askHubTables asks the hub for its tables, within hubTablesWait.
func (h *Handler) askHubTables(ctx context.Context) ([]HubTable, error) {
	ctx, cancel := context.WithTimeout(ctx, hubTablesWait)
	defer cancel()
	return h.cfg.Hub.Tables(ctx)
}
