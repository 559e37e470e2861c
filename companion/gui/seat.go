package gui

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
)

// seatScreen is the seat's view and its legal moves.
type seatScreen struct {
	c      *client.Client
	w      client.Welcome
	rules  engine.Rules
	status *widget.Label
	view   *widget.Label
	moves  *fyne.Container
}

func (a *App) showSeat(c *client.Client, w client.Welcome) {
	s := &seatScreen{c: c, w: w, status: widget.NewLabel(a.t(txtWaitTable)),
		view: widget.NewLabel(""), moves: container.NewGridWrap(fyne.NewSize(140, 40))}
	s.view.TextStyle = fyne.TextStyle{Monospace: true}
	a.seat = s
	header := widget.NewLabel(fmt.Sprintf("%s — %v — %s", w.Table, w.Seat, w.Game))
	body := container.NewVBox(s.view, s.moves)
	a.win.SetContent(container.NewBorder(container.NewVBox(header, s.status), nil, nil, nil, container.NewVScroll(body)))
	rules, err := a.deps.Games.Get(w.Game)
	if err != nil {
		s.status.SetText(fmt.Sprintf(a.t(txtCannotShow), w.Game, err))
		return
	}
	s.rules = rules
	go a.follow(s)
}

// follow shows each view the table sends until the client stops.
func (a *App) follow(s *seatScreen) {
	for u := range s.c.Updates() {
		v, err := u.Decode(s.rules)
		a.deps.Do(func() {
			if err != nil {
				s.status.SetText(fmt.Sprintf(a.t(txtCannotRead), err))
				return
			}
			a.render(s, u, v)
		})
	}
	err := s.c.Err()
	a.deps.Do(func() { s.status.SetText(fmt.Sprintf(a.t(txtLeft), err)) })
}

func (a *App) render(s *seatScreen, u client.Update, v engine.View) {
	s.view.SetText(viewText(u))
	s.moves.RemoveAll()
	switch {
	case u.Over:
		s.status.SetText(a.t(txtGameOver))
	case v.Turn() == s.w.Seat:
		s.status.SetText(a.t(txtYourTurn))
		for _, m := range v.Legal() {
			s.moves.Add(widget.NewButton(m.String(), func() { a.play(s, m) }))
		}
	default:
		s.status.SetText(fmt.Sprintf(a.t(txtWaitingFor), int(v.Turn())+1))
	}
}

// play sends m; the buttons stay off until the table answers.
func (a *App) play(s *seatScreen, m engine.Move) {
	for _, o := range s.moves.Objects {
		o.(*widget.Button).Disable()
	}
	go func() {
		data, err := json.Marshal(m)
		if err == nil {
			err = s.c.Move(a.ctx, data)
		}
		if err != nil {
			a.deps.Do(func() {
				s.status.SetText(fmt.Sprintf("%v: %v", m, a.explain(err)))
				for _, o := range s.moves.Objects {
					o.(*widget.Button).Enable()
				}
			})
		}
	}()
}

// viewText shows any game's view: each field on its own lines, lists of
// strings (boards) row by row, the legal moves left to the buttons, and
// long bookkeeping (such as repetition counts) cut short.
func viewText(u client.Update) string {
	var vj engine.ViewJSON
	var fields map[string]json.RawMessage
	if json.Unmarshal(u.View, &vj) != nil || json.Unmarshal(vj.View, &fields) != nil {
		return string(u.View)
	}
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		if k == "legal" {
			continue
		}
		var rows []string
		if json.Unmarshal(fields[k], &rows) == nil && len(rows) > 0 {
			fmt.Fprintf(&b, "%s:\n  %s\n", k, strings.Join(rows, "\n  "))
			continue
		}
		text := string(fields[k])
		if len(text) > maxField {
			text = text[:maxField] + "…"
		}
		fmt.Fprintf(&b, "%s: %s\n", k, text)
	}
	return b.String()
}

// maxField is the most of one field's JSON the view text shows.
const maxField = 120
