package enginetest

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// Explains checks that engine.Explain, asked by seat from its own view of
// s, names rule for m ("" when m is legal) and that the game itself, asked
// to play m in s, refuses it for the same rule (or plays it): the
// explanation is the refusal. It returns the explanation for checks of its
// Args; s is not changed.
func Explains(t testing.TB, rules engine.Rules, s engine.State, seat engine.Seat, m engine.Move, rule string) engine.Explanation {
	t.Helper()
	_, err := s.Clone().Apply(seat, m)
	if got := engine.RuleOf(err); got != rule || (err != nil && rule == "") {
		t.Fatalf("%v by %v: the game says %v, want rule %q", m, seat, err, rule)
	}
	ex := engine.Explain(rules, s.View(seat), seat, m)
	if ex.Rule != rule || ex.Legal != (rule == "") {
		t.Fatalf("%v by %v: explained %+v, want rule %q", m, seat, ex, rule)
	}
	return ex
}
