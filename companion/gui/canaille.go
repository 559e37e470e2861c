package gui

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/looks"
)

// canailleLooks are Canaille's card kinds and seats as every UI draws
// them: the colour is the card's "background", which the rule on
// adjacent cards speaks of (all Ça mord share one, all Relâche one); the
// mark tells them apart without colour.
var canailleLooks, _ = looks.For(canaille.ID)

// canailleFace is how a Canaille card looks, as on the table: its kind's
// colour and mark, its name, its number (bobbers, fish to release, a
// fish's or a trash's value) and a dot for a full stop.
func (a *App) canailleFace(c canaille.Card) face {
	f := c.Face()
	l, ok := canailleLooks.Kinds[f.Kind.String()]
	if !ok {
		l = looks.Look{Fill: looks.Cream, Ink: looks.Ink}
	}
	kind := f.Kind.String()
	out := face{fill: l.Fill.NRGBA(), ink: l.Ink.NRGBA(), symbol: l.Symbol, corner: true,
		name: a.t("card." + kind), stop: f.Stop}
	switch {
	case f.Kind == canaille.Trash:
		out.value = "−" + strconv.Itoa(f.N)
	case f.N > 0:
		out.value = strconv.Itoa(f.N)
	}
	return out
}

// canaillePanel is a Canaille seat: the hand, the sentence being built,
// the catch, and one focused question at a time while a sentence resolves.
type canaillePanel struct {
	s     *seatScreen
	built []canaille.Card // the sentence being built, in order
	fog   canaille.Card   // the fog card picked to give, if seen
	plies int             // the view's plies when built was started
}

func (p *canaillePanel) show(ev engine.View) (fyne.CanvasObject, fyne.CanvasObject) {
	v, ok := ev.(*canaille.View)
	if !ok {
		return nil, nil
	}
	if v.Plies != p.plies {
		// A new position: what was picked belongs to the old one.
		p.built, p.fog, p.plies = nil, canaille.NoCard, v.Plies
	}
	s := p.s
	var main []fyne.CanvasObject
	if s.over {
		if r := s.resultTable(); r != nil {
			main = append(main, r)
		}
	}
	if s.canAct() {
		main = append(main, p.question(v)...)
	}
	main = append(main, p.table(v)...)
	return container.NewVBox(main...), p.hand(v)
}

// question is the decision asked of this phone now.
func (p *canaillePanel) question(v *canaille.View) []fyne.CanvasObject {
	a := p.s.a
	switch v.Phase {
	case "sentence":
		return p.sentenceBuilder(v)
	case "swap":
		return []fyne.CanvasObject{question(a.t("canaille.swap"))}
	case "return":
		return p.cardChoice(a.t("canaille.return"), v, nil)
	case "target":
		return p.seatChoice(a.t("canaille.target"), v, canaille.KindTarget)
	case "release":
		done := []fyne.CanvasObject{}
		for _, m := range v.Moves {
			if m.Kind == canaille.KindDone {
				done = append(done, p.button(a.t("canaille.release_done"), m))
			}
		}
		n := releaseMin(v)
		q := a.t("canaille.release", map[string]any{"N": n, "Done": v.Released})
		return p.cardChoice(q, v, done)
	case "bin":
		return p.cardChoice(a.t("canaille.bin"), v, nil)
	case "give":
		return p.giveChoice(v)
	case "refill":
		var deck []fyne.CanvasObject
		for _, m := range v.Moves {
			if m.Kind == canaille.KindDrawDeck {
				deck = append(deck, p.button(a.t("canaille.draw_deck", map[string]any{"N": v.Deck}), m))
			}
		}
		return p.cardChoice(a.t("canaille.refill", map[string]any{"N": len(v.Hand), "Of": canaille.HandSize}), v, deck)
	}
	return nil
}

// releaseMin is the N of the Relâche being resolved.
func releaseMin(v *canaille.View) int {
	if v.Step < len(v.Sentence) && v.Sentence[v.Step].Kind() == canaille.Release {
		return v.Sentence[v.Step].Face().N
	}
	return 0
}

// sentenceBuilder lets the guest tap cards in order and says, from the
// engine's own check, whether the sentence may be played and which rule
// it breaks if not.
func (p *canaillePanel) sentenceBuilder(v *canaille.View) []fyne.CanvasObject {
	a := p.s.a
	out := []fyne.CanvasObject{question(a.t("canaille.build"))}
	var cards []fyne.CanvasObject
	for i, c := range p.built {
		cw := newCard(a.canailleFace(c), func() {
			p.built = p.built[:i] // take it back, and what follows it
			p.s.refresh()
		})
		cw.selected = i + 1
		cards = append(cards, cw)
	}
	if len(cards) > 0 {
		out = append(out, container.NewGridWrap(cardSize, cards...))
	}
	ok, verdict := p.check(v)
	line := wrapped(verdict)
	line.TextStyle.Bold = true
	switch {
	case ok:
		line.Importance = widget.SuccessImportance
	case p.extendable(v):
		line.Importance = widget.WarningImportance
	case len(p.built) > 0:
		line.Importance = widget.DangerImportance
	}
	play := widget.NewButton(a.t("canaille.play"), func() {
		p.s.play(canaille.Move{Kind: canaille.KindSentence, Cards: slices.Clone(p.built)})
	})
	play.Importance = widget.HighImportance
	if !ok {
		play.Disable()
	}
	clear := widget.NewButton(a.t("canaille.clear"), func() { p.built = nil; p.s.refresh() })
	if len(p.built) == 0 {
		clear.Disable()
	}
	return append(out, line, container.NewGridWithColumns(2, clear, play))
}

