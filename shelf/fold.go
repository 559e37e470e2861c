package shelf

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold turns a name into the words a search compares: accents dropped,
// case folded, every run of punctuation or space one separator, so that
// "Les Loups-Garous" and "les loups garous" read the same. Ligatures the
// languages use are spelt out (œ → oe, ß → ss).
func Fold(s string) []string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	plain, _, err := transform.String(t, s)
	if err != nil {
		plain = s
	}
	plain = ligatures.Replace(strings.ToLower(plain))
	return strings.FieldsFunc(plain, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

var ligatures = strings.NewReplacer("œ", "oe", "æ", "ae", "ß", "ss", "ø", "o", "ł", "l", "đ", "d")

// FoldKey is Fold's words joined by one space: the key a re-import
// compares names by.
func FoldKey(s string) string { return strings.Join(Fold(s), " ") }
