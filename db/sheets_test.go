package db

import (
	"context"
	"encoding/csv"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/scoresheet"
	"github.com/tablee/tablee/session"
)

func darts() *scoresheet.Sheet {
	l := scoresheet.Label{FR: "Fléchettes", DE: "Darts", EN: "Darts"}
	return &scoresheet.Sheet{ID: "draft", Name: l, Win: scoresheet.Lowest, Rounds: 3,
		Categories: []scoresheet.Category{{ID: "left", Label: scoresheet.Label{FR: "Reste", DE: "Rest", EN: "Left"}, PerRound: true}}}
}

// TestTitleSheetsAreVersionsAPlayKeeps: each save is a new version with
// its own id; the library loaded from the database holds every version
// (a play made on an old one resumes on it) and gives the title, by any
// of its names, the latest; giving the title back its ready sheet is a
// save too, and a sheet the scoresheet package refuses is never stored.
func TestTitleSheetsAreVersionsAPlayKeeps(t *testing.T) {
	ctx := context.Background()
	d, titles := imported(t)
	carc := titles["Carcassonne"]
	if _, ok, err := d.TitleSheet(ctx, carc.ID); ok || err != nil {
		t.Fatalf("a title never edited has a sheet (%v, %v)", ok, err)
	}
	v1, err := d.SaveTitleSheet(ctx, carc.ID, darts(), t0)
	if err != nil {
		t.Fatal(err)
	}
	second := darts()
	second.Win = scoresheet.Highest
	v2, err := d.SaveTitleSheet(ctx, carc.ID, second, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if v1.ID != TitleSheetID(carc.ID, 1) || v2.ID != TitleSheetID(carc.ID, 2) {
		t.Fatalf("ids %s, %s", v1.ID, v2.ID)
	}
	bad := darts()
	bad.Limit = 1_000_000_000_000
	var invalid *scoresheet.Invalid
	if _, err := d.SaveTitleSheet(ctx, carc.ID, bad, t0); !errors.As(err, &invalid) || invalid.Rule != scoresheet.InvalidLimit ||
		invalid.Args["Max"] != scoresheet.MaxLimit {
		t.Errorf("a limit of 10^12 saved: %v", err)
	}
	if _, err := d.SaveTitleSheet(ctx, 999_999, darts(), t0); !errors.Is(err, ErrNotFound) {
		t.Errorf("a sheet for no title: %v", err)
	}
	got, ok, err := d.TitleSheet(ctx, carc.ID)
	if err != nil || !ok || got.Version != 2 || got.Sheet.Win != scoresheet.Highest || !got.SavedAt.Equal(t0.Add(time.Minute)) {
		t.Fatalf("latest %+v, %v, %v", got, ok, err)
	}

	lib := scoresheet.Ready()
	if err := d.LoadSheets(ctx, lib); err != nil {
		t.Fatal(err)
	}
	if s := lib.ForTitle("carcassonne"); s.ID != v2.ID {
		t.Errorf("a new play of Carcassonne gets %s, want the staff's %s", s.ID, v2.ID)
	}
	if s, ok := lib.Get(v1.ID); !ok || s.Win != scoresheet.Lowest {
		t.Errorf("the first version is gone from the library: %v", s)
	}
	if s := lib.ForTitle("Pandemic"); s.ID != "pandemic" {
		t.Errorf("an unedited title gets %s", s.ID)
	}

	if _, err := d.SaveTitleSheet(ctx, carc.ID, nil, t0.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	lib = scoresheet.Ready()
	if err := d.LoadSheets(ctx, lib); err != nil {
		t.Fatal(err)
	}
	if s := lib.ForTitle("Carcassonne"); s.ID != "carcassonne" {
		t.Errorf("given back its ready sheet, Carcassonne gets %s", s.ID)
	}
	if _, ok := lib.Get(v2.ID); !ok {
		t.Error("a version given up is gone from the library: its plays cannot resume")
	}
	if err := d.LoadSheets(ctx, lib); err != nil {
		t.Errorf("loading twice into one library: %v", err)
	}
}

// TestAPlayersWholeHistory: a player's plays are every play they sat in,
// each with its whole group, and nobody else's.
func TestAPlayersWholeHistory(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	f.play(t, "canoe", f.persons(0, 1), []int{3, 1}, t0)
	f.play(t, "canoe", f.persons(1, 2), []int{2, 5}, t0.Add(time.Hour))
	f.play(t, "canyon", append(f.persons(0), session.Seat{Kind: session.Guest, Name: "=1+1"}), []int{4, 4}, t0.Add(2*time.Hour))
	var b strings.Builder
	if err := f.d.WritePlayerPlaysCSV(ctx, &b, ';', f.players[0].ID); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), CSVBOM) {
		t.Error("no byte order mark")
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), CSVBOM)))
	r.Comma = ';'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, row := range rows[1:] {
		names = append(names, row[6]+":"+row[7]+":"+row[11])
	}
	if got, want := strings.Join(names, " "), "canoe:playerA:1 canoe:playerB:1 canyon:playerA:1 canyon:'=1+1:0"; got != want {
		t.Errorf("playerA's history (game:name:new) %s, want %s", got, want)
	}
	if err := f.d.WritePlayerPlaysCSV(ctx, &b, ';', "nobody"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the history of nobody: %v", err)
	}
}
