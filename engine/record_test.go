package engine

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

type recMove struct {
	Cell int `json:"cell"`
}

func (m recMove) String() string { return "cell" }

type recGame struct{ stub }

func (recGame) DecodeMove(b []byte) (Move, error) {
	var m recMove
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	if m.Cell < 0 {
		return nil, errors.New("no such cell")
	}
	return m, nil
}

func TestMoveRecordsRoundTripWithVersionAndGame(t *testing.T) {
	g := recGame{stub{"g"}}
	data, err := EncodeMove("g", 1, recMove{Cell: 4})
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != `{"v":1,"game":"g","seat":1,"move":{"cell":4}}` {
		t.Errorf("encoded %s", data)
	}
	rec, err := DecodeMove(g, data)
	if err != nil || rec.Seat != 1 || rec.Move != (recMove{Cell: 4}) {
		t.Fatalf("%+v, %v", rec, err)
	}
	for _, bad := range []string{
		`{"v":2,"game":"g","seat":1,"move":{"cell":4}}`,
		`{"v":1,"game":"h","seat":1,"move":{"cell":4}}`,
		`{"v":1,"game":"g","seat":1,"move":{"cell":-1}}`,
		`not json`,
	} {
		if _, err := DecodeMove(g, []byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// recView is a view holding only its viewer and, once over, the result.
type recView struct {
	Who     Seat    `json:"viewer"`
	Outcome *Result `json:"result,omitempty"`
}

func (v recView) Viewer() Seat  { return v.Who }
func (v recView) Turn() Seat    { return NoSeat }
func (v recView) Legal() []Move { return nil }
func (v recView) Result() (Result, bool) {
	if v.Outcome == nil {
		return Result{}, false
	}
	return *v.Outcome, true
}

func (recGame) DecodeView(b []byte) (View, error) {
	var v recView
	if err := DecodeStrict(b, &v); err != nil {
		return nil, err
	}
	return v, nil
}

func TestViewsRoundTripWithVersionGameAndResult(t *testing.T) {
	g := recGame{stub{"g"}}
	res := RankByScores([]int{2, 5}, "end")
	data, err := EncodeView("g", recView{Who: 1, Outcome: &res})
	if err != nil {
		t.Fatal(err)
	}
	v, err := DecodeView(g, data)
	if err != nil {
		t.Fatal(err)
	}
	if got, over := v.Result(); v.Viewer() != 1 || !over || !got.Won(1) || got.Reason != "end" {
		t.Fatalf("viewer %v, result %+v (over %v)", v.Viewer(), got, over)
	}
	for _, bad := range []string{
		`{"v":2,"game":"g","viewer":1,"view":{"viewer":1}}`,
		`{"v":1,"game":"h","viewer":1,"view":{"viewer":1}}`,
		`{"v":1,"game":"g","viewer":0,"view":{"viewer":1}}`,
		`{"v":1,"game":"g","viewer":1,"view":{"viewer":1,"x":2}}`,
		`{"v":1,"game":"g","viewer":1,"view":{"viewer":1},"x":2}`,
		`not json`,
	} {
		if _, err := DecodeView(g, []byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestEncodeEventsFiltersForTheViewer(t *testing.T) {
	data, err := EncodeEvents("g", []Event{Private("draw", 1, 1, map[string]any{"card": 7})}, 0)
	if err != nil || strings.Contains(string(data), "draw") {
		t.Errorf("seat 0 received %s (%v)", data, err)
	}
}

func TestDecodeStrictRefusesExtras(t *testing.T) {
	var m recMove
	if err := DecodeStrict([]byte(`{"cell":3}`), &m); err != nil || m.Cell != 3 {
		t.Fatalf("%+v, %v", m, err)
	}
	for _, bad := range []string{`{"cell":3,"x":1}`, `{"cell":3} {}`, `{"cell":3}]`, ``} {
		if err := DecodeStrict([]byte(bad), &m); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
