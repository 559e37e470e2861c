package main

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/table"
)

// find returns the first widget under o that matches.
func find[W fyne.CanvasObject](o fyne.CanvasObject, match func(W) bool) (W, bool) {
	var zero W
	if w, ok := o.(W); ok && match(w) {
		return w, true
	}
	var kids []fyne.CanvasObject
	switch c := o.(type) {
	case *fyne.Container:
		kids = c.Objects
	case fyne.Widget:
		kids = test.WidgetRenderer(c).Objects()
	}
	for _, k := range kids {
		if w, ok := find(k, match); ok {
			return w, true
		}
	}
	return zero, false
}

func button(t *testing.T, o fyne.CanvasObject, prefix string) *widget.Button {
	t.Helper()
	b, ok := find(o, func(b *widget.Button) bool { return strings.HasPrefix(b.Text, prefix) })
	if !ok {
		t.Fatalf("no button %q on screen", prefix)
	}
	return b
}

func TestKioskGoesFromTheLobbyToATableWithACode(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	tb, err := table.Open(context.Background(), table.Config{Name: "Table test", DBPath: filepath.Join(dir, "t.db"),
		Addr: "127.0.0.1:0", Games: catalog.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1280, 800))
	// The test driver runs fyne.Do at once on the calling goroutine, so
	// the screen's updates and the test's reads take turns on mu.
	var mu sync.Mutex
	ui := &kioskUI{ctx: context.Background(), win: w, lang: "fr", pin: "2468",
		do: func(f func()) { mu.Lock(); defer mu.Unlock(); f() }}
	mu.Lock()
	defer mu.Unlock()
	ui.start(tb)

	test.Tap(button(t, w.Content(), "Canoë"))
	test.Tap(button(t, w.Content(), "Commencer"))

	s := tb.Session()
	if s == nil || s.Game().Info().ID != "canoe" {
		t.Fatal("no Canoë session after tapping Commencer")
	}
	code := tb.Server().Code()
	if !strings.Contains(ui.board.WaitText(), "En attente de 2 joueur(s)") {
		t.Error("the table screen does not say it waits for the players")
	}
	if ui.board.Content() != w.Content() || !strings.Contains(ui.board.CodeText(), code) {
		t.Errorf("the table screen does not show the code %s (%q)", code, ui.board.CodeText())
	}
	if ui.checkPIN("0000") || !ui.checkPIN("2468") {
		t.Error("staff PIN check is wrong")
	}
}
