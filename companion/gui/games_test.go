package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
)

// tapFirst taps the first enabled button whose text contains part.
func (p *phone) tapFirst(part string) bool {
	for _, b := range p.buttons(part) {
		if !b.Disabled() {
			test.Tap(b)
			return true
		}
	}
	return false
}

// ready says whether the seat may act on what it shows.
func (p *phone) ready() bool { return p.seat.canAct() }

func TestPlaysAWholeCanyonHandByTappingATempoAndCards(t *testing.T) {
	tb, p := anjaSeatedAt(t, "canyon", 3)
	runBots(t, tb, 2)

	tempos, played, refusals, won := 0, 0, 0, 0
	var round int
	for done := false; !done; {
		p.u.until(t, "a decision or the end of the first hand", func() bool {
			v := p.seat.view.(*canyon.View)
			if round == 0 && v.Round > 0 {
				round = v.Round
			}
			if round > 0 && (v.Round > round || v.Phase == canyon.PhaseOver) {
				done = true
				return true
			}
			if v.Phase == canyon.PhasePlay && len(v.Trick) == 0 && len(v.Played) >= v.Seats {
				// The trick just won is still shown, with its winner.
				if strings.Contains(p.labels(), "wins the trick") {
					won++
				} else {
					t.Errorf("a trick was just won, the phone shows:\n%s", p.labels())
				}
			}
			if !p.ready() {
				return false
			}
			switch v.Phase {
			case canyon.PhasePlace:
				return p.tapFirst("Start ")
			case canyon.PhaseTempo:
				if !strings.Contains(p.labels(), "All five tempo cards") {
					t.Errorf("the tempo question does not say which cards:\n%s", p.labels())
				}
				// Every tempo in words and numbers, each label whole in
				// its button of the 400 px window.
				for _, b := range p.buttons(" · ") {
					if b.MinSize().Width > b.Size().Width+0.5 {
						t.Errorf("tempo %q needs %.0f px, its button is %.0f px wide", b.Text, b.MinSize().Width, b.Size().Width)
					}
				}
				if p.tapFirst("· 2 + 3") { // a tempo of 5 shown with two cards
					tempos++
					return true
				}
				return false
			case canyon.PhasePlay:
				return p.playACard(t, &played, &refusals)
			case canyon.PhaseMove:
				return p.tapFirst("Cell A")
			}
			return false
		})
	}
	if tempos != 1 || played != 8 {
		t.Errorf("tempo tapped %d times, %d cards played; want 1 and the whole hand of 8", tempos, played)
	}
	p.u.do(func() {
		v := p.seat.view.(*canyon.View)
		if v.Round == round && len(v.Hand) != 0 {
			t.Errorf("cards left in hand: %v", v.Hand)
		}
	})
	t.Logf("%d refusals shown for dimmed cards", refusals)
	if won == 0 {
		t.Error("no finished trick was seen on the phone")
	}
}

// playACard taps a card of the hand: the first time a dimmed one is there,
// that one, and the table says why not in words, with the card that
// obliges (issue 29), nothing played; else a bright one.
func (p *phone) playACard(t *testing.T, played, refusals *int) bool {
	t.Helper()
	if p.seat.refused != "" {
		if want := "Why not? You must follow "; !strings.HasPrefix(p.seat.refused, want) || !strings.Contains(p.seat.refused, ": you have the ") {
			t.Errorf("why not %q, want %q… with the card that obliges", p.seat.refused, want)
		}
		p.seat.refused = ""
		*refusals++
	}
	hand := p.handCards()
	for _, c := range hand {
		if c.dim && *refusals == 0 && !p.seat.asking {
			test.Tap(c)
			return true
		}
	}
	if p.seat.asking {
		return false
	}
	for _, c := range hand {
		if !c.dim {
			test.Tap(c)
			*played++
			return true
		}
	}
	t.Fatalf("no playable card among %d", len(hand))
	return false
}

// handCards are the cards that do something when tapped.
func (p *phone) handCards() []*card {
	var out []*card
	for _, c := range p.cards() {
		if c.onTap != nil {
			out = append(out, c)
		}
	}
	return out
}

func TestARefusedMoveShowsTheRuleInWords(t *testing.T) {
	tb, p := anjaSeatedAt(t, "canyon", 3)
	runBots(t, tb, 2)
	// A move of another phase, as a phone whose view is stale would send.
	p.u.until(t, "this seat's tempo", func() bool {
		v := p.seat.view.(*canyon.View)
		if v.Phase == canyon.PhasePlace && p.ready() {
			p.tapFirst("Start ")
			return false
		}
		return v.Phase == canyon.PhaseTempo && p.ready()
	})
	p.u.do(func() { p.seat.play(canyon.Play(p.seat.view.(*canyon.View).Hand[0])) })
	p.u.until(t, "the refusal", func() bool { return p.seat.refused != "" })
	p.u.do(func() {
		want := p.ruleText("wrong-phase")
		if p.seat.refused != want || !strings.Contains(p.labels(), want) {
			t.Errorf("refusal %q, want %q shown", p.seat.refused, want)
		}
		if strings.Contains(p.seat.refused, "rule ") || strings.Contains(p.seat.refused, "illegal-move") {
			t.Errorf("a Go error is shown: %q", p.seat.refused)
		}
	})
}

