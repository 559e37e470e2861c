package canoe

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestMoveNotation(t *testing.T) {
	cases := []struct {
		m    Move
		text string
		json string
	}{
		{Place(Hole{4, 2}), "place c5", `{"kind":"place","to":"c5"}`},
		{Remove(Hole{0, 12}), "remove m1", `{"kind":"remove","from":"m1"}`},
		{MoveFrom(Hole{4, 2}, Hole{5, 3}), "move c5-d6", `{"kind":"move","from":"c5","to":"d6"}`},
	}
	for _, c := range cases {
		if got := c.m.String(); got != c.text {
			t.Errorf("String = %q, want %q", got, c.text)
		}
		if got, err := ParseMove(c.text); err != nil || got != c.m {
			t.Errorf("ParseMove(%q) = %v, %v", c.text, got, err)
		}
		data, err := json.Marshal(c.m)
		if err != nil || string(data) != c.json {
			t.Errorf("JSON of %v = %s, %v; want %s", c.m, data, err, c.json)
		}
		back, err := New().DecodeMove(data)
		if err != nil || !reflect.DeepEqual(back, c.m) {
			t.Errorf("DecodeMove(%s) = %#v, %v", data, back, err)
		}
	}
}

func TestParseMoveRefusesGarbage(t *testing.T) {
	for _, s := range []string{"", "place", "place a1", "place c5-d6", "remove", "move c5", "move c5-", "move -d6", "move c5-z9", "jump c5", "PLACE c5"} {
		if m, err := ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", s, m)
		}
	}
}

func TestDecodeMoveRefusesGarbage(t *testing.T) {
	enginetest.RefusesMoves(t, New(), `{}`, `"place c5"`,
		`{"kind":"jump","to":"c5"}`,
		`{"kind":"PLACE","to":"c5"}`,
		`{"kind":null,"to":"c5"}`,
		`{"kind":1,"to":"c5"}`,
		`{"kind":"place"}`,
		`{"kind":"place","to":null}`,
		`{"kind":"place","to":"a1"}`,
		`{"kind":"place","to":"n2"}`,
		`{"kind":"place","to":"c7"}`,
		`{"kind":"place","to":"c0"}`,
		`{"kind":"place","to":5}`,
		`{"kind":"place","to":{"Row":4,"Col":2}}`,
		`{"kind":"place","from":"c5","to":"d6"}`,
		`{"kind":"remove"}`,
		`{"kind":"remove","from":"c5","to":"d6"}`,
		`{"kind":"remove","to":"c5"}`,
		`{"kind":"move","from":"c5"}`,
		`{"kind":"move","to":"c5"}`,
		`{"kind":"move","from":"c5","to":"a6"}`,
		`{"kind":"place","to":"c5","extra":true}`,
		`{"kind":"place","to":"c5"}{}`,
		`{"kind":"place","to":"c5"}}`,
		`{"kind":"place","to":"c5"} x`,
		"{\"kind\":\"place\",\"to\":\"c\xff\"}",
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`)
}

// FuzzDecodeMove runs the engine's move fuzzing from the empty board.
func FuzzDecodeMove(f *testing.F) {
	enginetest.FuzzDecodeMove(f, New(), engine.Setup{Seats: 2},
		`{"kind":"place","to":"c5"}`, `{"kind":"move","from":"c5","to":"d6"}`, `{"kind":"remove","from":"c5"}`)
}

// TestDecodeMoveAllowsSpaceAroundTheMove: JSON may carry white space.
func TestDecodeMoveAllowsSpaceAroundTheMove(t *testing.T) {
	m, err := New().DecodeMove([]byte(" {\"to\": \"c5\", \"kind\": \"place\"}\n"))
	if err != nil || m != Place(Hole{4, 2}) {
		t.Errorf("got %v, %v", m, err)
	}
}
