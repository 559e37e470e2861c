package board

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board/geom"
)

// position plays moves (chosen by pick from the legal ones) from the start
// of game, the same every run, and returns the state.
func position(t testing.TB, game string, seats int, seed uint64, plies int) engine.State {
	t.Helper()
	rules, err := catalog.Registry().Get(game)
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.NewGame(rules, engine.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < plies; i++ {
		legal := st.Legal()
		if len(legal) == 0 {
			break
		}
		if _, err := st.Apply(st.Turn(), legal[(i*7)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func texts(t testing.TB) *i18n.Catalog {
	t.Helper()
	c, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// show puts game's board, still, in a test window of size, showing st.
func show(t *testing.T, game string, st engine.State, size fyne.Size, play func(engine.Seat, engine.Move)) (Board, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	b, err := New(game, Env{Lang: i18n.FR, Texts: texts(t), Name: func(s engine.Seat) string { return []string{"Anja", "Bernd", "Carola", "Dirk"}[s] }, Play: play, Still: true})
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(size)
	b.Update(st.View(engine.Onlooker), st.View(st.Turn()).Legal())
	return b, w
}

func TestBoardsMatchTheirGoldenImages(t *testing.T) {
	for _, c := range []struct {
		game  string
		seats int
		plies int
	}{
		{"canyonduel", 2, 12},
		{"canoe", 2, 40},
		{"canyon", 4, 30},
		{"canaille", 3, 25},
	} {
		t.Run(c.game, func(t *testing.T) {
			st := position(t, c.game, c.seats, 3, c.plies)
			_, w := show(t, c.game, st, fyne.NewSize(1600, 760), nil)
			test.AssertImageMatches(t, c.game+".png", w.Canvas().Capture())
		})
	}
}

func TestNoBoardForAnUnknownGame(t *testing.T) {
	if _, err := New("chess", Env{Texts: texts(t)}); err == nil {
		t.Error("a board for chess")
	}
}

func TestCanyonKeepsTheFinishedTrickInSight(t *testing.T) {
	test.NewTempApp(t)
	st := position(t, "canyon", 3, 5, 0)
	b := newCanyon(Env{Lang: i18n.FR, Texts: texts(t), Play: func(engine.Seat, engine.Move) {}, Changed: func() {}, Still: true})
	finished := false
	for i := 0; i < 500 && !finished; i++ {
		before := st.View(engine.Onlooker).(*canyon.View)
		b.Update(before, nil)
		if _, err := st.Apply(st.Turn(), st.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		after := st.View(engine.Onlooker).(*canyon.View)
		b.Update(after, nil)
		finished = len(before.Trick) == 2 && len(after.Trick) == 0 && len(after.Played) > len(before.Played)
	}
	if !finished {
		t.Fatal("no trick was finished")
	}
	if len(b.lastTrick) != 3 {
		t.Fatalf("the finished trick shows %d cards, want 3", len(b.lastTrick))
	}
	for st.View(engine.Onlooker).(*canyon.View).Phase == canyon.PhasePlay && len(st.View(engine.Onlooker).(*canyon.View).Trick) == 0 {
		if _, err := st.Apply(st.Turn(), st.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	b.Update(st.View(engine.Onlooker), nil)
	if len(b.lastTrick) != 3 {
		t.Error("the finished trick is no longer held once the next card was played")
	}
}

// movingCanyon is a Canyon board with motion on, its seats at slots, in a
// test window of 1600×760, and its renderer.
func movingCanyon(t *testing.T, slots []geom.Slot) (*canyonBoard, *canyonRenderer) {
	t.Helper()
	b := newCanyon(Env{Lang: i18n.FR, Texts: texts(t), Slots: slots})
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(1600, 760))
	return b, test.WidgetRenderer(b).(*canyonRenderer)
}

func TestCanyonCardsFlyFromTheirSeatsAndTricksToTheirWinners(t *testing.T) {
	test.NewTempApp(t)
	seats := 3
	slots := []geom.Slot{{Side: geom.Bottom, Along: 0.5}, {Side: geom.Left, Along: 0.5}, {Side: geom.Top, Along: 0.5}}
	b, r := movingCanyon(t, slots)
	from := func(seat int) fyne.Position { return geom.EdgeCard(slots[seat], b.Size(), cardSize) }
	st := position(t, "canyon", seats, 5, 0)
	b.Update(st.View(engine.Onlooker), nil)
	if len(r.fl.started) != 0 {
		t.Fatalf("the first view drawn moved %d cards", len(r.fl.started))
	}
	// Play up to the first finished trick, checking each card's flight.
	for i := 0; ; i++ {
		if i > 500 {
			t.Fatal("no trick was finished")
		}
		before := st.View(engine.Onlooker).(*canyon.View)
		seat := int(st.Turn())
		if _, err := st.Apply(st.Turn(), st.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		after := st.View(engine.Onlooker).(*canyon.View)
		b.Update(after, nil)
		if before.Phase != canyon.PhasePlay {
			continue
		}
		k := len(before.Trick)
		if len(r.fl.started) != 1 || r.fl.started[0].from != from(seat) || r.fl.started[0].to != r.slots[k] {
			t.Fatalf("card %d of the trick, played by seat %d: flights %+v, want one from %v to %v", k, seat, r.fl.started, from(seat), r.slots[k])
		}
		if k == seats-1 {
			break
		}
	}
	winner := b.lastWinner
	if len(b.lastTrick) != seats {
		t.Fatalf("the finished trick shows %d cards, want %d", len(b.lastTrick), seats)
	}
	for i := range seats {
		if !r.trick[i].bg.Visible() || r.trick[i].at != r.slots[i] {
			t.Errorf("card %d of the finished trick left its place before the next card", i)
		}
	}
	if !r.trick[(winner-b.lastLeader+seats)%seats].bg.Visible() {
		t.Error("the winner's card is not shown")
	}
}

func TestCanailleCardsFlyWhereTheyGo(t *testing.T) {
	test.NewTempApp(t)
	seats := 3
	b := newCanaille(Env{Lang: i18n.FR, Texts: texts(t)})
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(1600, 760))
	r := test.WidgetRenderer(b).(*canailleRenderer)
	st := position(t, "canaille", seats, 3, 0)
	b.Update(st.View(engine.Onlooker), nil)
	if len(r.fl.started) != 0 {
		t.Fatalf("the first view drawn moved %d cards", len(r.fl.started))
	}
	flew := func(c card, from, to fyne.Position) bool {
		for _, f := range r.fl.started {
			if f.c == c && f.from == from && f.to == to {
				return true
			}
		}
		return false
	}
	var fished, laid, refilled int
	for i := 0; i < 300 && len(st.Legal()) > 0; i++ {
		p := st.View(engine.Onlooker).(*canaille.View)
		if _, err := st.Apply(st.Turn(), st.Legal()[(i*7)%len(st.Legal())]); err != nil {
			t.Fatal(err)
		}
		v := st.View(engine.Onlooker).(*canaille.View)
		b.Update(v, nil)
		for s := range seats {
			if v.Catches[s].Count > p.Catches[s].Count {
				fished++
				if !flew(r.catches[s], r.river.at, r.catches[s].at) {
					t.Fatalf("ply %d: seat %d's catch grew without a card from the river: %+v", i, s, r.fl.started)
				}
			}
		}
		if len(p.Sentence) == 0 && len(v.Sentence) > 0 {
			laid++
			from := geom.EdgeCard(b.env.side(int(v.Active), seats), b.Size(), canailleCardSize)
			if !flew(r.sentence[0], from, r.sentence[0].at) {
				t.Fatalf("ply %d: the sentence did not come from seat %d's side: %+v", i, v.Active, r.fl.started)
			}
		}
		for k, c := range v.Row {
			if !slices.Contains(p.Row, c) {
				refilled++
				if !flew(r.row[k], r.deck.at, r.row[k].at) {
					t.Fatalf("ply %d: row card %d did not come from the deck", i, k)
				}
			}
		}
		for _, g := range r.ghosts {
			if g.bg.Visible() {
				t.Fatalf("ply %d: a card seen only moving stayed drawn once it arrived", i)
			}
		}
	}
	if fished == 0 || laid == 0 || refilled == 0 {
		t.Errorf("fish caught %d times, sentences laid %d, row refilled %d: want each seen", fished, laid, refilled)
	}
}

func TestCanyonLiftsAFinishedTrickWhileTheNextBegins(t *testing.T) {
	for _, c := range []struct {
		seats int
		seed  uint64
	}{{3, 5}, {4, 7}} {
		t.Run(fmt.Sprint(c.seats), func(t *testing.T) { liftsAFinishedTrick(t, c.seats, c.seed) })
	}
}

func liftsAFinishedTrick(t *testing.T, seats int, seed uint64) {
	test.NewTempApp(t)
	slots := geom.DefaultSlots(seats)
	b, r := movingCanyon(t, slots)
	st := position(t, "canyon", seats, seed, 0)
	b.Update(st.View(engine.Onlooker), nil)
	// Play until a trick is finished and the next one has its first card.
	var finished []canyon.Card
	for i := 0; ; i++ {
		if i > 1000 {
			t.Fatal("no trick was followed by another")
		}
		if _, err := st.Apply(st.Turn(), st.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		v := st.View(engine.Onlooker).(*canyon.View)
		b.Update(v, nil)
		if finished == nil && b.lastTrick != nil {
			finished = slices.Clone(b.lastTrick)
		}
		if finished != nil && len(v.Trick) == 1 {
			break
		}
	}
	if !slices.Equal(b.lastTrick, finished) {
		t.Fatalf("the finished trick %v was not held while the next began (held %v)", finished, b.lastTrick)
	}
	for i := range finished {
		if f := r.lifted[i]; !f.bg.Visible() || f.at != r.liftedAt(i) {
			t.Errorf("card %d of the finished trick: shown %v at %v, want lifted to %v", i, f.bg.Visible(), f.at, r.liftedAt(i))
		}
	}
	if !r.trick[0].bg.Visible() || r.trick[0].at != r.slots[0] {
		t.Errorf("the next trick's first card is not in its place")
	}
	if !r.wonBy.Visible() || r.wonNo.Text != fmt.Sprint(b.lastWinner+1) {
		t.Errorf("the lifted trick's winner is not marked (%v %q), want seat %d", r.wonBy.Visible(), r.wonNo.Text, b.lastWinner+1)
	}
	// However fast the next trick goes (bots), the finished one stays
	// lifted, readable, until the next one is finished and takes its place.
	winner := b.lastWinner
	for len(st.View(engine.Onlooker).(*canyon.View).Trick) < seats-1 {
		if _, err := st.Apply(st.Turn(), st.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		b.Update(st.View(engine.Onlooker), nil)
		for i := range finished {
			if f := r.lifted[i]; !f.bg.Visible() || f.at != r.liftedAt(i) {
				t.Fatalf("card %d of the finished trick left before the next trick was finished", i)
			}
		}
	}
	if _, err := st.Apply(st.Turn(), st.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	b.Update(st.View(engine.Onlooker), nil)
	to := geom.EdgeCard(slots[winner], b.Size(), cardSize)
	left := 0
	for _, f := range r.fl.started {
		if f.to == to && f.from.Y == r.liftedAt(0).Y {
			left++
		}
	}
	if left != len(finished) {
		t.Errorf("%d cards of the finished trick left to the winner's side %v, want %d (flights %+v)", left, to, len(finished), r.fl.started)
	}
	for i, f := range r.lifted {
		if f.bg.Visible() {
			t.Errorf("lifted card %d is still drawn after the trick left", i)
		}
	}
	if !r.trick[0].bg.Visible() {
		t.Error("the next trick's card went with the finished one")
	}
}

// spot is a card that only remembers where it was put.
type spot struct{ at fyne.Position }

func (s *spot) moveTo(p fyne.Position) { s.at = p }

// Each flight tells the kiosk's window loop how long it lasts before it
// starts, so that the loop does not nap through it; a card put in place
// without motion says nothing.
func TestFlightsKeepTheWindowLoopUpWhileTheyFly(t *testing.T) {
	test.NewTempApp(t)
	var awake []time.Duration
	fs := newFlights(false, func(d time.Duration) { awake = append(awake, d) })
	c := &spot{}
	fs.fly(c, fyne.NewPos(0, 0), fyne.NewPos(100, 50), nil)
	if len(awake) != 1 || awake[0] != moveTime {
		t.Fatalf("Awake told %v, want [%v]", awake, moveTime)
	}
	fs.fly(c, fyne.NewPos(100, 50), fyne.NewPos(100, 50), nil) // nowhere to go
	fs.land(c)
	still := newFlights(true, func(d time.Duration) { awake = append(awake, d) })
	still.fly(&spot{}, fyne.NewPos(0, 0), fyne.NewPos(100, 50), nil)
	if len(awake) != 1 {
		t.Fatalf("Awake told %v, want only the moving flight's", awake)
	}
}

// The six start cells are numbered 1 to 6 from the top of the start
// column down, and drawn so on their cells.
func TestCanyonStartCellsAreNumberedOnTheBoard(t *testing.T) {
	test.NewTempApp(t)
	st := position(t, "canyon", 3, 1, 0)
	b, _ := show(t, "canyon", st, fyne.NewSize(1600, 760), nil)
	cb := b.(*canyonBoard)
	r := test.WidgetRenderer(cb).(*canyonRenderer)
	if len(r.starts) != 6 {
		t.Fatalf("%d start numbers drawn, want 6", len(r.starts))
	}
	lastY := float32(-1)
	for k, txt := range r.starts {
		row, col := cb.m.RowCol(r.startAt[k])
		if n := CanyonStart(row, col); txt.Text != fmt.Sprint(n) || n != k+1 {
			t.Errorf("start cell %d,%d drawn %q, numbered %d", row, col, txt.Text, n)
		}
		c := cb.CellCentre(row, col)
		if p := txt.Position(); p.X > c.X || p.X+txt.Size().Width < c.X || p.Y > c.Y || p.Y+txt.Size().Height < c.Y {
			t.Errorf("start %s at %v is not on its cell's centre %v", txt.Text, p, c)
		}
		if c.Y <= lastY {
			t.Errorf("start %s is not below start %d", txt.Text, k)
		}
		lastY = c.Y
	}
	if CanyonStart(0, 0) != 0 {
		t.Error("a village cell numbered as a start")
	}
}

// Canaille's banner ("… désigne un autre pêcheur") is turned to the seat
// whose decision it is, and every card name is at a readable size and fits
// its card.
func TestCanailleBannerFacesTheSeatDecidingAndNamesAreReadable(t *testing.T) {
	test.NewTempApp(t)
	seen := map[engine.Seat]bool{}
	for plies := 0; plies < 60 && len(seen) < 4; plies += 3 {
		st := position(t, "canaille", 4, 3, plies)
		if st.Turn() == engine.NoSeat || seen[st.Turn()] {
			continue
		}
		seen[st.Turn()] = true
		b, _ := show(t, "canaille", st, fyne.NewSize(1600, 760), nil)
		cb := b.(*canailleBoard)
		text, turn := cb.BannerTurn()
		if want := geom.Turn(geom.DefaultSlots(4)[st.Turn()].Side.QuarterTurns()); turn != want || text == "" {
			t.Errorf("seat %d decides: banner %q turned %d, want %d", st.Turn(), text, turn, want)
		}
		r := test.WidgetRenderer(cb).(*canailleRenderer)
		for _, c := range append(append(slices.Clone(r.row), r.sentence...), r.catches...) {
			for _, n := range []*canvas.Text{c.name, c.name2} {
				if !n.Visible() || n.Text == "" {
					continue
				}
				if n.TextSize < 22 {
					t.Errorf("%q drawn at %g px, under 22", n.Text, n.TextSize)
				}
				if w := fyne.MeasureText(n.Text, n.TextSize, n.TextStyle).Width; w > c.size.Width {
					t.Errorf("%q is %g wide on a card of %g", n.Text, w, c.size.Width)
				}
			}
		}
	}
	if len(seen) < 3 {
		t.Errorf("only seats %v seen deciding", seen)
	}
}

// Every card name fits its card at the readable size, in every language.
func TestCanailleCardNamesFitAtTheReadableSize(t *testing.T) {
	test.NewTempApp(t)
	c := newCanailleCard()
	c.layout(fyne.Position{}, canailleCardSize)
	cat := texts(t)
	for _, lang := range []i18n.Lang{i18n.FR, i18n.DE, i18n.EN} {
		for k := canaille.Canaille; k <= canaille.Fog; k++ {
			c.setName(cat.T(lang, "board.canaille.kind."+k.String()))
			for _, n := range []*canvas.Text{c.name, c.name2} {
				if w := fyne.MeasureText(n.Text, n.TextSize, n.TextStyle).Width; n.TextSize < 22 || w > cardNameRoom(canailleCardSize) {
					t.Errorf("%s: %q at %g px is %g wide", lang, n.Text, n.TextSize, w)
				}
			}
		}
	}
}

// A won game of Canoë shows its final position with the winning canoes
// outlined in bold and, by each seat's side, turned to it, who won and why.
func TestCanoeShowsTheWinningCanoesAndWhy(t *testing.T) {
	test.NewTempApp(t)
	// Canoë's own bot against a player who takes the first move.
	st := position(t, "canoe", 2, 1, 0)
	bot := canoe.NewBot(1)
	for i := 0; i < 400 && st.Turn() != engine.NoSeat; i++ {
		m := st.Legal()[0]
		if st.Turn() == 0 {
			var err error
			if m, err = bot.Choose(context.Background(), st.View(0)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := st.Apply(st.Turn(), m); err != nil {
			t.Fatal(err)
		}
	}
	if res, over := st.Result(); !over || len(res.Winners) != 1 {
		t.Fatalf("the game ended %+v %v, not won", res, over)
	}
	res, _ := st.Result()
	b, _ := show(t, "canoe", st, fyne.NewSize(1600, 760), nil)
	cb := b.(*canoeBoard)
	text, n := cb.EndingShown()
	want := []string{"Anja", "Bernd"}[res.Winners[0]] + " gagne : deux canoës formés"
	if text != want || n != 2 {
		t.Errorf("the board says %q %d times, want %q twice", text, n, want)
	}
	r := test.WidgetRenderer(cb).(*canoeRenderer)
	bold := 0
	for _, c := range r.canoes[res.Winners[0]] {
		if c.Visible() && c.StrokeWidth == 14 {
			bold++
		}
	}
	if bold < 2 {
		t.Errorf("%d winning canoes outlined in bold, want 2", bold)
	}
}

// The guest the texts speak to (a lesson's learner, named "Vous") is
// spoken to in the second person, in every language: the banner says
// "Vous posez une phrase", never "Vous pose une phrase".
func TestTheGuestAddressedIsSpokenToInTheSecondPerson(t *testing.T) {
	cat := texts(t)
	for _, lang := range []i18n.Lang{i18n.FR, i18n.EN, i18n.DE} {
		you := cat.T(lang, "lesson.you")
		for plies := 0; plies < 30; plies++ {
			st := position(t, "canaille", 3, 2, plies)
			if st.Turn() == engine.NoSeat {
				break
			}
			v := st.View(engine.Onlooker)
			env := Env{Lang: lang, Texts: cat, You: func(s engine.Seat) bool { return s == v.Turn() },
				Name: func(s engine.Seat) string {
					if s == v.Turn() {
						return you
					}
					return "Bernd"
				}}
			b := newCanaille(env)
			b.view = v.(*canaille.View)
			line := b.banner()
			third := you + " " + cat.T(lang, "board.canaille."+b.view.Phase)
			if line == "" || strings.HasPrefix(line, third) || !strings.HasPrefix(line, you+" ") {
				t.Errorf("%s, %s: the banner to the guest addressed says %q", lang, b.view.Phase, line)
			}
		}
		env := Env{Lang: lang, Texts: cat, You: func(engine.Seat) bool { return true }, Name: func(engine.Seat) string { return you }}
		if won, third := env.about(0, "board.canoe.won", nil), cat.T(lang, "board.canoe.won", map[string]any{"Name": you}); won == third {
			t.Errorf("%s: the learner's win reads %q, the third person's", lang, won)
		}
	}
}

// A Snug Canyon board — the lesson's, between the robots' panels and the
// learner's — draws its outer banks and the strip's gap thin, so that at
// the lesson's 1908×711 its cells keep geom.MinTarget where the game's
// margins would leave them narrower, with the cards' strip still inside.
func TestSnugCanyonKeepsItsCellsAFingerWide(t *testing.T) {
	test.NewTempApp(t)
	st := position(t, "canyon", 3, 1, 0)
	size := fyne.NewSize(1908, 711)
	for _, snug := range []bool{false, true} {
		b, err := New("canyon", Env{Lang: i18n.FR, Texts: texts(t), Still: true, Snug: snug})
		if err != nil {
			t.Fatal(err)
		}
		w := test.NewTempWindow(t, b)
		w.SetPadded(false)
		w.Resize(size)
		b.Update(st.View(engine.Onlooker), st.View(st.Turn()).Legal())
		cb := b.(*canyonBoard)
		r := test.WidgetRenderer(cb).(*canyonRenderer)
		r.Layout(cb.Size())
		switch cell := cb.geo.Cell; {
		case snug && cell < geom.MinTarget:
			t.Errorf("snug: cells %.0f px at %v, want at least %d", cell, cb.Size(), geom.MinTarget)
		case !snug && cell >= geom.MinTarget:
			t.Errorf("not snug: cells %.0f px at %v: the lesson would need no snug board", cell, cb.Size())
		}
		if bottom := r.trump.at.Y + r.trump.size.Height; snug && bottom > cb.Size().Height {
			t.Errorf("snug: the trump card ends at %.0f, below the board's %.0f", bottom, cb.Size().Height)
		}
	}
}
