package sheet

import (
	"sort"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/scoresheet"
)

// State is one play's sheet.
type State struct {
	sheet    *scoresheet.Sheet
	title    string // the title played, as the setup names it
	card     *scoresheet.Card
	revealed map[spot]bool // private lines shown to every seat
	// carry: the views carry the sheet itself (View.Def), which a
	// phone cannot know by its id (the staff's own).
	carry   bool
	plies   int
	over    bool
	stopped bool
}

type spot struct {
	category string
	round    int
}

func newState(sh *scoresheet.Sheet, seats int, title string) (*State, error) {
	card, err := scoresheet.NewCard(sh, seats, teamsFor(sh, seats))
	if err != nil {
		return nil, err
	}
	return &State{sheet: sh, title: title, card: card, revealed: map[spot]bool{}}, nil
}

// Card is the sheet as written so far (for the result screens); do not
// change it.
func (s *State) Card() *scoresheet.Card { return s.card }

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	c.card = s.card.Clone()
	c.revealed = make(map[spot]bool, len(s.revealed))
	for k, v := range s.revealed {
		c.revealed[k] = v
	}
	return &c
}

// Plies counts the moves applied.
func (s *State) Plies() int { return s.plies }

// Hash identifies the state: the sheet, every value, what is revealed,
// the decision and the end.
func (s *State) Hash() string {
	h := engine.NewHasher(ID).String(s.sheet.ID).Int(s.card.Seats()).Int(s.card.Rounds()).Int(s.plies).Bool(s.over).Bool(s.stopped)
	entries := s.card.Entries()
	h.Int(len(entries))
	for _, e := range entries {
		h.Int(e.Seat).String(e.Category).Int(e.Round).Int(e.Value)
	}
	shown := s.revealedList()
	h.Int(len(shown))
	for _, r := range shown {
		h.String(r.category).Int(r.round)
	}
	d := s.card.Decision()
	h.Bool(d.Won != nil)
	if d.Won != nil {
		h.Bool(*d.Won)
	}
	h.Ints(d.Ranks...).Ints(d.Winners...)
	return h.Sum()
}

func (s *State) revealedList() []spot {
	out := make([]spot, 0, len(s.revealed))
	for k := range s.revealed {
		out = append(out, k)
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].category != out[b].category {
			return out[a].category < out[b].category
		}
		return out[a].round < out[b].round
	})
	return out
}

// firstMissing is the first seat with a line to fill and that line.
func (s *State) firstMissing() (scoresheet.Missing, bool) {
	m := s.card.Missing()
	if len(m) == 0 {
		return scoresheet.Missing{}, false
	}
	return m[0], true
}

// revealable lists the private lines every seat wrote and nobody else
// has seen yet, in the sheet's order.
func (s *State) revealable() []spot {
	var out []spot
	for _, cat := range s.sheet.Categories {
		if !cat.Private {
			continue
		}
		rounds := []int{0}
		if cat.PerRound {
			rounds = rounds[:0]
			for r := 1; r <= s.card.Rounds(); r++ {
				rounds = append(rounds, r)
			}
		}
		for _, r := range rounds {
			if s.revealed[spot{cat.ID, r}] {
				continue
			}
			all := true
			for seat := range s.card.Seats() {
				if _, ok := s.card.Value(seat, cat.ID, r); !ok {
					all = false
					break
				}
			}
			if all {
				out = append(out, spot{cat.ID, r})
			}
		}
	}
	return out
}

// Turn is the first seat with a line to fill, else seat 0 (the table),
// for the reveals, the rounds, the decision and the end.
func (s *State) Turn() engine.Seat {
	if s.over {
		return engine.NoSeat
	}
	if len(s.revealable()) == 0 {
		if m, ok := s.firstMissing(); ok {
			return engine.Seat(m.Seat)
		}
	}
	return 0
}

// sample values the legal list offers for a line: a bot or a person may
// write any other within the sheet's limits.
var sample = []int{0, 1, 2, 3, 5, 10}

// Legal lists the moves of the seat to decide, kept short: a few values
// for its first empty line, the reveals, then the next round, the
// decisions the group may take, or the end. Any seat may also write its
// own lines, correct them, or stop the play, at any time.
func (s *State) Legal() []engine.Move { return engine.Moves(s.legal()) }

func (s *State) legal() []Move {
	if s.over {
		return nil
	}
	if rev := s.revealable(); len(rev) > 0 {
		out := make([]Move, len(rev))
		for i, r := range rev {
			out[i] = Move{Kind: KindReveal, Seat: 0, Category: r.category, Round: r.round}
		}
		return out
	}
	if m, ok := s.firstMissing(); ok {
		cat, _ := s.sheet.Category(m.Category)
		var out []Move
		for _, v := range sample {
			if v <= s.sheet.EntryLimit() {
				out = append(out, Enter(engine.Seat(m.Seat), cat.ID, m.Round, v))
			}
		}
		return out
	}
	var out []Move
	if s.sheet.Rounds == 0 && s.card.Rounds() < scoresheet.MaxRounds {
		out = append(out, Move{Kind: KindRound})
	}
	st := s.card.Standing()
	if st.Decided() {
		return append(out, Move{Kind: KindEnd})
	}
	return append(out, s.decisions(st)...)
}

