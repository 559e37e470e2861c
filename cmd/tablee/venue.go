package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/web"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/venue"
)

// venueFlags are tablee venue's flags.
type venueFlags struct {
	path, data, listen, webAddr        string
	pairAddr, pairAt, pairListen, code string
	fingerprint, name, revoke, letIn   string
	consoleAddr                        string
	takeBack, takeBackTable            string // venue_aside.go
	rebuild, newCode, tables, noMDNS   bool
	aside                              bool
	limits                             venue.KioskLimits
	webAddrSet                         bool // --web-addr given
}

// venueFlagSet declares tablee venue's flags into f.
func venueFlagSet(e *env, f *venueFlags) *flag.FlagSet {
	fs := newFlags(e, "venue")
	fs.StringVar(&f.path, "db", "", "the hub's database file (created if missing)")
	fs.StringVar(&f.data, "data", "", "where the hub keeps its certificate and its JetStream store (default: beside the database)")
	fs.StringVar(&f.listen, "listen", fmt.Sprintf(":%d", venue.DefaultPort), "the address kiosks connect to, HOST:PORT")
	fs.StringVar(&f.webAddr, "web-addr", fmt.Sprintf(":%d", venue.DefaultWebPort), "where the hub serves the tables' web page for the whole venue, HOST:PORT (with a --listen on port 0, port 0 too; empty: none, each table's QR loads its own page)")
	fs.BoolVar(&f.rebuild, "rebuild", false, "drop the JetStream store of the hub or kiosk whose database --db is (stopped), to be rebuilt from the databases at its next start, and exit")
	fs.StringVar(&f.pairAddr, "pair", "", "pair the kiosk whose database --db is with the hub at HOST:PORT, its leaf address (with --code and --fingerprint, as the hub prints them), and exit; the kiosk joins at its next start")
	fs.StringVar(&f.pairAt, "pair-addr", "", fmt.Sprintf("with --pair: the hub's pairing address, HOST:PORT, as the hub prints it (default: --pair's host, port %d)", venue.DefaultPairPort))
	fs.StringVar(&f.pairListen, "pair-listen", "", fmt.Sprintf("the hub's pairing address, HOST:PORT (default --listen's host, port %d; with a --listen on port 0, port 0 too)", venue.DefaultPairPort))
	fs.StringVar(&f.code, "code", "", "with --pair: a pairing code the hub made (tablee venue --new-code), valid once, for 15 minutes")
	fs.BoolVar(&f.newCode, "new-code", false, "make a one-time pairing code for the hub whose database --db is, running or not, print it (code=NNNNNN expires=RFC3339) and exit: it pairs one table, within 15 minutes")
	fs.StringVar(&f.fingerprint, "fingerprint", "", "with --pair: the hub certificate's fingerprint")
	fs.StringVar(&f.name, "name", "", "the hub's name on the kiosks' staff screens, advertised over mDNS (default: Tablée and the machine's name)")
	fs.StringVar(&f.revoke, "revoke", "", "remove the table of this name (or kiosk id) from the venue of the hub whose database --db is, running or not, and exit: its kiosk can no longer connect (a running hub closes its link within 5 s); its games stay in the venue")
	fs.StringVar(&f.letIn, "let-in", "", "let the table of this name (or kiosk id), cut off for going over its limits, into the venue of the hub whose database --db is again, running or not, and exit")
	fs.IntVar(&f.limits.EventsPerMinute, "kiosk-events-per-minute", venue.DefaultKioskLimits.EventsPerMinute, "a table sending more events than this in one minute of their own time is cut off the venue until let in (--let-in, or the hub's console)")
	fs.IntVar(&f.limits.EventBytes, "kiosk-event-bytes", venue.DefaultKioskLimits.EventBytes, "a table sending an event bigger than this many bytes is cut off the venue (the event refused)")
	fs.Int64Var(&f.limits.TotalBytes, "kiosk-total-bytes", venue.DefaultKioskLimits.TotalBytes, "a table whose events at the hub would take more than this many bytes in all is cut off the venue")
	asideFlags(fs, f)
	fs.BoolVar(&f.tables, "tables", false, "list the tables paired with the hub whose database --db is (name, kiosk id, paired, last seen), running or not, and exit")
	fs.BoolVar(&f.noMDNS, "no-mdns", false, "do not advertise the hub over mDNS (kiosks then pair with --venue or tablee venue --pair)")
	fs.StringVar(&f.consoleAddr, "console-addr", "", fmt.Sprintf("the venue's staff console's HTTPS address (default :%d; with a --listen on port 0, port 0 too)", console.DefaultPort))
	return fs
}

