package journey

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/tablee/tablee/proto/wire"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/internal/browsertest"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/shelf/shelftest"
)

// phone is a seat's phone entering its own lines through the wire, as
// the headless companion does (companion --headless --bot default); app
// and web seats fill their sheets on the app's and the page's screens.
const phone = "phone"

// sheetJourney is a group playing a title of the shelf at the table.
type sheetJourney struct {
	name  string   // the subtest
	title string   // as the shelf or the group names it
	typed bool     // named on the shelf's keyboard (« Un autre jeu »), not taken from the shelf
	seats []string // touch or phone
}

var sheetJourneys = []sheetJourney{
	// Competitive, with private bids revealed round by round: the app
	// and the page fill their own sheets, a phone writes through the wire.
	{name: "skullking", title: "Skull King", seats: []string{touch, app, web, phone}},
	// Cooperative: the group says how it ended.
	{name: "pandemic", title: "Pandémie", seats: []string{touch, app}},
	// Teams, named by the group: the table seats them alternately.
	{name: "codenames", title: "codenames", typed: true, seats: []string{touch, app, web, touch}},
}

// phoneSum is what the app and the page write in each of their lines.
const phoneSum, phoneValue = "2+1", 3

// TestGroupsKeepScoreOfAShelfGame: a group takes a box from the shelf
// (or names another game), seats itself as for the table's own games —
// phones joining with the code, guests on the table — keeps the score on
// the table's sheet (a guest's lines on the pad turned to them, the
// phones' through the wire), reveals the private lines together, settles
// what the sheet cannot decide, reads the results and plays again.
func TestGroupsKeepScoreOfAShelfGame(t *testing.T) {
	for _, j := range sheetJourneys {
		t.Run(j.name, func(t *testing.T) {
			for _, kind := range j.seats {
				if kind == web {
					browsertest.Chromium(t) // skips under -race or without a browser
				}
			}
			prefs := make([]fyne.Preferences, len(j.seats))
			for i := range prefs {
				prefs[i] = test.NewTempApp(t).Preferences()
			}
			test.NewTempApp(t)
			k := openKioskWith(t, func(c *table.Config) { c.Games = catalog.Plays() })
			if _, err := k.tb.DB().ImportCatalogue(k.ctx, shelftest.Demo(), time.Now()); err != nil {
				t.Fatal(err)
			}
			g := &sheetGroup{j: j, k: k, prefs: prefs}
			s := g.seat(t)
			g.fillWebs(t)
			g.play(t, s)
			g.results(t, s)
			g.signed(t, s)
			g.again(t, s)
		})
	}
}

// sheetGroup is the journey under way.
type sheetGroup struct {
	j      sheetJourney
	k      *kiosk
	prefs  []fyne.Preferences
	phones map[int]*wirePhone
	apps   map[int]*appPhone
	webs   map[int]*webPhone
	// webDone counts the pages that showed the results; webErr holds the
	// first failure of one.
	webDone atomic.Int32
	webErr  atomic.Value
}

// wirePhone is a joined phone and the last view it received.
type wirePhone struct {
	c    *client.Client
	seat engine.Seat
	mu   sync.Mutex
	last client.Update
	n    int
}

func (p *wirePhone) latest() (client.Update, int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.last, p.n
}

