package discovery

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"time"
)

// HubService is the DNS-SD service type of a venue's hub (docs/venue.md):
// a kiosk's staff screen lists the hubs on the network to pair with one.
const HubService = "_tablee-venue._tcp"

// Hub is what a venue's hub publishes: its name and the fingerprint of its
// certificate, which the kiosk pins when it pairs. mDNS is not
// authenticated: the staff compare the verification words of the
// fingerprint with the hub's own, and the hub checks the venue's code.
type Hub struct {
	Name        string
	Proto       int      // the venue protocol's version
	Fingerprint string   // SHA-256 of the hub's TLS certificate, hex
	Addrs       []string // host:port of its leaf port (browse results only)
	// PairPort is the port of its pairing address, on the same host
	// (TXT "pair"; 0: not said, the venue's default).
	PairPort int
}

func (h Hub) txt() []string {
	txt := []string{"v=" + strconv.Itoa(h.Proto), "name=" + h.Name, "fp=" + h.Fingerprint}
	if h.PairPort > 0 {
		txt = append(txt, "pair="+strconv.Itoa(h.PairPort))
	}
	return txt
}

// hubPairPort is the "pair" entry of a hub's TXT record, 0 if none.
func hubPairPort(txt []string) int {
	for _, kv := range txt {
		if k, v, _ := strings.Cut(unescapeTXT(kv), "="); k == "pair" {
			if p, err := strconv.Atoi(v); err == nil && p > 0 && p < 65536 {
				return p
			}
		}
	}
	return 0
}

// AdvertiseHub publishes h, its leaf port on port, until Close.
func AdvertiseHub(h Hub, port int, scope Scope) (*Advertiser, error) {
	a := &Advertiser{port: port, scope: scope, service: HubService}
	srv, err := a.register(h.Name, h.txt())
	if err != nil {
		return nil, err
	}
	a.srv, a.since = srv, time.Now()
	return a, nil
}

// BrowseHubs lists the venue hubs that answer within wait, by name then
// fingerprint. Hubs whose record is incomplete are skipped.
func BrowseHubs(ctx context.Context, wait time.Duration, scope Scope) ([]Hub, error) {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	entries, err := browse(ctx, HubService, scope)
	if err != nil {
		return nil, err
	}
	found := map[string]Hub{}
	for e := range entries {
		// A hub's record is a table's without a game or seats.
		k, err := parseTXT(append(e.Text, "free=0"))
		if err != nil {
			continue
		}
		h := Hub{Name: k.Name, Proto: k.Proto, Fingerprint: k.Fingerprint, Addrs: entryAddrs(e), PairPort: hubPairPort(e.Text)}
		if len(h.Addrs) > 0 {
			found[e.Instance+"\x00"+h.Fingerprint] = h
		}
	}
	out := make([]Hub, 0, len(found))
	for _, h := range found {
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Fingerprint < out[j].Fingerprint
	})
	return out, nil
}
