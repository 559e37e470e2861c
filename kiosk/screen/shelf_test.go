package screen

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelftest"
)

// evening is the clock of the shelf's tests: 19:40 at the café.
var evening = time.Date(2026, 12, 4, 19, 40, 0, 0, time.Local)

func newShelf(t *testing.T, lib shelf.Library, side geom.Side, lang i18n.Lang) (*Shelf, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	test.ApplyTheme(t, NewTheme())
	w := test.NewTempWindow(t, nil)
	s, err := NewShelf(ShelfConfig{Words: words(t, lang), Lib: lib, Table: "Table 1", Side: side,
		Now: func() time.Time { return evening }, Fault: func(err error) { t.Errorf("fault: %v", err) }})
	if err != nil {
		t.Fatal(err)
	}
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	return s, w
}

// titleNamed is the demo title called name in French.
func titleNamed(t *testing.T, s *Shelf, name string) shelf.Title {
	t.Helper()
	for _, m := range s.ix.Search(shelf.Query{Wishes: true, Limit: s.ix.Len()}) {
		if m.Title.Names.FR == name {
			return m.Title
		}
	}
	t.Fatalf("no title %q", name)
	return shelf.Title{}
}

func matchNames(ms []shelf.Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Title.Names.FR)
	}
	return out
}

func TestShelfProposesWhatFiveCanPlayInHalfAnHourAndFollowsTheCopy(t *testing.T) {
	lib := shelftest.NewMemory(shelftest.Demo())
	s, _ := newShelf(t, lib, geom.Bottom, i18n.FR)
	test.Tap(s.Stepper("players+")) // 4 → 5
	test.Tap(s.Stepper("minutes-")) // 60 → 45
	test.Tap(s.Stepper("minutes-")) // 45 → 30
	if q := s.Query(); q.Players != 5 || q.Minutes != 30 {
		t.Fatalf("the group asked %+v, want 5 players and 30 minutes", q)
	}
	got := s.Matches()
	if len(got) == 0 || len(got) > shelf.DefaultLimit {
		t.Fatalf("proposed %q", matchNames(got))
	}
	for _, m := range got {
		if !m.Title.Fits(5) || max(m.Title.MinMinutes, m.Title.MaxMinutes) > 30 {
			t.Errorf("proposed %s (%d–%d players, %d min) to five with half an hour", m.Title.Names.FR, m.Title.MinPlayers, m.Title.MaxPlayers, m.Title.MaxMinutes)
		}
	}
	skull := titleNamed(t, s, "Skull King")
	if !strings.Contains(strings.Join(matchNames(got), ","), "Skull King") {
		t.Fatalf("Skull King (2–8, 30 min, best at 5) not proposed: %q", matchNames(got))
	}
	if !uitest.HasText(s.Upright(), "B7") || s.TakeButton(skull.ID) == nil {
		t.Error("the card does not show Skull King's shelf code B7 and its free copy")
	}
	test.Tap(s.TakeButton(skull.ID))
	here, _ := lib.AtTable(context.Background(), "Table 1")
	if len(here) != 1 || here[0].Shelf != "B7" || !here[0].Since.Equal(evening) {
		t.Fatalf("after « Nous le prenons » the table has %+v, want B7 since 19:40", here)
	}
	if !strings.Contains(s.Status(), "Skull King est à cette table") {
		t.Errorf("status %q", s.Status())
	}
	if !uitest.HasText(s.Upright(), "Skull King (B7) depuis 19:40") || !uitest.HasText(s.Upright(), "À cette table depuis 19:40") {
		t.Error("the screen does not show the box at this table")
	}
	// The end: a card is torn.
	test.Tap(s.GiveButton(here[0].ID))
	if s.Answer("damaged") == nil {
		t.Fatal("« Rendre » asks nothing")
	}
	s.Type("carte dechiree")
	test.Tap(s.Answer("damaged"))
	notes, _ := lib.Notes(context.Background(), true)
	if len(notes) != 1 || notes[0].Text != "Quelque chose est abîmé : carte dechiree" || notes[0].Kind != shelf.NoteDamage || notes[0].Table != "Table 1" || notes[0].CopyID != here[0].ID {
		t.Fatalf("notes %+v", notes)
	}
	if here, _ := lib.AtTable(context.Background(), "Table 1"); len(here) != 0 || len(s.AtTable()) != 0 {
		t.Errorf("still at the table: %+v (screen %+v)", here, s.AtTable())
	}
	if !strings.Contains(s.Status(), "B7") {
		t.Errorf("status %q does not say where the box goes back", s.Status())
	}
}