// seat goes from the attract screen to the score sheet: "Que jouer ?",
// the box taken and "Noter les scores ici" (or the name typed and "Un
// autre jeu"), the seats planned, the phones joined with the code.
func (g *sheetGroup) seat(t *testing.T) *host.Session {
	t.Helper()
	k, j := g.k, g.j
	test.Tap(k.ui.Attract().Content().(fyne.Tappable))
	test.Tap(k.ui.Lobby().PickButton(geom.Bottom))
	sh := k.ui.Shelf()
	if sh == nil {
		t.Fatal("« Que jouer ? » did not open")
	}
	if j.typed {
		sh.Type(j.title)
		if sh.AnotherButton() == nil {
			t.Fatalf("%q typed: no « Un autre jeu »", j.title)
		}
		test.Tap(sh.AnotherButton())
	} else {
		sh.Type(j.title)
		var title int64 = -1
		for _, m := range sh.Matches() {
			if m.Title.Names.FR == j.title {
				title = m.Title.ID
			}
		}
		if title < 0 || sh.TakeButton(title) == nil {
			t.Fatalf("%s is not offered to take: %+v", j.title, sh.Matches())
		}
		test.Tap(sh.TakeButton(title))
		here := sh.AtTable()
		if len(here) != 1 || sh.KeepButton(here[0].ID) == nil {
			t.Fatalf("the box at the table has no « Noter les scores ici »: %+v", here)
		}
		test.Tap(sh.KeepButton(here[0].ID))
	}
	seating := k.ui.Seating()
	if seating == nil {
		t.Fatal("keeping the score opened no seating screen")
	}
	for len(seating.Plan()) > 0 {
		test.Tap(buttonIn(t, seating.Content(), "Retirer"))
	}
	for _, kind := range j.seats {
		label := map[string]string{touch: "+ Invité sur la table", phone: "+ Joueur avec téléphone",
			app: "+ Joueur avec téléphone", web: "+ Joueur avec téléphone"}[kind]
		test.Tap(buttonIn(t, seating.Content(), label))
	}
	test.Tap(seating.StartButton())
	s := k.tb.Session()
	if s == nil || s.Game().Info().ID != sheet.ID {
		t.Fatalf("« Commencer » started %v", s)
	}
	g.phones, g.apps, g.webs = map[int]*wirePhone{}, map[int]*appPhone{}, map[int]*webPhone{}
	var url string
	for i, kind := range j.seats {
		if kind == touch {
			continue
		}
		if !uitest.HasText(k.w.Content(), k.tb.Server().Code()) {
			t.Fatalf("seat %d waits for a phone but the seating screen shows no code", i+1)
		}
		switch kind {
		case app:
			p := openApp(t, k, g.prefs[i])
			p.join(t, k, k.tb.Server().Code(), nicknames[i])
			g.apps[i] = p
		case web:
			if url == "" {
				url = decodeQR(t, k.ui.Seating().QR())
			}
			p := openTab(t)
			p.join(t, url, nicknames[i])
			g.webs[i] = p
		}
		if kind != phone {
			k.until(t, fmt.Sprintf("%s's phone in seat %d", nicknames[i], i+1), func() bool {
				return k.tb.Server().Seats()[i].State == server.SeatConnected
			})
			continue
		}
		c, err := client.Dial(k.ctx, k.tb.Addr(), k.tb.Fingerprint())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		w, err := c.Join(k.ctx, k.tb.Server().Code(), nicknames[i])
		if err != nil {
			t.Fatalf("%s's phone: %v", nicknames[i], err)
		}
		p := &wirePhone{c: c, seat: w.Seat}
		go func() {
			for u := range c.Updates() {
				p.mu.Lock()
				p.last, p.n = u, p.n+1
				p.mu.Unlock()
				k.q.Poke()
			}
		}()
		g.phones[int(w.Seat)] = p
		k.until(t, fmt.Sprintf("%s's phone in seat %d", nicknames[i], w.Seat+1), func() bool {
			return k.tb.Server().Seats()[w.Seat].State == server.SeatConnected
		})
	}
	k.until(t, "the score sheet on the table", func() bool { return k.ui.Sheet() != nil })
	if k.w.Content() != k.ui.Sheet().Content() {
		t.Fatal("the sheet is not on screen once every seat is taken")
	}
	return s
}

