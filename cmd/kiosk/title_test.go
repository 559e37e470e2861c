package main

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/shelf"
)

// TestTitleFlagNamesACatalogueTitle: kiosk --headless --title takes a
// catalogue title's id or any of its four names, case and accents
// folded, keeps the catalogue's spelling of it with the play and finds
// the title's ready sheet under any of its names; a title the catalogue
// lacks, or a part of a name, is refused.
func TestTitleFlagNamesACatalogueTitle(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, filepath.Join(t.TempDir(), "tablee.db")) // the demo shelf
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	titles, err := d.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	pandemic, err := shelf.Exact(titles, "Pandemic")
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string][2]string{
		"7 Wonders":                              {"7 Wonders", "7wonders"},
		"zug um zug":                             {"Zug um Zug", "tickettoride"},
		"PANDÉMIE":                               {"Pandémie", "pandemic"},
		"nom de code":                            {"Nom de code", "codenames"},
		"6 qui prend":                            {"6 qui prend !", "6nimmt"},
		"Dixit":                                  {"Dixit", "generic"},
		strconv.FormatInt(pandemic.ID, 10):       {"Pandemic", "pandemic"},
		"#" + strconv.FormatInt(pandemic.ID, 10): {"Pandemic", "pandemic"},
	} {
		opts, err := titleSetup(ctx, d, sheet.New(), text)
		if err != nil {
			t.Errorf("--title %q: %v", text, err)
			continue
		}
		if opts[sheet.OptionTitle] != want[0] || opts[sheet.OptionSheet] != want[1] {
			t.Errorf("--title %q: %v, want title %q on sheet %s", text, opts, want[0], want[1])
		}
	}
	for _, text := range []string{"Terra Mystica", "Zug", "", "#0"} {
		if opts, err := titleSetup(ctx, d, sheet.New(), text); !errors.Is(err, shelf.ErrNoTitle) {
			t.Errorf("--title %q: %v, %v; want no such title", text, opts, err)
		}
	}
}
