package main

import (
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/proto/wire"
)

// The look-alike of TestAnotherStacksLookAlikeIsFlaggedAsATwin: the same
// name as people read it (capitals, a doubled space, accents decomposed),
// another certificate, another address.
const (
	twinName = "CAFE\u0301  LUMIE\u0300RE"
	twinFP   = "6666666666666666666666666666666666666666666666666666666666666666"
	twinIP   = "10.99.0.3"
)

// Issue 27 item 6: a machine posing as a table, announced by an mDNS
// stack other than the kiosk's (a responder written here from RFC 6762,
// not zeroconf), with a name that reads like the real one. The kiosk
// "Café Lumière" runs in one namespace; a phone in the other finds it by
// that name — and, once the look-alike answers too, refuses to pick one
// and says several tables publish the name.
func TestAnotherStacksLookAlikeIsFlaggedAsATwin(t *testing.T) {
	kiosk, companion := binaries(t)
	nsA, nsB := netns(t)
	dir := t.TempDir()
	startKiosk(t, "ip", "netns", "exec", nsA, kiosk, "--headless", "--db", filepath.Join(dir, "t.db"),
		"--name", "Café Lumière", "--game", "canoe", "--seats", "2")
	find := func() (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		out, err := exec.CommandContext(ctx, "ip", "netns", "exec", nsB, companion, "--headless",
			"--table", "Café Lumière", "--code", "000000", "--name", "P", "--find-timeout", "20s").CombinedOutput()
		return string(out), err
	}
	// The real table alone: found by its French name (the join then fails:
	// the code is wrong on purpose).
	out, _ := find()
	if !strings.Contains(out, "found Café Lumière at [10.99.0.1:") {
		t.Fatalf("the phone did not find the table alone:\n%s", out)
	}

	// The look-alike, at an address of the kiosk's link made for it.
	va := "vta" + fmt.Sprint(os.Getpid()%100000)
	if b, err := exec.Command("ip", "-n", nsA, "addr", "add", twinIP+"/24", "dev", va).CombinedOutput(); err != nil {
		t.Fatalf("ip addr add: %v: %s", err, b)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	twin := exec.Command("ip", "netns", "exec", nsA, self, "-test.run", "^TestLookAlikeResponder$")
	twin.Env = append(os.Environ(), "TABLEE_TWIN_IFACE="+va)
	twinLog := filepath.Join(dir, "twin.log")
	lf, _ := os.Create(twinLog)
	twin.Stdout, twin.Stderr = lf, lf
	if err := twin.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { twin.Process.Kill(); twin.Wait() })

	out, err = find()
	if err == nil || !strings.Contains(out, "several tables publish this name") || !strings.Contains(out, "2 tables") {
		data, _ := os.ReadFile(twinLog)
		t.Fatalf("with the look-alike answering, the phone said (%v):\n%s\nthe look-alike's log:\n%s", err, out, data)
	}
}

// TestLookAlikeResponder is the look-alike's mDNS responder, run by
// TestAnotherStacksLookAlikeIsFlaggedAsATwin in the kiosk's namespace; it
// does nothing in a plain test run. It answers every query that names
// _tablee._tcp, and announces itself once at the start, with one
// multicast response holding the PTR, SRV, TXT and A records.
func TestLookAlikeResponder(t *testing.T) {
	name := os.Getenv("TABLEE_TWIN_IFACE")
	if name == "" {
		t.Skip("the look-alike's responder, for TestAnotherStacksLookAlikeIsFlaggedAsATwin")
	}
	ifi, err := net.InterfaceByName(name)
	if err != nil {
		t.Fatal(err)
	}
	group := &net.UDPAddr{IP: net.IPv4(224, 0, 0, 251), Port: 5353}
	conn, err := net.ListenMulticastUDP("udp4", ifi, group)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	answer := lookAlikeAnswer()
	if _, err := conn.WriteToUDP(answer, group); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 9000)
	for {
		n, from, err := conn.ReadFromUDP(buf)
		if err != nil {
			t.Fatal(err)
		}
		// A query (QR bit clear) that names the service.
		if n < 12 || buf[2]&0x80 != 0 || !strings.Contains(string(buf[:n]), "_tablee") {
			continue
		}
		t.Logf("query from %v: answering", from)
		if _, err := conn.WriteToUDP(answer, group); err != nil {
			t.Fatal(err)
		}
	}
}

// lookAlikeAnswer is the look-alike's mDNS response, written byte by
// byte (RFC 1035 §4.1, RFC 6762 §18): no name compression.
func lookAlikeAnswer() []byte {
	name := func(labels ...string) []byte {
		var b []byte
		for _, l := range labels {
			b = append(b, byte(len(l)))
			b = append(b, l...)
		}
		return append(b, 0)
	}
	rr := func(owner []byte, typ, class uint16, data []byte) []byte {
		b := append([]byte{}, owner...)
		b = binary.BigEndian.AppendUint16(b, typ)
		b = binary.BigEndian.AppendUint16(b, class)
		b = binary.BigEndian.AppendUint32(b, 120) // TTL
		b = binary.BigEndian.AppendUint16(b, uint16(len(data)))
		return append(b, data...)
	}
	const typeA, typePTR, typeTXT, typeSRV = 1, 12, 16, 33
	const in, flush = 1, 0x8001 // class IN; IN with the cache-flush bit
	service := name("_tablee", "_tcp", "local")
	instance := name("cafe-lumiere", "_tablee", "_tcp", "local")
	host := name("look-alike", "local")
	var txt []byte
	for _, s := range []string{fmt.Sprintf("v=%d", wire.Version), "name=" + twinName, "game=canoe", "free=2", "fp=" + twinFP} {
		txt = append(txt, byte(len(s)))
		txt = append(txt, s...)
	}
	srv := binary.BigEndian.AppendUint16(nil, 0)   // priority
	srv = binary.BigEndian.AppendUint16(srv, 0)    // weight
	srv = binary.BigEndian.AppendUint16(srv, 7457) // port
	srv = append(srv, host...)
	msg := []byte{0, 0, 0x84, 0, 0, 0, 0, 4, 0, 0, 0, 0} // id 0, response, authoritative; 4 answers
	msg = append(msg, rr(service, typePTR, in, instance)...)
	msg = append(msg, rr(instance, typeSRV, flush, srv)...)
	msg = append(msg, rr(instance, typeTXT, flush, txt)...)
	return append(msg, rr(host, typeA, flush, net.ParseIP(twinIP).To4())...)
}
