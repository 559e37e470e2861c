package screen

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/lesson"
)

// buttons lists every visible button under o with its size.
func buttons(o fyne.CanvasObject) map[string]fyne.Size {
	out := map[string]fyne.Size{}
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *widget.Button:
			out[x.Text] = x.Size()
		case *fyne.Container:
			for _, k := range x.Objects {
				walk(k)
			}
		case fyne.Widget:
			for _, k := range test.WidgetRenderer(x).Objects() {
				walk(k)
			}
		}
	}
	walk(o)
	return out
}

// TestEveryTargetIsAFingerWide measures, for every game and seat count on
// a 1920×1080 table, the smallest thing a guest touches: the board's
// cells or holes where the table takes the game's taps (the pitch from
// one target to the next, kiosk/board's SpotSize), every button of every
// seat panel, and in the game's lesson the board's cells and the hand's
// buttons. Each must be at least geom.MinTarget (64 px) across.
func TestEveryTargetIsAFingerWide(t *testing.T) {
	for _, rules := range catalog.Games() {
		info := rules.Info()
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			t.Run(fmt.Sprintf("%s/%d seats", info.ID, seats), func(t *testing.T) {
				s := newFake(t, info.ID, seats, 3)
				sg := newStageIn(t, s, seats, GameConfig{Lang: "fr", OnHandToBot: func(engine.Seat) {}, OnRelease: func(engine.Seat) {}}, NewTheme())
				st := make([]SeatStatus, seats)
				for i := range st {
					st[i] = SeatStatus{Name: "Anja", State: "away", AwayFor: AwayTimeout}
				}
				turn := s.View(engine.Onlooker).Turn()
				st[turn] = SeatStatus{Name: "Bernd", State: "connected", Touch: true}
				sg.mu.Lock()
				defer sg.mu.Unlock()
				sg.tbl.Show(GameState{Turn: turn, Seats: st})
				if tapped(sg.tbl.Board(), s.View(engine.Onlooker)) {
					if cell := board.SpotSize(sg.tbl.Board()); cell < geom.MinTarget {
						t.Errorf("the board's targets are %.0f px apart (board %v), under %.0f", cell, sg.tbl.Board().Size(), float32(geom.MinTarget))
					} else {
						t.Logf("the board's targets are %.0f px apart", cell)
					}
				}
				for _, p := range sg.tbl.panels {
					for label, size := range buttons(p.panel.Content()) {
						if min(size.Width, size.Height) < geom.MinTarget {
							t.Errorf("seat %d's %q is %v", p.seat, label, size)
						}
					}
				}
			})
		}
		if ls, ok := lesson.For(info.ID); ok {
			t.Run(info.ID+"/lesson", func(t *testing.T) {
				c := newClassroomIn(t, ls, "fr", NewTheme())
				c.mu.Lock()
				defer c.mu.Unlock()
				b := c.l.Game().Board()
				if tapped(b, c.l.sess.View(engine.Onlooker)) {
					if cell := board.SpotSize(b); cell < geom.MinTarget {
						t.Errorf("the lesson board's targets are %.0f px apart (board %v), under %.0f", cell, b.Size(), float32(geom.MinTarget))
					} else {
						t.Logf("the lesson board's targets are %.0f px apart", cell)
					}
				}
				// "Leave", on the table by the learner's panel, is a
				// finger wide and hides no target of the learner's.
				leave := c.l.LeaveAt()
				if min(leave.Size.Width, leave.Size.Height) < geom.MinTarget {
					t.Errorf("the learner's %q is %v", c.l.BackButton().Text, leave.Size)
				}
				for _, m := range c.l.sess.View(ls.Learner).Legal() {
					for _, p := range board.Spots(b, m) {
						if at := b.Position().Add(c.l.Game().Content().Position()).Add(p); (geom.Rect{Pos: at, Size: fyne.NewSize(1, 1)}).Overlaps(leave) {
							t.Errorf("%q at %v hides %v's cell at %v", c.l.BackButton().Text, leave, m, at)
						}
					}
				}
				for label, size := range buttons(c.l.Coach().Content()) {
					if min(size.Width, size.Height) < geom.MinTarget {
						t.Errorf("the learner's %q is %v", label, size)
					}
				}
			})
		}
	}
}

// tapped reports whether guests touch b's cells in the game: a board game,
// or Canyon, whose canoes land where the table is touched.
func tapped(b board.Board, _ engine.View) bool {
	_, cards := b.(interface{ BannerTurn() (string, geom.Turn) }) // Canaille's cards go through the phones
	return !cards
}
