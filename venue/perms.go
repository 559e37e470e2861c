package venue

import (
	"fmt"

	"github.com/nats-io/nats-server/v2/server"
)

// maxGen is the highest generation of a kiosk's stream (kioskDomain) whose
// JetStream API the hub may reach over the kiosk's link: a kiosk's stream
// is rebuilt by hand (tablee venue --rebuild), a few times in its life at
// most, and a domain is one subject token, which a wildcard cannot match
// in part.
const maxGen = 99

// deliverPrefix is the prefix of the subjects on which a kiosk's stream is
// delivered to the hub's source of it (the source's DeliverPrefix): the
// kiosk's link may publish only under its own, so it cannot deliver into
// another table's source. nats-server's default, $JS.S.<random>, is one
// prefix for every source, and the hub announces its interest in each
// of them to every leaf allowed to publish there.
func deliverPrefix(kiosk string) string { return "tablee.deliver." + kiosk }

// kioskPermissions is what a paired kiosk's leaf link may carry at the
// hub (docs/venue.md, "Pairing and security"). nats-server reads a leaf
// user's permissions from the hub's side: Publish is what the kiosk may
// send into the hub (each message the hub receives on the link is checked,
// and a refused one closes the link), Subscribe is what the hub forwards to
// the kiosk and the interest the kiosk may declare. The hub sends them to
// the kiosk in its INFO, and an honest kiosk's server keeps to them
// without trying. Acknowledgements ($JS.ACK) and the leaf protocol's own
// subjects pass unchecked.
func kioskPermissions(kiosk string) *server.Permissions {
	pub := []string{
		// Its own events and its hello.
		tableSubject(kiosk, ">"),
		helloSubject,
		// Its stream delivered to the hub's source of it (messages,
		// heartbeats, flow-control requests).
		deliverPrefix(kiosk) + ".>",
		// Answers to the hub's JetStream requests into the kiosk's
		// domain (its source's consumer), on nats-server's reply
		// subjects for internal requests.
		"$JSC.R.>",
		// Its mirror of the venue stream: the consumer it asks the hub
		// for, and the flow-control answers of the mirror (both
		// formats of nats-server's subject: stream first, or domain
		// first).
		// (nats-server asks for an unnamed consumer on
		// CONSUMER.CREATE.<stream>, a named one below it).
		"$JS." + HubDomain + ".API.CONSUMER.CREATE." + VenueStream,
		"$JS." + HubDomain + ".API.CONSUMER.CREATE." + VenueStream + ".>",
		"$JS." + HubDomain + ".API.CONSUMER.DELETE." + VenueStream + ".>",
		"$JS." + HubDomain + ".API.CONSUMER.INFO." + VenueStream + ".>",
		"$JS." + HubDomain + ".API.STREAM.INFO." + VenueStream,
		"$JS.FC." + VenueStream + ".>",
		"$JS.FC." + HubDomain + ".>",
		// Replies to the hub's own requests (nats.go's inboxes).
		"_INBOX.>",
	}
	// What the hub may send the kiosk: requests into its own domain
	// only (another kiosk must not see, and answer, the hub's requests
	// for the stream of another table), the venue stream's deliveries to
	// its mirror, flow control, and replies. Every kiosk reads the whole
	// venue anyway.
	sub := []string{
		"$JS." + kioskDomain(kiosk, 0) + ".API.>",
		"$JS.M.>",
		"$JS.FC.>",
		"$JS.ACK.>",
		"$JSC.R.>",
		"_INBOX.>",
	}
	for gen := 1; gen <= maxGen; gen++ {
		sub = append(sub, "$JS."+kioskDomain(kiosk, gen)+".API.>")
	}
	// The mirror's consumers are nats-server's, named at random; the
	// hub's loader is the one durable consumer of the venue stream,
	// and no kiosk may change or delete it.
	loader := "$JS." + HubDomain + ".API.CONSUMER.%s." + VenueStream + "." + loaderName
	deny := []string{
		fmt.Sprintf(loader, "CREATE"), fmt.Sprintf(loader, "CREATE") + ".>",
		fmt.Sprintf(loader, "DELETE"),
	}
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: pub, Deny: deny},
		Subscribe: &server.SubjectPermission{Allow: sub},
	}
}
