package scoresheet

import (
	"errors"
	"reflect"
	"testing"
)

var lbl = Label{FR: "x", DE: "x", EN: "x"}

func cat(id string, opts ...func(*Category)) Category {
	c := Category{ID: id, Label: lbl}
	for _, o := range opts {
		o(&c)
	}
	return c
}

func negative(c *Category) { c.Negative = true }
func tieOnly(c *Category)  { c.TieOnly = true }
func perRound(c *Category) { c.PerRound = true }
func times(n int) func(*Category) {
	return func(c *Category) { c.Multiplier = n }
}

func sheet(win Win, rounds int, tb []TieBreak, cats ...Category) *Sheet {
	s := &Sheet{ID: "test", Name: lbl, Win: win, Rounds: rounds, TieBreak: tb, Categories: cats}
	if err := s.Check(); err != nil {
		panic(err)
	}
	return s
}

// fill enters each seat's values in the sheet's categories, once categories.
func fill(t *testing.T, c *Card, rows ...[]int) {
	t.Helper()
	for seat, row := range rows {
		for i, v := range row {
			if err := c.Enter(Entry{Seat: seat, Category: c.Sheet().Categories[i].ID, Value: v}); err != nil {
				t.Fatalf("seat %d, %s = %d: %v", seat, c.Sheet().Categories[i].ID, v, err)
			}
		}
	}
}

func won(b bool) *bool { return &b }

