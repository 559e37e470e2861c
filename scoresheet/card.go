package scoresheet

import (
	"sort"
)

// Entry is one value a seat wrote on the sheet. A correction is a new
// entry for the same seat, category and round: the last one counts.
type Entry struct {
	Seat     int    `json:"seat"`
	Category string `json:"category"`
	// Round is 1-based for a per-round category, 0 for a once category.
	Round int `json:"round,omitempty"`
	Value int `json:"value"`
}

// Decision is what the group decides where the sheet's points do not: a
// cooperative play's outcome, the places of a ranks-only sheet, the
// winners of a named-winner sheet or of a tie the sheet cannot break.
// Seats, or teams on a team sheet, are numbered from 0.
type Decision struct {
	Won     *bool `json:"won,omitempty"`
	Ranks   []int `json:"ranks,omitempty"`
	Winners []int `json:"winners,omitempty"`
}

// Card is one play's sheet being filled in.
type Card struct {
	sheet *Sheet
	seats int
	teams []int // team of each seat, nil without teams
	// rounds is how many rounds are open for entries: the sheet's
	// fixed count, or on an open sheet the rounds begun so far.
	rounds   int
	values   map[cell]int
	decision Decision
}

type cell struct {
	seat     int
	category string
	round    int
}

// NewCard starts an empty card of sheet for seats players; teams gives
// each seat's team on a team sheet (nil otherwise).
func NewCard(sheet *Sheet, seats int, teams []int) (*Card, error) {
	if seats < 1 || seats > 100 {
		return nil, refuse(RuleSeat, map[string]any{"Seat": seats})
	}
	if len(sheet.Teams) > 0 {
		if len(teams) != seats {
			return nil, refuse(RuleDecision, map[string]any{"Teams": len(teams)})
		}
		for _, t := range teams {
			if t < 0 || t >= len(sheet.Teams) {
				return nil, refuse(RuleDecision, map[string]any{"Team": t})
			}
		}
		teams = append([]int(nil), teams...)
	} else {
		teams = nil
	}
	rounds := sheet.Rounds
	if rounds == 0 {
		rounds = 1
	}
	return &Card{sheet: sheet, seats: seats, teams: teams, rounds: rounds, values: map[cell]int{}}, nil
}

// Sheet is the card's sheet.
func (c *Card) Sheet() *Sheet { return c.sheet }

// Seats is the number of players.
func (c *Card) Seats() int { return c.seats }

// Rounds is how many rounds are open for entries.
func (c *Card) Rounds() int { return c.rounds }

// Sides is how many sides are ranked: the teams, or the seats.
func (c *Card) Sides() int {
	if c.teams != nil {
		return len(c.sheet.Teams)
	}
	return c.seats
}

// SideOf is the side (team, or the seat itself) seat plays for.
func (c *Card) SideOf(seat int) int {
	if c.teams != nil {
		return c.teams[seat]
	}
	return seat
}

// Check says whether e could be entered, without entering it.
func (c *Card) Check(e Entry) error {
	if e.Seat < 0 || e.Seat >= c.seats {
		return refuse(RuleSeat, map[string]any{"Seat": e.Seat})
	}
	cat, ok := c.sheet.Category(e.Category)
	if !ok {
		return refuse(RuleCategory, map[string]any{"Category": e.Category})
	}
	if cat.PerRound {
		if e.Round < 1 || e.Round > c.rounds {
			return refuse(RuleRound, map[string]any{"Round": e.Round, "Rounds": c.rounds})
		}
	} else if e.Round != 0 {
		return refuse(RuleRound, map[string]any{"Round": e.Round, "Rounds": 0})
	}
	if limit := c.sheet.EntryLimit(); e.Value > limit || e.Value < -limit {
		return refuse(RuleLimit, map[string]any{"Limit": limit})
	}
	if e.Value < 0 && !cat.Negative {
		return refuse(RuleNegative, map[string]any{"Category": e.Category})
	}
	return nil
}

// Enter writes e on the card, replacing an earlier value of the same
// seat, category and round.
func (c *Card) Enter(e Entry) error {
	if err := c.Check(e); err != nil {
		return err
	}
	c.values[cell{e.Seat, e.Category, e.Round}] = e.Value
	c.forgetTie()
	return nil
}

