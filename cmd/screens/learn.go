package main

import (
	"fmt"

	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/lesson"
	"github.com/tablee/tablee/kiosk/screen"
)

// learnScreen is game's lesson at step from (counted from 0), after the
// step's mistake when wrong is set, so that its explanation shows.
func learnScreen(game string, from int, wrong bool) shot {
	return func(texts *i18n.Catalog, lang string) (fyne.CanvasObject, func(), error) {
		ls, ok := lesson.For(game)
		if !ok {
			return nil, nil, fmt.Errorf("no lesson of %s", game)
		}
		// The kiosk's theme, as cmd/kiosk sets it: the learner's panel is
		// made of widgets whose text size comes from it.
		fyne.CurrentApp().Settings().SetTheme(screen.NewTheme())
		l, err := screen.NewLearn(screen.LearnConfig{Lesson: ls, Lang: lang, Texts: texts, From: from, Still: true})
		if err != nil {
			return nil, nil, err
		}
		after := func() {
			if m := ls.Steps[from].Wrong; wrong && m != nil {
				l.Try(m)
			}
		}
		return l.Content(), after, nil
	}
}
