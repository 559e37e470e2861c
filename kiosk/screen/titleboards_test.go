package screen

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/shelf"
)

// fakeTitleRecords is Records with the ludothèque's boards, by period
// and scope ("venue:" before the venue's).
type fakeTitleRecords struct {
	fakeRecords
	titles  map[string][]TitleLine
	players map[string][]PlayerLine
	boards  map[string][]TitleStanding // by ref
}

func scopeKey(p Period, venue bool) string {
	if venue {
		return "venue:" + string(p)
	}
	return string(p)
}

func (f *fakeTitleRecords) TitleBoards(_ context.Context, p Period, venue bool) ([]TitleLine, error) {
	return f.titles[scopeKey(p, venue)], nil
}

func (f *fakeTitleRecords) PlayerTitles(_ context.Context, p Period, venue bool) ([]PlayerLine, error) {
	return f.players[scopeKey(p, venue)], nil
}

func (f *fakeTitleRecords) TitleBoard(_ context.Context, ref string, venue bool) (TitleLine, []TitleStanding, error) {
	for _, l := range f.titles[scopeKey(AllTime, venue)] {
		if l.Ref == ref {
			return l, f.boards[ref], nil
		}
	}
	return TitleLine{}, nil, errors.New("no such title")
}

var pandemic = shelf.Names{FR: "Pandémie", DE: "Pandemic", EN: "Pandemic", Original: "Pandemic"}

// TestAttractShowsTheShelfsWeek: the attract screen names the shelf's
// titles played this week in the table's language, each with its plays
// and its leader or the group's record, and the week's most eager
// player; a week without a shelf game shows nothing of it.
func TestAttractShowsTheShelfsWeek(t *testing.T) {
	test.NewTempApp(t)
	w := words(t, i18n.FR)
	a := NewAttract(w, "Table du fond", infos(), nil, nil, nil)
	win := test.NewTempWindow(t, a.Content())
	win.Resize(fyne.NewSize(1920, 1080))
	a.ShowPlayed(w, nil, nil)
	if a.Played() != nil || uitest.HasText(a.Content(), "Joués cette semaine, de la ludothèque") {
		t.Fatal("a week without shelf games says something of them")
	}
	a.ShowPlayed(w, []TitleLine{
		{Names: shelf.Names{FR: "Les Aventuriers du Rail", EN: "Ticket to Ride"}, Plays: 5, Leader: "Anja"},
		{Names: pandemic, Plays: 3, Coop: true, Won: 2, Lost: 1},
		{Played: "Terra Mystica", Plays: 1},
	}, []PlayerLine{{Name: "Anja", Plays: 6, Titles: 3, HIndex: 2}})
	want := "[Les Aventuriers du Rail — 5 parties · Anja en tête Pandémie — 3 parties · 2 gagnées sur 3 Terra Mystica — 1 partie Anja : 6 parties, jeux différents : 3]"
	if got := fmt.Sprint(a.Played()); got != want {
		t.Errorf("the attract screen says %s, want %s", got, want)
	}
	for _, s := range []string{"Joués cette semaine, de la ludothèque", "Les Aventuriers du Rail", "2 gagnées sur 3", "Anja : 6 parties, jeux différents : 3"} {
		if !uitest.ShowsText(win, s) {
			t.Errorf("%q is not on the attract screen", s)
		}
	}
}

// TestStaffShowsTheShelfsBoards: the staff screen's section of the
// ludothèque lists every title played and the players across titles
// with their H-index, for the period asked; a table of a venue shows the
// venue's; records without those boards give no section.
func TestStaffShowsTheShelfsBoards(t *testing.T) {
	test.NewTempApp(t)
	rec := &fakeTitleRecords{
		titles: map[string][]TitleLine{
			"all":       {{Names: pandemic, Plays: 4, Coop: true, Won: 1, Lost: 3, Ref: "#13"}, {Played: "Terra Mystica", Plays: 2, Ref: "Terra Mystica"}},
			"week":      {{Names: shelf.Names{EN: "Azul"}, Plays: 1, Leader: "Basile"}},
			"venue:all": {{Names: shelf.Names{EN: "Azul"}, Plays: 9, Leader: "Chloé"}},
		},
		players: map[string][]PlayerLine{
			"all":       {{Name: "Anouk", HIndex: 2, Plays: 7, Titles: 3, Wins: 4}},
			"venue:all": {{Name: "Chloé", HIndex: 3, Plays: 12, Titles: 5, Wins: 6}},
		},
	}
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1920, 1080))
	s := NewStaff(context.Background(), words(t, i18n.DE), w, rec, infos(), StaffActions{})
	w.SetContent(s.Content())
	if got, want := fmt.Sprint(s.ShowTitles(AllTime)), "[[1 Pandemic 4 kooperativ — gewonnen: 1, verloren: 3] [2 Terra Mystica 2 —] [1 Anouk 2 7 3 4]]"; got != want {
		t.Errorf("all time: %s, want %s", got, want)
	}
	if !uitest.ShowsText(w, "H-Index") || !uitest.ShowsText(w, "Spiele aus dem Regal") {
		t.Error("the section does not name what it shows")
	}
	if got, want := fmt.Sprint(s.ShowTitles(Week)), "[[1 Azul 1 Basile]]"; got != want {
		t.Errorf("this week: %s, want %s", got, want)
	}
	rec.boards = map[string][]TitleStanding{
		"Terra Mystica": {{Name: "Anouk", Plays: 2, Wins: 2, Rated: true, Rating: 3.14, Provisional: true}, {Name: "Basile", Plays: 2}},
		"#13":           {{Name: "Anouk", Plays: 4, Wins: 1, Losses: 3}},
	}
	if s.ShowTitle("Terra Mystica") != nil {
		t.Error("a title not played this week is offered with this week's")
	}
	s.ShowTitles(AllTime)
	if got, want := fmt.Sprint(s.ShowTitle("Terra Mystica")), "[[1 Anouk 3.1 (vorläufig) 2 2] [2 Basile — 2 0]]"; got != want {
		t.Errorf("Terra Mystica's board: %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(s.ShowTitle("Pandemic")), "[[1 Anouk 4 1 3]]"; got != want || !uitest.ShowsText(w, "niemand wird gewertet") {
		t.Errorf("Pandemic's board: %s, want %s", got, want)
	}
	if s.ShowTitle("Azul") != nil {
		t.Error("a title of this week only is offered among all time's")
	}
	rec.venue = VenueState{Paired: true, Linked: true}
	s = NewStaff(context.Background(), words(t, i18n.DE), w, rec, infos(), StaffActions{})
	if got, want := fmt.Sprint(s.ShowTitles(AllTime)), "[[1 Azul 9 Chloé] [1 Chloé 3 12 5 6]]"; got != want {
		t.Errorf("a table of a venue: %s, want %s", got, want)
	}
	plain := NewStaff(context.Background(), words(t, i18n.DE), w, &fakeRecords{}, infos(), StaffActions{})
	if plain.ShowTitles(AllTime) != nil {
		t.Error("records without the ludothèque's boards have a section of them")
	}
}

