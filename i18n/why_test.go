package i18n

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestWhyNamesWhoseTurnItIs: "why not?" out of turn names the person
// whose turn it is where the reader knows the names, in every language,
// whether the seat's number came from the engine (an int) or over the
// wire (JSON's float64); a reader without names says the seat's place.
func TestWhyNamesWhoseTurnItIs(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	var wire map[string]any
	if err := json.Unmarshal([]byte(`{"Turn": 2}`), &wire); err != nil {
		t.Fatal(err)
	}
	names := func(seat int) string { return []string{"Anja", "Bernd", "Carla"}[seat] }
	for _, lang := range Langs() {
		for _, args := range []map[string]any{{"Turn": 2}, wire} {
			got := c.WhyNamed(lang, "canoe", "not-your-turn", args, names)
			if !strings.Contains(got, "Bernd") || strings.Contains(got, "2") || strings.Contains(got, "<no value>") {
				t.Errorf("%s, args %v: %q, want Bernd named and no seat number", lang, args, got)
			}
		}
		place := c.T(lang, "common.seat", map[string]any{"N": 2})
		if got := c.Why(lang, "canoe", "not-your-turn", map[string]any{"Turn": 2}); !strings.Contains(got, place) {
			t.Errorf("%s without names: %q, want %q", lang, got, place)
		}
	}
}
