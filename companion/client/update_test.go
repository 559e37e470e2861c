package client

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/proto/wire"
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

// viewMsg is a view message of version v whose hash matches its view.
func viewMsg(v int64, over bool) wire.Message {
	view := json.RawMessage(fmt.Sprintf(`{"v":%d}`, v))
	sum := sha256.Sum256(view)
	return wire.Message{Type: wire.TypeView, Game: "canaille", Version: v, View: view, Over: over, Hash: hex.EncodeToString(sum[:])}
}

// TestARecordWaitsForTheLastView: the table's record of a finished game
// can come while the game's last view is being synced (it skipped a
// version, so the client refused it). The record must not end the game
// on the earlier view, whose result is unknown (TestPlayAgainKeepsThePhones
// once saw an end without result that way): it rides on the last view
// when the sync brings it.
func TestARecordWaitsForTheLastView(t *testing.T) {
	var s viewState
	s.fresh = true
	for _, m := range []wire.Message{viewMsg(1, false), viewMsg(2, false)} {
		if _, verdict := s.accept(m); verdict != accepted {
			t.Fatalf("view %d: verdict %v", m.Version, verdict)
		}
	}
	if _, verdict := s.accept(viewMsg(4, true)); verdict != needSync {
		t.Fatalf("a skipped version: verdict %v, want a sync", verdict)
	}
	rec := &wire.Record{Rated: true, Place: 2}
	if u, ok := s.record(rec); ok {
		t.Fatalf("the record was delivered on view %d (over %v) before the last view", u.Version, u.Over)
	}
	u, verdict := s.accept(viewMsg(4, true))
	if verdict != accepted || !u.Over || u.Record != rec {
		t.Fatalf("the synced last view: verdict %v, over %v, record %+v", verdict, u.Over, u.Record)
	}
	again := &wire.Record{Rated: true, Place: 1}
	if u, ok := s.record(again); !ok || u.Version != 4 || u.Record != again {
		t.Errorf("a record after the last view: delivered %v on view %d with %+v", ok, u.Version, u.Record)
	}
}
