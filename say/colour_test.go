package say

import (
	"testing"

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
// language, on the table, the replay and the phones (companion.suit.N).
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
		for lang, want := range words {
			if got := cat.T(lang, "companion.suit."+string(rune('0'+i))); got != want {
				t.Errorf("%s: suit %d, drawn %s, is named %q, want %q", lang, i, suit.Fill.Hex(), got, want)
			}
		}
	}
}
