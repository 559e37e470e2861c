package gui

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
)

// "Since your last turn" names what the others did that concerns this
// seat, from the events its views carry, and leaves out its own moves and
// what does not concern it; a piece's move is said without its cells'
// engine names ("g3 → g4"), which no board shows.
func TestSinceYourLastTurn(t *testing.T) {
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	a := &App{texts: texts, lang: i18n.EN, names: []string{"Anja", "Bernd", "Chloé"}}
	for _, tt := range []struct {
		game string
		e    engine.Event
		want string
	}{
		{"canyon", engine.Public("play", 1, map[string]any{"card": map[string]any{"suit": 1.0, "value": 7.0}}), "Bernd played the 7 green."},
		{"canyon", engine.Public("play", 0, map[string]any{"card": map[string]any{"suit": 1.0, "value": 7.0}}), ""},
		{"canyon", engine.Public("trick", 2, nil), "Chloé won the trick."},
		{"canyon", engine.Public("trick", 0, nil), "You won the trick."},
		{"canyon", engine.Public("movement", 2, nil), "Chloé's canoe moved."},
		{"canyon", engine.Public("push", 0, map[string]any{"by": 1.0}), "Bernd's canoe pushed yours."},
		{"canaille", engine.Public("give", 1, map[string]any{"card": "R05", "to": 0.0}), "Bernd gave you a fog card: Fish 1."},
		{"canaille", engine.Public("give", 1, map[string]any{"card": "R05", "to": 2.0}), ""},
		{"canaille", engine.Public("target", 2, map[string]any{"to": 0.0}), "Chloé named you: you carry out the rest of their sentence."},
		{"canaille", engine.Public("sentence", 1, map[string]any{"cards": []any{"A01", "A02"}}), "Bernd laid a sentence of 2 card(s)."},
		{"canyonduel", engine.Public("capture", 1, map[string]any{"cell": "b2", "owner": 0.0}), "Bernd took one of your pieces."},
		{"canoe", engine.Public("move", 1, map[string]any{"from": "g3", "to": "g4"}), "Bernd moved a piece."},
		// The seat's own gift to itself is no news ("You gave you").
		{"canaille", engine.Public("give", 0, map[string]any{"card": "R05", "to": 0.0}), ""},
	} {
		if got := a.sinceLine(tt.game, 0, tt.e); got != tt.want {
			t.Errorf("%s %s by %v: %q, want %q", tt.game, tt.e.Type, tt.e.Seat, got, tt.want)
		}
	}
}
