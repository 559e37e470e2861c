package sheet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/enginetest"
	"github.com/tablee/tablee/scoresheet"
)

func TestConformance(t *testing.T) {
	for _, id := range scoresheet.Ready().IDs() {
		t.Run(id, func(t *testing.T) {
			enginetest.Conformance(t, New(), enginetest.Config{Seats: []int{1, 2, 4}, Options: map[string]string{OptionSheet: id}, Games: 3, MaxPlies: 400})
		})
	}
}

func start(t testing.TB, id string, seats int) *State {
	t.Helper()
	s, err := engine.NewGame(New(), engine.Setup{Seats: seats, Options: map[string]string{OptionSheet: id}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

func play(t testing.TB, s *State, seat engine.Seat, m Move) {
	t.Helper()
	if _, err := s.Apply(seat, m); err != nil {
		t.Fatalf("%v plays %v: %v", seat, m, err)
	}
}

func refused(t *testing.T, s *State, seat engine.Seat, m Move, rule string) {
	t.Helper()
	before := s.Hash()
	_, err := s.Apply(seat, m)
	if got := engine.RuleOf(err); got != rule {
		t.Errorf("%v plays %v: %v, want rule %s", seat, m, err, rule)
	}
	if s.Hash() != before {
		t.Errorf("the refused %v changed the state", m)
	}
}

func TestEverySeatWritesItsOwnLinesAtAnyTime(t *testing.T) {
	s := start(t, "7wonders", 3)
	if s.Turn() != 0 {
		t.Fatalf("turn %v", s.Turn())
	}
	// Seat 2 writes before seats 0 and 1: not its turn, its own line.
	play(t, s, 2, Enter(2, "wonder", 0, 7))
	refused(t, s, 1, Enter(2, "wonder", 0, 9), RuleOwnSeat)
	refused(t, s, 1, Move{Kind: KindStop, Seat: 0}, RuleOwnSeat)
	refused(t, s, 2, Enter(2, "military", 0, 1_000_000), RuleLimit)
	refused(t, s, 2, Enter(2, "wonder", 0, -1), RuleNegative)
	refused(t, s, 2, Enter(2, "eggs", 0, 1), RuleCategory)
	refused(t, s, 0, Move{Kind: KindEnd, Seat: 0}, RuleNotComplete)
	// A correction is a new entry.
	play(t, s, 2, Enter(2, "wonder", 0, 10))
	if v, _ := s.card.Value(2, "wonder", 0); v != 10 {
		t.Errorf("after the correction wonder = %d", v)
	}
}

// filled writes value v in every line of every seat.
func filled(t *testing.T, id string, seats int, value func(seat int, cat string) int) *State {
	t.Helper()
	s := start(t, id, seats)
	for {
		m, ok := s.firstMissing()
		if !ok {
			return s
		}
		play(t, s, engine.Seat(m.Seat), Enter(engine.Seat(m.Seat), m.Category, m.Round, value(m.Seat, m.Category)))
	}
}

func TestResults(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		name     string
		id       string
		seats    int
		value    func(int, string) int
		decide   *Move
		stop     bool
		want     engine.Result
		wantRule string // of End, when the sheet cannot close
	}{
		{"7 Wonders: a tie goes to the most coins", "7wonders", 3, func(seat int, cat string) int {
			if cat == "coins" {
				return seat
			}
			return map[int]int{0: 3, 1: 3, 2: 2}[seat]
		}, nil, false, engine.Result{Scores: []int{21, 21, 14}, Ranks: []int{2, 1, 3}, Winners: []engine.Seat{1}, Reason: ReasonComplete}, ""},
		{"a tie without tie-breaker waits for the group", "skullking", 2, func(int, string) int { return 1 },
			nil, false, engine.Result{}, RuleUndecided},
		{"the group settles the tie", "skullking", 2, func(int, string) int { return 1 },
			&Move{Kind: KindDecide, Winners: []int{1}}, false, engine.Result{Scores: []int{10, 10}, Ranks: []int{2, 1}, Winners: []engine.Seat{1}, Reason: ReasonComplete}, ""},
		{"Pandemic won together, the cures the group's score", "pandemic", 3, nil,
			&Move{Kind: KindDecide, Won: &yes}, false, engine.Result{Scores: []int{4, 4, 4}, Ranks: []int{1, 1, 1}, Winners: []engine.Seat{0, 1, 2}, Reason: ReasonWon}, ""},
		{"Pandemic lost together", "pandemic", 2, nil,
			&Move{Kind: KindDecide, Won: &no}, false, engine.Result{Scores: []int{1, 1}, Ranks: []int{1, 1}, Reason: ReasonLost}, ""},
		{"Codenames: the blue team wins, its seats win", "codenames", 4, nil,
			&Move{Kind: KindDecide, Winners: []int{1}}, false, engine.Result{Scores: []int{0, 0, 0, 0}, Ranks: []int{2, 1, 2, 1}, Winners: []engine.Seat{1, 3}, Reason: ReasonComplete}, ""},
		{"a play stopped early", "wingspan", 2, nil,
			nil, true, engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Reason: ReasonStopped}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, tc.id, tc.seats)
			if tc.value != nil {
				s = filled(t, tc.id, tc.seats, tc.value)
			}
			for _, r := range s.revealable() {
				play(t, s, 0, Move{Kind: KindReveal, Category: r.category, Round: r.round})
			}
			if tc.id == "pandemic" {
				play(t, s, 1, Enter(1, "cures", 0, tc.want.Scores[0]))
			}
			if tc.decide != nil {
				play(t, s, 0, *tc.decide)
			}
			end := Move{Kind: KindEnd}
			if tc.stop {
				end = Move{Kind: KindStop}
			}
			if tc.wantRule != "" {
				refused(t, s, 0, end, tc.wantRule)
				return
			}
			play(t, s, 0, end)
			got, over := s.Result()
			if !over || !sameResult(got, tc.want) {
				t.Errorf("result %+v (over %v), want %+v", got, over, tc.want)
			}
		})
	}
}

