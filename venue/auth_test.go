package venue

import (
	"bufio"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/proto/tlscert"
)

// leafHandshake speaks the start of the leaf node protocol to the hub as a
// kiosk does: INFO in clear, then TLS pinned to fingerprint, then CONNECT
// with the code. It returns the first line the hub answers, or the TLS
// error.
func leafHandshake(t *testing.T, addr, fingerprint, code string) (string, error) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(guard))
	info, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(info, "INFO ") || !strings.Contains(info, `"tls_required":true`) {
		t.Fatalf("the hub's leaf port says %q, want an INFO requiring TLS", info)
	}
	tc := tls.Client(c, tlscert.PinnedConfig(fingerprint))
	if err := tc.Handshake(); err != nil {
		return "", err
	}
	fmt.Fprintf(tc, "CONNECT {\"user\":%q,\"pass\":%q,\"tls_required\":true,\"name\":\"intruder\"}\r\nPING\r\n", leafUser, code)
	line, err := bufio.NewReader(tc).ReadString('\n')
	return strings.TrimSpace(line), err
}

// The hub's leaf port takes only TLS, the kiosk refuses another
// certificate than the one pinned, and a wrong code is refused.
func TestLeafSecurity(t *testing.T) {
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	if _, err := leafHandshake(t, hub.Addr(), strings.Repeat("0", 64), hub.Code()); !errors.Is(err, tlscert.ErrMismatch) {
		t.Errorf("another certificate pinned: %v, want the mismatch", err)
	}
	wrong := "000000"
	if hub.Code() == wrong {
		wrong = "111111"
	}
	if line, _ := leafHandshake(t, hub.Addr(), hub.Fingerprint(), wrong); !strings.Contains(line, "Authorization Violation") {
		t.Errorf("a wrong code: the hub says %q, want an authorization violation", line)
	}
	if line, err := leafHandshake(t, hub.Addr(), hub.Fingerprint(), hub.Code()); strings.Contains(line, "Authorization") || err != nil {
		t.Errorf("the right code: the hub says %q, %v", line, err)
	}
}

// A pairing is checked before it is stored.
func TestPairingCheck(t *testing.T) {
	n := newNode(t, "T")
	fp := strings.Repeat("AB:", 31) + "AB"
	if err := Pair(t.Context(), n.d, Pairing{Addr: "10.0.0.2:7459", Code: "042731", Fingerprint: fp}); err != nil {
		t.Fatal(err)
	}
	p, ok, err := Paired(t.Context(), n.d)
	if !ok || err != nil || p.Fingerprint != strings.Repeat("ab", 32) || p.Code != "042731" {
		t.Errorf("stored %+v %v %v", p, ok, err)
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
