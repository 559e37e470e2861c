package screen

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

var sample = []engine.Info{
	{ID: "canoe", Name: engine.Text{FR: "Canoë", DE: "Kanu", EN: "Canoe"}, MinSeats: 2, MaxSeats: 2},
	{ID: "canyon", Name: engine.Text{FR: "Canyon", DE: "Canyon", EN: "Canyon"}, MinSeats: 3, MaxSeats: 6},
}

func buttons(o fyne.CanvasObject) []*widget.Button {
	var out []*widget.Button
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Button:
			out = append(out, w)
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(w.Content)
		}
	}
	walk(o)
	return out
}

func TestLobbyListsGamesInFrenchFirst(t *testing.T) {
	test.NewTempApp(t)
	l := NewLobby(sample, nil)
	w := test.NewTempWindow(t, l.Content())
	w.Resize(fyne.NewSize(800, 600))
	got := buttons(l.list)
	if len(got) != 2 {
		t.Fatalf("%d game buttons, want 2", len(got))
	}
	if got[0].Text != "Canoë — 2 joueurs" || got[1].Text != "Canyon — 3 à 6 joueurs" {
		t.Errorf("buttons %q, %q", got[0].Text, got[1].Text)
	}
	if l.title.Text != "Choisissez un jeu" {
		t.Errorf("title %q", l.title.Text)
	}
}

func TestLobbySwitchesLanguageAndReportsChoice(t *testing.T) {
	test.NewTempApp(t)
	var chosen string
	l := NewLobby(sample, func(g engine.Info) { chosen = g.ID })
	test.NewTempWindow(t, l.Content())
	l.SetLanguage("de")
	b := buttons(l.list)
	if b[0].Text != "Kanu — 2 Spieler" || !strings.HasPrefix(l.title.Text, "Wählt") {
		t.Errorf("German lobby: %q, %q", b[0].Text, l.title.Text)
	}
	test.Tap(b[1])
	if chosen != "canyon" {
		t.Errorf("tapping Canyon chose %q", chosen)
	}
}
