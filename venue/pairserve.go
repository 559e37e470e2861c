package venue

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/tablee/tablee/internal/gate"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// The pairing step (docs/venue.md, "Pairing and security"): before its
// first leaf link, a kiosk sends its id, its table's name, the code and
// the credential it made to the hub's pairing address, over HTTPS with
// the hub's own certificate, which the kiosk pins (as its leaf link
// does): POST /pair, a JSON pairRequest. The hub answers 200 when paired,
// or 403 with a pairAnswer saying why not — the reason a NATS refusal
// cannot carry. A code read off the wire would need the TLS session's
// keys; a code typed into a machine posing as the hub is used once, by
// whichever pairing comes first, and the hub's console lists every
// pairing with the table's name and its verification words.

// DefaultPairPort is the hub's pairing port: the leaf port is 7460, the
// hub's web page 7461, a second staff console on the hub's machine 7462
// (docs/install.md).
const DefaultPairPort = 7463

// pairPath is the pairing step's path on the hub's pairing address.
const pairPath = "/pair"

// pairRequest is what a kiosk sends to pair.
type pairRequest struct {
	Kiosk      string `json:"kiosk"`
	Table      string `json:"table"`
	Code       string `json:"code"`
	Credential string `json:"credential"`
	// ConsoleCSR is a certificate request for the table's staff
	// console (DER): a hub holding the venue's authority answers it.
	ConsoleCSR []byte `json:"console_csr,omitempty"`
}

// pairDone is the hub's answer to a pairing it made: the table's
// console's certificate and the venue's authority's (DER), when the hub
// holds the authority and the request asked.
type pairDone struct {
	Console []byte `json:"console,omitempty"`
	CA      []byte `json:"ca,omitempty"`
}

// pairAnswer is the hub's answer to a pairing it refused: Refused is
// "wrong", "used", "expired" or "locked" (Wait seconds more).
type pairAnswer struct {
	Refused string `json:"refused,omitempty"`
	Wait    int    `json:"wait,omitempty"`
}

// CodeLockedError is the refusal of any code from the kiosk's address
// after too many wrong ones, for Wait more.
type CodeLockedError struct{ Wait time.Duration }

func (e *CodeLockedError) Error() string {
	return fmt.Sprintf("%v: too many wrong codes from this address, the next try in %v", ErrRefused, e.Wait)
}

func (e *CodeLockedError) Unwrap() error { return ErrRefused }

// pairServer is the hub's pairing address.
type pairServer struct {
	h    *Hub
	gate *gate.Sources
	ln   net.Listener
	srv  *http.Server
	now  func() time.Time
}

// servePairing starts the pairing address on addr with the hub's
// certificate.
func (h *Hub) servePairing(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("venue hub: pairing address %s: %w", addr, err)
	}
	p := &pairServer{h: h, ln: ln, now: h.now}
	p.gate = gate.NewSources(codeVerifier{creds: h.auth.creds, now: p.now}, p.now)
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+pairPath, p.pair)
	p.srv = &http.Server{Handler: mux, TLSConfig: tlscert.ServerConfig(h.cert), ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second,
		// A stranger's failed handshakes are no news for the journal.
		ErrorLog: log.New(io.Discard, "", 0)}
	h.pair = p
	go p.srv.ServeTLS(ln, "", "")
	return nil
}

// close stops the pairing address.
func (p *pairServer) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	p.srv.Shutdown(ctx)
}

// PairAddr is the hub's pairing address, HOST:PORT as a kiosk dials it
// (the leaf address's host when listening on every address).
func (h *Hub) PairAddr() string {
	if h.pair == nil {
		return ""
	}
	host, port, _ := net.SplitHostPort(h.pair.ln.Addr().String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host, _, _ = net.SplitHostPort(h.addr)
	}
	return net.JoinHostPort(host, port)
}

// pair answers a kiosk's pairing request: a code the gate lets through
// and the credentials consume pairs it (with a console certificate when
// the hub holds the venue's authority and the kiosk asked for one); any
// other is refused, with why.
func (p *pairServer) pair(w http.ResponseWriter, r *http.Request) {
	from, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		from = r.RemoteAddr
	}
	req, ok := readPairRequest(r)
	if !ok {
		http.Error(w, "bad pairing request", http.StatusBadRequest)
		return
	}
	table := wire.ScrubName(req.Table)
	now := p.now()
	err = p.gate.Check(r.Context(), from, req.Code)
	if err == nil {
		hash := credHash(req.Credential)
		note := PairingNote{At: now.UTC(), Kiosk: req.Kiosk, Table: table, Words: tlscert.Phrase(hash), From: from}
		// Another pairing may have used the code since the gate read it.
		err = p.h.auth.creds.consume(req.Code, note, hash, now)
		if err == nil {
			p.h.logf("venue hub: kiosk %s (%q) paired from %s, verification words %s", req.Kiosk, table, from, note.Words)
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(p.consoleCert(req, from, now))
			return
		}
	}
	p.refuse(w, err, req.Kiosk, table, from)
}

