package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/scoresheet"
)

// TestAPlayOnTheStaffsSheetSurvivesAKioskCrash: the staff saved their own
// sheet for 7 Wonders (a private line among others); kiosk --title
// "7 Wonders" plays it, not the ready one, with three headless phones
// that know only the ready sheets (the sheet travels in their views),
// through a kill -9 and a restart, to the end.
func TestAPlayOnTheStaffsSheetSurvivesAKioskCrash(t *testing.T) {
	kiosk, companion := binaries(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tablee.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	titles, err := d.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var id int64
	for _, ti := range titles {
		if ti.Names.EN == "7 Wonders" {
			id = ti.ID
		}
	}
	label := func(s string) scoresheet.Label { return scoresheet.Label{FR: s, DE: s, EN: s} }
	mine := &scoresheet.Sheet{Name: label("7 Wonders"), Win: scoresheet.Highest, Rounds: 1,
		Categories: []scoresheet.Category{{ID: "cards", Label: label("Cards")}, {ID: "guess", Label: label("Guess"), Private: true},
			{ID: "coins", Label: label("Coins")}},
		TieBreak: []scoresheet.TieBreak{{Kind: scoresheet.Shared}}}
	saved, err := d.SaveTitleSheet(ctx, id, mine, time.Now())
	if err != nil || id == 0 {
		t.Fatalf("save 7 Wonders' (%d) sheet: %v", id, err)
	}
	d.Close()
	playThroughCrashOn(t, kiosk, companion, path, []string{"--title", "7 Wonders"}, 3)
	checkTitle(t, path, "7 Wonders", saved.ID)
}
