package console_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/tablee/tablee/proto/tlscert"
)

// TestTheWordsAreInThePagesLanguageWithNumbersAllShare: the sign-in page
// shows the certificate's verification words in the language the staff
// read it in, followed by numbers that are the same in every language —
// what a person compares with a table or a phone in another language.
func TestTheWordsAreInThePagesLanguageWithNumbersAllShare(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	phrase := regexp.MustCompile(`<p class="phrase" id="phrase">([^<]*)</p>`)
	shown := map[string]string{}
	for _, l := range []string{"fr", "de", "en"} {
		b := f.browser(t)
		b.lang = l
		r := b.get("/")
		m := phrase.FindStringSubmatch(r.body)
		if r.StatusCode != http.StatusOK || m == nil {
			t.Fatalf("%s: GET /: %d, no phrase on the page", l, r.StatusCode)
		}
		shown[l] = html.UnescapeString(m[1])
		if want := tlscert.ShowPhrase(f.h.Phrase(), l); shown[l] != want {
			t.Errorf("%s: the page shows %q, want %q", l, shown[l], want)
		}
	}
	numbers := func(s string) string { _, n, _ := strings.Cut(s, " ("); return n }
	if numbers(shown["fr"]) == "" || numbers(shown["fr"]) != numbers(shown["de"]) || numbers(shown["de"]) != numbers(shown["en"]) {
		t.Errorf("the numbers differ between languages: %q", shown)
	}
	if shown["fr"] == shown["de"] {
		t.Errorf("the German page shows the French words: %q", shown["de"])
	}
}
