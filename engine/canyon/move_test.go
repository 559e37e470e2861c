package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

func TestDecodeMove(t *testing.T) {
	r := NewRules()
	for _, good := range []Move{Place(28, 3), Tempo(0), Tempo(2, 4), Play(Card{violet, 10}), MoveTo(0, 7)} {
		data, err := engine.EncodeMove("canyon", 1, good)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.DecodeMove(r, data)
		if err != nil || rec.Move.String() != good.String() {
			t.Fatalf("%v came back as %v, %v", good, rec.Move, err)
		}
	}
	for _, bad := range []string{
		``, `null`, `[]`, `"play"`, `{}`, `{"kind":"fly"}`, `{"kind":"play"}`,
		`{"kind":"play","card":{"suit":5,"value":1}}`, `{"kind":"play","card":{"suit":0,"value":11}}`,
		`{"kind":"tempo"}`, `{"kind":"tempo","tempo":[1],"row":3}`, `{"kind":"place","row":-1,"col":2}`,
		`{"kind":"move","row":1,"col":2,"extra":1}`, `{"kind":"play","card":{"suit":0,"value":1}} {}`,
		`{"kind":"place","row":"a"}`, `{"kind":"move","row":1e99}`,
	} {
		if m, err := r.DecodeMove([]byte(bad)); err == nil {
			t.Errorf("%s decoded as %v", bad, m)
		}
	}
}

func FuzzDecodeMove(f *testing.F) {
	f.Add([]byte(`{"kind":"tempo","tempo":[3,4]}`))
	f.Add([]byte(`{"kind":"move","row":2,"col":7}`))
	r := NewRules()
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := r.DecodeMove(data)
		if err != nil {
			return
		}
		s := newGame(t, 3, 1)
		s.Apply(s.Turn(), m) // must not panic
	})
}

func TestMoveStrings(t *testing.T) {
	for m, want := range map[string]Move{
		"place 28,3": Place(28, 3), "tempo 2+4": Tempo(2, 4), "tempo 0": Tempo(0),
		"play violet 10": Play(Card{violet, 10}), "move 0,7": MoveTo(0, 7),
	} {
		if want.String() != m {
			t.Errorf("%q, want %q", want.String(), m)
		}
	}
}
