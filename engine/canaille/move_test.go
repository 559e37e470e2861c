package canaille

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestMoveJSONRoundTrip(t *testing.T) {
	for _, m := range []Move{
		{Kind: KindSentence, Cards: []Card{5, 23, 1}},
		{Kind: KindSwap, Card: 30},
		{Kind: KindReturn, Card: 60},
		{Kind: KindTarget, Seat: 0},
		{Kind: KindRelease, Card: 70},
		{Kind: KindDone},
		{Kind: KindBin, Card: 90},
		{Kind: KindGive, Seat: 2},
		{Kind: KindGive, Card: 61, Seat: 0},
		{Kind: KindTakeRow, Card: 44},
		{Kind: KindDrawDeck},
	} {
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		back, err := New().DecodeMove(data)
		if err != nil || !reflect.DeepEqual(back, m) {
			t.Errorf("%s came back as %#v, %v", data, back, err)
		}
	}
	if s := (Move{Kind: KindGive, Card: 61, Seat: 0}).String(); s != "give R06:fish1 to seat 0" {
		t.Errorf("String: %q", s)
	}
}

func TestDecodeMoveIsStrict(t *testing.T) {
	enginetest.RefusesMoves(t, New(), `{}`, `"done"`, `{"kind":"fly"}`,
		`{"kind":"done","card":"A01"}`, `{"kind":"swap"}`, `{"kind":"swap","card":"A99"}`,
		`{"kind":"swap","card":"R01","extra":1}`, `{"kind":"target"}`, `{"kind":"target","seat":"x"}`,
		`{"kind":"sentence"}`, `{"kind":"sentence","cards":["A01","Z"]}`, `{"kind":"done"} {}`,
		`{"kind":"give","card":"A01"}`, `{"kind":"draw-deck","seat":1}`, `{"kind":"swap","card":1}`)
}

// FuzzDecodeMove runs the engine's move fuzzing from a fresh 2-seat game.
func FuzzDecodeMove(f *testing.F) {
	enginetest.FuzzDecodeMove(f, New(), engine.Setup{Seats: 2, Seed: 1, Options: map[string]string{OptFirst: "1"}},
		`{"kind":"sentence","cards":["A01"]}`, `{"kind":"give","seat":1}`, `{"kind":"swap","card":"A02"}`)
}
