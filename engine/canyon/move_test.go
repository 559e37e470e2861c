package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestDecodeMove(t *testing.T) {
	r := New()
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
	enginetest.RefusesMoves(t, r,
		`{}`, `{"kind":"fly"}`, `{"kind":"play"}`,
		`{"kind":"play","card":{"suit":5,"value":1}}`, `{"kind":"play","card":{"suit":0,"value":11}}`,
		`{"kind":"tempo"}`, `{"kind":"tempo","tempo":[1],"row":3}`, `{"kind":"place","row":-1,"col":2}`,
		`{"kind":"move","row":1,"col":2,"extra":1}`, `{"kind":"play","card":{"suit":0,"value":1}} {}`,
		`{"kind":"place","row":"a"}`, `{"kind":"move","row":1e99}`)
}

// FuzzDecodeMove runs the engine's move fuzzing from a fresh 3-seat game.
func FuzzDecodeMove(f *testing.F) {
	enginetest.FuzzDecodeMove(f, New(), engine.Setup{Seats: 3, Seed: 1},
		`{"kind":"tempo","tempo":[3,4]}`, `{"kind":"move","row":2,"col":7}`, `{"kind":"place","row":2,"col":0}`)
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
