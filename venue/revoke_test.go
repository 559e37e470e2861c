package venue

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
)

// hubSources are the kiosk domains the venue stream sources now.
func hubSources(t *testing.T, h *Hub) []string {
	t.Helper()
	s, err := h.e.js.Stream(context.Background(), VenueStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, src := range info.Sources {
		if src.External != nil {
			out = append(out, src.External.APIPrefix)
		}
	}
	slices.Sort(out)
	return out
}

// hubTableNames are the hub's tables' names, sorted.
func hubTableNames(t *testing.T, h *Hub) []string {
	t.Helper()
	tables, err := h.Tables(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tb := range tables {
		out = append(out, tb.Name)
	}
	slices.Sort(out)
	return out
}

// A table removed while the hub runs — from its console (Hub.Revoke) or
// by tablee venue --revoke in another process (RevokeTable on the
// credentials' file) — loses its link at once, cannot link again with its
// credential, leaves the hub's tables and the venue stream's sources, and
// its games stay in the venue. PairedTables lists the paired tables
// throughout.
func TestRevokeAtTheRunningHub(t *testing.T) {
	ctx := context.Background()
	hn := newNode(t, "")
	hub := startHub(t, hn, "127.0.0.1:0")
	p := pairing(t, hub, hub.Addr())
	an, bn := newNode(t, "A"), newNode(t, "B")
	ka, kb := startKiosk(t, an, p), startKiosk(t, bn, p)
	domainB := "$JS." + kioskDomain(kb.ID(), 0) + ".API"
	an.play(t)
	waitFor(t, "both tables linked, sourced, A's game at the hub", func() error {
		ka.AskHub()
		kb.AskHub()
		n, err := hn.d.VenueSessionCount(ctx)
		names, sources := hubTableNames(t, hub), hubSources(t, hub)
		return saw(slices.Equal(names, []string{"A", "B"}) && len(sources) == 2 && n == 1,
			"tables %v, sources %v, %d sessions (%v)", names, sources, n, err)
	})
	dir := filepath.Join(hn.dir, "hub")
	listed, err := PairedTables(ctx, hn.d, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(listed) != 2 || listed[0].Name != "A" || listed[0].Kiosk != ka.ID() || listed[1].Name != "B" ||
		listed[0].Paired.IsZero() || listed[0].LastSeen.IsZero() {
		t.Errorf("the paired tables: %+v", listed)
	}
	_, credA, err := paired(ctx, an.d)
	if err != nil {
		t.Fatal(err)
	}

	// From the console: A's link closes at once and A may not log in
	// again; the hub lists and sources B alone.
	if err := hub.Revoke(ctx, ka.ID()); err != nil {
		t.Fatal(err)
	}
	if got := hubSources(t, hub); !slices.Equal(got, []string{domainB}) {
		t.Errorf("sources after revoking A: %v, want B's alone (%s)", got, domainB)
	}
	if got := hubTableNames(t, hub); !slices.Equal(got, []string{"B"}) {
		t.Errorf("tables after revoking A: %v", got)
	}
	waitFor(t, "A's link closed", leaf(ka, false))
	if err := leafLogin(ctx, hub.Addr(), hub.Fingerprint(), kioskServerPrefix+ka.ID(), credA); !errors.Is(err, ErrRefused) {
		t.Errorf("A logging in again: %v, want refused", err)
	}
	if tables, _ := PairedTables(ctx, hn.d, dir); len(tables) != 1 || tables[0].Name != "B" {
		t.Errorf("paired tables after revoking A: %+v", tables)
	}
	if n, _ := hn.d.VenueSessionCount(ctx); n != 1 {
		t.Errorf("the venue holds %d sessions after A left, want A's 1", n)
	}
	if _, err := RevokeTable(ctx, hn.d, dir, "A"); err == nil {
		t.Error("A revoked twice")
	}

	// From the command line beside the running hub: the credentials'
	// file changes under its lock; the hub reads it again within a
	// watch tick, closes B's link and stops sourcing it.
	id, err := RevokeTable(ctx, hn.d, dir, "B")
	if err != nil || id != kb.ID() {
		t.Fatalf("revoke B: %q, %v", id, err)
	}
	_, credB, err := paired(ctx, bn.d)
	if err != nil {
		t.Fatal(err)
	}
	if err := leafLogin(ctx, hub.Addr(), hub.Fingerprint(), kioskServerPrefix+kb.ID(), credB); !errors.Is(err, ErrRefused) {
		t.Errorf("B logging in after tablee venue --revoke: %v, want refused", err)
	}
	waitFor(t, "B's link closed by the running hub", leaf(kb, false))
	waitFor(t, "B no longer sourced", func() error {
		got := hubSources(t, hub)
		return saw(len(got) == 0, "sources %v", got)
	})
	if got := hubTableNames(t, hub); len(got) != 0 {
		t.Errorf("tables after revoking B: %v", got)
	}

	// A kiosk paired that never linked (tablee venue --pair on a kiosk
	// not started since) is a table of the venue too, nameless: listed,
	// and removed as the others.
	cn := newNode(t, "C")
	if err := Pair(ctx, cn.d, *p); err != nil {
		t.Fatal(err)
	}
	idC, err := cn.d.VenueID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if tables, err := hub.Tables(ctx); err != nil || len(tables) != 1 || tables[0].Kiosk != idC || tables[0].Name != "" || tables[0].Paired.IsZero() {
		t.Errorf("the hub's tables with C paired, never linked: %+v, %v", tables, err)
	}
	if tables, _ := PairedTables(ctx, hn.d, dir); len(tables) != 1 || tables[0].Kiosk != idC {
		t.Errorf("paired tables with C: %+v", tables)
	}
	if err := hub.Revoke(ctx, idC); err != nil {
		t.Fatal(err)
	}
	if tables, _ := hub.Tables(ctx); len(tables) != 0 {
		t.Errorf("the hub's tables after revoking C: %+v", tables)
	}
}

// Two writers of the credentials' file — the hub pairing a kiosk, tablee
// venue --revoke removing another — each read the file again under its
// lock before writing: neither undoes the other's change.
func TestCredentialsTwoWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), credsFile)
	now := time.Now()
	hubSide, err := openCreds(path)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, 20)
	for i := range ids {
		ids[i] = uuid.NewString()
	}
	if err := hubSide.set(ids[0], "h0", now); err != nil {
		t.Fatal(err)
	}
	// The command opens the file, then the hub pairs another kiosk
	// before the command writes.
	cli, err := openCreds(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := hubSide.set(ids[1], "h1", now); err != nil {
		t.Fatal(err)
	}
	if err := cli.set(ids[0], "", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := hubSide.refresh(); err != nil {
		t.Fatal(err)
	}
	if hubSide.get(ids[0]) != "" || hubSide.get(ids[1]) != "h1" || !hubSide.takeReloaded() {
		t.Errorf("after the command: %v", hubSide.f.Kiosks)
	}
	// Both at once, many times: every change lands.
	var wg sync.WaitGroup
	for i := 2; i < len(ids); i++ {
		s := hubSide
		if i%2 == 1 {
			s = cli
		}
		wg.Go(func() {
			if err := s.set(ids[i], fmt.Sprint("h", i), now); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	final, err := openCreds(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(final.ids()); got != len(ids)-1 {
		t.Errorf("%d kiosks in the file, want %d: %v", got, len(ids)-1, final.f.Kiosks)
	}
}

// Root writing the hub's credentials (sudo tablee venue --revoke without
// -u tablee) leaves them, and their lock, to the data directory's owner,
// who runs the hub. Only as root.
func TestCredentialsStayTheHubUsers(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	dir := filepath.Join(t.TempDir(), "hub")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	const uid, gid = 4242, 4243
	if err := os.Chown(dir, uid, gid); err != nil {
		t.Fatal(err)
	}
	s, err := openCreds(filepath.Join(dir, credsFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.set(uuid.NewString(), "h", time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{credsFile, credsFile + ".lock"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if st := fi.Sys().(*syscall.Stat_t); st.Uid != uid || st.Gid != gid || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: owner %d:%d, mode %v; want %d:%d, 0600", name, st.Uid, st.Gid, fi.Mode().Perm(), uid, gid)
		}
	}
}
