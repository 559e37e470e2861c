package screen

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/lesson"
	"github.com/tablee/tablee/looks"
)

// classroom is a learn screen in a test window at the table's size, with
// the screen's changes from other goroutines run under mu and counted.
type classroom struct {
	t       *testing.T
	l       *Learn
	texts   *i18n.Catalog
	env     board.Env
	mu      sync.Mutex
	changed chan struct{}
	played  bool
}

func newClassroom(t *testing.T, ls *lesson.Lesson, lang string) *classroom {
	t.Helper()
	return newClassroomIn(t, ls, lang, nil)
}

// newClassroomIn is newClassroom with the app's theme th (nil: the test
// theme) applied before the screen is built, as the kiosk does.
func newClassroomIn(t *testing.T, ls *lesson.Lesson, lang string, th fyne.Theme) *classroom {
	t.Helper()
	test.NewTempApp(t)
	if th != nil {
		test.ApplyTheme(t, th)
	}
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	c := &classroom{t: t, texts: texts, changed: make(chan struct{}, 1000)}
	c.env = board.Env{Lang: i18n.Parse(lang), Texts: texts}
	l, err := NewLearn(LearnConfig{Lesson: ls, Lang: lang, Texts: texts, Still: true, Do: c.do,
		Play: func() { c.played = true }})
	if err != nil {
		t.Fatal(err)
	}
	c.l = l
	w := test.NewTempWindow(t, l.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	return c
}

func (c *classroom) do(f func()) {
	c.mu.Lock()
	f()
	c.mu.Unlock()
	c.changed <- struct{}{}
}

// until waits for the screen's changes until ok holds; it fails the test
// when nothing more changes for long (a hang, not a timing).
func (c *classroom) until(what string, ok func() bool) {
	c.t.Helper()
	for {
		c.mu.Lock()
		done := ok()
		c.mu.Unlock()
		if done {
			return
		}
		select {
		case <-c.changed:
		case <-time.After(20 * time.Second):
			c.t.Fatalf("waited in vain for %s", what)
		}
	}
}

// make plays m as the learner does: taps on the board's cells, or the
// buttons of the hand on the table.
func (c *classroom) make(m engine.Move) {
	c.t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.l.Game().Board()
	if spots := board.Spots(b, m); len(spots) > 0 {
		legal := c.l.sess.View(c.l.cfg.Lesson.Learner).Legal()
		for _, p := range spots {
			test.TapAt(b, p)
		}
		// A jump chain that could go on is stopped by the panel's button.
		if dm, ok := m.(canyonduel.Move); ok && dm.Kind == canyonduel.KindJump && longer(legal, dm) {
			for _, a := range b.Actions() {
				if a.Label == c.texts.T(c.env.Lang, "board.stop-here") {
					a.Do()
				}
			}
		}
		return
	}
	if clear := c.l.Hand().Button(c.texts.T(c.env.Lang, "lesson.hand.clear")); clear != nil {
		test.Tap(clear) // the sentence of a mistake is still laid out
	}
	for _, label := range c.labels(m) {
		btn := c.l.Hand().Button(label)
		if btn == nil {
			c.t.Fatalf("no button %q for %v among %q", label, m, c.l.Hand().Labels())
		}
		test.Tap(btn)
	}
}

// labels are the hand's buttons that make m, in order.
func (c *classroom) labels(m engine.Move) []string {
	t := func(key string, p map[string]any) string { return c.texts.T(c.env.Lang, key, p) }
	switch x := m.(type) {
	case canyon.Move:
		if x.Kind == canyon.KindTempo {
			sum := 0
			for _, v := range x.Tempo {
				sum += v
			}
			return []string{t("lesson.hand.tempo", map[string]any{"N": sum})}
		}
		return []string{board.CanyonCardName(x.Card, c.env)}
	case canaille.Move:
		name := func(k canaille.Card) string {
			s := board.CanailleCardName(k, c.env)
			if x.Kind == canaille.KindSentence && k.Face().Stop {
				s += "."
			}
			return s
		}
		switch x.Kind {
		case canaille.KindSentence:
			var out []string
			for _, k := range x.Cards {
				out = append(out, name(k))
			}
			return append(out, t("lesson.hand.lay", nil))
		case canaille.KindTakeRow:
			return []string{t("lesson.hand.take", map[string]any{"Card": name(x.Card)})}
		case canaille.KindDrawDeck:
			return []string{t("lesson.hand.draw", nil)}
		}
		return []string{name(x.Card)}
	}
	c.t.Fatalf("no buttons make %v", m)
	return nil
}

// TestEveryGameTeaches plays each game's lesson through the real table
// screen: at each step the learner first makes the step's mistake, which
// the learner's panel explains and the table does not play, then the
// move asked for; the lesson ends with the offer of a real game.
func TestEveryGameTeaches(t *testing.T) {
	// Each lesson in one of the three languages, so that all three are
	// played through without making the run three times longer.
	langs := []string{"fr", "de", "en"}
	for i, ls := range lesson.All() {
		t.Run(ls.Game, func(t *testing.T) {
			c := newClassroom(t, ls, langs[i%len(langs)])
			for i, s := range ls.Steps {
				want := c.texts.T(c.env.Lang, s.Text)
				c.until("step "+s.Text, func() bool { return c.l.Said() == want })
				c.mu.Lock()
				rings := len(c.l.Rings())
				c.mu.Unlock()
				if rings == 0 && len(board.Spots(c.l.Game().Board(), s.Expect[0])) > 0 {
					t.Errorf("step %d: the table points at nothing", i+1)
				}
				if got := looks.Of(c.l.RingColour()); got != looks.Highlight {
					t.Errorf("step %d: rings drawn in %s, not the looks' highlight %s", i+1, got.Hex(), looks.Highlight.Hex())
				}
				if s.Wrong != nil {
					c.make(s.Wrong)
					c.until("the mistake's explanation", func() bool { return c.l.Why() != "" })
					c.mu.Lock()
					why, step := c.l.Why(), c.l.Step()
					c.mu.Unlock()
					if step != i {
						t.Fatalf("step %d: the mistake %v was taken", i+1, s.Wrong)
					}
					t.Logf("step %d, %v: %s", i+1, s.Wrong, why)
				}
				c.make(s.Expect[0])
			}
			c.until("the offer of a real game", c.l.Offered)
			if c.l.Said() != c.texts.T(c.env.Lang, ls.End) {
				t.Errorf("the lesson ends saying %q", c.l.Said())
			}
			test.Tap(c.l.PlayButton())
			if !c.played {
				t.Error("the offer does not start a real game")
			}
		})
	}
}

// TestTheCanyonLessonDrawsItsCards: while the learner bids a tempo and
// at each card to play, the hand on the table shows the learner's cards
// drawn as the game draws them (each suit's fill, ink and symbol), not
// as words, and inside the learner's panel.
func TestTheCanyonLessonDrawsItsCards(t *testing.T) {
	ls := lesson.Canyon()
	c := newClassroomIn(t, ls, "fr", NewTheme())
	game, _ := looks.For(canyon.ID)
	for i, s := range ls.Steps[:3] {
		want := c.texts.T(c.env.Lang, s.Text)
		c.until("step "+s.Text, func() bool { return c.l.Said() == want })
		c.mu.Lock()
		hand := c.l.sess.View(ls.Learner).(*canyon.View).Hand
		var wantLooks []looks.Look
		for _, k := range hand {
			wantLooks = append(wantLooks, game.Suits[k.Suit])
		}
		got := c.l.Hand().CanyonCards()
		c.l.redraw()
		bad := outside(c.l.Coach().Content(), c.l.CoachSize())
		c.mu.Unlock()
		if len(got) != len(wantLooks) {
			t.Fatalf("step %d: the hand draws %d cards %v, want %d (%v)", i+1, len(got), got, len(hand), hand)
		}
		for j := range got {
			if got[j] != wantLooks[j] {
				t.Errorf("step %d: card %v drawn as %+v, want %+v", i+1, hand[j], got[j], wantLooks[j])
			}
		}
		if len(bad) > 0 {
			t.Errorf("step %d: outside the learner's panel: %v", i+1, bad)
		}
		c.make(s.Expect[0])
		// The hand's tap is played on another goroutine: done before the
		// next look, and before the test ends (a screen still drawing
		// then would measure texts alongside the next test's).
		next := c.texts.T(c.env.Lang, ls.Steps[i+1].Text)
		c.until(fmt.Sprintf("step %d made", i+1), func() bool { return c.l.Said() == next })
	}
}
