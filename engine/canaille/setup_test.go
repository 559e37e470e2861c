package canaille

import "testing"

func TestSetupDeals(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := range uint64(30) {
			s := newGame(n, 0, seed)
			for p := range n {
				if len(s.hands[p]) != HandSize || len(ofKind(s.hands[p], Point)) < 1 || len(s.catches[p]) != 0 {
					t.Fatalf("seat %d: hand %v catch %v", p, s.hands[p], s.catches[p])
				}
			}
			if len(s.row) != RowSize || len(s.deck) != NumActions-HandSize*n-RowSize {
				t.Fatalf("row %v, deck %d", s.row, len(s.deck))
			}
			at := indexOf(s.river.Cards, TheCanaille)
			if s.river.Len() != NumRiver || s.river.FaceUp || at < 14 || at > 27 {
				t.Fatalf("river of %d, face up %v, Canaille at %d", s.river.Len(), s.river.FaceUp, at)
			}
		}
	}
}

func TestLeftoverPointsAreInTheDeck(t *testing.T) {
	s := newGame(2, 0, 3)
	points := len(ofKind(s.deck, Point)) + len(ofKind(s.row, Point))
	for _, h := range s.hands {
		points += len(ofKind(h, Point))
	}
	if points != 4 {
		t.Errorf("%d point cards dealt", points)
	}
	seen := map[int]bool{}
	for seed := range uint64(200) {
		s := newGame(2, 0, seed)
		seen[indexOf(s.river.Cards, TheCanaille)] = true
	}
	if len(seen) != 14 {
		t.Errorf("Canaille took %d places of the middle third, want 14", len(seen))
	}
}
