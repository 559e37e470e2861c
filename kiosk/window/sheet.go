package window

import (
	"log"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/scoresheet"
)

// OptionLong is the score sheet's running-long reminder, one of the
// sheet's options the table keeps (sheet.TableOptions).
const OptionLong = sheet.OptionLong

// tableGames are the games the table offers in its lobby, attract screen
// and staff screens: the registry's, the score sheet left out (a play of
// a shelf game starts from "Que jouer ?").
func (ui *UI) tableGames() []engine.Info {
	var out []engine.Info
	for _, g := range ui.t.Games().Infos() {
		if g.ID != sheet.ID {
			out = append(out, g)
		}
	}
	return out
}

// staffGames are the games whose defaults the staff set: the table's, and
// the score sheet's running-long reminder when the table keeps scores.
func (ui *UI) staffGames() []engine.Info {
	games := ui.tableGames()
	if _, ok := ui.sheetRules(); ok {
		games = append(games, engine.Info{ID: sheet.ID, Options: sheet.TableOptions()})
	}
	return games
}

// sheetRules is the score sheet of the table's registry, if it has one.
func (ui *UI) sheetRules() (sheet.Rules, bool) {
	r, err := ui.t.Games().Get(sheet.ID)
	if err != nil {
		return sheet.Rules{}, false
	}
	sr, ok := r.(sheet.Rules)
	return sr, ok
}

// canKeepScore is the shelf's "keep the score here", nil when the table
// has no score sheet.
func (ui *UI) canKeepScore() func(...string) {
	if _, ok := ui.sheetRules(); !ok {
		return nil
	}
	return ui.keepScore
}

// KeepScore leads a title of the shelf to its score sheet's seating
// screen (for tests and screenshots).
func (ui *UI) KeepScore(names ...string) { ui.keepScore(names...) }

// keepScore leads a title of the shelf (or any game named by the group)
// to the seating of its score sheet: the ready sheet one of its names
// (names[0], as the table says it, then its other languages') finds,
// else the generic sheet; the play keeps names[0].
func (ui *UI) keepScore(names ...string) {
	rules, ok := ui.sheetRules()
	if !ok || len(names) == 0 || strings.TrimSpace(names[0]) == "" {
		ui.showLobby()
		return
	}
	title := capitalised(strings.TrimSpace(names[0]))
	opts := rules.OptionsFor(title)
	for _, n := range names {
		if o := rules.OptionsFor(n); n != "" && o[sheet.OptionSheet] != scoresheet.GenericID {
			opts[sheet.OptionSheet] = o[sheet.OptionSheet]
			break
		}
	}
	ui.showSheetSeating(opts)
}

// capitalised puts a capital on each word of a name typed on the shelf's
// keyboard, which types lower case: "skull king" is "Skull King".
func capitalised(s string) string {
	out := []rune(s)
	for i, r := range out {
		if i == 0 || out[i-1] == ' ' {
			out[i] = unicode.ToUpper(r)
		}
	}
	return string(out)
}

// showSheetSeating seats the group of a shelf game exactly as for the
// table's own games: phones by QR code or the app, guests on the table.
func (ui *UI) showSheetSeating(opts map[string]string) {
	rules, ok := ui.sheetRules()
	if !ok {
		ui.showLobby()
		return
	}
	info := rules.Info()
	plan := info
	// A guest without a phone writes on the table; the sheet's own
	// options are set by the title, not chosen here.
	plan.AllPublic, plan.Options = true, nil
	s := screen.NewSeating(ui.words(), plan, nil, screen.SeatingActions{
		Start: func(_ map[string]string, seats []screen.SeatPlan) { ui.startGame(lastGame{info, opts, seats}) },
		Back:  ui.showLobby,
		// A robot cannot play a game from the shelf: it knows no rules of
		// it, only the score sheet.
		NoBots: true,
		Cancel: ui.cancelSeating,
	})
	s.SetHeading(ui.words().T("sheettable.seating_title", "Title", opts[sheet.OptionTitle]))
	ui.show(s.Content())
	ui.seatingScreen = s
}

// Sheet is the score-sheet screen while a shelf game's play shows.
func (ui *UI) Sheet() *screen.Sheet { return ui.sheet }

// showSheet shows the play s of a shelf game on its score sheet.
func (ui *UI) showSheet(s *host.Session) {
	rules, ok := ui.sheetRules()
	opts := s.Record().Options
	sh, found := rules.Sheet(opts[sheet.OptionSheet])
	if !ok || !found {
		log.Printf("kiosk: session %s names no score sheet of this table (%q)", s.ID(), opts[sheet.OptionSheet])
		ui.showLobby()
		return
	}
	sc, err := screen.NewSheet(screen.SheetConfig{
		Words: ui.words(), Ctx: ui.ctx, Session: s, Sheet: sh, Title: opts[sheet.OptionTitle],
		Seats: ui.sheetSeats(), Started: s.Record().StartedAt, Now: ui.now, After: ui.later, Do: ui.do,
		Long: ui.sheetLong(), OnStaffMenu: ui.leaveGame,
	})
	if err != nil {
		ui.fault(err)
		return
	}
	ui.show(sc.Content())
	ui.sheet = sc
	ui.track(s)
}

// sheetLong is the staff's running-long reminder, 0 for none.
func (ui *UI) sheetLong() time.Duration {
	opts, err := ui.rec.DefaultOptions(ui.ctx, sheet.ID)
	if err != nil {
		log.Printf("kiosk: the score sheet's reminder: %v", err)
		return 0
	}
	m, err := strconv.Atoi(strings.TrimSuffix(opts[OptionLong], "m"))
	if err != nil || m <= 0 {
		return 0
	}
	return time.Duration(m) * time.Minute
}

// sheetSeats are the seats as the score sheet shows them.
func (ui *UI) sheetSeats() []screen.SheetSeat {
	var out []screen.SheetSeat
	for _, st := range ui.t.Server().Seats() {
		out = append(out, screen.SheetSeat{Name: ui.words().Name(st.Name), State: string(st.State), Touch: st.State == server.SeatTable})
	}
	return out
}

// retitleSheet names a shelf game's results by its title, and says a
// cooperative loss or an early stop in words rather than as a draw.
func (ui *UI) retitleSheet(r *screen.Results, s *host.Session, res engine.Result) {
	headline := ""
	switch {
	case res.Reason == sheet.ReasonLost:
		headline = ui.words().T("rule.end." + sheet.ReasonLost)
	case res.Reason == sheet.ReasonStopped && len(res.Winners) == 0:
		headline = ui.words().T("rule.end." + sheet.ReasonStopped)
	}
	r.Retitle(s.Record().Options[sheet.OptionTitle], headline)
}

// isSheet reports whether s is a play of a shelf game.
func isSheet(s *host.Session) bool { return s.Game().Info().ID == sheet.ID }
