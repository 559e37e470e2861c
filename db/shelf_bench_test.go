package db

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelfcsv"
)

// fixtureTitles is the size of the ludogîte's library in the seeds.
const fixtureTitles = 9000

// writeBGGFixture writes n made-up titles in BoardGameGeek's collection
// export format: names with accents, apostrophes, quotes and commas,
// BGG-like facts; one in ten a wish, one in eight with two copies.
func writeBGGFixture(w io.Writer, n int, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	first := []string{"Château", "Forêt", "Île", "Cité", "Royaume", "Jardin", "Mystère", "Légende", "Crève-cœur", "Übermensch", "Straße", "Fjord", "Açaí", "Piñata", "Zoë"}
	second := []string{"des Loups", "d'Orléans", "du Dragon", "de Thiercelieux", "des Épices", "aux Étoiles", "der Zwerge", "of Ashes", "\"Deluxe\"", "la Revanche", ", tome 2", "& Cie"}
	lang := []string{"No necessary in-game text", "Some necessary text - easily memorized or small crib sheet",
		"Moderate in-game text - needs crib sheet or paste ups", "Extensive use of text - massive conversion needed to be playable", "Unplayable in another language"}
	quote := func(s string) string {
		if strings.ContainsAny(s, ",\"") {
			return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		}
		return s
	}
	fmt.Fprintln(w, "objectname,objectid,own,wishlist,quantity,minplayers,maxplayers,playingtime,minplaytime,maxplaytime,yearpublished,bggbestplayers,bggrecagerange,bgglanguagedependence,originalname,invlocation,barcode,conditiontext,acquisitiondate,objecttype,itemtype")
	for i := range n {
		name := fmt.Sprintf("%s %s %d", first[rng.IntN(len(first))], second[rng.IntN(len(second))], i)
		own, qty := "1", "1"
		if i%10 == 0 {
			own, qty = "0", ""
		} else if i%8 == 0 {
			qty = "2"
		}
		lo := 1 + rng.IntN(4)
		hi := lo + rng.IntN(6)
		best := fmt.Sprint(lo + rng.IntN(hi-lo+1))
		if hi > lo && rng.IntN(2) == 0 {
			best += fmt.Sprint(",", min(hi, lo+1+rng.IntN(hi-lo)))
		}
		tmin := 10 * (1 + rng.IntN(9))
		tmax := tmin + 15*rng.IntN(5)
		fmt.Fprintf(w, "%s,%d,%s,%s,%s,%d,%d,%d,%d,%d,%d,%s,%d+,%s,%s,%c%d,%s,%s,%s,thing,standalone\n",
			quote(name), 100000+i, own, map[bool]string{true: "1", false: "0"}[own == "0"], qty, lo, hi, tmax, tmin, tmax,
			1990+rng.IntN(35), quote(best), 6+2*rng.IntN(6), lang[rng.IntN(len(lang))], quote(name),
			'A'+rune(i%26), i/26, fmt.Sprintf("%013d", 3000000000000+i), quote(fmt.Sprintf("coin %d, \"ok\"", i%7)), "2024-05-01")
	}
}

// bggFixture is the 9,000-title export, made once per test binary run.
func bggFixture(b *testing.B) []byte {
	var buf bytes.Buffer
	writeBGGFixture(&buf, fixtureTitles, 37)
	return buf.Bytes()
}

func TestTheFixtureImports(t *testing.T) {
	var buf bytes.Buffer
	writeBGGFixture(&buf, 500, 37)
	res, err := shelfcsv.ReadBGG(bytes.NewReader(buf.Bytes()), shelfcsv.BGGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := openEmptyShelf(t)
	r, err := d.ImportCatalogue(context.Background(), res.Titles, t0)
	if err != nil || r.Titles != 450 || r.Wishes != 50 || r.Copies != 450+50 /* two copies: multiples of 8 but not of 10 */ {
		t.Fatalf("fixture import: %+v (%v)", r.Summary(), err)
	}
	again, err := d.ImportCatalogue(context.Background(), res.Titles, t0)
	if err != nil || again.UnchangedTitles != 500 {
		t.Errorf("fixture again: %+v (%v)", again, err)
	}
}

// BenchmarkCatalogueImport reads the 9,000-title BGG export and imports
// it into a new database, in one transaction (target: ≤ 5 s).
func BenchmarkCatalogueImport(b *testing.B) {
	ctx := context.Background()
	file := bggFixture(b)
	for b.Loop() {
		b.StopTimer()
		d := openEmptyShelf(b)
		b.StartTimer()
		res, err := shelfcsv.ReadBGG(bytes.NewReader(file), shelfcsv.BGGOptions{})
		if err != nil {
			b.Fatal(err)
		}
		r, err := d.ImportCatalogue(ctx, res.Titles, t0)
		if err != nil || r.Titles+r.Wishes != fixtureTitles {
			b.Fatalf("%+v (%v)", r.Summary(), err)
		}
		b.StopTimer()
		d.Close()
		b.StartTimer()
	}
}

// BenchmarkCatalogueSearch runs the table's filtered searches (a group's
// count, time and youngest age, coop sometimes, some words of a name
// sometimes) over the 9,000 titles read back from the database, and
// reports the 99th percentile of one search (target: ≤ 20 ms).
func BenchmarkCatalogueSearch(b *testing.B) {
	ctx := context.Background()
	d := openEmptyShelf(b)
	res, err := shelfcsv.ReadBGG(bytes.NewReader(bggFixture(b)), shelfcsv.BGGOptions{})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := d.ImportCatalogue(ctx, res.Titles, t0); err != nil {
		b.Fatal(err)
	}
	titles, err := d.Titles(ctx)
	if err != nil {
		b.Fatal(err)
	}
	ix := shelf.NewIndex(titles)
	words := []string{"", "", "chateau", "loups garou", "epice", "dragn", "strasse", "tome 2", "zoe"}
	rng := rand.New(rand.NewPCG(1, 2))
	var took []time.Duration
	for b.Loop() {
		q := shelf.Query{Players: 1 + rng.IntN(8), Minutes: 15 * (1 + rng.IntN(8)), Age: 6 + rng.IntN(10),
			Coop: rng.IntN(4) == 0, Text: words[rng.IntN(len(words))]}
		start := time.Now()
		ix.Search(q)
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}
