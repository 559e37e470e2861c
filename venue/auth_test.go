package venue

import (
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tablee/tablee/internal/gate"
	"github.com/tablee/tablee/internal/waittest"
	"github.com/tablee/tablee/proto/tlscert"
)

// The hub's leaf port takes only TLS, the kiosk refuses another
// certificate than the one pinned, and no machine gets in without a
// kiosk's credential: not with a pairing code as a password (the first
// slice's login), not with a live one-time code in an earlier build's
// pairing password ("pair:CODE:CREDENTIAL": the leaf port pairs no one
// now), not with a made-up credential, not once revoked.
func TestLeafSecurity(t *testing.T) {
	ctx := t.Context()
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	stranger := kioskServerPrefix + uuid.NewString()
	code := newCode(t, hub)
	if err := leafLogin(ctx, hub.Addr(), strings.Repeat("0", 64), stranger, "pair:"+code+":"+strings.Repeat("x", 43)); !errors.Is(err, tlscert.ErrMismatch) {
		t.Errorf("another certificate pinned: %v, want the mismatch", err)
	}
	for name, login := range map[string][2]string{
		"the code as password (the first slice's login)": {"tablee-kiosk", code},
		"a live code in an earlier build's pairing":      {stranger, "pair:" + code + ":" + strings.Repeat("x", 43)},
		"no user":              {"", ""},
		"a made-up credential": {stranger, strings.Repeat("x", 43)},
	} {
		if err := leafLogin(ctx, hub.Addr(), hub.Fingerprint(), login[0], login[1]); !errors.Is(err, ErrRefused) {
			t.Errorf("%s: %v, want refused", name, err)
		}
	}
	// A paired kiosk's credential lets it in, until it is revoked.
	a := newNode(t, "A")
	k := startKiosk(t, a, pairing(t, hub, hub.Addr()))
	_, cred, err := paired(ctx, a.d)
	if err != nil || cred == "" {
		t.Fatalf("credential %q, %v", cred, err)
	}
	if code, _ := a.d.VenueConfig(ctx, pairCodeKey); code != "" {
		t.Errorf("the kiosk kept the code %q", code)
	}
	if err := leafLogin(ctx, hub.Addr(), hub.Fingerprint(), kioskServerPrefix+k.ID(), cred); err != nil {
		t.Errorf("the kiosk's credential: %v", err)
	}
	if err := leafLogin(ctx, hub.Addr(), hub.Fingerprint(), stranger, cred); !errors.Is(err, ErrRefused) {
		t.Errorf("A's credential under another kiosk's name: %v, want refused", err)
	}
	waitFor(t, "A's link up", leaf(k, true))
	if err := hub.Revoke(ctx, k.ID()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "A's link closed", leaf(k, false))
	if err := leafLogin(ctx, hub.Addr(), hub.Fingerprint(), kioskServerPrefix+k.ID(), cred); !errors.Is(err, ErrRefused) {
		t.Errorf("a revoked credential: %v, want refused", err)
	}
}

