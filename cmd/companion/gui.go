package main

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/gui"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/proto/discovery"
)

// browseFor is how long each round of looking for tables listens.
const browseFor = 3 * time.Second

// runGUI opens the companion's window; only reached without --headless.
// link, if given, is a table's join link to open at once.
func runGUI(scope discovery.Scope, link string) int {
	a := app.NewWithID("fr.tablee.companion")
	a.Settings().SetTheme(gui.NewTheme())
	w := a.NewWindow("Tablée")
	// The signing key of the player's shelf results lives in the app's
	// own folder, mode 0600, and never leaves the phone; without it the
	// app plays on and signs nothing.
	var opts client.Options
	if signer, err := client.LoadSigner(filepath.Join(a.Storage().RootURI().Path(), "sign.key")); err == nil {
		opts.Signer = signer
	} else {
		fyne.LogError("signing key", err)
	}
	g := gui.New(w, gui.Deps{
		Browse: func(ctx context.Context) ([]discovery.Kiosk, error) { return discovery.Browse(ctx, browseFor, scope) },
		Dial: func(ctx context.Context, addr, fp string) (*client.Client, error) {
			return client.DialWith(ctx, addr, fp, opts)
		},
		Games: catalog.Plays(), // a shelf game's score sheet too
		Lang:  locale(),
	})
	if link != "" {
		g.Open(link)
	}
	w.SetOnClosed(g.Close)
	// A phone-shaped window on the desktop, where the companion is tested.
	w.Resize(fyne.NewSize(400, 860))
	w.ShowAndRun()
	return exitOK
}

// locale is the system's language setting, as the C library reads it.
func locale() string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return ""
}
