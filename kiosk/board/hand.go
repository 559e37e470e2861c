package board

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/looks"
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
	// cards shows a Canyon hand while a tempo is chosen from it.
	cards *fyne.Container
	view  engine.View
	// sentence is the Canaille sentence being built, in order.
	sentence []canaille.Card
	// mark is the move the table points at, its buttons stand out.
	mark    engine.Move
	buttons map[string]*widget.Button
	order   []string // the buttons' labels, in order
}

// NewHand is seat's hand; its moves go to env.Play.
func NewHand(env Env, seat engine.Seat) *Hand {
	if env.Play == nil {
		env.Play = func(engine.Seat, engine.Move) {}
	}
	h := &Hand{env: env, seat: seat, box: container.NewGridWithColumns(3), line: widget.NewLabel(""),
		cards: container.NewHBox(), buttons: map[string]*widget.Button{}}
	h.line.Truncation = fyne.TextTruncateEllipsis
	h.line.Hide()
	// A tempo's cards at the left of its buttons: the learner's panel
	// has the height of two rows of buttons under a row of cards.
	h.root = container.NewVBox(h.line, container.NewBorder(nil, nil, h.cards, nil, h.box))
	return h
}

// handCell is the room of one Canyon card of a hand: the card as the
// table draws it, in a frame that lights up when the table points at it.
var handCell = cardSize.AddWidthHeight(12, 12)

// canyonCard is a Canyon card drawn as on the table (its suit's colour,
// value and symbol), filling its size: the lesson's hand shows the cards
// it talks about as the game does, not as words.
type canyonCard struct {
	widget.BaseWidget
	face *cardFace
	card canyon.Card
}

func newCanyonCard(c canyon.Card) *canyonCard {
	w := &canyonCard{face: newCardFace(), card: c}
	w.ExtendBaseWidget(w)
	return w
}

func (w *canyonCard) MinSize() fyne.Size { return cardSize }

func (w *canyonCard) CreateRenderer() fyne.WidgetRenderer {
	r := &baseRenderer{objects: w.face.objects()}
	r.arrange = func() {
		w.face.layout(fyne.Position{}, w.Size())
		w.face.show(w.card)
	}
	return &canyonCardRenderer{baseRenderer: r}
}

type canyonCardRenderer struct{ *baseRenderer }

func (r *canyonCardRenderer) Layout(fyne.Size)   { r.arrange() }
func (r *canyonCardRenderer) MinSize() fyne.Size { return cardSize }

// Looks is what the card shows, read from its drawing (for tests).
func (w *canyonCard) Looks() looks.Look { return w.face.looks() }

// CanyonCards are the Canyon cards the hand draws, in order, as their
// looks (for tests): nil when it draws none.
func (h *Hand) CanyonCards() []looks.Look {
	var out []looks.Look
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *canyonCard:
			if x.Visible() {
				out = append(out, x.Looks())
			}
		case *fyne.Container:
			if x.Visible() {
				for _, k := range x.Objects {
					walk(k)
				}
			}
		}
	}
	walk(h.root)
	return out
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
	return slices.Clone(h.order)
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
	h.box.Layout = layout.NewGridLayoutWithColumns(3)
	h.cards.RemoveAll()
	h.cards.Hide()
	clear(h.buttons)
	h.order = h.order[:0]
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
	h.cards.Refresh()
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
	h.order = append(h.order, label)
	h.box.Add(b)
}

func (h *Hand) play(m engine.Move) { h.env.Play(h.seat, m) }

func (h *Hand) canyon(v *canyon.View) {
	mk, _ := h.mark.(canyon.Move)
	switch v.Phase {
	case canyon.PhaseTempo:
		// The tempo is bid on the cards held: they are shown, drawn.
		for _, c := range v.Hand {
			h.cards.Add(container.NewGridWrap(handCell, container.New(&cardInset{6}, newCanyonCard(c))))
		}
		h.cards.Show()
		h.box.Layout = layout.NewGridLayoutWithColumns(4)
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
		// Each card drawn over its button, which takes the tap (found by
		// the card's name, Button); the button's frame lights up round
		// the card pointed at.
		h.box.Layout = layout.NewGridWrapLayout(handCell)
		for _, c := range v.Hand {
			h.add(CanyonCardName(c, h.env), mk.Kind == canyon.KindPlay && mk.Card == c, func() { h.play(canyon.Play(c)) })
			last := len(h.box.Objects) - 1
			h.box.Objects[last].(*widget.Button).SetText("") // the face says it
			h.box.Objects[last] = container.NewStack(h.box.Objects[last], container.New(&cardInset{6}, newCanyonCard(c)))
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

// cardInset lays its one object m in from every edge.
type cardInset struct{ m float32 }

func (l *cardInset) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(l.m, l.m))
		o.Resize(size.SubtractWidthHeight(2*l.m, 2*l.m))
	}
}

func (l *cardInset) MinSize([]fyne.CanvasObject) fyne.Size {
	return cardSize.AddWidthHeight(2*l.m, 2*l.m)
}
