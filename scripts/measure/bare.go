//go:build ignore

// A bare Fyne window, full screen with one label and nothing else:
// scripts/measure-kiosk measures it beside the kiosk, in the same run, as
// the floor any Fyne app sets under the same display and driver.
package main

import (
	"log"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	started := time.Now()
	a := app.NewWithID("fr.tablee.measure.bare")
	w := a.NewWindow("bare")
	w.SetContent(widget.NewLabel("Tablée"))
	a.Lifecycle().SetOnStarted(func() {
		log.Printf("bare: window up %d ms after start", time.Since(started).Milliseconds())
	})
	w.Resize(fyne.NewSize(1920, 1080))
	w.SetFullScreen(true)
	w.ShowAndRun()
}
