package screen

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/lesson"
	"github.com/tablee/tablee/say"
)

// langs are the table's languages, every one of which a text must fit in.
var langs = []string{"fr", "de", "en"}

// outside lists what of content, laid out at size (a panel as its reader
// sees it), lies outside it: every visible object's box and every text's
// drawn extent (its measured width, where its alignment puts it) must be
// inside, to the pixel. It walks containers and widgets' renderers.
func outside(content fyne.CanvasObject, size fyne.Size) []string {
	var out []string
	var walk func(o fyne.CanvasObject, origin fyne.Position)
	walk = func(o fyne.CanvasObject, origin fyne.Position) {
		if !o.Visible() {
			return
		}
		at := origin.Add(o.Position())
		box := o.Size()
		what := fmt.Sprintf("%T", o)
		if t, ok := o.(*canvas.Text); ok {
			if t.Text == "" {
				return
			}
			w := fyne.MeasureText(t.Text, t.TextSize, t.TextStyle).Width
			switch t.Alignment {
			case fyne.TextAlignCenter:
				at.X += (box.Width - w) / 2
			case fyne.TextAlignTrailing:
				at.X += box.Width - w
			}
			box.Width = w
			what = fmt.Sprintf("%q (%g px)", t.Text, t.TextSize)
		}
		if box.Width > 0 && box.Height > 0 &&
			(at.X < -0.5 || at.Y < -0.5 || at.X+box.Width > size.Width+0.5 || at.Y+box.Height > size.Height+0.5) {
			out = append(out, fmt.Sprintf("%s at %v size %v", what, at, box))
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, k := range x.Objects {
				walk(k, at)
			}
		case fyne.Widget:
			for _, k := range test.WidgetRenderer(x).Objects() {
				walk(k, at)
			}
		}
	}
	walk(content, fyne.Position{})
	return out
}

// takeBackAsked is a session in which asker asked to take its move back.
type takeBackAsked struct {
	*fakeSession
	asker engine.Seat
}

func (s takeBackAsked) CanTakeBack(engine.Seat) bool                          { return false }
func (s takeBackAsked) AskedBy() (engine.Seat, bool)                          { return s.asker, true }
func (s takeBackAsked) RefusedTo() (engine.Seat, bool)                        { return engine.NoSeat, false }
func (takeBackAsked) AskTakeBack(context.Context, engine.Seat) error          { return nil }
func (takeBackAsked) AnswerTakeBack(context.Context, engine.Seat, bool) error { return nil }

// TestEveryTextFitsItsPanel lays out, for every game, every seat count
// and every language, each seat's panel on its side of the table — the
// seat to move with a hint shown in words, an away seat with its buttons,
// a take-back asked of the other seat — and each step of the game's
// lesson, with its mistake explained: every text and button lies inside
// its panel.
func TestEveryTextFitsItsPanel(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, rules := range catalog.Games() {
		info := rules.Info()
		t.Run(info.ID, func(t *testing.T) {
			for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
				for _, lang := range langs {
					panelsFit(t, cat, info.ID, seats, lang)
				}
			}
			if ls, ok := lesson.For(info.ID); ok {
				for _, lang := range langs {
					lessonFits(t, ls, lang)
				}
			}
		})
	}
}

// panelsFit checks every seat panel of game at seats in lang.
func panelsFit(t *testing.T, cat *i18n.Catalog, game string, seats int, lang string) {
	t.Helper()
	s := newFake(t, game, seats, 3)
	var sess Session = s
	turn := s.View(engine.Onlooker).Turn()
	if seats == 2 {
		sess = takeBackAsked{s, 1 - turn} // asked of the seat to move
	}
	m := s.View(turn).Legal()[0]
	sg := newStageIn(t, sess, seats, GameConfig{Lang: lang, OnHandToBot: func(engine.Seat) {}, OnRelease: func(engine.Seat) {},
		Hint: func(context.Context, engine.Seat) (engine.Move, error) { return m, nil }}, NewTheme())
	st := make([]SeatStatus, seats)
	for i := range st {
		st[i] = SeatStatus{Name: "Maximiliane " + strings.Repeat("W", 3), State: "away", AwayFor: AwayTimeout}
	}
	st[turn] = SeatStatus{Name: "Anja", State: "connected", Touch: true}
	sg.mu.Lock()
	defer sg.mu.Unlock()
	sg.tbl.Show(GameState{Turn: turn, Seats: st})
	// The hint as the table says it, without waiting for a session.
	sg.tbl.hint = sg.tbl.tr("board.hint", map[string]any{"Move": say.Hint(m, i18n.Parse(lang), cat, sg.tbl.seatName)})
	sg.tbl.hintSeat = turn
	if seats == 2 {
		sg.tbl.hint = "" // the take-back request is the line then
	}
	for _, p := range sg.tbl.panels {
		p.update()
		p.panel.Redraw()
		if at, size := p.panel.Position(), p.panel.Size(); at.X < 0 || at.Y < 0 || at.X+size.Width > 1920 || at.Y+size.Height > 1080 {
			t.Errorf("%d seats, %s, seat %d's panel lies at %v, %v: off the screen", seats, lang, p.seat, at, size)
		}
		for _, bad := range offBoard(sg.tbl.board) {
			t.Errorf("%d seats, %s: the board draws %s", seats, lang, bad)
		}
		for _, bad := range outside(p.panel.Content(), sg.tbl.panel) {
			t.Errorf("%d seats, %s, seat %d's panel (side %d): %s", seats, lang, p.seat, sg.tbl.slots[p.seat].Side, bad)
		}
	}
}

