package web

import (
	"encoding/json"
	"fmt"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/i18n"
)

// textPrefixes are the catalogue domains the page reads: its own texts,
// the shared ones and the rules' names for refused moves.
var textPrefixes = []string{"web.", "common.", "rule."}

// textsJSON is the page's texts in lang as one JSON object of key → text,
// with each game's name as "web.game.<id>" from the registry, so names are
// written once.
func textsJSON(cat *i18n.Catalog, games *engine.Registry, lang i18n.Lang) ([]byte, error) {
	out := map[string]string{}
	for _, p := range textPrefixes {
		for k, v := range cat.Export(lang, p) {
			out[k] = v
		}
	}
	if games != nil {
		for _, info := range games.Infos() {
			out["web.game."+info.ID] = info.Name.In(string(lang))
		}
	}
	data, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("web: texts %s: %w", lang, err)
	}
	return data, nil
}

// cardFace is what is printed on a Canaille card, as the page draws it.
type cardFace struct {
	Kind string `json:"kind"`
	N    int    `json:"n"`
	Stop bool   `json:"stop"`
}

// canailleCards maps every Canaille card id to its face, from the engine's
// own card list: views name cards by id only.
func canailleCards() ([]byte, error) {
	out := map[string]cardFace{}
	for id := 1; id <= canaille.NumCards; id++ {
		c := canaille.Card(id)
		f := c.Face()
		out[c.ID()] = cardFace{Kind: f.Kind.String(), N: f.N, Stop: f.Stop}
	}
	data, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("web: canaille cards: %w", err)
	}
	return data, nil
}
