package canaille

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

// aView is the view of the seat to move in a fresh 3-seat game.
func aView(t testing.TB) (*State, engine.Seat, string) {
	st, err := engine.NewGame(New(), engine.Setup{Seats: 3, Seed: 7, Options: map[string]string{OptFirst: "2"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	data, err := json.Marshal(s.View(s.Turn()))
	if err != nil {
		t.Fatal(err)
	}
	return s, s.Turn(), string(data)
}

func TestDecodeViewRefusesGarbage(t *testing.T) {
	s, seat, text := aView(t)
	if seat != 1 || s.phase != phaseSentence {
		t.Fatalf("seat %v in phase %v: the cases below expect seat 1 to lay a sentence", seat, s.phase)
	}
	hand := s.hands[seat]
	other := s.hands[0][0]
	first := text[strings.Index(text, `"legal":[`)+len(`"legal":[`):]
	first = first[:strings.Index(first, "}")+1]
	deck := fmt.Sprintf(`"deck_size":%d,`, len(s.deck))
	oneMore := fmt.Sprintf(`"deck_size":%d,`, len(s.deck)+1)
	cases := map[string]string{
		"an unknown field":                      strings.Replace(text, `"plies"`, `"cheat":1,"plies"`, 1),
		"an unknown move field":                 strings.Replace(text, `"legal":[{`, `"legal":[{"cheat":1,`, 1),
		"a wrong turn":                          strings.Replace(text, `"turn":1`, `"turn":0`, 1),
		"a wrong viewer":                        strings.Replace(text, `"viewer":1`, `"viewer":3`, 1),
		"too many seats":                        strings.Replace(text, `"seats":3`, `"seats":5`, 1),
		"an unknown phase":                      strings.Replace(text, `"phase":"sentence"`, `"phase":"nap"`, 1),
		"a wrong phase":                         strings.Replace(text, `"phase":"sentence"`, `"phase":"refill"`, 1),
		"a bad active seat":                     strings.Replace(text, `"active":1`, `"active":7`, 1),
		"a bad actor":                           strings.Replace(text, `"actor":1`, `"actor":-3`, 1),
		"a bad card":                            strings.Replace(text, `"`+hand[0].ID()+`"`, `"Z99"`, 1),
		"a card twice":                          strings.Replace(text, `"`+hand[0].ID()+`"`, `"`+hand[1].ID()+`"`, 1),
		"another's card":                        strings.Replace(text, `"hand":["`+hand[0].ID()+`"`, `"hand":["`+other.ID()+`"`, 1),
		"a card twice, the deck grown to match": strings.Replace(strings.Replace(text, `"`+hand[0].ID()+`"`, `"`+hand[1].ID()+`"`, 1), deck, oneMore, 1),
		"a river card held, the deck grown":     strings.Replace(strings.Replace(text, `"hand":["`+hand[0].ID()+`"`, `"hand":["R07"`, 1), deck, oneMore, 1),
		"a river card held":                     strings.Replace(text, `"hand":["`+hand[0].ID()+`"`, `"hand":["R07"`, 1),
		"a wrong deck size":                     strings.Replace(text, `"deck_size":`, `"deck_size":1`, 1),
		"a negative step":                       strings.Replace(text, `"step":0`, `"step":-1`, 1),
		"a step too far":                        strings.Replace(text, `"step":0`, `"step":3`, 1),
		"a river top shown":                     strings.Replace(text, `"face_up":false`, `"face_up":false,"top":"R05"`, 1),
		"a negative catch":                      strings.Replace(text, `"catches":[{"count":0}`, `"catches":[{"count":-1}`, 1),
		"a false result":                        strings.Replace(text, `"legal"`, `"result":{"scores":[0,0,0],"ranks":[1,1,1],"winners":[0,1,2],"reason":"canaille"},"legal"`, 1),
		"no legal moves":                        text[:strings.Index(text, `,"legal"`)] + `}`,
		"a dropped move":                        strings.Replace(text, first+",", "", 1),
		"an invented move":                      strings.Replace(text, `"legal":[`, `"legal":[{"kind":"draw-deck"},`, 1),
		"a move of no kind":                     strings.Replace(text, `"legal":[`, `"legal":[{"kind":"nap"},`, 1),
		"too few hand sizes":                    strings.Replace(text, `"hand_sizes":[5,`, `"hand_sizes":[`, 1),
		"a wrong hand size":                     strings.Replace(text, `"hand_sizes":[5,`, `"hand_sizes":[4,`, 1),
	}
	enginetest.RefusesViews(t, New(), []byte(text), cases)
}

// FuzzDecodeView runs the engine's view fuzzing from a fresh game.
func FuzzDecodeView(f *testing.F) {
	s, _, _ := aView(f)
	enginetest.FuzzDecodeView(f, New(), s.View(0), s.View(1), s.View(2), s.View(engine.Onlooker))
}