// runVenue runs the venue hub headless until interrupted (docs/venue.md),
// or does one of its chores on a hub's or a kiosk's database and exits.
func runVenue(ctx context.Context, e *env, args []string) error {
	var f venueFlags
	fs := venueFlagSet(e, &f)
	if err := parse(fs, args); err != nil {
		return err
	}
	f.webAddrSet = webAddrSet(fs)
	if f.pairAddr != "" {
		return venuePair(ctx, e, f)
	}
	if f.path == "" {
		return errors.New("--db is required: the hub's database file")
	}
	if f.data == "" {
		// The hub's and a kiosk's default alike.
		f.data = filepath.Join(filepath.Dir(f.path), "venue")
	}
	switch {
	case f.tables:
		return printPairedTables(ctx, e, f.path, f.data)
	case f.aside || f.takeBack != "" || f.takeBackTable != "":
		return venueAside(ctx, e, f)
	case f.letIn != "":
		return venueLetIn(ctx, e, f)
	case f.newCode:
		return venueNewCode(ctx, e, f)
	case f.revoke != "":
		return venueRevoke(ctx, e, f)
	case f.rebuild:
		return venueRebuild(ctx, e, f)
	}
	return serveVenue(ctx, e, f)
}

// venuePair pairs a kiosk's database with a hub (tablee venue --pair).
func venuePair(ctx context.Context, e *env, f venueFlags) error {
	d, err := openDB(ctx, f.path)
	if err != nil {
		return err
	}
	defer d.Close()
	if hub, err := venue.IsHub(ctx, d); err != nil || hub {
		return errors.Join(err, errors.New("--pair: this is a hub's database, not a kiosk's"))
	}
	if err := venue.Pair(ctx, d, venue.Pairing{Addr: f.pairAddr, PairAddr: f.pairAt, Code: f.code, Fingerprint: f.fingerprint}); err != nil {
		return err
	}
	words, err := venue.PairingWords(ctx, d)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "paired with the venue hub at %s: the kiosk joins at its next start\n", f.pairAddr)
	fmt.Fprintf(e.stdout, "table words=%s numbers=%s (the hub's console lists this pairing with them, or with the same numbers in its language's words: they must be the same)\n", words, tlscert.PhraseNumbers(words))
	return nil
}

// venueLetIn lets a table cut off back into the venue (tablee venue
// --let-in).
func venueLetIn(ctx context.Context, e *env, f venueFlags) error {
	d, err := openDB(ctx, f.path)
	if err != nil {
		return err
	}
	defer d.Close()
	id, err := venue.LetInTable(ctx, d, f.data, f.letIn)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "table %s (kiosk %s) let into the venue again: it links at its next try (within a minute) and its games follow\n", f.letIn, id)
	return nil
}

// venueNewCode makes a one-time pairing code (tablee venue --new-code).
func venueNewCode(ctx context.Context, e *env, f venueFlags) error {
	d, err := openDB(ctx, f.path)
	if err != nil {
		return err
	}
	defer d.Close()
	c, expires, err := venue.NewCode(ctx, d, f.data, time.Now)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "code=%s expires=%s\n", c, expires.Format(time.RFC3339))
	return nil
}

// venueRevoke removes a table from the venue (tablee venue --revoke).
func venueRevoke(ctx context.Context, e *env, f venueFlags) error {
	d, err := openDB(ctx, f.path)
	if err != nil {
		return err
	}
	defer d.Close()
	// Asked before: once revoked, the hub's process is still the
	// one holding the database.
	running, err := d.OpenElsewhere()
	if err != nil {
		return err
	}
	id, err := venue.RevokeTable(ctx, d, f.data, f.revoke)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "table %s (kiosk %s) removed from the venue: it can no longer connect; its games stay in the venue; to pair it again, make a code (tablee venue --new-code) and type it at the table's staff screen\n", f.revoke, id)
	if running {
		fmt.Fprintln(e.stdout, "the running hub closes its link within 5 seconds")
	}
	return nil
}

