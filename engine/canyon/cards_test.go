package canyon

import "testing"

func TestDeck(t *testing.T) {
	d := newDeck()
	seen := map[Card]bool{}
	for _, c := range d {
		if !c.valid() || seen[c] {
			t.Fatalf("card %v", c)
		}
		seen[c] = true
	}
	if len(seen) != 50 {
		t.Fatalf("%d cards", len(seen))
	}
	h := []Card{{red, 3}, {blue, 9}, {red, 1}}
	sortHand(h)
	if h[0] != (Card{blue, 9}) || h[1] != (Card{red, 1}) {
		t.Fatalf("sorted %v", h)
	}
	if s := (Card{violet, 10}).String(); s != "violet 10" {
		t.Fatalf("%q", s)
	}
}
