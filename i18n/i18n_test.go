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
