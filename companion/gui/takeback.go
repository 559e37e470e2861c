package gui

import (
	"encoding/json"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/proto/wire"
)

// Take-backs by agreement on the phone (Canoë, Canyon duel;
// docs/rules/takeback.md): the seat that just moved may ask to take its
// move back, the other player agrees or refuses, each from their own
// phone or from the table. The table says in every view where it stands
// (client.Update.TakeBack); the phone only offers what that allows.

// tookBack notes where a take-back stands after update u. A request the
// view no longer holds at the same version, neither refused nor agreed
// (an agreement makes a new version), was forgotten by a kiosk that
// restarted: the phone says so until the next change.
func (s *seatScreen) tookBack(u client.Update) {
	prev := s.tb
	now := u.TakeBack
	open := now != nil && (now.State == wire.TakeBackAsked || now.State == wire.TakeBackRefused)
	switch {
	case u.NewGame || u.Version != s.version || open:
		s.tbLost = false
	case prev != nil && prev.State == wire.TakeBackAsked && prev.Version == u.Version:
		s.tbLost = true
	}
	s.tb, s.version = now, u.Version
}

// takeBackRows are the lines and buttons of a take-back for this seat:
// "take back my move" after its own move, "agree / refuse" when asked,
// the answer once given. None once the game is over.
func (s *seatScreen) takeBackRows() []fyne.CanvasObject {
	a := s.a
	if s.over || s.view == nil {
		return nil
	}
	var rows []fyne.CanvasObject
	if s.tbLost {
		l := wrapped(a.texts.T(a.lang, "common.takeback.lost"))
		l.Importance = widget.WarningImportance
		rows = append(rows, l)
	}
	tb := s.tb
	if tb == nil {
		return rows
	}
	mine := tb.Seat == s.w.Seat
	other := a.seatName(1 - s.w.Seat) // the games with take-backs have two seats
	params := map[string]any{"Name": a.seatName(tb.Seat), "Move": a.takeBackMove(tb.Move)}
	say := func(key string, p map[string]any) {
		l := wrapped(a.texts.T(a.lang, key, p))
		l.TextStyle.Bold = true
		rows = append(rows, l)
	}
	ask := func() {
		b := widget.NewButton(a.texts.T(a.lang, "common.takeback.ask"), s.askTakeBack)
		if s.tbBusy || !s.linkUp {
			b.Disable()
		}
		rows = append(rows, b)
	}
	switch {
	case tb.State == wire.TakeBackMay && mine:
		ask()
	case tb.State == wire.TakeBackAsked && mine:
		say("common.takeback.asking", map[string]any{"Name": other, "Move": params["Move"]})
	case tb.State == wire.TakeBackAsked:
		say("common.takeback.asked", params)
		yes := widget.NewButton(a.texts.T(a.lang, "common.takeback.agree"), func() { s.answerTakeBack(true) })
		yes.Importance = widget.HighImportance
		no := widget.NewButton(a.texts.T(a.lang, "common.takeback.refuse"), func() { s.answerTakeBack(false) })
		if s.tbBusy || !s.linkUp {
			yes.Disable()
			no.Disable()
		}
		rows = append(rows, container.NewGridWithColumns(2, no, yes))
	case tb.State == wire.TakeBackRefused && mine:
		say("common.takeback.refused_you", map[string]any{"Name": other})
		ask()
	case tb.State == wire.TakeBackRefused:
		say("common.takeback.refused_them", params)
	}
	return rows
}

// askTakeBack asks the table to take back this seat's last move, the one
// the view names; the answer is the next view, or a refusal in words.
func (s *seatScreen) askTakeBack() {
	if s.c == nil || s.tb == nil || s.tbBusy {
		return
	}
	version, c := s.tb.Version, s.c
	s.sendTakeBack(func() error { return c.TakeBack(s.ctx, version) })
}

// answerTakeBack agrees to or refuses the other seat's request.
func (s *seatScreen) answerTakeBack(agree bool) {
	if s.c == nil || s.tb == nil || s.tbBusy {
		return
	}
	version, c := s.tb.Version, s.c
	s.sendTakeBack(func() error { return c.AnswerTakeBack(s.ctx, version, agree) })
}

// sendTakeBack runs a take-back request off the UI goroutine, one at a time; a
// refusal is shown as a refused move is.
func (s *seatScreen) sendTakeBack(do func() error) {
	a := s.a
	s.tbBusy, s.refused, s.tbLost = true, "", false
	s.refresh()
	go func() {
		err := do()
		a.deps.Do(func() {
			s.tbBusy = false
			if err != nil {
				s.refused = a.explain(err)
			}
			s.refresh()
		})
	}()
}

// takeBackMove says a board game's move in words, as the web page does
// (common.takeback.move.*): what the peg or the piece did, never the
// engine's names of its cells ("c3"), which no board shows; "" for a
// move of no game with take-backs.
func (a *App) takeBackMove(raw json.RawMessage) string {
	var m struct {
		Kind string `json:"kind"`
		Path []json.RawMessage
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return ""
	}
	key := "common.takeback.move." + m.Kind
	if !a.texts.Has(key) {
		return ""
	}
	// A duel's jumps counted; a peg or a piece named by what it did, not
	// by its cells: the board shows no coordinates.
	return a.texts.T(a.lang, key, map[string]any{"N": max(len(m.Path)-1, 1)})
}
