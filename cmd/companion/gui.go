package main

import (
	"context"
	"os"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/gui"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/proto/discovery"
)

// browseFor is how long the app listens for tables on each refresh.
const browseFor = 3 * time.Second

// runGUI opens the companion's window; only reached without --headless.
func runGUI(scope discovery.Scope) int {
	a := app.NewWithID("fr.tablee.companion")
	w := a.NewWindow("Tablée companion")
	g := gui.New(w, gui.Deps{
		Browse: func(ctx context.Context) ([]discovery.Table, error) { return discovery.Browse(ctx, browseFor, scope) },
		Dial:   client.Dial,
		Games:  catalog.Registry(),
		Lang:   phoneLanguage(os.Getenv("LANG")),
	})
	w.SetOnClosed(g.Close)
	// A phone-shaped window on the desktop, where the companion is tested.
	w.Resize(fyne.NewSize(420, 760))
	w.ShowAndRun()
	return exitOK
}

// phoneLanguage picks the app's language from the system's (LANG=de_DE.UTF-8
// gives "de"); French unless German or English is asked for.
func phoneLanguage(lang string) string {
	switch l := strings.ToLower(lang); {
	case strings.HasPrefix(l, "de"):
		return "de"
	case strings.HasPrefix(l, "en"):
		return "en"
	}
	return "fr"
}
