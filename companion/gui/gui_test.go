package gui

import (
	"context"
	"errors"
	"net"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/joinurl"
	"github.com/tablee/tablee/proto/tlscert"
)

func TestJoinsATableFoundNearbyAndRemembersTheNickname(t *testing.T) {
	tb := kiosktest.Open(t, "canyon", 3)
	p := openPhone(t, nil, Deps{Browse: browseOnce(tableOf(tb, "canyon", 3))})
	p.u.until(t, "the table listed", func() bool { return p.find.status.Text == "Tap your table." })
	p.u.do(func() {
		if got := p.find.describe(p.find.tables[0]); got != "Canyon · free seats: 3" {
			t.Errorf("table line %q", got)
		}
	})
	p.joinFromList(t, tb.Code(), "Anja")
	p.seated(t)
	p.u.do(func() {
		if got := p.prefs.String(prefName); got != "Anja" {
			t.Errorf("nickname kept %q", got)
		}
		if s, ok := p.savedSeat(); !ok || s.Addr != tb.Addr || s.Token == "" || s.Table != tb.Name {
			t.Errorf("seat kept %+v %v", s, ok)
		}
		if !strings.Contains(p.seat.title(), "Seat 1") {
			t.Errorf("title %q", p.seat.title())
		}
	})
}

func TestAWrongCodeIsExplained(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	p := openPhone(t, nil, Deps{Browse: browseOnce(tableOf(tb, canoe.ID, 2))})
	p.joinFromList(t, tb.WrongCode(), "Anja")
	p.u.until(t, "the refusal", func() bool { return p.join.status.Text == "That is not the code shown on the table." })
}

func TestWhenBrowsingFailsTheJoinLinkStillWorks(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	// What Android 11+ gives zeroconf (golang/go#40569).
	failing := func(context.Context) ([]discovery.Kiosk, error) {
		return nil, errors.New("route ip+net: netlinkrib: permission denied")
	}
	p := openPhone(t, nil, Deps{Browse: failing})
	p.u.until(t, "the fallback message", func() bool { return strings.Contains(p.find.status.Text, "cannot look for tables") })
	host, port := splitHostPort(t, tb.Addr)
	link := joinurl.Info{Host: host, WebPort: 8080, Code: tb.Code(), TLSPort: port, Fingerprint: tb.Fingerprint}.String()
	p.u.do(func() {
		test.Type(p.find.link, "  "+link+"\n")
		test.Tap(p.find.open)
	})
	p.u.do(func() {
		if p.current != p.join || p.join.target.code != tb.Code() {
			t.Fatalf("the link did not lead to joining with its code")
		}
		p.join.name.SetText("Anja")
		test.Tap(p.join.submit)
	})
	p.seated(t)
}

func TestABadLinkIsExplained(t *testing.T) {
	p := openPhone(t, nil, Deps{})
	p.u.do(func() {
		test.Type(p.find.link, "http://example.org/")
		test.Tap(p.find.open)
	})
	p.u.until(t, "the message", func() bool { return strings.Contains(p.find.status.Text, "not a Tablée table's") })
	// A notice follows a switch of language like every other text.
	p.u.do(func() { p.setLang("de") })
	p.u.until(t, "the message in German", func() bool {
		return strings.Contains(p.find.status.Text, "Das ist kein Link eines Tablée-Tisches")
	})
}

func TestATypedAddressShowsTheWordsToCompareThenJoins(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	p := openPhone(t, nil, Deps{})
	var addr *addressScreen
	p.u.do(func() {
		test.Tap(p.find.typed)
		addr = p.current.(*addressScreen)
		test.Type(addr.addr, tb.Addr)
		test.Type(addr.code, tb.Code())
		test.Tap(addr.next)
	})
	p.u.until(t, "the join screen", func() bool { return p.current == p.join && p.join != nil })
	p.u.do(func() {
		if !p.join.target.typed || p.join.target.table.Fingerprint != tb.Fingerprint {
			t.Fatalf("target %+v", p.join.target)
		}
		// The words in the app's language, and the numbers a table in
		// any other language shows after its own words.
		if want := tlscert.ShowPhrase(tlscert.Phrase(tb.Fingerprint), string(p.lang)); !strings.Contains(p.labels(), want) || !strings.Contains(p.labels(), tlscert.PhraseNumbers(tlscert.Phrase(tb.Fingerprint))) {
			t.Errorf("the words and numbers %q are not shown:\n%s", want, p.labels())
		}
		// The code the guest typed shows as typed, not as "from the link".
		if p.join.code.Text != tb.Code() || strings.Contains(p.labels(), "link") {
			t.Errorf("the typed code shows as %q:\n%s", p.join.code.Text, p.labels())
		}
		p.join.name.SetText("Anja")
		test.Tap(p.join.submit)
	})
	p.seated(t)
}