// fillApps writes, in each app, a sum in the first of its seat's empty
// lines and taps its « Écrire », as a guest does; it reports whether it
// wrote one. The app sends its lines one after the other.
func (g *sheetGroup) fillApps() bool {
	for i := range g.j.seats {
		p, ok := g.apps[i]
		if !ok {
			continue
		}
		if _, over, ok := p.app.SeatView(); !ok || over {
			continue
		}
		for _, row := range uitest.All(p.w.Content(), func(c *fyne.Container) bool { return len(c.Objects) >= 2 }) {
			var entry *widget.Entry
			var write *widget.Button
			for _, o := range row.Objects {
				switch o := o.(type) {
				case *widget.Entry:
					entry = o
				case *widget.Button:
					write = o
				}
			}
			if entry == nil || write == nil || entry.Text != "" || entry.Disabled() || write.Disabled() {
				continue
			}
			test.Type(entry, phoneSum)
			test.Tap(write)
			return true
		}
	}
	return false
}

// fillWebs has each page write its seat's lines, one after the other (a
// sum in its first empty line, browsertest.GuestWrites), until it shows
// the results, each on its own goroutine.
func (g *sheetGroup) fillWebs(t *testing.T) {
	k := g.k
	for i, p := range g.webs {
		go func() {
			defer k.q.Poke()
			defer g.webDone.Add(1)
			ctx, cancel := context.WithCancel(p.ctx)
			defer cancel()
			defer context.AfterFunc(k.ctx, cancel)()
			for {
				// One look in one turn of the page's loop: write a line,
				// or see the results, or wait for the page's next change
				// (so that no change slips between the look and the wait).
				got, err := chromedp.Run(ctx, chromedp.Evaluate[string](writeOrWait, chromedp.EvalAwaitPromise))
				if err != nil {
					g.webErr.CompareAndSwap(nil, fmt.Errorf("the page of seat %d: %w", i+1, err))
					return
				}
				if got == "result" {
					return
				}
			}
		}()
	}
}

// writeOrWait is a web guest's look at a score sheet: it writes a line
// (browsertest.GuestWrites) and returns its field's id, or says "result"
// once the page shows the results, or waits for the page's next change.
const writeOrWait = `(async () => {
  const id = ` + browsertest.GuestWrites + `;
  if (id) return id;
  if (document.body.dataset.state === 'result') return 'result';
  await new Promise((res) => {
    const o = new MutationObserver(() => { o.disconnect(); res(); });
    o.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return 'changed';
})()`

// untilSheet runs the kiosk's updates and the apps' writing until cond
// holds.
func (g *sheetGroup) untilSheet(t *testing.T, what string, cond func() bool) {
	t.Helper()
	k := g.k
	for {
		k.q.Settle()
		if err, _ := g.webErr.Load().(error); err != nil {
			t.Fatal(err)
		}
		if cond() {
			return
		}
		if g.fillApps() {
			continue
		}
		if err := k.q.Wait(k.ctx); err != nil {
			said := ""
			if s := g.k.ui.Sheet(); s != nil {
				said = s.Status()
			}
			t.Fatalf("waiting for %s: %v (the middle says %q, %d pages done)", what, err, said, g.webDone.Load())
		}
	}
}

// phoneWrites reports whether seat is filled by its own phone's screen.
func (g *sheetGroup) phoneWrites(seat int) bool {
	return g.j.seats[seat] == app || g.j.seats[seat] == web
}

// sheetOf is the table's sheet screen, failing the test without one.
func (g *sheetGroup) sheetOf(t *testing.T) *screen.Sheet {
	t.Helper()
	s := g.k.ui.Sheet()
	if s == nil {
		t.Fatal("the score sheet left the screen")
	}
	return s
}