// venueRebuild drops a stopped hub's or kiosk's store, or makes a lost
// hub database again (tablee venue --rebuild).
func venueRebuild(ctx context.Context, e *env, f venueFlags) error {
	if _, err := os.Stat(f.path); errors.Is(err, os.ErrNotExist) {
		kept, err := venue.RebuildLost(ctx, f.path, f.data)
		if err != nil {
			return fmt.Errorf("no database at %s: %w", f.path, err)
		}
		if kept {
			fmt.Fprintf(e.stdout, "hub database %s was missing: a new one is made; the hub's store in %s is kept: at its next start the hub refills the database from its venue stream, and the kiosks' streams supply anything it lacks\n", f.path, f.data)
		} else {
			fmt.Fprintf(e.stdout, "hub database %s was missing: a new one is made; with no store in %s either, at its next start the hub sources every kiosk's whole stream again\n", f.path, f.data)
		}
		return nil
	}
	d, err := openDB(ctx, f.path)
	if err != nil {
		return err
	}
	defer d.Close()
	r, err := venue.Rebuild(ctx, d, f.data, time.Now)
	if err != nil {
		return err
	}
	if r.Hub {
		fmt.Fprintf(e.stdout, "hub store dropped: at its next start the venue stream is sourced again from every kiosk's stream (the hub's database holds %d sessions) and the hub's own %d events are published again\n", r.Events, r.Own)
	} else {
		fmt.Fprintf(e.stdout, "kiosk store dropped: at its next start the table's stream is published again from its database (%d events) and the venue's copied again from the hub\n", r.Events)
	}
	return nil
}

// serveVenue runs the hub until ctx ends: its leaf and pairing
// addresses, its console, its web page, its mDNS advertisement.
func serveVenue(ctx context.Context, e *env, f venueFlags) error {
	d, err := db.Open(ctx, f.path)
	if err != nil {
		return err
	}
	defer d.Close()
	if host, port, err := net.SplitHostPort(f.listen); err == nil && port == "0" && !f.webAddrSet {
		// Tests side by side must not all claim the page's port.
		f.webAddr = net.JoinHostPort(host, "0")
	}
	h, err := venue.StartHub(ctx, venue.HubConfig{DB: d, DataDir: f.data, Listen: f.listen, PairListen: f.pairListen,
		Limits:    f.limits,
		Logf:      func(format string, args ...any) { fmt.Fprintf(e.stderr, format+"\n", args...) },
		WebListen: f.webAddr, Page: venuePage})
	if err != nil {
		return err
	}
	defer h.Close()
	line := fmt.Sprintf("venue addr=%s pair=%s fingerprint=%s", h.Addr(), h.PairAddr(), h.Fingerprint())
	srv, err := serveVenueConsole(e, d, h, f.consoleAddr, f.listen)
	if err != nil {
		return err
	}
	if srv != nil {
		defer srv.Close()
		line += " console=https://" + consoleHost(srv.Addr(), h.Addr()) + "/"
	}
	if web := h.WebAddr(); web != "" {
		line += " web=http://" + web + "/"
	}
	fmt.Fprintln(e.stdout, line)
	fmt.Fprintf(e.stdout, "venue words=%s numbers=%s (a kiosk's staff screen shows them when it pairs, or the same numbers in its language's words: they must be the same)\n", h.Words(), tlscert.PhraseNumbers(h.Words()))
	fmt.Fprintf(e.stdout, "venue pairing: each table pairs with a one-time code, from the hub's console or tablee venue --new-code --db %s\n", f.path)
	if !f.noMDNS {
		if a, err := advertiseHub(h, f.name); err != nil {
			fmt.Fprintf(e.stderr, "venue hub: not advertised over mDNS (pair kiosks with --venue): %v\n", err)
		} else {
			defer a.Close()
		}
	}
	<-ctx.Done()
	return nil
}

