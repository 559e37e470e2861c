package screen

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/board"
)

// A guest on the touch screen asks for a hint with their panel's button;
// the panel says it, turned to them, until the next move. A seat played
// from a phone gets no such button on the table.
func TestATouchSeatAsksForAHint(t *testing.T) {
	s := newFake(t, "canyonduel", 2, 1)
	asked := make(chan engine.Seat, 1)
	hinted := s.View(0).Legal()[0]
	sg := newStage(t, s, 2, GameConfig{Hint: func(_ context.Context, seat engine.Seat) (engine.Move, error) {
		asked <- seat
		return hinted, nil
	}})
	sg.tbl.Show(GameState{Turn: 0, Seats: seatsOf("touch", "touch")})
	p := sg.tbl.panels[0]
	var hint *widget.Button
	for _, b := range buttonsIn(p.buttons) {
		if b.Text == "Conseil" {
			hint = b
		}
	}
	if hint == nil {
		t.Fatal("the touch seat to move has no hint button")
	}
	sg.mu.Lock()
	test.Tap(hint)
	sg.mu.Unlock()
	if seat := <-asked; seat != 0 {
		t.Fatalf("hint asked for %v", seat)
	}
	<-sg.changed
	sg.mu.Lock()
	defer sg.mu.Unlock()
	if line := p.lineText(); !strings.HasPrefix(line, "Conseil : ") || strings.Contains(line, hinted.String()) {
		t.Errorf("the panel says %q, want the hint in words, not %q", line, hinted.String())
	}
	// The cells the words speak of are ringed where the board draws them.
	rings, spots := sg.tbl.HintRings(), board.Spots(sg.tbl.Board(), hinted)
	if len(rings) == 0 || len(rings) != len(spots) {
		t.Fatalf("%d rings for the hint %v, want one on each of its %d cells", len(rings), hinted, len(spots))
	}
	for i, at := range spots {
		if want := sg.tbl.Board().Position().Add(at); rings[i] != want {
			t.Errorf("ring %d at %v, want %v: the board draws the cell there", i, rings[i], want)
		}
	}
	sg.tbl.Show(GameState{Turn: 0, Seats: seatsOf("connected", "touch")})
	for _, b := range buttonsIn(p.buttons) {
		if b.Text == "Conseil" {
			t.Error("a phone's seat has a hint button on the table")
		}
	}
}

// buttonsIn lists the buttons of a panel's button column.
func buttonsIn(c *fyne.Container) []*widget.Button {
	var out []*widget.Button
	for _, o := range c.Objects {
		if box, ok := o.(*fyne.Container); ok {
			for _, b := range box.Objects {
				if b, ok := b.(*widget.Button); ok {
					out = append(out, b)
				}
			}
		}
	}
	return out
}
