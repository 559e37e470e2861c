package screen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

var canyonInfo = engine.Info{ID: "canyon", Name: engine.Text{FR: "Canyon"}, MinSeats: 3, MaxSeats: 6,
	Options: []engine.Option{{Key: "less-luck", Name: engine.Text{FR: "Moins de hasard"}, Default: "off", Choices: []string{"off", "on"}}}}

func TestTableScreenSaysWhoWon(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	tb := NewTable("en", w, nil, nil, nil)
	w.SetContent(tb.Content())
	st := TableState{Game: canyonInfo, Code: "0427", Turn: 1,
		Seats: []SeatStatus{{Name: "Anja", State: "connected"}, {Name: "Bernd", State: "away"}, {State: "bot"}}}
	tb.Show(st)
	if tb.status.Text != "Bernd to play" || tb.CodeText() != "Table code: 0427" {
		t.Errorf("status %q, code %q", tb.status.Text, tb.CodeText())
	}
	st.Over, st.Turn = true, engine.NoSeat
	st.Result = engine.Result{Winners: []engine.Seat{0, 2}}
	tb.Show(st)
	if tb.status.Text != "Game over — Winner(s): Anja, Seat 3" {
		t.Errorf("status %q", tb.status.Text)
	}
}

func TestAnAwaySeatIsOfferedToABotAfterTheTimeout(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	tb := NewTable("fr", w, nil, nil, nil)
	var handed engine.Seat = engine.NoSeat
	tb.OnHandToBot = func(s engine.Seat) { handed = s }
	w.SetContent(tb.Content())
	st := TableState{Game: canyonInfo, Code: "0427", Turn: 0, Seats: []SeatStatus{
		{Name: "Anja", State: "away", AwayFor: AwayTimeout / 2},
		{Name: "Bernd", State: "away", AwayFor: AwayTimeout}}}
	tb.Show(st)
	var offers []*widget.Button
	for _, row := range tb.seats.Objects {
		if box, ok := row.(*fyne.Container); ok {
			for _, o := range box.Objects {
				if b, ok := o.(*widget.Button); ok && b.Text == "Confier à un robot" {
					offers = append(offers, b)
				}
			}
		}
	}
	if len(offers) != 1 {
		t.Fatalf("%d offers to let a bot play; want one, for Bernd", len(offers))
	}
	test.Tap(offers[0])
	if handed != 1 {
		t.Errorf("handed seat %v", handed)
	}
}
