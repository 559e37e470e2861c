package gui

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/internal/playcsv"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/scoresheet"
)

// sheetTable is a table keeping the score of title on its ready sheet
// for seats phones.
func sheetTable(t *testing.T, title string, seats int) *kiosktest.Table {
	t.Helper()
	tb := kiosktest.OpenWith(t, table.Config{Games: catalog.Plays()}, sheet.ID, seats)
	if _, err := tb.Kiosk().Start(context.Background(), sheet.ID, sheet.New().OptionsFor(title), make([]table.Seat, seats)); err != nil {
		t.Fatal(err)
	}
	return tb
}

// otherPhone is another seat, written from the test through the
// companion's client: what it receives is what crossed the wire to it.
type otherPhone struct {
	t    *testing.T
	c    *client.Client
	seat engine.Seat
	last chan *sheet.View
}

func joinOther(t *testing.T, tb *kiosktest.Table, name string) *otherPhone {
	t.Helper()
	ctx := context.Background()
	c, err := client.Dial(ctx, tb.Addr, tb.Fingerprint)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	w, err := c.Join(ctx, tb.Code(), name)
	if err != nil {
		t.Fatal(err)
	}
	o := &otherPhone{t: t, c: c, seat: w.Seat, last: make(chan *sheet.View, 64)}
	go func() {
		for u := range c.Updates() {
			if v, err := u.Decode(catalog.Sheet()); err == nil {
				o.last <- v.(*sheet.View)
			}
		}
	}()
	return o
}

func (o *otherPhone) move(m sheet.Move) {
	o.t.Helper()
	data, _ := json.Marshal(m)
	if err := o.c.Move(context.Background(), data); err != nil {
		o.t.Fatalf("seat %d: %v: %v", o.seat, m, err)
	}
}

// viewUntil waits for a view of the other seat that ok accepts.
func (o *otherPhone) viewUntil(what string, ok func(*sheet.View) bool) *sheet.View {
	o.t.Helper()
	var last *sheet.View
	timeout := time.After(30 * time.Second)
	for {
		select {
		case v := <-o.last:
			if ok(v) {
				return v
			}
			last = v
		case <-timeout:
			o.t.Fatalf("seat %d never saw %s; last view %+v", o.seat, what, last)
		}
	}
}

// cellNamed is the panel's field of cat in round.
func (p *phone) cellNamed(t *testing.T, cat string, round int) *sheetCell {
	t.Helper()
	sp := p.seat.panel.(*sheetPanel)
	for _, c := range sp.cells {
		if c.cat.ID == cat && c.round == round {
			return c
		}
	}
	t.Fatalf("no field for %s in round %d", cat, round)
	return nil
}

// writeCell types text into the field of cat (round) and taps Write.
func (p *phone) writeCell(t *testing.T, cat string, round int, text string) {
	t.Helper()
	p.u.do(func() {
		c := p.cellNamed(t, cat, round)
		c.entry.SetText("")
		test.Type(c.entry, text)
		test.Tap(c.write)
	})
}

