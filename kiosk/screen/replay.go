package screen

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

// BoardView draws a game's public view; the kiosk's board widgets are
// one. The replay uses it to show each position on the game's own board.
type BoardView interface {
	Content() fyne.CanvasObject
	Show(v engine.View)
}

// MoveSayer is a BoardView that says a move in words in the table's
// language; the replay lists the moves with it.
type MoveSayer interface {
	Say(m engine.Move) string
}

// Boards makes the board of a game, or reports false when it has none yet.
type Boards func(rules engine.Rules) (BoardView, bool)

// Replay steps through a finished session's moves on its board, rebuilt
// from the seed and the move log.
type Replay struct {
	w      Words
	data   ReplayData
	states []engine.State // states[i] is the position after i moves
	board  BoardView
	pos    int
	where  *widget.Label
	what   *widget.Label
	check  *widget.Label
	list   *widget.List
	scrub  *widget.Slider
	said   []string // each move in words
	root   fyne.CanvasObject
	btns   map[string]*widget.Button
}

// NewReplay rebuilds every position of d and shows the first.
func NewReplay(w Words, d ReplayData, boards Boards, back func()) (*Replay, error) {
	s, err := engine.NewGame(d.Rules, d.Setup)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	r := &Replay{w: w, data: d, states: []engine.State{s.Clone()}, btns: map[string]*widget.Button{}}
	for i, m := range d.Moves {
		if _, err := s.Apply(m.Seat, m.Move); err != nil {
			return nil, fmt.Errorf("replay move %d: %w", i+1, err)
		}
		r.states = append(r.states, s.Clone())
	}
	if boards != nil {
		r.board, _ = boards(d.Rules)
	}
	if r.board == nil {
		r.board = newSummaryBoard(w, d.SeatNames(w))
	}
	sayer, _ := r.board.(MoveSayer)
	for _, m := range d.Moves {
		said := w.T("kiosk.replay.say.other")
		if sayer != nil {
			said = sayer.Say(m.Move)
		}
		r.said = append(r.said, w.T("kiosk.replay.by", "Name", r.name(m.Seat), "Move", said))
	}
	r.where = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	r.what = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
	r.check = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
	r.list = widget.NewList(func() int { return len(d.Moves) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.SetText(strconv.Itoa(i+1) + ". " + r.said[i])
			l.TextStyle.Bold = i+1 == r.pos
			l.Refresh()
		})
	r.list.OnSelected = func(i widget.ListItemID) { r.Goto(i + 1) }
	controls := container.NewHBox(layout.NewSpacer())
	for _, c := range []struct {
		key string
		to  func() int
	}{
		{"kiosk.replay.start", func() int { return 0 }},
		{"kiosk.replay.prev", func() int { return r.pos - 1 }},
		{"kiosk.replay.next", func() int { return r.pos + 1 }},
		{"kiosk.replay.end", func() int { return len(r.states) - 1 }},
	} {
		c := c
		b, box := button(w.T(c.key), 220, func() { r.Goto(c.to()) })
		r.btns[c.key] = b
		controls.Add(box)
	}
	controls.Add(layout.NewSpacer())
	// The scrubber: slide to any move, as on a video.
	r.scrub = widget.NewSlider(0, float64(max(1, len(d.Moves))))
	r.scrub.Step = 1
	r.scrub.OnChanged = func(v float64) {
		if int(v) != r.pos {
			r.Goto(int(v))
		}
	}
	if len(d.Moves) == 0 {
		r.scrub.Disable()
	}
	_, backBox := button(w.T("kiosk.back"), 240, back)
	title := text(w.T("kiosk.replay.title", "Game", w.Game(d.Rules.Info()), "When", d.Started.Local().Format("02/01/2006 15:04")), NameSize+4, true)
	r.root = container.NewPadded(container.NewBorder(
		container.NewBorder(nil, nil, backBox, nil, title),
		container.NewVBox(r.where, r.what, sized(r.scrub, 0, TouchSize), controls, r.check), nil,
		sized(panel(container.NewBorder(text(w.T("kiosk.replay.moves"), NameSize, true), nil, nil, nil, r.list)), 520, 0),
		r.board.Content()))
	r.Goto(0)
	return r, nil
}

// Content is the screen's root object.
func (r *Replay) Content() fyne.CanvasObject { return r.root }