// lessonFits plays ls in lang, checking the learner's panel at each step
// and after each step's mistake.
func lessonFits(t *testing.T, ls *lesson.Lesson, lang string) {
	t.Helper()
	c := newClassroomIn(t, ls, lang, NewTheme()) // the kiosk's sizes, as on the table
	check := func(when string) {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.l.redraw()
		for _, bad := range outside(c.l.Coach().Content(), c.l.CoachSize()) {
			t.Errorf("lesson, %s, %s: %s", lang, when, bad)
		}
		for _, bad := range offBoard(c.l.Game().Board()) {
			t.Errorf("lesson, %s, %s: the board draws %s", lang, when, bad)
		}
		// On the screen, the learner's panel upright at the bottom: its
		// buttons and "Leave" beside it lie over none of the others.
		all := placedButtons(c.l.Coach().Content(), c.l.Coach().Position())
		all = append(all, placedButton{c.l.BackButton().Text, c.l.LeaveAt(), false})
		for _, bad := range overlapping(all) {
			t.Errorf("lesson, %s, %s: %s", lang, when, bad)
		}
	}
	for i, s := range ls.Steps {
		want := c.texts.T(c.env.Lang, s.Text)
		c.until("step "+s.Text, func() bool { return c.l.Said() == want })
		check(fmt.Sprintf("step %d", i+1))
		if s.Wrong != nil {
			c.make(s.Wrong)
			c.until("the mistake's explanation", func() bool { return c.l.Why() != "" })
			check(fmt.Sprintf("step %d, its mistake explained", i+1))
		}
		c.make(s.Expect[0])
	}
	c.until("the offer of a real game", c.l.Offered)
	check("the end")
}

// placedButton is a button's label and where it lies.
type placedButton struct {
	label  string
	r      geom.Rect
	narrow bool // too narrow for its text
}

// placedButtons are the visible buttons under content, laid at origin,
// and where they lie.
func placedButtons(content fyne.CanvasObject, origin fyne.Position) []placedButton {
	var all []placedButton
	var walk func(o fyne.CanvasObject, origin fyne.Position)
	walk = func(o fyne.CanvasObject, origin fyne.Position) {
		if !o.Visible() {
			return
		}
		at := origin.Add(o.Position())
		switch x := o.(type) {
		case *widget.Button:
			all = append(all, placedButton{x.Text, geom.Rect{Pos: at, Size: x.Size()}, x.MinSize().Width > x.Size().Width+0.5})
		case *fyne.Container:
			for _, k := range x.Objects {
				walk(k, at)
			}
		case fyne.Widget:
			for _, k := range test.WidgetRenderer(x).Objects() {
				walk(k, at)
			}
		}
	}
	walk(content, origin)
	return all
}

// overlapping lists the buttons of all that lie over one another
// ("Effacer" under "Quitter"), each pair once, and those too narrow for
// their text.
func overlapping(all []placedButton) []string {
	var out []string
	for i, a := range all {
		if a.narrow {
			out = append(out, fmt.Sprintf("%q is %v wide, narrower than its text", a.label, a.r.Size.Width))
		}
		for _, b := range all[i+1:] {
			if a.r.Overlaps(b.r) {
				out = append(out, fmt.Sprintf("%q at %v %v lies over %q at %v %v", a.label, a.r.Pos, a.r.Size, b.label, b.r.Pos, b.r.Size))
			}
		}
	}
	return out
}

// offBoard lists what board b draws outside its own area (under a seat's
// or the learner's panel): Canaille's catches lay under the learner's.
func offBoard(b fyne.Widget) []string {
	var out []string
	for _, o := range test.WidgetRenderer(b).Objects() {
		out = append(out, outside(o, b.Size())...)
	}
	return out
}
