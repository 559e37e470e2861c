package bot

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tablee/tablee/engine"
)

// tictactoe is a test double: the smallest complete game that honours the
// engine contract, so the bots are tested without depending on a real game.
type tictactoe struct{}

type tttMove struct {
	Cell int `json:"cell"`
}

func (m tttMove) String() string { return strconv.Itoa(m.Cell) }

type tttState struct {
	Cells [9]int `json:"cells"` // 0 empty, 1 seat 0, 2 seat 1
	Ply   int    `json:"ply"`
}

type tttView struct {
	tttState
	Who     engine.Seat    `json:"viewer"`
	Outcome *engine.Result `json:"result,omitempty"`
}

func (v tttView) Result() (engine.Result, bool) {
	if v.Outcome == nil {
		return engine.Result{}, false
	}
	return *v.Outcome, true
}

func (v tttView) Viewer() engine.Seat { return v.Who }
func (v tttView) Turn() engine.Seat   { return v.tttState.Turn() }
func (v tttView) Legal() []engine.Move {
	if v.Who != v.tttState.Turn() {
		return nil
	}
	return v.tttState.Legal()
}

func (tictactoe) Info() engine.Info {
	return engine.Info{ID: "ttt", MinSeats: 2, MaxSeats: 2}
}
func (tictactoe) New(engine.Checked) (engine.State, error) { return &tttState{}, nil }
func (tictactoe) DecodeMove(b []byte) (engine.Move, error) {
	var m tttMove
	return m, json.Unmarshal(b, &m)
}
func (tictactoe) DecodeView(b []byte) (engine.View, error) {
	var v tttView
	if err := engine.DecodeStrict(b, &v); err != nil {
		return nil, err
	}
	for _, c := range v.Cells {
		if c < 0 || c > 2 {
			return nil, fmt.Errorf("cell %d", c)
		}
	}
	if v.Ply < 0 || v.Ply > 9 || (v.Who != engine.Onlooker && !v.Who.Valid(2)) {
		return nil, fmt.Errorf("ply %d, viewer %v", v.Ply, v.Who)
	}
	return v.tttState.View(v.Who), nil
}
func (tictactoe) Determinize(v engine.View, _ *engine.RNG) (engine.State, error) {
	tv, ok := v.(tttView)
	if !ok {
		return nil, fmt.Errorf("not a tictactoe view")
	}
	s := tv.tttState
	return &s, nil
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (s *tttState) winner() int {
	for _, l := range lines {
		if c := s.Cells[l[0]]; c != 0 && c == s.Cells[l[1]] && c == s.Cells[l[2]] {
			return c
		}
	}
	return 0
}

func (s *tttState) Turn() engine.Seat {
	if _, over := s.Result(); over {
		return engine.NoSeat
	}
	return engine.Seat(s.Ply % 2)
}

func (s *tttState) Legal() []engine.Move {
	var out []engine.Move
	for i, c := range s.Cells {
		if c == 0 {
			out = append(out, tttMove{Cell: i})
		}
	}
	return out
}

func (s *tttState) Apply(seat engine.Seat, m engine.Move) ([]engine.Event, error) {
	if seat != s.Turn() {
		return nil, engine.NotYourTurn(seat, s.Turn())
	}
	tm, ok := m.(tttMove)
	if !ok || tm.Cell < 0 || tm.Cell > 8 || s.Cells[tm.Cell] != 0 {
		return nil, engine.Broken("cell-taken", "cell %v is not free", m)
	}
	s.Cells[tm.Cell] = int(seat) + 1
	s.Ply++
	return []engine.Event{engine.Public("mark", seat, map[string]any{"cell": tm.Cell})}, nil
}

func (s *tttState) View(viewer engine.Seat) engine.View {
	v := tttView{tttState: *s, Who: viewer}
	if res, over := s.Result(); over {
		v.Outcome = &res
	}
	return v
}

func (s *tttState) Result() (engine.Result, bool) {
	switch w := s.winner(); {
	case w != 0:
		scores := []int{0, 0}
		scores[w-1] = 1
		return engine.RankByScores(scores, "line"), true
	case s.Ply == 9:
		return engine.DrawResult([]int{0, 0}, "full"), true
	}
	return engine.Result{}, false
}

func (s *tttState) Plies() int { return s.Ply }
func (s *tttState) Hash() string {
	return engine.NewHasher("ttt").Ints(s.Cells[:]...).Int(s.Ply).Sum()
}
func (s *tttState) Clone() engine.State { c := *s; return &c }
