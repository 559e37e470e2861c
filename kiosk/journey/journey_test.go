package journey

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog/catalogtest"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/browsertest"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/boardtest"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/server"
)

// Who plays a seat.
const (
	touch = "touch" // a guest tapping the table's board
	app   = "app"   // the native companion, joined by typing the code
	web   = "web"   // the web page, opened from the QR code
	bot   = "bot"   // the table's robot, added on the seating screen
)

// journey is a group at the table: a game and who plays each seat. A
// default journey taps "Commencer" on what the lobby planned, and seats
// says who takes each planned seat.
type journey struct {
	game  string
	seats []string
	dflt  bool
	short bool // the one journey of its game in -short runs
	// race: one of the cheap journeys run under -race, where every redraw
	// of the board costs many times more (the others are skipped there).
	race bool
}

func (j journey) name() string {
	if j.dflt {
		return "default"
	}
	return strings.Join(j.seats, "+")
}

// journeys: per game, the lobby's default, a mix with the app, one with
// the web page, and for the board games guests on the table.
var journeys = []journey{
	{game: "canyon", dflt: true, seats: []string{app, web, app}},
	{game: "canyon", seats: []string{app, web, bot}, short: true},
	{game: "canyon", seats: []string{app, bot, bot}},
	{game: "canyon", seats: []string{web, bot, bot}},
	{game: "canyonduel", dflt: true, seats: []string{touch, touch}, short: true},
	{game: "canyonduel", seats: []string{app, bot}},
	{game: "canyonduel", seats: []string{web, touch}},
	{game: "canyonduel", seats: []string{touch, bot}, race: true},
	{game: "canoe", dflt: true, seats: []string{touch, touch}},
	{game: "canoe", seats: []string{app, web}, short: true},
	{game: "canoe", seats: []string{touch, app}},
	{game: "canoe", seats: []string{web, bot}},
	{game: "canaille", dflt: true, seats: []string{app, web}, short: true},
	{game: "canaille", seats: []string{app, bot}, race: true},
	{game: "canaille", seats: []string{web, bot}},
}

// Every game the catalog ships has its journeys: the lobby's default, and
// one for -short runs; none is of a game the catalog lacks. A new game is
// named here rather than passing TestGuestsPlayEveryGame unplayed.
func TestEveryGameHasItsJourneys(t *testing.T) {
	byGame := map[string][]journey{}
	for _, j := range journeys {
		byGame[j.game] = append(byGame[j.game], j)
	}
	catalogtest.Covers(t, "journeys (kiosk/journey/journey_test.go)", byGame)
	for game, js := range byGame {
		if !slices.ContainsFunc(js, func(j journey) bool { return j.dflt }) {
			t.Errorf("%s: no default journey (dflt) in journeys", game)
		}
		if !slices.ContainsFunc(js, func(j journey) bool { return j.short }) {
			t.Errorf("%s: no journey for -short runs (short) in journeys", game)
		}
	}
}

// TestGuestsPlayEveryGame: for each game and mix of seats, a group walks
// up to a kiosk showing its attract screen, taps through the lobby and the
// seating screen, joins with its phones (the code typed in the app, the QR
// code opened in the browser), plays the whole game from each seat's own
// screen with seeded random choices among what that screen offers (in a
// board game, on the table's board once the seat's phone, if it has one,
// says to play there), taps
// "Rejouer" on the results and finds the next game begun with the same
// phones. -short plays one journey per game; -race two cheap ones.
func TestGuestsPlayEveryGame(t *testing.T) {
	games := []string{}
	for _, j := range journeys {
		if !slices.Contains(games, j.game) {
			games = append(games, j.game)
		}
	}
	for _, g := range games {
		t.Run(g, func(t *testing.T) {
			for i, j := range journeys {
				if j.game != g {
					continue
				}
				t.Run(j.name(), func(t *testing.T) {
					switch {
					case raceEnabled && !j.race:
						t.Skip("under -race only the cheapest journeys run: each redraw costs many times more")
					case testing.Short() && !j.short && !raceEnabled:
						t.Skip("-short plays one journey per game")
					}
					play(t, j, uint64(i+1))
				})
			}
		})
	}
}