// enter writes value in seat's line: on the table's pad, turned to the
// seat, for a guest; through the wire for a phone.
func (g *sheetGroup) enter(t *testing.T, seat int, cat string, round, value int, sum string) {
	t.Helper()
	k := g.k
	if p, ok := g.phones[seat]; ok {
		data, err := json.Marshal(sheet.Enter(engine.Seat(seat), cat, round, value))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.c.Move(k.ctx, data); err != nil {
			t.Fatalf("seat %d writes %s/%d=%d: %v", seat+1, cat, round, value, err)
		}
		k.until(t, fmt.Sprintf("seat %d's %s on the table", seat+1, cat), func() bool {
			return g.written(seat, cat, round)
		})
		return
	}
	pad := g.sheetOf(t).Pad(seat)
	if pad == nil {
		t.Fatalf("seat %d, a guest on the table, has no pad", seat+1)
	}
	for c, r := pad.Line(); c != cat || r != round; c, r = pad.Line() {
		g.tapPanel(t, seat, "▶")
	}
	if sum == "" {
		sum = strconv.Itoa(value)
	}
	for _, key := range strings.Split(strings.ReplaceAll(sum, "-", "−"), "") {
		g.tapPanel(t, seat, key)
	}
	g.tapPanel(t, seat, "OK")
	k.q.Settle()
	if !g.written(seat, cat, round) {
		t.Fatalf("seat %d's %s/%d typed %q on the pad is not written: %q", seat+1, cat, round, sum, pad.Said())
	}
}

// written reports whether seat's line is on the table's sheet, as its
// screen shows it.
func (g *sheetGroup) written(seat int, cat string, round int) bool {
	s := g.k.ui.Sheet()
	return s != nil && s.Written(seat, cat, round)
}

// tapPanel taps the button labelled label in seat's panel where it is
// drawn, through the panel's turn towards its seat.
func (g *sheetGroup) tapPanel(t *testing.T, seat int, label string) {
	t.Helper()
	p := g.sheetOf(t).Panel(seat)
	for _, b := range uitest.All(p.Content(), func(b *widget.Button) bool { return b.Text == label && b.Visible() }) {
		at, ok := offsetOf(p.Content(), b, fyne.Position{})
		if !ok {
			continue
		}
		centre := at.Add(fyne.NewPos(b.Size().Width/2, b.Size().Height/2))
		test.TapAt(p, p.Turn().Forward(centre, p.Content().Size()))
		return
	}
	t.Fatalf("no %q in seat %d's panel", label, seat+1)
}

// tapMiddle taps the middle's action key, which must be offered.
func (g *sheetGroup) tapMiddle(t *testing.T, key string) {
	t.Helper()
	g.untilSheet(t, fmt.Sprintf("the middle to offer %q", key), func() bool { return g.sheetOf(t).Action(key) != nil })
	test.Tap(g.sheetOf(t).Action(key))
	g.k.q.Settle()
}

// play fills the sheet as the group would, title by title.
func (g *sheetGroup) play(t *testing.T, s *host.Session) {
	t.Helper()
	n := len(g.j.seats)
	switch g.j.name {
	case "skullking":
		for r := 1; r <= 10; r++ {
			for seat := range n {
				if !g.phoneWrites(seat) {
					g.enter(t, seat, "bid", r, bid(r, seat), "")
				}
			}
			g.untilSheet(t, fmt.Sprintf("every bid of round %d", r), func() bool {
				for seat := range n {
					if !g.written(seat, "bid", r) {
						return false
					}
				}
				return true
			})
			// Every bid written, none shown: the table shows ticks,
			// a phone sees the others' bids hidden.
			bids := g.sheetOf(t).Board().Rows()[0]
			if r == 1 {
				for seat, c := range bids.Cells {
					if c != "✓" {
						t.Errorf("seat %d's bid shows %q on the table before the reveal", seat+1, c)
					}
				}
				g.phoneSeesHidden(t, "bid", r)
			}
			g.tapMiddle(t, "reveal")
			// Shown to everyone at once: the table's own view has them.
			shown := map[int]string{}
			for _, c := range s.View(engine.Onlooker).(*sheet.View).Cells {
				if c.Category == "bid" && c.Round == r && !c.Hidden {
					shown[c.Seat] = strconv.Itoa(c.Value)
				}
			}
			for seat := range n {
				want := bid(r, seat)
				if g.phoneWrites(seat) {
					want = phoneValue
				}
				if shown[seat] != strconv.Itoa(want) {
					t.Errorf("round %d: after the reveal seat %d's bid shows %q, not %d", r, seat+1, shown[seat], want)
				}
			}
			for seat := range n {
				if g.phoneWrites(seat) {
					continue
				}
				v := 10 * (seat + 1)
				sum := ""
				if g.j.seats[seat] == touch {
					sum = fmt.Sprintf("%d+%d", v-5, 5) // a sum on the pad
				}
				if r == 3 && seat == 1 {
					v = -10 // a missed bid
				}
				g.enter(t, seat, "points", r, v, sum)
			}
		}
		// A correction before the end: the guest's round 10.
		g.enter(t, 0, "points", 10, 25, "20+5")
		g.tapMiddle(t, "end")
	case "pandemic":
		if !strings.Contains(g.sheetOf(t).Status(), "Qui a gagné") {
			t.Errorf("a cooperative sheet with nothing to write says %q", g.sheetOf(t).Status())
		}
		g.enter(t, 0, "cures", 0, 1, "")
		g.untilSheet(t, "the app's cures", func() bool { return g.written(1, "cures", 0) })
		g.tapMiddle(t, "won")
		g.tapMiddle(t, "end")
	case "codenames":
		if g.sheetOf(t).Action("end") != nil {
			t.Error("the team sheet offers the end before the group named the winners")
		}
		g.tapMiddle(t, "wins-1") // the blue team
		g.tapMiddle(t, "end")
	}
	g.untilSheet(t, "the results on the table and every phone", func() bool { return g.over(s) })
}