// check says whether the sentence built so far can be played, and why not.
// Playable means the view's legal moves hold a sentence of the same faces
// (the engine lists one per sequence of faces); the words come from the
// engine's own rule check.
func (p *canaillePanel) check(v *canaille.View) (bool, string) {
	a := p.s.a
	if len(p.built) == 0 {
		return false, a.t("canaille.tap_cards")
	}
	playable, extendable := false, p.extendable(v)
	for _, m := range v.Moves {
		if m.Kind == canaille.KindSentence && sameFaces(m.Cards, p.built) {
			playable = true
		}
	}
	switch {
	case playable && extendable:
		return true, a.t("canaille.valid")
	case playable:
		return true, a.t("canaille.valid_full")
	}
	rule := engine.RuleOf(canaille.CheckSentence(v.Hand, p.built))
	text := a.ruleWords(rule)
	if extendable {
		return false, a.t("canaille.unfinished", map[string]any{"Rule": text})
	}
	return false, a.t("canaille.invalid", map[string]any{"Rule": text})
}

func sameFaces(a, b []canaille.Card) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Face() != b[i].Face() {
			return false
		}
	}
	return true
}

// extendable reports whether some legal sentence is longer than the one
// built and starts with it.
func (p *canaillePanel) extendable(v *canaille.View) bool {
	for _, m := range v.Moves {
		if m.Kind == canaille.KindSentence && len(m.Cards) > len(p.built) && sameFaces(m.Cards[:len(p.built)], p.built) {
			return true
		}
	}
	return false
}

// extends reports whether some legal sentence starts with built then c.
func (p *canaillePanel) extends(v *canaille.View, c canaille.Card) bool {
	next := append(slices.Clone(p.built), c)
	for _, m := range v.Moves {
		if m.Kind == canaille.KindSentence && len(m.Cards) >= len(next) && sameFaces(m.Cards[:len(next)], next) {
			return true
		}
	}
	return false
}

// cardChoice asks to pick one of the cards the legal moves name (a fish, a
// trash, a face-up card), plus extra buttons.
func (p *canaillePanel) cardChoice(q string, v *canaille.View, extra []fyne.CanvasObject) []fyne.CanvasObject {
	a := p.s.a
	var cards []fyne.CanvasObject
	for _, m := range v.Moves {
		if m.Card == canaille.NoCard || m.Kind == canaille.KindGive {
			continue
		}
		cards = append(cards, newCard(a.canailleFace(m.Card), func() { p.s.play(m) }))
	}
	out := []fyne.CanvasObject{question(q)}
	if len(cards) > 0 {
		out = append(out, container.NewGridWrap(cardSize, cards...))
	}
	return append(out, extra...)
}

// seatChoice asks to name a seat.
func (p *canaillePanel) seatChoice(q string, v *canaille.View, kind canaille.MoveKind) []fyne.CanvasObject {
	out := []fyne.CanvasObject{question(q)}
	for _, m := range v.Moves {
		if m.Kind == kind {
			out = append(out, p.button(p.seatLabel(m.Seat), m))
		}
	}
	return out
}

// giveChoice hands out the fog cards: blind, only who gets the next one;
// seen, which card first, then who gets it.
func (p *canaillePanel) giveChoice(v *canaille.View) []fyne.CanvasObject {
	a := p.s.a
	if !v.Fog.Seen {
		return p.seatChoice(a.t("canaille.give_blind", map[string]any{"N": v.Fog.Count}), v, canaille.KindGive)
	}
	var cards []fyne.CanvasObject
	seen := map[canaille.Card]bool{}
	for _, m := range v.Moves {
		if m.Kind != canaille.KindGive || seen[m.Card] {
			continue
		}
		seen[m.Card] = true
		cw := newCard(a.canailleFace(m.Card), func() { p.fog = m.Card; p.s.refresh() })
		if m.Card == p.fog {
			cw.selected = 1
		}
		cards = append(cards, cw)
	}
	out := []fyne.CanvasObject{question(a.t("canaille.give_seen")), container.NewGridWrap(cardSize, cards...)}
	if p.fog == canaille.NoCard {
		return out
	}
	out = append(out, question(a.t("canaille.give_to", map[string]any{"Card": a.canailleFace(p.fog).name})))
	for _, m := range v.Moves {
		if m.Kind == canaille.KindGive && m.Card == p.fog {
			out = append(out, p.button(p.seatLabel(m.Seat), m))
		}
	}
	return out
}

