package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/idle"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/window"
)

// endPause is how long the final board of a game stays before the
// results: long enough to see the winning canoes or the last trick and
// read why the game ended, short enough that nobody waits for it.
const endPause = 6 * time.Second

// runWindow runs the kiosk with its window until the window closes.
func runWindow(o options, stdout io.Writer) error {
	cat, err := i18n.Load()
	if err != nil {
		return err
	}
	a := app.NewWithID("fr.tablee.kiosk")
	a.Settings().SetTheme(screen.NewTheme())
	w := a.NewWindow("Tablée")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The window loop naps while the table is quiet; every UI change from
	// another goroutine goes through loop.Do, which wakes it.
	loop := idle.New(idle.Config{})
	w.SetOnClosed(func() { loop.Stop(); cancel() })
	quit := func() { loop.Stop(); a.Quit() }
	// SIGTERM (systemd's stop) and SIGINT close the window as the staff
	// would: the table and its venue close behind it.
	sig, stopSig := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stopSig()
	go func() {
		<-sig.Done()
		if ctx.Err() == nil {
			log.Printf("kiosk: signal received: closing")
			fyne.Do(quit)
		}
	}()
	ui, err := window.New(ctx, window.Config{Win: w, Texts: cat, Do: loop.Do, Awake: loop.Awake, EndPause: endPause})
	if err != nil {
		return err
	}
	// The table may announce changes while it resumes a session, before
	// the UI holds it: the refresh runs on the UI goroutine, after Start.
	o.cfg.OnChange = ui.Refresh
	// The console opens a session's replay on this window.
	o.cfg.Screen = ui.ConsoleScreen()
	// A crash on the results screen comes back to it: the phones of the
	// finished game may still play again.
	o.cfg.KeepResults = true
	t, v, closeAll, err := openTable(ctx, o, window.LANHost)
	if err != nil {
		return err
	}
	defer closeAll()
	ui.SetVenue(v)
	ui.Start(t, o.cfg)
	fmt.Fprintf(stdout, "code=%s addr=%s fingerprint=%s web=%s\n", t.Server().Code(), reachable(t.Addr()), t.Fingerprint(), webURL(t))
	if o.fullscreen {
		// Guests cannot close the kiosk: only the staff, with the PIN.
		w.SetCloseIntercept(func() { ui.AskPIN(quit) })
	}
	a.Lifecycle().SetOnStarted(func() {
		log.Printf("kiosk: window up %d ms after start", time.Since(o.started).Milliseconds())
		if !loop.Start(w) {
			log.Printf("kiosk: not a GLFW window, the loop never naps")
		}
	})
	w.Resize(fyne.NewSize(1920, 1080))
	w.SetFullScreen(o.fullscreen)
	w.ShowAndRun()
	loop.Stop()
	return nil
}
