package client

import (
	"encoding/json"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
)

func TestDecodeReadsTheGamesView(t *testing.T) {
	rules := canoe.New()
	s, err := engine.NewGame(rules, engine.Setup{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	data, err := engine.EncodeView(canoe.ID, s.View(0))
	if err != nil {
		t.Fatal(err)
	}
	v, err := Update{View: data}.Decode(rules)
	if err != nil {
		t.Fatal(err)
	}
	if v.Viewer() != 0 || v.Turn() != 0 || len(v.Legal()) != len(s.Legal()) {
		t.Errorf("viewer %v, turn %v, %d legal moves", v.Viewer(), v.Turn(), len(v.Legal()))
	}
	other, _ := json.Marshal(engine.ViewJSON{V: 1, Game: "canaille", View: json.RawMessage(`{}`)})
	for _, bad := range []json.RawMessage{other, json.RawMessage(`{"v":2}`), json.RawMessage(`[`), nil} {
		if _, err := (Update{View: bad}).Decode(rules); err == nil {
			t.Errorf("decoded %s", bad)
		}
	}
}
