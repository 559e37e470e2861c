package table

import (
	"context"
	"errors"
	"time"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/proto/tlscert"
)

// serveConsole starts the staff console over HTTPS with the table's own
// certificate, and the staff gate of the kiosk's own PIN pad (its budget
// kept in the database). The console keeps its own budget per address:
// a wrong-PIN stream sent to it does not lock the pad.
func (t *Table) serveConsole() error {
	t.gate = staff.NewGate(console.PINStore{DB: t.db}, nil)
	board := t.cfg.VenueBoard
	if board == nil {
		// The venue's boards from this kiosk's mirror: the console offers
		// them once the database holds a venue's sessions.
		board = t.db.VenueLeaderboard
	}
	// The console's certificate: the venue's authority's, kept beside
	// the database when this table made the authority (tablee ca) or got
	// one when it paired, else the table's own (docs/install.md, "A
	// console the browser trusts").
	dir := tlscert.ConsoleDir(t.db.Path())
	if ca, err := tlscert.LoadCA(dir); err == nil {
		names, ips := tlscert.MachineNames()
		if _, err := ca.IssueConsole(dir, names, ips, time.Now()); err != nil {
			t.cfg.Logger.Printf("console: the venue's authority issued no certificate: %v", err)
		}
	} else if !errors.Is(err, tlscert.ErrNoCA) {
		t.cfg.Logger.Printf("console: %v", err)
	}
	certs := tlscert.NewConsoleSource(dir, t.cert)
	h, err := console.NewHandler(console.Config{DB: t.db, Games: t.cfg.Games, Cert: t.cert, Certificate: certs.Certificate,
		CA:   func() []byte { return tlscert.CAPEM(dir) },
		Live: live{t}, Screen: t.cfg.Screen, TableName: t.cfg.Name, VenueBoard: board, Sheets: t.cfg.Sheets, Logf: t.cfg.Logger.Printf})
	if err != nil {
		return err
	}
	srv, err := console.Start(t.cfg.ConsoleAddr, t.cert, h)
	if err != nil {
		return err
	}
	t.console, t.consoleH = srv, h
	return nil
}

// Staff is the staff PIN gate of the kiosk's own PIN pad; the console
// has its own, per source address.
func (t *Table) Staff() *staff.Gate { return t.gate }

// ConsoleAddr is the address the staff console listens on.
func (t *Table) ConsoleAddr() string { return t.console.Addr() }

// Console is the staff console's handler (its calls, its phrase).
func (t *Table) Console() *console.Handler { return t.consoleH }

// CallStaff shows a call for the staff from this table on the console
// until someone answers it: the guests' button on the table's corner
// menu, which needs no PIN.
func (t *Table) CallStaff() console.Call { return t.consoleH.CallStaff(t.name()) }

// name is the table's name as the staff set it, else its --name.
func (t *Table) name() string {
	if n, err := t.db.TableName(context.Background()); err == nil && n != "" {
		return n
	}
	return t.cfg.Name
}

// live shows the table to the console.
type live struct{ t *Table }

// Tables is this one table: its game, its seats as the server sees them
// and how long it has been played.
func (l live) Tables() []console.LiveTable {
	t := l.t
	lt := console.LiveTable{Name: t.name()}
	lt.DiskFull, _ = t.DiskFull()
	s := t.Session()
	if s == nil {
		return []console.LiveTable{lt}
	}
	rec := s.Record()
	lt.Game, lt.Status, lt.Started, lt.Moves = rec.Game, string(s.Status()), rec.StartedAt, s.Moves()
	for _, info := range t.srv.Seats() {
		seat := console.LiveSeat{Name: info.Name}
		switch info.State {
		case server.SeatBot:
			seat.Kind = console.SeatBot
		case server.SeatTable:
			seat.Kind = console.SeatTouch
		case server.SeatConnected:
			seat.Kind = console.SeatPhone
			if info.Web {
				seat.Kind = console.SeatWeb
			}
		case server.SeatAway:
			seat.Kind = console.SeatAway
		default:
			seat.Kind = console.SeatWaiting
		}
		lt.Seats = append(lt.Seats, seat)
	}
	if lt.Started.IsZero() {
		lt.Started = time.Now()
	}
	return []console.LiveTable{lt}
}
