package board

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
)

// Hand is a seat's hand laid on the table, for a guest who learns a card
// game without a phone: Canyon's tempo and cards, Canaille's sentence
// built card by card and the answers to its questions. Every card of the
// hand is offered, not only the playable ones, so that a card that may
// not be played is refused with its rule, as on the phone.
type Hand struct {
	env  Env
	seat engine.Seat
	root *fyne.Container
	box  *fyne.Container
	// line shows the Canaille sentence being built.
	line *widget.Label
	view engine.View
	// sentence is the Canaille sentence being built, in order.
	sentence []canaille.Card
	// mark is the move the table points at, its buttons stand out.
	mark    engine.Move
	buttons map[string]*widget.Button
}

// NewHand is seat's hand; its moves go to env.Play.
func NewHand(env Env, seat engine.Seat) *Hand {
	if env.Play == nil {
		env.Play = func(engine.Seat, engine.Move) {}
	}
	h := &Hand{env: env, seat: seat, box: container.NewGridWithColumns(3), line: widget.NewLabel(""),
		buttons: map[string]*widget.Button{}}
	h.line.Truncation = fyne.TextTruncateEllipsis
	h.line.Hide()
	h.root = container.NewVBox(h.line, h.box)
	return h
}

// Content is the hand: the sentence being built, then its buttons.
func (h *Hand) Content() fyne.CanvasObject { return h.root }

// Sentence is the Canaille sentence being built, as the hand shows it.
func (h *Hand) Sentence() string { return h.line.Text }

// Update shows the seat's own view v, pointing at mark (nil: none).
func (h *Hand) Update(v engine.View, mark engine.Move) {
	if h.view == nil || !sameTurn(h.view, v) {
		h.sentence = nil
	}
	h.view, h.mark = v, mark
	h.rebuild()
}

// Button is the button labelled label, nil when none shows (for tests).
func (h *Hand) Button(label string) *widget.Button { return h.buttons[label] }

// Labels are the buttons' labels, in order (for tests).
func (h *Hand) Labels() []string {
	var out []string
	for _, o := range h.box.Objects {
		if b, ok := o.(*widget.Button); ok {
			out = append(out, b.Text)
		}
	}
	return out
}

// sameTurn reports whether a and b ask the same decision, so that a
// sentence being built survives a redraw.
func sameTurn(a, b engine.View) bool {
	ca, ok1 := a.(*canaille.View)
	cb, ok2 := b.(*canaille.View)
	return ok1 && ok2 && ca.Plies == cb.Plies
}

func (h *Hand) rebuild() {
	h.box.Objects = h.box.Objects[:0]
	clear(h.buttons)
	h.line.SetText("")
	h.line.Hide()
	if h.view != nil && h.view.Turn() == h.seat {
		switch v := h.view.(type) {
		case *canyon.View:
			h.canyon(v)
		case *canaille.View:
			h.canaille(v)
		}
	}
	h.box.Refresh()
}

// add puts a button for m labelled label; it stands out when the table
// points at it.
func (h *Hand) add(label string, marked bool, tap func()) {
	b := widget.NewButton(label, tap)
	if marked {
		b.Importance = widget.HighImportance
	}
	h.buttons[label] = b
	h.box.Add(b)
}

func (h *Hand) play(m engine.Move) { h.env.Play(h.seat, m) }

func (h *Hand) canyon(v *canyon.View) {
	mk, _ := h.mark.(canyon.Move)
	switch v.Phase {
	case canyon.PhaseTempo:
		for _, lm := range v.Legal() {
			m := lm.(canyon.Move)
			sum := 0
			for _, x := range m.Tempo {
				sum += x
			}
			label := h.env.t("lesson.hand.tempo", map[string]any{"N": sum})
			if _, dup := h.buttons[label]; dup {
				continue // 5 = 1+4 = 2+3: one button per tempo
			}
			h.add(label, mk.Kind == canyon.KindTempo && slices.Equal(mk.Tempo, m.Tempo), func() { h.play(m) })
		}
	case canyon.PhasePlay:
		for _, c := range v.Hand {
			h.add(CanyonCardName(c, h.env), mk.Kind == canyon.KindPlay && mk.Card == c, func() { h.play(canyon.Play(c)) })
		}
	}
}

// CanyonCardName is a Canyon card in words: "violet 10".
func CanyonCardName(c canyon.Card, env Env) string {
	return env.t("companion.suit."+strconv.Itoa(c.Suit)) + " " + strconv.Itoa(c.Value)
}

func (h *Hand) canaille(v *canaille.View) {
	mk, _ := h.mark.(canaille.Move)
	name := func(c canaille.Card) string { return sayCanailleCard(c, h.env) }
	switch v.Phase {
	case "sentence":
		for _, c := range v.Hand {
			if slices.Contains(h.sentence, c) {
				continue
			}
			next := len(h.sentence)
			marked := mk.Kind == canaille.KindSentence && next < len(mk.Cards) && mk.Cards[next] == c
			h.add(name(c)+stop(c), marked, func() {
				h.sentence = append(h.sentence, c)
				h.rebuild()
				h.env.Changed()
			})
		}
		if len(h.sentence) > 0 {
			names := make([]string, len(h.sentence))
			for i, c := range h.sentence {
				names[i] = name(c) + stop(c)
			}
			h.line.SetText(h.env.t("lesson.hand.sentence", map[string]any{"Cards": strings.Join(names, ", ")}))
			h.line.Show()
			s := slices.Clone(h.sentence)
			whole := mk.Kind == canaille.KindSentence && slices.Equal(mk.Cards, s)
			h.add(h.env.t("lesson.hand.lay"), whole, func() {
				h.play(canaille.Move{Kind: canaille.KindSentence, Cards: s})
			})
			h.add(h.env.t("lesson.hand.clear"), false, func() {
				h.sentence = nil
				h.rebuild()
				h.env.Changed()
			})
		}
	case "bin", "release", "return":
		kind := map[string]canaille.MoveKind{"bin": canaille.KindBin, "release": canaille.KindRelease, "return": canaille.KindReturn}[v.Phase]
		for _, c := range v.Catches[h.seat].Cards {
			m := canaille.Move{Kind: kind, Card: c}
			h.add(name(c), mk.Kind == kind && mk.Card == c, func() { h.play(m) })
		}
		if done := (canaille.Move{Kind: canaille.KindDone}); slices.ContainsFunc(v.Moves, func(m canaille.Move) bool { return m.Kind == canaille.KindDone }) {
			h.add(SayMove(done, h.env), mk.Kind == canaille.KindDone, func() { h.play(done) })
		}
	case "refill":
		for _, c := range v.Row {
			m := canaille.Move{Kind: canaille.KindTakeRow, Card: c}
			h.add(h.env.t("lesson.hand.take", map[string]any{"Card": name(c)}), mk.Kind == canaille.KindTakeRow && mk.Card == c, func() { h.play(m) })
		}
		draw := canaille.Move{Kind: canaille.KindDrawDeck}
		h.add(h.env.t("lesson.hand.draw"), mk.Kind == canaille.KindDrawDeck, func() { h.play(draw) })
	default:
		for _, m := range v.Moves {
			h.add(SayMove(m, h.env), false, func() { h.play(m) })
		}
	}
}

// stop is the full stop a Canaille card bears, as the card prints it.
func stop(c canaille.Card) string {
	if c.Face().Stop {
		return "."
	}
	return ""
}

// CanailleCardName is a Canaille card in words, as the table prints it:
// "Ça mord 2", "Poisson 3".
func CanailleCardName(c canaille.Card, env Env) string { return sayCanailleCard(c, env) }
