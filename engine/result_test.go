package engine

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestRankByScoresSharesRanksAndWins(t *testing.T) {
	r := RankByScores([]int{5, 9, 9, 1}, "points")
	if !reflect.DeepEqual(r.Ranks, []int{3, 1, 1, 4}) {
		t.Errorf("ranks %v, want competition ranking 3 1 1 4", r.Ranks)
	}
	if !reflect.DeepEqual(r.Winners, []Seat{1, 2}) || r.Draw() || !r.Won(2) || r.Won(0) {
		t.Errorf("winners %v", r.Winners)
	}
}

func TestDrawResultHasNoWinner(t *testing.T) {
	r := DrawResult([]int{3, 3}, "repetition")
	if !r.Draw() || r.Won(0) || !reflect.DeepEqual(r.Ranks, []int{1, 1}) {
		t.Errorf("%+v", r)
	}
}

func TestResultKeepsItsOwnScores(t *testing.T) {
	scores := []int{1, 2}
	r := RankByScores(scores, "x")
	scores[0] = 99
	if r.Scores[0] != 1 {
		t.Error("the result aliases the caller's slice")
	}
}

func TestDrawWinnersAreAnEmptyList(t *testing.T) {
	data, err := json.Marshal(DrawResult([]int{3, 3}, "repetition"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"winners":[]`) {
		t.Errorf("draw marshals as %s, want \"winners\":[]", data)
	}
	var back Result
	if err := json.Unmarshal(data, &back); err != nil || !back.Draw() {
		t.Errorf("read back %+v, %v: want a draw", back, err)
	}
}
