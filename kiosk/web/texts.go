package web

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/looks"
	"github.com/tablee/tablee/scoresheet"
)

// textPrefixes are the catalogue domains the page reads: its own texts,
// the shared ones, the rules' names for refused moves, the score
// sheet's (its refusals and gaps, and the phones' sheet screen), and the
// hints' words of package say, so a hint for a board played at the table
// is said as the table and the app say it.
var textPrefixes = []string{"web.", "common.", "rule.", "sheet.", "sheetphone.", "hint.say."}

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
			out["web.game."+info.ID] = cat.T(lang, info.NameKey())
		}
	}
	data, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("web: texts %s: %w", lang, err)
	}
	return data, nil
}

// looksSheet is /looks.json: every game's looks (colours, symbols and
// marks) from the looks package, the symbols' outlines, and in each
// language the card texts, written as the table writes them.
type looksSheet struct {
	looks.Sheet
	Names map[i18n.Lang]cardNames `json:"names"`
}

// cardNames are the names of Canaille's kinds (the table's words, with
// soft hyphens where a narrow card may break them) and of Canyon's suits,
// by suit index.
type cardNames struct {
	Kinds map[string]string `json:"kinds"`
	Suits []string          `json:"suits"`
}

// looksJSON builds /looks.json for the games of the registry.
func looksJSON(cat *i18n.Catalog, games *engine.Registry) ([]byte, error) {
	var ids []string
	if games != nil {
		for _, info := range games.Infos() {
			ids = append(ids, info.ID)
		}
	}
	out := looksSheet{Sheet: looks.SheetFor(ids), Names: map[i18n.Lang]cardNames{}}
	canyonLooks, _ := looks.For(canyon.ID)
	for _, l := range i18n.Langs() {
		n := cardNames{Kinds: map[string]string{}}
		for k := canaille.Canaille; k <= canaille.Fog; k++ {
			n.Kinds[k.String()] = cat.T(l, "web.kind."+k.String())
		}
		for s := range canyonLooks.Suits {
			n.Suits = append(n.Suits, cat.T(l, "companion.suit."+strconv.Itoa(s)))
		}
		out.Names[l] = n
	}
	data, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("web: looks: %w", err)
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

// boardMap is the Canyon map as the page draws it around a landing
// choice: one letter per cell, row by row from the village end (M bank,
// I island, ~ water, s start, D dock, C cave, W waterfall), and for each
// cell the direction its current drifts a canoe, as on a numeric keypad
// (8 up, 7 up-left, 4 left…; "." none). It is drawing data only: which
// cells may be chosen comes from the legal moves of the seat's view.
type boardMap struct {
	Rows  int    `json:"rows"`
	Cols  int    `json:"cols"`
	Cells string `json:"cells"`
	Drift string `json:"drift"`
	// Goal is each cell's distance to the docks, -1 off the water: how
	// the table names where a canoe is.
	Goal []int `json:"goal"`
}

var terrainLetters = map[string]byte{
	canyon.TerrainBank: 'M', canyon.TerrainIsland: 'I', canyon.TerrainWater: '~', canyon.TerrainStart: 's',
	canyon.TerrainDock: 'D', canyon.TerrainCave: 'C', canyon.TerrainWaterfall: 'W',
}

// keypad names a one-cell step (row, column change) as a numeric keypad
// key.
var keypad = map[[2]int]byte{
	{-1, -1}: '7', {-1, 0}: '8', {-1, 1}: '9', {0, -1}: '4', {0, 1}: '6', {1, -1}: '1', {1, 0}: '2', {1, 1}: '3',
}

// canyonMap writes the engine's own Canyon map for the page.
func canyonMap() ([]byte, error) {
	b := canyon.Map()
	cells := make([]byte, 0, b.Rows*b.Cols)
	drift := make([]byte, 0, b.Rows*b.Cols)
	goal := make([]int, 0, b.Rows*b.Cols)
	for i := range b.Rows * b.Cols {
		goal = append(goal, b.GoalDistance(i))
		letter, ok := terrainLetters[b.Terrain(i)]
		if !ok {
			return nil, fmt.Errorf("web: canyon map: cell %d: terrain %q has no letter", i, b.Terrain(i))
		}
		cells = append(cells, letter)
		d := byte('.')
		if to := b.Drift(i); to >= 0 {
			if d, ok = keypad[[2]int{to/b.Cols - i/b.Cols, to%b.Cols - i%b.Cols}]; !ok {
				return nil, fmt.Errorf("web: canyon map: cell %d drifts to %d, not a neighbour", i, to)
			}
		}
		drift = append(drift, d)
	}
	data, err := json.Marshal(boardMap{Rows: b.Rows, Cols: b.Cols, Cells: string(cells), Drift: string(drift), Goal: goal})
	if err != nil {
		return nil, fmt.Errorf("web: canyon map: %w", err)
	}
	return data, nil
}

// readySheets is /sheets/ready.json: the ready score sheets by id, as
// the page draws a seat's sheet (its categories, their labels, which are
// private, negative or per round, the entry limit written out), from
// scoresheet's own data.
func readySheets() ([]byte, error) {
	lib := scoresheet.Ready()
	out := map[string]scoresheet.Sheet{}
	for _, id := range lib.IDs() {
		sh, _ := lib.Get(id)
		s := *sh
		s.Limit = sh.EntryLimit()
		out[id] = s
	}
	data, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("web: score sheets: %w", err)
	}
	return data, nil
}