func (p *canaillePanel) seatLabel(seat engine.Seat) string {
	a := p.s.a
	if seat == p.s.w.Seat {
		return a.seatName(seat) + " (" + a.t("you") + ")"
	}
	return a.seatName(seat)
}

func (p *canaillePanel) button(label string, m canaille.Move) fyne.CanvasObject {
	return bigButton(label, func() { p.s.play(m) })
}

// table shows what everyone sees: the sentence resolving, the river, the
// row, the other seats, and this seat's own catch.
func (p *canaillePanel) table(v *canaille.View) []fyne.CanvasObject {
	s, a := p.s, p.s.a
	var out []fyne.CanvasObject
	if len(v.Sentence) > 0 && v.Phase != "sentence" {
		out = append(out, widget.NewLabel(a.t("canaille.sentence_of", map[string]any{"Seat": a.seatName(v.Active)})))
		var cards []fyne.CanvasObject
		for i, c := range v.Sentence {
			cw := newCard(a.canailleFace(c), nil)
			cw.dim = i < v.Step
			if i == v.Step {
				cw.selected = i + 1 // framed: the card being carried out
			}
			cards = append(cards, cw)
		}
		out = append(out, container.NewGridWrap(cardSize, cards...))
	}
	river := a.t("canaille.river_down", map[string]any{"N": v.River.Size})
	if v.River.FaceUp && v.River.Top != canaille.NoCard {
		river = a.t("canaille.river_up", map[string]any{"N": v.River.Size, "Top": a.cardName(v.River.Top)})
	}
	out = append(out, widget.NewSeparator(), wrapped(river))
	out = append(out, p.catch(v))
	for seat := range v.Seats {
		if engine.Seat(seat) == s.w.Seat {
			continue
		}
		line := a.t("canaille.other", map[string]any{"Seat": a.seatName(engine.Seat(seat)),
			"Hand": v.Hands[seat], "Catch": v.Catches[seat].Count})
		if top := v.Catches[seat].Top; top != canaille.NoCard {
			line += " · " + a.t("canaille.top", map[string]any{"Card": a.cardName(top)})
		}
		if v.Canaille == engine.Seat(seat) {
			line += " · " + a.t("canaille.holds_canaille")
		}
		out = append(out, container.NewBorder(nil, nil, seatDot(canaille.ID, engine.Seat(seat)), nil, wrapped(line)))
	}
	return out
}

// catch is this seat's own catch, all of it: only its owner sees it.
func (p *canaillePanel) catch(v *canaille.View) fyne.CanvasObject {
	s, a := p.s, p.s.a
	me := int(s.w.Seat)
	if me < 0 || me >= len(v.Catches) {
		return widget.NewLabel("")
	}
	c := v.Catches[me]
	title := a.t("canaille.catch", map[string]any{"N": c.Count, "Score": c.Score})
	if v.Canaille == s.w.Seat {
		title += " · " + a.t("canaille.you_hold_canaille")
	}
	var names []string
	for i := len(c.Cards) - 1; i >= 0; i-- { // the top first
		names = append(names, a.canailleFace(c.Cards[i]).value)
	}
	l := wrapped(title)
	l.TextStyle.Bold = true
	if len(names) == 0 {
		return l
	}
	return container.NewVBox(l, wrapped(a.t("canaille.catch_cards", map[string]any{"Cards": strings.Join(names, " ")})))
}

// cardName names a card in words, e.g. "Poisson 2".
func (a *App) cardName(c canaille.Card) string {
	f := a.canailleFace(c)
	if f.value == "" {
		return f.name
	}
	return f.name + " " + f.value
}

// hand draws the seat's cards. While a sentence is built, tapping adds a
// card to it, and cards that cannot come next are dimmed (tapping one
// still adds it, and the line above names the rule it breaks). While
// swapping, tapping discards the card.
func (p *canaillePanel) hand(v *canaille.View) fyne.CanvasObject {
	s, a := p.s, p.s.a
	if len(v.Hand) == 0 {
		return nil
	}
	act := s.canAct()
	var cards []fyne.CanvasObject
	for _, c := range v.Hand {
		cw := newCard(a.canailleFace(c), nil)
		switch {
		case act && v.Phase == "sentence":
			if i := slices.Index(p.built, c); i >= 0 {
				cw.selected = i + 1
			} else {
				cw.dim = !p.extends(v, c)
				cw.onTap = func() {
					if len(p.built) < canaille.MaxSentence {
						p.built = append(p.built, c)
						s.refresh()
					}
				}
			}
		case act && v.Phase == "swap":
			cw.onTap = func() { s.play(canaille.Move{Kind: canaille.KindSwap, Card: c}) }
		}
		cards = append(cards, cw)
	}
	return container.NewVBox(widget.NewSeparator(), widget.NewLabel(a.t("your_hand")), container.NewGridWrap(cardSize, cards...))
}

// ruleWords is a rule's text alone, for sentences built on the phone.
func (a *App) ruleWords(id string) string {
	if id != "" && a.texts.Has("rule."+id) {
		return a.texts.T(a.lang, "rule."+id)
	}
	return id
}
