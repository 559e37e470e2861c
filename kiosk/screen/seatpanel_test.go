package screen

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
)

// BenchmarkSeatPanelRedraw is a real seat panel, turned a quarter, drawn
// again as its seat's state changes: the away seat's buttons come and go
// and the turn passes, so every redraw has something new to show.
func BenchmarkSeatPanelRedraw(b *testing.B) {
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
		tbl.state = TableState{Turn: engine.Seat(i % 2), Seats: []SeatStatus{{Name: "Anja", State: "connected"}, states[i%2]}}
		p.update()
	}
}