// over reports whether the table shows the results and every phone the end.
func (g *sheetGroup) over(s *host.Session) bool {
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

// bid is seat's bid in round r: at most the round's tricks.
func bid(r, seat int) int { return (r + 2*seat) % (r + 1) }

// phoneSeesHidden checks that a phone's own view holds the other seats'
// line cat of round as hidden, without their value.
func (g *sheetGroup) phoneSeesHidden(t *testing.T, cat string, round int) {
	t.Helper()
	for _, p := range g.phones {
		var v sheet.View
		g.k.until(t, "the phone's view of every bid", func() bool {
			u, _ := p.latest()
			var env engine.ViewJSON
			v = sheet.View{}
			if json.Unmarshal(u.View, &env) != nil || json.Unmarshal(env.View, &v) != nil {
				return false
			}
			n := 0
			for _, c := range v.Cells {
				if c.Category == cat && c.Round == round {
					n++
				}
			}
			return n == len(g.j.seats)
		})
		for _, c := range v.Cells {
			if c.Category == cat && c.Round == round && engine.Seat(c.Seat) != p.seat && (!c.Hidden || c.Value != 0) {
				t.Errorf("seat %d's phone sees seat %d's %s before the reveal: %+v", p.seat+1, c.Seat+1, cat, c)
			}
		}
	}
}

// results checks the results screen: who won, each seat's card.
func (g *sheetGroup) results(t *testing.T, s *host.Session) {
	t.Helper()
	r := g.k.ui.Results()
	res, _ := s.Result()
	var want string
	switch g.j.name {
	case "skullking":
		want = g.name(3) + " gagne !"
	case "pandemic":
		want = "Victoire partagée : " + g.name(0) + ", " + g.name(1)
	case "codenames":
		want = "Victoire partagée : " + g.name(1) + ", " + g.name(3)
	}
	if !uitest.HasText(r.Content(), "Fin de la partie — "+s.Record().Options[sheet.OptionTitle]) {
		t.Errorf("the results do not name the title played, %q", s.Record().Options[sheet.OptionTitle])
	}
	if r.Headline() != want {
		t.Errorf("the results say %q (result %+v), want %q", r.Headline(), res, want)
	}
	for seat := range g.j.seats {
		if lines, _ := r.Card(engine.Seat(seat)); len(lines) < 2 {
			t.Errorf("seat %d has no results card: %q", seat+1, lines)
		}
	}
	if g.j.name == "skullking" {
		// The guest: 9 rounds of 10 and the corrected 25; the app and the
		// page 3 a round; the wire's phone 40 a round.
		if res.Scores[0] != 9*10+25 || res.Scores[1] != 10*phoneValue || res.Scores[2] != 10*phoneValue || res.Scores[3] != 400 {
			t.Errorf("the scores are %v", res.Scores)
		}
	}
	t.Logf("%s: %d entries, %s", g.j.name, s.Moves(), r.Headline())
}

// signed checks that every known player's phone (the app's and the
// page's: they join with a player key) signed its seat's result while the
// table showed the results: the play's event leaves the table once they
// all did, and a venue node loading it credits each of them with the play
// (docs/venue.md, "Signed shelf results"); the others are guests.
func (g *sheetGroup) signed(t *testing.T, s *host.Session) {
	t.Helper()
	k := g.k
	d := k.tb.DB()
	var body []byte
	k.until(t, "the play's event signed by the app and the page", func() bool {
		evs, err := d.PendingEvents(k.ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Kind == "session" && e.Ref == s.ID() {
				body = e.Body
			}
		}
		return body != nil
	})
	var ev db.SessionEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Fatal(err)
	}
	known := 0
	for i, kind := range g.j.seats {
		if kind != app && kind != web {
			continue
		}
		known++
		if ev.Seats[i].Sign == nil {
			t.Errorf("seat %d (%s) did not sign its result: %+v", i+1, kind, ev.Seats[i])
		}
	}
	hub, err := db.Open(k.ctx, filepath.Join(t.TempDir(), "hub.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	if _, err := hub.LoadVenueEvent(k.ctx, "e1", body, time.Now()); err != nil {
		t.Fatal(err)
	}
	board, err := hub.VenueTitleBoard(k.ctx, s.Record().Options[sheet.OptionTitle])
	if err != nil {
		t.Fatal(err)
	}
	if board.Plays != 1 || len(board.Standings) != known {
		t.Errorf("the venue's board of %s: %+v; want the play and its %d known players", board.Title, board, known)
	}
	for _, st := range board.Standings {
		if st.Plays != 1 {
			t.Errorf("%s is credited %d plays, want the signed one", st.Nickname, st.Plays)
		}
	}
}

// name is seat's name at the table.
func (g *sheetGroup) name(seat int) string {
	n := g.k.tb.Server().Seats()[seat].Name
	if place, ok := wire.TableGuestPlace(n); ok {
		// A guest on the table kept by their place, named by the French
		// table in its words.
		return fmt.Sprintf("Invité %d", place)
	}
	return n
}

// again taps "Rejouer": the same title on its sheet, the same seats, the
// phones told of the next play without joining again.
func (g *sheetGroup) again(t *testing.T, s *host.Session) {
	t.Helper()
	k := g.k
	before := k.tb.Server().Seats()
	test.Tap(k.ui.Results().Again())
	k.q.Settle()
	next := k.tb.Session()
	if next == nil || next.ID() == s.ID() || next.Record().Options[sheet.OptionTitle] != s.Record().Options[sheet.OptionTitle] {
		t.Fatalf("« Rejouer » started %v", next)
	}
	if k.ui.Sheet() == nil || k.w.Content() != k.ui.Sheet().Content() {
		t.Fatal("« Rejouer » did not go straight to the next sheet")
	}
	after := k.tb.Server().Seats()
	for i := range before {
		if after[i].Name != before[i].Name || after[i].State != before[i].State {
			t.Errorf("seat %d was %+v, is %+v in the next play", i+1, before[i], after[i])
		}
	}
	for seat, p := range g.phones {
		k.until(t, fmt.Sprintf("the phone of seat %d in the next play", seat+1), func() bool {
			u, _ := p.latest()
			return u.NewGame || (!u.Over && u.Version == 0)
		})
	}
	for seat, p := range g.apps {
		k.until(t, fmt.Sprintf("the app of seat %d in the next play", seat+1), func() bool {
			v, over, ok := p.app.SeatView()
			return ok && !over && v != nil
		})
	}
	for seat, p := range g.webs {
		if _, err := p.until(k.ctx, false, "(s) => s.startsWith('sheet-')", func() float64 { return 0 }); err != nil {
			t.Fatalf("the page of seat %d in the next play: %v (state %q)", seat+1, err, p.state())
		}
	}
}
