package canyon

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

// playView is the view of the seat to lead the first trick of a 4-seat game.
func playView(t testing.TB) (*State, string) {
	st, err := engine.NewGame(New(), engine.Setup{Seats: 4, Seed: 31})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rng := engine.NewRNG(3, 3)
	for s.t.Phase != PhasePlay {
		if _, err := s.Apply(s.Turn(), s.RandomMove(&rng)); err != nil {
			t.Fatal(err)
		}
	}
	data, err := json.Marshal(s.View(s.Turn()))
	if err != nil {
		t.Fatal(err)
	}
	return s, string(data)
}

func TestDecodeViewRefusesGarbage(t *testing.T) {
	s, text := playView(t)
	seat := s.Turn()
	hand := s.hands[seat]
	other := s.hands[(int(seat)+1)%4][0]
	played := func(c Card) string { return `"legal":[{"kind":"play","card":` + cardJSON(c) + `}` }
	turn := `"turn":` + itoa(int(seat))
	legalAt := strings.Index(text, `"legal":[`)
	cases := map[string]string{
		"an unknown field":      strings.Replace(text, `"hand"`, `"cheat":1,"hand"`, 1),
		"an unknown move field": strings.Replace(text, `"legal":[{`, `"legal":[{"cheat":1,`, 1),
		"a malformed move":      strings.Replace(text, `"legal":[`, `"legal":[{"kind":"play"},`, 1),
		"a move of no kind":     strings.Replace(text, `"legal":[`, `"legal":[{"kind":"nap"},`, 1),
		"an invented move":      strings.Replace(text, played(hand[0]), played(other), 1),
		"no legal moves":        text[:legalAt] + `"legal":null}`,
		"a dropped move":        strings.Replace(text, played(hand[0])+",", `"legal":[`, 1),
		"a wrong turn":          strings.Replace(text, turn, `"turn":-1`, 1),
		"a turn off the table":  strings.Replace(text, turn, `"turn":9`, 1),
		"a wrong viewer":        strings.Replace(text, `"viewer":`+itoa(int(seat)), `"viewer":7`, 1),
		"too many seats":        strings.Replace(text, `"seats":4`, `"seats":7`, 1),
		"an unknown phase":      strings.Replace(text, `"phase":"play"`, `"phase":"nap"`, 1),
		"a bad card":            strings.Replace(text, cardJSON(hand[len(hand)-1])+`],"hand_counts"`, `{"suit":9,"value":1}],"hand_counts"`, 1),
		"a card twice":          strings.Replace(text, `"hand":[`+cardJSON(hand[0]), `"hand":[`+cardJSON(hand[1]), 1),
		"the trump held":        strings.Replace(text, `"hand":[`+cardJSON(hand[0]), `"hand":[`+cardJSON(s.t.Trump), 1),
		"a hand out of order":   strings.Replace(text, `"hand":[`+cardJSON(hand[0])+`,`+cardJSON(hand[1]), `"hand":[`+cardJSON(hand[1])+`,`+cardJSON(hand[0]), 1),
		"a wrong hand count":    strings.Replace(text, `"hand_counts":[`, `"hand_counts":[1,`, 1),
		"a negative hand count": strings.Replace(text, `"hand_counts":[8`, `"hand_counts":[-8`, 1),
		"a canoe off the map":   strings.Replace(text, `"canoes":[`+itoa(s.t.Canoes[0]), `"canoes":[9999`, 1),
		"a dealer not seated":   strings.Replace(text, `"dealer":`+itoa(s.t.Dealer), `"dealer":-4`, 1),
		"a bad tempo":           strings.Replace(text, `"tempo":[[`, `"tempo":[[9,`, 1),
		"no trump":              strings.Replace(text, `"trump":`+cardJSON(s.t.Trump)+`,`, ``, 1),
		"a track off the track": strings.Replace(text, `"track":`+itoa(s.t.Track), `"track":14`, 1),
	}
	enginetest.RefusesViews(t, New(), []byte(text), cases)
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// FuzzDecodeView runs the engine's view fuzzing from a trick under way.
func FuzzDecodeView(f *testing.F) {
	s, _ := playView(f)
	enginetest.FuzzDecodeView(f, New(), s.View(0), s.View(1), s.View(2), s.View(3), s.View(engine.Onlooker))
}
