package shelfcsv

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tablee/tablee/shelf"
)

// The staff spreadsheet's columns (docs/catalogue.md), as the export
// writes them. A header may name them in French too (aliases), in any
// case, with spaces or underscores.
var staffColumns = []string{
	"name_fr", "name_de", "name_en", "name_original", "bgg_id", "year",
	"min_players", "max_players", "best_players", "min_minutes", "max_minutes", "min_age",
	"kind", "language_dependence", "engine", "copies", "shelf", "ean", "condition", "acquired",
}

// aliases are the French (and a few German) names of the columns.
var aliases = map[string]string{
	"nom": "name_fr", "nom_fr": "name_fr", "nom_de": "name_de", "nom_en": "name_en",
	"nom_original": "name_original", "original": "name_original", "bgg": "bgg_id",
	"annee": "year", "jahr": "year",
	"joueurs_min": "min_players", "joueurs_max": "max_players", "meilleur_a": "best_players",
	"duree_min": "min_minutes", "duree_max": "max_minutes", "age_min": "min_age", "age": "min_age",
	"type": "kind", "dependance_langue": "language_dependence", "moteur": "engine",
	"exemplaires": "copies", "quantite": "copies", "etagere": "shelf", "rayon": "shelf", "emplacement": "shelf",
	"code_barre": "ean", "etat": "condition", "acquis": "acquired", "acquis_le": "acquired",
}

// Header is the staff spreadsheet's header row.
func Header() []string { return append([]string(nil), staffColumns...) }

// kinds are the words a kind column may hold, in the three languages.
var kinds = map[string]shelf.Kind{
	"competitive": shelf.Competitive, "competitif": shelf.Competitive, "kompetitiv": shelf.Competitive,
	"cooperative": shelf.Cooperative, "coop": shelf.Cooperative, "cooperatif": shelf.Cooperative, "kooperativ": shelf.Cooperative,
	"teams": shelf.Teams, "equipes": shelf.Teams, "equipe": shelf.Teams, "team": shelf.Teams,
}

// ReadStaff reads the staff's spreadsheet: one row per title, or per
// copy (rows naming the same game merge on import). copies is how many
// boxes (empty: 1; 0: a wish); shelf holds one code for every copy or
// one per copy, separated by spaces; ean one barcode or one per copy.
// Every bad line is named; then nothing is returned.
func ReadStaff(r io.Reader) (Result, error) {
	t, err := readTable(r)
	if err != nil {
		return Result{}, err
	}
	for k, i := range t.cols {
		if canon, ok := aliases[k]; ok {
			if _, has := t.cols[canon]; !has {
				t.cols[canon] = i
			}
		}
	}
	var bad lineErrors
	if !t.has("name_fr") && !t.has("name_de") && !t.has("name_en") && !t.has("name_original") {
		bad.add(1, "no name column (name_fr, name_de, name_en or name_original)")
		return Result{}, bad.err()
	}
	var res Result
	for i, row := range t.rows {
		ti, err := staffRow(t, row)
		if err != nil {
			bad.add(t.lines[i], "%v", err)
			continue
		}
		res.Titles = append(res.Titles, ti)
	}
	if err := bad.err(); err != nil {
		return Result{}, err
	}
	return res, nil
}

