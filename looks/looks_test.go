package looks

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/tablee/tablee/engine/catalog"
)

// ids are the games with looks of their own, and "" for the common
// looks every other game gets.
var ids = append(slices.Sorted(maps.Keys(games())), "")

// games() names only games the catalog ships; a shipped game without an
// entry has the common seat colours.
func TestLooksAreOfShippedGames(t *testing.T) {
	shipped := catalog.Registry().IDs()
	for id := range games() {
		if !slices.Contains(shipped, id) {
			t.Errorf("package looks's games() has %q, which the catalog does not ship", id)
		}
	}
	for _, id := range shipped {
		if g, _ := For(id); len(g.Seats) < 2 {
			t.Errorf("%s: looks with %d seat colours", id, len(g.Seats))
		}
	}
}

// Every ink is readable on its ground: WCAG's 4.5:1.
func TestInkIsReadable(t *testing.T) {
	for _, id := range ids {
		g, _ := For(id)
		check := func(what string, l Look) {
			if c := Contrast(l.Fill, l.Ink); c < 4.5 {
				t.Errorf("%s %s: ink %s on %s is %.2f:1, under 4.5:1", id, what, l.Ink.Hex(), l.Fill.Hex(), c)
			}
		}
		for i, l := range g.Seats {
			check("seat "+string(rune('1'+i)), l)
		}
		for i, l := range g.Suits {
			check("suit "+string(rune('0'+i)), l)
		}
		for k, l := range g.Kinds {
			check("kind "+k, l)
		}
	}
}

// Colour is never the only cue: within a game no two suits, no two kinds
// share a symbol or a colour, and each has a symbol.
func TestSecondCue(t *testing.T) {
	for _, id := range ids {
		g, _ := For(id)
		var all []Look
		all = append(all, g.Suits...)
		for _, l := range g.Kinds {
			all = append(all, l)
		}
		syms, fills := map[Symbol]bool{}, map[RGB]bool{}
		for _, l := range all {
			if l.Symbol == NoSymbol || l.Symbol.Outline() == nil {
				t.Errorf("%s: %v has no symbol drawn", id, l)
			}
			if syms[l.Symbol] || fills[l.Fill] {
				t.Errorf("%s: %v repeats a symbol or a colour", id, l)
			}
			syms[l.Symbol], fills[l.Fill] = true, true
		}
		for i, a := range g.Seats {
			for _, b := range g.Seats[:i] {
				if a.Fill == b.Fill {
					t.Errorf("%s: two seats are %s", id, a.Fill.Hex())
				}
			}
		}
	}
}

// Every symbol covers a good part of its box and stays inside it, so it
// reads at a card's corner.
func TestSymbolsFillTheirBox(t *testing.T) {
	for _, s := range Symbols {
		if n := len(s.Outline()); n < 3 || n > 15 {
			t.Errorf("%s has %d corners: the kiosk's GL painter draws 3 to 15", s, n)
		}
		for _, p := range s.Outline() {
			if p.X < 0 || p.X > 1 || p.Y < 0 || p.Y > 1 {
				t.Errorf("%s: point %v outside the box", s, p)
			}
		}
		in := 0
		const n = 40
		for y := range n {
			for x := range n {
				if s.Contains((float64(x)+0.5)/n, (float64(y)+0.5)/n) {
					in++
				}
			}
		}
		if f := float64(in) / (n * n); f < 0.2 || f > 0.9 {
			t.Errorf("%s covers %.0f%% of its box", s, 100*f)
		}
	}
}

func TestSheetRoundTrips(t *testing.T) {
	s := SheetFor(ids)
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back Sheet
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Games["canyon"].Suits[2].Fill != Vermillion || len(back.Symbols[Fish]) == 0 {
		t.Errorf("sheet read back as %+v", back.Games["canyon"])
	}
}

// The lesson's highlight stands apart from every seat's colour in a game
// of up to four seats, the most a lesson seats.
func TestHighlightIsNoSeatsColour(t *testing.T) {
	for _, id := range ids {
		g, _ := For(id)
		for i := range min(4, len(g.Seats)) {
			if g.Seat(i).Fill == Highlight {
				t.Errorf("%s: seat %d is the highlight's colour", id, i)
			}
		}
	}
}
