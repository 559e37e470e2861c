package venue

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// A kiosk removed from the venue (Hub.Revoke, tablee venue --revoke) is
// refused at every login; nats-server has no back-off after a refused
// login, so its leaf link would redial the hub every 250–500 ms forever, a
// TLS handshake each time (docs/venue.md, "Removing a table").
const (
	// refusalLimit is how many refused logins in a row, with no link up
	// between them, make the kiosk take itself as removed. Not one: a
	// single refusal may be a glitch at the hub, and taking a table for
	// removed costs it its link until the next probe. A restarting hub
	// refuses nothing (it reads its credentials before it listens: the
	// kiosk's dials fail instead), and a TLS error is not a refusal.
	// Five take 1–2.5 s at leafReconnect with nats-server's jitter.
	refusalLimit = 5
	// removedProbe is how often a removed kiosk asks the hub whether its
	// credential opens it again, one login of the leaf protocol
	// (leafLogin), instead of its link's four a second. Not never: a hub
	// that lost its credentials' file by mistake (a data directory
	// restored from an old backup, a hub started on an empty one) refuses
	// every table; once the file is back, each table links again within a
	// minute without anybody at the tables. A minute is the staff's
	// patience after putting the file back, and one handshake a minute
	// costs the hub nothing measurable.
	removedProbe = time.Minute
)

// removal follows the refusals of a kiosk's leaf link, from its embedded
// server's log (removal.Errorf), and says whether the hub removed the
// kiosk. It is the kiosk server's logger: nats-server reports a refused
// leaf login only there (the hub's -ERR 'Authorization Violation' is
// logged as a leaf error and the connection closed; no API holds it).
type removal struct {
	mu      sync.Mutex
	refused int       // refused logins in a row
	first   time.Time // the first of them
	removed time.Time // when the kiosk took itself as removed; zero: not

	limit chan struct{} // signalled when refused reaches refusalLimit
	// probed is signalled after each probe (tests wait on it).
	probed chan struct{}
	every  time.Duration // removedProbe; shorter in tests (under mu)
	now    func() time.Time
}

func newRemoval(now func() time.Time) *removal {
	return &removal{limit: make(chan struct{}, 1), probed: make(chan struct{}, 1), every: removedProbe, now: clock(now)}
}

// Errorf implements server.Logger: a leaf error saying the hub refused the
// login counts.
func (r *removal) Errorf(format string, v ...any) {
	if !strings.Contains(format, "Leafnode Error") {
		return
	}
	if !strings.Contains(fmt.Sprintf(format, v...), "Authorization Violation") {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.refused == 0 {
		r.first = r.now()
	}
	r.refused++
	if r.refused >= refusalLimit && r.removed.IsZero() {
		signal(r.limit)
	}
}

// Noticef, Warnf, Fatalf, Debugf and Tracef implement server.Logger:
// nothing to hear there (the kiosk's server logged nothing before). Its
// "Leafnode connection created" comes before the login, refused or not:
// the hello loop tells a link that came up (linked).
func (r *removal) Noticef(string, ...any) {}
func (r *removal) Warnf(string, ...any)   {}
func (r *removal) Fatalf(string, ...any)  {}
func (r *removal) Debugf(string, ...any)  {}
func (r *removal) Tracef(string, ...any)  {}

// linked ends a run of refusals: the hub let the kiosk in. nil: the kiosk
// is not paired.
func (r *removal) linked() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.refused = 0
	r.removed = time.Time{}
}

// state is since when the hub refuses the kiosk, and whether the kiosk
// takes itself as removed.
func (r *removal) state() (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.first, !r.removed.IsZero()
}

// Removed reports whether the hub removed this kiosk from the venue: it
// refused its credential refusalLimit times in a row. Since is when it
// first refused. The kiosk then no longer dials the hub with its link; it
// asks once every removedProbe whether its credential opens the hub again
// (a hub whose credentials' file came back), and links again if so. The
// pairing stays: the staff pair again or leave the venue (Desk).
func (k *Kiosk) Removed() (since time.Time, removed bool) {
	if k.removal == nil {
		return time.Time{}, false
	}
	return k.removal.state()
}

// watchRemoval stops the kiosk's link from dialling a hub that refuses it
// (removal) and probes the hub every removedProbe until it lets the kiosk
// in again, then lets the link dial again.
func (k *Kiosk) watchRemoval(ctx context.Context) {
	r := k.removal
	for {
		select {
		case <-ctx.Done():
			return
		case <-r.limit:
		}
		p, cred, err := paired(ctx, k.d)
		if err != nil {
			if ctx.Err() == nil {
				k.logf("venue kiosk: %v", err)
			}
			return
		}
		if err := k.setLinkDisabled(true); err != nil {
			k.logf("venue kiosk: stop dialling the hub that refuses this table: %v", err)
			continue
		}
		r.mu.Lock()
		r.removed = r.now()
		first, every := r.first, r.every
		r.mu.Unlock()
		k.logf("venue kiosk: the hub at %s refuses this table since %s: removed from the venue; asking again every %v", p.Addr, first.Format(time.TimeOnly), every)
		if !k.probeUntilLetIn(ctx, p, cred, every) {
			return
		}
		if err := k.setLinkDisabled(false); err != nil {
			k.logf("venue kiosk: dial the hub again: %v", err)
		}
		k.logf("venue kiosk: the hub at %s lets this table in again", p.Addr)
	}
}

// probeUntilLetIn logs in to the hub every until it lets the kiosk in
// (true) or ctx ends (false).
func (k *Kiosk) probeUntilLetIn(ctx context.Context, p Pairing, cred string, every time.Duration) bool {
	r := k.removal
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
		}
		err := leafLogin(ctx, p.Addr, p.Fingerprint, kioskServerPrefix+k.id, cred)
		r.mu.Lock()
		if err == nil {
			r.refused = 0
			r.removed = time.Time{}
		}
		r.mu.Unlock()
		signal(r.probed)
		switch {
		case err == nil:
			return true
		case !errors.Is(err, ErrRefused) && ctx.Err() == nil:
			// The hub is away or does not answer: the table stays
			// removed until the hub says otherwise.
			k.logf("venue kiosk: asking the hub: %v", err)
		}
	}
}

// setLinkDisabled stops (true) or resumes (false) the kiosk's leaf link to
// the hub, through a reload of its server's options: nats-server's
// Disabled remote closes the link and stops its redialling.
func (k *Kiosk) setLinkDisabled(disabled bool) error {
	// healStore reloads too (disk.go).
	k.e.optsMu.Lock()
	defer k.e.optsMu.Unlock()
	cur := k.e.opts
	opts := cur.Clone()
	// Options.Clone shares the remotes: each is copied before it changes.
	opts.LeafNode.Remotes = nil
	for _, rem := range cur.LeafNode.Remotes {
		c := *rem
		c.Disabled = disabled
		opts.LeafNode.Remotes = append(opts.LeafNode.Remotes, &c)
	}
	if err := k.e.srv.ReloadOptions(opts); err != nil {
		return fmt.Errorf("venue kiosk: link: %w", err)
	}
	k.e.opts = opts
	return nil
}

var _ server.Logger = (*removal)(nil)
