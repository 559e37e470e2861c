package canoe

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestDecodeViewRefusesGarbage(t *testing.T) {
	s := newGame(t)
	play(t, s, "place b2", "place g3", "place e2")
	good, err := json.Marshal(s.View(1))
	if err != nil {
		t.Fatal(err)
	}
	text := string(good)
	cases := map[string]string{
		"an unknown field": strings.Replace(text, `"plies"`, `"cheat":1,"plies"`, 1),
		"a wrong turn":     strings.Replace(text, `"turn":1`, `"turn":0`, 1),
		"no legal moves":   text[:strings.Index(text, `,"legal"`)] + `}`,
		"a bad legal move": strings.Replace(text, `"legal":[{"kind":"place","to":"b1"}`, `"legal":[{"kind":"place","to":"z9"}`, 1),
		"an invented move": strings.Replace(text, `"legal":[`, `"legal":[{"kind":"jump","to":"b1"},`, 1),
		"a peg moved":      strings.Replace(text, "oLooLoooooooo", "oLoLooooooooo", 1),
	}
	enginetest.RefusesViews(t, New(), good, cases)
}

// FuzzDecodeView runs the engine's view fuzzing from a game under way.
func FuzzDecodeView(f *testing.F) {
	s := newGame(f)
	play(f, s, "place b2", "place g3")
	enginetest.FuzzDecodeView(f, New(), s.View(0), s.View(1), s.View(engine.Onlooker))
}
