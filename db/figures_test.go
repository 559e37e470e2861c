package db

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// figuresFixture is a shelf whose figures are known by construction, at
// t0 (Wednesday 11 March 2026; its week began on Monday the 9th):
//
//   - Carcassonne, boxes C1 (at Table 1 now, taken before its last play)
//     and C2: played this week (3 seats, a guest among them), on 6 March,
//     and in December 2025 (typed "carcassonne "); a staff call during a
//     play of it.
//   - Pandémie (played as "Pandemic"), box P3: played this week while P3
//     was at the table, given back with a note.
//   - Azul, box B3: never played.
//   - Canoë, the table's own game: two plays, two lessons.
//   - Brass: a wish.
//
// Searches: "Dixit" twice (found nothing), "Carcassonne" and "Brass"
// (found something).
func figuresFixture(t *testing.T) (*fixture, map[string]shelf.Title) {
	t.Helper()
	ctx := context.Background()
	f := newFixture(t, 3)
	if _, err := f.d.w.Exec(`DELETE FROM shelf_titles`); err != nil {
		t.Fatal(err)
	}
	titles := []shelf.Title{
		{Names: shelf.Names{FR: "Carcassonne"}, MinPlayers: 2, MaxPlayers: 5, MinMinutes: 30, MaxMinutes: 45,
			Copies: []shelf.Copy{{Shelf: "C1"}, {Shelf: "C2"}}},
		{Names: shelf.Names{FR: "Pandémie", EN: "Pandemic"}, Copies: []shelf.Copy{{Shelf: "P3"}}},
		{Names: shelf.Names{FR: "Azul"}, Copies: []shelf.Copy{{Shelf: "B3"}}},
		{Names: shelf.Names{FR: "Canoë"}, Engine: "canoe"},
		{Names: shelf.Names{Original: "Brass"}},
	}
	if _, err := f.d.ImportCatalogue(ctx, titles, t0); err != nil {
		t.Fatal(err)
	}
	ts := byName(t, f.d)
	guest := session.Seat{Kind: session.Guest, Name: "Léa"}
	res := func(n int) engine.Result { return engine.RankByScores(make([]int, n), "sheet-complete") }
	// C1 taken two hours ago: the play started then is C1's.
	c1, p3 := ts["Carcassonne"].Copies[0].ID, ts["Pandémie"].Copies[0].ID
	must(t, f.d.Take(ctx, c1, "Table 1", t0.Add(-2*time.Hour)))
	f.playTitle(t, "carcassonne ", f.persons(0, 2), res(2), time.Date(2025, 12, 1, 21, 0, 0, 0, time.UTC))
	f.playTitle(t, "Carcassonne", f.persons(0, 1), res(2), time.Date(2026, 3, 6, 21, 0, 0, 0, time.UTC))
	f.playTitle(t, "Carcassonne", append(f.persons(0, 1), guest), res(3), t0)
	must(t, f.d.Take(ctx, p3, "Table 1", t0.Add(-3*time.Hour)))
	f.playTitle(t, "Pandemic", f.persons(2), res(1), t0.Add(-time.Hour))
	must(t, f.d.Return(ctx, p3, "Table 1", "", "il manque un pion", t0.Add(-30*time.Minute)))
	f.play(t, "canoe", f.persons(0, 1), []int{1, 0}, t0.Add(-48*time.Hour))
	f.play(t, "canoe", f.persons(1, 2), []int{1, 0}, t0.AddDate(0, -1, 0))
	must(t, f.d.RecordTaught(ctx, TaughtLesson, "Table 1", "canoe", "", t0))
	must(t, f.d.RecordTaught(ctx, TaughtLesson, "Table 1", "canoe", "", t0))
	must(t, f.d.RecordTaught(ctx, TaughtCall, "Table 1", SheetGame, "CARCASSONNE", t0))
	for _, s := range []struct {
		text  string
		found int
	}{{"Dixit", 0}, {"dixit ", 0}, {"Carcassonne", 1}, {"Brass", 1}} {
		must(t, f.d.Searched(ctx, s.text, s.found, t0))
	}
	return f, ts
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func figuresByName(t *testing.T, figs []TitleFigures) map[string]TitleFigures {
	t.Helper()
	out := map[string]TitleFigures{}
	for _, f := range figs {
		out[f.Names.Name("fr")] = f
	}
	return out
}

func TestShelfFiguresPerTitle(t *testing.T) {
	f, _ := figuresFixture(t)
	figs, err := f.d.ShelfFigures(context.Background(), t0, false)
	if err != nil {
		t.Fatal(err)
	}
	by := figuresByName(t, figs)
	carc := by["Carcassonne"]
	if carc.Copies != 2 || carc.AtTables != 1 || !slices.Equal(carc.Sections, []string{"C"}) ||
		carc.Counts != (shelf.Counts{Week: 1, Month: 2, Year: 2, Total: 3, Last: t0}) || carc.Taught != 1 || carc.Notes != 0 {
		t.Errorf("Carcassonne: %+v", carc)
	}
	if pan := by["Pandémie"]; pan.Total != 1 || pan.Week != 1 || pan.Notes != 1 || pan.OpenNotes != 1 || pan.AtTables != 0 {
		t.Errorf("Pandémie (played as Pandemic, a note on its box): %+v", pan)
	}
	if azul := by["Azul"]; azul.Counts != (shelf.Counts{}) || !azul.Last.IsZero() || azul.Wish() {
		t.Errorf("Azul, never played: %+v", azul)
	}
	if canoe := by["Canoë"]; canoe.Total != 2 || canoe.Week != 1 || canoe.Taught != 2 || canoe.Wish() || canoe.Copies != 0 {
		t.Errorf("Canoë, the table's own game: %+v", canoe)
	}
	if brass := by["Brass"]; !brass.Wish() || brass.Total != 0 {
		t.Errorf("Brass, a wish: %+v", brass)
	}
}

func TestTitleFiguresPerTitleAndCopy(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	d, err := f.d.TitleFigures(ctx, ts["Carcassonne"].ID, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Plays) != 3 || d.Counts != (shelf.Counts{Week: 1, Month: 2, Year: 2, Total: 3, Last: t0}) {
		t.Fatalf("Carcassonne's plays: %+v, counts %+v", d.Plays, d.Counts)
	}
	// December: A and C new; 6 March: B new; this week: nobody (the guest is never new).
	if d.NewPerPlay != 1 {
		t.Errorf("new players per play %v, want 1", d.NewPerPlay)
	}
	if want := []shelf.AtCount{{Players: 2, Plays: 2, Median: time.Hour}, {Players: 3, Plays: 1, Median: time.Hour}}; !slices.Equal(d.ByCount, want) {
		t.Errorf("by player count %+v, want %+v", d.ByCount, want)
	}
	if d.Lessons != 0 || d.Calls != 1 {
		t.Errorf("taught: %d lessons, %d calls", d.Lessons, d.Calls)
	}
	if len(d.Copies) != 2 || d.Copies[0].Shelf != "C1" || d.Copies[0].Status != shelf.AtTable || d.Copies[0].Table != "Table 1" ||
		d.Copies[0].Total != 1 || d.Copies[0].Week != 1 || d.Copies[1].Total != 0 {
		t.Errorf("the copies: %+v", d.Copies)
	}
	// The figures page and the title's page agree.
	figs, _ := f.d.ShelfFigures(ctx, t0, false)
	for _, tf := range figs {
		td, err := f.d.TitleFigures(ctx, tf.ID, t0, false)
		if err != nil {
			t.Fatal(err)
		}
		if td.Counts != tf.Counts || td.Lessons+td.Calls != tf.Taught {
			t.Errorf("%s: the list says %+v (taught %d), its page %+v (taught %d)", tf.Names.Name("fr"), tf.Counts, tf.Taught, td.Counts, td.Lessons+td.Calls)
		}
	}

	pan, err := f.d.TitleFigures(ctx, ts["Pandémie"].ID, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(pan.Copies) != 1 || pan.Copies[0].Total != 1 || pan.Copies[0].OpenNotes != 1 || len(pan.Notes) != 1 || pan.Notes[0].Text != "il manque un pion" {
		t.Errorf("Pandémie's box, played then given back with a note: %+v, notes %+v", pan.Copies, pan.Notes)
	}
	canoe, err := f.d.TitleFigures(ctx, ts["Canoë"].ID, t0, false)
	if err != nil || canoe.Total != 2 || canoe.Lessons != 2 || len(canoe.Copies) != 0 {
		t.Errorf("Canoë: %+v (%v)", canoe, err)
	}
	azul, err := f.d.TitleFigures(ctx, ts["Azul"].ID, t0, false)
	if err != nil || len(azul.Plays) != 0 || azul.NewPerPlay != 0 || len(azul.ByCount) != 0 || azul.Copies[0].Total != 0 {
		t.Errorf("Azul, never played: %+v (%v)", azul, err)
	}
	if _, err := f.d.TitleFigures(ctx, 99999, t0, false); err == nil {
		t.Errorf("figures of a title that does not exist")
	}
}

func TestSearchedNotOwnedAndWishes(t *testing.T) {
	ctx := context.Background()
	f, _ := figuresFixture(t)
	got, err := f.d.SearchedNotOwned(ctx, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Text != "dixit" || got[0].Count != 2 {
		t.Errorf("searched, not owned: %+v", got)
	}
	counts, err := f.d.SearchCounts(ctx)
	if err != nil || counts["brass"] != 1 || counts["dixit"] != 2 {
		t.Errorf("search counts %v (%v)", counts, err)
	}
}

func TestLoansFollowTheBox(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	c2 := ts["Carcassonne"].Copies[1].ID
	must(t, f.d.Take(ctx, c2, "Table 2", t0))
	must(t, f.d.Take(ctx, c2, "Table 2", t0.Add(time.Minute))) // already there: no second stay
	must(t, f.d.SetCopyStatus(ctx, c2, shelf.Missing))
	must(t, f.d.Take(ctx, c2, "Table 3", t0.Add(time.Hour)))
	loans, err := loansOf(ctx, f.d.r, ts["Carcassonne"].ID)
	if err != nil {
		t.Fatal(err)
	}
	got := loans[c2]
	if len(got) != 2 || got[0].Table != "Table 2" || got[0].Returned.IsZero() || got[1].Table != "Table 3" || !got[1].Returned.IsZero() {
		t.Errorf("C2's stays: %+v", got)
	}
}

// The venue's plays, every table's, when the figures cover the venue.
func TestShelfFiguresOverTheVenue(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	ev := SessionEvent{V: 1, Kiosk: "k2", Table: "Table 2", ID: "0190a0c0-0000-7000-8000-000000000001", Game: SheetGame,
		Options: map[string]string{"title": "azul"}, StartedAt: t0.Add(-time.Hour), EndedAt: t0, Reason: "sheet-complete",
		Seats: []EventSeat{{Kind: session.Person, PlayerID: "p1", Nickname: "Zoé", Rank: 1, Winner: true}, {Kind: session.Guest, Name: "Invité", Rank: 2}}}
	body, _ := json.Marshal(ev)
	if _, err := f.d.LoadVenueEvent(ctx, "e1", body, t0); err != nil {
		t.Fatal(err)
	}
	if ok, err := f.d.HasVenuePlays(ctx); !ok || err != nil {
		t.Fatalf("venue plays: %v (%v)", ok, err)
	}
	figs, err := f.d.ShelfFigures(ctx, t0, true)
	if err != nil {
		t.Fatal(err)
	}
	if azul := figuresByName(t, figs)["Azul"]; azul.Total != 1 || azul.Week != 1 {
		t.Errorf("Azul over the venue: %+v", azul)
	}
	d, err := f.d.TitleFigures(ctx, ts["Azul"].ID, t0, true)
	if err != nil || len(d.Plays) != 1 || d.Plays[0].Table != "Table 2" || d.Plays[0].Players != 2 || d.NewPerPlay != 1 {
		t.Errorf("Azul's page over the venue: %+v (%v)", d.Plays, err)
	}
}

func TestTheDecisionLists(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	figs, err := f.d.ShelfFigures(ctx, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	names := func(fs []TitleFigures) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Names.Name("fr"))
		}
		return out
	}
	// Weeding: not played since 1 March: Azul (never), nothing else with
	// a box; since a minute after t0 (all): Azul first, then Pandémie and
	// Carcassonne by their last play (both at t0: id order).
	if got := names(Unplayed(figs, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))); !slices.Equal(got, []string{"Azul"}) {
		t.Errorf("unplayed since March: %v", got)
	}
	if got := names(Unplayed(figs, t0.Add(time.Minute))); !slices.Equal(got, []string{"Azul", "Pandémie", "Carcassonne"}) {
		t.Errorf("unplayed since a minute from now: %v", got)
	}
	sections := MostPlayedBySection(figs, 5)
	if len(sections) != 2 || sections[0].Section != "C" || !slices.Equal(names(sections[0].Titles), []string{"Carcassonne"}) ||
		sections[1].Section != "P" || !slices.Equal(names(sections[1].Titles), []string{"Pandémie"}) {
		t.Errorf("most played per section: %+v", sections)
	}
	counts, _ := f.d.SearchCounts(ctx)
	if w := Wishes(figs, counts, shelf.FoldKey); len(w) != 1 || w[0].Names.Original != "Brass" || w[0].Searches != 1 {
		t.Errorf("wishes: %+v", w)
	}
	notes, _ := f.d.CopyNotes(ctx, true)
	r := Repairs(notes)
	if len(r) != 1 || r[0].CopyID != ts["Pandémie"].Copies[0].ID || r[0].Open != 1 || r[0].Latest != "il manque un pion" || r[0].Shelf != "P3" {
		t.Errorf("repairs: %+v", r)
	}
	must(t, f.d.CloseNote(ctx, notes[0].ID, t0))
	notes, _ = f.d.CopyNotes(ctx, true)
	if r := Repairs(notes); len(r) != 0 {
		t.Errorf("repairs once the note is dealt with: %+v", r)
	}
}

