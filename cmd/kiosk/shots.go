//go:build screenshots

// The screenshot build of the kiosk (go build -tags screenshots): the real
// window, driven to one screen in a chosen state for scripts/screenshots.
// Nothing here is in the kiosk people run.

package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/headless"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/window"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/venue"
)

func init() { shoot = runShot }

// runShot runs the window on screen name and prints "ready" once it shows.
func runShot(o options, name string) error {
	ctx := context.Background()
	if err := seedDemo(ctx, o.cfg.DBPath); err != nil || name == "seed" {
		return err
	}
	cat, err := i18n.Load()
	if err != nil {
		return err
	}
	a := app.NewWithID("fr.tablee.kiosk.shots")
	a.Settings().SetTheme(screen.NewTheme())
	w := a.NewWindow("Tablée")
	ui, err := window.New(ctx, window.Config{Win: w, Texts: cat, Now: shotEvening})
	if err != nil {
		return err
	}
	o.cfg.OnChange = ui.Refresh
	o.cfg.Screen = ui.ConsoleScreen()
	t, err := table.Open(ctx, o.cfg)
	if err != nil {
		return err
	}
	defer t.Close()
	// TABLEE_SHOT_LANG: the table left in another language by the group
	// before (the screens' words, the verification words' language).
	if l := os.Getenv("TABLEE_SHOT_LANG"); l != "" {
		if err := t.SetLanguage(ctx, l); err != nil {
			return err
		}
	}
	var desk *venue.Desk
	switch name {
	case "staff-venue":
		if desk, err = demoVenue(ctx, t.DB(), o.cfg.Name); err != nil {
			return err
		}
		defer desk.Close()
		ui.SetVenue(desk)
	case "staff-venue-pair": // a table of no venue yet
		ui.SetVenue(venue.NewDesk(venue.KioskConfig{DB: t.DB(), Table: o.cfg.Name}, nil))
	case "staff-venue-removed":
		if desk, err = demoRemoved(ctx, t.DB(), o.cfg.Name); err != nil {
			return err
		}
		defer desk.Close()
		ui.SetVenue(desk)
	}
	ui.Start(t, o.cfg)
	w.Resize(fyne.NewSize(1920, 1080))
	w.SetFullScreen(true)
	go func() {
		ready := make(chan struct{})
		fyne.Do(func() { drive(ui, name, desk, ready) })
		<-ready
		time.Sleep(2 * time.Second) // let the window draw its frames
		fmt.Println("ready")
	}()
	w.ShowAndRun()
	return nil
}

// drive puts the window on screenshot name's screen, then closes ready
// (a scene that plays on in the background closes it itself, once the
// game is where the shot wants it).
func drive(ui *window.UI, name string, desk *venue.Desk, ready chan struct{}) {
	var async bool
	switch {
	case strings.HasPrefix(name, "staff-"):
		async = driveStaff(ui, name, desk, ready)
	case name == "shelf-keep", strings.HasPrefix(name, "sheet-"):
		driveSheet(ui, name)
	case strings.HasPrefix(name, "shelf-"):
		driveShelf(ui, name)
	case name == "replay":
		driveReplay(ui)
	default:
		async = driveTable(ui, name, ready)
	}
	if !async {
		close(ready)
	}
}

