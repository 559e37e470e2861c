package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// Rulebook, bonus examples.
func TestBonusExamples(t *testing.T) {
	for _, c := range []struct {
		who                string
		tempo, tricks, pts int
	}{
		{"Anja bid 2, won 3", 2, 3, 3},
		{"Bernd bid 1, won 1", 1, 1, 3},
		{"Carola bid 0, won 0", 0, 0, 1},
		{"Dirk bid 4, won 2", 4, 2, 2},
	} {
		if got := movementPoints(c.tempo, c.tricks); got != c.pts {
			t.Errorf("%s: moves %d, want %d", c.who, got, c.pts)
		}
	}
	for tempo, want := range []int{1, 2, 3, 3, 3, 3, 3, 3} {
		if bonus(tempo) != want {
			t.Errorf("bonus(%d) = %d, want %d", tempo, bonus(tempo), want)
		}
	}
}

// A tempo is one card 0..4, or two different cards summing 5..7.
func TestTempoCards(t *testing.T) {
	for _, ok := range [][]int{{0}, {4}, {1, 4}, {4, 1}, {2, 3}, {2, 4}, {3, 4}} {
		if _, err := checkTempo(ok); err != nil {
			t.Errorf("%v refused: %v", ok, err)
		}
	}
	for _, c := range []struct {
		cards []int
		rule  string
	}{
		{nil, "tempo-cards"}, {[]int{5}, "tempo-cards"}, {[]int{-1}, "tempo-cards"},
		{[]int{0, 1}, "tempo-cards"}, {[]int{1, 3}, "tempo-cards"}, {[]int{1, 2, 3}, "tempo-cards"},
		{[]int{3, 3}, "tempo-card-used"}, {[]int{4, 4}, "tempo-card-used"},
	} {
		if _, err := checkTempo(c.cards); engine.RuleOf(err) != c.rule {
			t.Errorf("%v: %v, want rule %s", c.cards, err, c.rule)
		}
	}
	if len(tempoBids) != 9 {
		t.Errorf("%d tempo bids", len(tempoBids))
	}
}

// Tempos are revealed in turn order from the start player, every seat has
// all five tempo cards again each round, and the table sees each tempo as
// soon as it is shown.
func TestTempoRevealInTurnOrder(t *testing.T) {
	s := newGame(t, 4, 3)
	first := s.t.Start
	for i := range 4 {
		seat := engine.Seat((first + i) % 4)
		if s.Turn() != seat {
			t.Fatalf("reveal %d: turn %v, want %v", i, s.Turn(), seat)
		}
		if _, err := s.Apply(seat, Tempo(4, 3)); err != nil {
			t.Fatal(err)
		}
		if v := s.View(engine.Onlooker).(*View); len(v.Tempo[seat]) != 2 || v.Tempo[seat][0] != 3 {
			t.Fatalf("table sees tempo %v", v.Tempo[seat])
		}
		if i < 3 && s.View(engine.Onlooker).(*View).Tempo[(first+i+1)%4] != nil {
			t.Fatal("a tempo shows before it is revealed")
		}
	}
	if s.t.Phase != PhasePlay || s.Turn() != engine.Seat(first) {
		t.Fatalf("phase %s, turn %v: the start player leads", s.t.Phase, s.Turn())
	}
	if s.tempoOf(first) != 7 {
		t.Fatalf("tempo %d", s.tempoOf(first))
	}
}