// The figures kept between reads follow a write: a play, a note.
func TestShelfFiguresFollowAWrite(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	before, err := f.d.ShelfFigures(ctx, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	if azul := figuresByName(t, before)["Azul"]; azul.Total != 0 {
		t.Fatalf("Azul before: %+v", azul)
	}
	f.playTitle(t, "Azul", f.persons(0, 1), engine.RankByScores([]int{1, 0}, "sheet-complete"), t0)
	must(t, f.d.Return(ctx, ts["Azul"].Copies[0].ID, "Table 1", "", "une tuile en moins", t0))
	after, err := f.d.ShelfFigures(ctx, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	if azul := figuresByName(t, after)["Azul"]; azul.Total != 1 || azul.Week != 1 || azul.OpenNotes != 1 {
		t.Errorf("Azul after a play and a note: %+v", azul)
	}
	// A box taken: the plays' counts kept, the box at the table counted.
	must(t, f.d.Take(ctx, ts["Azul"].Copies[0].ID, "Table 2", t0))
	taken, _ := f.d.ShelfFigures(ctx, t0, false)
	if azul := figuresByName(t, taken)["Azul"]; azul.Total != 1 || azul.AtTables != 1 {
		t.Errorf("Azul after its box was taken: %+v", azul)
	}
	// A session that was never finished is no play; an abandoned one neither.
	s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: SheetGame,
		Options: map[string]string{"sheet": "generic", "title": "Azul"}, Seats: f.persons(0, 1), StartedAt: t0})
	if err != nil {
		t.Fatal(err)
	}
	must(t, f.d.SetStatus(ctx, s.ID, session.Abandoned, "left", t0))
	again, _ := f.d.ShelfFigures(ctx, t0, false)
	if azul := figuresByName(t, again)["Azul"]; azul.Total != 1 {
		t.Errorf("an abandoned play counted: %+v", azul)
	}
}

