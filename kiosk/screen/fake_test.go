//lint:file-ignore U1000 fakeRecords is kept for the staff screens' tests (the flow helper's)

package screen

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/staff"
)

// words is the catalogue in lang, loaded once per test.
func words(t *testing.T, lang i18n.Lang) Words {
	t.Helper()
	c, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return Words{Cat: c, Lang: lang}
}

func infos() []engine.Info { return catalog.Registry().Infos() }

func info(id string) engine.Info {
	for _, g := range infos() {
		if g.ID == id {
			return g
		}
	}
	panic("no game " + id)
}

// fakeRecords is Records in memory.
type fakeRecords struct {
	boards   map[string][]Standing
	sessions []SessionSummary
	replays  map[string]ReplayData
	options  map[string]map[string]string
	exported int
	venue    VenueState
}

func (f *fakeRecords) VenueLeaderboard(_ context.Context, game string, p Period, limit int) ([]Standing, error) {
	return f.boards["venue:"+game+"/"+string(p)], nil
}
func (f *fakeRecords) Venue(context.Context) (VenueState, error) { return f.venue, nil }

func (f *fakeRecords) Leaderboard(_ context.Context, game string, p Period, limit int) ([]Standing, error) {
	return f.boards[game+"/"+string(p)], nil
}
func (f *fakeRecords) Sessions(context.Context, int) ([]SessionSummary, error) {
	return f.sessions, nil
}
func (f *fakeRecords) Replay(_ context.Context, id string) (ReplayData, error) {
	d, ok := f.replays[id]
	if !ok {
		return d, errors.New("no such session")
	}
	return d, nil
}
func (f *fakeRecords) Outcome(context.Context, string) ([]SeatOutcome, error) { return nil, nil }
func (f *fakeRecords) Figures(context.Context, time.Time) (Figures, error) {
	var fig Figures
	fig.Games = []GameFigures{{Game: "canoe", Week: 3, Month: 9, Total: 20, AvgDuration: 14 * time.Minute}}
	fig.Hours[20] = 7
	return fig, nil
}
func (f *fakeRecords) Export(context.Context) (string, error) {
	f.exported++
	return "/tmp/x.csv", nil
}
func (f *fakeRecords) TableName(context.Context) (string, error) { return "Table du fond", nil }
func (f *fakeRecords) DefaultOptions(_ context.Context, g string) (map[string]string, error) {
	return f.options[g], nil
}
func (f *fakeRecords) SetDefaultOptions(_ context.Context, g string, o map[string]string) error {
	if f.options == nil {
		f.options = map[string]map[string]string{}
	}
	f.options[g] = o
	return nil
}

// pinGate is a staff gate over a fixed PIN, with the real rate limit.
func pinGate(pin string) *staff.Gate { return staff.NewGate(fixedPIN(pin), nil) }

type fixedPIN string

func (p fixedPIN) CheckPIN(_ context.Context, s string) error {
	switch {
	case p == "":
		return staff.ErrNoPIN
	case s != string(p):
		return staff.ErrWrong
	}
	return nil
}
func (p fixedPIN) HasPIN(context.Context) (bool, error) { return p != "", nil }

// hasText reports whether some text under o contains s.
func hasText(o fyne.CanvasObject, s string) bool {
	switch x := o.(type) {
	case *canvas.Text:
		return strings.Contains(x.Text, s)
	case *widget.Label:
		return strings.Contains(x.Text, s)
	case *widget.Button:
		return strings.Contains(x.Text, s)
	case *fyne.Container:
		for _, k := range x.Objects {
			if hasText(k, s) {
				return true
			}
		}
		return false
	case fyne.Widget:
		for _, k := range test.WidgetRenderer(x).Objects() {
			if hasText(k, s) {
				return true
			}
		}
	}
	return false
}
