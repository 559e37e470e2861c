package shelfcsv

import (
	"fmt"
	"io"
	"strings"

	"github.com/tablee/tablee/shelf"
)

// BGGOptions say how to read a BoardGameGeek export.
type BGGOptions struct {
	// Lang is the language ("fr", "de", "en") of a row's objectname when it
	// differs from its originalname (the collection shows a version's
	// name) and version_languages does not say; "" is "fr".
	Lang string
}

// bggLanguageLevels are BoardGameGeek's language dependence poll's
// answers, as the export writes them, by level.
var bggLanguageLevels = []string{
	"no necessary in game text",
	"some necessary text",
	"moderate in game text",
	"extensive use of text",
	"unplayable in another language",
}

// ReadBGG reads BoardGameGeek's collection export ("Export as CSV"), its
// columns named by its header: objectname, objectid, own, quantity,
// min/maxplayers, playingtime, min/maxplaytime, yearpublished,
// bggbestplayers, bggrecagerange, bgglanguagedependence, originalname,
// invlocation (the shelf code), barcode, conditiontext, acquisitiondate,
// itemtype. A row with own=0 is a wish; quantity copies (1 when empty) of
// an owned row share its shelf code; expansions are left aside and
// counted. Every bad line is named; then nothing is returned.
func ReadBGG(r io.Reader, opt BGGOptions) (Result, error) {
	t, err := readTable(r)
	if err != nil {
		return Result{}, err
	}
	var bad lineErrors
	for _, col := range []string{"objectname", "objectid"} {
		if !t.has(col) {
			bad.add(1, "no column %s: is this BoardGameGeek's collection export?", col)
		}
	}
	if err := bad.err(); err != nil {
		return Result{}, err
	}
	var res Result
	for i, row := range t.rows {
		line := t.lines[i]
		title, expansion, err := bggRow(t, row, opt)
		if err != nil {
			bad.add(line, "%v", err)
			continue
		}
		if expansion {
			res.Expansions++
			continue
		}
		res.Titles = append(res.Titles, title)
	}
	if err := bad.err(); err != nil {
		return Result{}, err
	}
	return res, nil
}

func bggRow(t *table, row []string, opt BGGOptions) (shelf.Title, bool, error) {
	var ti shelf.Title
	var errs []string
	num := func(col string) int {
		n, err := number(t.cell(row, col), col)
		if err != nil {
			errs = append(errs, err.Error())
		}
		return n
	}
	kind := strings.ToLower(t.cell(row, "itemtype") + " " + t.cell(row, "objecttype") + " " + t.cell(row, "subtype"))
	expansion := strings.Contains(kind, "expansion")

	name, original := t.cell(row, "objectname"), t.cell(row, "originalname")
	if name == "" && original == "" {
		errs = append(errs, "objectname is empty")
	}
	ti.BGGID = num("objectid")
	if ti.BGGID == 0 && len(errs) == 0 {
		errs = append(errs, "objectid is empty")
	}
	ti.Names.Original = original
	if original == "" {
		ti.Names.Original = name
	} else if name != original {
		setName(&ti.Names, versionLang(t.cell(row, "version_languages"), opt.Lang), name)
	}
	ti.Year = num("yearpublished")
	ti.MinPlayers, ti.MaxPlayers = num("minplayers"), num("maxplayers")
	playing := num("playingtime")
	ti.MinMinutes, ti.MaxMinutes = num("minplaytime"), num("maxplaytime")
	if ti.MinMinutes == 0 {
		ti.MinMinutes = playing
	}
	if ti.MaxMinutes == 0 {
		ti.MaxMinutes = max(playing, ti.MinMinutes)
	}
	best, err := counts(t.cell(row, "bggbestplayers"), "bggbestplayers")
	if err != nil {
		errs = append(errs, err.Error())
	}
	ti.BestPlayers = best
	if age := t.cell(row, "bggrecagerange"); age != "" {
		// "8+", "10+": the youngest age the community recommends.
		digits := age[:len(age)-len(strings.TrimLeft(age, "0123456789"))]
		if n, err := number(digits, "bggrecagerange"); err != nil || digits == "" {
			errs = append(errs, fmt.Sprintf("bggrecagerange %q is not an age", age))
		} else {
			ti.MinAge = n
		}
	}
	if ld := t.cell(row, "bgglanguagedependence"); ld != "" {
		level := languageLevel(ld)
		if level == 0 {
			errs = append(errs, fmt.Sprintf("bgglanguagedependence %q is not one of BoardGameGeek's five levels", ld))
		}
		ti.LanguageDependence = level
	}

	own := t.cell(row, "own")
	if own != "" && own != "0" && own != "1" {
		errs = append(errs, fmt.Sprintf("own %q is not 0 or 1", own))
	}
	quantity := num("quantity")
	code, err := ean(t.cell(row, "barcode"), "barcode")
	if err != nil {
		errs = append(errs, err.Error())
	}
	acquired, err := date(t.cell(row, "acquisitiondate"), "acquisitiondate")
	if err != nil {
		errs = append(errs, err.Error())
	}
	if own != "0" && (own == "1" || !t.has("own")) {
		if quantity == 0 {
			quantity = 1
		}
		if quantity > 200 {
			errs = append(errs, fmt.Sprintf("quantity %d is more copies than a shelf holds", quantity))
			quantity = 0
		}
		for range quantity {
			ti.Copies = append(ti.Copies, shelf.Copy{Shelf: t.cell(row, "invlocation"), EAN: code,
				Condition: t.cell(row, "conditiontext"), Acquired: acquired, Status: shelf.OnShelf})
		}
	}
	if len(errs) == 0 {
		if err := checkTitle(ti); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return ti, expansion, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return ti, expansion, nil
}

// languageLevel reads BGG's poll answer (or a level 1–5 as a number); 0
// when it is neither.
func languageLevel(s string) int {
	if n, err := number(s, ""); err == nil && n >= 1 && n <= 5 {
		return n
	}
	folded := shelf.FoldKey(s)
	for i, l := range bggLanguageLevels {
		if strings.HasPrefix(folded, l) {
			return i + 1
		}
	}
	return 0
}

// versionLang is the language of a version's name: the first of French,
// German and English version_languages names, else fallback.
func versionLang(languages, fallback string) string {
	l := strings.ToLower(languages)
	for _, c := range []struct{ word, lang string }{{"french", "fr"}, {"german", "de"}, {"english", "en"}} {
		if strings.Contains(l, c.word) {
			return c.lang
		}
	}
	if fallback == "" {
		return "fr"
	}
	return fallback
}

func setName(n *shelf.Names, lang, name string) {
	switch lang {
	case "de":
		n.DE = name
	case "en":
		n.EN = name
	default:
		n.FR = name
	}
}
