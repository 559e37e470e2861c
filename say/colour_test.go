package say

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/looks"
)

// colourWords are what a guest calls each colour the looks draw cards and
// pieces in: Okabe–Ito's vermillion reads orange on the table, its
// reddish purple violet.
var colourWords = map[looks.RGB]map[i18n.Lang]string{
	looks.Blue:        {i18n.FR: "bleu", i18n.EN: "blue", i18n.DE: "blau"},
	looks.BluishGreen: {i18n.FR: "vert", i18n.EN: "green", i18n.DE: "grün"},
	looks.Vermillion:  {i18n.FR: "orange", i18n.EN: "orange", i18n.DE: "orange"},
	looks.Yellow:      {i18n.FR: "jaune", i18n.EN: "yellow", i18n.DE: "gelb"},
	looks.Purple:      {i18n.FR: "violet", i18n.EN: "violet", i18n.DE: "violett"},
}

// TestSuitNamesMatchTheLooks: a Canyon card is named by the colour it is
// drawn in (the orange ■ card is "orange", never "rouge"), in every
// language, wherever its name comes from: the table, the replay and the
// phones (companion.suit.N) and the rules' explanations, the "why not?"
// answers (rule.word.suit-<the engine's name of the suit>).
func TestSuitNamesMatchTheLooks(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	g, _ := looks.For("canyon")
	for i, suit := range g.Suits {
		words, ok := colourWords[suit.Fill]
		if !ok {
			t.Errorf("suit %d is drawn in %s, which has no name here", i, suit.Fill.Hex())
			continue
		}
		// The engine's own name of the suit ("red" for the orange one)
		// is notation, the key of the rules' word; never shown as is.
		engineName, _, _ := strings.Cut(canyon.Card{Suit: i, Value: 1}.String(), " ")
		for lang, want := range words {
			for _, key := range []string{"companion.suit." + strconv.Itoa(i), "rule.word.suit-" + engineName} {
				if !cat.Has(key) {
					t.Errorf("no text %s", key)
				}
				if got := strings.ToLower(cat.T(lang, key)); got != want {
					t.Errorf("%s: suit %d, drawn %s, is named %q by %s, want %q", lang, i, suit.Fill.Hex(), got, key, want)
				}
			}
		}
	}
}
