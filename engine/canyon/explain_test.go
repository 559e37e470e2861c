package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

// Every refusal of Canyon is explained from the seat's own view, by the
// rule that refuses the move at the table, with the numbers that matter;
// a legal move is explained as legal.
func TestExplainEveryRule(t *testing.T) {
	r := New()
	t.Run("placing", func(t *testing.T) {
		st, _ := engine.NewGame(r, engine.Setup{Seats: 3, Seed: 4})
		s := st.(*State)
		first := s.Turn()
		enginetest.Explains(t, r, s, first, Place(28, 4), "")
		if _, err := s.Apply(first, Place(28, 4)); err != nil {
			t.Fatal(err)
		}
		second := s.Turn()
		ex := enginetest.Explains(t, r, s, second, Place(28, 4), RuleStartCellTaken)
		if ex.Args["Row"] != 29 || ex.Args["Col"] != 5 {
			t.Errorf("taken cell named %v, want row 29, column 5 (from 1)", ex.Args)
		}
		enginetest.Explains(t, r, s, second, Place(27, 4), RuleNotAStartCell)
		enginetest.Explains(t, r, s, first, Place(27, 4), engine.RuleNotYourTurn)
		enginetest.Explains(t, r, s, second, Tempo(1), RuleWrongPhase)
	})
	t.Run("tempo", func(t *testing.T) {
		s := newGame(t, 4, 9)
		turn := s.Turn()
		enginetest.Explains(t, r, s, turn, Tempo(3), "")
		ex := enginetest.Explains(t, r, s, turn, Tempo(2, 2), RuleTempoCardUsed)
		if ex.Args["Card"] != 2 {
			t.Errorf("tempo card shown twice named %v", ex.Args)
		}
		ex = enginetest.Explains(t, r, s, turn, Tempo(1, 2), RuleTempoCards)
		if ex.Args["Sum"] != 3 {
			t.Errorf("too small a tempo named %v", ex.Args)
		}
		enginetest.Explains(t, r, s, turn, Tempo(), engine.RuleBadMove)
		enginetest.Explains(t, r, s, turn, Play(Card{blue, 3}), RuleWrongPhase)
	})
	t.Run("playing", func(t *testing.T) {
		s := newGame(t, 4, 9)
		playTempos(t, s)
		leader := s.Turn()
		hand := s.hands[leader]
		notHeld := notIn(hand)
		ex := enginetest.Explains(t, r, s, leader, Play(notHeld), RuleNotInHand)
		if ex.Args["Suit"] != "suit-"+suitNames[notHeld.Suit] || ex.Args["Value"] != notHeld.Value {
			t.Errorf("card not held named %v, want %v", ex.Args, notHeld)
		}
		enginetest.Explains(t, r, s, leader, Play(hand[0]), "")
		followed := false
		for seed := uint64(1); seed < 40 && !followed; seed++ {
			s := newGame(t, 4, seed)
			playTempos(t, s)
			led := s.hands[s.Turn()][0]
			if _, err := s.Apply(s.Turn(), Play(led)); err != nil {
				t.Fatal(err)
			}
			next := s.Turn()
			lowest, off := Card{}, Card{}
			for _, c := range s.hands[next] {
				if c.Suit == led.Suit && lowest.Value == 0 {
					lowest = c
				}
				if c.Suit != led.Suit {
					off = c
				}
			}
			if lowest.Value == 0 || off.Value == 0 {
				continue
			}
			followed = true
			ex := enginetest.Explains(t, r, s, next, Play(off), RuleFollowSuit)
			if ex.Args["Suit"] != "suit-"+suitNames[led.Suit] || ex.Args["Value"] != lowest.Value {
				t.Errorf("follow-suit names %v, want the lowest card of the suit led %v", ex.Args, lowest)
			}
		}
		if !followed {
			t.Fatal("no deal obliged a player to follow suit")
		}
	})
	t.Run("moving", func(t *testing.T) {
		s := position([]int{at(20, 7), at(27, 2), at(27, 5)}, [][]int{{1}, {1}, {2}}, []int{1, 0, 0})
		s.t.Trump = Card{blue, 1} // a dealt round has a trump
		s.startMovement(nil)
		ex := enginetest.Explains(t, r, s, 0, MoveTo(27, 9), RuleNotOptimalEndpoint)
		if ex.Args["N"] != len(s.Legal()) {
			t.Errorf("endpoints counted %v, want %d", ex.Args, len(s.Legal()))
		}
		enginetest.Explains(t, r, s, 0, s.Legal()[1], "")
	})
	t.Run("over", func(t *testing.T) {
		s := newGame(t, 4, 9)
		v := s.View(s.Turn())
		if ex := engine.Explain(r, v, (s.Turn()+1)%4, Tempo(1)); ex.Rule != engine.RuleNotYourTurn || len(ex.Args) != 1 {
			t.Errorf("another seat's view explained %+v", ex)
		}
	})
}