// readPairRequest reads r's pairing request; false if it is not one.
func readPairRequest(r *http.Request) (pairRequest, bool) {
	var req pairRequest
	dec := json.NewDecoder(io.LimitReader(r.Body, 16<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return req, false
	}
	// The id in its one written form (hubAuth's rule), a credential of
	// 32 random bytes at least.
	u, err := uuid.Parse(req.Kiosk)
	return req, err == nil && u.String() == req.Kiosk && len(req.Credential) >= 43 && len(req.Credential) <= 256
}

// consoleCert is a paired kiosk's answer: the certificate of its staff
// console when the hub holds the venue's authority and req asked for one.
func (p *pairServer) consoleCert(req pairRequest, from string, now time.Time) pairDone {
	var done pairDone
	if p.h.ca != nil && len(req.ConsoleCSR) > 0 {
		// The pairing stands without it: the table's console
		// keeps its own certificate.
		// For the address the pairing came from alone.
		if der, err := p.h.ca.IssueCSR(req.ConsoleCSR, net.ParseIP(from), now); err != nil {
			p.h.logf("venue hub: no console certificate for kiosk %s: %v", req.Kiosk, err)
		} else {
			done = pairDone{Console: der, CA: p.h.ca.Cert.Raw}
			if err := p.h.auth.creds.noteConsole(req.Kiosk, der); err != nil {
				p.h.logf("venue hub: console certificate of kiosk %s: %v", req.Kiosk, err)
			}
		}
	}
	return done
}

// refuse answers a pairing of kiosk (of table, from) that err refused,
// saying why in the answer and the log; an error other than a refusal is
// the hub's.
func (p *pairServer) refuse(w http.ResponseWriter, err error, kiosk, table, from string) {
	refuse := func(a pairAnswer, why string) {
		p.h.logf("venue hub: pairing of kiosk %s (%q) from %s refused: %s", kiosk, table, from, why)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		json.NewEncoder(w).Encode(a)
	}
	var locked *gate.LockedError
	switch {
	case errors.As(err, &locked):
		wait := int(locked.Wait.Round(time.Second) / time.Second)
		if locked.Began {
			refuse(pairAnswer{Refused: "locked", Wait: wait}, fmt.Sprintf("wrong pairing code; too many from this address, the next in %v", locked.Wait))
		} else {
			refuse(pairAnswer{Refused: "locked", Wait: wait}, fmt.Sprintf("too many wrong pairing codes from this address, the next in %v", locked.Wait))
		}
	case errors.Is(err, gate.ErrWrong):
		refuse(pairAnswer{Refused: "wrong"}, "wrong pairing code")
	case errors.Is(err, ErrCodeUsed):
		refuse(pairAnswer{Refused: "used"}, "code already used")
	case errors.Is(err, ErrCodeExpired):
		refuse(pairAnswer{Refused: "expired"}, "code expired")
	default:
		p.h.logf("venue hub: pairing of kiosk %s from %s: %v", kiosk, from, err)
		http.Error(w, "the hub could not pair", http.StatusInternalServerError)
	}
}

// pairWith asks the hub at addr (its pairing address), pinned to
// fingerprint, to pair kiosk id of table with code and cred: nil when
// paired, ErrRefused (or ErrCodeUsed, ErrCodeExpired, *CodeLockedError)
// when the hub refused the code.
func pairWith(ctx context.Context, addr, fingerprint, id, table, code, cred string) error {
	_, err := pairVia(ctx, &net.Dialer{}, addr, fingerprint, pairRequest{Kiosk: id, Table: table, Code: code, Credential: cred})
	return err
}

// pairVia sends req to the hub's pairing address through dialer (a
// test's, from another address) and returns the hub's answer.
func pairVia(ctx context.Context, dialer *net.Dialer, addr, fingerprint string, pr pairRequest) (pairDone, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	body, err := json.Marshal(pr)
	if err != nil {
		return pairDone{}, fmt.Errorf("venue: pairing: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://"+addr+pairPath, bytes.NewReader(body))
	if err != nil {
		return pairDone{}, fmt.Errorf("venue: pairing with %s: %w", addr, err)
	}
	req.Header.Set("Content-Type", "application/json")
	c := &http.Client{Transport: &http.Transport{TLSClientConfig: tlscert.PinnedConfig(fingerprint), DisableKeepAlives: true,
		DialContext: dialer.DialContext}}
	resp, err := c.Do(req)
	if err != nil {
		if errors.Is(err, tlscert.ErrMismatch) {
			return pairDone{}, fmt.Errorf("venue: the hub at %s: %w", addr, tlscert.ErrMismatch)
		}
		return pairDone{}, fmt.Errorf("venue: reach the hub's pairing address %s: %w", addr, err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		var done pairDone
		if err := json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&done); err != nil {
			return pairDone{}, fmt.Errorf("venue: the hub at %s: %w", addr, err)
		}
		return done, nil
	case http.StatusForbidden:
	default:
		return pairDone{}, fmt.Errorf("venue: the hub at %s answered the pairing with %s", addr, resp.Status)
	}
	var a pairAnswer
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4096)).Decode(&a); err != nil {
		return pairDone{}, fmt.Errorf("venue: the hub at %s: %w", addr, err)
	}
	switch a.Refused {
	case "used":
		return pairDone{}, ErrCodeUsed
	case "expired":
		return pairDone{}, ErrCodeExpired
	case "locked":
		return pairDone{}, &CodeLockedError{Wait: time.Duration(a.Wait) * time.Second}
	}
	return pairDone{}, fmt.Errorf("%w: wrong code", ErrRefused)
}
