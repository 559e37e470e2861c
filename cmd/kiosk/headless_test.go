package main

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
)

// lineWriter hands each line written to a channel.
type lineWriter struct{ lines chan string }

func (w lineWriter) Write(p []byte) (int, error) {
	w.lines <- strings.TrimSuffix(string(p), "\n")
	return len(p), nil
}

var _ io.Writer = lineWriter{}

func TestTheCodeLineIsPrintedAgainWhenTheCodeChanges(t *testing.T) {
	var mu sync.Mutex
	code := "111111"
	fields := func() [][2]string {
		mu.Lock()
		defer mu.Unlock()
		return [][2]string{{"code", code}, {"addr", "127.0.0.1:7457"}, {"fingerprint", "ab"}, {"web", "http://x/"}}
	}
	out := lineWriter{lines: make(chan string, 4)}
	a := &announcer{w: out, fields: fields}
	a.print()
	if got := <-out.lines; got != "code=111111 addr=127.0.0.1:7457 fingerprint=ab web=http://x/" {
		t.Fatalf("first line %q", got)
	}
	changed := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go a.follow(ctx, changed)
	changed <- struct{}{} // a seat changed, the code did not: no line
	mu.Lock()
	code = "222222"
	mu.Unlock()
	changed <- struct{}{}
	if got := <-out.lines; !strings.HasPrefix(got, "code=222222 ") {
		t.Fatalf("line after the change %q", got)
	}
	select {
	case extra := <-out.lines:
		t.Fatalf("a line for a change that kept the code: %q", extra)
	default:
	}
}
