package canaille

import "testing"

func TestRiverTwoEnds(t *testing.T) {
	r := River{Cards: []Card{60, 61, 62}}
	if r.Visible() != NoCard {
		t.Error("a face-down river shows its top")
	}
	r.PutUnder(63)
	r.TurnOver()
	if !r.FaceUp || !sameCards(r.Cards, []Card{63, 62, 61, 60}) {
		t.Fatalf("turned over: %+v", r)
	}
	if r.Visible() != 63 {
		t.Errorf("face up, the top %v is not visible", r.Top())
	}
	if c := r.Draw(); c != 63 || r.Len() != 3 {
		t.Errorf("drew %v, %d left", c, r.Len())
	}
	r = River{}
	if r.Draw() != NoCard || r.Top() != NoCard {
		t.Error("an empty river gave a card")
	}
}
