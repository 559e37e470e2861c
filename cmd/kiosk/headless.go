package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
)

// runHeadless runs a table without a window until ctx ends (or, with
// --exit-when-over, until its session ends).
func runHeadless(ctx context.Context, o options, stdout io.Writer) error {
	t, err := table.Open(ctx, o.cfg)
	if err != nil {
		return err
	}
	defer t.Close()
	sess := t.Session()
	if sess == nil {
		if sess, err = startHeadless(ctx, t, o); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "code=%s addr=%s fingerprint=%s web=%s\n", t.Server().Code(), reachable(t.Addr()), t.Fingerprint(), webURL(t))
	if !o.exitWhenOver {
		<-ctx.Done()
		return nil
	}
	if err := waitOver(ctx, sess); err != nil {
		return err
	}
	waitPhonesLeave(ctx, t.Server())
	return nil
}

// waitPhonesLeave gives the phones a moment to read the final view: they
// leave once they have it.
func waitPhonesLeave(ctx context.Context, srv *server.Server) {
	deadline := time.After(5 * time.Second)
	for {
		connected := 0
		for _, st := range srv.Seats() {
			if st.State == server.SeatConnected {
				connected++
			}
		}
		if connected == 0 {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-deadline:
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func startHeadless(ctx context.Context, t *table.Table, o options) (*host.Session, error) {
	if o.game == "" {
		return nil, fmt.Errorf("no session to resume: say which --game to start")
	}
	rules, err := o.cfg.Games.Get(o.game)
	if err != nil {
		return nil, err
	}
	seats := o.seats
	if seats == 0 {
		seats = rules.Info().MinSeats
	}
	var bots []string
	if o.bots != "" {
		bots = strings.Split(o.bots, ",")
	}
	if len(bots) > seats {
		return nil, fmt.Errorf("%d bots for %d seats", len(bots), seats)
	}
	// Phones take the first seats, bots the last.
	list := make([]table.Seat, seats)
	for i, level := range bots {
		list[seats-len(bots)+i].Bot = engine.Level(level)
	}
	return t.Start(ctx, o.game, engine.ParseOptions(o.gameOptions), list)
}

// waitOver returns once sess has ended.
func waitOver(ctx context.Context, sess *host.Session) error {
	for {
		updates, stop := sess.Subscribe(engine.Table)
		for range updates {
		}
		stop()
		if sess.Status().Ended() {
			return nil
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}

// webURL is the join URL of the QR code (the web page, fragment
// included) for a phone on this machine.
func webURL(t *table.Table) string {
	host, _, err := net.SplitHostPort(reachable(t.WebAddr()))
	if err != nil {
		host = "127.0.0.1"
	}
	return t.JoinInfo(host).String()
}

// reachable replaces an unspecified listen host with loopback, the one
// address sure to reach this machine from itself.
func reachable(addr string) string {
	h, p, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(h); h == "" || ip != nil && ip.IsUnspecified() {
		return net.JoinHostPort("127.0.0.1", p)
	}
	return addr
}
