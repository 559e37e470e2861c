package screen

import (
	"strconv"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
)

// BenchmarkSeatPanelRedraw is a real seat panel, turned a quarter, drawn
// again as its seat's state changes: the away seat's buttons come and go
// and the turn passes, so every redraw has something to change. In
// "back-and-forth" the panel goes back to how it was a redraw ago (as it
// does each turn); in "new-text" its name is new at every redraw, so a
// text is always drawn afresh.
func BenchmarkSeatPanelRedraw(b *testing.B) {
	for _, c := range []struct {
		name  string
		fresh bool
	}{{"back-and-forth", false}, {"new-text", true}} {
		b.Run(c.name, func(b *testing.B) {
			test.NewTempApp(b)
			s := newFake(b, "canyonduel", 2, 1)
			tbl, err := NewTable(TableConfig{Session: s, Seats: 2, Lang: "fr", Still: true, Do: func(f func()) { f() },
				OnHandToBot: func(engine.Seat) {}, OnRelease: func(engine.Seat) {}})
			if err != nil {
				b.Fatal(err)
			}
			p := tbl.panels[1]
			states := []SeatStatus{{Name: "Bernd", State: "connected"}, {Name: "Bernd", State: "away", AwayFor: 3 * time.Minute}}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				st := states[i%2]
				if c.fresh {
					st.Name = "Bernd " + strconv.Itoa(i)
				}
				tbl.state = TableState{Turn: engine.Seat(i % 2), Seats: []SeatStatus{{Name: "Anja", State: "connected"}, st}}
				p.update()
			}
		})
	}
}
