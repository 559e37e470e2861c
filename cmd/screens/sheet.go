package main

import (
	"context"
	"fmt"
	"time"

	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/screen"
)

// sheetScreen is the score sheet of a Skull King play at a table of four,
// two guests on the table and two phones, in round 3: the bids written
// (hidden on the table until the reveal) and, with reveal, shown to
// everyone at once, points being written, a sum typed on the top guest's
// pad, the first player drawn, 23 minutes on the timer.
func sheetScreen(reveal bool) shot {
	return func(texts *i18n.Catalog, lang string) (fyne.CanvasObject, func(), error) {
		// The kiosk's theme: its text and target sizes.
		fyne.CurrentApp().Settings().SetTheme(screen.NewTheme())
		rules := sheet.New()
		st, err := engine.NewGame(rules, engine.Setup{Seats: 4, Seed: 20261202,
			Options: map[string]string{sheet.OptionSheet: "skullking", sheet.OptionTitle: "Skull King"}})
		if err != nil {
			return nil, nil, err
		}
		l := &local{rules: rules, st: st}
		play := func(seat int, m sheet.Move) error {
			return l.Play(context.Background(), engine.Seat(seat), m)
		}
		bids := [][]int{{1, 0, 1, 1}, {2, 1, 0, 2}, {1, 3, 2, 0}}
		points := [][]int{{20, -10, 20, 20}, {40, 20, 10, -20}}
		for r := 1; r <= 3; r++ {
			for seat, b := range bids[r-1] {
				if err := play(seat, sheet.Enter(engine.Seat(seat), "bid", r, b)); err != nil {
					return nil, nil, err
				}
			}
			if r == 3 {
				break // round 3's bids: hidden until the reveal
			}
			if err := play(0, sheet.Move{Kind: sheet.KindReveal, Category: "bid", Round: r}); err != nil {
				return nil, nil, err
			}
			for seat, p := range points[r-1] {
				if err := play(seat, sheet.Enter(engine.Seat(seat), "points", r, p)); err != nil {
					return nil, nil, err
				}
			}
		}
		sh, _ := rules.Sheet("skullking")
		start := time.Date(2026, 12, 2, 20, 0, 0, 0, time.Local)
		seats := []screen.SheetSeat{{Name: names[0], Touch: true, State: "table"}, {Name: names[1], State: "connected"},
			{Name: names[2], Touch: true, State: "table"}, {Name: names[3], State: "connected"}}
		s, err := screen.NewSheet(screen.SheetConfig{Words: screen.Words{Cat: texts, Lang: i18n.Parse(lang)}, Session: l, Sheet: sh,
			Title: "Skull King", Seats: seats, Started: start, Now: func() time.Time { return start.Add(23*time.Minute + 41*time.Second) },
			After: func(time.Duration, func()) {}, Shuffle: func(n int) []int { return []int{1, 2, 3, 0}[:n] }})
		if err != nil {
			return nil, nil, fmt.Errorf("the score sheet: %w", err)
		}
		// The state is set before the window shows: typed on the pad
		// once the window was up, the command died of a SIGSEGV outside
		// Go in 2 runs of 10 under Xvfb (not understood; set here, 0 of 9).
		s.Draw(false)
		if reveal {
			s.Action("reveal").OnTapped()
		} else {
			s.Pad(2).Type("20+10")
		}
		return s.Content(), func() {}, nil
	}
}
