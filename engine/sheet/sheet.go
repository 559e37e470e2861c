package sheet

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/scoresheet"
)

// ID is the game's stable identifier.
const ID = "sheet"

// MaxSeats is the most players a score sheet takes.
const MaxSeats = 12

// The setup's options: the sheet (a scoresheet id) and the title played,
// as the shelf names it (free text, kept with the session).
const (
	OptionSheet = "sheet"
	OptionTitle = "title"
)

// MaxTitle is the longest title, in bytes.
const MaxTitle = 120

// The rules a refusal names: texts rule.<id> in i18n (sheet.*.json).
const (
	// RuleOwnSeat: a seat writes only its own lines and moves only as itself.
	RuleOwnSeat = "sheet-own-seat"
	// RuleNotComplete: the sheet still has lines to fill (Args Missing).
	RuleNotComplete = "sheet-not-complete"
	// RuleUndecided: the sheet cannot name the winner; the group decides.
	RuleUndecided = "sheet-undecided"
	// RuleNotRevealable: a line is revealed once every seat wrote it,
	// and only a private one not yet shown.
	RuleNotRevealable = "sheet-not-revealable"
	// RuleRoundOpen: the next round opens on an open sheet once the
	// current one is complete.
	RuleRoundOpen = "sheet-round-open"
	// RuleDecided: nothing is left for the group to decide.
	RuleDecided = "sheet-decided"
	// RuleLimit: a value beyond the sheet's limit (Args Limit).
	RuleLimit = "sheet-limit"
	// RuleNegative: the line is never below zero (Args Category).
	RuleNegative = "sheet-negative"
	// RuleCategory: the sheet has no such line (Args Category).
	RuleCategory = "sheet-category"
	// RuleRound: the round is not open, or the line has no rounds (Args Round, Rounds).
	RuleRound = "sheet-round"
	// RuleDecision: the decision does not fit how the sheet is won.
	RuleDecision = "sheet-decision"
)

// ruleOf is the engine rule of each scoresheet refusal an entry or a
// decision may meet (the sums are read before they become moves).
var ruleOf = map[string]string{
	scoresheet.RuleLimit:    RuleLimit,
	scoresheet.RuleNegative: RuleNegative,
	scoresheet.RuleCategory: RuleCategory,
	scoresheet.RuleRound:    RuleRound,
	scoresheet.RuleSeat:     RuleOwnSeat,
	scoresheet.RuleDecision: RuleDecision,
}

// The reasons a play ends.
const (
	ReasonComplete = "sheet-complete" // the group closed a complete sheet
	ReasonStopped  = "sheet-stopped"  // the group stopped early: incomplete
	ReasonWon      = "sheet-won"      // a cooperative play won together
	ReasonLost     = "sheet-lost"     // a cooperative play lost together
)

// Rules is the score sheet for the engine, over a library of sheets.
type Rules struct{ lib *scoresheet.Library }

// New returns the rules over the ready sheets.
func New() Rules { return Rules{lib: scoresheet.Ready()} }

// WithLibrary returns the rules over lib (the ready sheets and the
// staff's own); the setup's sheet option takes lib's ids.
// A nil lib is the ready sheets, as New.
func WithLibrary(lib *scoresheet.Library) Rules {
	if lib == nil {
		return New()
	}
	return Rules{lib: lib}
}

var (
	_ engine.Rules    = Rules{}
	_ engine.BotMaker = Rules{}
	_ engine.State    = (*State)(nil)
	_ engine.Stepper  = (*State)(nil)
)

// OptionLong is the staff's "running long" reminder of a play, in minutes
// ("90m"; "off" for none), kept with the staff's default options of the
// score sheet: an option of the table, which times the play, not of the
// rules, which never see it.
const OptionLong = "long"

// TableOptions are the score sheet's options the table keeps, not the
// rules (OptionLong): the staff set them on the staff screen, and their
// labels are game texts as the rules' options' are.
func TableOptions() []engine.Option {
	return []engine.Option{{Key: OptionLong, Default: "off", Choices: []string{"off", "60m", "90m", "120m", "150m", "180m"}}}
}

// Info describes the score sheet: 1 to 12 players, the sheet an option.
func (r Rules) Info() engine.Info {
	return engine.Info{
		ID:       ID,
		Minutes:  30,
		MinSeats: 1,
		MaxSeats: MaxSeats,
		Options: []engine.Option{
			{Key: OptionSheet, Default: scoresheet.GenericID, Choices: r.lib.IDs()},
			{Key: OptionTitle, Text: MaxTitle},
		},
		Rules: []string{RuleOwnSeat, RuleLimit, RuleNegative, RuleCategory, RuleRound, RuleNotRevealable,
			RuleRoundOpen, RuleNotComplete, RuleUndecided, RuleDecision, RuleDecided},
	}
}

// Sheet returns the sheet with id from the rules' library.
func (r Rules) Sheet(id string) (*scoresheet.Sheet, bool) { return r.lib.Get(id) }

// New starts an empty sheet. On a team sheet the seats take the teams in
// turn (seat 0 the first team, seat 1 the second, …), as a group sits
// around the table alternating sides.
func (r Rules) New(setup engine.Checked) (engine.State, error) {
	sh, ok := r.lib.Get(setup.Option(OptionSheet))
	if !ok {
		return nil, fmt.Errorf("sheet: no score sheet %q", setup.Option(OptionSheet))
	}
	st, err := newState(sh, setup.Seats(), setup.Option(OptionTitle))
	if err != nil {
		return nil, err
	}
	st.carry = !r.lib.Shipped(sh.ID)
	return st, nil
}

// DecodeMove reads a Move from its JSON form, refusing anything else.
func (Rules) DecodeMove(data []byte) (engine.Move, error) {
	m, err := decodeMove(data)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Bot offers the level "default": a bot that writes sensible values.
func (r Rules) Bot(level engine.Level, seed uint64) (engine.Bot, bool) {
	if level != engine.LevelDefault {
		return nil, false
	}
	return newBot(r.lib, seed), true
}

// TouchWrites says that a guest without a phone may write their lines on
// the table's touch screen: what a private line hides, the guest types
// there themselves, and the table shows it as written until the reveal.
func (Rules) TouchWrites() bool { return true }

// broken turns a scoresheet refusal into the engine's rule error.
func broken(err error) error {
	var r *scoresheet.Refusal
	if errors.As(err, &r) {
		if rule, ok := ruleOf[r.Rule]; ok {
			return engine.BrokenWith(rule, r.Args, "%v", err)
		}
	}
	return err
}

func teamsFor(sh *scoresheet.Sheet, seats int) []int { return sh.SeatTeams(seats) }

// OptionsFor is the setup of a play of title: its ready sheet (by the
// sheet's id or the title's name), the generic sheet otherwise, and the
// title itself, cut to MaxTitle bytes.
func (r Rules) OptionsFor(title string) map[string]string {
	t := strings.TrimSpace(title)
	for len(t) > MaxTitle || !utf8.ValidString(t) {
		t = strings.ToValidUTF8(t[:min(len(t), MaxTitle)], "")
	}
	return map[string]string{OptionSheet: r.lib.ForTitle(t).ID, OptionTitle: t}
}
