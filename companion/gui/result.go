package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/engine"
)

// resultOf is the game's result, when the view holds it.
func resultOf(v engine.View) (engine.Result, bool) {
	if v == nil {
		return engine.Result{}, false
	}
	return v.Result()
}

// resultLine says how the game ended for this seat.
func (s *seatScreen) resultLine() string {
	a := s.a
	r, ok := resultOf(s.view)
	switch {
	case !ok:
		return a.t("game_over")
	case r.Won(s.w.Seat) && len(r.Winners) == 1:
		return a.t("you_won")
	case r.Won(s.w.Seat):
		return a.t("you_shared")
	case r.Draw():
		return a.t("draw")
	}
	var names []string
	for _, w := range r.Winners {
		names = append(names, a.seatName(w))
	}
	return a.t("winner_is", map[string]any{"Winners": strings.Join(names, ", ")})
}

// resultTable lists every seat's rank and score, this phone's marked.
func (s *seatScreen) resultTable() fyne.CanvasObject {
	a := s.a
	r, ok := resultOf(s.view)
	if !ok {
		return nil
	}
	lines := []string{a.t("final_ranking")}
	if key := "rule.end." + r.Reason; r.Reason != "" && a.texts.Has(key) {
		// How the game ended, in the rules' own words.
		lines = []string{a.texts.T(a.lang, key), "", a.t("final_ranking")}
	}
	for rank := 1; rank <= len(r.Ranks); rank++ {
		for seat, got := range r.Ranks {
			if got != rank {
				continue
			}
			line := a.t("rank_line", map[string]any{"Rank": rank, "Seat": a.seatName(engine.Seat(seat)), "Score": scoreAt(r, seat)})
			if engine.Seat(seat) == s.w.Seat {
				line += " (" + a.t("you") + ")"
			}
			lines = append(lines, line)
		}
	}
	if rec := s.recordLine(); rec != "" {
		lines = append(lines, "", rec)
	}
	l := wrapped(strings.Join(lines, "\n"))
	l.TextStyle.Bold = true
	return l
}

func scoreAt(r engine.Result, seat int) int {
	if seat < len(r.Scores) {
		return r.Scores[seat]
	}
	return 0
}

// recordLine is this player's rating change and place on the game's board,
// once the table has recorded the game (only for a phone with a player key).
func (s *seatScreen) recordLine() string {
	a, r := s.a, s.record
	switch {
	case r == nil:
		return ""
	case !r.Rated:
		return a.t("record_unrated")
	}
	line := a.t("record_rated", map[string]any{
		"Before": fmt.Sprintf("%.1f", r.Before), "After": fmt.Sprintf("%.1f", r.After),
		"Place": r.Place, "Of": r.Of, "Game": a.gameName(s.w.Game),
	})
	if r.Provisional {
		line += " " + a.t("record_provisional", map[string]any{"N": r.Games})
	}
	return line
}
