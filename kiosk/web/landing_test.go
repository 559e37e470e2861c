package web_test

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/table"
)

// fixedSeed is a game whose every session deals from one seed, so a test
// played by deterministic players reaches the same positions every run.
type fixedSeed struct {
	engine.Rules
	seed uint64
}

func (f fixedSeed) New(setup engine.Checked) (engine.State, error) {
	s := setup.Setup()
	s.Seed = f.seed
	checked, err := f.Info().CheckSetup(s)
	if err != nil {
		return nil, err
	}
	return f.Rules.New(checked)
}

// landingSeed deals a Canyon game in which the browser's seat, playing as
// tapOne does against two random bots seeded 11 and 12, must choose among
// six landings in the first round (all in one row: the map is wider than
// the phone there).
const landingSeed = 3

// TestBrowserDrawsTheCanyonLanding: when the seat's canoe has several
// equally good landings, the page draws them on a map, each a button of
// at least 44 × 44 px lettered as in the list of the same choices in
// words; tapping one on the map lands the canoe there.
func TestBrowserDrawsTheCanyonLanding(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	rules, err := catalog.Registry().Get("canyon")
	if err != nil {
		t.Fatal(err)
	}
	games, err := engine.NewRegistry(fixedSeed{rules, landingSeed})
	if err != nil {
		t.Fatal(err)
	}
	k := openKiosk(t, "canyon", []table.Seat{{}, {}, {}}, func(c *table.Config) { c.Games = games })
	joinInBrowser(t, ctx, k, "Anja")
	// The bots sit down one after the other, so each always gets the same
	// seat and the game is the same every run.
	bots := make(chan error, 2)
	for i, name := range []string{"Bernd", "Carola"} {
		go func() {
			_, err := phoneBot(ctx, t, k.WebAddr(), k, "canyon", engine.LevelRandom, name, "", uint64(11+i))
			bots <- err
		}()
		waitState(t, ctx, name+" seated", func(string) bool { return seatState(k, i+1).Name == name })
	}
	playUntil(t, ctx, "a landing choice", func(s string) bool {
		if s == "result" || roundOf(k) >= 2 {
			t.Fatalf("no landing choice in the first round with seed %d (page state %s)", landingSeed, s)
		}
		return s == "canyon-move"
	})
	waitState(t, ctx, "the map", func(string) bool { return eval(t, ctx, `document.querySelector('.map') ? 'y' : ''`) == "y" })
	type spot struct {
		Name, Label string
		W, H        float64
	}
	spots, err := chromedp.Run(ctx, chromedp.Evaluate[[]spot](`[...document.querySelectorAll('.map button.spot')].map((b) => {
		const r = b.getBoundingClientRect();
		return {name: b.textContent, label: b.getAttribute('aria-label'), w: r.width, h: r.height};
	})`))
	if err != nil {
		t.Fatal(err)
	}
	words, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#app .list button')].map((b) => b.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	legal := landings(t, k)
	if len(spots) != len(legal) || len(words) != len(legal) || len(legal) < 2 {
		t.Fatalf("%d legal landings, %d spots on the map, %d in words", len(legal), len(spots), len(words))
	}
	for i, s := range spots {
		if s.W < 44 || s.H < 44 {
			t.Errorf("spot %s is %.0f × %.0f px, under 44", s.Name, s.W, s.H)
		}
		want := "Ligne " + strconv.Itoa(legal[i].Row+1) + ", colonne " + strconv.Itoa(legal[i].Col+1)
		if s.Label != want || words[i] != s.Name+" "+want {
			t.Errorf("spot %d: %q labelled %q, in words %q; the legal move is %s", i, s.Name, s.Label, words[i], want)
		}
	}
	t.Logf("landings %v", legal)
	// Tap the last spot on the map: the canoe lands on that cell.
	last := legal[len(legal)-1]
	before := k.Session().Moves()
	eval(t, ctx, `(() => { const s = [...document.querySelectorAll('.map button.spot')]; s[s.length - 1].click(); return ''; })()`)
	waitState(t, ctx, "the landing", func(string) bool { return k.Session().Moves() > before })
	if at := canoeOf(t, k, 0); at != last.Row*canyon.Map().Cols+last.Col {
		t.Errorf("the canoe is on cell %d; the spot tapped was %d,%d", at, last.Row, last.Col)
	}
	cancel()
	for range 2 {
		<-bots
	}
}

// landings are the landing moves the table offers seat 0 now, in the
// page's order: row by row, left to right.
func landings(t *testing.T, k *kiosk) []canyon.Move {
	t.Helper()
	var out []canyon.Move
	for _, m := range k.Session().View(0).Legal() {
		if mv, ok := m.(canyon.Move); ok && mv.Kind == canyon.KindMove {
			out = append(out, mv)
		}
	}
	slices.SortFunc(out, func(a, b canyon.Move) int { return cmp.Or(a.Row-b.Row, a.Col-b.Col) })
	return out
}

// canoeOf reads seat's canoe cell from the table's public view.
func canoeOf(t *testing.T, k *kiosk, seat int) int {
	t.Helper()
	var v struct {
		Canoes []int `json:"canoes"`
	}
	data, err := json.Marshal(k.Session().View(engine.Table))
	if err != nil || json.Unmarshal(data, &v) != nil || seat >= len(v.Canoes) {
		t.Fatalf("the table's view: %v", err)
	}
	return v.Canoes[seat]
}
