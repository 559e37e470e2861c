package canaille

import (
	"encoding/json"
	"testing"

	"github.com/tablee/tablee/engine"
)

func TestDeterminizeKeepsTheViewAndTheCards(t *testing.T) {
	rules := New()
	r := engine.NewRNG(3, 3)
	for n := 2; n <= 4; n++ {
		for g := range uint64(6) {
			ply := 0
			randomGame(t, n, 500+g, func(s *State) {
				ply++
				if ply%5 != 0 {
					return
				}
				for v := engine.Onlooker; v < engine.Seat(n); v++ {
					if v == engine.NoSeat {
						continue
					}
					checkDeterminize(t, rules, s, v, &r)
				}
			})
		}
	}
}

func checkDeterminize(t *testing.T, rules Rules, s *State, viewer engine.Seat, r *engine.RNG) {
	t.Helper()
	view := s.View(viewer)
	want, _ := json.Marshal(view)
	d, err := rules.Determinize(view, r)
	if err != nil {
		t.Fatalf("determinize for %v: %v\n%s", viewer, err, want)
	}
	ds := d.(*State)
	checkConserved(t, ds, "determinized")
	got, _ := json.Marshal(ds.View(viewer))
	if string(got) != string(want) {
		t.Fatalf("determinized view differs:\n%s\n%s", got, want)
	}
	if ds.taker == engine.NoSeat && indexOf(ds.river.Cards, TheCanaille) < 0 && indexOf(ds.fog, TheCanaille) < 0 {
		t.Fatalf("Canaille hidden in a catch: %v", ds.catches)
	}
	if _, over := ds.Result(); !over && len(ds.legal()) == 0 {
		t.Fatalf("determinized state for %v has no move: real %v %v; phase %v actor %v hands %v catches %v fog %v", viewer, s.catches, s.legal(), ds.phase, ds.actor, ds.hands, ds.catches, ds.fog)
	}
}

func TestDeterminizeRefusesForeignViews(t *testing.T) {
	r := engine.NewRNG(1, 1)
	if _, err := New().Determinize(nil, &r); err == nil {
		t.Error("nil view accepted")
	}
	if _, err := New().Determinize(&View{Seats: 9}, &r); err == nil {
		t.Error("broken view accepted")
	}
	v := newGame(2, 0, 1).View(0).(*View)
	v.Deck += 3
	if _, err := New().Determinize(v, &r); err == nil {
		t.Error("inconsistent view accepted")
	}
}

func TestDeterminizeSamplesHiddenCards(t *testing.T) {
	s := newGame(2, 0, 4)
	v := s.View(0)
	hands := map[string]bool{}
	for i := range uint64(20) {
		r := engine.NewRNG(i, 0)
		d, err := New().Determinize(v, &r)
		if err != nil {
			t.Fatal(err)
		}
		hands[Move{Kind: KindSentence, Cards: d.(*State).hands[1]}.String()] = true
	}
	if len(hands) < 10 {
		t.Errorf("only %d different hands for the other seat", len(hands))
	}
}
