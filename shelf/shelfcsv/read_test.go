package shelfcsv

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/shelf"
	"golang.org/x/text/encoding/charmap"
)

// bggHeader is the header of BoardGameGeek's collection export.
const bggHeader = "objectname,objectid,rating,numplays,weight,own,fortrade,want,wanttobuy,wanttoplay,prevowned,preordered,wishlist,wishlistpriority,wishlistcomment,comment,conditiontext,haspartslist,wantpartslist,collid,baverage,average,avgweight,rank,numowned,objecttype,originalname,minplayers,maxplayers,playingtime,maxplaytime,minplaytime,yearpublished,bggrecplayers,bggbestplayers,bggrecagerange,bgglanguagedependence,publisherid,imageid,year,language,other,itemtype,barcode,pricepaid,pp_currency,currvalue,cv_currency,acquisitiondate,acquiredfrom,quantity,privatecomment,invlocation,invdate,version_publishers,version_languages,version_yearpublished,version_nickname"

// bggLine builds one export row from the cells it names.
func bggLine(cells map[string]string) string {
	cols := strings.Split(bggHeader, ",")
	out := make([]string, len(cols))
	for i, c := range cols {
		v := cells[c]
		if strings.ContainsAny(v, ",\"\n") {
			v = `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
		}
		out[i] = v
	}
	return strings.Join(out, ",")
}

func TestReadBGGReadsTheExportAsItComes(t *testing.T) {
	file := "\uFEFF" + bggHeader + "\n" +
		bggLine(map[string]string{"objectname": "Les Aventuriers du Rail", "originalname": "Ticket to Ride", "objectid": "9209",
			"own": "1", "quantity": "2", "minplayers": "2", "maxplayers": "5", "playingtime": "60", "minplaytime": "30", "maxplaytime": "60",
			"yearpublished": "2004", "bggbestplayers": "4", "bggrecagerange": "8+", "bgglanguagedependence": "No necessary in-game text",
			"invlocation": "A4", "barcode": "824968717912", "conditiontext": "boîte cornée, \"comme neuve\" sinon", "acquisitiondate": "2023-04-01",
			"objecttype": "thing", "itemtype": "standalone", "version_languages": "French"}) + "\n" +
		bggLine(map[string]string{"objectname": "Brass: Birmingham", "objectid": "224517", "own": "0", "wishlist": "1",
			"minplayers": "2", "maxplayers": "4", "playingtime": "120", "bggbestplayers": "3,4", "bggrecagerange": "14+",
			"bgglanguagedependence": "Some necessary text - easily memorized or small crib sheet", "itemtype": "standalone"}) + "\n" +
		bggLine(map[string]string{"objectname": "Carcassonne: Inns & Cathedrals", "objectid": "2993", "own": "1", "itemtype": "expansion"}) + "\n" +
		bggLine(map[string]string{"objectname": "Skull King", "objectid": "150145", "own": "1", "minplayers": "2", "maxplayers": "8",
			"playingtime": "30", "bggbestplayers": "5+", "acquisitiondate": "0000-00-00"}) + "\n\n"
	res, err := ReadBGG(strings.NewReader(file), BGGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Titles) != 3 || res.Expansions != 1 {
		t.Fatalf("read %d titles, %d expansions: %+v", len(res.Titles), res.Expansions, res.Titles)
	}
	ttr := res.Titles[0]
	want := shelf.Title{Names: shelf.Names{FR: "Les Aventuriers du Rail", Original: "Ticket to Ride"}, BGGID: 9209, Year: 2004,
		MinPlayers: 2, MaxPlayers: 5, BestPlayers: []int{4}, MinMinutes: 30, MaxMinutes: 60, MinAge: 8, LanguageDependence: 1}
	copyWant := shelf.Copy{Shelf: "A4", EAN: "824968717912", Condition: `boîte cornée, "comme neuve" sinon`,
		Acquired: time.Date(2023, 4, 1, 0, 0, 0, 0, time.UTC), Status: shelf.OnShelf}
	got := ttr
	got.Copies = nil
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) || len(ttr.Copies) != 2 || ttr.Copies[0] != copyWant || ttr.Copies[1] != copyWant {
		t.Errorf("Ticket to Ride:\n got %+v\nwant %+v with two copies %+v", ttr, want, copyWant)
	}
	brass := res.Titles[1]
	if brass.Owned() || brass.Names.Original != "Brass: Birmingham" || fmt.Sprint(brass.BestPlayers) != "[3 4]" ||
		brass.MinMinutes != 120 || brass.MaxMinutes != 120 || brass.MinAge != 14 || brass.LanguageDependence != 2 {
		t.Errorf("the wish: %+v", brass)
	}
	if sk := res.Titles[2]; len(sk.Copies) != 1 || fmt.Sprint(sk.BestPlayers) != "[5]" || !sk.Copies[0].Acquired.IsZero() {
		t.Errorf("Skull King: %+v", sk)
	}
}

func TestReadBGGNamesEveryBadLine(t *testing.T) {
	lines := []string{bggHeader,
		bggLine(map[string]string{"objectname": "Good", "objectid": "1", "own": "1"}),
		bggLine(map[string]string{"objectname": "Range", "objectid": "2", "own": "1", "maxplayers": "4-5"}),
		bggLine(map[string]string{"objectname": "Good too", "objectid": "3", "own": "1"}),
		bggLine(map[string]string{"objectname": "Text", "objectid": "4", "bgglanguagedependence": "lots"}),
		bggLine(map[string]string{"objectname": "", "objectid": "5"}),
		bggLine(map[string]string{"objectname": "Inverted", "objectid": "6", "minplayers": "5", "maxplayers": "2"}),
		bggLine(map[string]string{"objectname": "Barcode", "objectid": "7", "own": "1", "barcode": "ABC"}),
	}
	_, err := ReadBGG(strings.NewReader(strings.Join(lines, "\n")), BGGOptions{})
	var fe *Error
	if !errors.As(err, &fe) {
		t.Fatalf("want a file error, got %v", err)
	}
	want := []string{
		`line 3: maxplayers "4-5" is not a number`,
		`line 5: bgglanguagedependence "lots" is not one of BoardGameGeek's five levels`,
		`line 6: objectname is empty`,
		`line 7: min players 5 is more than max players 2`,
		`line 8: barcode "ABC" is not a barcode (digits)`,
	}
	if got := strings.Split(err.Error(), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", err, strings.Join(want, "\n"))
	}
	if _, err := ReadBGG(strings.NewReader("name;year\nx;1\n"), BGGOptions{}); err == nil || !strings.Contains(err.Error(), "line 1: no column objectname") {
		t.Errorf("not an export: %v", err)
	}
}

func TestReadStaffAsFrenchSpreadsheetsWriteIt(t *testing.T) {
	file := "\uFEFFNom;Nom EN;Joueurs min;Joueurs max;Meilleur à;Durée min;Durée max;Âge min;Type;Exemplaires;Étagère;Code-barre;État;Acquis le\r\n" +
		"Pandémie;Pandemic;2;4;4;45,0;45;8;coopératif;2;C2 C3;;\"une carte pliée; rien d'autre\";05/03/2024\r\n" +
		"\"Time's Up!, édition \"\"Party\"\"\";;4;12;;60;;12;équipes;;E1;3 421 271 300 41;;\r\n" +
		"Brass;;2;4;3-4;120;;14;;0;;;;\r\n"
	res, err := ReadStaff(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Titles) != 3 {
		t.Fatalf("titles: %+v", res.Titles)
	}
	p := res.Titles[0]
	if p.Names.FR != "Pandémie" || p.Names.EN != "Pandemic" || p.MinMinutes != 45 || p.Kind != shelf.Cooperative ||
		len(p.Copies) != 2 || p.Copies[0].Shelf != "C2" || p.Copies[1].Shelf != "C3" || p.Copies[1].Condition != "une carte pliée; rien d'autre" ||
		!p.Copies[0].Acquired.Equal(time.Date(2024, 3, 5, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("Pandémie: %+v", p)
	}
	tu := res.Titles[1]
	if tu.Names.FR != `Time's Up!, édition "Party"` || tu.Kind != shelf.Teams || len(tu.Copies) != 1 || tu.Copies[0].EAN != "342127130041" || tu.MaxMinutes != 60 {
		t.Errorf("Time's Up: %+v", tu)
	}
	if b := res.Titles[2]; b.Owned() || fmt.Sprint(b.BestPlayers) != "[3 4]" {
		t.Errorf("Brass: %+v", b)
	}
}

func TestReadStaffCommasAndWindows1252(t *testing.T) {
	utf := "name_fr,min_players,max_players,shelf\n\"Loups-Garous, les\",8,18,C3\n"
	res, err := ReadStaff(strings.NewReader(utf))
	if err != nil || len(res.Titles) != 1 || res.Titles[0].Names.FR != "Loups-Garous, les" || res.Titles[0].MaxPlayers != 18 {
		t.Fatalf("comma file: %+v (%v)", res, err)
	}
	ansi, _ := charmap.Windows1252.NewEncoder().String("nom;étagère\nPandémie;C2\n")
	res, err = ReadStaff(strings.NewReader(ansi))
	if err != nil || len(res.Titles) != 1 || res.Titles[0].Names.FR != "Pandémie" || res.Titles[0].Copies[0].Shelf != "C2" {
		t.Errorf("Windows-1252 file: %+v (%v)", res, err)
	}
}

func TestReadStaffNamesEveryBadLine(t *testing.T) {
	file := "name_fr;min_players;max_players;kind;copies;shelf;acquired;language_dependence\n" +
		"Bon;2;4;;;;;\n" +
		"Virgule;2,5;4;;;;;\n" +
		";2;4;;;;;\n" +
		"Genre;2;4;solo;;;;\n" +
		"Étagères;2;4;;2;A1 A2 A3;;\n" +
		"Date;2;4;;;;le 5 mars;\n" +
		"Langue;2;4;;;;;9\n"
	_, err := ReadStaff(strings.NewReader(file))
	want := `line 3: min_players "2,5" is not a number
line 4: no name
line 5: kind "solo" is not competitive, cooperative or teams
line 6: shelf "A1 A2 A3" names 3 codes for 2 copies
line 7: acquired "le 5 mars" is not a date (2024-03-05 or 05/03/2024)
line 8: language_dependence "9" is not 1 to 5`
	if err == nil || err.Error() != want {
		t.Errorf("errors:\n%v\nwant:\n%s", err, want)
	}
	if _, err := ReadStaff(strings.NewReader("a;b\n\"open;1\n")); err == nil || !strings.HasPrefix(err.Error(), "line ") {
		t.Errorf("broken quotes: %v", err)
	}
	if _, err := ReadStaff(strings.NewReader("")); err == nil || !strings.HasPrefix(err.Error(), "line 1:") {
		t.Errorf("empty file: %v", err)
	}
}

func TestRowsReadBack(t *testing.T) {
	titles, err := Demo()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(strings.Join(Header(), ";") + "\n")
	for _, r := range Rows(titles) {
		for i, c := range r {
			if strings.ContainsAny(c, ";\"") {
				r[i] = `"` + strings.ReplaceAll(c, `"`, `""`) + `"`
			}
		}
		b.WriteString(strings.Join(r, ";") + "\n")
	}
	back, err := ReadStaff(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	// One row per copy: the titles with two copies come back as two rows.
	copies := 0
	for _, ti := range titles {
		copies += max(1, len(ti.Copies))
	}
	if len(back.Titles) != copies {
		t.Fatalf("%d rows back, want %d", len(back.Titles), copies)
	}
	first := back.Titles[4] // 7 Wonders, after the four engine games
	if first.Names != titles[4].Names || first.BGGID != 68448 || fmt.Sprint(first.BestPlayers) != "[4 5]" || first.Copies[0].Shelf != "A1" {
		t.Errorf("7 Wonders back: %+v, was %+v", first, titles[4])
	}
}

func TestDemoShelf(t *testing.T) {
	titles, err := Demo()
	if err != nil {
		t.Fatal(err)
	}
	engines, owned := 0, 0
	shelves := map[string]bool{}
	bgg := map[int]bool{}
	for _, ti := range titles {
		if ti.Engine != "" {
			engines++
			continue
		}
		if ti.BGGID == 0 || bgg[ti.BGGID] || ti.MinPlayers == 0 || ti.MaxMinutes == 0 || ti.MinAge == 0 || ti.Kind == shelf.Unknown || ti.Year == 0 ||
			ti.Names.FR == "" || ti.Names.DE == "" || ti.Names.EN == "" || !ti.Owned() {
			t.Errorf("demo title lacks a fact: %+v", ti)
		}
		bgg[ti.BGGID] = true
		owned++
		for _, c := range ti.Copies {
			if shelves[c.Shelf] {
				t.Errorf("shelf code %s twice", c.Shelf)
			}
			shelves[c.Shelf] = true
		}
	}
	if engines != 4 || owned < 40 {
		t.Errorf("demo: %d engine games, %d titles", engines, owned)
	}
	ix := shelf.NewIndex(titles)
	for typed, want := range map[string]string{"carcasonne": "Carcassonne", "loup garou": "Les Loups-Garous de Thiercelieux", "zug um zug": "Les Aventuriers du Rail", "6 qui prend": "6 qui prend !"} {
		if got := ix.Search(shelf.Query{Text: typed}); len(got) == 0 || got[0].Title.Names.FR != want {
			t.Errorf("%q found %v", typed, got)
		}
	}
}