// TestTheAppKeepsItsOwnScoreSheet: a guest fills in their own Skull
// King sheet in the app while another phone fills in theirs: every line
// per round, the bid marked private, the limit and a negative bid refused
// in words, a sum shown as its total with the sum kept, a correction, a
// field being typed in left alone when another phone writes, the other
// seat's public total with its private line said hidden, what is missing
// in words; the other phone never gets the bid before the reveal; then the
// results and the play saved as CSV with BoardGameGeek's fields.
func TestTheAppKeepsItsOwnScoreSheet(t *testing.T) {
	app := test.NewTempApp(t)
	app.Settings().SetTheme(NewTheme())
	tb := sheetTable(t, "Skull King", 2)
	other := joinOther(t, tb, "=Bernd")
	now := time.Date(2026, 12, 2, 21, 30, 0, 0, time.Local)
	clock := now // read on the UI goroutine only
	var saved []byte
	var opened string
	p := openPhone(t, app.Preferences(), Deps{Browse: browseOnce(tableOf(tb, sheet.ID, 1)), Now: func() time.Time { return clock },
		SavePlay: func(_ fyne.Window, name string, data []byte, done func(string, error)) {
			saved = data
			done("/phone/"+name, nil)
		},
		OpenURL: func(u *url.URL) error { opened = u.String(); return nil }})
	p.joinFromList(t, tb.Code(), "Anja")
	p.seated(t)
	p.u.until(t, "the sheet", func() bool { return strings.Contains(p.labels(), "Your sheet · Skull King") })
	p.u.do(func() {
		text := p.labels()
		for _, want := range []string{"Bid", "Round points", "Round 10", "Private: stays on this phone until the table reveals it",
			"Only breaks a tie: not in the total", "May be below zero", "You have no score for Bid in round 1.",
			"=Bernd has no score for Bid in round 1."} {
			if !strings.Contains(text, want) {
				t.Errorf("the sheet lacks %q:\n%s", want, text)
			}
		}
		if n := len(p.seat.panel.(*sheetPanel).cells); n != 20 {
			t.Errorf("%d fields, want 2 lines × 10 rounds", n)
		}
		if got := p.stateLine(); got != "Write your scores" {
			t.Errorf("the state line says %q", got)
		}
		// Every seat writes at once: no hint to ask, and the shelf waits
		// for the results.
		for _, b := range []string{p.t("hint_ask"), p.seat.st("open")} {
			if len(p.buttons(b)) > 0 {
				t.Errorf("the sheet offers %q", b)
			}
		}
	})
	checkTargets(t, p, "sheet")

	said := func(cat string, round int) string { return p.cellNamed(t, cat, round).said.Text }
	p.writeCell(t, "points", 1, "100000")
	p.u.do(func() {
		if got := said("points", 1); got != "A score goes up to 99,999, no further." {
			t.Errorf("beyond the limit: %q", got)
		}
	})
	p.writeCell(t, "bid", 1, "-1")
	p.u.do(func() {
		if got := said("bid", 1); got != "Bid is never below zero." {
			t.Errorf("a negative bid: %q", got)
		}
	})

	p.writeCell(t, "bid", 1, "1")
	v := other.viewUntil("the app's bid", func(v *sheet.View) bool { _, ok := cellAt(v, 1, "bid", 1); return ok })
	if c, _ := cellAt(v, 1, "bid", 1); !c.Hidden || c.Value != 0 {
		t.Errorf("the other phone got the app's bid before the reveal: %+v", c)
	}
	p.writeCell(t, "points", 1, "20+10-5")
	other.viewUntil("the app's points", func(v *sheet.View) bool { c, _ := cellAt(v, 1, "points", 1); return c.Value == 25 })
	p.u.until(t, "the sum beside its total", func() bool { return p.cellNamed(t, "points", 1).sum.Text == "20+10-5 = 25" })
	p.u.do(func() {
		if got := p.cellNamed(t, "points", 1).entry.Text; got != "25" {
			t.Errorf("the field shows %q, want the total", got)
		}
	})

	// The guest types in a field; the other phone writes meanwhile: the
	// field keeps what the guest typed.
	p.u.do(func() {
		c := p.cellNamed(t, "bid", 2)
		p.w.Canvas().Focus(c.entry)
		test.Type(c.entry, "7")
	})
	other.move(sheet.Enter(other.seat, "bid", 1, 0))
	other.move(sheet.Enter(other.seat, "points", 1, 30))
	p.u.until(t, "the other's total", func() bool {
		return strings.Contains(p.labels(), "=Bernd — 30 points + 1 private line not revealed yet")
	})
	p.u.do(func() {
		if got := p.cellNamed(t, "bid", 2).entry.Text; got != "7" {
			t.Errorf("the field being typed in reads %q after another phone wrote, want 7", got)
		}
		p.w.Canvas().Unfocus()
	})

	p.writeCell(t, "points", 1, "30") // a correction
	p.u.until(t, "the corrected total", func() bool { return strings.Contains(p.labels(), "Your total: 30") })

	other.move(sheet.Move{Kind: sheet.KindReveal, Category: "bid", Round: 1})
	p.u.until(t, "the bid revealed", func() bool { return p.cellNamed(t, "bid", 1).shown.Text == "Revealed to everyone" })
	other.move(sheet.Move{Kind: sheet.KindStop})
	p.u.until(t, "the results", func() bool { return p.seat.over && strings.Contains(p.labels(), "Your sheet\n") })
	p.u.do(func() {
		text := p.labels()
		for _, want := range []string{"The game was stopped before the end.", "Bid: 1", "Round points: 30"} {
			if !strings.Contains(text, want) {
				t.Errorf("the results lack %q:\n%s", want, text)
			}
		}
	})
	checkTargets(t, p, "sheet results")
	p.u.do(func() { test.Tap(p.buttons("Save this play (CSV)")[0]) })
	p.u.until(t, "the play saved", func() bool {
		return strings.Contains(p.labels(), "The play is saved: /phone/tablee-2026-12-02-Skull-King.csv")
	})
	var want bytes.Buffer
	playcsv.Write(&want, ',', playcsv.Play{ID: "1", Date: now, Timed: true, Incomplete: true, Location: tb.Name, Game: "Skull King",
		Players: []playcsv.Player{{Name: "=Bernd", Seat: 0, Score: 30}, {Name: "Anja", Seat: 1, Score: 30}}})
	if !bytes.Equal(saved, want.Bytes()) || !bytes.Contains(saved, []byte(",'=Bernd,")) {
		t.Errorf("the saved play reads\n%s\nwant\n%s", saved, want.Bytes())
	}
	p.u.do(func() { test.Tap(p.buttons("Send to BG Stats")[0]) })
	started := p.seat.panel.(*sheetPanel).started
	wantLink, _ := playcsv.BGStatsLink(playcsv.Play{ID: "1", Date: now, Timed: true, Location: tb.Name, Game: "Skull King",
		Players: []playcsv.Player{{Name: "=Bernd", Seat: 0, Score: 30}, {Name: "Anja", Seat: 1, Score: 30}}},
		playcsv.BGStatsGame{HighestWins: true, ID: "skullking"}, tb.Name+"/"+strconv.FormatInt(started.UnixMilli(), 10), []int{1, 1})
	if opened != wantLink {
		t.Errorf("the app hands BG Stats\n%s\nwant\n%s", opened, wantLink)
	}

	// The table plays again: a fresh sheet, and the play before still
	// kept on the phone.
	first := saved
	p.u.do(func() { clock = now.Add(time.Hour) })
	if _, err := tb.Kiosk().PlayAgain(context.Background()); err != nil {
		t.Fatal(err)
	}
	p.u.until(t, "the next sheet", func() bool {
		return !p.seat.over && p.seat.panel.(*sheetPanel).scroll != nil && len(p.buttons("Save the play kept on this phone (CSV)")) == 1
	})
	p.u.do(func() {
		if got := p.cellNamed(t, "points", 1).entry.Text; got != "" {
			t.Errorf("the next play's sheet shows %q", got)
		}
		if strings.Contains(p.labels(), "The play is saved") {
			t.Errorf("the next play's sheet still says the last one was saved")
		}
		test.Tap(p.buttons("Save the play kept on this phone (CSV)")[0])
	})
	p.u.until(t, "the kept play saved", func() bool {
		return strings.Contains(p.labels(), "The play is saved: /phone/tablee-plays-2026-12-02.csv")
	})
	if !bytes.Equal(saved, first) {
		t.Errorf("the kept play reads\n%s\nwant the one saved\n%s", saved, first)
	}
}