func TestShelfSaysWhichTableHasTheBoxAndRefusesItToAnother(t *testing.T) {
	lib := shelftest.NewMemory(shelftest.Demo())
	s, _ := newShelf(t, lib, geom.Bottom, i18n.FR)
	carc := titleNamed(t, s, "Carcassonne")
	s.Type("carcasonne")
	if m := s.Matches(); len(m) == 0 || m[0].Title.ID != carc.ID || s.TakeButton(carc.ID) == nil {
		t.Fatalf("carcasonne found %q", matchNames(m))
	}
	// Another table takes it meanwhile: this one is told, not given it.
	if err := lib.Take(context.Background(), carc.Copies[0].ID, "Table 3", evening); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.TakeButton(carc.ID))
	if !strings.Contains(s.Status(), "une autre table") {
		t.Errorf("status %q", s.Status())
	}
	if !uitest.HasText(s.Upright(), "Sorti : Table 3, depuis 19:40") || s.TakeButton(carc.ID) != nil {
		t.Error("the card does not say the box is at Table 3 since 19:40, or still offers it")
	}
	if here, _ := lib.AtTable(context.Background(), "Table 1"); len(here) != 0 {
		t.Errorf("this table has %+v", here)
	}
}

func TestShelfFindsByAnyNameOrShelfCodeAndRecordsTheSearch(t *testing.T) {
	lib := shelftest.NewMemory(shelftest.Demo())
	s, _ := newShelf(t, lib, geom.Left, i18n.DE)
	s.Type("zug um")
	if m := s.Matches(); len(m) == 0 || m[0].Title.Names.FR != "Les Aventuriers du Rail" {
		t.Fatalf("zug um found %q", matchNames(m))
	}
	if !uitest.HasText(s.Upright(), "Zug um Zug") {
		t.Error("the German table does not name the box in German")
	}
	test.Tap(s.keys["clear"])
	s.Type("d5")
	carc := titleNamed(t, s, "Carcassonne")
	if m := s.Matches(); len(m) == 0 || m[0].Title.ID != carc.ID || s.TakeButton(carc.ID) == nil {
		t.Fatalf("the shelf code D5 found %q", matchNames(m))
	}
	test.Tap(s.TakeButton(carc.ID))
	got := lib.Searches()
	if len(got) != 2 || got[0].Text != "zug um" || got[0].Found != 1 || got[1].Text != "d5" {
		t.Errorf("searches recorded %+v, want «zug um» (1 found) then «d5»", got)
	}
	if here, _ := lib.AtTable(context.Background(), "Table 1"); len(here) != 1 || here[0].Shelf != "D5" {
		t.Errorf("at the table %+v", here)
	}
}

func TestShelfLeadsTheTablesOwnGamesToTheirPlay(t *testing.T) {
	var played string
	test.NewTempApp(t)
	s, err := NewShelf(ShelfConfig{Words: words(t, i18n.EN), Lib: shelftest.NewMemory(shelftest.Demo()), Table: "Table 1",
		Play: func(id string) { played = id }})
	if err != nil {
		t.Fatal(err)
	}
	s.Type("canoe")
	canoe := titleNamed(t, s, "Canoë")
	if s.PlayButton(canoe.ID) == nil || s.TakeButton(canoe.ID) != nil {
		t.Fatalf("Canoë's card offers no « Play on the table » (matches %q)", matchNames(s.Matches()))
	}
	test.Tap(s.PlayButton(canoe.ID))
	if played != "canoe" {
		t.Errorf("played %q", played)
	}
}

// placed is every text under o with where it lies in o's coordinates.
type placed struct {
	what     string
	pos      fyne.Position
	size     fyne.Size
	min      fyne.Size
	wrapping bool
}