// forgetTie drops the group's choice among tied sides: a new value or a
// new round may change who is tied, so the group chooses again.
func (c *Card) forgetTie() {
	if c.sheet.Scored() {
		c.decision.Winners = nil
	}
}

// Clone returns an independent copy of c (the sheet is shared: sheets
// are never changed once checked).
func (c *Card) Clone() *Card {
	d := *c
	d.teams = append([]int(nil), c.teams...)
	if c.teams == nil {
		d.teams = nil
	}
	d.values = make(map[cell]int, len(c.values))
	for k, v := range c.values {
		d.values[k] = v
	}
	d.decision = c.decision
	if c.decision.Won != nil {
		w := *c.decision.Won
		d.decision.Won = &w
	}
	d.decision.Ranks = append([]int(nil), c.decision.Ranks...)
	d.decision.Winners = append([]int(nil), c.decision.Winners...)
	if c.decision.Ranks == nil {
		d.decision.Ranks = nil
	}
	if c.decision.Winners == nil {
		d.decision.Winners = nil
	}
	return &d
}

// Entries lists the values on the card in a fixed order: by seat, then
// the sheet's category order, then round.
func (c *Card) Entries() []Entry {
	var out []Entry
	for seat := range c.seats {
		for _, cat := range c.sheet.Categories {
			for _, r := range c.roundsOf(cat) {
				if v, ok := c.values[cell{seat, cat.ID, r}]; ok {
					out = append(out, Entry{Seat: seat, Category: cat.ID, Round: r, Value: v})
				}
			}
		}
	}
	return out
}

// Teams is each seat's team, nil on a sheet without teams.
func (c *Card) Teams() []int { return append([]int(nil), c.teams...) }

// Value is seat's value in category and round, and whether one was entered.
func (c *Card) Value(seat int, category string, round int) (int, bool) {
	v, ok := c.values[cell{seat, category, round}]
	return v, ok
}

// NextRound opens one more round on an open sheet, refused on a fixed
// one and beyond MaxRounds.
func (c *Card) NextRound() error {
	if c.sheet.Rounds != 0 || c.rounds >= MaxRounds {
		return refuse(RuleRound, map[string]any{"Round": c.rounds + 1, "Rounds": c.rounds})
	}
	c.rounds++
	c.forgetTie()
	return nil
}

// Missing is an entry a finished sheet lacks: "Anja has no score for
// Eggs" (Round 0 for a once category).
type Missing struct {
	Seat     int    `json:"seat"`
	Category string `json:"category"`
	Round    int    `json:"round,omitempty"`
}

// Missing lists the entries not made yet, seat by seat in the sheet's
// order, optional categories left out.
func (c *Card) Missing() []Missing {
	var out []Missing
	for seat := range c.seats {
		for _, cat := range c.sheet.Categories {
			if cat.Optional {
				continue
			}
			for _, r := range c.roundsOf(cat) {
				if _, ok := c.values[cell{seat, cat.ID, r}]; !ok {
					out = append(out, Missing{Seat: seat, Category: cat.ID, Round: r})
				}
			}
		}
	}
	return out
}

// RoundComplete reports whether every seat entered every per-round
// category of round r.
func (c *Card) RoundComplete(r int) bool {
	for seat := range c.seats {
		for _, cat := range c.sheet.Categories {
			if cat.PerRound && !cat.Optional {
				if _, ok := c.values[cell{seat, cat.ID, r}]; !ok {
					return false
				}
			}
		}
	}
	return true
}

