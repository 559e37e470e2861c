package main

import (
	"context"
	"fmt"
	"log"
	"net"
	"path/filepath"
	"strings"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/venue"
)

// venueFlags are the kiosk's pairing flags: all three or none.
type venueFlags struct {
	addr, code, fingerprint, pairAddr string
}

// pairing returns the pairing the flags give, if any.
func (f venueFlags) pairing() (venue.Pairing, bool, error) {
	if f.addr == "" && f.code == "" && f.fingerprint == "" {
		return venue.Pairing{}, false, nil
	}
	p := venue.Pairing{Addr: f.addr, PairAddr: f.pairAddr, Code: f.code, Fingerprint: f.fingerprint}
	if f.addr == "" || f.code == "" || f.fingerprint == "" {
		return p, false, fmt.Errorf("--venue, --venue-code and --venue-fingerprint go together (tablee venue prints them)")
	}
	return p, true, p.Check()
}

// openTable opens the kiosk's table on o.cfg and starts its side of the
// venue (startVenue: its desk, paired or not). closeAll closes the venue's
// side, then the table: the headless and the windowed kiosk start alike.
func openTable(ctx context.Context, o options, host func(webAddr string) string) (t *table.Table, v *venue.Desk, closeAll func(), err error) {
	t, err = table.Open(ctx, o.cfg)
	if err != nil {
		return nil, nil, nil, err
	}
	if v, err = startVenue(ctx, o, t, host(t.WebAddr())); err != nil {
		t.Close()
		return nil, nil, nil, err
	}
	return t, v, func() {
		v.Close()
		t.Close()
	}, nil
}

// startVenue pairs the kiosk when the flags say so (remembered in its
// database) and returns its venue desk, started: paired now or before,
// the kiosk's side of the venue runs (the embedded server beside the
// database, the stream of its sessions, the link to the hub); unpaired,
// nothing runs until the staff pair it from the staff screen.
// host is the kiosk's address in its seating QR: once the hub's web page
// answers, the QR loads the hub's page with the table (host and web port)
// in its fragment.
func startVenue(ctx context.Context, o options, t *table.Table, host string) (*venue.Desk, error) {
	d := t.DB()
	if p, ok, err := o.venue.pairing(); err != nil {
		return nil, err
	} else if ok {
		// Flags given at every start pair once: a kiosk paired with that
		// hub keeps its credential (the hub need not be up).
		cur, paired, err := venue.Paired(ctx, d)
		if err != nil {
			return nil, err
		}
		if !paired || cur.Addr != p.Addr || !strings.EqualFold(cur.Fingerprint, strings.ReplaceAll(p.Fingerprint, ":", "")) {
			if err := venue.Pair(ctx, d, p); err != nil {
				return nil, err
			}
		}
	}
	dir := o.cfg.DataDir
	if dir == "" {
		dir = filepath.Dir(d.Path())
	}
	_, port, err := net.SplitHostPort(t.WebAddr())
	if err != nil {
		return nil, fmt.Errorf("venue: the table's web address: %w", err)
	}
	desk := venue.NewDesk(venue.KioskConfig{
		DB: d, Dir: filepath.Join(dir, "venue"), Table: o.cfg.Name,
		Logf: log.Printf, Web: net.JoinHostPort(host, port), PageHash: t.PageHash(), OnPage: t.HubPageChanged,
		// The guests' staff calls show on the hub's console too, and a
		// call answered there closes here.
		Calls: func() []venue.Call { return hubCalls(t.Console().Calls()) }, OnAnswered: t.Console().AnswerCalls,
	}, venue.MDNSFinder(discovery.Scope{}))
	if err := desk.Start(ctx); err != nil {
		return nil, err
	}
	t.UseHubPage(desk.HubPage, desk.HubOrigin)
	return desk, nil
}

// hubCalls are the table's open staff calls as its hellos carry them to
// the venue hub.
func hubCalls(calls []console.Call) []venue.Call {
	out := make([]venue.Call, len(calls))
	for i, c := range calls {
		out[i] = venue.Call{ID: c.ID, At: c.At, Table: c.Table}
	}
	return out
}
