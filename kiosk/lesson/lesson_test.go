package lesson

import (
	"errors"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
)

// TestEveryGameHasALesson: every game the catalog ships has its line in
// lessons(), in the catalog's (the lobby's) order; its lesson is of that
// game, at a number of seats the game allows, and every text it says is
// in i18n/messages. A new game's missing part is named; a line for a game
// the catalog does not ship is too.
func TestEveryGameHasALesson(t *testing.T) {
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	index := map[string]int{}
	for i, e := range lessons() {
		index[e.id] = i
		if _, err := catalog.Registry().Get(e.id); err != nil {
			t.Errorf("kiosk/lesson's lessons() has %q, which the catalog does not ship", e.id)
		}
	}
	last := -1
	for _, rules := range catalog.Games() {
		info := rules.Info()
		i, ok := index[info.ID]
		if !ok {
			t.Errorf("%s: no line in kiosk/lesson's lessons(): the game has no lesson", info.ID)
			continue
		}
		if i < last {
			t.Errorf("%s: lessons() is not in the catalog's order", info.ID)
		}
		last = i
		l := lessons()[i].lesson()
		if l.Game != info.ID || l.Rules == nil || l.Rules.Info().ID != info.ID {
			t.Errorf("%s: its line makes a lesson of %q", info.ID, l.Game)
		}
		if l.Seats < info.MinSeats || l.Seats > info.MaxSeats {
			t.Errorf("%s: a lesson at %d seats, the game takes %d to %d", info.ID, l.Seats, info.MinSeats, info.MaxSeats)
		}
		if got, ok := For(info.ID); !ok || got.Game != info.ID {
			t.Errorf("%s: For finds no lesson", info.ID)
		}
		keys := []string{l.End}
		for _, s := range l.Steps {
			keys = append(keys, s.Text)
			if s.Other != "" {
				keys = append(keys, s.Other)
			}
		}
		for _, k := range keys {
			if !texts.Has(k) {
				t.Errorf("%s: the lesson says %q, which i18n/messages lacks", info.ID, k)
			}
		}
	}
	if _, ok := For("no-such-game"); ok {
		t.Error("For found a lesson for a game nobody ships")
	}
}

// TestEveryLessonPlaysThrough makes each step's mistake, which changes
// nothing, then its move, up to the end: the prepared positions, scripted
// replies and expected moves of the data agree with the engines.
func TestEveryLessonPlaysThrough(t *testing.T) {
	for _, l := range All() {
		t.Run(l.Game, func(t *testing.T) {
			r, err := l.Begin()
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Steps) < 2 || len(l.Steps) > 6 {
				t.Errorf("%d steps: a lesson is a handful", len(l.Steps))
			}
			for r.Step() != nil {
				s, i := r.Step(), r.Index()
				if r.View(l.Learner).Turn() != l.Learner {
					t.Fatalf("step %d: not the learner's turn", i+1)
				}
				if s.Wrong != nil {
					before := r.View(engine.Onlooker)
					a, err := r.Try(l.Learner, s.Wrong)
					if err != nil || a.Verdict == Done {
						t.Fatalf("step %d: the mistake %v was taken: %+v %v", i+1, s.Wrong, a, err)
					}
					var re *engine.RuleError
					if a.Verdict == Refused && !errors.As(a.Err, &re) {
						t.Errorf("step %d: %v refused without naming a rule: %v", i+1, s.Wrong, a.Err)
					}
					if a.Verdict == Other && a.Text == "" {
						t.Errorf("step %d: %v not explained", i+1, s.Wrong)
					}
					if r.Index() != i || !sameView(before, r.View(engine.Onlooker)) {
						t.Fatalf("step %d: the mistake changed the game", i+1)
					}
				}
				for _, m := range s.Expect {
					if _, err := r.st.Clone().Apply(l.Learner, m); err != nil {
						t.Errorf("step %d: expected move %v is illegal: %v", i+1, m, err)
					}
				}
				a, err := r.Try(l.Learner, s.Expect[0])
				if err != nil || a.Verdict != Done {
					t.Fatalf("step %d: the move %v was not taken: %+v %v", i+1, s.Expect[0], a, err)
				}
			}
			if !r.Finished() {
				t.Fatal("not finished")
			}
		})
	}
}

func TestAMoveOutOfTurnIsRefused(t *testing.T) {
	r, err := Canoe().Begin()
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := r.Try(1, r.Step().Expect[0]); a.Verdict != Refused {
		t.Errorf("the bot's seat played the learner's move: %+v", a)
	}
}

func sameView(a, b engine.View) bool {
	ja, _ := engine.EncodeView("", a)
	jb, _ := engine.EncodeView("", b)
	return string(ja) == string(jb)
}

// Canoë's step 2 says "this peg would touch your canoe" only of a move
// that brings a peg beside the learner's own: a peg placed far from them
// is told that it does not finish the second canoe.
func TestCanoesOtherMoveIsExplainedFromWhatItDoes(t *testing.T) {
	ls := Canoe()
	run, err := ls.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if a, err := run.Try(ls.Learner, ls.Steps[0].Expect[0]); err != nil || a.Verdict != Done {
		t.Fatalf("step 1: %v %v", a, err)
	}
	for _, c := range []struct{ move, want string }{
		{"place k5", "lesson.canoe.2.other"}, // beside j4, j6: touches
		{"place m3", "lesson.canoe.2.apart"}, // beside none of the learner's pegs
	} {
		m, err := canoe.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		a, err := run.Try(ls.Learner, m)
		if err != nil || a.Verdict != Other || a.Text != c.want {
			t.Errorf("%s: %v %q %v, want the explanation %q", c.move, a.Verdict, a.Text, err, c.want)
		}
	}
}