func texts(o fyne.CanvasObject, origin fyne.Position) []placed {
	if o == nil || !o.Visible() {
		return nil
	}
	at := origin.Add(o.Position())
	var out []placed
	switch x := o.(type) {
	case *canvas.Text:
		if x.Text != "" {
			out = append(out, placed{x.Text, at, x.Size(), x.MinSize(), false})
		}
	case *widget.Label:
		return append(out, placed{x.Text, at, x.Size(), x.MinSize(), x.Wrapping != fyne.TextWrapOff || x.Truncation != fyne.TextTruncateOff})
	case *widget.Button:
		return append(out, placed{x.Text, at, x.Size(), x.MinSize(), false})
	}
	for _, k := range uitest.Children(o) {
		if _, ok := o.(interface{ Content() fyne.CanvasObject }); ok {
			out = append(out, texts(k, fyne.Position{})...)
			continue
		}
		out = append(out, texts(k, at)...)
	}
	return out
}

func TestShelfFitsItsTextsAndTargetsFromEverySide(t *testing.T) {
	for _, side := range []geom.Side{geom.Bottom, geom.Left, geom.Top, geom.Right} {
		for _, lang := range i18n.Langs() {
			if testing.Short() && lang != i18n.DE && (side != geom.Bottom || lang != i18n.FR) {
				// German's texts are the longest: -short checks them
				// from every side, and French from the bottom.
				continue
			}
			t.Run(fmt.Sprintf("%d/%s", side, lang), func(t *testing.T) {
				lib := shelftest.NewMemory(shelftest.Demo())
				s, w := newShelf(t, lib, side, lang)
				if err := lib.Take(context.Background(), titleNamed(t, s, "Dixit").Copies[0].ID, "Table 1", evening); err != nil {
					t.Fatal(err)
				}
				if err := lib.Take(context.Background(), titleNamed(t, s, "Carcassonne").Copies[0].ID, "Table 3", evening); err != nil {
					t.Fatal(err)
				}
				for range shelfMinutes { // the longest list: every box fits
					test.Tap(s.Stepper("minutes+"))
				}
				if err := s.reload(); err != nil {
					t.Fatal(err)
				}
				s.Type("le")
				test.Tap(s.keys["⌫"])
				test.Tap(s.keys["⌫"])
				if n := len(s.Matches()); n != shelf.DefaultLimit {
					t.Fatalf("%d titles proposed, want the longest list (%d)", n, shelf.DefaultLimit)
				}
				check := func(state string) {
					if side != geom.Bottom {
						if got, want := s.panel.Turned(), geom.Turn(side.QuarterTurns()).Size(s.upright()); got != want || got != fyne.NewSize(1920, 1080) {
							t.Errorf("%s: the turned screen is %v, want %v", state, got, want)
						}
					}
					area := s.upright()
					if side == geom.Bottom {
						area = w.Canvas().Size()
					}
					for _, p := range texts(s.Upright(), fyne.Position{}) {
						end := p.pos.Add(fyne.NewPos(p.size.Width, p.size.Height))
						if p.pos.X < 0 || p.pos.Y < 0 || end.X > area.Width+0.5 || end.Y > area.Height+0.5 {
							t.Errorf("%s: %q lies at %v–%v, outside the %v screen", state, p.what, p.pos, end, area)
						}
						if !p.wrapping && (p.min.Width > p.size.Width+0.5 || p.min.Height > p.size.Height+0.5) {
							t.Errorf("%s: %q needs %v, has %v", state, p.what, p.min, p.size)
						}
					}
					var buttons []placed
					for _, p := range texts(s.Upright(), fyne.Position{}) {
						if _, ok := s.keys[p.what]; ok || p.min.Height >= TouchSize-1 {
							buttons = append(buttons, p)
						}
					}
					for i, a := range buttons {
						for _, b := range buttons[i+1:] {
							if a.pos.X+a.size.Width > b.pos.X+1 && b.pos.X+b.size.Width > a.pos.X+1 &&
								a.pos.Y+a.size.Height > b.pos.Y+1 && b.pos.Y+b.size.Height > a.pos.Y+1 {
								t.Errorf("%s: %q at %v and %q at %v overlap", state, a.what, a.pos, b.what, b.pos)
							}
						}
					}
					small, seen := uitest.SmallTargets(s.Upright(), TouchSize, state)
					if seen < 40 {
						t.Errorf("%s: only %d targets seen", state, seen)
					}
					for _, l := range small {
						t.Error(l)
					}
				}
				check("picking")
				w.Canvas().Capture() // draws every piece: an empty one would not paint
				test.Tap(s.GiveButton(s.AtTable()[0].ID))
				s.Type("il manque une carte")
				if n := len(uitest.All(s.Upright(), func(b *widget.Button) bool { return b.Text == s.Answer("complete").Text })); n != 1 {
					t.Errorf("giving back, a note typed: %d « %s » on screen, want one", n, s.Answer("complete").Text)
				}
				check("giving back")
			})
		}
	}
}

