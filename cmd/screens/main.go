// Command screens shows one kiosk screen in a chosen state, full screen,
// for scripts/screenshots to photograph under Xvfb. Each screen is one
// -screen name; add an entry to shots to add a screen.
//
//	screens -screen canyonduel
//
// It prints "ready" once the screen is drawn and runs until killed.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
)

// shot builds the content of one named screen in its chosen state.
type shot func(texts *i18n.Catalog, lang string) (fyne.CanvasObject, func(), error)

// shots are the screens this command can show, by name.
var shots = map[string]shot{
	"canyonduel": gameScreen("canyonduel", 2, 33, []string{"touch", "touch"}, nil),
	"canoe":      gameScreen("canoe", 2, 36, []string{"touch", "bot"}, nil),
	// A canoe choosing where to land, its tied endpoints lit.
	"canyon": gameScreen("canyon", 5, 44, []string{"phone", "phone", "bot", "phone", "phone"},
		func(v engine.View) bool { return v.(*canyon.View).Phase == canyon.PhaseMove }),
	// A sentence being resolved, after its first card.
	"canaille": gameScreen("canaille", 4, 23, []string{"phone", "phone", "phone", "bot"},
		func(v engine.View) bool { cv := v.(*canaille.View); return len(cv.Sentence) >= 3 && cv.Step >= 1 }),
	// Lessons in progress: Canyon's follow-suit step just after the learner
	// tried the trump, the duel's chain of jumps pointed at, Canoë's second
	// canoe after the move that would spoil it, Canaille's question.
	"learn-canyon":     learnScreen("canyon", 1, true),
	"learn-canyonduel": learnScreen("canyonduel", 2, false),
	"learn-canoe":      learnScreen("canoe", 1, true),
	"learn-canaille":   learnScreen("canaille", 1, true),
}

func main() {
	name := flag.String("screen", "", "the screen to show (canyonduel, canoe, canyon, canaille, learn-<game>)")
	lang := flag.String("lang", "fr", "the language (fr, de, en)")
	flag.Parse()
	if err := run(*name, *lang); err != nil {
		fmt.Fprintln(os.Stderr, "screens:", err)
		os.Exit(1)
	}
}

func run(name, lang string) error {
	build, ok := shots[name]
	if !ok {
		return fmt.Errorf("no screen %q", name)
	}
	texts, err := i18n.Load()
	if err != nil {
		return err
	}
	if catalog.Registry() == nil {
		return errors.New("no games")
	}
	a := app.NewWithID("fr.tablee.screens")
	w := a.NewWindow("Tablée")
	content, after, err := build(texts, lang)
	if err != nil {
		return err
	}
	w.SetContent(content)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(1920, 1080))
	w.SetFullScreen(true)
	go func() {
		// Let the window map and lay out before the state that needs
		// sizes (a touched piece) is applied; then say so once.
		time.Sleep(time.Second)
		fyne.DoAndWait(after)
		time.Sleep(500 * time.Millisecond)
		fmt.Println("ready")
	}()
	w.ShowAndRun()
	return nil
}
