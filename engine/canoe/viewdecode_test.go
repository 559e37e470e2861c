package canoe

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

// TestDecodeViewRoundTrips: at every ply of random games, finished ones
// included, each viewer's view comes back from JSON unchanged and with the
// same legal moves.
func TestDecodeViewRoundTrips(t *testing.T) {
	r := engine.NewRNG(11, 5)
	for g := range 4 {
		s := newGame(t)
		for {
			for _, viewer := range []engine.Seat{0, 1, engine.Table} {
				enginetest.ViewRoundTrip(t, New(), s.View(viewer))
			}
			if s.Turn() == engine.NoSeat {
				break
			}
			if _, err := s.Apply(s.Turn(), s.RandomMove(&r)); err != nil {
				t.Fatalf("game %d: %v", g, err)
			}
		}
	}
}

func TestDecodeViewRefusesGarbage(t *testing.T) {
	s := newGame(t)
	play(t, s, "place b2", "place g3", "place e2")
	good, err := json.Marshal(s.View(1))
	if err != nil {
		t.Fatal(err)
	}
	text := string(good)
	cases := map[string]string{
		"empty":            ``,
		"null":             `null`,
		"a list":           `[]`,
		"not json":         `{"viewer":`,
		"trailing data":    text + ` {}`,
		"an unknown field": strings.Replace(text, `"plies"`, `"cheat":1,"plies"`, 1),
		"a wrong turn":     strings.Replace(text, `"turn":1`, `"turn":0`, 1),
		"no legal moves":   text[:strings.Index(text, `,"legal"`)] + `}`,
		"a bad legal move": strings.Replace(text, `"legal":[{"kind":"place","to":"b1"}`, `"legal":[{"kind":"place","to":"z9"}`, 1),
		"an invented move": strings.Replace(text, `"legal":[`, `"legal":[{"kind":"jump","to":"b1"},`, 1),
		"a peg moved":      strings.Replace(text, "oLooLoooooooo", "oLoLooooooooo", 1),
	}
	for name, data := range cases {
		if name != "empty" && name != "null" && data == text {
			t.Fatalf("%s: the case spoils nothing", name)
		}
		if _, err := New().DecodeView([]byte(data)); err == nil {
			t.Errorf("%s: decoded %s", name, data)
		}
	}
}

// FuzzDecodeView: no input panics the decoder, and whatever it accepts
// marshals back to a view it accepts again.
func FuzzDecodeView(f *testing.F) {
	s := newGame(f)
	play(f, s, "place b2", "place g3")
	for _, viewer := range []engine.Seat{0, 1, engine.Table} {
		data, _ := json.Marshal(s.View(viewer))
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := New().DecodeView(data)
		if err != nil {
			return
		}
		again, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New().DecodeView(again); err != nil {
			t.Fatalf("%s decoded, but not its re-encoding %s: %v", data, again, err)
		}
	})
}