func TestStanding(t *testing.T) {
	most := []TieBreak{{Kind: Most, Category: "tb"}}
	fewest := []TieBreak{{Kind: Fewest, Category: "tb"}}
	mostShared := []TieBreak{{Kind: Most, Category: "tb"}, {Kind: Shared}}
	twoSteps := []TieBreak{{Kind: Most, Category: "tb"}, {Kind: Fewest, Category: "b"}}
	for _, tc := range []struct {
		name     string
		sheet    *Sheet
		rows     [][]int
		decision *Decision
		want     Standing
	}{
		{"highest", sheet(Highest, 1, nil, cat("a"), cat("b")), [][]int{{3, 4}, {10, 0}, {1, 1}},
			nil, Standing{Totals: []int{7, 10, 2}, Ranks: []int{2, 1, 3}, Winners: []int{1}}},
		{"lowest", sheet(Lowest, 1, nil, cat("a"), cat("b")), [][]int{{3, 4}, {10, 0}, {1, 1}},
			nil, Standing{Totals: []int{7, 10, 2}, Ranks: []int{2, 3, 1}, Winners: []int{2}}},
		{"negative and multiplier", sheet(Highest, 1, nil, cat("a", negative), cat("b", times(7))), [][]int{{-5, 1}, {3, 0}},
			nil, Standing{Totals: []int{2, 3}, Ranks: []int{2, 1}, Winners: []int{1}}},
		{"tie-only is not counted", sheet(Highest, 1, most, cat("a"), cat("tb", tieOnly)), [][]int{{5, 100}, {6, 0}},
			nil, Standing{Totals: []int{5, 6}, Ranks: []int{2, 1}, Winners: []int{1}}},
		{"most breaks the tie", sheet(Highest, 1, most, cat("a"), cat("tb", tieOnly)), [][]int{{5, 2}, {5, 3}, {1, 9}},
			nil, Standing{Totals: []int{5, 5, 1}, Ranks: []int{2, 1, 3}, Winners: []int{1}}},
		{"fewest breaks the tie", sheet(Highest, 1, fewest, cat("a"), cat("tb", tieOnly)), [][]int{{5, 2}, {5, 3}},
			nil, Standing{Totals: []int{5, 5}, Ranks: []int{1, 2}, Winners: []int{0}}},
		{"a counted category breaks the tie on what was entered", sheet(Highest, 1, []TieBreak{{Kind: Most, Category: "b"}}, cat("a"), cat("b", times(2))),
			[][]int{{4, 1}, {2, 2}}, nil, Standing{Totals: []int{6, 6}, Ranks: []int{2, 1}, Winners: []int{1}}},
		{"second tie-breaker", sheet(Highest, 1, twoSteps, cat("a"), cat("b"), cat("tb", tieOnly)), [][]int{{5, 1, 2}, {4, 2, 2}},
			nil, Standing{Totals: []int{6, 6}, Ranks: []int{1, 2}, Winners: []int{0}}},
		{"shared after the tie-breaker", sheet(Highest, 1, mostShared, cat("a"), cat("tb", tieOnly)), [][]int{{5, 2}, {5, 2}, {4, 0}},
			nil, Standing{Totals: []int{5, 5, 4}, Ranks: []int{1, 1, 3}, Winners: []int{0, 1}}},
		{"a tie with no tie-breaker cannot be decided", sheet(Highest, 1, nil, cat("a")), [][]int{{5}, {5}, {4}},
			nil, Standing{Totals: []int{5, 5, 4}, Ranks: []int{1, 1, 3}, Undecided: UndecidedTie, Tied: []int{0, 1}}},
		{"a tie the tie-breaker leaves cannot be decided", sheet(Highest, 1, most, cat("a"), cat("tb", tieOnly)), [][]int{{5, 1}, {5, 1}},
			nil, Standing{Totals: []int{5, 5}, Ranks: []int{1, 1}, Undecided: UndecidedTie, Tied: []int{0, 1}}},
		{"the group settles a tie", sheet(Highest, 1, nil, cat("a")), [][]int{{5}, {5}, {4}},
			&Decision{Winners: []int{1}}, Standing{Totals: []int{5, 5, 4}, Ranks: []int{2, 1, 3}, Winners: []int{1}}},
		{"a tie below first place is shared", sheet(Highest, 1, nil, cat("a")), [][]int{{9}, {5}, {5}},
			nil, Standing{Totals: []int{9, 5, 5}, Ranks: []int{1, 2, 2}, Winners: []int{0}}},
		{"all empty cannot be decided", sheet(Highest, 1, mostShared, cat("a"), cat("tb", tieOnly)), [][]int{{}, {}},
			nil, Standing{Totals: []int{0, 0}, Ranks: []int{0, 0}, Undecided: UndecidedEmpty, Tied: []int{0, 1}}},
		{"all empty, the group names the winner", sheet(Lowest, 1, nil, cat("a")), [][]int{{}, {}, {}},
			&Decision{Winners: []int{2}}, Standing{Totals: []int{0, 0, 0}, Ranks: []int{2, 2, 1}, Winners: []int{2}}},
		{"coop undecided", sheet(Coop, 1, nil, cat("a")), [][]int{{3}, {4}},
			nil, Standing{Totals: []int{3, 4}, Ranks: []int{1, 1}, Undecided: UndecidedOutcome}},
		{"coop won", sheet(Coop, 1, nil, cat("a")), [][]int{{3}, {4}},
			&Decision{Won: won(true)}, Standing{Totals: []int{3, 4}, Ranks: []int{1, 1}, Winners: []int{0, 1}}},
		{"coop lost", sheet(Coop, 1, nil), [][]int{{}, {}},
			&Decision{Won: won(false)}, Standing{Totals: []int{0, 0}, Ranks: []int{1, 1}, Lost: true}},
		{"ranks only", sheet(Ranks, 1, nil), [][]int{{}, {}, {}},
			&Decision{Ranks: []int{2, 1, 2}}, Standing{Totals: []int{0, 0, 0}, Ranks: []int{2, 1, 2}, Winners: []int{1}}},
		{"ranks undecided", sheet(Ranks, 1, nil), [][]int{{}, {}},
			nil, Standing{Totals: []int{0, 0}, Ranks: []int{0, 0}, Undecided: UndecidedOutcome}},
		{"named winners", sheet(Named, 1, nil), [][]int{{}, {}, {}},
			&Decision{Winners: []int{2}}, Standing{Totals: []int{0, 0, 0}, Ranks: []int{2, 2, 1}, Winners: []int{2}}},
		{"named undecided", sheet(Named, 1, nil), [][]int{{}, {}},
			nil, Standing{Totals: []int{0, 0}, Ranks: []int{0, 0}, Undecided: UndecidedOutcome}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := NewCard(tc.sheet, len(tc.rows), nil)
			if err != nil {
				t.Fatal(err)
			}
			fill(t, c, tc.rows...)
			if tc.decision != nil {
				if err := c.Decide(*tc.decision); err != nil {
					t.Fatalf("decide %+v: %v", *tc.decision, err)
				}
			}
			if got := c.Standing(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("standing\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestTeams(t *testing.T) {
	s := sheet(Highest, 1, []TieBreak{{Kind: Most, Category: "tb"}}, cat("a"), cat("tb", tieOnly))
	s.Teams = []Team{{ID: "red", Label: lbl}, {ID: "blue", Label: lbl}}
	for _, tc := range []struct {
		name  string
		teams []int
		rows  [][]int
		want  Standing
	}{
		{"sums of members", []int{0, 1, 0, 1}, [][]int{{3, 0}, {4, 0}, {5, 0}, {2, 0}},
			Standing{Totals: []int{8, 6}, Ranks: []int{1, 2}, Winners: []int{0}}},
		{"uneven teams", []int{1, 1, 0}, [][]int{{3, 0}, {4, 0}, {6, 0}},
			Standing{Totals: []int{6, 7}, Ranks: []int{2, 1}, Winners: []int{1}}},
		{"tie broken on the members' sum", []int{0, 1, 0, 1}, [][]int{{3, 1}, {4, 1}, {3, 1}, {2, 2}},
			Standing{Totals: []int{6, 6}, Ranks: []int{2, 1}, Winners: []int{1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := NewCard(s, len(tc.rows), tc.teams)
			if err != nil {
				t.Fatal(err)
			}
			fill(t, c, tc.rows...)
			if got := c.Standing(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("standing\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
	if _, err := NewCard(s, 3, []int{0, 1}); err == nil {
		t.Error("a card took two teams for three seats")
	}
	if _, err := NewCard(s, 2, []int{0, 2}); err == nil {
		t.Error("a card took a third team on a two-team sheet")
	}
}

func TestRounds(t *testing.T) {
	fixed := sheet(Highest, 3, nil, cat("p", perRound, negative), cat("bonus"))
	c, _ := NewCard(fixed, 2, nil)
	for r := 1; r <= 3; r++ {
		for seat := range 2 {
			if err := c.Enter(Entry{Seat: seat, Category: "p", Round: r, Value: r * (seat + 1)}); err != nil {
				t.Fatal(err)
			}
		}
		if !c.RoundComplete(r) {
			t.Errorf("round %d not complete after every seat entered", r)
		}
	}
	if c.RoundComplete(4) {
		t.Error("round 4 of 3 is complete")
	}
	_ = c.Enter(Entry{Seat: 0, Category: "bonus", Value: 1})
	if got, want := c.Missing(), []Missing{{Seat: 1, Category: "bonus"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("missing %+v, want %+v", got, want)
	}
	if c.Total(0) != 7 || c.Total(1) != 12 {
		t.Errorf("totals %d, %d; want 7, 12", c.Total(0), c.Total(1))
	}
	// A correction replaces the value.
	_ = c.Enter(Entry{Seat: 1, Category: "p", Round: 2, Value: -4})
	if c.Total(1) != 4 {
		t.Errorf("after a correction the total is %d, want 4", c.Total(1))
	}
	if err := c.NextRound(); err == nil {
		t.Error("a fixed sheet opened a fourth round")
	}

	open := sheet(Highest, 0, nil, cat("p", perRound))
	o, _ := NewCard(open, 2, nil)
	if err := o.Enter(Entry{Seat: 0, Category: "p", Round: 2, Value: 1}); refusal(err) != RuleRound {
		t.Errorf("round 2 before it is opened: %v", err)
	}
	if err := o.NextRound(); err != nil || o.Rounds() != 2 {
		t.Fatalf("next round: %v, rounds %d", err, o.Rounds())
	}
	if err := o.Enter(Entry{Seat: 0, Category: "p", Round: 2, Value: 1}); err != nil {
		t.Error(err)
	}
	want := []Missing{{Seat: 0, Category: "p", Round: 1}, {Seat: 1, Category: "p", Round: 1}, {Seat: 1, Category: "p", Round: 2}}
	if got := o.Missing(); !reflect.DeepEqual(got, want) {
		t.Errorf("missing %+v, want %+v", got, want)
	}
	for o.Rounds() < MaxRounds {
		if err := o.NextRound(); err != nil {
			t.Fatal(err)
		}
	}
	if err := o.NextRound(); refusal(err) != RuleRound {
		t.Errorf("round %d: %v", MaxRounds+1, err)
	}
}

func refusal(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Rule
	}
	return ""
}

func TestEnterRefuses(t *testing.T) {
	s := sheet(Highest, 2, nil, cat("a"), cat("neg", negative), cat("p", perRound))
	for _, tc := range []struct {
		entry Entry
		rule  string
	}{
		{Entry{Seat: 2, Category: "a"}, RuleSeat},
		{Entry{Seat: -1, Category: "a"}, RuleSeat},
		{Entry{Seat: 0, Category: "nope"}, RuleCategory},
		{Entry{Seat: 0, Category: "a", Round: 1}, RuleRound},
		{Entry{Seat: 0, Category: "p", Round: 0}, RuleRound},
		{Entry{Seat: 0, Category: "p", Round: 3}, RuleRound},
		{Entry{Seat: 0, Category: "a", Value: -1}, RuleNegative},
		{Entry{Seat: 0, Category: "a", Value: 1_000_000_000_000}, RuleLimit},
		{Entry{Seat: 0, Category: "neg", Value: -1_000_000_000_000}, RuleLimit},
		{Entry{Seat: 0, Category: "a", Value: DefaultLimit + 1}, RuleLimit},
	} {
		c, _ := NewCard(s, 2, nil)
		if err := c.Enter(tc.entry); refusal(err) != tc.rule {
			t.Errorf("enter %+v: %v, want rule %s", tc.entry, err, tc.rule)
		}
		if !c.Empty() {
			t.Errorf("a refused entry %+v was written", tc.entry)
		}
	}
	var r *Refusal
	c, _ := NewCard(s, 2, nil)
	if err := c.Enter(Entry{Category: "a", Value: 1_000_000_000_000}); !errors.As(err, &r) || r.Args["Limit"] != DefaultLimit {
		t.Errorf("10^12: %v, want the limit %d named", err, DefaultLimit)
	}
}

func TestDecideRefuses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sheet *Sheet
		rows  [][]int
		d     Decision
	}{
		{"outcome on a points sheet", sheet(Highest, 1, nil, cat("a")), [][]int{{1}, {2}}, Decision{Won: won(true)}},
		{"winners without a tie", sheet(Highest, 1, nil, cat("a")), [][]int{{1}, {2}}, Decision{Winners: []int{0}}},
		{"a winner not among the tied", sheet(Highest, 1, nil, cat("a")), [][]int{{2}, {2}, {1}}, Decision{Winners: []int{2}}},
		{"a winner twice", sheet(Highest, 1, nil, cat("a")), [][]int{{2}, {2}}, Decision{Winners: []int{0, 0}}},
		{"ranks on a named sheet", sheet(Named, 1, nil), [][]int{{}, {}}, Decision{Ranks: []int{1, 2}}},
		{"ranks short", sheet(Ranks, 1, nil), [][]int{{}, {}, {}}, Decision{Ranks: []int{1, 2}}},
		{"rank out of range", sheet(Ranks, 1, nil), [][]int{{}, {}}, Decision{Ranks: []int{1, 3}}},
		{"a named winner out of range", sheet(Named, 1, nil), [][]int{{}, {}}, Decision{Winners: []int{2}}},
		{"nothing decided", sheet(Coop, 1, nil), [][]int{{}, {}}, Decision{}},
		{"winners on a coop sheet", sheet(Coop, 1, nil), [][]int{{}, {}}, Decision{Winners: []int{0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := NewCard(tc.sheet, len(tc.rows), nil)
			fill(t, c, tc.rows...)
			if err := c.Decide(tc.d); refusal(err) != RuleDecision {
				t.Errorf("decide %+v: %v, want rule %s", tc.d, err, RuleDecision)
			}
		})
	}
}

func TestCheckRefusesSheets(t *testing.T) {
	ok := func() *Sheet { return sheet(Highest, 1, nil, cat("a")) }
	for _, tc := range []struct {
		name  string
		spoil func(*Sheet)
		rule  string
		args  map[string]any
	}{
		{"bad id", func(s *Sheet) { s.ID = "Seven Wonders" }, InvalidID, nil},
		{"no label", func(s *Sheet) { s.Categories[0].Label.DE = "" }, InvalidLabel, map[string]any{"Item": "a", "Lang": "de", "Max": MaxLabel}},
		{"a label too long", func(s *Sheet) { s.Name.FR = string(make([]rune, MaxLabel+1)) }, InvalidLabel, map[string]any{"Item": "name", "Lang": "fr", "Max": MaxLabel}},
		{"unknown win", func(s *Sheet) { s.Win = "most-fun" }, InvalidWin, map[string]any{"Win": "most-fun"}},
		{"too many rounds", func(s *Sheet) { s.Rounds = MaxRounds + 1 }, InvalidRounds, map[string]any{"Max": MaxRounds, "Value": MaxRounds + 1}},
		{"limit too high", func(s *Sheet) { s.Limit = MaxLimit + 1 }, InvalidLimit, map[string]any{"Max": MaxLimit, "Value": MaxLimit + 1}},
		{"a limit of 10^12", func(s *Sheet) { s.Limit = 1_000_000_000_000 }, InvalidLimit, map[string]any{"Max": MaxLimit, "Value": 1_000_000_000_000}},
		{"too many categories", func(s *Sheet) {
			for i := range MaxCategories {
				s.Categories = append(s.Categories, cat(string(rune('b'+i%20))+string(rune('a'+i/20))))
			}
		}, InvalidCategories, map[string]any{"Max": MaxCategories, "Value": MaxCategories + 1}},
		{"twice the id", func(s *Sheet) { s.Categories = append(s.Categories, cat("a")) }, InvalidCategoryTwice, map[string]any{"Item": "a"}},
		{"a category id", func(s *Sheet) { s.Categories[0].ID = "A b" }, InvalidCategoryID, map[string]any{"Item": "A b"}},
		{"no category on a points sheet", func(s *Sheet) { s.Categories = nil }, InvalidNoCategory, nil},
		{"only tie-only", func(s *Sheet) { s.Categories[0].TieOnly = true }, InvalidTieOnly, nil},
		{"tie-breaker names nothing", func(s *Sheet) { s.TieBreak = []TieBreak{{Kind: Most, Category: "b"}} }, InvalidTieCategory, map[string]any{"N": 1}},
		{"shared names a line", func(s *Sheet) { s.TieBreak = []TieBreak{{Kind: Shared, Category: "a"}} }, InvalidTieShared, map[string]any{"N": 1}},
		{"shared before another", func(s *Sheet) { s.TieBreak = []TieBreak{{Kind: Shared}, {Kind: Most, Category: "a"}} }, InvalidTieLast, map[string]any{"N": 1}},
		{"unknown tie-breaker", func(s *Sheet) { s.TieBreak = []TieBreak{{Kind: "oldest"}} }, InvalidTieKind, map[string]any{"N": 1}},
		{"one team", func(s *Sheet) { s.Teams = []Team{{ID: "red", Label: lbl}} }, InvalidOneTeam, nil},
		{"a team twice", func(s *Sheet) { s.Teams = []Team{{ID: "red", Label: lbl}, {ID: "red", Label: lbl}} }, InvalidTeamID, map[string]any{"Item": "red"}},
		{"negative multiplier", func(s *Sheet) { s.Categories[0].Multiplier = -2 }, InvalidMultiplier, map[string]any{"Item": "a", "Max": MaxMultiplier, "Value": -2}},
		{"a multiplier of 10^12", func(s *Sheet) { s.Categories[0].Multiplier = 1_000_000_000_000 }, InvalidMultiplier,
			map[string]any{"Item": "a", "Max": MaxMultiplier, "Value": 1_000_000_000_000}},
	} {
		s := ok()
		tc.spoil(s)
		var inv *Invalid
		if err := s.Check(); !errors.As(err, &inv) || inv.Rule != tc.rule || !reflect.DeepEqual(inv.Args, tc.args) && tc.args != nil {
			t.Errorf("%s: %v (%+v), want rule %s with %v", tc.name, err, inv, tc.rule, tc.args)
		}
	}
	if s := ok(); s.Categories[0].Label.EN != "x" {
		t.Fatal("the fixture changed")
	}
	long := ok()
	long.Categories[0].Label.FR = string([]rune("ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé")[:MaxLabel])
	if err := long.Check(); err != nil {
		t.Errorf("a label of %d accented letters (more bytes) is refused: %v", MaxLabel, err)
	}
	if _, err := Parse([]byte(`{"id":"a","name":{"fr":"a","de":"a","en":"a"},"win":"highest","rounds":1,"categories":[{"id":"p","label":{"fr":"a","de":"a","en":"a"}}],"colour":"red"}`)); err == nil {
		t.Error("Parse took an unknown field")
	}
	if _, err := Parse([]byte(`{"id":"a","name":{"fr":"a","de":"a","en":"a"},"win":"highest","rounds":1,"categories":[{"id":"p","label":{"fr":"a","de":"a","en":"a"}}]} {}`)); err == nil {
		t.Error("Parse took data after the sheet")
	}
}

func TestANewValueForgetsTheGroupsTieChoice(t *testing.T) {
	c, _ := NewCard(sheet(Highest, 0, nil, cat("p", perRound)), 2, nil)
	for seat := range 2 {
		if err := c.Enter(Entry{Seat: seat, Category: "p", Round: 1, Value: 5}); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Decide(Decision{Winners: []int{0}}); err != nil {
		t.Fatal(err)
	}
	clone := c.Clone()
	if err := c.Enter(Entry{Seat: 1, Category: "p", Round: 1, Value: 6}); err != nil {
		t.Fatal(err)
	}
	if got := c.Standing(); !reflect.DeepEqual(got.Winners, []int{1}) || c.Decision().Winners != nil {
		t.Errorf("after a correction: %+v, decision %+v", got, c.Decision())
	}
	if got := clone.Standing(); !reflect.DeepEqual(got.Winners, []int{0}) {
		t.Errorf("the clone changed with the card: %+v", got)
	}
	if got, want := c.Entries(), []Entry{{Seat: 0, Category: "p", Round: 1, Value: 5}, {Seat: 1, Category: "p", Round: 1, Value: 6}}; !reflect.DeepEqual(got, want) {
		t.Errorf("entries %+v, want %+v", got, want)
	}
}
