package canaille

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

var _ engine.Estimator = (*State)(nil)

func TestEstimateFavoursTheLeader(t *testing.T) {
	p := newPicker()
	s := table(3, 0)
	s.catches[1] = []Card{p.fish(t, 3), p.fish(t, 3)}
	s.catches[2] = []Card{p.trash(t, 2)}
	e := s.Estimate()
	if !(e[1] > 0.5 && e[0] < 0.5 && e[2] < e[0]) {
		t.Errorf("estimate %v", e)
	}
	for _, v := range e {
		if v < 0 || v > 1 {
			t.Errorf("estimate %v out of [0, 1]", e)
		}
	}
}