// group is the journey under way: the kiosk and the guests' phones.
type group struct {
	j     journey
	k     *kiosk
	rng   *rand.Rand
	board bool // a board game: every move is made on the table
	apps  map[int]*appPhone
	webs  map[int]*webPhone
	names []string
	// webDone counts the web phones that saw the end of the game, webErr
	// holds the first failure of one.
	webDone atomic.Int32
	webErr  atomic.Value
	// What the app and the page say at their seat's turn in a board game.
	appOnTable, webOnTable string
}

// said is a text of the catalogue in French, the table's language here.
func said(t *testing.T, key string) string {
	t.Helper()
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat.T(i18n.FR, key)
}

var nicknames = []string{"Anja", "Bernd", "Carola", "Dora", "Emil", "Fritz"}

func play(t *testing.T, j journey, seed uint64) {
	for _, kind := range j.seats {
		if kind == web {
			browsertest.Chromium(t) // skips early under -race or without a browser
		}
	}
	// Each phone keeps its own preferences (nickname, seat), as on its own
	// device: one temporary app per phone, the last one for the windows.
	prefs := make([]fyne.Preferences, len(j.seats))
	for i := range prefs {
		prefs[i] = test.NewTempApp(t).Preferences()
	}
	test.NewTempApp(t)
	started := time.Now()
	g := &group{j: j, k: openKiosk(t), rng: rand.New(rand.NewPCG(seed, 0x70)), apps: map[int]*appPhone{}, webs: map[int]*webPhone{}}
	g.appOnTable, g.webOnTable = said(t, "companion.move_on_table"), said(t, "web.board.your_move")
	k := g.k
	s := g.seat(t, prefs)
	first := s.ID()
	g.playToTheEnd(t, s)
	t.Logf("%s/%s: %d moves, %s", j.game, j.name(), s.Moves(), k.ui.Results().Headline())

	// Play again: the same seats, no new join.
	before := k.tb.Server().Seats()
	test.Tap(k.ui.Results().Again())
	k.q.Settle()
	again := k.tb.Session()
	if again == nil || again.ID() == first {
		t.Fatal("\"Rejouer\" started no new game")
	}
	if k.ui.Game() == nil || k.w.Content() != k.ui.Game().Content() {
		t.Fatal("\"Rejouer\" did not go straight to the game: a seat waits for a phone")
	}
	after := k.tb.Server().Seats()
	for i := range before {
		if after[i].Name != before[i].Name || after[i].State != before[i].State {
			t.Errorf("seat %d was %+v, is %+v in the next game", i, before[i], after[i])
		}
	}
	for i, p := range g.apps {
		k.until(t, fmt.Sprintf("the app of seat %d in the next game", i+1), func() bool {
			v, over, ok := p.app.SeatView()
			return ok && !over && v != nil
		})
	}
	for i, p := range g.webs {
		if _, err := p.until(k.ctx, false, "(s) => s.startsWith('"+j.game+"-')", g.rng.Float64); err != nil {
			t.Fatalf("the page of seat %d in the next game: %v (state %q)", i+1, err, p.state())
		}
		if st := k.tb.Server().Seats()[i]; st.State != server.SeatConnected || st.Name != g.names[i] {
			t.Errorf("the web seat %d is %+v in the next game", i+1, st)
		}
	}
	t.Logf("whole journey in %v", time.Since(started).Round(time.Millisecond))
}

