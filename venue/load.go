package venue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
)

// loader loads a stream's events into a database through a durable
// consumer, acknowledging each once its transaction committed: an event
// whose acknowledgement is lost comes again and is ignored by its id.
type loader struct {
	cc     jetstream.ConsumeContext
	loaded chan struct{}
}

// startLoader starts loading stream into d; loaded is signalled after each
// event stored. logf reports events that cannot be loaded.
func startLoader(ctx context.Context, js jetstream.JetStream, d *db.DB, stream string, loaded chan struct{}, logf func(string, ...any)) (*loader, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{
		Durable:   loaderName,
		AckPolicy: jetstream.AckExplicitPolicy,
		AckWait:   30 * time.Second,
	})
	if err != nil {
		return nil, fmt.Errorf("venue: loader of %s: %w", stream, err)
	}
	l := &loader{loaded: loaded}
	l.cc, err = cons.Consume(func(m jetstream.Msg) {
		id := m.Headers().Get(jetstream.MsgIDHeader)
		_, err := d.LoadVenueEvent(context.WithoutCancel(ctx), id, m.Data(), time.Now())
		switch {
		case err == nil:
			if err := m.Ack(); err != nil {
				logf("venue: acknowledge event %s of %s: %v", id, stream, err)
			}
			signal(l.loaded)
		case errors.Is(err, db.ErrBadEvent):
			// Not an event this build can read: keeping it would block
			// nothing (acks are per message) but would come back forever.
			logf("venue: event %s of %s refused: %v", id, stream, err)
			_ = m.Term()
		default:
			logf("venue: load event %s of %s: %v", id, stream, err)
			_ = m.NakWithDelay(time.Second)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("venue: loader of %s: %w", stream, err)
	}
	return l, nil
}

func (l *loader) stop() { l.cc.Stop() }
