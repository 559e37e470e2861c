package venue

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/db"
)

// TableState is a paired table as the hub knows it now, for the hub's
// staff console.
type TableState struct {
	Kiosk string // the kiosk's venue id
	Name  string // its table's name, from its last hello
	// Paired is when it paired with the hub (its first hello for a kiosk
	// paired by an earlier build).
	Paired time.Time
	// LastSeen is its last hello ("check-in"): every 5 s while its link
	// is up, kept in the database at most every minute.
	LastSeen time.Time
	// Online reports whether its link to the hub is up and it said hello
	// lately.
	Online bool
	// Behind is how many events its stream holds that the venue's has not
	// copied yet, as the hub last heard (0 when its link is down: unknown).
	Behind uint64
	// Stalled reports a link that is up but whose source carried nothing
	// lately (the hub restarts it: docs/venue.md).
	Stalled bool
	// Calls are its guests' open calls for the staff, oldest first, as
	// its last hello listed them, less those answered on the hub.
	Calls []Call
	// CutOff is set while it is cut off for going over its limits
	// (limits.go): when and why.
	CutOff *CutOff
}

// Tables lists the tables paired with the hub (not those revoked), by their ids, with what the hub
// sees of each now: its last hello, its link, and whether the venue's
// stream is behind it; then, nameless, the kiosks paired that never said
// hello.
func (h *Hub) Tables(ctx context.Context) ([]TableState, error) {
	// A table removed by tablee venue --revoke is left out at once, not
	// at the next watch tick (which closes its link).
	if err := h.auth.creds.refresh(); err != nil {
		h.logf("venue hub: tables: %v", err)
	}
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		return nil, fmt.Errorf("venue hub: tables: %w", err)
	}
	linked := h.linked()
	sources := h.sourceStates(ctx)
	now := h.now()
	h.mu.Lock()
	heard := maps.Clone(h.news.heard)
	calls := map[string][]Call{}
	for id := range h.news.calls {
		calls[id] = h.openCalls(id)
	}
	h.mu.Unlock()
	cut := h.auth.creds.cutOffs()
	out := make([]TableState, 0, len(kiosks))
	for _, k := range kiosks {
		if h.auth.creds.get(k.ID) == "" {
			continue // revoked: no longer a table of the venue
		}
		t := TableState{Kiosk: k.ID, Name: k.Table, Paired: h.auth.creds.pairedAt(k.ID), LastSeen: k.LastSeen, Calls: calls[k.ID]}
		if t.Paired.IsZero() {
			t.Paired = k.FirstSeen
		}
		if at := heard[k.ID]; at.After(t.LastSeen) {
			t.LastSeen = at
		}
		if c, ok := cut[k.ID]; ok {
			t.CutOff = &c
		}
		t.Online = linked[k.ID] && now.Sub(t.LastSeen) <= helloGap
		if src, ok := sources[kioskDomain(k.ID, k.Gen)]; ok && t.Online {
			t.Behind = src.lag
			t.Stalled = src.active < 0 || src.active > staleAfter
		}
		out = append(out, t)
	}
	return append(out, h.unheard(kiosks)...), nil
}

// linked is the kiosks whose leaf link is up now, by id.
func (h *Hub) linked() map[string]bool {
	linked := map[string]bool{}
	if lz, err := h.e.srv.Leafz(nil); err == nil {
		for _, l := range lz.Leafs {
			if id, ok := strings.CutPrefix(l.Name, kioskServerPrefix); ok {
				linked[id] = true
			}
		}
	}
	return linked
}

// sourceState is what the venue stream says of one of its sources.
type sourceState struct {
	lag    uint64
	active time.Duration
}

// sourceStates is the venue stream's sources now, by kiosk domain; none
// if the stream does not say.
func (h *Hub) sourceStates(ctx context.Context) map[string]sourceState {
	sources := map[string]sourceState{}
	if s, err := h.e.js.Stream(ctx, VenueStream); err == nil {
		if info, err := s.Info(ctx); err == nil {
			for _, src := range info.Sources {
				if src.External != nil {
					domain := strings.TrimSuffix(strings.TrimPrefix(src.External.APIPrefix, "$JS."), ".API")
					sources[domain] = sourceState{lag: src.Lag, active: src.Active}
				}
			}
		}
	}
	return sources
}

// unheard are the kiosks paired whose link never came up (paired with
// tablee venue --pair on a kiosk not started since), sorted: not among
// kiosks, no name yet, but a credential the staff may want to remove.
func (h *Hub) unheard(kiosks []db.VenueKiosk) []TableState {
	known := make(map[string]bool, len(kiosks))
	for _, k := range kiosks {
		known[k.ID] = true
	}
	var unheard []string
	for _, id := range h.auth.creds.ids() {
		if !known[id] {
			unheard = append(unheard, id)
		}
	}
	slices.Sort(unheard)
	out := make([]TableState, 0, len(unheard))
	for _, id := range unheard {
		out = append(out, TableState{Kiosk: id, Paired: h.auth.creds.pairedAt(id)})
	}
	return out
}
