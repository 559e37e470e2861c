package gui

import (
	"encoding/json"
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/say"
)

// why asks the table why the seat cannot make m now (a card or a choice
// it cannot use, touched): the answer, from the engine's own rules on
// the seat's view, replaces the last refusal, with a way to its rule.
// Nothing is played.
func (s *seatScreen) why(m engine.Move) {
	a := s.a
	if s.c == nil || s.asking {
		return
	}
	data, err := json.Marshal(m)
	if err != nil {
		return
	}
	c := s.c
	s.asking = true
	go func() {
		ex, err := c.Explain(s.ctx, data)
		a.deps.Do(func() {
			s.asking = false
			switch {
			case err != nil:
				s.refused, s.whyRule = a.explain(err), ""
			case ex.Legal:
				s.refused, s.whyRule = a.t("why_legal"), ""
			default:
				s.refused = a.t("why", map[string]any{"Why": a.texts.WhyNamed(a.lang, s.w.Game, ex.Rule, ex.Args, func(n int) string { return a.seatName(engine.Seat(n)) })})
				s.whyRule = ex.Rule
			}
			s.hint = ""
			s.refresh()
		})
	}()
}

// askHint asks the table what the game's default bot would play for the
// seat, from the seat's view; the answer is shown to this phone only.
func (s *seatScreen) askHint() {
	a := s.a
	if s.c == nil || !s.canAct() {
		return
	}
	c := s.c
	s.hint = a.t("hint_asking")
	go func() {
		move, _, err := c.Hint(s.ctx)
		a.deps.Do(func() {
			var we *wire.Error
			switch {
			case errors.As(err, &we) && we.Rule != "":
				s.hint = a.texts.Why(a.lang, s.w.Game, we.Rule, nil)
			case err != nil:
				s.hint = a.explain(err)
			default:
				s.hint = a.t("hint", map[string]any{"Move": s.describe(move)})
			}
			s.refresh()
		})
	}()
}

// describe is a hinted move in words, in the phone's language, as the
// table says its own hints but without the table's rings (say's
// HintAway); never the engine's notation, nor the move's JSON.
func (s *seatScreen) describe(move json.RawMessage) string {
	a := s.a
	rules, err := a.deps.Games.Get(s.w.Game)
	if err != nil {
		return a.t("hint_unknown")
	}
	m, err := rules.DecodeMove(move)
	if err != nil {
		return a.t("hint_unknown")
	}
	return say.HintAway(m, a.lang, a.texts, a.seatName)
}

// helpRow is what goes above the game: the last answer ("why not?", a
// refusal, a hint) and the buttons for a hint and the rules.
func (s *seatScreen) helpRow() fyne.CanvasObject {
	a := s.a
	var rows []fyne.CanvasObject
	if s.refused != "" {
		r := wrapped(s.refused)
		r.Importance = widget.DangerImportance
		r.TextStyle.Bold = true
		rows = append(rows, r)
	}
	if s.hint != "" {
		h := wrapped(s.hint)
		h.Importance = widget.SuccessImportance
		rows = append(rows, h)
	}
	if len(s.since) > 0 && !s.over {
		lines := a.texts.T(a.lang, "common.since.title")
		for _, l := range s.since {
			lines += "\n• " + l
		}
		rows = append(rows, container.NewBorder(nil, nil, nil,
			widget.NewButton("✕", func() { s.since = nil; s.refresh() }), wrapped(lines)))
	}
	rule := s.whyRule
	rulesBtn := widget.NewButton(a.t("rules_open"), func() { s.showRules(rule) })
	if rule != "" {
		rulesBtn.SetText(a.t("rules_rule"))
	}
	buttons := []fyne.CanvasObject{rulesBtn}
	if s.shelfMay() {
		buttons = append(buttons, widget.NewButton(s.st("open"), s.openShelf))
	}
	if s.canAct() && s.atOnce() == nil {
		buttons = append([]fyne.CanvasObject{widget.NewButton(a.t("hint_ask"), s.askHint)}, buttons...)
	}
	rows = append(rows, container.NewHBox(buttons...))
	return container.NewVBox(rows...)
}

// showRules shows the game's rules in the phone's language: what the game
// is about, how a turn goes, then each rule the table checks; the rule
// named (a "why not?"'s) comes first, in bold.
func (s *seatScreen) showRules(first string) {
	a := s.a
	var info engine.Info
	if rules, err := a.deps.Games.Get(s.w.Game); err == nil {
		info = rules.Info()
	}
	var parts []fyne.CanvasObject
	para := func(text string, bold bool) {
		l := wrapped(text)
		l.TextStyle.Bold = bold
		parts = append(parts, l)
	}
	if first != "" {
		para(a.texts.T(a.lang, "rule."+first), true)
		parts = append(parts, widget.NewSeparator())
	}
	for _, p := range []string{"goal", "turn", "move"} {
		if key := "guide." + s.w.Game + "." + p; a.texts.Has(key) {
			para(a.texts.T(a.lang, key), false)
		}
	}
	para(a.texts.T(a.lang, "guide.rules"), true)
	for _, id := range append(info.Rules, engine.RuleNotYourTurn, engine.RuleHintsOff) {
		para("• "+a.texts.T(a.lang, "rule."+id), id == first)
	}
	title := a.texts.T(a.lang, "guide.title", map[string]any{"Game": a.gameName(s.w.Game)})
	scroll := container.NewVScroll(container.NewVBox(parts...))
	scroll.SetMinSize(fyne.NewSize(300, 420))
	d := dialog.NewCustom(title, a.t("close"), scroll, a.win)
	d.Show()
}