// decisions are a few of the decisions the group may take now.
func (s *State) decisions(st scoresheet.Standing) []Move {
	yes, no := true, false
	sides := s.card.Sides()
	switch s.sheet.Win {
	case scoresheet.Coop:
		return []Move{{Kind: KindDecide, Won: &yes}, {Kind: KindDecide, Won: &no}}
	case scoresheet.Ranks:
		up, down := make([]int, sides), make([]int, sides)
		for i := range sides {
			up[i], down[i] = i+1, sides-i
		}
		if sides == 1 {
			return []Move{{Kind: KindDecide, Ranks: up}}
		}
		return []Move{{Kind: KindDecide, Ranks: up}, {Kind: KindDecide, Ranks: down}}
	case scoresheet.Named:
		out := make([]Move, sides)
		for i := range sides {
			out[i] = Move{Kind: KindDecide, Winners: []int{i}}
		}
		return out
	}
	out := make([]Move, 0, len(st.Tied)+2)
	for _, side := range st.Tied {
		out = append(out, Move{Kind: KindDecide, Winners: []int{side}})
	}
	out = append(out, Move{Kind: KindDecide, Winners: append([]int(nil), st.Tied...)})
	if st.Undecided == scoresheet.UndecidedEmpty {
		// Nothing written where nothing had to be (every line
		// optional): the group names who won, or stops the play.
		out = append(out, Move{Kind: KindStop})
	}
	return out
}

// Apply makes seat's move.
func (s *State) Apply(seat engine.Seat, m engine.Move) ([]engine.Event, error) {
	if err := s.Step(seat, m); err != nil {
		return nil, err
	}
	return nil, nil
}

// Step makes seat's move; Apply builds no events beyond it (the view
// says everything a seat may know).
func (s *State) Step(seat engine.Seat, em engine.Move) error {
	m, ok := em.(Move)
	if !ok {
		return engine.Broken(engine.RuleBadMove, "%T is not a score sheet move", em)
	}
	if s.over {
		return engine.Broken(engine.RuleGameOver, "the sheet is closed")
	}
	if !seat.Valid(s.card.Seats()) || m.Seat != seat {
		return engine.Broken(RuleOwnSeat, "%v cannot move as %v", seat, m.Seat)
	}
	switch m.Kind {
	case KindEnter:
		if err := s.card.Enter(scoresheet.Entry{Seat: int(seat), Category: m.Category, Round: m.Round, Value: m.Value}); err != nil {
			return broken(err)
		}
	case KindReveal:
		want := spot{m.Category, m.Round}
		found := false
		for _, r := range s.revealable() {
			found = found || r == want
		}
		if !found {
			return engine.Broken(RuleNotRevealable, "%s of round %d cannot be revealed", m.Category, m.Round)
		}
		s.revealed[want] = true
	case KindRound:
		if s.sheet.Rounds != 0 || !s.card.RoundComplete(s.card.Rounds()) {
			return engine.Broken(RuleRoundOpen, "the round is not complete, or the sheet has fixed rounds")
		}
		if err := s.card.NextRound(); err != nil {
			return broken(err)
		}
	case KindDecide:
		if s.card.Standing().Decided() && s.sheet.Scored() {
			return engine.Broken(RuleDecided, "the sheet already names its winners")
		}
		if err := s.card.Decide(scoresheet.Decision{Won: m.Won, Ranks: m.Ranks, Winners: m.Winners}); err != nil {
			return broken(err)
		}
	case KindEnd:
		if missing := s.card.Missing(); len(missing) > 0 {
			return engine.BrokenWith(RuleNotComplete, map[string]any{"Missing": len(missing)}, "%d lines are empty", len(missing))
		}
		if !s.card.Standing().Decided() {
			return engine.Broken(RuleUndecided, "the sheet cannot name the winner: the group decides")
		}
		s.over = true
		s.revealAll()
	case KindStop:
		s.over, s.stopped = true, true
		s.revealAll()
	default:
		return engine.Broken(engine.RuleBadMove, "no move %q", m.Kind)
	}
	s.plies++
	return nil
}

// revealAll shows every line at the end: the results show everything.
func (s *State) revealAll() {
	for _, cat := range s.sheet.Categories {
		if !cat.Private {
			continue
		}
		if !cat.PerRound {
			s.revealed[spot{cat.ID, 0}] = true
			continue
		}
		for r := 1; r <= s.card.Rounds(); r++ {
			s.revealed[spot{cat.ID, r}] = true
		}
	}
}

// Result is the sheet's verdict once closed: each seat's own total (on a
// cooperative sheet the group's, the sum of all), its side's rank, the seats of the winning sides. A play stopped early keeps
// the ranks it had and names no winner unless the sheet decided one.
func (s *State) Result() (engine.Result, bool) {
	if !s.over {
		return engine.Result{}, false
	}
	st := s.card.Standing()
	seats := s.card.Seats()
	res := engine.Result{Scores: make([]int, seats), Ranks: make([]int, seats), Reason: ReasonComplete}
	won := map[int]bool{}
	for _, w := range st.Winners {
		won[w] = true
	}
	for seat := range seats {
		side := s.card.SideOf(seat)
		res.Scores[seat] = s.card.Total(seat)
		res.Ranks[seat] = st.Ranks[side]
		if res.Ranks[seat] == 0 {
			res.Ranks[seat] = 1 // nothing ranked: everyone shares the place
		}
		if won[side] {
			res.Winners = append(res.Winners, engine.Seat(seat))
		}
	}
	switch {
	case s.stopped:
		res.Reason = ReasonStopped
		if !st.Decided() {
			res.Winners = nil
		}
	case s.sheet.Win == scoresheet.Coop && st.Lost:
		res.Reason = ReasonLost
	case s.sheet.Win == scoresheet.Coop:
		res.Reason = ReasonWon
	}
	if s.sheet.Win == scoresheet.Coop {
		// The group's score is everyone's: the sum of what they wrote.
		sum := 0
		for _, v := range res.Scores {
			sum += v
		}
		for i := range res.Scores {
			res.Scores[i] = sum
		}
	}
	return res, true
}

// Stopped reports whether the play was stopped early (incomplete).
func (s *State) Stopped() bool { return s.stopped }