func (c *Card) roundsOf(cat Category) []int {
	if !cat.PerRound {
		return []int{0}
	}
	out := make([]int, c.rounds)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// Entered is the sum of what seat entered in category, over its rounds
// (what tie-breakers compare), and whether anything was entered.
func (c *Card) Entered(seat int, category string) (int, bool) {
	cat, ok := c.sheet.Category(category)
	if !ok {
		return 0, false
	}
	sum, any := 0, false
	for _, r := range c.roundsOf(cat) {
		if v, ok := c.values[cell{seat, category, r}]; ok {
			sum, any = sum+v, true
		}
	}
	return sum, any
}

// Total is seat's points: every counted category, multiplied.
func (c *Card) Total(seat int) int {
	t := 0
	for _, cat := range c.sheet.Categories {
		if v, ok := c.Entered(seat, cat.ID); ok {
			t += cat.Points(v)
		}
	}
	return t
}

// Empty reports whether nothing at all was entered.
func (c *Card) Empty() bool { return len(c.values) == 0 }

// Decide records the group's decision, checked against the sheet's rule
// and the play: a cooperative outcome only on a coop sheet, places for
// every side on a ranks sheet, winners among the sides on a named-winner
// sheet or among those the sheet's own rule leaves tied.
func (c *Card) Decide(d Decision) error {
	bad := func(why string) error { return refuse(RuleDecision, map[string]any{"Why": why}) }
	sides := c.Sides()
	switch {
	case d.Won != nil:
		if c.sheet.Win != Coop || d.Ranks != nil || d.Winners != nil {
			return bad("outcome")
		}
	case d.Ranks != nil:
		if c.sheet.Win != Ranks || len(d.Ranks) != sides || d.Winners != nil {
			return bad("ranks")
		}
		for _, r := range d.Ranks {
			if r < 1 || r > sides {
				return bad("ranks")
			}
		}
	case d.Winners != nil:
		if len(d.Winners) == 0 || len(d.Winners) > sides {
			return bad("winners")
		}
		allowed := map[int]bool{}
		switch c.sheet.Win {
		case Named:
			for s := range sides {
				allowed[s] = true
			}
		case Highest, Lowest:
			st := c.standing(Decision{})
			if st.Undecided != UndecidedTie && st.Undecided != UndecidedEmpty {
				return bad("no-tie")
			}
			for _, s := range st.Tied {
				allowed[s] = true
			}
		default:
			return bad("winners")
		}
		seen := map[int]bool{}
		for _, w := range d.Winners {
			if !allowed[w] || seen[w] {
				return bad("winners")
			}
			seen[w] = true
		}
	default:
		return bad("empty")
	}
	c.decision = Decision{Won: d.Won, Ranks: append([]int(nil), d.Ranks...), Winners: append([]int(nil), d.Winners...)}
	if d.Ranks == nil {
		c.decision.Ranks = nil
	}
	if d.Winners == nil {
		c.decision.Winners = nil
	}
	return nil
}

// Decision is the group's decision so far (zero if none).
func (c *Card) Decision() Decision { return c.decision }

// Undecided says why a sheet names no winner yet.
type Undecided string

// Why a standing is not decided; the group settles it (Decide).
const (
	// UndecidedEmpty: nothing was entered (every line optional); the
	// sheet cannot rank anyone, so every side is Tied: the group names
	// the winners, or stops the play.
	UndecidedEmpty Undecided = "empty"
	// UndecidedTie: the first place is tied and no tie-breaker of the
	// sheet breaks it (Standing.Tied names the sides).
	UndecidedTie Undecided = "tie"
	// UndecidedOutcome: a coop play's outcome, a ranks sheet's places
	// or a named sheet's winners are not entered yet.
	UndecidedOutcome Undecided = "outcome"
)

// Standing is the sheet's verdict on a card: per side (team, or seat on a
// sheet without teams) the total, the rank (1 first, ties sharing) and the
// winners; Undecided, and Tied, when it cannot say who won.
type Standing struct {
	Totals    []int     `json:"totals"`
	Ranks     []int     `json:"ranks"`
	Winners   []int     `json:"winners"`
	Undecided Undecided `json:"undecided,omitempty"`
	Tied      []int     `json:"tied,omitempty"`
	// Lost: a cooperative play the group lost (no winners, decided).
	Lost bool `json:"lost,omitempty"`
}

// Decided reports whether the standing names its winners (or a coop loss).
func (s Standing) Decided() bool { return s.Undecided == "" }

// Standing computes totals, ranks and winners by the sheet's rule, the
// group's decision applied where the rule needs one.
func (c *Card) Standing() Standing { return c.standing(c.decision) }

// named ranks the sides as the group named the winners: the winners
// first, together, every other side after them.
func named(st Standing, winners []int) Standing {
	won := map[int]bool{}
	for _, w := range winners {
		won[w] = true
	}
	for i := range st.Ranks {
		if won[i] {
			st.Ranks[i] = 1
			st.Winners = append(st.Winners, i)
		} else {
			st.Ranks[i] = len(winners) + 1
		}
	}
	return st
}

func (c *Card) standing(d Decision) Standing {
	sides := c.Sides()
	st := Standing{Totals: make([]int, sides), Ranks: make([]int, sides)}
	for seat := range c.seats {
		st.Totals[c.SideOf(seat)] += c.Total(seat)
	}
	switch c.sheet.Win {
	case Coop:
		for i := range st.Ranks {
			st.Ranks[i] = 1
		}
		switch {
		case d.Won == nil:
			st.Undecided = UndecidedOutcome
		case *d.Won:
			for i := range sides {
				st.Winners = append(st.Winners, i)
			}
		default:
			st.Lost = true
		}
		return st
	case Ranks:
		if d.Ranks == nil {
			st.Undecided = UndecidedOutcome
			return st
		}
		copy(st.Ranks, d.Ranks)
		for i, r := range st.Ranks {
			if r == 1 {
				st.Winners = append(st.Winners, i)
			}
		}
		return st
	case Named:
		if d.Winners == nil {
			st.Undecided = UndecidedOutcome
			return st
		}
		return named(st, d.Winners)
	}
	if c.Empty() {
		if d.Winners == nil {
			// Every side is tied at nothing: the group may name the
			// winners (it knows who won) or stop the play.
			st.Undecided = UndecidedEmpty
			for i := range sides {
				st.Tied = append(st.Tied, i)
			}
			return st
		}
		return named(st, d.Winners)
	}
	c.rank(&st, d)
	return st
}

// rank orders the sides of a points sheet: by total, then by the
// tie-breakers in order, a tie for first that none breaks left to the
// group (or to its decision).
func (c *Card) rank(st *Standing, d Decision) {
	sides := len(st.Totals)
	better := func(a, b int) int { // >0: a before b
		if st.Totals[a] != st.Totals[b] {
			if c.sheet.Win == Lowest {
				return st.Totals[b] - st.Totals[a]
			}
			return st.Totals[a] - st.Totals[b]
		}
		for _, tb := range c.sheet.TieBreak {
			if tb.Kind == Shared {
				return 0
			}
			va, vb := c.sideEntered(a, tb.Category), c.sideEntered(b, tb.Category)
			if va != vb {
				if tb.Kind == Fewest {
					return vb - va
				}
				return va - vb
			}
		}
		return 0
	}
	order := make([]int, sides)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return better(order[i], order[j]) > 0 })
	for pos, side := range order {
		if pos > 0 && better(order[pos-1], side) == 0 {
			st.Ranks[side] = st.Ranks[order[pos-1]]
		} else {
			st.Ranks[side] = pos + 1
		}
	}
	var first []int
	for side := range sides {
		if st.Ranks[side] == 1 {
			first = append(first, side)
		}
	}
	shared := len(c.sheet.TieBreak) > 0 && c.sheet.TieBreak[len(c.sheet.TieBreak)-1].Kind == Shared
	if len(first) == 1 || shared {
		st.Winners = first
		return
	}
	if d.Winners == nil {
		st.Undecided, st.Tied = UndecidedTie, first
		return
	}
	// The group broke the tie: its winners first, the rest of the tied second.
	won := map[int]bool{}
	for _, w := range d.Winners {
		won[w] = true
	}
	for _, side := range first {
		if won[side] {
			st.Winners = append(st.Winners, side)
		} else {
			st.Ranks[side] = len(d.Winners) + 1
		}
	}
}

// sideEntered is what a side entered in category, its members summed.
func (c *Card) sideEntered(side int, category string) int {
	sum := 0
	for seat := range c.seats {
		if c.SideOf(seat) == side {
			v, _ := c.Entered(seat, category)
			sum += v
		}
	}
	return sum
}
