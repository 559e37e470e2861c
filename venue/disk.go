package venue

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// A full disk (issue 42): nats-server's file store, on its first write
// error ("no space left on device"), refuses every write after it until
// the store is opened again, which nats-server does only when JetStream
// starts; a hub with its data directory full stayed wedged after the space
// returned, until restarted. So each node's server logs through storeHealth,
// which notices the store's write errors; the node says so (the hub's
// console, the kiosk's desk and both logs), keeps its tables playing (a
// kiosk's database is its own; the hub only copies), and looks every watch
// tick whether its store can be written again (a small file written,
// synced and removed there): then it restarts its server's JetStream in
// place, the links to the kiosks kept, and its loader.

// storeHealth is a server's logger that notices its store's write errors,
// passing every line on to next (nil: none).
type storeHealth struct {
	mu    sync.Mutex
	next  server.Logger
	err   string    // the store's last write error, "" while it writes
	since time.Time // when it began
	now   func() time.Time
}

// storeWriteError reports whether a server's error line is its store's
// refusal to write (nats-server v2.15.2's texts: a file store's "Critical
// write error", or a write that found no space).
func storeWriteError(line string) bool {
	return strings.Contains(line, "Critical write error") || strings.Contains(line, "no space left on device")
}

func (h *storeHealth) setNext(l server.Logger) {
	h.mu.Lock()
	h.next = l
	h.mu.Unlock()
}

func (h *storeHealth) forward(f func(server.Logger)) {
	h.mu.Lock()
	next := h.next
	h.mu.Unlock()
	if next != nil {
		f(next)
	}
}

// notice keeps a server's line if it is its store's refusal to write.
func (h *storeHealth) notice(format string, v ...any) {
	line := fmt.Sprintf(format, v...)
	if !storeWriteError(line) {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.err == "" {
		h.since = h.now()
	}
	h.err = line
}

func (h *storeHealth) Errorf(format string, v ...any) {
	h.notice(format, v...)
	h.forward(func(l server.Logger) { l.Errorf(format, v...) })
}

func (h *storeHealth) Warnf(format string, v ...any) {
	h.notice(format, v...)
	h.forward(func(l server.Logger) { l.Warnf(format, v...) })
}

func (h *storeHealth) Noticef(format string, v ...any) {
	h.forward(func(l server.Logger) { l.Noticef(format, v...) })
}
func (h *storeHealth) Fatalf(format string, v ...any) {
	h.forward(func(l server.Logger) { l.Fatalf(format, v...) })
}
func (h *storeHealth) Debugf(format string, v ...any) {
	h.forward(func(l server.Logger) { l.Debugf(format, v...) })
}
func (h *storeHealth) Tracef(format string, v ...any) {
	h.forward(func(l server.Logger) { l.Tracef(format, v...) })
}

var _ server.Logger = (*storeHealth)(nil)

// problem is the store's write error and since when, "" while it writes.
func (h *storeHealth) problem() (string, time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err, h.since
}

// probeSize is what the probe writes: a message block's worth is more than
// a venue event needs.
const probeSize = 256 << 10

// writable reports whether dir can take probeSize bytes, synced, again.
func writable(dir string) error {
	path := filepath.Join(dir, ".tablee-probe")
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	_, werr := f.Write(make([]byte, probeSize))
	serr := f.Sync()
	cerr := f.Close()
	rerr := os.Remove(path)
	return errors.Join(werr, serr, cerr, rerr)
}

// StoreProblem is the store's write error, when the node's store cannot
// be written (a full disk), and since when; "" while it writes.
type StoreProblem struct {
	Err   string
	Since time.Time
}

// healStore restarts the server's JetStream once its store, which had
// refused to write, can be written again; it reports whether it did.
// restart is called after, to start again what used the old JetStream
// (the loader).
func (e *embedded) healStore(logf func(string, ...any), who string, restart func() error) bool {
	msg, since := e.health.problem()
	if msg == "" {
		return false
	}
	if err := writable(e.opts.StoreDir); err != nil {
		return false // still full: the next tick looks again
	}
	e.optsMu.Lock()
	off := e.opts.Clone()
	off.JetStream = false
	on := e.opts.Clone()
	err := e.srv.ReloadOptions(off)
	if err == nil {
		err = e.srv.ReloadOptions(on)
	}
	if err == nil {
		e.opts = on
	}
	e.optsMu.Unlock()
	if err == nil && !e.srv.JetStreamEnabled() {
		err = errors.New("JetStream did not start again")
	}
	if err != nil {
		logf("%s: the store can be written again, but JetStream did not restart: %v (restart the service)", who, err)
		return false
	}
	e.health.mu.Lock()
	e.health.err = ""
	e.health.mu.Unlock()
	logf("%s: the store can be written again (it could not since %s: %s): JetStream restarted", who, since.Format(time.TimeOnly), msg)
	if restart != nil {
		if err := restart(); err != nil {
			logf("%s: after the store's restart: %v", who, err)
		}
	}
	return true
}

// StoreProblem reports that the hub's store cannot be written (a full
// disk): the console says so. The tables play on, on their own databases,
// and send what they finish once the hub writes again.
func (h *Hub) StoreProblem() (StoreProblem, bool) {
	msg, since := h.e.health.problem()
	return StoreProblem{Err: msg, Since: since}, msg != ""
}

// healStore restarts the hub's JetStream and loader once its store can be
// written again (embedded.healStore).
func (h *Hub) healStore(ctx context.Context) {
	h.e.healStore(h.logf, "venue hub", func() error { return h.load.restart(ctx) })
}

// StoreProblem reports that the kiosk's venue store cannot be written (a
// full disk): its desk says so. The table plays on; its finished games
// wait in its database's outbox.
func (k *Kiosk) StoreProblem() (StoreProblem, bool) {
	msg, since := k.e.health.problem()
	return StoreProblem{Err: msg, Since: since}, msg != ""
}

// healStore restarts the kiosk's JetStream and its mirror's loader once
// its store can be written again.
func (k *Kiosk) healStore(ctx context.Context) {
	k.e.healStore(k.logf, "venue kiosk", func() error {
		k.mu.Lock()
		l := k.load
		k.mu.Unlock()
		if l == nil {
			return nil
		}
		return l.restart(ctx)
	})
}
