package canyonduel

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

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
	enginetest.RefusesViews(t, New(), good, cases)
}

// FuzzDecodeView runs the engine's view fuzzing from a game under way and
// a finished one.
func FuzzDecodeView(f *testing.F) {
	s := newState()
	mustApply(f, s, "d1:f1")
	enginetest.FuzzDecodeView(f, New(), s.View(0), s.View(1), s.View(engine.Onlooker),
		position(f, MaxPlies, startDiagram).View(0))
}