func sameResult(a, b engine.Result) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// TestPrivateLinesStayWithTheirSeat checks at the view's JSON, what
// crosses the network, that another seat's and the table's views carry no
// private value before the reveal, and every one after it.
func TestPrivateLinesStayWithTheirSeat(t *testing.T) {
	s := start(t, "skullking", 3)
	play(t, s, 1, Enter(1, "bid", 1, 7))
	wire := func(viewer engine.Seat) string {
		data, err := json.Marshal(s.View(viewer))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	bid := `{"seat":1,"category":"bid","round":1,"value":7}`
	if !strings.Contains(wire(1), bid) {
		t.Errorf("seat 1 does not see its own bid: %s", wire(1))
	}
	for _, viewer := range []engine.Seat{0, 2, engine.Onlooker} {
		if w := wire(viewer); strings.Contains(w, `"value":7`) || !strings.Contains(w, `{"seat":1,"category":"bid","round":1,"hidden":true}`) {
			t.Errorf("%v's view before the reveal: %s", viewer, w)
		}
	}
	refused(t, s, 0, Move{Kind: KindReveal, Category: "bid", Round: 1}, RuleNotRevealable)
	play(t, s, 0, Enter(0, "bid", 1, 0))
	play(t, s, 2, Enter(2, "bid", 1, 1))
	if s.Turn() != 0 || s.legal()[0].Kind != KindReveal {
		t.Fatalf("every bid written: turn %v, legal %v", s.Turn(), s.legal())
	}
	play(t, s, 0, Move{Kind: KindReveal, Category: "bid", Round: 1})
	for _, viewer := range []engine.Seat{0, 2, engine.Onlooker} {
		if w := wire(viewer); !strings.Contains(w, bid) {
			t.Errorf("%v's view after the reveal: %s", viewer, w)
		}
	}
	refused(t, s, 0, Move{Kind: KindReveal, Category: "bid", Round: 1}, RuleNotRevealable)
}

func TestOpenSheetRounds(t *testing.T) {
	s := start(t, scoresheet.GenericID, 2)
	refused(t, s, 0, Move{Kind: KindRound}, RuleRoundOpen)
	play(t, s, 0, Enter(0, "points", 1, 5))
	play(t, s, 1, Enter(1, "points", 1, 3))
	if got := s.legal(); len(got) != 2 || got[0].Kind != KindRound || got[1].Kind != KindEnd {
		t.Fatalf("a complete round offers %v", got)
	}
	play(t, s, 0, Move{Kind: KindRound})
	refused(t, s, 0, Move{Kind: KindEnd}, RuleNotComplete)
	play(t, s, 1, Enter(1, "points", 2, 4))
	play(t, s, 0, Enter(0, "points", 2, 1))
	play(t, s, 0, Move{Kind: KindEnd})
	if res, _ := s.Result(); res.Scores[0] != 6 || res.Scores[1] != 7 || !res.Won(1) {
		t.Errorf("result %+v", res)
	}
}

// TestBotsCloseEverySheet plays every ready sheet with the default bot on
// every seat, to the end.
func TestBotsCloseEverySheet(t *testing.T) {
	for _, id := range scoresheet.Ready().IDs() {
		s := start(t, id, 3)
		bots := []engine.Bot{NewBot(1), NewBot(2), NewBot(3)}
		for ply := 0; s.Turn() != engine.NoSeat; ply++ {
			if ply > 500 {
				t.Fatalf("%s: not over after %d moves: %+v", id, ply, s.View(engine.Onlooker))
			}
			seat := s.Turn()
			m, err := bots[seat].Choose(context.Background(), s.View(seat))
			if err != nil {
				t.Fatalf("%s: bot: %v", id, err)
			}
			play(t, s, seat, m.(Move))
		}
		if res, _ := s.Result(); res.Reason == ReasonStopped {
			t.Errorf("%s: the bots stopped: %+v", id, res)
		}
		if id == scoresheet.GenericID && s.card.Rounds() != OpenRounds {
			t.Errorf("the bots closed an open sheet after %d rounds, want %d", s.card.Rounds(), OpenRounds)
		}
	}
	// The engine's level "default" is this bot, and bot.Play plays it.
	b, err := bot.New(New(), engine.LevelDefault, 4)
	if err != nil {
		t.Fatal(err)
	}
	out, err := bot.Play(context.Background(), New(), engine.Setup{Seats: 2, Options: map[string]string{OptionSheet: "azul"}, Seed: 3}, []engine.Bot{b, NewBot(5)})
	if err != nil {
		t.Fatalf("bot.Play: %v (%+v)", err, out)
	}
}

func TestDecodeMoveRefuses(t *testing.T) {
	enginetest.RefusesMoves(t, New(),
		`{"kind":"enter","seat":0}`,
		`{"kind":"enter","seat":0,"category":"a","won":true}`,
		`{"kind":"reveal","seat":0,"category":"a","value":3}`,
		`{"kind":"decide","seat":0}`,
		`{"kind":"decide","seat":0,"won":true,"winners":[1]}`,
		`{"kind":"decide","seat":0,"winners":[]}`,
		`{"kind":"end","seat":0,"category":"a"}`,
		`{"kind":"fly","seat":0}`,
		`{"kind":"stop","seat":-1}`,
		`{"kind":"stop","seat":12}`,
		`{"kind":"enter","seat":0,"category":"a","value":1e30}`,
		`{"kind":"enter","seat":0,"category":"a","round":101,"value":1}`,
		`{"kind":"stop","seat":0,"cheat":1}`,
	)
}

func TestDecodeViewRefuses(t *testing.T) {
	s := start(t, "skullking", 2)
	play(t, s, 1, Enter(1, "bid", 1, 2))
	play(t, s, 0, Enter(0, "points", 1, 20))
	good, err := json.Marshal(s.View(0))
	if err != nil {
		t.Fatal(err)
	}
	text := string(good)
	enginetest.RefusesViews(t, New(), good, map[string]string{
		"another sheet":        strings.Replace(text, `"sheet":"skullking"`, `"sheet":"chess"`, 1),
		"a turn it is not":     strings.Replace(text, `"turn":0`, `"turn":1`, 1),
		"a hidden value shown": strings.Replace(text, `"hidden":true`, `"value":2`, 1),
		"an absurd value":      strings.Replace(text, `"value":20`, `"value":1000000000`, 1),
		"no seats":             strings.Replace(text, `"seats":2`, `"seats":0`, 1),
		"too many rounds":      strings.Replace(text, `"rounds":1`, `"rounds":11`, 1),
	})
}

func FuzzDecodeView(f *testing.F) {
	s := start(f, "skullking", 2)
	play(f, s, 1, Enter(1, "bid", 1, 2))
	enginetest.FuzzDecodeView(f, New(), s.View(0), s.View(engine.Onlooker), start(f, "codenames", 4).View(0))
}

func FuzzDecodeMove(f *testing.F) {
	enginetest.FuzzDecodeMove(f, New(), engine.Setup{Seats: 2, Options: map[string]string{OptionSheet: "7wonders"}},
		`{"kind":"enter","seat":0,"category":"wonder","value":5}`, `{"kind":"decide","seat":0,"winners":[1]}`, `{"kind":"stop","seat":0}`)
}

func TestOptionsFor(t *testing.T) {
	long := strings.Repeat("é", MaxTitle)
	for title, want := range map[string]map[string]string{
		"Zug um Zug":      {OptionSheet: "tickettoride", OptionTitle: "Zug um Zug"},
		" Terra Mystica ": {OptionSheet: scoresheet.GenericID, OptionTitle: "Terra Mystica"},
		long:              {OptionSheet: scoresheet.GenericID, OptionTitle: strings.Repeat("é", MaxTitle/2)},
	} {
		got := New().OptionsFor(title)
		if got[OptionSheet] != want[OptionSheet] || got[OptionTitle] != want[OptionTitle] {
			t.Errorf("OptionsFor(%q) = %v, want %v", title, got, want)
		}
		if _, err := engine.NewGame(New(), engine.Setup{Seats: 2, Options: got}); err != nil {
			t.Errorf("OptionsFor(%q) = %v: %v", title, got, err)
		}
	}
}

// TestASheetLeftEmptySaysSoAndTheGroupSettlesIt: a staff's sheet whose
// every line is optional, left empty, cannot name a winner: it says so
// (RuleUndecided, and its standing UndecidedEmpty with every seat tied),
// and the group either names who won or stops the play.
func TestASheetLeftEmptySaysSoAndTheGroupSettlesIt(t *testing.T) {
	lib := scoresheet.Ready()
	l := scoresheet.Label{FR: "x", DE: "x", EN: "x"}
	if err := lib.Add(&scoresheet.Sheet{ID: "darts", Name: l, Win: scoresheet.Highest, Rounds: 1,
		Categories: []scoresheet.Category{{ID: "p", Label: l, Optional: true}}}); err != nil {
		t.Fatal(err)
	}
	enginetest.Conformance(t, WithLibrary(lib), enginetest.Config{Seats: []int{2}, Options: map[string]string{OptionSheet: "darts"}, Games: 2, MaxPlies: 50})
	empty := func() *State {
		s, err := engine.NewGame(WithLibrary(lib), engine.Setup{Seats: 2, Options: map[string]string{OptionSheet: "darts"}})
		if err != nil {
			t.Fatal(err)
		}
		return s.(*State)
	}
	st := empty()
	refused(t, st, 0, Move{Kind: KindEnd}, RuleUndecided)
	if got := st.card.Standing(); got.Undecided != scoresheet.UndecidedEmpty || len(got.Tied) != 2 {
		t.Errorf("an empty sheet's standing is %+v, want undecided, both seats tied", got)
	}
	got := fmt.Sprint(st.legal())
	if want := "[decide 0 winners=0 decide 0 winners=1 decide 0 winners=0,1 stop 0]"; got != want {
		t.Fatalf("an empty optional sheet offers %s, want %s", got, want)
	}
	play(t, st, 0, Move{Kind: KindStop})
	if res, over := st.Result(); !over || res.Reason != ReasonStopped || len(res.Winners) != 0 {
		t.Errorf("stopped: result %+v", res)
	}

	st = empty()
	play(t, st, 1, Move{Kind: KindDecide, Seat: 1, Winners: []int{1}})
	play(t, st, 0, Move{Kind: KindEnd})
	if res, over := st.Result(); !over || !sameResult(res, engine.Result{Scores: []int{0, 0}, Ranks: []int{2, 1}, Winners: []engine.Seat{1}, Reason: ReasonComplete}) {
		t.Errorf("the group named seat 1: result %+v", res)
	}
}

// TestAnAbsurdValueIsRefusedWithTheLimit: a score of 10^12 sent as a
// move (not through ParseSum) decodes, and the play refuses it naming
// the sheet's limit, which the seat's refusal text says.
func TestAnAbsurdValueIsRefusedWithTheLimit(t *testing.T) {
	s := start(t, "wingspan", 2)
	for _, v := range []string{"1000000000000", "-1000000000000", "100000"} {
		m, err := New().DecodeMove([]byte(`{"kind":"enter","seat":0,"category":"birds","value":` + v + `}`))
		if err != nil {
			t.Fatalf("decode %s: %v", v, err)
		}
		before := s.Hash()
		_, err = s.Apply(0, m)
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Rule != RuleLimit || re.Args["Limit"] != scoresheet.DefaultLimit {
			t.Errorf("enter %s: %v, want rule %s with the limit %d", v, err, RuleLimit, scoresheet.DefaultLimit)
		}
		if s.Hash() != before {
			t.Errorf("the refused %s changed the sheet", v)
		}
	}
	play(t, s, 0, Enter(0, "birds", 0, scoresheet.DefaultLimit))
}

// TestAStaffSheetTravelsWithItsViews: a phone knows only the ready
// sheets, so a play on a sheet the staff made carries it in every view
// (Def); a phone's rules, over the ready sheets alone, read such a view
// and its bot plays it, a private line still hidden; a ready sheet's
// views name it only. A view whose sheet is not the one it names, or is
// broken, is refused.
func TestAStaffSheetTravelsWithItsViews(t *testing.T) {
	lib := scoresheet.Ready()
	l := scoresheet.Label{FR: "Mise", DE: "Gebot", EN: "Bid"}
	staff := &scoresheet.Sheet{ID: "t42-1", Name: l, Win: scoresheet.Highest, Rounds: 1,
		Categories: []scoresheet.Category{{ID: "bid", Label: l, Private: true}, {ID: "pts", Label: scoresheet.Label{FR: "Points", DE: "Punkte", EN: "Points"}}}}
	if err := lib.SetTitle(staff, "Tichu"); err != nil {
		t.Fatal(err)
	}
	table := WithLibrary(lib)
	g, err := engine.NewGame(table, engine.Setup{Seats: 2, Options: table.OptionsFor("Tichu")})
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*State)
	play(t, s, 1, Enter(1, "bid", 0, 7))
	data, err := json.Marshal(s.View(0))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"def":{"id":"t42-1"`) || strings.Contains(string(data), `"value":7`) {
		t.Fatalf("seat 0's view of the staff's sheet: %s", data)
	}
	phone := New()
	v, err := phone.DecodeView(data)
	if err != nil {
		t.Fatalf("a phone over the ready sheets reads the view: %v", err)
	}
	if sh, ok := v.(*View).SheetIn(scoresheet.Ready()); !ok || sh.Categories[1].Label.DE != "Punkte" {
		t.Errorf("the phone's sheet: %+v", sh)
	}
	b, _ := phone.Bot(engine.LevelDefault, 1)
	if m, err := b.Choose(context.Background(), v); err != nil || m.(Move).Kind != KindEnter {
		t.Errorf("the phone's bot on the staff's sheet: %v, %v", m, err)
	}
	enginetest.RefusesViews(t, phone, data, map[string]string{
		"another sheet named": strings.Replace(string(data), `"sheet":"t42-1"`, `"sheet":"t42-2"`, 1),
		"a broken sheet":      strings.Replace(string(data), `"win":"highest"`, `"win":"most-fun"`, 1),
		"no sheet carried":    strings.Replace(string(data), `"def":{`, `"nodef":{`, 1),
	})
	if ready, _ := json.Marshal(start(t, "7wonders", 2).View(0)); strings.Contains(string(ready), `"def"`) {
		t.Errorf("a ready sheet's view carries it: %s", ready)
	}
}

// TestViewsNameTheTitlePlayed: every view names the title as the setup
// does (a phone keeps the play under it), and reading a view back keeps it.
func TestViewsNameTheTitlePlayed(t *testing.T) {
	r := New()
	s, err := engine.NewGame(r, engine.Setup{Seats: 2, Options: r.OptionsFor("Les Aventuriers du Rail")})
	if err != nil {
		t.Fatal(err)
	}
	for _, viewer := range []engine.Seat{0, 1, engine.Onlooker} {
		v := s.View(viewer).(*View)
		if v.Title != "Les Aventuriers du Rail" {
			t.Errorf("%v's view names the title %q", viewer, v.Title)
		}
		data, _ := json.Marshal(v)
		back, err := r.DecodeView(data)
		if err != nil || back.(*View).Title != v.Title {
			t.Errorf("%v's view read back: %v, title %q", viewer, err, back)
		}
	}
}