func TestAReopenedAppReturnsToItsSeat(t *testing.T) {
	tb, first := seatedAtCanoe(t)
	var seat engine.Seat
	first.u.do(func() {
		seat = first.seat.w.Seat
		first.Close() // the app is closed; the seat stays at the table
	})
	again := openPhone(t, first.prefs, Deps{})
	again.seated(t)
	again.u.do(func() {
		if again.seat.w.Seat != seat {
			t.Errorf("back at %v, was %v", again.seat.w.Seat, seat)
		}
	})
	// And the other seat is still free for someone else.
	runBots(t, tb, 1)
	again.u.until(t, "the game to start", func() bool {
		return again.seat.view != nil && again.seat.view.(*canoe.View).Plies > 0 || again.stateLine() == "Your turn!"
	})
}

func TestASeatTheTableNoLongerHoldsIsForgotten(t *testing.T) {
	tb, first := seatedAtCanoe(t)
	first.u.do(first.Close)
	tb.Release(0)
	again := openPhone(t, first.prefs, Deps{})
	again.u.until(t, "the explanation", func() bool {
		return again.current == again.find && strings.Contains(again.find.status.Text, "no longer yours")
	})
	if _, ok := again.savedSeat(); ok {
		t.Error("the lost seat is still kept")
	}
}

func TestLeavingAsksFirst(t *testing.T) {
	_, p := seatedAtCanoe(t)
	p.u.do(func() {
		test.Tap(p.buttons("Leave")[0])
		test.Tap(p.buttons("No, stay")[0])
		if p.current != p.seat || p.seat.askLeave {
			t.Fatal("'no' did not keep the seat")
		}
		test.Tap(p.buttons("Leave")[0])
		test.Tap(p.buttons("Yes, leave")[0])
		if p.current != p.find {
			t.Fatal("'yes' did not go back to the tables")
		}
		if _, ok := p.savedSeat(); ok {
			t.Error("the seat is still kept after leaving")
		}
	})
}

func TestReconnectsAfterTheConnectionDrops(t *testing.T) {
	tb, p := seatedAtCanoe(t)
	tb.Restart(0)
	p.u.until(t, "reconnecting, then the seat again", func() bool {
		saw := false
		for _, s := range p.seat.shown {
			saw = saw || s == "Connection lost — reconnecting…"
		}
		return saw && p.seat.linkUp && p.stateLine() != "Connection lost — reconnecting…"
	})
}

func TestABoardGameShowsTheScoreAndWhoseTurn(t *testing.T) {
	tb, p := seatedAtCanoe(t)
	runBots(t, tb, 1)
	p.u.until(t, "this seat's turn", func() bool { return p.stateLine() == "Your turn!" })
	p.u.do(func() {
		text := p.labels()
		if !strings.Contains(text, "Make your move on the table") || !strings.Contains(text, "canoes: 0") {
			t.Errorf("board game panel:\n%s", text)
		}
	})
	// The move is made on the table's screen.
	seat := p.seat.w.Seat
	var before int
	p.u.do(func() { before = len(p.seat.shown) })
	if err := tb.Session().Play(context.Background(), seat, tb.Session().View(seat).Legal()[0]); err != nil {
		t.Fatal(err)
	}
	// The bot may answer at once: the state line's history, not its
	// current text, shows that the turn passed to the other seat.
	p.u.until(t, "the other seat's turn", func() bool {
		return slices.Contains(p.seat.shown[before:], "Waiting for Bot1…") // the bot's nickname
	})
}

func TestTheAppSpeaksThePhonesLanguageAndSwitches(t *testing.T) {
	p := openPhone(t, nil, Deps{Lang: "fr_FR.UTF-8"})
	p.u.until(t, "the search", func() bool {
		return p.find.status.Text == "Aucune table trouvée pour l'instant. Ce téléphone est-il sur le Wi-Fi du lieu ?"
	})
	p.u.do(func() {
		if p.find.typed.Text != "Taper l'adresse et le code" {
			t.Errorf("French button %q", p.find.typed.Text)
		}
		p.setLang("de")
		if p.find.typed.Text != "Adresse und Code eintippen" {
			t.Errorf("German button %q", p.find.typed.Text)
		}
		if p.prefs.String(prefLang) != "de" {
			t.Error("the language chosen is not kept")
		}
	})
}

func splitHostPort(t *testing.T, addr string) (string, int) {
	t.Helper()
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		t.Fatal(err)
	}
	return host, p
}

// seatedAtCanoe opens a two-seat Canoë table and a phone that joined it
// from the list as Anja and holds its seat.
func seatedAtCanoe(t *testing.T) (*kiosktest.Table, *phone) {
	t.Helper()
	return anjaSeatedAt(t, canoe.ID, 2)
}

// anjaSeatedAt opens a kiosk of game with seats phone seats and a phone
// that finds it nearby and takes a seat as Anja; the other seats are free.
func anjaSeatedAt(t *testing.T, game string, seats int) (*kiosktest.Table, *phone) {
	t.Helper()
	tb := kiosktest.Open(t, game, seats)
	p := openPhone(t, nil, Deps{Browse: browseOnce(tableOf(tb, game, seats))})
	p.joinFromList(t, tb.Code(), "Anja")
	p.seated(t)
	return tb, p
}

