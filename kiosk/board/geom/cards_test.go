package geom

import (
	"testing"

	"fyne.io/fyne/v2"
)

func rectOf(p fyne.Position, s fyne.Size) Rect {
	return Rect{Pos: p, Size: s}
}

func inside(r Rect, area fyne.Size) bool {
	return r.Pos.X >= 0 && r.Pos.Y >= 0 && r.Pos.X+r.Size.Width <= area.Width && r.Pos.Y+r.Size.Height <= area.Height
}

// TestCanailleBandsFitAndDoNotOverlap: on the kiosk's screen, every card
// of the three bands lies inside the board, no two overlap, the bands
// come top to bottom, and the sentence shown and the catches are centred.
func TestCanailleBandsFitAndDoNotOverlap(t *testing.T) {
	area, card := fyne.NewSize(1920, 1000), fyne.NewSize(160, 160)
	for seats := 2; seats <= 4; seats++ {
		for shown := 0; shown <= 5; shown++ {
			l := LayCanaille(area, card, 5, 5, shown, seats)
			var all []Rect
			all = append(all, rectOf(l.River, card), rectOf(l.Deck, card))
			for _, p := range l.Row {
				all = append(all, rectOf(p, card))
			}
			for _, p := range l.Sentence[:max(shown, 1)] {
				all = append(all, rectOf(p, card))
			}
			for _, p := range l.Catches {
				all = append(all, rectOf(p, card))
			}
			for i, a := range all {
				if !inside(a, area) {
					t.Errorf("%d seats, %d shown: card %d at %v is off the board", seats, shown, i, a)
				}
				for j, b := range all[:i] {
					if a.Overlaps(b) {
						t.Errorf("%d seats, %d shown: cards %d and %d overlap: %v %v", seats, shown, j, i, b, a)
					}
				}
			}
			if top, mid := l.River.Y+card.Height, l.Banner; top >= mid {
				t.Errorf("the top band (to %v) reaches the banner (%v)", top, mid)
			}
			if mid, low := l.Sentence[0].Y+card.Height, l.CatchesAt.Y; mid >= low {
				t.Errorf("the sentence (to %v) reaches the catches (%v)", mid, low)
			}
			if shown > 0 {
				left, right := l.Sentence[0].X, area.Width-(l.Sentence[shown-1].X+card.Width)
				if d := left - right; d > 1 || d < -1 {
					t.Errorf("%d shown: the sentence is not centred: %v left, %v right", shown, left, right)
				}
			}
			if len(l.Catches) != seats || len(l.Row) != 5 || len(l.Sentence) != 5 {
				t.Errorf("%d catches, %d row cards, %d sentence places", len(l.Catches), len(l.Row), len(l.Sentence))
			}
		}
	}
}

// TestCanyonStripRunsLeftToRight: the track's boxes, the trump and the
// trick's cards follow each other from the strip's start without
// overlapping.
func TestCanyonStripRunsLeftToRight(t *testing.T) {
	box, card := float32(48), fyne.NewSize(80, 104)
	at := fyne.NewPos(100, 700)
	s := LayCanyonStrip(at, box, 14, card, 6)
	var all []Rect
	for _, p := range s.Track {
		all = append(all, rectOf(p, fyne.NewSize(box, box)))
	}
	all = append(all, rectOf(s.Trump, card))
	for _, p := range s.Trick {
		all = append(all, rectOf(p, card))
	}
	if all[0].Pos.X != at.X {
		t.Errorf("the strip starts at %v, not %v", all[0].Pos.X, at.X)
	}
	for i := 1; i < len(all); i++ {
		if all[i].Pos.X < all[i-1].Pos.X+all[i-1].Size.Width {
			t.Errorf("item %d at x %v overlaps item %d ending at %v", i, all[i].Pos.X, i-1, all[i-1].Pos.X+all[i-1].Size.Width)
		}
	}
	if s.TrumpT.X != s.Trump.X || s.TrumpT.Y >= s.Trump.Y {
		t.Errorf("the trump's title %v is not above its card %v", s.TrumpT, s.Trump)
	}
}

// TestCanoesInOneCellFanOut: canoes sharing a cell get distinct centres
// within about a cell of it; a lone canoe sits in its cell's centre.
func TestCanoesInOneCellFanOut(t *testing.T) {
	c, cell := fyne.NewPos(300, 200), float32(40)
	if p, s := CanoeAt(c, cell, 0); p != c || s.Width >= cell || s.Height >= s.Width {
		t.Errorf("a lone canoe at %v size %v", p, s)
	}
	seen := map[fyne.Position]int{}
	for k := range 6 {
		p, _ := CanoeAt(c, cell, k)
		if prev, ok := seen[p]; ok {
			t.Errorf("canoes %d and %d share the centre %v", prev, k, p)
		}
		seen[p] = k
		if p.X != c.X || p.Y-c.Y > 1.5*cell || c.Y-p.Y > cell {
			t.Errorf("canoe %d at %v is far from its cell's centre %v", k, p, c)
		}
	}
}
