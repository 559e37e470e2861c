package venue

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
)

// A hub whose database was lost (or replaced by a new one) while its
// stream store was kept: the loader's durable consumer is past every event
// of the stream, so nothing would ever load again (issue 42). At start, a
// database that holds no venue event beside a consumer that delivered some
// has its consumer dropped: the loader made again replays the stream from
// its start, and the copy check afterwards sees that nothing is missing.

// Refill says what the hub is doing while it refills its database from its
// stream: the events to load (the stream's last sequence at start) and
// the loader's floor; zero when it is not refilling.
type Refill struct {
	Events, Loaded uint64
}

// refiller tracks a refill in progress.
type refiller struct {
	mu     sync.Mutex
	target uint64 // the stream's last sequence when the refill began; 0: none
	done   bool
}

// refillIfLost drops the loader's consumer when the hub's database holds no
// venue event while the consumer delivered some; it returns how many events
// the stream holds to replay (0: nothing to refill).
func (h *Hub) refillIfLost(ctx context.Context) (uint64, error) {
	counts, err := h.d.VenueEventCounts(ctx)
	if err != nil || len(counts) > 0 {
		return 0, err
	}
	s, err := h.e.js.Stream(ctx, VenueStream)
	if err != nil {
		return 0, fmt.Errorf("venue hub: venue stream: %w", err)
	}
	names, err := loaderConsumers(ctx, s)
	if err != nil || len(names) == 0 {
		return 0, err // none: a new loader starts at the stream's start anyway
	}
	last := s.CachedInfo().State.LastSeq
	var delivered uint64
	for _, name := range names {
		c, err := s.Consumer(ctx, name)
		if errors.Is(err, jetstream.ErrConsumerNotFound) {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("venue hub: loader: %w", err)
		}
		delivered = max(delivered, c.CachedInfo().Delivered.Stream)
	}
	if delivered == 0 || last == 0 {
		return 0, nil
	}
	for _, name := range names {
		if err := s.DeleteConsumer(ctx, name); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
			return 0, fmt.Errorf("venue hub: loader: %w", err)
		}
	}
	h.logf("venue hub: refilling the database from the venue stream (%d events): the database holds no venue event, the stream's loader had delivered %d (a database lost or new beside a kept store)",
		last, delivered)
	return last, nil
}

// Refilling reports the refill in progress, if any: the hub's console
// says so while it lasts.
func (h *Hub) Refilling(ctx context.Context) (Refill, bool) {
	h.refill.mu.Lock()
	target, done := h.refill.target, h.refill.done
	h.refill.mu.Unlock()
	if target == 0 || done {
		return Refill{}, false
	}
	floor := h.load.floor(ctx)
	if floor >= target {
		h.refill.mu.Lock()
		if !h.refill.done {
			h.refill.done = true
			h.logf("venue hub: refilled the database from the venue stream (%d events)", target)
		}
		h.refill.mu.Unlock()
		return Refill{}, false
	}
	return Refill{Events: target, Loaded: floor}, true
}

// hubCopyCheck is the hub's check of its database against its own stream
// (entropy.go): what its loader passed but its database lacks.
func (h *Hub) hubCopyCheck() *copyCheck {
	return newCopyCheck(h.d, "venue hub", h.load.loaded, h.logf, nil,
		func(ctx context.Context) (jetstream.Stream, error) { return h.e.js.Stream(ctx, VenueStream) },
		func(ctx context.Context) (uint64, bool) {
			f := h.load.floor(ctx)
			return f, f > 0
		})
}

// checkCopy runs the hub's copy check when due; while a refill is under
// way it waits for it.
func (h *Hub) checkCopy(ctx context.Context) {
	if _, busy := h.Refilling(ctx); busy || !h.copy.due() {
		return
	}
	if _, err := h.copy.run(ctx); err != nil && !errors.Is(err, errNotCaughtUp) && ctx.Err() == nil {
		h.logf("%v", err)
	}
}