// Goto shows the position after n moves (clamped to the game).
func (r *Replay) Goto(n int) {
	n = max(0, min(n, len(r.states)-1))
	r.pos = n
	r.board.Show(r.states[n].View(engine.Onlooker))
	r.where.SetText(r.w.T("kiosk.replay.move", "N", n, "Total", len(r.states)-1))
	if r.list != nil {
		r.list.Refresh()
		if n > 0 {
			r.list.ScrollTo(n - 1)
		}
	}
	if r.scrub != nil && int(r.scrub.Value) != n {
		r.scrub.SetValue(float64(n))
	}
	if n == 0 {
		r.what.SetText(r.w.T("kiosk.replay.initial"))
	} else {
		r.what.SetText(r.said[n-1])
	}
	r.btns["kiosk.replay.start"].Enable()
	r.btns["kiosk.replay.prev"].Enable()
	r.btns["kiosk.replay.next"].Enable()
	r.btns["kiosk.replay.end"].Enable()
	if n == 0 {
		r.btns["kiosk.replay.start"].Disable()
		r.btns["kiosk.replay.prev"].Disable()
	}
	if n == len(r.states)-1 {
		r.btns["kiosk.replay.next"].Disable()
		r.btns["kiosk.replay.end"].Disable()
		if r.Verified() {
			r.check.SetText(r.w.T("kiosk.replay.verified"))
		} else {
			r.check.SetText(r.w.T("kiosk.replay.mismatch"))
		}
	} else {
		r.check.SetText("")
	}
}

// Next and Prev step one move, as the buttons do.
func (r *Replay) Next() { r.btns["kiosk.replay.next"].OnTapped() }
func (r *Replay) Prev() { r.btns["kiosk.replay.prev"].OnTapped() }

// Scrubber is the slider that goes to any move (for tests).
func (r *Replay) Scrubber() *widget.Slider { return r.scrub }

// Said is the text shown for the move shown, "" at the start.
func (r *Replay) Said() string {
	if r.pos == 0 {
		return ""
	}
	return r.said[r.pos-1]
}

// Position is the number of moves shown; Hash is that position's hash.
func (r *Replay) Position() int { return r.pos }
func (r *Replay) Hash() string  { return r.states[r.pos].Hash() }

// Verified reports whether the last position is the one the log recorded.
func (r *Replay) Verified() bool {
	return r.data.FinalHash == "" && len(r.data.Moves) == 0 || r.states[len(r.states)-1].Hash() == r.data.FinalHash
}

func (r *Replay) name(s engine.Seat) string {
	var who Who
	if int(s) >= 0 && int(s) < len(r.data.Seats) {
		who = r.data.Seats[s]
	}
	return r.w.SeatName(s, who)
}

// summaryBoard stands in for a game whose board widget is not there yet:
// whose turn it is, and the result once over — never the view as text.
type summaryBoard struct {
	w     Words
	names []string
	turn  *canvas.Text
	box   fyne.CanvasObject
}

func newSummaryBoard(w Words, names []string) *summaryBoard {
	b := &summaryBoard{w: w, names: names}
	b.turn = text("", TitleSize, true)
	seats := container.NewVBox()
	for i := range names {
		seats.Add(container.NewHBox(seatBadge(i), text(b.seatName(engine.Seat(i)), NameSize, false)))
	}
	b.box = container.NewCenter(container.NewVBox(b.turn, container.NewCenter(seats)))
	return b
}

func (b *summaryBoard) Content() fyne.CanvasObject { return b.box }

func (b *summaryBoard) Show(v engine.View) {
	if res, over := v.Result(); over {
		var names []string
		for _, s := range res.Winners {
			names = append(names, b.seatName(s))
		}
		if len(names) == 0 {
			b.setText(b.w.T("kiosk.results.draw"))
			return
		}
		b.setText(b.w.T("kiosk.results.winner", "Name", strings.Join(names, ", ")))
		return
	}
	b.setText(b.w.T("kiosk.replay.turn", "Name", b.seatName(v.Turn())))
}

func (b *summaryBoard) seatName(s engine.Seat) string {
	if int(s) >= 0 && int(s) < len(b.names) && b.names[s] != "" {
		return b.names[s]
	}
	return b.w.T("kiosk.seat.n", "N", int(s)+1)
}

func (b *summaryBoard) setText(s string) {
	b.turn.Text = s
	b.turn.Refresh()
}