// More pages at once than the database has readers: none waits for ever
// (a title's page reads the figures before it holds a reader).
func TestTitleFiguresManyAtOnce(t *testing.T) {
	f, ts := figuresFixture(t)
	errs := make(chan error)
	for i := range 3 * readers {
		go func() {
			_, err := f.d.TitleFigures(context.Background(), ts["Carcassonne"].ID, t0.Add(time.Duration(i)*24*time.Hour), false)
			errs <- err
		}()
	}
	for range 3 * readers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// A play finished after the figures were read shows in them, counted
// from the plays added since rather than from every play again, exactly
// as a count from nothing gives it; a play taken back is counted again.
func TestShelfFiguresTakeThePlaysAdded(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	if _, err := f.d.ShelfFigures(ctx, t0, false); err != nil {
		t.Fatal(err)
	}
	recounts := func() int {
		f.d.figures.mu.Lock()
		defer f.d.figures.mu.Unlock()
		return f.d.figures.recounts
	}
	before := recounts()
	res := engine.RankByScores([]int{1, 0}, "sheet-complete")
	// Azul never played before (a name the counts did not hold), then a
	// Carcassonne in 2025 (last year: its last play stays t0's), and a
	// Canoë this week.
	f.playTitle(t, "Azul", f.persons(0, 1), res, t0.Add(-time.Hour))
	f.playTitle(t, "CARCASSONNE", f.persons(0, 1), res, time.Date(2025, 6, 1, 20, 0, 0, 0, time.UTC))
	f.play(t, "canoe", f.persons(0, 1), []int{1, 0}, t0.Add(-time.Hour))
	figs, err := f.d.ShelfFigures(ctx, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	if n := recounts(); n != before {
		t.Errorf("every play counted again %d times after three plays added", n-before)
	}
	by := figuresByName(t, figs)
	if azul := by["Azul"]; azul.Counts != (shelf.Counts{Week: 1, Month: 1, Year: 1, Total: 1, Last: t0.Add(-time.Hour)}) {
		t.Errorf("Azul, played once since the figures were read: %+v", azul.Counts)
	}
	if carc := by["Carcassonne"]; carc.Counts != (shelf.Counts{Week: 1, Month: 2, Year: 2, Total: 4, Last: t0}) {
		t.Errorf("Carcassonne, played in June 2025 since: %+v", carc.Counts)
	}
	if canoe := by["Canoë"]; canoe.Total != 3 || canoe.Week != 2 {
		t.Errorf("Canoë, played this week since: %+v", canoe.Counts)
	}
	// Its page finds the play under the name it was played as.
	if d, err := f.d.TitleFigures(ctx, ts["Azul"].ID, t0, false); err != nil || len(d.Plays) != 1 || d.Total != 1 {
		t.Errorf("Azul's page: %d plays, %+v (%v)", len(d.Plays), d.Counts, err)
	}
	// The same as every play counted from nothing.
	f.d.figures.mu.Lock()
	f.d.figures.plays, f.d.figures.reads = [2]*playCounts{}, [2]*figuresRead{}
	f.d.figures.mu.Unlock()
	cold, err := f.d.ShelfFigures(ctx, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(figs, cold, func(a, b TitleFigures) bool { return a.ID == b.ID && a.Counts == b.Counts }) {
		t.Errorf("plays added:\n%+v\ncounted from nothing:\n%+v", figs, cold)
	}
	// A play taken back adds no row: every play is counted again.
	s := f.play(t, "canoe", f.persons(0, 1), []int{1, 0}, t0)
	if _, err := f.d.ShelfFigures(ctx, t0, false); err != nil {
		t.Fatal(err)
	}
	if _, err := f.d.w.Exec(`UPDATE sessions SET status = ? WHERE id = ?`, string(session.Abandoned), s.ID); err != nil {
		t.Fatal(err)
	}
	back, err := f.d.ShelfFigures(ctx, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	if canoe := figuresByName(t, back)["Canoë"]; canoe.Total != 3 {
		t.Errorf("Canoë after a play taken back: %+v", canoe.Counts)
	}
}
