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

// TestEveryLanguageHasItsWordsAtTheSamePlaces: a list per screen
// language, 256 words each, none empty or repeated, one word each (no
// "-" nor space, lowercase), so a byte of the fingerprint picks a word in
// every language.
func TestEveryLanguageHasItsWordsAtTheSamePlaces(t *testing.T) {
	for lang, list := range phraseLists {
		seen := map[string]int{}
		for i, w := range list {
			if w == "" || strings.ContainsAny(w, "- ()") || strings.ToLower(w) != w {
				t.Errorf("%s: word %d %q is empty, not one word or not lowercase", lang, i, w)
			}
			if j, ok := seen[w]; ok {
				t.Errorf("%s: %q is word %d and word %d", lang, w, j, i)
			}
			seen[w] = i
		}
	}
	for _, lang := range []string{"fr", "de", "en"} {
		if phraseLists[lang] == nil {
			t.Errorf("no verification words in %s", lang)
		}
	}
}

// TestTwoScreensInTwoLanguagesCompareTheSameThing: a German table and a
// French phone (or an English console) show the same fingerprint's
// phrase each in its own words, and the same numbers, which a person
// compares without reading the other language; another fingerprint
// changes the numbers on every screen.
func TestTwoScreensInTwoLanguagesCompareTheSameThing(t *testing.T) {
	fp := "98368d" + strings.Repeat("ab", 29)
	phrase := Phrase(fp)
	fr, de, en := ShowPhrase(phrase, "fr"), ShowPhrase(phrase, "de"), ShowPhrase(phrase, "en")
	if fr != "licorne-castor-kayak (153-55-142)" {
		t.Errorf("the French screen shows %q", fr)
	}
	if de != "einhorn-biber-kajak (153-55-142)" || en != "unicorn-beaver-kayak (153-55-142)" {
		t.Errorf("the German screen shows %q, the English one %q", de, en)
	}
	numbers := func(s string) string {
		_, n, _ := strings.Cut(s, " (")
		return strings.TrimSuffix(n, ")")
	}
	if numbers(fr) != numbers(de) || numbers(de) != numbers(en) || numbers(fr) != PhraseNumbers(phrase) {
		t.Errorf("the screens' numbers differ: %q, %q, %q (PhraseNumbers %q)", fr, de, en, PhraseNumbers(phrase))
	}
	other := Phrase("98368e" + strings.Repeat("ab", 29))
	for _, lang := range []string{"fr", "de", "en"} {
		if a, b := ShowPhrase(phrase, lang), ShowPhrase(other, lang); numbers(a) == numbers(b) || a == b {
			t.Errorf("%s: two fingerprints show %q and %q", lang, a, b)
		}
	}
	// A language without its own list shows the protocol's words; what
	// is not a phrase is shown as it is.
	if got := ShowPhrase(phrase, "it"); got != fr {
		t.Errorf("Italian shows %q", got)
	}
	for _, bad := range []string{"", "lune", "lune-castor-pianoo", "lune-castor-piano-lune"} {
		if got := ShowPhrase(bad, "de"); got != bad || PhraseNumbers(bad) != "" {
			t.Errorf("ShowPhrase(%q) = %q, numbers %q", bad, got, PhraseNumbers(bad))
		}
	}
}
