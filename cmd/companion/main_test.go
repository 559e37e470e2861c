package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/kiosk/kiosktest"
)

// syncBuffer is a buffer the client's goroutines may log to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func runCompanion(args ...string) (code int, stdout, stderr string) {
	var out, errs syncBuffer
	code = run(args, &out, &errs)
	return code, out.String(), errs.String()
}

func TestHeadlessPlaysTheGameToTheEnd(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	type res struct {
		code        int
		out, stderr string
	}
	results := make(chan res, 2)
	// Anja types the address, fingerprint and code; Bob passes the QR
	// code's link alone, which carries all three.
	link := tb.Kiosk().JoinInfo("127.0.0.1").String()
	for name, where := range map[string][]string{
		"Anja": {"--addr", tb.Addr, "--fingerprint", tb.Fingerprint, "--code", tb.Code()},
		"Bob":  {"--code", link},
	} {
		go func() {
			code, out, errs := runCompanion(append(where, "--headless", "--name", name, "--bot", "default", "--seed", "7")...)
			results <- res{code, out, errs}
		}()
	}
	for range 2 {
		r := <-results
		if r.code != exitOK || !strings.HasPrefix(r.out, "result: winners [") || !strings.Contains(r.stderr, "joined Table 1 as seat") {
			t.Errorf("exit %d\nstdout %s\nstderr %s", r.code, r.out, r.stderr)
		}
	}
}

func TestHeadlessCannotJoin(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	base := []string{"--headless", "--addr", tb.Addr, "--name", "Anja"}
	cases := map[string][]string{
		"wrong-code": append(base, "--code", tb.WrongCode(), "--fingerprint", tb.Fingerprint),
		// Another table's certificate.
		"does not match its published fingerprint": append(base, "--code", tb.Code(), "--fingerprint", kiosktest.Open(t, canoe.ID, 2).Fingerprint),
	}
	for want, args := range cases {
		code, _, errs := runCompanion(args...)
		if code != exitFailed || !strings.Contains(errs, want) {
			t.Errorf("%s: exit %d, stderr %s", want, code, errs)
		}
	}
}

func TestBadFlagsAreUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--headless", "--table", "T"},
		{"--headless", "--code", "0427", "--name", "A"},
		{"--headless", "--code", "0427", "--name", "A", "--addr", "127.0.0.1:1"},
		{"--headless", "--nope"},
		{"--headless", "--code", "http://127.0.0.1:7458/#c=123456", "--name", "A"}, // a link without its key and port
		{"--headless", "--code", "0427", "--name", "A", "--table", "T", "extra"},
	} {
		if code, _, _ := runCompanion(args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

func TestInterruptLeavesTheTable(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	o, err := parse([]string{"--headless", "--addr", tb.Addr, "--fingerprint", tb.Fingerprint, "--code", tb.Code(), "--name", "Anja"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel) // alone at the table: waits for an opponent
	var out, errs syncBuffer
	if code := playHeadless(ctx, o.cfg, &out, &errs); code != exitInterrupted || !strings.Contains(errs.String(), "interrupted") {
		t.Errorf("exit %d, stderr %s", code, errs.String())
	}
}