func staffRow(t *table, row []string) (shelf.Title, error) {
	var ti shelf.Title
	var errs []string
	num := func(col string) int {
		n, err := number(t.cell(row, col), col)
		if err != nil {
			errs = append(errs, err.Error())
		}
		return n
	}
	ti.Names = shelf.Names{FR: t.cell(row, "name_fr"), DE: t.cell(row, "name_de"), EN: t.cell(row, "name_en"), Original: t.cell(row, "name_original")}
	if len(ti.Names.All()) == 0 {
		errs = append(errs, "no name")
	}
	ti.BGGID = num("bgg_id")
	ti.Year = num("year")
	ti.MinPlayers, ti.MaxPlayers = num("min_players"), num("max_players")
	best, err := counts(t.cell(row, "best_players"), "best_players")
	if err != nil {
		errs = append(errs, err.Error())
	}
	ti.BestPlayers = best
	ti.MinMinutes, ti.MaxMinutes = num("min_minutes"), num("max_minutes")
	if ti.MaxMinutes == 0 {
		ti.MaxMinutes = ti.MinMinutes
	}
	ti.MinAge = num("min_age")
	if k := t.cell(row, "kind"); k != "" {
		kind, ok := kinds[shelf.FoldKey(k)]
		if !ok {
			errs = append(errs, fmt.Sprintf("kind %q is not competitive, cooperative or teams", k))
		}
		ti.Kind = kind
	}
	if ld := t.cell(row, "language_dependence"); ld != "" {
		if ti.LanguageDependence = languageLevel(ld); ti.LanguageDependence == 0 {
			errs = append(errs, fmt.Sprintf("language_dependence %q is not 1 to 5", ld))
		}
	}
	ti.Engine = strings.ToLower(t.cell(row, "engine"))

	copies := 1
	if c := t.cell(row, "copies"); c != "" {
		copies = num("copies")
	}
	if copies > 200 {
		errs = append(errs, fmt.Sprintf("copies %d is more than a shelf holds", copies))
		copies = 0
	}
	shelves := strings.Fields(t.cell(row, "shelf"))
	eans := barcodes(t.cell(row, "ean"))
	if len(shelves) > 1 && len(shelves) != copies {
		errs = append(errs, fmt.Sprintf("shelf %q names %d codes for %d copies", t.cell(row, "shelf"), len(shelves), copies))
	}
	if len(eans) > 1 && len(eans) != copies {
		errs = append(errs, fmt.Sprintf("ean %q names %d barcodes for %d copies", t.cell(row, "ean"), len(eans), copies))
	}
	acquired, err := date(t.cell(row, "acquired"), "acquired")
	if err != nil {
		errs = append(errs, err.Error())
	}
	pick := func(list []string, i int) string {
		switch {
		case len(list) == 1:
			return list[0]
		case i < len(list):
			return list[i]
		}
		return ""
	}
	for i := range copies {
		code, err := ean(pick(eans, i), "ean")
		if err != nil {
			errs = append(errs, err.Error())
			break
		}
		ti.Copies = append(ti.Copies, shelf.Copy{Shelf: pick(shelves, i), EAN: code,
			Condition: t.cell(row, "condition"), Acquired: acquired, Status: shelf.OnShelf})
	}
	if len(errs) == 0 {
		if err := checkTitle(ti); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return ti, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return ti, nil
}

// Rows are the catalogue in the staff spreadsheet's columns, after
// Header: one row per copy (copies 1, so a copy keeps its own shelf code,
// barcode and condition) and one row per title without a copy (copies
// 0). ReadStaff reads them back into the same catalogue.
func Rows(titles []shelf.Title) [][]string {
	var out [][]string
	itoa := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	for _, t := range titles {
		best := make([]string, len(t.BestPlayers))
		for i, n := range t.BestPlayers {
			best[i] = strconv.Itoa(n)
		}
		facts := []string{t.Names.FR, t.Names.DE, t.Names.EN, t.Names.Original, itoa(t.BGGID), itoa(t.Year),
			itoa(t.MinPlayers), itoa(t.MaxPlayers), strings.Join(best, " "), itoa(t.MinMinutes), itoa(t.MaxMinutes), itoa(t.MinAge),
			string(t.Kind), itoa(t.LanguageDependence), t.Engine}
		if len(t.Copies) == 0 {
			out = append(out, append(facts, "0", "", "", "", ""))
			continue
		}
		for _, c := range t.Copies {
			acquired := ""
			if !c.Acquired.IsZero() {
				acquired = c.Acquired.Format("2006-01-02")
			}
			row := append(append([]string(nil), facts...), "1", c.Shelf, c.EAN, c.Condition, acquired)
			out = append(out, row)
		}
	}
	return out
}

// barcodes splits an ean cell into one barcode per copy, separated by
// spaces; a cell whose pieces are too short to be barcodes is one
// barcode written in groups ("3 421271 300410").
func barcodes(s string) []string {
	f := strings.Fields(s)
	for _, p := range f {
		if len(p) < 8 {
			if s == "" {
				return nil
			}
			return []string{s}
		}
	}
	return f
}
