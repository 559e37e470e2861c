package venue

import (
	"context"
	"strings"
	"time"
)

// Watchdog timing. A source's consumer sends a heartbeat every second, so
// a source silent for staleAfter while its kiosk's leaf link is up has
// stalled; it is restarted at most every kickEvery. Sources and mirrors
// stall when a link comes back, so the watchdogs look every watchEvery for
// hotFor after the number of leaf links changed, and every slowEvery
// otherwise (looking costs a stream info request: looking every second
// all day tripled the idle CPU).
const (
	watchEvery = time.Second
	staleAfter = 3 * time.Second
	// stallAfter is how long a source or mirror may be silent when a
	// watchdog looks on its own (not after a link came back): a source
	// busy with a catch-up on a loaded machine can miss heartbeats for
	// more than staleAfter, and restarting it then made it slower (a
	// restart updates the stream, which scans it back; a mirror made
	// again copies the whole venue stream). nats-server retries a source
	// silent for 10 s itself.
	stallAfter = 10 * time.Second
	kickEvery  = 5 * time.Second
	// freshKickEvery is kickEvery for a kiosk's fresh hellos (mayKick).
	freshKickEvery = time.Second
	// freshSilence is how long a source or mirror may be silent when its
	// link has just come up: a heartbeat and a half.
	freshSilence = 1500 * time.Millisecond
	hotFor       = 30 * time.Second
	slowEvery    = 30 * time.Second
)

// coolEvery is how often a cool watchdog wakes to see whether the number
// of leaf links changed (it looks at the streams only every slowEvery): a
// ticker every second was a wake-up of every idle node every second.
const coolEvery = 5 * time.Second

// pacer decides when a watchdog looks.
type pacer struct {
	leafs          int
	hotUntil, last time.Time
}

// wait is how long to sleep before asking due again.
func (p *pacer) wait(now time.Time) time.Duration {
	if now.Before(p.hotUntil) {
		return watchEvery
	}
	return coolEvery
}

// due reports whether to look now, given the number of leaf links.
func (p *pacer) due(now time.Time, leafs int) bool {
	if leafs != p.leafs {
		p.leafs = leafs
		p.hotUntil = now.Add(hotFor)
	}
	if leafs == 0 {
		return false
	}
	if now.Before(p.hotUntil) || now.Sub(p.last) >= slowEvery {
		p.last = now
		return true
	}
	return false
}

// watch restarts the sources that stalled while their kiosk is connected.
// nats-server waits 30 s for the answer to a source's consumer request
// sent while the kiosk was away (after a hub restart: before the kiosks'
// leaf links are back), then backs off 10 s more: the 40 s the issue
// measured. A source removed and added again is set up at once, from the
// last event the venue stream holds from it.
func (h *Hub) watch(ctx context.Context) {
	t := time.NewTimer(watchEvery)
	defer t.Stop()
	var p pacer
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		// A table removed by tablee venue --revoke while the hub runs:
		// a stat of the credentials' file each tick.
		h.dropRevoked(ctx)
		h.healStore(ctx)
		h.checkCopy(ctx)
		now := h.now()
		due := p.due(now, h.e.srv.NumLeafNodes())
		t.Reset(p.wait(now))
		if !due {
			continue
		}
		for _, id := range h.stalled(ctx) {
			h.mu.Lock()
			added := h.src.added[id]
			h.mu.Unlock()
			// A source just added has not had time to hear from its
			// kiosk.
			h.mu.Lock()
			heard := h.news.heard[id]
			h.mu.Unlock()
			// A kiosk not heard lately is behind a dead link: a source
			// restarted now would wait 30 s; its next hello restarts it.
			if now.Sub(added) < stallAfter || now.Sub(heard) > helloGap || !h.mayKick(id, now, false, 0) {
				continue
			}
			if err := h.kick(ctx, id); err != nil && ctx.Err() == nil {
				h.logf("venue hub: restart the source of kiosk %s: %v", id, err)
			}
		}
	}
}

// stalled lists the kiosks connected now whose source is silent.
func (h *Hub) stalled(ctx context.Context) []string {
	lz, err := h.e.srv.Leafz(nil)
	if err != nil {
		return nil
	}
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		return nil
	}
	gens := map[string]int{}
	for _, k := range kiosks {
		gens[k.ID] = k.Gen
	}
	connected := map[string]string{} // domain → kiosk id
	for _, l := range lz.Leafs {
		if id, ok := strings.CutPrefix(l.Name, kioskServerPrefix); ok {
			connected[kioskDomain(id, gens[id])] = id
		}
	}
	s, err := h.e.js.Stream(ctx, VenueStream)
	if err != nil {
		return nil
	}
	info, err := s.Info(ctx)
	if err != nil {
		return nil
	}
	var out []string
	for _, src := range info.Sources {
		if src.External == nil {
			continue
		}
		domain := strings.TrimSuffix(strings.TrimPrefix(src.External.APIPrefix, "$JS."), ".API")
		id, ok := connected[domain]
		if ok && (src.Active < 0 || src.Active > stallAfter) {
			out = append(out, id)
		}
	}
	return out
}
