package journey

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/internal/browsertest"
	"github.com/tablee/tablee/kiosk/host"
)

var sideShots = flag.String("shots", "", "directory for the side-by-side screenshots (scripts/screenshots-side)")

// sideJourneys are the games played for the side-by-side screenshots: a
// seat on the native app and one on the web page, so that one moment shows
// on the table, the app and the page; moves is how far into the game the
// picture is taken, at the app's seat's turn.
var sideJourneys = []struct {
	j     journey
	moves int
}{
	{journey{game: "canyon", seats: []string{app, web, app}}, 10},
	{journey{game: "canyonduel", seats: []string{app, web}}, 6},
	{journey{game: "canoe", seats: []string{app, web}}, 8},
	{journey{game: "canaille", seats: []string{app, web}}, 3},
}

// TestScreenshotsSideBySide takes, for each game, the same moment on the
// table, on the native app and on the web page: side-<game>-table.png,
// -app.png and -web.png in the -shots directory, for the README's rows
// where a guest's eyes go from the table to the phone. It runs only with
// -shots (scripts/screenshots-side).
func TestScreenshotsSideBySide(t *testing.T) {
	if *sideShots == "" {
		t.Skip("screenshots: run with -shots DIR (scripts/screenshots-side)")
	}
	for i, sj := range sideJourneys {
		t.Run(sj.j.game, func(t *testing.T) {
			browsertest.Chromium(t)
			taken := false
			shootAt = func(g *group, s *host.Session) bool {
				if taken || s.Moves() < sj.moves {
					return false
				}
				turn := s.View(engine.Onlooker).Turn()
				p, ok := g.apps[int(turn)]
				if !ok {
					return false
				}
				if !g.board && len(p.app.Offers()) == 0 {
					return false
				}
				g.shootSide(t, sj.j.game, p)
				taken = true
				return true
			}
			t.Cleanup(func() { shootAt = nil })
			play(t, sj.j, uint64(100+i))
			if !taken {
				t.Errorf("%s: no moment for the pictures came", sj.j.game)
			}
		})
	}
}

// shootAt, when set, is asked before each tap of a journey whether to take
// the side-by-side pictures now (and takes them).
var shootAt func(g *group, s *host.Session) bool

// shootSide writes the table, the app p and the web page as they show the
// same moment: the page is waited for until it shows the other seat's turn
// (nothing of its own on its way).
func (g *group) shootSide(t *testing.T, game string, p *appPhone) {
	t.Helper()
	var w *webPhone
	for _, wp := range g.webs {
		w = wp
	}
	want := strconv.Quote(game + "-wait")
	if _, err := chromedp.Run(w.ctx, chromedp.Poll[bool](`document.body.dataset.state === `+want,
		chromedp.WithPollingMutation(), chromedp.WithPollingTimeout(0))); err != nil {
		t.Fatalf("the page waiting for the app's move: %v (state %q)", err, w.state())
	}
	g.shootThree(t, game, p, w)
	t.Logf("%s: the three pictures at move %d", game, len(g.names))
}

func save(t *testing.T, name string, img image.Image) {
	t.Helper()
	f, err := os.Create(filepath.Join(*sideShots, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(fmt.Errorf("%s: %w", name, err))
	}
}
