package console

import (
	"context"
	"net/http"
	"time"
)

// HubPairing is what a hub offers for pairing its tables (venue.Hub
// through cmd/tablee): one-time codes made when the staff ask, and the
// pairings as they happen, on the hub's Pairing page. A Hub without it
// has no such page.
type HubPairing interface {
	// NewCode makes a code that pairs one table, until expires.
	NewCode(ctx context.Context) (code string, expires time.Time, err error)
	// Pairings are the tables' pairings, newest first.
	Pairings(ctx context.Context) []Pairing
	// PairLockouts are the addresses whose wrong codes lock them out of
	// pairing now.
	PairLockouts(ctx context.Context) []Lockout
}

// Pairing is a table's pairing with the hub: when, the kiosk, the
// table's name as it said it, the verification words the table's staff
// screen shows for it, and the address it came from.
type Pairing struct {
	At                        time.Time
	Kiosk, Table, Words, From string
}

// Lockout is an address locked out until Until.
type Lockout struct {
	From  string
	Until time.Time
}

// pairingData is the hub's Pairing page: a code just made (on the
// answer to its POST only: never in a link, a log or the live list) and
// the pairings.
type pairingData struct {
	Code     string
	Expires  time.Time
	Pairings []Pairing
	Lockouts []lockoutView
	Missing  bool // the hub offers no pairing
}

func (h *Handler) pairingData(ctx context.Context) pairingData {
	p, ok := h.cfg.Hub.(HubPairing)
	if !ok {
		return pairingData{Missing: true}
	}
	d := pairingData{Pairings: p.Pairings(ctx)}
	now := h.cfg.Now()
	for _, l := range p.PairLockouts(ctx) {
		d.Lockouts = append(d.Lockouts, lockoutView{From: l.From, Seconds: int(l.Until.Sub(now).Round(time.Second) / time.Second)})
	}
	return d
}

// pairingPage lists the pairings and offers a new code.
func (h *Handler) pairingPage(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "pairing", in.csrf)
	v.Data = h.pairingData(r.Context())
	h.render(w, http.StatusOK, v, false)
}

// pairingLive is the page's content alone, which its script fetches every
// few seconds: the pairings show as they happen. (It carries no code: the
// script replaces the live part only, below the code.)
func (h *Handler) pairingLive(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "pairing", in.csrf)
	v.Data = h.pairingData(r.Context())
	h.render(w, http.StatusOK, v, true)
}

// pairingCode makes a code and shows it on the page it answers with
// (no redirect: the code stays out of the browser's history).
func (h *Handler) pairingCode(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "pairing", in.csrf)
	d := h.pairingData(r.Context())
	if p, ok := h.cfg.Hub.(HubPairing); ok {
		code, expires, err := p.NewCode(r.Context())
		if err != nil {
			v.Data = d
			h.fail(w, v, err)
			return
		}
		d.Code, d.Expires = code, expires
		h.cfg.Logf("console: a pairing code was made, valid until %s", expires.Local().Format(time.TimeOnly))
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// venueCA serves the venue's certificate authority's certificate, for a
// staff device to install (docs/install.md, "A console the browser
// trusts"): public, so no sign-in; the device shows its fingerprint,
// which the staff compare with the table's staff screen's before
// trusting it.
func (h *Handler) venueCA(w http.ResponseWriter, r *http.Request) {
	var pem []byte
	if h.cfg.CA != nil {
		pem = h.cfg.CA()
	}
	if pem == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/x-x509-ca-cert")
	w.Header().Set("Content-Disposition", `attachment; filename="tablee-venue-ca.crt"`)
	w.Write(pem)
}