// driveTable sets the table's own screens: attract, lobby, seating,
// results. It reports whether it closes ready itself.
func driveTable(ui *window.UI, name string, ready chan struct{}) bool {
	game := func(id string) engine.Info {
		r, _ := ui.Table().Games().Get(id)
		return r.Info()
	}
	switch name {
	case "attract":
		ui.ShowAttract()
	case "lobby":
		ui.ShowLobby()
	case "seating":
		ui.ShowSeating(game("canyon"))
		ui.Seating().AddPhone()
		ui.Seating().AddBot(engine.LevelDefault)
		ui.StartGame(game("canyon"), nil, ui.Seating().Plan())
		go func() {
			joinAs(ui.Table(), "Anja")
			joinAs(ui.Table(), "Bernd")
			close(ready)
		}()
		return true
	case "seating-setup": // a guest on the table and a phone for Canoë
		ui.ShowSeating(game("canoe"))
		ui.Seating().Remove(1)
		ui.Seating().Remove(0)
		ui.Seating().AddTouchButton().OnTapped()
		ui.Seating().AddPhone()
	case "results": // two phones: Canoë seats guests on the table by default
		ui.ShowSeating(game("canoe"))
		ui.Seating().Remove(1)
		ui.Seating().Remove(0)
		ui.Seating().AddPhone()
		ui.Seating().AddPhone()
		ui.StartGame(game("canoe"), nil, ui.Seating().Plan())
		go playToTheEnd(ui.Table(), ready)
		return true
	case "results-canyon": // four seats round the table, two of them bots
		ui.ShowSeating(game("canyon"))
		ui.Seating().Remove(2) // two phones of the three the seating offers
		ui.Seating().AddBot(engine.LevelRandom)
		ui.Seating().AddBot(engine.LevelEasy)
		ui.StartGame(game("canyon"), nil, ui.Seating().Plan())
		go playToTheEnd(ui.Table(), ready)
		return true
	}
	return false
}

