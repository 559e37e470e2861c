package window

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/session"
)

// TestTheTableShowsTheShelfsBoards: plays of shelf titles logged at the
// table are on its attract screen's week, under the catalogue's French
// name whichever name they were played under, and on the staff screen's
// section of the ludothèque with each player's H-index.
func TestTheTableShowsTheShelfsBoards(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	ctx := context.Background()
	d := k.tb.DB()
	tb, err := d.EnsureTable(ctx, "Table test")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	var seats []session.Seat
	for _, name := range []string{"Anja", "Basile"} {
		p, err := d.CreatePlayer(ctx, name, now)
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, session.Seat{Kind: session.Person, PlayerID: p.ID})
	}
	for i, title := range []string{"Zug um Zug", "Ticket to Ride", "Pandemic"} {
		res := engine.RankByScores([]int{100, 90 + 20*i}, "sheet-complete")
		if title == "Pandemic" {
			res = engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Winners: []engine.Seat{0, 1}, Reason: "sheet-won"}
		}
		start := now.Add(-time.Duration(3-i) * time.Second)
		s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "sheet",
			Options: map[string]string{"sheet": "generic", "title": title}, Seats: seats, StartedAt: start})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Finish(ctx, s.ID, res, start.Add(time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	k.ui.showAttract()
	played := fmt.Sprint(k.ui.attract.Played())
	if !strings.Contains(played, "Les Aventuriers du Rail — 2 parties · ") || !strings.Contains(played, "Pandémie — 1 partie · 1 gagnée sur 1") ||
		!strings.Contains(played, " : 3 parties, jeux différents : 2]") {
		t.Errorf("the attract screen's week of the shelf: %s", played)
	}
	if !uitest.ShowsText(k.w, "Joués cette semaine, de la ludothèque") {
		t.Error("the attract screen does not show the shelf's week")
	}
	k.ui.showStaff()
	lines := fmt.Sprint(k.ui.Staff().ShowTitles(screen.AllTime))
	if !strings.Contains(lines, "[1 Les Aventuriers du Rail 2 ") || !strings.Contains(lines, "[2 Pandémie 1 coopératif — gagnées : 1, perdues : 0]") ||
		!strings.Contains(lines, " 1 3 2 ") {
		t.Errorf("the staff screen's ludothèque: %s", lines)
	}
	// One title's board: its two plays under two names, won by Anja
	// then Basile, who is first (plays are rated in the order they ended:
	// the last one moved the ratings last); Pandemic's record, nobody
	// rated.
	ttr := fmt.Sprint(k.ui.Staff().ShowTitle("Les Aventuriers du Rail"))
	if !strings.HasPrefix(ttr, "[[1 Basile ") || !strings.Contains(ttr, "(provisoire) 2 1] [2 Anja ") {
		t.Errorf("the staff screen's board of Ticket to Ride: %s", ttr)
	}
	if coop := fmt.Sprint(k.ui.Staff().ShowTitle("Pandémie")); coop != "[[1 Anja 1 1 0] [2 Basile 1 1 0]]" {
		t.Errorf("the staff screen's board of Pandemic: %s", coop)
	}
}
