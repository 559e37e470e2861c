package canyonduel

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
	for g := range 3 {
		s := newState()
		for {
			for _, viewer := range []engine.Seat{0, 1, engine.Table} {
				enginetest.ViewRoundTrip(t, Rules{}, s.View(viewer))
			}
			if s.Turn() == engine.NoSeat {
				break
			}
			legal := s.Legal()
			if _, err := s.Apply(s.Turn(), legal[r.IntN(len(legal))]); err != nil {
				t.Fatalf("game %d: %v", g, err)
			}
		}
	}
}

func TestDecodeViewRefusesGarbage(t *testing.T) {
	s := newState()
	mustApply(t, s, "d1:f1")
	good, err := json.Marshal(s.View(1))
	if err != nil {
		t.Fatal(err)
	}
	text := string(good)
	first := text[strings.Index(text, `"legal":[`)+len(`"legal":[`):]
	first = first[:strings.Index(first, "}]}")+3]
	cases := map[string]string{
		"empty":            ``,
		"null":             `null`,
		"a list":           `[]`,
		"not json":         `{"viewer":`,
		"trailing data":    text + ` {}`,
		"an unknown field": strings.Replace(text, `"plies"`, `"cheat":1,"plies"`, 1),
		"a wrong turn":     strings.Replace(text, `"turn":1`, `"turn":0`, 1),
		"a wrong viewer":   strings.Replace(text, `"viewer":1`, `"viewer":5`, 1),
		"wrong plies":      strings.Replace(text, `"plies":1`, `"plies":2`, 1),
		"wrong scores":     strings.Replace(text, `"scores":[`, `"scores":[1,`, 1),
		"a false end":      strings.Replace(text, `"scores"`, `"end":"home","scores"`, 1),
		"no legal moves":   text[:strings.Index(text, `,"legal"`)] + `}`,
		"a dropped move":   strings.Replace(text, first+",", "", 1),
		"an invented move": strings.Replace(text, `"legal":[`, `"legal":[{"kind":"step","path":[{"col":0,"row":0},{"col":9,"row":9}]},`, 1),
		"a bad mark":       strings.Replace(text, `RRR.RR..`, `RRR.RX..`, 1),
		"a piece moved":    strings.Replace(text, `RRR.RR..`, `RRRR.R..`, 1),
		"too few rows":     strings.Replace(text, `"board":["`, `"board":["x","`, 1),
	}
	for name, data := range cases {
		if name != "empty" && name != "null" && data == text {
			t.Fatalf("%s: the case spoils nothing", name)
		}
		if _, err := (Rules{}).DecodeView([]byte(data)); err == nil {
			t.Errorf("%s: decoded %s", name, data)
		}
	}
}

// FuzzDecodeView: no input panics the decoder, and whatever it accepts
// marshals back to a view it accepts again.
func FuzzDecodeView(f *testing.F) {
	s := newState()
	mustApply(f, s, "d1:f1")
	for _, viewer := range []engine.Seat{0, 1, engine.Table} {
		data, _ := json.Marshal(s.View(viewer))
		f.Add(data)
	}
	data, _ := json.Marshal(position(f, MaxPlies, startDiagram).View(0))
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Rules{}.DecodeView(data)
		if err != nil {
			return
		}
		v.Legal()
		again, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (Rules{}).DecodeView(again); err != nil {
			t.Fatalf("%s decoded, but not its re-encoding %s: %v", data, again, err)
		}
	})
}
