package window

import (
	"context"
	"time"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/kiosk/screen"
)

// ReplayIdleAfter is how long a replay the console opened stays on the
// table with nobody stepping through it before the table goes back to
// its attract screen: longer than the lobby's wait, since guests may be
// watching, and nobody's game is on it.
const ReplayIdleAfter = 4 * time.Minute

// ConsoleScreen is the window as the staff console sees the table's
// screen (table.Config.Screen): the console opens a session's replay
// here when the table is free.
func (ui *UI) ConsoleScreen() console.Screen { return consoleScreen{ui} }

// consoleScreen is the window for the console.
type consoleScreen struct{ ui *UI }

// Free returns nil when the table's screen may show a replay from the
// console, else a *console.BusyError saying what the table is doing. It
// asks on the UI goroutine, where the screens live.
func (c consoleScreen) Free(ctx context.Context) error {
	ui := c.ui
	return ui.onUI(ctx, func() error { return busyError(ui.busy()) })
}

// ShowReplay shows session id's replay on the table's screen, as the
// staff screen's "view" does, when the table is free; else it returns a
// *console.BusyError and the screen stays as it was. The guests leave
// the replay with its back button, to the screen it replaced (the
// attract screen or the lobby).
func (c consoleScreen) ShowReplay(ctx context.Context, id string) error {
	ui := c.ui
	return ui.onUI(ctx, func() error {
		if err := busyError(ui.busy()); err != nil {
			return err
		}
		back := ui.showLobby
		switch {
		case ui.attract != nil:
			back = ui.showAttract
		case ui.replay != nil && ui.replayBack != nil:
			back = ui.replayBack // one replay after another: back to where the first came from
		}
		if err := ui.openReplay(id, back); err != nil {
			return err
		}
		ui.watchReplay(ui.replay)
		return nil
	})
}

// watchReplay sends the table back to its attract screen once the
// replay r has had no step taken for ReplayIdleAfter, unless a dialog is
// open.
func (ui *UI) watchReplay(r *screen.Replay) {
	ui.watchIdle(ReplayIdleAfter, func() bool { return ui.replay == r }, r.Position)
}

// onUI runs f on the UI goroutine and returns its error, or ctx's when
// it ends first; f then does nothing once it runs (the console has told
// the staff that nothing changed).
func (ui *UI) onUI(ctx context.Context, f func() error) error {
	done := make(chan error, 1)
	ui.do(func() {
		if err := ctx.Err(); err != nil {
			done <- err
			return
		}
		done <- f()
	})
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// busy is what keeps the screen from showing a replay from the console,
// "" when nothing does: guests playing, sitting down, learning, reading
// their results, or someone using the staff's screens or a dialog. The
// attract screen, the lobby and a replay are free. On the UI goroutine.
func (ui *UI) busy() console.Busy {
	if ui.t == nil {
		return console.BusyInUse // not started yet
	}
	if s := ui.t.Session(); s != nil && !s.Status().Ended() {
		if ui.seating != nil || ui.seatingScreen != nil || s.Moves() == 0 {
			return console.BusySeating
		}
		return console.BusyGame
	}
	switch {
	case ui.learn != nil:
		return console.BusyLesson
	case ui.seatingScreen != nil:
		return console.BusySeating
	case ui.board != nil:
		return console.BusyGame
	case ui.results != nil:
		return console.BusyResults
	case ui.staffScreen != nil, ui.win.Canvas().Overlays().Top() != nil:
		return console.BusyInUse
	case ui.attract == nil && ui.lobby == nil && ui.replay == nil:
		return console.BusyInUse // a screen this list does not know: leave it be
	}
	return ""
}

// busyError is reason as the console's error, nil when free.
func busyError(reason console.Busy) error {
	if reason == "" {
		return nil
	}
	return &console.BusyError{Reason: reason}
}
