package server

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/session"
)

// fakeView is a view that holds a result or not.
type fakeView struct{ result *engine.Result }

func (v fakeView) Viewer() engine.Seat  { return 0 }
func (v fakeView) Turn() engine.Seat    { return engine.NoSeat }
func (v fakeView) Legal() []engine.Move { return nil }
func (v fakeView) Result() (engine.Result, bool) {
	if v.result == nil {
		return engine.Result{}, false
	}
	return *v.result, true
}

// A view is sent as the game's last only when it is: its own result, or
// the session ended with it — whatever the session's state is by the
// time the pump sends it (the bots may have played on to the end).
func TestViewOverIsTheViewsOwn(t *testing.T) {
	res := &engine.Result{Scores: []int{1, 2}}
	for _, c := range []struct {
		name string
		u    host.Update
		want bool
	}{
		{"a move's view before the end", host.Update{Kind: host.MoveUpdate, View: fakeView{}, Status: session.Active}, false},
		{"the final move's view", host.Update{Kind: host.MoveUpdate, View: fakeView{res}, Status: session.Active}, true},
		{"finished", host.Update{Kind: host.StatusUpdate, View: fakeView{res}, Status: session.Finished}, true},
		{"abandoned, no result", host.Update{Kind: host.StatusUpdate, View: fakeView{}, Status: session.Abandoned}, true},
		{"no view", host.Update{Kind: host.StatusUpdate, Status: session.Active}, false},
	} {
		if got := viewOver(c.u); got != c.want {
			t.Errorf("%s: over %v, want %v", c.name, got, c.want)
		}
	}
}
