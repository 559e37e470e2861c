package venue

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"github.com/nats-io/nats.go/jetstream"
)

// The hub's loader's consumer has a secret name (issue 41 item 6).
//
// nats-server checks no leaf permission on an acknowledgement: a message
// a leaf sends on $JS.ACK.… passes whatever the link's publish
// permissions say (leafMsgAllowed lets service replies and
// isJSAckSubject through, in v2.15 as before), so no entry of
// kioskPermissions can keep a kiosk from acknowledging a consumer of the
// hub. An explicit acknowledgement needs only the consumer's name and the
// stream sequence of an event delivered and not yet acknowledged (the
// server takes the delivery count from its own pending record), and the
// kiosk knows the sequences: its mirror holds the venue stream's. With
// the loader's consumer named "sqlite", a tampered kiosk could
// acknowledge events between their delivery and their load, and the
// loader skipped them until the copy check.
//
// Worse, honest nodes did it to each other: the kiosks' loaders have
// the same name on a stream of the same name (their mirror), and
// nats-server subscribes every consumer to its acknowledgements in the
// format without domain ($JS.ACK.VENUE.sqlite.*…) as well; with $JS.ACK.>
// in the kiosks' subscribe permissions each kiosk's server declared that
// interest to the hub and the hub its own to each kiosk, so every
// loader's acknowledgement of event N acknowledged event N at every other
// loader — one killed between the delivery of a batch and its commit
// found it acknowledged by the others, and never loaded it.
//
// So: the kiosks' links carry no acknowledgement either way (no $JS.ACK in
// their subscribe permissions: no consumer of theirs needs one — the
// mirrors and sources acknowledge nothing), and the hub's loader is
// "sqlite-" and 26 random characters, made once and kept with its
// consumer in the hub's store, which no kiosk may list (no CONSUMER.NAMES,
// .LIST or .INFO in its permissions) nor overhear (no acknowledgement
// reaches it).

// hubLoaderPrefix begins the hub's loader's consumer's name.
const hubLoaderPrefix = loaderName + "-"

// isLoaderConsumer reports whether a consumer of the venue stream is a
// loader's: the secret one, or the fixed name of the builds before.
func isLoaderConsumer(name string) bool {
	return name == loaderName || strings.HasPrefix(name, hubLoaderPrefix)
}

// loaderConsumers are the names of the loaders' consumers of stream s.
func loaderConsumers(ctx context.Context, s jetstream.Stream) ([]string, error) {
	names := s.ConsumerNames(ctx)
	var out []string
	for name := range names.Name() {
		if isLoaderConsumer(name) {
			out = append(out, name)
		}
	}
	if err := names.Err(); err != nil {
		return nil, fmt.Errorf("venue hub: the venue stream's consumers: %w", err)
	}
	return out, nil
}

// hubLoaderName is the name of the hub's loader's consumer: the one its
// store keeps, or a new one. A store of a build before, whose loader was
// "sqlite", has it replaced by a consumer of the new name that starts
// after its acknowledgement floor (what it delivered and was not
// acknowledged comes again, and is dropped by its id if it was loaded).
func hubLoaderName(ctx context.Context, js jetstream.JetStream, logf func(string, ...any)) (string, error) {
	s, err := js.Stream(ctx, VenueStream)
	if err != nil {
		return "", fmt.Errorf("venue hub: venue stream: %w", err)
	}
	names, err := loaderConsumers(ctx, s)
	if err != nil {
		return "", err
	}
	old := false
	for _, name := range names {
		if name != loaderName {
			return name, nil
		}
		old = true
	}
	name := hubLoaderPrefix + rand.Text()
	if !old {
		return name, nil
	}
	c, err := s.Consumer(ctx, loaderName)
	if err != nil {
		return "", fmt.Errorf("venue hub: the loader of the build before: %w", err)
	}
	cfg := c.CachedInfo().Config
	cfg.Durable, cfg.Name = name, name
	if floor := c.CachedInfo().AckFloor.Stream; floor > 0 {
		cfg.DeliverPolicy, cfg.OptStartSeq = jetstream.DeliverByStartSequencePolicy, floor+1
	}
	if _, err := s.CreateConsumer(ctx, cfg); err != nil {
		return "", fmt.Errorf("venue hub: the loader's consumer renamed: %w", err)
	}
	if err := s.DeleteConsumer(ctx, loaderName); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return "", fmt.Errorf("venue hub: the loader of the build before: %w", err)
	}
	logf("venue hub: the loader's consumer has a name of its own now, from venue event %d on (the kiosks cannot acknowledge its events)", cfg.OptStartSeq)
	return name, nil
}
