package tlscert

import (
	"strings"
	"testing"
)

func TestPhraseIsThreeWordsFromTheFingerprint(t *testing.T) {
	fp := "00ff10" + strings.Repeat("ab", 29)
	if got, want := Phrase(fp), "abeille-zeste-avion"; got != want {
		t.Errorf("Phrase = %q, want %q", got, want)
	}
	if Phrase(strings.ToUpper(fp)) != Phrase(fp) {
		t.Error("the phrase depends on the fingerprint's case")
	}
	other := "00ff11" + strings.Repeat("ab", 29)
	if Phrase(other) == Phrase(fp) {
		t.Error("two fingerprints differing in the third byte share a phrase")
	}
	for _, bad := range []string{"", "zz", "00ff"} {
		if p := Phrase(bad); p != "" {
			t.Errorf("Phrase(%q) = %q, want empty", bad, p)
		}
	}
}

func TestPhraseWordsAreDistinctAndPlain(t *testing.T) {
	seen := map[string]bool{}
	for i, w := range phraseWords {
		if w == "" || seen[w] || strings.ContainsAny(w, "- ") || strings.ToLower(w) != w {
			t.Errorf("word %d %q is empty, repeated or not plain lowercase", i, w)
		}
		for _, r := range w {
			if r < 'a' || r > 'z' {
				t.Errorf("word %q has %q: the list is unaccented ASCII", w, r)
			}
		}
		seen[w] = true
	}
}

func TestPhraseOfARealCertificate(t *testing.T) {
	cert, err := LoadOrCreate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if p := Phrase(Fingerprint(cert)); strings.Count(p, "-") != PhraseWords-1 {
		t.Errorf("phrase %q", p)
	}
}
