package discovery

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"
)

func loopback(t *testing.T) Scope {
	t.Helper()
	ifaces, err := net.Interfaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range ifaces {
		if i.Flags&net.FlagLoopback != 0 && i.Flags&net.FlagUp != 0 {
			return Scope{Ifaces: []net.Interface{i}, IPs: []string{"127.0.0.1"}}
		}
	}
	t.Skip("no loopback interface up")
	return Scope{}
}

func TestTXTRoundTrip(t *testing.T) {
	in := Kiosk{Name: "Table 1", Proto: 1, Game: "canyon", Free: 3, Fingerprint: strings.Repeat("ab", 32)}
	out, err := parseTXT(in.txt())
	if err != nil || out.Name != in.Name || out.Game != in.Game || out.Free != 3 || out.Fingerprint != in.Fingerprint || out.Proto != 1 {
		t.Fatalf("%+v, %v", out, err)
	}
	if _, err := parseTXT([]string{"name=x"}); err == nil {
		t.Fatal("incomplete record accepted")
	}
}

func TestAdvertisedTableIsFoundOnLoopback(t *testing.T) {
	scope := loopback(t)
	fp := strings.Repeat("0f", 32)
	a, err := Advertise(Kiosk{Name: "Table loopback", Proto: 1, Game: "canoe", Free: 2, Fingerprint: fp}, 45678, scope)
	if err != nil {
		t.Skipf("mDNS not available here: %v", err)
	}
	defer a.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	found, err := Find(ctx, "Table loopback", Scope{Ifaces: scope.Ifaces})
	if err != nil {
		t.Fatal(err)
	}
	if found.Fingerprint != fp || found.Game != "canoe" || found.Free != 2 || len(found.Addrs) == 0 || found.Addrs[0] != "127.0.0.1:45678" {
		t.Fatalf("found %+v", found)
	}
}

func TestUpdatesAreSeenAndCloseWithdraws(t *testing.T) {
	scope := loopback(t)
	fp := strings.Repeat("1e", 32)
	a, err := Advertise(Kiosk{Name: "Table change", Proto: 1, Free: 3, Fingerprint: fp}, 45679, scope)
	if err != nil {
		t.Skipf("mDNS not available here: %v", err)
	}
	if err := a.Update(Kiosk{Name: "Table change", Proto: 1, Game: "canaille", Free: 1, Fingerprint: fp}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	found, err := Find(ctx, "Table change", Scope{Ifaces: scope.Ifaces})
	if err != nil || found.Free != 1 || found.Game != "canaille" {
		t.Fatalf("after the update: %+v, %v", found, err)
	}
	a.Close()
	tables, err := Browse(context.Background(), 1500*time.Millisecond, Scope{Ifaces: scope.Ifaces})
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range tables {
		if tb.Name == "Table change" {
			t.Fatal("the table still answers after Close")
		}
	}
}

func TestTablesWithTheSameNameAreTwins(t *testing.T) {
	fp := func(c string) string { return strings.Repeat(c, 64) }
	tables := sorted([]Kiosk{
		{Name: "Table 2", Fingerprint: fp("b")},
		{Name: "Table 1", Fingerprint: fp("c")},
		{Name: "Table 1", Fingerprint: fp("a")},
	})
	if tables[0].Fingerprint != fp("a") || tables[1].Fingerprint != fp("c") || tables[2].Name != "Table 2" {
		t.Fatalf("order %+v", tables)
	}
	if tables[0].Twins != 1 || tables[1].Twins != 1 || tables[2].Twins != 0 {
		t.Errorf("twins %d %d %d, want 1 1 0", tables[0].Twins, tables[1].Twins, tables[2].Twins)
	}
	if _, ok, err := named(tables, "Table 1"); !ok || !errors.Is(err, ErrTwins) {
		t.Errorf("Find among twins: %v, %v; want ErrTwins", ok, err)
	}
	if got, ok, err := named(tables, "Table 2"); !ok || err != nil || got.Fingerprint != fp("b") {
		t.Errorf("Find Table 2: %+v %v %v", got, ok, err)
	}
	if _, ok, _ := named(tables, "Table 9"); ok {
		t.Error("found a table nobody publishes")
	}
}

// TestNamesAsPeopleWriteThem is issue 27's sixth finding: the DNS library
// under zeroconf hands TXT strings over escaped (\DDD), so a French name
// was listed as "Caf\195\169" and never found by name.
func TestNamesAsPeopleWriteThem(t *testing.T) {
	fp := strings.Repeat("ab", 32)
	escaped := []string{`v=2`, `name=Caf\195\169 Lumi\195\168re \240\159\142\178 \"1\" \\`, `fp=` + fp}
	got, err := parseTXT(escaped)
	if err != nil || got.Name != `Café Lumière 🎲 "1" \` {
		t.Fatalf("parsed %q, %v", got.Name, err)
	}
	// Decomposed accents (another stack's), capitals and doubled spaces
	// read the same to a guest: twins, and found by the name typed.
	tables := sorted([]Kiosk{
		{Name: "Café Lumière", Fingerprint: strings.Repeat("a", 64)},
		{Name: "CAFE\u0301  lumière", Fingerprint: strings.Repeat("b", 64)},
	})
	if tables[0].Twins != 1 || tables[1].Twins != 1 {
		t.Errorf("look-alikes not twins: %+v", tables)
	}
	if _, ok, err := named(tables, "café lumière"); !ok || !errors.Is(err, ErrTwins) {
		t.Errorf("Find among look-alikes: %v %v", ok, err)
	}
}

func TestAFrenchNameIsFoundOnLoopback(t *testing.T) {
	scope := loopback(t)
	fp := strings.Repeat("2d", 32)
	const name = "Café Lumière 🎲"
	a, err := Advertise(Kiosk{Name: name, Proto: 1, Free: 2, Fingerprint: fp}, 45680, scope)
	if err != nil {
		t.Skipf("mDNS not available here: %v", err)
	}
	defer a.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	found, err := Find(ctx, name, Scope{Ifaces: scope.Ifaces})
	if err != nil || found.Name != name || found.Fingerprint != fp {
		t.Fatalf("found %+v, %v", found, err)
	}
}
