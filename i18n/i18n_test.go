package i18n

import "testing"

func TestNoLanguageLacksAKey(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if m := c.Missing(); len(m) > 0 {
		t.Fatalf("texts missing: %v", m)
	}
}

func TestTFillsParamsAndFallsBack(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := c.T(DE, "common.seat", map[string]any{"N": 3}); got != "Platz 3" {
		t.Errorf("DE seat = %q", got)
	}
	if got := c.T(Lang("xx"), "common.back"); got != "Retour" {
		t.Errorf("unknown language = %q, want French", got)
	}
	if got := c.T(EN, "no.such.key"); got != "no.such.key" {
		t.Errorf("missing key = %q, want the key", got)
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"de_CH.UTF-8": DE, "en-GB": EN, "fr": FR, "C": FR, "": FR, "it_IT": FR} {
		if got := Parse(in); got != want {
			t.Errorf("Parse(%q) = %s, want %s", in, got, want)
		}
	}
}

// A text that counts takes its plural form: French says "1 place" and
// "0 place", German and English "1 Platz"/"1 seat" but "0 Plätze"/"0 seats".
func TestPluralForms(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang Lang
		n    int
		want string
	}{
		{FR, 0, "0 victoire"}, {FR, 1, "1 victoire"}, {FR, 2, "2 victoires"},
		{DE, 1, "1 Sieg"}, {DE, 2, "2 Siege"}, {EN, 0, "0 wins"}, {EN, 1, "1 win"},
	} {
		if got := c.T(tc.lang, "kiosk.attract.wins", map[string]any{"N": tc.n}); got != tc.want {
			t.Errorf("%s %d wins = %q, want %q", tc.lang, tc.n, got, tc.want)
		}
	}
}

// Export sends the web page both forms of a plural text, so that it counts
// as the table does: "one" under key#one, "other" under the key; a text
// that is one text in a language has no #one there.
func TestExportCarriesBothPluralForms(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[Lang][2]string{FR: {"{{.N}} point", "{{.N}} points"}, DE: {"{{.N}} Punkt", "{{.N}} Punkte"}, EN: {"{{.N}} point", "{{.N}} points"}} {
		out := c.Export(lang, "common.")
		if out["common.points"+OneSuffix] != want[0] || out["common.points"] != want[1] {
			t.Errorf("%s: one %q, other %q; want %q", lang, out["common.points"+OneSuffix], out["common.points"], want)
		}
		if _, ok := out["common.ok"+OneSuffix]; ok {
			t.Errorf("%s: a one form for a text without plural forms", lang)
		}
	}
	if _, ok := c.Export(EN, "kiosk.results.place")["kiosk.results.place"+OneSuffix]; ok {
		t.Error("English's one text for kiosk.results.place got a one form from French's")
	}
}

// A text may have plural forms in one language and be one text in another:
// French ordinals, "Rank N" in English.
func TestPluralFormsInOneLanguageOnly(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[Lang]string{FR: "1er", EN: "Rank 1", DE: "1. Platz"} {
		if got := c.T(lang, "kiosk.results.place", map[string]any{"N": 1}); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if got := c.T(FR, "kiosk.results.place", map[string]any{"N": 2}); got != "2e" {
		t.Errorf("FR 2: %q", got)
	}
}
