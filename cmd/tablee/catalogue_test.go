package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
)

// bggExport is a small BoardGameGeek collection export: two owned games
// (one with two copies), a wish, an expansion.
const bggExport = "\uFEFFobjectname,objectid,own,wishlist,quantity,minplayers,maxplayers,playingtime,minplaytime,maxplaytime,yearpublished,bggbestplayers,bggrecagerange,bgglanguagedependence,originalname,invlocation,barcode,conditiontext,objecttype,itemtype\n" +
	"Carcassonne,822,1,0,2,2,5,45,30,45,2000,2,7+,No necessary in-game text,Carcassonne,B1,,,thing,standalone\n" +
	"\"Pandémie\",30549,1,0,,2,4,45,45,45,2008,4,8+,Some necessary text - easily memorized or small crib sheet,Pandemic,C2,,\"il manque 1 pion, \"\"rose\"\"\",thing,standalone\n" +
	"Gloomhaven,174430,0,1,,1,4,120,60,120,2017,3,14+,Extensive use of text - massive conversion needed to be playable,Gloomhaven,,,,thing,standalone\n" +
	"Carcassonne: Inns & Cathedrals,2993,1,0,,2,6,60,60,60,2002,,,,,,,,thing,expansion\n"

// newShelfDB is an existing kiosk database file.
func newShelfDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tablee.db")
	d, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	return path
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCatalogueImportSearchExport(t *testing.T) {
	path := newShelfDB(t)
	file := writeFile(t, "collection.csv", bggExport)
	code, out, errs := tablee(t, "catalogue", "import", "--db", path, "--bgg-csv", file)
	if code != 0 || !strings.HasPrefix(out, "imported titles=2 copies=3 wishes=1\n") || !strings.Contains(out, "expansions left aside=1") {
		t.Fatalf("import: exit %d\n%s%s", code, out, errs)
	}
	// Again: the same counts, nothing new.
	code, out, _ = tablee(t, "catalogue", "import", "--db", path, "--bgg-csv", file)
	if code != 0 || !strings.HasPrefix(out, "imported titles=2 copies=3 wishes=1\n") || !strings.Contains(out, "new titles=0 updated=0 unchanged=3; copies new=0") {
		t.Errorf("second import: exit %d\n%s", code, out)
	}

	// Five for thirty minutes: nothing; two for 45: Carcassonne first
	// (best at two), with both its shelf codes, and the engine games the
	// table plays itself.
	code, out, _ = tablee(t, "catalogue", "search", "--db", path, "--players", "5", "--minutes", "30")
	if code != 0 || out != "" {
		t.Errorf("five for thirty minutes: exit %d %q", code, out)
	}
	code, out, _ = tablee(t, "catalogue", "search", "--db", path, "--players", "2", "--minutes", "45")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 5 || !strings.Contains(out, "\nCanoë\t2 players, 15 min, competitive\ton this table\n") || lines[0] != "Carcassonne\t2–5 players, 30–45 min, 7+, competitive\tB1 B1" || !strings.Contains(out, "\nPandémie\t") {
		t.Errorf("two for 45 minutes: exit %d\n%s", code, out)
	}
	// BGG's export says nothing of coop; the demo shelf's Pandémie, which
	// the import updated, did.
	code, out, _ = tablee(t, "catalogue", "search", "--db", path, "pandemic", "--coop")
	if code != 0 || out != "Pandémie\t2–4 players, 45 min, 8+, cooperative\tC2\n" {
		t.Errorf("coop: exit %d %q", code, out)
	}
	code, out, _ = tablee(t, "catalogue", "search", "--db", path, "--wishes", "gloomhaven")
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(out), "not owned") {
		t.Errorf("the wish: exit %d %q", code, out)
	}
	code, out, _ = tablee(t, "catalogue", "search", "--db", path, "canoe")
	if code != 0 || !strings.Contains(out, "on this table") {
		t.Errorf("an engine game: exit %d %q", code, out)
	}

	dir := t.TempDir()
	code, out, errs = tablee(t, "catalogue", "export", "--db", path, "--csv", dir)
	if code != 0 || strings.TrimSpace(out) != filepath.Join(dir, "catalogue.csv") {
		t.Fatalf("export: exit %d %s%s", code, out, errs)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "catalogue.csv"))
	if !strings.HasPrefix(string(b), db.CSVBOM+"name_fr;name_de;") || !strings.Contains(string(b), `"il manque 1 pion, ""rose"""`) {
		t.Errorf("catalogue.csv:\n%s", b)
	}
	// The export imports back into a new database as the same catalogue.
	other := newShelfDB(t)
	code, out, errs = tablee(t, "catalogue", "import", "--db", other, "--csv", filepath.Join(dir, "catalogue.csv"))
	if code != 0 || !strings.HasPrefix(out, "imported titles=2 copies=3 wishes=1\n") {
		t.Errorf("import of the export: exit %d\n%s%s", code, out, errs)
	}
}

func TestCatalogueImportRefusesABadFile(t *testing.T) {
	path := newShelfDB(t)
	bad := strings.Replace(bggExport, "Carcassonne,822,1,0,2,2,5,", "Carcassonne,822,1,0,2,2,4-5,", 1)
	bad = strings.Replace(bad, "2008,4,8+", "2008,4,huit", 1)
	code, out, errs := tablee(t, "catalogue", "import", "--db", path, "--bgg-csv", writeFile(t, "bad.csv", bad))
	if code == 0 || out != "" || !strings.Contains(errs, "line 2: maxplayers \"4-5\" is not a number\n") ||
		!strings.Contains(errs, "line 3: bggrecagerange \"huit\" is not an age\n") || !strings.Contains(errs, "2 bad lines, nothing imported") {
		t.Errorf("bad file: exit %d\nstdout %q\nstderr %s", code, out, errs)
	}
	d, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	titles, _ := d.Titles(context.Background())
	for _, ti := range titles {
		if ti.BGGID == 30549 && len(ti.Copies) != 1 || ti.Names.Original == "Gloomhaven" {
			t.Errorf("the bad file wrote %+v", ti)
		}
	}
	if code, _, _ := tablee(t, "catalogue", "import", "--db", path); code == 0 {
		t.Errorf("no file: exit 0")
	}
	if code, _, _ := tablee(t, "catalogue", "import", "--db", filepath.Join(t.TempDir(), "none.db"), "--csv", writeFile(t, "x.csv", "nom\nAzul\n")); code == 0 {
		t.Errorf("no database: exit 0")
	}
	if code, _, _ := tablee(t, "catalogue", "frobnicate"); code != 2 {
		t.Errorf("unknown subcommand: exit %d", code)
	}
}

func TestCatalogueSearchShowsACopyAtATable(t *testing.T) {
	ctx := context.Background()
	path := newShelfDB(t)
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	titles, _ := d.Titles(ctx)
	var azul int64
	for _, ti := range titles {
		if ti.Names.Name("fr") == "Azul" {
			azul = ti.Copies[0].ID
		}
	}
	since := time.Date(2026, 3, 11, 19, 40, 0, 0, time.Local)
	if err := d.Take(ctx, azul, "Table 3", since); err != nil {
		t.Fatal(err)
	}
	d.Close()
	code, out, _ := tablee(t, "catalogue", "search", "--db", path, "azul")
	if code != 0 || strings.TrimSpace(out) != "Azul\t2–4 players, 30–45 min, 8+, competitive\tB3 (at Table 3 since 19:40)" {
		t.Errorf("search: exit %d %q", code, out)
	}
}
