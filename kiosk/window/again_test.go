package window

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/headless"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
)

// phoneGame is what a phone saw of one game.
type phoneGame struct {
	token    string // the welcome's token for this game
	first    client.Update
	hand     []canaille.Card // at the first view
	versions []int64
	over     bool
}

// playPhone plays the seat's games of rules on c with a random bot, games
// in a row, without joining again: what a phone does when the table plays
// again. It records what the phone saw of each game.
func playPhone(ctx context.Context, c *client.Client, rules engine.Rules, games int) ([]phoneGame, error) {
	var seen []phoneGame
	for {
		u, ok := <-c.Updates()
		if !ok {
			return seen, c.Err()
		}
		if len(seen) == 0 || u.NewGame {
			if len(seen) == games {
				return seen, errors.New("a game more than expected")
			}
			v, err := u.Decode(rules)
			if err != nil {
				return seen, err
			}
			g := phoneGame{token: c.Welcome().Token, first: u}
			if cv, ok := v.(*canaille.View); ok {
				g.hand = cv.Hand
			}
			seen = append(seen, g)
		}
		g := &seen[len(seen)-1]
		g.versions = append(g.versions, u.Version)
		v, err := u.Decode(rules)
		if err != nil {
			return seen, err
		}
		if u.Over {
			if g.over = true; len(seen) == games {
				return seen, nil
			}
			continue
		}
		if v.Turn() != c.Welcome().Seat || u.Waiting > 0 {
			continue
		}
		b, _ := bot.New(rules, engine.LevelRandom, uint64(u.Version))
		m, err := b.Choose(ctx, v)
		if err != nil {
			return seen, err
		}
		data, _ := json.Marshal(m)
		// A move that ends the game may lose its answer when the table
		// lets its phones go at once (back to the lobby): the client then
		// stops, and c.Err says why once Updates closes.
		var we *wire.Error
		if err := c.Move(ctx, data); err != nil && !errors.As(err, &we) && !errors.Is(err, client.ErrDisconnected) {
			return seen, err
		}
	}
}

