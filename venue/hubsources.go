package venue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
)

// sourceStale reports whether the venue stream's source in a kiosk's
// domain has not heard from it for staleAfter: a kiosk whose hello comes
// through while its source is silent had its link back without noticing
// it lost it (a partition shorter than the pings' timeout).
func (h *Hub) sourceStale(ctx context.Context, domain string) bool {
	s, err := h.e.js.Stream(ctx, VenueStream)
	if err != nil {
		return false
	}
	info, err := s.Info(ctx)
	if err != nil {
		return false
	}
	for _, src := range info.Sources {
		if src.External != nil && src.External.APIPrefix == "$JS."+domain+".API" {
			return src.Active < 0 || src.Active > staleAfter
		}
	}
	return false
}

// mayKick reports whether kiosk id's source may be restarted at now (at
// most once every kickEvery), and notes it if so.
//
// A fresh hello (a new link) may restart it again after freshKickEvery: a
// kiosk restarted within kickEvery of the last restart (kiosk --headless
// --exit-when-over in a loop: a new server, a new link each game) left its
// source waiting for a consumer in the server that had gone, 30 s, and its
// games reached the venue only at its next start (issue 42).
//
// And a fresh hello over a link the source was not restarted for yet
// restarts it whenever it comes (link: the kiosk's leaf connection's id
// at this server, 0 if unknown): a new link is a new kiosk server, and the
// source's consumer lived in the old one. Limited by time alone, a kiosk
// that started again within freshKickEvery of the last restart (a game
// and its exit take a fraction of a second) kept a source waiting for the
// consumer that had gone — every other run of a kiosk restarted in a
// loop waited out Settle's 10 s (TestSettleAfterQuickRestarts).
func (h *Hub) mayKick(id string, now time.Time, fresh bool, link uint64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	every := kickEvery
	if fresh {
		every = freshKickEvery
	}
	newLink := fresh && link != 0 && link != h.src.kickedLink[id]
	if !newLink && now.Sub(h.src.kicked[id]) < every {
		return false
	}
	h.src.kicked[id] = now
	if fresh && link != 0 {
		h.src.kickedLink[id] = link
	}
	return true
}

// updateSources makes the venue stream source every kiosk the database
// knows that said hello since the hub started: a hub rebuilt from scratch
// re-sources each kiosk's stream from its start once the kiosk says hello
// again. A source set up before its kiosk's link is there sends its
// consumer request nowhere and waits 30 s for the answer (nats-server's
// srcConsumerWaitTime): at start, before any link, the stream sources
// nothing, and each kiosk's first hello adds its source — one update of
// the stream each, where restarting a stalled source costs two, and each
// update scans the stream back for the sources' positions (a sixth of a
// 100,000-event rebuild's CPU with two).
func (h *Hub) updateSources(ctx context.Context) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		return err
	}
	_, err = h.e.js.CreateOrUpdateStream(ctx, h.streamConfig(kiosks, ""))
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("venue hub: venue stream: %w", err)
	}
	return err
}

// streamConfig is the venue stream sourcing the live kiosks among
// kiosks, except the one whose id is left out ("" for none). h.mu is held.
func (h *Hub) streamConfig(kiosks []db.VenueKiosk, leftOut string) jetstream.StreamConfig {
	cfg := jetstream.StreamConfig{
		Name:        VenueStream,
		Description: "every table's events, sourced from the kiosks' streams, and the hub's own",
		// The hub's own events (its staff's player changes) are
		// published here, on a subject no kiosk may publish on.
		Subjects: []string{hubSubject(h.id, ">")},
		Storage:  jetstream.FileStorage,
		// No limits, as the kiosks' streams: every kiosk's mirror
		// copies the whole venue stream, and a table that joins late
		// needs the venue's history for its boards (docs/venue.md,
		// "Stream limits").
		Retention:  jetstream.LimitsPolicy,
		Duplicates: dupWindow,
	}
	for _, k := range kiosks {
		if k.ID != leftOut && h.src.live[k.ID] {
			// Delivered under the kiosk's own prefix, the only one its
			// link may publish on (kioskPermissions). Filtered to its own
			// subjects: the kiosk sets its stream's subjects itself, and
			// a tampered one could add another table's (or the hub's)
			// and publish there events whose subject and body agree.
			cfg.Sources = append(cfg.Sources, &jetstream.StreamSource{Name: TableStream, FilterSubject: tableSubject(k.ID, ">"),
				External: &jetstream.ExternalStream{APIPrefix: "$JS." + kioskDomain(k.ID, k.Gen) + ".API", DeliverPrefix: deliverPrefix(k.ID)}})
		}
	}
	return cfg
}

// kick restarts kiosk id's source: removed from the venue stream, then
// added again.
func (h *Hub) kick(ctx context.Context, id string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		return err
	}
	if _, err := h.e.js.UpdateStream(ctx, h.streamConfig(kiosks, id)); err != nil {
		return err
	}
	if _, err := h.e.js.UpdateStream(ctx, h.streamConfig(kiosks, "")); err != nil {
		return err
	}
	h.logf("venue hub: restarted the stalled source of kiosk %s", id)
	return nil
}
