package enginetest

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
)

// RefusesViews fails t unless rules.DecodeView refuses every spoiled form
// of good, the JSON of one of the game's views: the cases every game must
// refuse (empty, null, a list, broken JSON, trailing data, an unknown
// field) and the game's own, spoiled (name → JSON). A spoiled case equal
// to good spoils nothing and fails the test too.
func RefusesViews(t *testing.T, rules engine.Rules, good []byte, spoiled map[string]string) {
	t.Helper()
	text := string(good)
	if _, err := rules.DecodeView(good); err != nil {
		t.Fatalf("the good view is refused: %v", err)
	}
	cases := map[string]string{
		"empty":            ``,
		"null":             `null`,
		"a list":           `[]`,
		"a number":         `7`,
		"not json":         text[:len(text)/2],
		"trailing data":    text + ` {}`,
		"an unknown field": strings.Replace(text, `{`, `{"cheat":1,`, 1),
	}
	for name, data := range spoiled {
		if data == text {
			t.Errorf("%s: the case spoils nothing", name)
		}
		cases[name] = data
	}
	for name, data := range cases {
		if _, err := rules.DecodeView([]byte(data)); err == nil {
			t.Errorf("%s: decoded %s", name, data)
		}
	}
}

// RefusesMoves fails t unless rules.DecodeMove refuses every input of bad
// and the inputs no game's move may be (empty, null, a list, a number, a
// string, broken JSON, trailing data).
func RefusesMoves(t *testing.T, rules engine.Rules, bad ...string) {
	t.Helper()
	for _, data := range append([]string{``, `null`, `[]`, `42`, `"move"`, `{"kind":`, `{} {}`, `{}x`}, bad...) {
		if m, err := rules.DecodeMove([]byte(data)); err == nil {
			t.Errorf("%q decoded as %v", data, m)
		}
	}
}

// FuzzDecodeView checks that no input panics rules.DecodeView, and that
// whatever it accepts lists its legal moves, tells its result, can be
// determinized without panicking, and marshals back to JSON it reads again
// unchanged. seeds are views of the game, the fuzzer's starting points.
func FuzzDecodeView(f *testing.F, rules engine.Rules, seeds ...engine.View) {
	for _, v := range seeds {
		data, err := json.Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := rules.DecodeView(data)
		if err != nil {
			return
		}
		v.Legal()
		v.Result()
		rng := engine.NewRNG(1, 2)
		_, _ = rules.Determinize(v, &rng)
		again, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := viewRoundTrip(rules, again, v.Legal()); err != nil {
			t.Fatalf("%s decoded, but not its re-encoding: %v", data, err)
		}
	})
}

// FuzzDecodeMove checks that no input panics rules.DecodeMove, and that
// whatever it accepts comes back unchanged through engine.EncodeMove and
// engine.DecodeMove, and neither panics nor changes anything when the seat
// to move plays it at the start of a game of setup unless it is legal;
// where the game steps, Step answers it as Apply does.
// seeds are move JSONs, the fuzzer's starting points.
func FuzzDecodeMove(f *testing.F, rules engine.Rules, setup engine.Setup, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := rules.DecodeMove(data)
		if err != nil {
			return
		}
		_ = m.String()
		back, err := roundTrip(rules, 0, m)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, m) {
			t.Fatalf("%v came back as %v", m, back)
		}
		s, err := engine.NewGame(rules, setup)
		if err != nil {
			t.Fatal(err)
		}
		before := s.Hash()
		if _, ok := s.(engine.Stepper); ok {
			if err := sameAnswer(s, s.Clone(), engine.Record{Seat: s.Turn(), Move: m}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Apply(s.Turn(), m); err != nil && s.Hash() != before {
			t.Fatalf("the refused move %v changed the state", m)
		}
	})
}