// printPairedTables lists the tables paired with the hub (tablee venue
// --tables): it only reads, so the hub may be running.
func printPairedTables(ctx context.Context, e *env, path, data string) error {
	d, err := openDB(ctx, path)
	if err != nil {
		return err
	}
	defer d.Close()
	tables, err := venue.PairedTables(ctx, d, data)
	if err != nil {
		return err
	}
	if len(tables) == 0 {
		fmt.Fprintln(e.stdout, "no table is paired with the hub (docs/install.md, \"Several tables\")")
		return nil
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "TABLE\tKIOSK ID\tPAIRED\tLAST SEEN\tCUT OFF")
	for _, t := range tables {
		cut := "-"
		if t.CutOff != nil {
			cut = localTime(t.CutOff.At) + ": " + t.CutOff.Why
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", cmp.Or(t.Name, "(not linked yet)"), t.Kiosk, localTime(t.Paired), localTime(t.LastSeen), cut)
	}
	return nil
}

// webAddrSet reports whether --web-addr was given.
func webAddrSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "web-addr" })
	return set
}

// venuePage is the hub's copy of the tables' web page: the same embedded
// page as every kiosk's, from kiosk/web, connecting only to the tables
// that said hello.
func venuePage(tables func() []string) (http.Handler, error) {
	return web.NewPage(web.PageConfig{Games: catalog.Registry(), Tables: tables})
}

// serveVenueConsole serves the staff console for the whole venue on addr
// (console.AddrFor(listen) when empty), with the hub's certificate and
// the staff PIN kept in the hub's database (tablee staff-pin --db
// HUB.db). On the default address already taken (a kiosk's console, on a
// table that is also the hub) the hub runs on without its console and
// says so: the venue's sharing matters more. A port asked for that
// cannot be had is an error.
func serveVenueConsole(e *env, d *db.DB, h *venue.Hub, addr, listen string) (*console.Server, error) {
	asked := addr != ""
	if !asked {
		addr = console.AddrFor(listen)
	}
	ch, err := console.NewHandler(console.Config{DB: d, Games: e.games, Cert: h.ConsoleCertificate(), Hub: hubTables{h},
		CA:   func() []byte { return tlscert.CAPEM(tlscert.ConsoleDir(d.Path())) },
		Logf: func(format string, args ...any) { fmt.Fprintf(e.stderr, format+"\n", args...) }})
	if err != nil {
		return nil, err
	}
	srv, err := console.Start(addr, h.ConsoleCertificate(), ch)
	if err != nil && !asked {
		fmt.Fprintf(e.stderr, "venue hub: no staff console: %v (is a kiosk's console on this machine? give the hub's another port, --console-addr :7462)\n", err)
		return nil, nil
	}
	if err == nil {
		// The words the staff check in their browser the first time
		// (docs/install.md, "Several tables"): the hub has no screen.
		fmt.Fprintf(e.stderr, "venue hub: staff console on %s, verification words: %s (%s)\n", srv.Addr(), ch.Phrase(), tlscert.PhraseNumbers(ch.Phrase()))
	}
	return srv, err
}

// consoleHost is the console's address as the staff's browser reaches
// it: on every interface, the hub's own address's host (its LAN address).
func consoleHost(consoleAddr, hubAddr string) string {
	host, port, err := net.SplitHostPort(consoleAddr)
	if err != nil {
		return consoleAddr
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		if hubHost, _, err := net.SplitHostPort(hubAddr); err == nil {
			host = hubHost
		}
	}
	return net.JoinHostPort(host, port)
}

// hubTables shows the hub's tables to its console, which does not import
// the venue.
type hubTables struct{ h *venue.Hub }

func (t hubTables) Tables(ctx context.Context) ([]console.HubTable, error) {
	states, err := t.h.Tables(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]console.HubTable, len(states))
	for i, s := range states {
		out[i] = console.HubTable{Kiosk: s.Kiosk, Name: s.Name, Paired: s.Paired, LastSeen: s.LastSeen, Online: s.Online,
			Behind: int(min(s.Behind, 1<<31)), Stalled: s.Stalled}
		if s.CutOff != nil {
			out[i].CutOff, out[i].CutOffAt, out[i].CutOffLimit, out[i].CutOffMax = true, s.CutOff.At, s.CutOff.Limit, s.CutOff.Max
		}
		for _, c := range s.Calls {
			out[i].Calls = append(out[i].Calls, console.Call{ID: c.ID, Table: c.Table, At: c.At})
		}
	}
	return out, nil
}

