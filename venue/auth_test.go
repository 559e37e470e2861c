package venue

import (
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tablee/tablee/internal/gate"
	"github.com/tablee/tablee/internal/waittest"
	"github.com/tablee/tablee/proto/tlscert"
)

// The hub's leaf port takes only TLS, the kiosk refuses another
// certificate than the one pinned, and no machine gets in without a
// kiosk's credential: not with the venue's code as a password, not with a
// made-up credential, not once revoked.
func TestLeafSecurity(t *testing.T) {
	ctx := t.Context()
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	stranger := kioskServerPrefix + uuid.NewString()
	if err := leafLogin(ctx, hub.Addr(), strings.Repeat("0", 64), stranger, pairPrefix+hub.Code()+":"+strings.Repeat("x", 43)); !errors.Is(err, tlscert.ErrMismatch) {
		t.Errorf("another certificate pinned: %v, want the mismatch", err)
	}
	for name, login := range map[string][2]string{
		"the code as password (the first slice's login)": {"tablee-kiosk", hub.Code()},
		"no user":              {"", ""},
		"a made-up credential": {stranger, strings.Repeat("x", 43)},
	} {
		if err := leafLogin(ctx, hub.Addr(), hub.Fingerprint(), login[0], login[1]); !errors.Is(err, ErrRefused) {
			t.Errorf("%s: %v, want refused", name, err)
		}
	}
	// A paired kiosk's credential lets it in, until it is revoked.
	a := newNode(t, "A")
	k := startKiosk(t, a, &Pairing{Addr: hub.Addr(), Code: hub.Code(), Fingerprint: hub.Fingerprint()})
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

// Wrong pairing codes use up a budget kept in the hub's data directory: after
// gate.Burst of them even the right code is refused, also by the hub
// restarted on its data directory.
func TestPairingBudget(t *testing.T) {
	ctx := t.Context()
	hn := newNode(t, "")
	hub := startHub(t, hn, "127.0.0.1:0")
	a := newNode(t, "A")
	wrong := "000000"
	if hub.Code() == wrong {
		wrong = "111111"
	}
	pair := Pairing{Addr: hub.Addr(), Code: wrong, Fingerprint: hub.Fingerprint()}
	for i := range gate.Burst {
		if err := Pair(ctx, a.d, pair); !errors.Is(err, ErrRefused) {
			t.Fatalf("wrong code %d: %v, want refused", i+1, err)
		}
	}
	if _, ok, _ := Paired(ctx, a.d); ok {
		t.Fatal("a refused pairing was stored")
	}
	pair.Code = hub.Code()
	if err := Pair(ctx, a.d, pair); !errors.Is(err, ErrRefused) {
		t.Fatalf("the right code after %d wrong ones: %v, want refused", gate.Burst, err)
	}
	hub.Close()
	hub = startHubIn(t, hn, filepath.Join(hn.dir, "hub"), "127.0.0.1:0")
	pair.Addr = hub.Addr()
	if err := Pair(ctx, a.d, pair); !errors.Is(err, ErrRefused) {
		t.Fatalf("the right code at the restarted hub: %v, want refused (the budget is kept)", err)
	}
	if hub.auth.creds.f.WrongUntil.IsZero() {
		t.Error("no budget in the hub's credentials file")
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