// A pairing code pairs one kiosk: the same code again — a second table,
// the same table, or the code replayed by whoever saw it — is refused as
// "code already used", by the hub restarted too; a code past its 15
// minutes is refused as "code expired"; neither spends the wrong-code
// budget. (Before, the venue's one code paired any number of kiosks for
// as long as the hub lived: the audit paired a rogue kiosk six minutes
// after two real ones.) The hub lists each pairing with the table's
// name and the words the kiosk shows.
func TestPairingCodesAreUsedOnceAndExpire(t *testing.T) {
	ctx := t.Context()
	hn := newNode(t, "")
	dir := filepath.Join(hn.dir, "hub")
	// The hub's clock, moved on by the test: a code's 15 minutes pass
	// without waiting them.
	var clock atomic.Int64
	clock.Store(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC).UnixNano())
	now := func() time.Time { return time.Unix(0, clock.Load()) }
	startHub := func() *Hub {
		h, err := StartHub(ctx, HubConfig{DB: hn.d, DataDir: dir, Listen: "127.0.0.1:0", Logf: t.Logf, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(h.Close)
		testHubs.Store(h.Fingerprint(), h)
		return h
	}
	hub := startHub()
	a, b, c := newNode(t, "Table A"), newNode(t, "Table B"), newNode(t, "Table C")
	p := Pairing{Addr: hub.Addr(), PairAddr: hub.PairAddr(), Code: newCode(t, hub), Fingerprint: hub.Fingerprint(), Table: "Table A"}
	if err := Pair(ctx, a.d, p); err != nil {
		t.Fatal(err)
	}
	p.Table = "Rogue"
	for name, d := range map[string]*node{"another kiosk": b, "the same kiosk": a} {
		if err := Pair(ctx, d.d, p); !errors.Is(err, ErrCodeUsed) || !strings.Contains(err.Error(), "code already used") {
			t.Errorf("%s with a used code: %v, want %q", name, err, "code already used")
		}
	}
	if _, ok, _ := Paired(ctx, b.d); ok {
		t.Error("a refused pairing was stored")
	}
	words, err := PairingWords(ctx, a.d)
	if err != nil || words == "" {
		t.Fatalf("A's pairing words %q, %v", words, err)
	}
	notes := hub.Pairings()
	if len(notes) != 1 || notes[0].Table != "Table A" || notes[0].Words != words || notes[0].From != "127.0.0.1" || notes[0].Kiosk != mustID(t, a) {
		t.Errorf("the hub lists the pairings %+v, want Table A's alone with words %s", notes, words)
	}

	// Restarted, the hub still knows the code was used.
	hub.Close()
	hub = startHub()
	p.Addr, p.PairAddr = hub.Addr(), hub.PairAddr()
	if err := Pair(ctx, b.d, p); !errors.Is(err, ErrCodeUsed) {
		t.Errorf("a used code at the restarted hub: %v, want it used", err)
	}

	// A code a second short of its 15 minutes still pairs.
	p.Code, p.Table = newCode(t, hub), "Table C"
	clock.Add(int64(CodeLife - time.Second))
	if err := Pair(ctx, c.d, p); err != nil {
		t.Fatalf("a code %v old: %v, want it to pair", CodeLife-time.Second, err)
	}

	// A code made 15 minutes ago: expired (the hub's clock moved on).
	p.Code, p.Table = newCode(t, hub), "Rogue"
	clock.Add(int64(CodeLife + time.Second))
	for i := range gate.Burst + 1 {
		if err := Pair(ctx, b.d, p); !errors.Is(err, ErrCodeExpired) || !strings.Contains(err.Error(), "code expired") {
			t.Fatalf("try %d with an expired code: %v, want %q (and no budget spent)", i+1, err, "code expired")
		}
	}
	if len(hub.PairLockouts()) != 0 {
		t.Errorf("used and expired codes locked out %v", hub.PairLockouts())
	}
}

// A code made by tablee venue --new-code beside the running hub (another
// process writing the credentials' file) pairs at once.
func TestPairingCodeFromAnotherProcess(t *testing.T) {
	ctx := t.Context()
	hn := newNode(t, "")
	dir := filepath.Join(hn.dir, "hub")
	hub := startHubIn(t, hn, dir, "127.0.0.1:0")
	code, expires, err := NewCode(ctx, hn.d, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Until(expires); d <= CodeLife-time.Minute || d > CodeLife {
		t.Errorf("the code expires in %v, want %v", d, CodeLife)
	}
	a := newNode(t, "A")
	if err := Pair(ctx, a.d, Pairing{Addr: hub.Addr(), PairAddr: hub.PairAddr(), Code: code, Fingerprint: hub.Fingerprint()}); err != nil {
		t.Fatalf("a code made beside the hub: %v", err)
	}
	k := startKiosk(t, a, nil)
	waitFor(t, "A's link up", leaf(k, true))
}

// Wrong pairing codes use up a budget per address: after gate.Burst of
// them from one address even the right code is refused from there, with
// the wait, while the right code from another address still pairs — a
// stranger's guesses do not keep the staff from pairing a table.
func TestPairingBudget(t *testing.T) {
	ctx := t.Context()
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	right := newCode(t, hub)
	wrong := "000000"
	for wrong == right {
		wrong = fmt.Sprintf("%06d", time.Now().UnixNano()%1_000_000)
	}
	stranger := uuid.NewString()
	for i := range gate.Burst {
		err := pairWith(ctx, hub.PairAddr(), hub.Fingerprint(), stranger, "x", wrong, strings.Repeat("s", 43))
		var locked *CodeLockedError
		if !errors.Is(err, ErrRefused) || errors.As(err, &locked) != (i == gate.Burst-1) {
			t.Fatalf("wrong code %d: %v, want refused, locked by the last", i+1, err)
		}
	}
	var locked *CodeLockedError
	if err := pairWith(ctx, hub.PairAddr(), hub.Fingerprint(), stranger, "x", right, strings.Repeat("s", 43)); !errors.As(err, &locked) || locked.Wait <= 0 {
		t.Fatalf("the right code from the locked address: %v, want locked with a wait", err)
	}
	if got := hub.PairLockouts(); len(got) != 1 || got[0].From != "127.0.0.1" {
		t.Errorf("lock-outs %v, want 127.0.0.1's", got)
	}
	// The staff's table on another address of this machine.
	other := hub.PairAddr()
	_, port, _ := net.SplitHostPort(other)
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
	conn, err := dialer.DialContext(ctx, "tcp", net.JoinHostPort("127.0.0.1", port))
	if err != nil {
		t.Skipf("no second loopback address here: %v", err)
	}
	conn.Close()
	if _, err := pairVia(ctx, dialer, hub.PairAddr(), hub.Fingerprint(), pairRequest{Kiosk: uuid.NewString(), Table: "Table 1", Code: right, Credential: strings.Repeat("t", 43)}); err != nil {
		t.Fatalf("the right code from another address while one is locked out: %v", err)
	}
}

// A pairing is checked before the hub is dialled.
func TestPairingCheck(t *testing.T) {
	n := newNode(t, "T")
	fp := strings.Repeat("AB:", 31) + "AB"
	if p := (Pairing{Addr: "h:1", Code: "042731", Fingerprint: fp}).normalised(); p.Check() != nil || p.Fingerprint != strings.Repeat("ab", 32) {
		t.Errorf("normalised %+v: %v", p, p.Check())
	}
	for _, bad := range []Pairing{
		{Addr: "10.0.0.2", Code: "042731", Fingerprint: fp},
		{Addr: "10.0.0.2:7459", Code: "42731", Fingerprint: fp},
		{Addr: "10.0.0.2:7459", Code: "042731", Fingerprint: "ab"},
	} {
		if err := Pair(t.Context(), n.d, bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// A hub listening everywhere says an address of the LAN.
func TestLanIP(t *testing.T) {
	nets := func(cidrs ...string) []net.Addr {
		var out []net.Addr
		for _, c := range cidrs {
			ip, n, err := net.ParseCIDR(c)
			if err != nil {
				t.Fatal(err)
			}
			n.IP = ip
			out = append(out, n)
		}
		return out
	}
	for _, c := range []struct {
		addrs []net.Addr
		want  string
	}{
		{nets("127.0.0.1/8", "fe80::1/64", "169.254.3.4/16", "192.168.1.20/24", "10.0.0.2/8"), "192.168.1.20"},
		{nets("127.0.0.1/8", "::1/128"), "127.0.0.1"},
		{nil, "127.0.0.1"},
	} {
		if got := lanIP(c.addrs); got != c.want {
			t.Errorf("lanIP(%v) = %s, want %s", c.addrs, got, c.want)
		}
	}
}

// waitFor waits until check passes, trying it every 20 ms; after guard
// it fails with what the check last saw.
func waitFor(t *testing.T, what string, check func() error) {
	t.Helper()
	waittest.For(t, guard, 20*time.Millisecond, func() error {
		if err := check(); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		return nil
	})
}

// leaf is the check that k's leaf link to the hub is up, or down.
func leaf(k *Kiosk, up bool) func() error {
	return func() error {
		if k.LeafConnected() != up {
			return fmt.Errorf("the leaf link is connected=%v", !up)
		}
		return nil
	}
}

// saw is a check's verdict: nil when ok, else what it saw.
func saw(ok bool, format string, args ...any) error {
	if ok {
		return nil
	}
	return fmt.Errorf("saw "+format, args...)
}
