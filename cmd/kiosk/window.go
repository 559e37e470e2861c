package main

import (
	"log"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/screen"
)

// runWindow runs the kiosk with its window.
func runWindow(o options) error {
	a := app.NewWithID("fr.tablee.kiosk")
	w := a.NewWindow("Tablée")
	lobby := screen.NewLobby(o.cfg.Games.Infos(), func(g engine.Info) {
		log.Printf("chosen: %s", g.ID)
	})
	w.SetContent(lobby.Content())
	w.Resize(fyne.NewSize(1280, 800))
	w.SetFullScreen(o.fullscreen)
	w.ShowAndRun()
	return nil
}