// Health says whether the hub's store cannot be written and whether it
// refills a lost database (console.HubHealth).
func (t hubTables) Health(ctx context.Context) console.HubState {
	var st console.HubState
	if p, bad := t.h.StoreProblem(); bad {
		st.StoreFull, st.StoreSince = true, p.Since
	}
	if r, busy := t.h.Refilling(ctx); busy {
		st.RefillEvents, st.RefillLoaded = r.Events, r.Loaded
	}
	return st
}

// AnswerCall answers a table's call on the hub; a call the table closed
// meanwhile is nothing to answer.
func (t hubTables) AnswerCall(_ context.Context, kiosk, id string) error {
	t.h.AnswerCall(kiosk, id)
	return nil
}

// LetIn lets a table cut off for going over its limits into the venue
// again (console.HubLimits).
func (t hubTables) LetIn(ctx context.Context, kiosk string) error { return t.h.LetIn(ctx, kiosk) }

// NewCode makes a one-time pairing code on the hub (console.HubPairing).
func (t hubTables) NewCode(ctx context.Context) (string, time.Time, error) { return t.h.NewCode(ctx) }

// Pairings are the hub's pairings, newest first.
func (t hubTables) Pairings(context.Context) []console.Pairing {
	notes := t.h.Pairings()
	out := make([]console.Pairing, len(notes))
	for i, n := range notes {
		out[i] = console.Pairing{At: n.At, Kiosk: n.Kiosk, Table: n.Table, Words: n.Words, From: n.From}
	}
	return out
}

// PairLockouts are the addresses locked out of pairing now.
func (t hubTables) PairLockouts(context.Context) []console.Lockout {
	var out []console.Lockout
	for _, l := range t.h.PairLockouts() {
		out = append(out, console.Lockout{From: l.From, Until: l.Until})
	}
	return out
}

// RemoveTable removes a table from the venue from the hub's console: the
// same as tablee venue --revoke, on the running hub.
func (t hubTables) RemoveTable(ctx context.Context, kiosk string) error {
	return t.h.Revoke(ctx, kiosk)
}

// printVenueSessions lists the venue's sessions (every table's, from the
// hub's database or a kiosk's mirror).
func printVenueSessions(ctx context.Context, e *env, d *db.DB, since time.Time, game string) error {
	sessions, err := d.VenueSessions(ctx, time.Time{}, game)
	if err != nil {
		return err
	}
	// A shelf play's known player the venue does not credit (unsigned,
	// or a contested phone) is marked, as the consoles mark it.
	uncredited, err := d.VenueUncredited(ctx)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "ID\tSTARTED\tTABLE\tGAME\tSTATUS\tPLAYERS")
	for _, s := range sessions {
		ev := s.Event
		if ev.StartedAt.Before(since) {
			continue
		}
		names := make([]string, len(ev.Seats))
		for i, st := range ev.Seats {
			names[i] = seatName(session.Seat{Kind: st.Kind, BotLevel: engine.Level(st.BotLevel), Name: st.Name})
			if st.Kind == session.Person {
				names[i] = st.Nickname
			}
			switch uncredited[ev.ID][i] {
			case db.SeatUnsigned:
				names[i] += " (not signed: counted as a guest)"
			case db.SeatContested:
				names[i] += " (contested phone: counted as a guest)"
			}
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", ev.ID, localTime(ev.StartedAt), ev.Table, ev.Game, session.Finished, strings.Join(names, ", "))
	}
	return nil
}

// advertiseHub publishes the hub as _tablee-venue._tcp, so that a kiosk's
// staff screen lists it.
func advertiseHub(h *venue.Hub, name string) (*discovery.Advertiser, error) {
	if name == "" {
		host, _ := os.Hostname()
		name = strings.TrimSpace("Tablée " + host)
	}
	_, port, err := net.SplitHostPort(h.Addr())
	if err != nil {
		return nil, err
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		return nil, err
	}
	hub := discovery.Hub{Name: name, Proto: venue.Proto, Fingerprint: h.Fingerprint()}
	if _, pp, err := net.SplitHostPort(h.PairAddr()); err == nil {
		hub.PairPort, _ = strconv.Atoi(pp)
	}
	return discovery.AdvertiseHub(hub, p, discovery.Scope{})
}