// seat goes from the attract screen to the game, tapping the kiosk's
// screens, and seats the phones; it returns the game begun.
func (g *group) seat(t *testing.T, prefs []fyne.Preferences) *host.Session {
	t.Helper()
	k, j := g.k, g.j
	a := k.ui.Attract()
	if a == nil || !uitest.HasText(k.w.Content(), "Touchez l'écran pour jouer") {
		t.Fatal("the kiosk does not start on its attract screen")
	}
	test.Tap(a.Content().(fyne.Tappable))
	lobby := k.ui.Lobby()
	if lobby == nil {
		t.Fatal("a touch on the attract screen did not open the lobby")
	}
	test.Tap(lobby.PlayButton(j.game))
	seating := k.ui.Seating()
	if seating == nil {
		t.Fatalf("\"Jouer\" on %s did not open its seating screen", j.game)
	}
	rules, err := k.tb.Games().Get(j.game)
	if err != nil {
		t.Fatal(err)
	}
	g.board = rules.Info().AllPublic
	if j.dflt {
		plan := seating.Plan()
		if len(plan) != len(j.seats) {
			t.Fatalf("the lobby plans %d seats for %s, the journey %d", len(plan), j.game, len(j.seats))
		}
		for i, p := range plan {
			if p.Touch != (j.seats[i] == touch) || p.Bot != "" {
				t.Fatalf("the lobby plans seat %d as %+v, the journey has %s", i+1, p, j.seats[i])
			}
		}
	} else {
		for len(seating.Plan()) > 0 {
			test.Tap(buttonIn(t, seating.Content(), "Retirer"))
		}
		for _, kind := range j.seats {
			label := map[string]string{touch: "+ Invité sur la table", app: "+ Joueur avec téléphone",
				web: "+ Joueur avec téléphone", bot: "+ Robot"}[kind]
			test.Tap(buttonIn(t, seating.Content(), label))
		}
	}
	test.Tap(seating.StartButton())
	s := k.tb.Session()
	if s == nil || s.Game().Info().ID != j.game {
		t.Fatalf("\"Commencer\" started %v", s)
	}
	g.names = make([]string, len(j.seats))
	var url string
	for i, kind := range j.seats {
		if kind != app && kind != web {
			continue
		}
		g.names[i] = nicknames[i]
		if k.ui.Seating() == nil || !uitest.HasText(k.w.Content(), k.tb.Server().Code()) {
			t.Fatalf("seat %d waits for a phone but the seating screen shows no code", i+1)
		}
		switch kind {
		case app:
			p := openApp(t, k, prefs[i])
			p.join(t, k, k.tb.Server().Code(), g.names[i])
			g.apps[i] = p
		case web:
			if url == "" {
				url = decodeQR(t, k.ui.Seating().QR())
			}
			p := openTab(t)
			p.join(t, url, g.names[i])
			g.webs[i] = p
		}
		k.until(t, fmt.Sprintf("%s's phone in seat %d", g.names[i], i+1), func() bool {
			return k.tb.Server().Seats()[i].State == server.SeatConnected
		})
		if st := k.tb.Server().Seats()[i]; st.Name != g.names[i] {
			t.Fatalf("seat %d is %+v, want %s's phone", i+1, st, g.names[i])
		}
	}
	k.until(t, "the game on the table", func() bool { return k.ui.Game() != nil })
	if k.w.Content() != k.ui.Game().Content() {
		t.Fatal("the game is not on screen once every seat is taken")
	}
	return s
}

// playToTheEnd plays s from every seat's own screen until the kiosk shows
// the results and every phone the end. The test's goroutine is the UI's:
// it runs the kiosk's and the app's updates, taps the app's offers and the
// board; each web page plays on its own goroutine.
func (g *group) playToTheEnd(t *testing.T, s *host.Session) {
	t.Helper()
	k := g.k
	for i, p := range g.webs {
		seed := g.rng.Uint64()
		go func() {
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			// Board games are played on the table: the page only watches.
			if _, err := p.until(k.ctx, !g.board, "(s) => s === 'result'", r.Float64); err != nil {
				g.webErr.CompareAndSwap(nil, fmt.Errorf("the page of seat %d: %w", i+1, err))
			}
			g.webDone.Add(1)
			k.q.Poke()
		}()
	}
	pending := -1 // the move count when a move was tapped on the board
	for {
		k.q.Settle()
		if err, _ := g.webErr.Load().(error); err != nil {
			t.Fatal(err)
		}
		if g.over(s) {
			return
		}
		if shootAt != nil && shootAt(g, s) {
			continue
		}
		if g.tapApp() {
			continue
		}
		if g.board && s.Moves() != pending {
			if n := s.Moves(); g.tapBoard(t, s) {
				pending = n
				continue
			}
		}
		if err := k.q.Wait(k.ctx); err != nil {
			t.Fatalf("the game at move %d (%s): %v", s.Moves(), s.Status(), err)
		}
	}
}

