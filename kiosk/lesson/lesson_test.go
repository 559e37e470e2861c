package lesson

import (
	"errors"
	"testing"

	"github.com/tablee/tablee/engine"
)

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
