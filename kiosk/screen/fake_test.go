package screen

import (
	"context"
	"strings"
	"testing"

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
