package canyonduel

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestMoveNotation(t *testing.T) {
	tests := []struct {
		m    Move
		want string
	}{
		{Move{Kind: KindStep, Path: []Cell{{2, 0}, {3, 1}}}, "c1-d2"},
		{Move{Kind: KindJump, Path: []Cell{{2, 0}, {4, 2}, {6, 4}}}, "c1:e3:g5"},
		{Move{Kind: KindJump, Path: []Cell{{0, 5}, {0, 7}}}, "a6:a8"},
		{Move{Kind: "fly"}, "(fly without cells)"},
		{Move{Kind: KindStep, Path: []Cell{{0, 0}, {-1, 9}}}, "a1-(-1,9)"},
	}
	for _, tt := range tests {
		if got := tt.m.String(); got != tt.want {
			t.Errorf("%#v prints %q, want %q", tt.m, got, tt.want)
		}
	}
}

func TestParseMoveReadsItsString(t *testing.T) {
	for _, s := range []string{"c1-d2", "c1:e3:g5", "a6:a8:c8", "h8-g7"} {
		m, err := ParseMove(s)
		if err != nil || m.String() != s {
			t.Errorf("ParseMove(%q) = %v, %v", s, m, err)
		}
	}
	for _, bad := range []string{"", "c1", "c1-", "c1-d2-e3", "c1:", "z1-a1", "c1:e3-g5"} {
		if _, err := ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
}

func TestMoveJSONRoundTrip(t *testing.T) {
	m := Move{Kind: KindJump, Path: []Cell{{0, 5}, {0, 7}, {2, 7}}}
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"kind":"jump","path":[{"col":0,"row":5},{"col":0,"row":7},{"col":2,"row":7}]}`; string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}
	back, err := New().DecodeMove(data)
	if err != nil || !reflect.DeepEqual(back, engine.Move(m)) {
		t.Errorf("decoded %#v, %v", back, err)
	}
}

func TestDecodeMoveRefusesGarbage(t *testing.T) {
	enginetest.RefusesMoves(t, New(), `"c1-d2"`, `{}`,
		`{"kind":"fly","path":[{"col":0,"row":0},{"col":1,"row":1}]}`,
		`{"kind":"step","path":[{"col":0,"row":0}]}`,
		`{"kind":"step","path":[{"col":0,"row":0},{"col":1,"row":1},{"col":2,"row":2}]}`,
		`{"kind":"jump","path":[{"col":0,"row":0}]}`,
		`{"kind":"jump","path":[]}`,
		`{"kind":"jump"}`,
		`{"kind":"step","path":[{"col":0,"row":0},{"col":8,"row":1}]}`,
		`{"kind":"step","path":[{"col":0,"row":0},{"col":-1,"row":1}]}`,
		`{"kind":"step","path":[{"col":0,"row":0},{"col":1,"row":99999999999999999999}]}`,
		`{"kind":"step","path":[{"col":0,"row":0},{"col":1.5,"row":1}]}`,
		`{"kind":"step","path":[{"col":0,"row":0},{"col":"b","row":1}]}`,
		`{"kind":"step","path":[{"col":0,"row":0},{"col":1,"row":1}],"x":1}`,
		`{"kind":"step","path":[{"col":0,"row":0,"z":3},{"col":1,"row":1}]}`,
		`{"kind":"step","path":[{"col":0,"row":0},{"col":1,"row":1}]} {}`,
		`{"kind":"step","path":[{"col":0,"row":0},{"col":1,"row":1}]}]`,
		"\xff\xfe")
}

func TestDecodeMoveRefusesOverlongPaths(t *testing.T) {
	m := Move{Kind: KindJump}
	for range maxPath + 1 {
		m.Path = append(m.Path, Cell{0, 0})
	}
	data, _ := json.Marshal(m)
	if _, err := New().DecodeMove(data); err == nil {
		t.Errorf("a path of %d cells was accepted", len(m.Path))
	}
}

// FuzzDecodeMove runs the engine's move fuzzing from the start position.
func FuzzDecodeMove(f *testing.F) {
	enginetest.FuzzDecodeMove(f, New(), engine.Setup{Seats: 2},
		`{"kind":"step","path":[{"col":4,"row":0},{"col":5,"row":0}]}`,
		`{"kind":"jump","path":[{"col":3,"row":0},{"col":5,"row":0}]}`)
}
