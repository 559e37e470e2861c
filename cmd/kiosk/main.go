// Command kiosk is the table app: it shows the shared board on the table's
// touch screen. For now it opens the lobby of the house library.
package main

import (
	"flag"
	"log"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/screen"
)

func main() {
	fullscreen := flag.Bool("fullscreen", false, "fill the screen (the table's touch screen)")
	flag.Parse()

	a := app.NewWithID("fr.tablee.kiosk")
	w := a.NewWindow("Tablée")
	lobby := screen.NewLobby(catalog.Registry().Infos(), func(g engine.Info) {
		log.Printf("chosen: %s", g.ID)
	})
	w.SetContent(lobby.Content())
	w.Resize(fyne.NewSize(1280, 800))
	w.SetFullScreen(*fullscreen)
	w.ShowAndRun()
}
