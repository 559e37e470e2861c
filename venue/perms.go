package venue

import (
	"crypto/sha256"

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

// mirrorConsumer is the name nats-server (v2.15) gives the consumer of
// the venue stream that the mirror of a kiosk's server in domain
// kioskDomain(kiosk, gen) asks the hub for: JS_MIRROR_ and eight base-62
// digits of the SHA-256 of "<mirror's stream> <account> <domain>"
// (createStableConsumerHash and getHash in its consumer.go and events.go,
// unexported). The hub lets each kiosk create and delete only its own.
// TestMirrorConsumerName checks it against the consumer a kiosk's mirror
// made at the hub.
func mirrorConsumer(kiosk string, gen int) string {
	const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	sum := sha256.Sum256([]byte(VenueStream + " " + server.DEFAULT_GLOBAL_ACCOUNT + " " + kioskDomain(kiosk, gen)))
	name := []byte("JS_MIRROR_")
	for _, b := range sum[:8] {
		name = append(name, base62[int(b)%len(base62)])
	}
	return string(name)
}

// replyV2 is the feature flags that turn on nats-server's scoped replies
// to the JetStream requests a server makes for its sources and mirrors
// (js_api_reply_v2, off by default in v2.15): $JSC.R.<domain>.<account
// hash>.<stream>.<consumer>.<random> instead of $JSC.R.<random>. The requester's flag
// decides (the answering server replies where it is told), so the hub's
// requests into a kiosk's domain are answered on subjects naming that
// domain, and a kiosk's mirror hears its answers on subjects naming its
// own consumer: each kiosk's link may publish and receive its own only.
func replyV2() map[string]bool {
	return map[string]bool{server.FeatureFlagJsAPIReplyFormatV2: true}
}

// kioskPermissions is what a paired kiosk's leaf link may carry at the
// hub (docs/venue.md, "Pairing and security"). nats-server reads a leaf
// user's permissions from the hub's side: Publish is what the kiosk may
// send into the hub (each message the hub receives on the link is checked,
// and a refused one closes the link), Subscribe is what the hub forwards to
// the kiosk and the interest the kiosk may declare. The hub sends them to
// the kiosk in its INFO, and an honest kiosk's server keeps to them
// without trying. Acknowledgements ($JS.ACK) and the leaf protocol's own
// subjects pass unchecked by nats-server whatever Publish says: the hub's
// loader keeps its consumer under a secret name instead (loadername.go),
// and no acknowledgement is forwarded to a kiosk (none in Subscribe), so
// it cannot overhear that name, nor the loaders ack one another's events.
func kioskPermissions(kiosk string) *server.Permissions {
	pub := []string{
		// Its own events and its own hello.
		tableSubject(kiosk, ">"),
		helloSubject(kiosk),
		// Its stream delivered to the hub's source of it (messages,
		// heartbeats, flow-control requests).
		deliverPrefix(kiosk) + ".>",
		// The mirror's flow-control answers (both formats of
		// nats-server's subject: stream first, or domain first).
		"$JS.FC." + VenueStream + ".>",
		"$JS.FC." + HubDomain + ".>",
		"$JS." + HubDomain + ".API.STREAM.INFO." + VenueStream,
		// One event of the venue stream, by its number: the kiosk
		// checks that the hub still holds there the event it loaded
		// before resuming its mirror after it (mirror.go, sameAt).
		"$JS." + HubDomain + ".API.STREAM.MSG.GET." + VenueStream,
	}
	// What the hub may send the kiosk: requests into its own domain
	// only (another kiosk must not see, and answer, the hub's requests
	// for the stream of another table), the venue stream's deliveries to
	// its mirror, flow control, and the answers to its own hellos (its
	// client's inboxes are under _INBOX.<id>: kioskInbox). Every kiosk
	// reads the whole venue anyway.
	sub := []string{
		"$JS.M.>",
		"$JS.FC.>",
		kioskInbox(kiosk) + ".>",
	}
	for gen := 0; gen <= maxGen; gen++ {
		domain, mirror := kioskDomain(kiosk, gen), mirrorConsumer(kiosk, gen)
		pub = append(pub,
			// Answers to the hub's requests into the kiosk's domain
			// (its source's consumer), scoped by replyV2.
			"$JSC.R."+domain+".>",
			// Its mirror's consumer at the hub, by its name: the
			// mirror names it in the subject when it has a filter
			// (mirrorFilter), and only then can the hub tell whose
			// it is; the unnamed CONSUMER.CREATE.VENUE, whose body
			// may name any consumer, is refused. No DELETE: the hub
			// gives a mirror's consumer a random suffix (a sourcing
			// consumer of a limits stream: jsConsumerCreateRequest),
			// so the mirror's own DELETE of its name (best effort)
			// found nothing anyway, and the consumer goes 10 s after
			// its mirror stopped asking.
			"$JS."+HubDomain+".API.CONSUMER.CREATE."+VenueStream+"."+mirror+".>",
		)
		sub = append(sub,
			"$JS."+domain+".API.>",
			// The hub's answers to its mirror's requests (replyV2).
			"$JSC.R."+HubDomain+".*."+VenueStream+"."+mirror+".>",
		)
	}
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: pub},
		Subscribe: &server.SubjectPermission{Allow: sub},
	}
}
