package web_test

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"testing"
	"time"

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

// landingKiosk opens a table whose Canyon games all deal from landingSeed.
func landingKiosk(t *testing.T) *kiosk {
	t.Helper()
	rules, err := catalog.Registry().Get("canyon")
	if err != nil {
		t.Fatal(err)
	}
	games, err := engine.NewRegistry(fixedSeed{rules, landingSeed})
	if err != nil {
		t.Fatal(err)
	}
	return openKiosk(t, "canyon", []table.Seat{{}, {}, {}}, func(c *table.Config) { c.Games = games })
}

// seatLandingBots seats the two random bots once the browser holds seat
// 0, one after the other, so each always gets the same seat and the game
// is the same every run. The channel gets each bot's end.
func seatLandingBots(t *testing.T, ctx context.Context, k *kiosk) <-chan error {
	t.Helper()
	bots := make(chan error, 2)
	for i, name := range []string{"Bernd", "Carola"} {
		go func() {
			_, err := phoneBot(ctx, t, k.WebAddr(), k.join, "canyon", engine.LevelRandom, name, "", uint64(11+i))
			bots <- err
		}()
		for seatState(k, i+1).Name != name {
			select {
			case <-ctx.Done():
				t.Fatalf("%s never sat down: %v", name, ctx.Err())
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
	return bots
}

// noLandingYet fails the test once the first round is over without a
// landing choice: the seed no longer deals one.
func noLandingYet(t *testing.T, k *kiosk, s string) bool {
	if s == "result" || roundOf(k) >= 2 {
		t.Fatalf("no landing choice in the first round with seed %d (page state %s)", landingSeed, s)
	}
	return s == "canyon-move"
}

// landingJS reads the landing spots on the map (letter, label, size) and
// the same choices in words, as JSON.
const landingJS = `JSON.stringify({
  spots: [...document.querySelectorAll('.map button.spot')].map((b) => {
    const r = b.getBoundingClientRect();
    return {name: b.textContent, label: b.getAttribute('aria-label'), w: r.width, h: r.height};
  }),
  words: [...document.querySelectorAll('#app .list button')].map((b) => b.textContent),
})`

// tapLastSpotJS taps the last landing spot on the map.
const tapLastSpotJS = `(() => { const s = [...document.querySelectorAll('.map button.spot')]; s[s.length - 1].click(); return 'ok'; })()`

// checkSpots compares what landingJS read with the legal landings: one
// spot per landing, at least 44 px, lettered and labelled as in words.
func checkSpots(t *testing.T, k *kiosk, read string) []canyon.Move {
	t.Helper()
	var page struct {
		Spots []struct {
			Name, Label string
			W, H        float64
		}
		Words []string
	}
	if err := json.Unmarshal([]byte(read), &page); err != nil {
		t.Fatalf("the page's landing choices %q: %v", read, err)
	}
	legal := landings(t, k)
	if len(page.Spots) != len(legal) || len(page.Words) != len(legal) || len(legal) < 2 {
		t.Fatalf("%d legal landings, %d spots on the map, %d in words", len(legal), len(page.Spots), len(page.Words))
	}
	for i, s := range page.Spots {
		if s.W < 44 || s.H < 44 {
			t.Errorf("spot %s is %.0f × %.0f px, under 44", s.Name, s.W, s.H)
		}
		// Named as the table names where a canoe is: its distance to the docks.
		m := canyon.Map()
		want := "à " + strconv.Itoa(m.GoalDistance(m.Cell(legal[i].Row, legal[i].Col))) + " du quai"
		if s.Label != want || page.Words[i] != s.Name+" "+want {
			t.Errorf("spot %d: %q labelled %q, in words %q; the legal move is %s", i, s.Name, s.Label, page.Words[i], want)
		}
	}
	t.Logf("landings %v", legal)
	return legal
}

// checkLanded waits for the move after before and checks seat 0's canoe
// is on the cell of m.
func checkLanded(t *testing.T, ctx context.Context, k *kiosk, before int, m canyon.Move) {
	t.Helper()
	for k.Session().Moves() <= before {
		select {
		case <-ctx.Done():
			t.Fatalf("the landing tapped never reached the table: %v", ctx.Err())
		case <-time.After(10 * time.Millisecond):
		}
	}
	if at := canoeOf(t, k, 0); at != m.Row*canyon.Map().Cols+m.Col {
		t.Errorf("the canoe is on cell %d; the spot tapped was %d,%d", at, m.Row, m.Col)
	}
}

// TestBrowserDrawsTheCanyonLanding: when the seat's canoe has several
// equally good landings, the page draws them on a map, each a button of
// at least 44 × 44 px lettered as in the list of the same choices in
// words; tapping one on the map lands the canoe there.
func TestBrowserDrawsTheCanyonLanding(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	k := landingKiosk(t)
	joinInBrowser(t, ctx, k, "Anja")
	bots := seatLandingBots(t, ctx, k)
	playUntil(t, ctx, "a landing choice", func(s string) bool { return noLandingYet(t, k, s) })
	waitState(t, ctx, "the map", func(string) bool { return eval(t, ctx, `document.querySelector('.map') ? 'y' : ''`) == "y" })
	legal := checkSpots(t, k, eval(t, ctx, landingJS))
	before := k.Session().Moves()
	eval(t, ctx, tapLastSpotJS)
	checkLanded(t, ctx, k, before, legal[len(legal)-1])
	cancel()
	for range 2 {
		<-bots
	}
}

// TestFirefoxDrawsTheCanyonLanding: the same landing map in Firefox,
// axe-core clean.
func TestFirefoxDrawsTheCanyonLanding(t *testing.T) {
	f := openFirefox(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	k := landingKiosk(t)
	pageJoin(t, ctx, f, "Firefox", k, "Anja")
	bots := seatLandingBots(t, ctx, k)
	pagePlayUntil(t, ctx, f, "Firefox", "a landing choice", func(s string) bool { return noLandingYet(t, k, s) })
	pageWait(t, ctx, f, "Firefox", "the map", `document.querySelector('.map') ? 'y' : ''`, func(v string) bool { return v == "y" })
	read, err := f.eval(ctx, landingJS)
	if err != nil {
		t.Fatal(err)
	}
	legal := checkSpots(t, k, read)
	if pr := pageAxe(t, ctx, f, "Firefox"); pr != "" {
		t.Errorf("Firefox: axe-core on the landing map: %s", pr)
	}
	before := k.Session().Moves()
	if _, err := f.eval(ctx, tapLastSpotJS); err != nil {
		t.Fatal(err)
	}
	checkLanded(t, ctx, k, before, legal[len(legal)-1])
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
	slices.SortFunc(out, func(a, b canyon.Move) int { return cmp.Or(b.Row-a.Row, a.Col-b.Col) })
	return out
}

// canoeOf reads seat's canoe cell from the table's public view.
func canoeOf(t *testing.T, k *kiosk, seat int) int {
	t.Helper()
	var v struct {
		Canoes []int `json:"canoes"`
	}
	data, err := json.Marshal(k.Session().View(engine.Onlooker))
	if err != nil || json.Unmarshal(data, &v) != nil || seat >= len(v.Canoes) {
		t.Fatalf("the table's view: %v", err)
	}
	return v.Canoes[seat]
}
