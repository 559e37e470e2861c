package engine

import (
	"strings"
	"testing"
)

var info = Info{ID: "g", MinSeats: 3, MaxSeats: 6,
	Options: []Option{{Key: "less-luck", Default: "off", Choices: []string{"off", "on"}}}}

func TestResolveOptionsFillsDefaultsAndRefusesUnknowns(t *testing.T) {
	got, err := info.resolveOptions(nil)
	if err != nil || got["less-luck"] != "off" {
		t.Fatalf("%v, %v", got, err)
	}
	if got, _ := info.resolveOptions(map[string]string{"less-luck": "on"}); got["less-luck"] != "on" {
		t.Errorf("given option lost: %v", got)
	}
	if _, err := info.resolveOptions(map[string]string{"more-luck": "on"}); err == nil {
		t.Error("unknown option accepted")
	}
	if _, err := info.resolveOptions(map[string]string{"less-luck": "maybe"}); err == nil || !strings.Contains(err.Error(), "maybe") {
		t.Errorf("bad value: %v", err)
	}
}

func TestTextOptionsTakeAnyShortText(t *testing.T) {
	i := Info{ID: "g", MinSeats: 1, MaxSeats: 2, Options: []Option{{Key: "title", Text: 13}}}
	for v, ok := range map[string]bool{
		"": true, "7 Wonders": true, "Azul <b>": true, "Flügelschlag": true, "=1+1": true,
		"thirteen bytes": false, "a\nb": false, "\x00": false, "\xff": false, "Flügelschlag!": false,
	} {
		if _, err := i.resolveOptions(map[string]string{"title": v}); (err == nil) != ok {
			t.Errorf("title %q: %v", v, err)
		}
	}
}

func TestCheckSeats(t *testing.T) {
	for n, ok := range map[int]bool{2: false, 3: true, 6: true, 7: false} {
		if err := info.checkSeats(n); (err == nil) != ok {
			t.Errorf("%d seats: %v", n, err)
		}
	}
}

func TestTextKeys(t *testing.T) {
	if info.NameKey() != "game.g.name" || info.OptionKey("less-luck") != "game.g.option.less-luck" {
		t.Errorf("%q %q", info.NameKey(), info.OptionKey("less-luck"))
	}
}

func TestRuleErrorsNameTheirRule(t *testing.T) {
	err := Broken("follow-suit", "play %s", "blue")
	if RuleOf(err) != "follow-suit" || err.Error() != "rule follow-suit: play blue" {
		t.Errorf("%v", err)
	}
	if RuleOf(NotYourTurn(1, 0)) != RuleNotYourTurn || RuleOf(NotYourTurn(1, NoSeat)) != RuleGameOver {
		t.Error("turn errors name the wrong rule")
	}
	if RuleOf(nil) != "" {
		t.Error("nil has a rule")
	}
}

func TestEventsForKeepsPrivateEventsPrivate(t *testing.T) {
	events := []Event{Public("play", 0, nil), Private("draw", 1, 1, map[string]any{"card": 7})}
	if got := EventsFor(events, 0); len(got) != 1 || got[0].Type != "play" {
		t.Errorf("seat 0 sees %v", got)
	}
	if got := EventsFor(events, 1); len(got) != 2 {
		t.Errorf("seat 1 sees %v", got)
	}
	if got := EventsFor(events, Onlooker); len(got) != 1 {
		t.Errorf("the table sees %v", got)
	}
}

func TestRegistryRefusesDuplicatesAndNamesKnownGames(t *testing.T) {
	if _, err := NewRegistry(stub{"a"}, stub{"a"}); err == nil {
		t.Error("duplicate id accepted")
	}
	r, err := NewRegistry(stub{"b"}, stub{"a"})
	if err != nil {
		t.Fatal(err)
	}
	if ids := r.IDs(); len(ids) != 2 || ids[0] != "a" {
		t.Errorf("ids %v", ids)
	}
	if _, err := r.Get("c"); err == nil || !strings.Contains(err.Error(), "[a b]") {
		t.Errorf("unknown game: %v", err)
	}
}

// stub is a game with only an id, for registry tests.
type stub struct{ id string }

func (s stub) Info() Info                          { return Info{ID: s.id, MinSeats: 1, MaxSeats: 1} }
func (stub) New(Checked) (State, error)            { return nil, nil }
func (stub) DecodeMove([]byte) (Move, error)       { return nil, nil }
func (stub) DecodeView([]byte) (View, error)       { return nil, nil }
func (stub) Determinize(View, *RNG) (State, error) { return nil, nil }

func TestParseOptions(t *testing.T) {
	got := ParseOptions(" less-luck , first=2,,")
	if len(got) != 2 || got["less-luck"] != "on" || got["first"] != "2" {
		t.Errorf("%v", got)
	}
}

func TestMovesKeepsOrderAndGivesNilForNone(t *testing.T) {
	if Moves([]recMove(nil)) != nil {
		t.Error("no moves gave a non-nil slice")
	}
	got := Moves([]recMove{{Cell: 2}, {Cell: 5}})
	if len(got) != 2 || got[1] != (recMove{Cell: 5}) {
		t.Errorf("%v", got)
	}
}