// TestTheAppSaysATieTheSheetCannotBreak: another game's generic sheet,
// both seats on 5: the app says they are tied and the group decides.
func TestTheAppSaysATieTheSheetCannotBreak(t *testing.T) {
	app := test.NewTempApp(t)
	app.Settings().SetTheme(NewTheme())
	tb := sheetTable(t, "Les Loups-Garous de Thiercelieux", 2)
	other := joinOther(t, tb, "Bernd")
	p := openPhone(t, app.Preferences(), Deps{Browse: browseOnce(tableOf(tb, sheet.ID, 1))})
	p.joinFromList(t, tb.Code(), "Anja")
	p.seated(t)
	p.u.until(t, "the generic sheet", func() bool {
		return strings.Contains(p.labels(), "Your sheet · Les Loups-Garous de Thiercelieux")
	})
	other.move(sheet.Enter(other.seat, "points", 1, 5))
	p.writeCell(t, "points", 1, "2+3")
	p.u.until(t, "the tie said", func() bool {
		return strings.Contains(p.labels(), "Bernd, Anja are tied and the sheet has no tie-breaker left: who wins?")
	})
}

// TestTheAppFillsAStaffsSheet: a play on a sheet the staff made in the
// console, which the app cannot know by its id (it ships the ready ones
// only): the sheet travels in the view, and the app draws and writes its
// lines as a ready sheet's.
func TestTheAppFillsAStaffsSheet(t *testing.T) {
	app := test.NewTempApp(t)
	app.Settings().SetTheme(NewTheme())
	lib := scoresheet.Ready()
	l := scoresheet.Label{FR: "Tuiles posées", DE: "Gelegte Fliesen", EN: "Tiles laid"}
	mine := &scoresheet.Sheet{ID: "t7-1", Name: l, Win: scoresheet.Highest, Rounds: 1,
		Categories: []scoresheet.Category{{ID: "tiles", Label: l}}}
	if err := lib.SetTitle(mine, "Azul"); err != nil {
		t.Fatal(err)
	}
	tb := kiosktest.OpenWith(t, table.Config{Games: catalog.PlaysWith(lib), Sheets: lib}, sheet.ID, 2)
	if _, err := tb.Kiosk().Start(context.Background(), sheet.ID, sheet.WithLibrary(lib).OptionsFor("Azul"), make([]table.Seat, 2)); err != nil {
		t.Fatal(err)
	}
	other := joinOther(t, tb, "Bernd")
	p := openPhone(t, app.Preferences(), Deps{Browse: browseOnce(tableOf(tb, sheet.ID, 1))})
	p.joinFromList(t, tb.Code(), "Anja")
	p.seated(t)
	p.u.until(t, "the staff's line", func() bool { return strings.Contains(p.labels(), "Tiles laid") })
	p.writeCell(t, "tiles", 0, "4+5")
	other.viewUntil("Anja's 9 tiles", func(v *sheet.View) bool {
		for _, c := range v.Cells {
			if c.Category == "tiles" && c.Seat != int(other.seat) && c.Value == 9 {
				return true
			}
		}
		return false
	})
}
