package screen

import (
	"context"
	"strconv"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyon"
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
			tbl, err := NewGame(GameConfig{Session: s, Seats: 2, Lang: "fr", Still: true, Do: func(f func()) { f() },
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
				tbl.state = GameState{Turn: engine.Seat(i % 2), Seats: []SeatStatus{{Name: "Anja", State: "connected"}, st}}
				p.update()
			}
		})
	}
}

// absAt is where o lies in root, whose top-left is the origin, and whether
// it is there at all.
func absAt(root, o fyne.CanvasObject) (fyne.Position, bool) {
	if root == o {
		return root.Position(), true
	}
	if c, ok := root.(*fyne.Container); ok {
		for _, k := range c.Objects {
			if at, ok := absAt(k, o); ok {
				return at.Add(root.Position()), true
			}
		}
	}
	return fyne.Position{}, false
}

// An away seat's buttons ("Confier à un robot", "Libérer") leave its lines
// readable: each line ends before the buttons begin, in every language.
func TestAnAwaySeatsButtonsCoverNoLineOfItsPanel(t *testing.T) {
	for _, lang := range []string{"fr", "de", "en"} {
		t.Run(lang, func(t *testing.T) {
			s := newFake(t, "canyon", 4, 1)
			for s.View(engine.Onlooker).(*canyon.View).Phase == canyon.PhasePlace {
				turn := s.View(engine.Onlooker).Turn()
				if err := s.Play(context.Background(), turn, s.View(turn).Legal()[0]); err != nil {
					t.Fatal(err)
				}
			}
			sg := newStage(t, s, 4, GameConfig{Lang: lang, OnHandToBot: func(engine.Seat) {}, OnRelease: func(engine.Seat) {}})
			seats := seatsOf("app", "app", "app", "app")
			seats[3].Name = "Maximilian"
			seats[3].State, seats[3].AwayFor = "away", AwayTimeout
			sg.tbl.Show(GameState{Turn: 3, Seats: seats})
			p := sg.tbl.panels[3] // on the right
			root := p.panel.Content()
			btns, ok := absAt(root, p.buttons)
			if !ok || len(p.buttons.Objects) != 2 {
				t.Fatalf("no buttons in the away seat's panel")
			}
			btnX := btns.X + p.buttons.Objects[0].Position().X
			for _, line := range []*canvas.Text{p.name, p.line, p.line2, p.progress} {
				at, _ := absAt(root, line)
				end := at.X + fyne.MeasureText(line.Text, line.TextSize, line.TextStyle).Width
				if end > btnX {
					t.Errorf("%q (%g px) ends at %v, under the buttons from %v", line.Text, line.TextSize, end, btnX)
				}
			}
		})
	}
}

// On its turn, a phone seat's panel says what it must decide, turned to
// it; an away phone's panel keeps saying it is away.
func TestAPhoneSeatsPanelSaysWhatItDecides(t *testing.T) {
	s := newFake(t, "canaille", 3, 2)
	sg := newStage(t, s, 3, GameConfig{})
	turn := s.View(engine.Onlooker).Turn()
	seats := seatsOf("app", "app", "app")
	sg.tbl.Show(GameState{Turn: turn, Seats: seats})
	if got, want := sg.tbl.panels[turn].line.Text, sg.tbl.board.Doing(s.View(engine.Onlooker)); got != want || got == "" {
		t.Errorf("the deciding seat's panel says %q, want %q", got, want)
	}
	seats[turn].State = "away"
	sg.tbl.Show(GameState{Turn: turn, Seats: seats})
	if got := sg.tbl.panels[turn].line.Text; got != "téléphone absent" {
		t.Errorf("an away seat's panel says %q on its turn", got)
	}
}