func TestPlayAgainKeepsThePhones(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PlayButton("canaille"))
	test.Tap(k.ui.seatingScreen.StartButton()) // two phones
	first := k.tb.Session()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	type games struct {
		outs []headless.Outcome
		err  error
	}
	key, err := client.NewPlayerKey()
	if err != nil {
		t.Fatal(err)
	}
	anja := make(chan games, 1)
	go func() { // a player with a key, rated in both games
		outs, err := headless.RunGames(ctx, headless.Config{Addr: k.tb.Addr(), Fingerprint: k.tb.Fingerprint(),
			Code: k.tb.Server().Code(), Name: "Anja", Key: key, Bot: engine.LevelRandom, Seed: 1, Games: catalog.Registry()}, 2)
		anja <- games{outs, err}
	}()
	c, wb := k.join(ctx, t, "Bernd")
	seatOf := map[string]int{"Bernd": int(wb.Seat), "Anja": 1 - int(wb.Seat)} // whoever joined first sits first
	type seenGames struct {
		seen []phoneGame
		err  error
	}
	bernd := make(chan seenGames, 1)
	go func() {
		seen, err := playPhone(ctx, c, canaille.New(), 2)
		bernd <- seenGames{seen, err}
	}()

	k.waitEnd(t, first)
	if k.ui.results == nil {
		t.Fatalf("no results after the first game (%v)", first.Status())
	}
	freeBefore := k.tb.Server().Seats()
	test.Tap(k.ui.results.Again())
	second := k.tb.Session()
	if second == nil || second.ID() == first.ID() {
		t.Fatal("play again started no new session")
	}
	// The tap itself shows the next screen; no settling first: the
	// phones' bots may play the whole second game meanwhile, and the
	// screen would rightly show its results already.
	if k.ui.board == nil || k.w.Content() != k.ui.board.Content() {
		t.Fatalf("play again with both phones kept did not go straight to the game (seating %v, results %v): seats before %+v, after %+v, first game seats %+v", k.ui.seating != nil, k.ui.results != nil, freeBefore, k.tb.Server().Seats(), first.Record().Seats)
	}
	k.waitEnd(t, second)

	a, b := <-anja, <-bernd
	if a.err != nil || len(a.outs) != 2 || !a.outs[1].Known || a.outs[1].Record == nil {
		t.Fatalf("Anja's headless phone: %d games, %v; %+v", len(a.outs), a.err, a.outs)
	}
	if st := second.Record().Seats[seatOf["Anja"]]; st.Kind != "person" {
		t.Errorf("Anja, who joined with her key, plays the second game as %+v", st)
	}
	if b.err != nil || len(b.seen) != 2 {
		t.Fatalf("Bernd's phone: %d games, %v", len(b.seen), b.err)
	}
	g1, g2 := b.seen[0], b.seen[1]
	if g2.token == g1.token || g2.first.Over || !g2.over {
		t.Errorf("the second game reached Bernd as token changed %v, first view over %v, ended %v",
			g2.token != g1.token, g2.first.Over, g2.over)
	}
	// The first view Bernd took after the new welcome is exactly his
	// seat's view of the second game at its version (the client keeps
	// only the newest of views it has not read yet): nothing of the first.
	if want := viewAt(t, k, second, engine.Seat(seatOf["Bernd"]), int(g2.first.Version)); !bytes.Equal(g2.first.View, want) {
		t.Errorf("Bernd's first view of the second game (v%d) is not the second game's:\n%s\nwant\n%s", g2.first.Version, g2.first.View, want)
	}
	if names := g2.first.Names; len(names) != 2 || names[seatOf["Anja"]] != "Anja" || names[seatOf["Bernd"]] != "Bernd" {
		t.Errorf("Bernd's phone names the seats %q", names)
	}
	if slices.Equal(g1.hand, g2.hand) {
		t.Error("Bernd was dealt the same hand in both games")
	}
	// Once the second game began, no view of the first reached him.
	for i, v := range g2.versions {
		if i > 0 && v < g2.versions[i-1] {
			t.Errorf("version %d after %d in the second game", v, g2.versions[i-1])
		}
	}
	for name, i := range seatOf {
		if st := k.tb.Server().Seats()[i]; st.Name != name {
			t.Errorf("the second game's seat %d is %q, want %q", i, st.Name, name)
		}
	}
	if st := second.Record().Seats[seatOf["Bernd"]]; st.Kind != "guest" || st.Name != "Bernd" {
		t.Errorf("Bernd, a guest, is recorded in the second game as %+v", st)
	}
	if r := second.Record(); r.Game != "canaille" || r.Seed == first.Record().Seed {
		t.Errorf("second game %s with the first's seed", r.Game)
	}
}

// viewAt is seat's view of the session s after its first version moves,
// rebuilt from its seed and move log, as the table encodes it.
func viewAt(t *testing.T, k *testKiosk, s *host.Session, seat engine.Seat, version int) []byte {
	t.Helper()
	moves, err := k.tb.DB().Moves(context.Background(), s.ID())
	if err != nil || len(moves) < version {
		t.Fatalf("%d moves logged, want %d: %v", len(moves), version, err)
	}
	var log []engine.Record
	for _, m := range moves[:version] {
		r, err := engine.DecodeMove(s.Game(), m.JSON)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, r)
	}
	rec := s.Record()
	st, err := engine.Replay(s.Game(), engine.Setup{Seats: len(rec.Seats), Options: rec.Options, Seed: rec.Seed}, log)
	if err != nil {
		t.Fatal(err)
	}
	data, err := engine.EncodeView(rec.Game, st.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestBackToTheLobbyLetsThePhonesGo(t *testing.T) {
	test.NewTempApp(t)
	k, s := seatingFor(t, "canyonduel")
	s.Remove(1)
	s.AddBot(engine.LevelRandom)
	test.Tap(s.StartButton())
	game := k.tb.Session()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, _ := k.join(ctx, t, "Anja")
	played := make(chan error, 1)
	go func() {
		_, err := playPhone(ctx, c, canyonduel.New(), 2) // a second game that never comes
		played <- err
	}()
	k.waitEnd(t, game)
	test.Tap(k.ui.results.Lobby())
	var we *wire.Error
	if err := <-played; !errors.Is(err, client.ErrRemoved) || !errors.As(err, &we) || we.Code != wire.Closed {
		t.Fatalf("the phone stopped with %v, want removed{%s}", err, wire.Closed)
	}
	if k.ui.lobby == nil || k.tb.Session() != nil {
		t.Error("not back in the lobby with no session")
	}
}