// driveStaff sets the staff screens. It reports whether it closes ready
// itself.
func driveStaff(ui *window.UI, name string, desk *venue.Desk, ready chan struct{}) bool {
	switch name {
	case "staff-leaderboard":
		ui.ShowStaff()
		ui.Staff().ShowBoard("canyon", screen.AllTime)
	case "staff-week":
		ui.ShowStaff()
		ui.Staff().ShowBoard("", screen.Week)
	case "staff-sessions":
		ui.ShowStaff()
		ui.Staff().Select(1)
	case "staff-venue-pair": // the hub's words to compare, its code typed
		ui.ShowStaff()
		ui.Staff().Select(4)
		fp := "5c0ffee15c0ffee15c0ffee15c0ffee15c0ffee15c0ffee15c0ffee15c0ffee1"
		ui.Staff().ConfirmHub(screen.VenueHub{Name: "Tablée salle", Addr: "192.168.1.20:7460", Fingerprint: fp, Words: tlscert.ShowPhrase(tlscert.Phrase(fp), "fr")}, "123456")
	case "staff-venue": // three tables, one of them silent: behind
		go func() {
			for {
				desk.Kiosk().AskHub()
				if tables, _ := desk.Kiosk().Tables(); len(tables) == 3 {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			// The hub lists the silent table as behind two hellos
			// after it went.
			time.Sleep(13 * time.Second)
			desk.Kiosk().AskHub()
			time.Sleep(500 * time.Millisecond)
			fyne.DoAndWait(func() {
				ui.ShowStaff()
				ui.Staff().Select(4)
			})
			close(ready)
		}()
		return true
	case "staff-venue-removed": // the hub removed this table
		ui.ShowStaff()
		ui.Staff().Select(4)
	}
	return false
}

// driveShelf sets the shelf's screens from one side of the table or another.
func driveShelf(ui *window.UI, name string) {
	switch name {
	case "shelf-pick": // five guests with half an hour, from the bottom side, on the demo shelf
		if err := shelfElsewhere(ui, "Dixit", "Table 3", 19, 40); err != nil {
			log.Fatal(err)
		}
		ui.ShowShelf(geom.Bottom)
		s := ui.Shelf()
		s.Stepper("players+").OnTapped()
		s.Stepper("minutes-").OnTapped()
		s.Stepper("minutes-").OnTapped()
	case "shelf-copy": // from the left side: a box at the table given back
		ui.ShowShelf(geom.Left)
		s := ui.Shelf()
		s.Stepper("players+").OnTapped()
		s.Stepper("minutes-").OnTapped()
		s.Stepper("minutes-").OnTapped()
		for _, m := range s.Matches() {
			if b := s.TakeButton(m.Title.ID); b != nil && m.Title.Names.FR == "Skull King" {
				b.OnTapped()
			}
		}
		if here := s.AtTable(); len(here) > 0 {
			s.GiveButton(here[0].ID).OnTapped()
			s.Type("il manque une carte")
		}
	case "shelf-boxes", "shelf-boxes-left": // five boxes at this table: the list's first page beside the titles
		for i, fr := range []string{"Pandémie", "Les Loups-Garous de Thiercelieux", "Skull King", "Carcassonne", "Dixit"} {
			if err := shelfElsewhere(ui, fr, "Table du fond", 20, 5+i); err != nil {
				log.Fatal(err)
			}
		}
		side := geom.Bottom
		if name == "shelf-boxes-left" {
			side = geom.Left
		}
		ui.ShowShelf(side)
	}
}

// driveSheet sets a box kept at this table and its score sheet.
func driveSheet(ui *window.UI, name string) {
	switch name {
	case "shelf-keep", "sheet-seating", "sheet-stop": // boxes at this table; a play kept on its score sheet
		for _, fr := range []string{"Pandémie"} {
			if err := shelfElsewhere(ui, fr, "Table du fond", 20, 5); err != nil {
				log.Fatal(err)
			}
		}
		ui.ShowShelf(geom.Bottom)
		s := ui.Shelf()
		if name == "shelf-keep" {
			break
		}
		for _, c := range s.AtTable() {
			if b := s.KeepButton(c.ID); b != nil {
				b.OnTapped()
				break
			}
		}
		if name == "sheet-seating" {
			break
		}
		if st := ui.Seating(); st != nil {
			if b := st.AddTouchButton(); b != nil {
				b.OnTapped()
			}
			st.StartButton().OnTapped()
		}
	}
}

// driveReplay opens a finished Canyon duel's replay, 23 moves in.
func driveReplay(ui *window.UI) {
	list, err := ui.Records().Sessions(context.Background(), 1000)
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range list {
		if s.Game == "canyonduel" && s.Status == "finished" {
			ui.ShowReplay(s.ID)
			break
		}
	}
	if r := ui.Replay(); r != nil {
		r.Goto(r.Position() + 23)
	}
}

// shotEvening is the screenshots' clock for the boxes taken: 20:15 today.
func shotEvening() time.Time {
	now := time.Now()
	return time.Date(now.Year(), now.Month(), now.Day(), 20, 15, 0, 0, time.Local)
}

// shelfElsewhere puts the free copy of the title named fr at another table
// since hh:mm today, so that the pick shows where a box is.
func shelfElsewhere(ui *window.UI, fr, table string, hh, mm int) error {
	lib := ui.Library()
	titles, err := lib.Titles(context.Background())
	if err != nil {
		return err
	}
	now := time.Now()
	since := time.Date(now.Year(), now.Month(), now.Day(), hh, mm, 0, 0, time.Local)
	for _, t := range titles {
		if c, ok := t.Free(); ok && t.Names.FR == fr {
			return lib.Take(context.Background(), c.ID, table, since)
		}
	}
	return fmt.Errorf("no free copy of %q on the demo shelf", fr)
}

// demoVenue runs a venue hub in this process with two other tables
// paired, Terrasse and Mezzanine (which then goes silent), and returns
// this table's desk, paired too.
func demoVenue(ctx context.Context, d *db.DB, table string) (*venue.Desk, error) {
	dir, hub, err := demoHub(ctx)
	if err != nil {
		return nil, err
	}
	desk := func(d *db.DB, name, sub string) (*venue.Desk, error) {
		k := venue.NewDesk(venue.KioskConfig{DB: d, Dir: filepath.Join(dir, sub), Table: name}, nil)
		// A one-time code for each table.
		code, _, err := hub.NewCode(ctx)
		if err != nil {
			return k, err
		}
		return k, k.Pair(ctx, venue.Pairing{Addr: hub.Addr(), PairAddr: hub.PairAddr(), Code: code, Fingerprint: hub.Fingerprint()})
	}
	for _, other := range []string{"Terrasse", "Mezzanine"} {
		od, err := db.Open(ctx, filepath.Join(dir, other+".db"))
		if err != nil {
			return nil, err
		}
		k, err := desk(od, other, other)
		if err != nil {
			return nil, err
		}
		for k.Kiosk() != nil && len(firstTables(k)) == 0 {
			k.Kiosk().AskHub()
			time.Sleep(100 * time.Millisecond)
		}
		if other == "Mezzanine" {
			k.Close() // gone silent
		}
	}
	return desk(d, table, "this")
}

// demoRemoved runs a venue hub in this process, pairs this table with it
// and removes it there, and returns this table's desk once it took itself
// as removed (a few refused logins, about two seconds).
func demoRemoved(ctx context.Context, d *db.DB, table string) (*venue.Desk, error) {
	dir, hub, err := demoHub(ctx)
	if err != nil {
		return nil, err
	}
	desk := venue.NewDesk(venue.KioskConfig{DB: d, Dir: filepath.Join(dir, "this"), Table: table}, nil)
	code, _, err := hub.NewCode(ctx)
	if err != nil {
		return nil, err
	}
	if err := desk.Pair(ctx, venue.Pairing{Addr: hub.Addr(), PairAddr: hub.PairAddr(), Code: code, Fingerprint: hub.Fingerprint()}); err != nil {
		return nil, err
	}
	for !desk.Linked() {
		time.Sleep(100 * time.Millisecond)
	}
	if err := hub.Revoke(ctx, desk.Kiosk().ID()); err != nil {
		return nil, err
	}
	for {
		if st, err := desk.Status(ctx, time.Now()); err != nil || st.Removed {
			return desk, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// demoHub starts a venue hub on loopback, its database and store in a new
// folder, which it returns for the tables' own.
func demoHub(ctx context.Context) (string, *venue.Hub, error) {
	dir, err := os.MkdirTemp("", "tablee-venue-shot")
	if err != nil {
		return "", nil, err
	}
	hd, err := db.Open(ctx, filepath.Join(dir, "hub.db"))
	if err != nil {
		return "", nil, err
	}
	hub, err := venue.StartHub(ctx, venue.HubConfig{DB: hd, DataDir: filepath.Join(dir, "hub"), Listen: "127.0.0.1:0"})
	return dir, hub, err
}

func firstTables(k *venue.Desk) []venue.KnownTable {
	t, _ := k.Kiosk().Tables()
	return t
}

// playToTheEnd seats Lina and Marc, whose bots play the game started on
// t to its end, and closes ready once the results have had time to show.
func playToTheEnd(t *table.Table, ready chan struct{}) {
	s := t.Session()
	playAs(t, "Lina", 1)
	playAs(t, "Marc", 2)
	for !s.Status().Ended() {
		u, stop := s.Subscribe(engine.Onlooker)
		for range u {
		}
		stop()
	}
	time.Sleep(500 * time.Millisecond) // let the window draw the results
	close(ready)
}

func joinAs(t *table.Table, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := client.Dial(ctx, t.Addr(), t.Fingerprint())
	if err != nil {
		log.Fatal(err)
	}
	if _, err := c.Join(ctx, t.Server().Code(), name); err != nil {
		log.Fatal(err)
	}
	log.Printf("shots: %s joined", name)
	// The connection stays open: the seat shows as connected.
}

// playAs joins as a rated player whose bot plays the seat.
func playAs(t *table.Table, name string, seed uint64) {
	key, _ := client.NewPlayerKey()
	go headless.Run(context.Background(), headless.Config{Addr: t.Addr(), Fingerprint: t.Fingerprint(),
		Code: t.Server().Code(), Name: name, Key: key, Bot: engine.LevelRandom, Seed: seed, Games: catalog.Registry()})
}

var demoNames = []string{"Anouk", "Basile", "Chloé", "Daniel", "Emma", "Félix", "Gabrielle", "Hugo"}

// seedDemo fills an empty database with a fortnight of a café's games
// between named players, with move logs, so boards and replays show.
func seedDemo(ctx context.Context, path string) error {
	d, err := db.Open(ctx, path)
	if err != nil {
		return err
	}
	defer d.Close()
	if n, _ := d.Players(ctx); len(n) > 0 {
		return nil
	}
	tb, err := d.EnsureTable(ctx, "Table du fond")
	if err != nil {
		return err
	}
	var players []db.Player
	for _, n := range demoNames {
		p, err := d.CreatePlayer(ctx, n, time.Now().Add(-30*24*time.Hour))
		if err != nil {
			return err
		}
		players = append(players, p)
	}
	start := time.Now().Add(-10 * 24 * time.Hour)
	// Every game the catalog ships, in turn, each with one seat more than
	// its fewest when it allows it: no game is named here, so a new one
	// has its sessions, boards and replays too.
	games := catalog.Games()
	for i := 0; i < 40; i++ {
		rules := games[i%len(games)]
		info := rules.Info()
		n := min(info.MaxSeats, info.MinSeats+1)
		setup := engine.Setup{Seats: n, Seed: uint64(1000 + i)}
		bots := make([]engine.Bot, n)
		for s := range bots {
			if bots[s], err = bot.New(rules, engine.LevelRandom, uint64(i*10+s)); err != nil {
				return err
			}
		}
		out, err := bot.Play(ctx, rules, setup, bots)
		if err != nil {
			return err
		}
		seats := make([]session.Seat, n)
		for s := range seats {
			seats[s] = session.Seat{Kind: session.Person, PlayerID: players[(i*3+s*5)%len(players)].ID}
		}
		switch {
		case info.AllPublic && i%3 == 1: // guests on the table, no phones
			for s := range seats {
				seats[s] = session.Seat{Kind: session.Guest}
			}
		case i%5 == 4: // a bot in the last seat
			seats[n-1] = session.Seat{Kind: session.Bot, BotLevel: engine.LevelDefault}
		}
		at := start.Add(time.Duration(i) * 6 * time.Hour).Truncate(time.Hour).Add(time.Duration(17+i%5) * time.Hour)
		if err := store(ctx, d, tb.ID, rules, setup, seats, out, at); err != nil {
			return err
		}
	}
	return d.SetStaffPIN(ctx, "2468")
}

// store writes one played game as the host would: session, moves, result.
func store(ctx context.Context, d *db.DB, table int64, rules engine.Rules, setup engine.Setup, seats []session.Seat, out bot.Outcome, at time.Time) error {
	rec, err := d.CreateSession(ctx, session.Record{TableID: table, Game: rules.Info().ID, Seed: setup.Seed, Seats: seats, StartedAt: at})
	if err != nil {
		return err
	}
	s, err := engine.NewGame(rules, setup)
	if err != nil {
		return err
	}
	for i, m := range out.Moves {
		if _, err := s.Apply(m.Seat, m.Move); err != nil {
			return err
		}
		data, err := engine.EncodeMove(rules.Info().ID, m.Seat, m.Move)
		if err != nil {
			return err
		}
		if err := d.AppendMove(ctx, rec.ID, session.Move{Seq: i + 1, Seat: m.Seat, JSON: data, StateHash: s.Hash(),
			PlayedAt: at.Add(time.Duration(i) * 20 * time.Second)}); err != nil {
			return err
		}
	}
	return d.Finish(ctx, rec.ID, out.Result, at.Add(time.Duration(len(out.Moves))*20*time.Second))
}