// over reports whether the kiosk shows the results and every phone the end.
func (g *group) over(s *host.Session) bool {
	if g.k.ui.Results() == nil || !s.Status().Ended() {
		return false
	}
	for _, p := range g.apps {
		if _, over, ok := p.app.SeatView(); !ok || !over {
			return false
		}
	}
	return int(g.webDone.Load()) == len(g.webs)
}

// tapApp taps one of the things an app offers now, if any does.
func (g *group) tapApp() bool {
	for i := range g.j.seats {
		p, ok := g.apps[i]
		if !ok {
			continue
		}
		if offers := p.app.Offers(); len(offers) > 0 {
			test.Tap(offers[g.rng.IntN(len(offers))])
			return true
		}
	}
	return false
}

// tapBoard taps a move on the board for the seat to move, unless a bot
// plays it.
func (g *group) tapBoard(t *testing.T, s *host.Session) bool {
	t.Helper()
	k := g.k
	if _, over := s.Result(); over || k.ui.Game() == nil {
		return false
	}
	turn := s.View(engine.Onlooker).Turn()
	if !turn.Valid(len(g.j.seats)) || g.j.seats[turn] == bot {
		return false
	}
	if p, ok := g.apps[int(turn)]; ok {
		// The app tells its guest to play on the table.
		k.until(t, fmt.Sprintf("the app of seat %d saying to play on the table", turn+1), func() bool {
			return uitest.HasText(p.w.Content(), g.appOnTable)
		})
	}
	if p, ok := g.webs[int(turn)]; ok {
		// So does the page.
		if err := p.showsYourMove(k.ctx, g.webOnTable); err != nil {
			t.Fatalf("the page of seat %d saying %q: %v (state %q)", turn+1, g.webOnTable, err, p.state())
		}
	}
	// The board shows the position the move is chosen in.
	k.ui.Refresh()
	k.q.Settle()
	legal := s.View(turn).Legal()
	if len(legal) == 0 {
		return false
	}
	m := legal[g.rng.IntN(len(legal))]
	if !boardtest.Tap(g.k.ui.Game().Board(), m, legal, func(label string) { g.tapPanel(t, label) }) {
		t.Fatalf("a move %T on the board", m)
	}
	return true
}

// tapPanel taps the button labelled label in a seat panel of the table,
// where it is drawn: panels are turned towards their seats, so the tap
// lands on the panel at the button's place once turned.
func (g *group) tapPanel(t *testing.T, label string) {
	t.Helper()
	for _, p := range uitest.All(g.k.ui.Game().Content(), func(*board.Panel) bool { return true }) {
		for _, b := range uitest.All(p.Content(), func(b *widget.Button) bool { return b.Text == label && b.Visible() }) {
			at, ok := offsetOf(p.Content(), b, fyne.Position{})
			if !ok {
				continue
			}
			centre := at.Add(fyne.NewPos(b.Size().Width/2, b.Size().Height/2))
			test.TapAt(p, p.Turn().Forward(centre, p.Content().Size()))
			return
		}
	}
	t.Fatalf("no %q button in the seat panels", label)
}

// offsetOf is where target's top-left lies in o's upright content, o's
// own top-left being at origin.
func offsetOf(o, target fyne.CanvasObject, origin fyne.Position) (fyne.Position, bool) {
	at := origin.Add(o.Position())
	if o == target {
		return at, true
	}
	if c, ok := o.(*fyne.Container); ok {
		for _, k := range c.Objects {
			if p, ok := offsetOf(k, target, at); ok {
				return p, true
			}
		}
	}
	return fyne.Position{}, false
}