func TestBuildsChecksAndPlaysACanailleSentence(t *testing.T) {
	tb, p := anjaSeatedAt(t, "canaille", 2)
	runBots(t, tb, 1)

	var sentAt int
	p.u.until(t, "this seat's sentence", func() bool {
		v := p.seat.view.(*canaille.View)
		if !p.ready() {
			return false
		}
		if v.Phase == "sentence" {
			return true
		}
		p.decideAnything(t, v)
		return false
	})
	p.u.do(func() {
		v := p.seat.view.(*canaille.View)
		panel := p.seat.panel.(*canaillePanel)
		p.checkABrokenSentence(t, v, panel)
		// Now a legal one, tapped card by card.
		want := v.Moves[0].Cards
		for _, f := range want {
			for _, c := range p.handCards() {
				if c.selected == 0 && c.face == p.canailleFace(cardWithFace(v.Hand, f.Face(), panel.built)) {
					test.Tap(c)
					break
				}
			}
		}
		if !sameFaces(panel.built, want) {
			t.Fatalf("built %v, wanted the faces of %v", panel.built, want)
		}
		if !strings.Contains(p.labels(), "✓ A valid sentence") {
			t.Errorf("no valid verdict:\n%s", p.labels())
		}
		sentAt = v.Plies
		if !p.tapFirst("Play this sentence") {
			t.Fatal("the play button is off")
		}
	})
	p.u.until(t, "the sentence played", func() bool { return p.seat.view.(*canaille.View).Plies > sentAt })
	p.u.do(func() {
		if p.seat.refused != "" {
			t.Errorf("the sentence was refused: %s", p.seat.refused)
		}
	})
}

// checkABrokenSentence taps a card that cannot end a sentence, or two of
// one type side by side, and expects the rule named in words.
func (p *phone) checkABrokenSentence(t *testing.T, v *canaille.View, panel *canaillePanel) {
	t.Helper()
	for _, c := range v.Hand {
		if c.Face().Stop {
			continue
		}
		panel.built = []canaille.Card{c}
		p.seat.refresh()
		rule := p.ruleWords(canaille.RuleNoFullStop)
		if !strings.Contains(p.labels(), rule) {
			t.Errorf("no %q for a sentence without a full stop:\n%s", rule, p.labels())
		}
		for _, b := range p.buttons("Play this sentence") {
			if !b.Disabled() {
				t.Error("an unfinished sentence may be played")
			}
		}
		break
	}
	p.tapFirst("Start again")
	if len(panel.built) != 0 {
		t.Fatal("'start again' kept the sentence")
	}
}

// cardWithFace is a card of hand with face f, not yet in built.
func cardWithFace(hand []canaille.Card, f canaille.Face, built []canaille.Card) canaille.Card {
	for _, c := range hand {
		if c.Face() == f && !containsCard(built, c) {
			return c
		}
	}
	return canaille.NoCard
}

func containsCard(cs []canaille.Card, c canaille.Card) bool {
	for _, d := range cs {
		if d == c {
			return true
		}
	}
	return false
}

// decideAnything answers whatever the game asks besides a sentence.
func (p *phone) decideAnything(t *testing.T, v *canaille.View) {
	t.Helper()
	if cards := p.handCards(); len(cards) > 0 && v.Phase != "give" {
		test.Tap(cards[0])
		return
	}
	for _, o := range objects(p.w.Content()) {
		if b, ok := o.(*widget.Button); ok && b.Importance == widget.HighImportance && !b.Disabled() {
			test.Tap(b)
			return
		}
	}
	if cards := p.handCards(); len(cards) > 0 {
		test.Tap(cards[0])
	}
}

// The phone names the start cells with the numbers the table draws on
// them: 1 to 6 in map order, from the top of the start column down.
func TestStartCellsAreNumberedAsOnTheTable(t *testing.T) {
	m := canyon.Map()
	want := 1
	for i := range m.Rows * m.Cols {
		if !m.IsStart(i) {
			continue
		}
		r, c := m.RowCol(i)
		if got := startNumber(r, c); got != want {
			t.Errorf("start cell %d,%d is number %d, want %d", r, c, got, want)
		}
		want++
	}
	if want != 7 {
		t.Errorf("%d start cells, want 6", want-1)
	}
}
