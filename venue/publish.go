package venue

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
)

// publisher sends a database's outbox to a stream: a kiosk's to its own
// stream (TableStream), the hub's (its staff's player events) to the
// venue stream. Each event goes under its event id (Nats-Msg-Id), so a
// republished one is dropped as a duplicate, and is marked acknowledged
// once the stream stored it (a kiosk's store syncs every write; the
// hub's every second, and the hub publishes again at start what its
// stream lost of its acknowledged events: Hub.checkOwnEvents).
type publisher struct {
	d      *db.DB
	js     jetstream.JetStream
	stream string
	// subject is the subject of an event of kind ("session", "player", "copy").
	subject   func(kind string) string
	published chan struct{}
	logf      func(string, ...any)
	who       string // "venue kiosk", "venue hub": the logs' prefix
	now       func() time.Time
}

// outboxPoll is how often a publisher looks whether another process
// queued an event in its database (tablee player on a running hub's or
// kiosk's database): that process's signal reaches its own handle only.
// One PRAGMA a look while nobody else writes (db.OutboxWrittenElsewhere);
// as often as a cool watchdog wakes.
const outboxPoll = coolEvery

// run publishes at start (what a crash left unacknowledged), whenever
// the database queues an event, and when another process queued one,
// until ctx ends.
func (p *publisher) run(ctx context.Context) {
	poll := time.NewTicker(outboxPoll)
	defer poll.Stop()
	retry := time.Duration(0)
	for {
		var wait <-chan time.Time
		if retry > 0 {
			wait = time.After(retry)
		}
		if retry == 0 {
			if err := p.pending(ctx); err != nil {
				if ctx.Err() != nil {
					return
				}
				p.logf("%s: publish: %v", p.who, err)
				retry = time.Second
				continue
			}
		}
		retry = 0
		if !p.wake(ctx, wait, poll.C) {
			return
		}
	}
}

// wake waits for something to publish: an event queued by this process,
// the retry's time (wait), or an event another process queued (looked
// for at each poll). It returns false when ctx ends.
func (p *publisher) wake(ctx context.Context, wait, poll <-chan time.Time) bool {
	for {
		select {
		case <-ctx.Done():
			return false
		case <-p.d.OutboxQueued():
			return true
		case <-wait:
			return true
		case <-poll:
			// An error is the database's: publishing meets and logs it.
			if queued, err := p.d.OutboxWrittenElsewhere(ctx); queued || err != nil {
				return true
			}
		}
	}
}

// pending publishes every pending event, oldest first.
func (p *publisher) pending(ctx context.Context) error {
	for {
		events, err := p.d.PendingEvents(ctx, 100)
		if err != nil || len(events) == 0 {
			return err
		}
		for _, ev := range events {
			m := &nats.Msg{Subject: p.subject(ev.Kind), Data: ev.Body, Header: nats.Header{}}
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			_, err := p.js.PublishMsg(pctx, m, jetstream.WithMsgID(ev.ID), jetstream.WithExpectStream(p.stream))
			cancel()
			if err != nil {
				return fmt.Errorf("event %s: %w", ev.ID, err)
			}
			if err := p.d.AckEvent(ctx, ev.ID, p.now()); err != nil {
				return err
			}
		}
		signal(p.published)
	}
}