func TestASavedSeatWhoseTableIsGoneSaysSoAndCanBeForgotten(t *testing.T) {
	prefs := test.NewTempApp(t).Preferences()
	// A table that was here and is not any more: nothing listens there.
	data := `{"addr":"127.0.0.1:1","fingerprint":"` + strings.Repeat("ab", 32) + `","token":"t","table":"Table 9","game":"canoe"}`
	prefs.SetString(prefSeat, data)
	p := openPhone(t, prefs, Deps{})
	p.u.until(t, "the table unreachable", func() bool { return p.stateLine() == "Table 9 does not answer" })
	p.u.do(func() {
		if !strings.Contains(p.labels(), "Your seat is waiting for you") {
			t.Errorf("no help:\n%s", p.labels())
		}
		test.Tap(p.buttons("Forget this seat")[0])
		if p.current != p.find {
			t.Fatal("forgetting did not go back to the tables")
		}
	})
	if _, ok := p.savedSeat(); ok {
		t.Error("the seat is still kept")
	}
}

func TestTheEndShowsTheResultAndThisPlayersRecord(t *testing.T) {
	tb, p := seatedAtCanoe(t)
	runBots(t, tb, 1)
	seat := p.seat.w.Seat
	// This seat's moves are made on the table's screen: here, the first
	// legal one each time, until the game ends.
	p.u.until(t, "the game's end and the record", func() bool {
		if p.seat.canAct() {
			// The phone's view may be a move behind the table's.
			if legal := tb.Session().View(seat).Legal(); len(legal) > 0 {
				if err := tb.Session().Play(context.Background(), seat, legal[0]); err != nil && engine.RuleOf(err) == "" {
					t.Errorf("table move: %v", err)
				}
			}
		}
		return p.seat.over && p.seat.record != nil
	})
	p.u.do(func() {
		r, _ := tb.Result()
		text := p.labels()
		if !strings.Contains(p.stateLine(), "Game over") || !strings.Contains(text, "Final ranking") ||
			!strings.Contains(text, p.ruleWords("end."+r.Reason)) {
			t.Errorf("state %q, panel:\n%s", p.stateLine(), text)
		}
		if !strings.Contains(text, p.seat.recordLine()) || p.seat.recordLine() == "" {
			t.Errorf("no record line in:\n%s", text)
		}
		if p.prefs.String(prefKey) == "" {
			t.Error("no player key kept")
		}
	})
}

func TestNobodyPlaysBeforeEverySeatIsTaken(t *testing.T) {
	tb := kiosktest.Open(t, "canyon", 3)
	p := openPhone(t, nil, Deps{Browse: browseOnce(tableOf(tb, "canyon", 3))})
	p.joinFromList(t, tb.Code(), "Anja")
	p.u.until(t, "waiting for two players", func() bool {
		return p.seat != nil && p.seat.state != nil && p.stateLine() == "Waiting for players: 2 seat(s) still free"
	})
	p.u.do(func() {
		if p.seat.canAct() {
			t.Error("the seat may act while seats are free")
		}
	})
	runBots(t, tb, 2)
	p.u.until(t, "the game under way", func() bool { return p.seat.waiting == 0 && !strings.HasPrefix(p.stateLine(), "Waiting for players") })
}

func TestAnAddressTypedWithoutItsPortGetsTheKiosksOwn(t *testing.T) {
	for in, want := range map[string]string{
		"192.168.1.20":       "192.168.1.20:7457",
		"192.168.1.20:9000":  "192.168.1.20:9000",
		"tablee.local":       "tablee.local:7457",
		"[fe80::1]":          "[fe80::1]:7457",
		"192.168.1.20:":      "",
		"":                   "",
		"http://192.168.1.2": "",
	} {
		got, ok := withPort(in)
		if got != want || ok != (want != "") {
			t.Errorf("withPort(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// A nickname remembered from an earlier visit is offered, not typed in:
// the guest's typing replaces it ("Zoe", not "ZoéZoe"), and joining
// without typing keeps it.
func TestARememberedNicknameIsOfferedNotAppendedTo(t *testing.T) {
	for _, typed := range []string{"Zoe", ""} {
		tb := kiosktest.Open(t, canoe.ID, 2)
		prefs := test.NewTempApp(t).Preferences()
		prefs.SetString(prefName, "Zoé")
		p := openPhone(t, prefs, Deps{Browse: browseOnce(tableOf(tb, canoe.ID, 2))})
		p.u.until(t, "the table in the list", func() bool { return p.find != nil && len(p.find.tables) > 0 })
		p.u.do(func() { p.find.list.Select(0) })
		p.u.do(func() {
			if p.join.name.Text != "" || p.join.name.PlaceHolder != "Zoé" {
				t.Errorf("name field %q, placeholder %q", p.join.name.Text, p.join.name.PlaceHolder)
			}
			test.Type(p.join.code, tb.Code())
			test.Type(p.join.name, typed)
			test.Tap(p.join.submit)
		})
		p.seated(t)
		want := typed
		if want == "" {
			want = "Zoé"
		}
		p.u.do(func() {
			if got := p.prefs.String(prefName); got != want {
				t.Errorf("typed %q: joined as %q, want %q", typed, got, want)
			}
		})
	}
}
