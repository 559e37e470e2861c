package gui

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/i18n"
)

// keysInCode are the companion's text keys written literally in this
// package's code: a.t("key"...).
func keysInCode(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`\ba\.t\("([a-z0-9_.]+)"[,)]`)
	var keys []string
	for _, f := range files {
		if filepath.Ext(f) != ".go" || len(f) > 8 && f[len(f)-8:] == "_test.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			keys = append(keys, m[1])
		}
	}
	if len(keys) < 50 {
		t.Fatalf("only %d keys found: the pattern no longer matches the code", len(keys))
	}
	return keys
}

// keysBuilt are the keys the code puts together: suits and card kinds.
func keysBuilt() []string {
	var keys []string
	for s := range canyonLooks.Suits {
		keys = append(keys, "suit."+strconv.Itoa(s))
	}
	for k := canaille.Canaille; k <= canaille.Fog; k++ {
		keys = append(keys, "card."+k.String())
	}
	return keys
}

func TestNoTextIsMissingInAnyLanguage(t *testing.T) {
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range append(keysInCode(t), keysBuilt()...) {
		for _, l := range i18n.Langs() {
			full := "companion." + key
			if got := texts.T(l, full); got == full || got == "" {
				t.Errorf("%s: no text for %s", l, full)
			}
		}
		if !texts.Has("companion." + key) {
			t.Errorf("no French text for companion.%s", key)
		}
	}
	// Every language has every key of every other (the catalogue's check).
	if m := texts.Missing(); len(m) > 0 {
		t.Errorf("texts missing: %v", m)
	}
	for _, k := range []string{"common.seat", "common.lang.fr", "common.lang.de", "common.lang.en"} {
		if !texts.Has(k) {
			t.Errorf("the shared text %s is missing", k)
		}
	}
}
