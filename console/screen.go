package console

import (
	"context"
	"errors"
)

// Screen is the table's own screen as far as the console uses it: the
// kiosk's window opens a session's replay there for the staff. The
// console knows it only through this interface (it imports no screen);
// a headless kiosk or a hub has none.
type Screen interface {
	// Free returns nil when the screen may show a replay now, else a
	// *BusyError saying what the table is doing.
	Free(ctx context.Context) error
	// ShowReplay shows session id's replay on the table's screen, or
	// returns a *BusyError and changes nothing there.
	ShowReplay(ctx context.Context, id string) error
}

// Busy is what keeps the table's screen from showing a replay.
type Busy string

// What a table may be busy with.
const (
	BusyGame    Busy = "game"    // a game is being played
	BusySeating Busy = "seating" // guests are choosing seats or phones are joining
	BusyLesson  Busy = "lesson"  // a guided first game
	BusyResults Busy = "results" // a finished game's results, its guests still seated
	BusyInUse   Busy = "in_use"  // the staff's screens or a dialog are open
)

// BusyError says the table's screen is in use, and by what.
type BusyError struct{ Reason Busy }

func (e *BusyError) Error() string { return "the table is busy: " + string(e.Reason) }

// busyReason is err's reason when it is a *BusyError.
func busyReason(err error) (Busy, bool) {
	var b *BusyError
	if errors.As(err, &b) {
		return b.Reason, true
	}
	return "", false
}