func TestShelfLeavesOutWhatTheGroupPlayedHere(t *testing.T) {
	test.NewTempApp(t)
	lib := shelftest.NewMemory(shelftest.Demo())
	var canoe int64
	titles, _ := lib.Titles(context.Background())
	for _, ti := range titles {
		if ti.Engine == "canoe" {
			canoe = ti.ID
		}
	}
	asked := 0
	s, err := NewShelf(ShelfConfig{Words: words(t, i18n.FR), Lib: lib, Table: "Table 1",
		Played: func(context.Context) (map[int64]bool, error) { asked++; return map[int64]bool{canoe: true}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	has := func() bool {
		for _, m := range s.Matches() {
			if m.Title.ID == canoe {
				return true
			}
		}
		return false
	}
	if !has() {
		t.Fatalf("Canoë not proposed to begin with: %q", matchNames(s.Matches()))
	}
	test.Tap(s.FreshButton())
	if has() || asked != 1 {
		t.Errorf("« Rien de déjà joué ici » still proposes Canoë (asked the records %d times)", asked)
	}
	test.Tap(s.FreshButton())
	if !has() || asked != 1 {
		t.Errorf("Canoë not back once the choice is off (asked %d times)", asked)
	}
	// Without known players, no such choice.
	s2, _ := NewShelf(ShelfConfig{Words: words(t, i18n.FR), Lib: lib, Table: "Table 1"})
	if s2.FreshButton() != nil {
		t.Error("a table without known players offers « Rien de déjà joué ici »")
	}
}

// BenchmarkShelfKeyOnATurnedScreen is a key typed on "Que jouer ?" turned
// to a short side: the search and the turned screen's redraw (every
// button drawn again by the software painter).
func BenchmarkShelfKeyOnATurnedScreen(b *testing.B) {
	test.NewTempApp(b)
	fyne.CurrentApp().Settings().SetTheme(NewTheme())
	c, err := i18n.Load()
	if err != nil {
		b.Fatal(err)
	}
	s, err := NewShelf(ShelfConfig{Words: Words{Cat: c, Lang: i18n.FR}, Lib: shelftest.NewMemory(shelftest.Demo()), Table: "Table 1", Side: geom.Left})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s.keys["A"].OnTapped()
		s.keys["⌫"].OnTapped()
	}
}

// The button a group presses at « Rendre » gives the note its kind:
// missing pieces, damage, or (words typed under "complete") other.
func TestShelfNotesHaveTheKindTheGroupChose(t *testing.T) {
	lib := shelftest.NewMemory(shelftest.Demo())
	s, _ := newShelf(t, lib, geom.Bottom, i18n.FR)
	carc := titleNamed(t, s, "Carcassonne")
	for _, c := range []struct {
		answer, typed string
		want          shelf.NoteKind
	}{{"missing", "deux meeples", shelf.NoteMissing}, {"damaged", "", shelf.NoteDamage}, {"complete", "la règle est en allemand", shelf.NoteOther}} {
		if err := lib.Take(context.Background(), carc.Copies[0].ID, "Table 1", evening); err != nil {
			t.Fatal(err)
		}
		if err := s.reload(); err != nil {
			t.Fatal(err)
		}
		s.refresh()
		test.Tap(s.GiveButton(carc.Copies[0].ID))
		if s.Answer(c.answer) == nil {
			t.Fatalf("« Rendre » offers no %q", c.answer)
		}
		s.Type(c.typed)
		test.Tap(s.Answer(c.answer))
		notes, _ := lib.Notes(context.Background(), true)
		if len(notes) == 0 || notes[len(notes)-1].Kind != c.want {
			t.Fatalf("after %q the notes are %+v, want the last of kind %s", c.answer, notes, c.want)
		}
	}
}