// TestTheShelfsWeekFitsTheAttractScreen: four long titles and the
// player's line fit the table's screen beside the week's champions of
// every game, in every language.
func TestTheShelfsWeekFitsTheAttractScreen(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, NewTheme()) // the kiosk's sizes, as on the table
	champions := map[string][]Standing{}
	for _, g := range infos() {
		champions[g.ID] = []Standing{{Place: 1, Name: "Bérénice", Points: 12}, {Place: 2, Name: "Anja", Points: 9}, {Place: 3, Guest: true, Name: "Léa", Points: 3}}
	}
	long := []TitleLine{
		{Names: shelf.Names{FR: "The Crew : La Quête de la planète Neuf", DE: "Die Crew: Reist gemeinsam zum 9. Planeten", EN: "The Crew: The Quest for Planet Nine"}, Plays: 12, Coop: true, Won: 7, Lost: 5},
		{Names: shelf.Names{FR: "Les Charlatans de Belcastel", DE: "Die Quacksalber von Quedlinburg", EN: "The Quacks of Quedlinburg"}, Plays: 10, Leader: "Maximilian-Alexander"},
		{Names: shelf.Names{FR: "Century : La Route des épices", DE: "Century: Die Gewürzstraße", EN: "Century: Spice Road"}, Plays: 8, Leader: "Bérénice"},
		{Names: shelf.Names{FR: "Les Loups-Garous de Thiercelieux", DE: "Die Werwölfe von Düsterwald", EN: "The Werewolves of Miller's Hollow"}, Plays: 7, Leader: "Léa"},
	}
	for _, lang := range langs {
		w := words(t, i18n.Lang(lang))
		a := NewAttract(w, "Table du fond", infos(), champions, nil, nil)
		a.ShowPlayed(w, long, []PlayerLine{{Name: "Maximilian-Alexander", Plays: 23, Titles: 11}})
		size := fyne.NewSize(1920, 1080)
		if min := a.Content().MinSize(); min.Width > size.Width || min.Height > size.Height {
			t.Errorf("%s: the attract screen needs %v", lang, min)
		}
		a.Content().Resize(size)
		if out := outside(a.Content(), size); len(out) > 0 {
			t.Errorf("%s: outside the screen: %v", lang, out)
		}
	}
}

func TestShorten(t *testing.T) {
	test.NewTempApp(t)
	const size = 24
	w := func(s string) float32 { return fyne.MeasureText(s, size, fyne.TextStyle{}).Width }
	long := "Die Crew: Reist gemeinsam zum 9. Planeten"
	for _, c := range []struct {
		s     string
		width float32
		want  string
	}{
		{"Azul", 400, "Azul"},
		{long, w(long), long},
		{long, w("Die Crew: Reist gemeinsam…"), "Die Crew: Reist gemeinsam…"},
		{long, w("Die Crew: Reist gemeinsam…") - 1, "Die Crew: Reist…"},
		{long, w("Die Crew…"), "Die Crew…"},
		{"Donaudampfschifffahrt", w("Donau…"), "Donau…"},
		{"Donaudampfschifffahrt", 1, "…"},
	} {
		got := shorten(c.s, size, false, c.width)
		if got != c.want || w(got) > c.width && got != "…" {
			t.Errorf("shorten(%q, %.0f px) = %q, want %q", c.s, c.width, got, c.want)
		}
	}
}
