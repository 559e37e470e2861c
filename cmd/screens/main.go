// Command screens shows one kiosk screen in a chosen state, full screen,
// for scripts/screenshots to photograph under Xvfb. Each screen is one
// -screen name, a game's id: every game has its entry in shots, which
// TestEveryGameHasAShot checks against the catalog.
//
//	screens -screen canyonduel
//	screens -list      # the names, one a line
//
// It prints "ready" once the screen is drawn and runs until killed.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
)

// shot builds the content of one named screen in its chosen state.
type shot func(texts *i18n.Catalog, lang string) (fyne.CanvasObject, func(), error)

// shots are the screens this command can show, by name: the one place
// it names the games, each game's table screen under its id and its lesson
// under learn-<id>.
func shots() map[string]shot {
	return map[string]shot{
		// A piece touched, its targets lit.
		canyonduel.ID: gameScreen(canyonduel.ID, 2, 33, []string{"touch", "touch"}, nil, touchDuel),
		canoe.ID:      gameScreen(canoe.ID, 2, 36, []string{"touch", "bot"}, nil, touchCanoe),
		// A canoe choosing where to land, its tied endpoints lit.
		canyon.ID: gameScreen(canyon.ID, 5, 44, []string{"phone", "phone", "bot", "phone", "phone"},
			func(v engine.View) bool { return v.(*canyon.View).Phase == canyon.PhaseMove }, nil),
		// A sentence being resolved, after its first card.
		canaille.ID: gameScreen(canaille.ID, 4, 23, []string{"phone", "phone", "phone", "bot"},
			func(v engine.View) bool { cv := v.(*canaille.View); return len(cv.Sentence) >= 3 && cv.Step >= 1 }, nil),
		// A hint asked on the table: in words, its cells ringed.
		"hint-" + canoe.ID:      hintScreen(canoe.ID, 2, 30, []string{"touch", "touch"}),
		"hint-" + canyonduel.ID: hintScreen(canyonduel.ID, 2, 33, []string{"touch", "touch"}),
		// Lessons in progress: Canyon's follow-suit step just after the learner
		// tried the trump, the duel's chain of jumps pointed at, Canoë's second
		// canoe after the move that would spoil it, Canaille's question.
		"learn-" + canyon.ID:     learnScreen(canyon.ID, 1, true),
		"learn-" + canyonduel.ID: learnScreen(canyonduel.ID, 2, false),
		"learn-" + canoe.ID:      learnScreen(canoe.ID, 1, true),
		"learn-" + canaille.ID:   learnScreen(canaille.ID, 1, true),
		// A shelf game's score sheet: the bids written and hidden, a sum
		// on a guest's pad; then the bids revealed to everyone at once.
		"sheet-table":  sheetScreen(false),
		"sheet-reveal": sheetScreen(true),
		// Canyon's tempo bid, the learner's cards drawn beside its buttons.
		"learn-" + canyon.ID + "-tempo": learnScreen(canyon.ID, 0, false),
	}
}

func main() {
	name := flag.String("screen", "", "the screen to show (see -list)")
	lang := flag.String("lang", "fr", "the language (fr, de, en)")
	list := flag.Bool("list", false, "print the screens' names, one a line, and exit")
	flag.Parse()
	if *list {
		names := make([]string, 0, len(shots()))
		for n := range shots() {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Println(strings.Join(names, "\n"))
		return
	}
	if err := run(*name, *lang); err != nil {
		fmt.Fprintln(os.Stderr, "screens:", err)
		os.Exit(1)
	}
}

func run(name, lang string) error {
	build, ok := shots()[name]
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
	full := fyne.NewSize(1920, 1080)
	laidOut := make(chan struct{})
	w.SetContent(container.New(&fullLayout{full: full, done: sync.OnceFunc(func() { close(laidOut) })}, content))
	w.SetPadded(false)
	w.Resize(full)
	w.SetFullScreen(true)
	go func() {
		// The state that needs sizes (a touched piece) is applied once the
		// window is laid out at full size; say so once it is painted.
		// scripts/screenshots then waits for the screen to settle.
		<-laidOut
		fyne.DoAndWait(after)
		w.Canvas().Capture() // returns once the painter drew the new state
		fmt.Println("ready")
	}()
	w.ShowAndRun()
	return nil
}

// fullLayout stacks its objects over the whole window, and calls done once
// it lays them out at the full size: the window is mapped and sized.
type fullLayout struct {
	full fyne.Size
	done func()
}

func (l *fullLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
	if size.Width >= l.full.Width && size.Height >= l.full.Height {
		l.done()
	}
}

func (l *fullLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}
