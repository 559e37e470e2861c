package venue

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/tls"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats-server/v2/server"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/proto/tlscert"
)

// Pairing, as the hub sees it (docs/venue.md, "Pairing and security").
//
// A kiosk pairs once: it makes a credential of its own (32 random bytes)
// and dials the hub's leaf port as user kioskServerPrefix+id, with the
// password "pair:CODE:CREDENTIAL". The hub checks the code through a
// wrong-try budget kept in its database (kiosk/staff's gate, as the staff
// PIN) and, when it is right, keeps the credential's SHA-256 for that
// kiosk. From then on the kiosk's leaf link logs in with its credential
// alone: the code is no longer a key to the venue, a kiosk can be revoked
// on its own (Hub.Revoke), and a machine that has neither a credential
// nor the code cannot connect at all, so it can neither publish nor read.
const (
	pairPrefix = "pair:"
	// credsFile is the file of the kiosks' credentials and the budget
	// of wrong codes in the hub's data directory.
	credsFile = "venue-kiosks.json"
)

// ErrRefused is returned by Pair when the hub refused the code (or, after
// too many wrong codes, refuses any code for a while).
var ErrRefused = errors.New("venue: the hub refused the pairing code")

// hubAuth decides who may connect to the hub: its own in-process clients,
// and kiosks' leaf links with a credential the hub knows or, to pair, the
// venue's code within the wrong-try budget.
type hubAuth struct {
	srv   *server.Server // set by startServer before the server starts
	creds *credStore
	gate  *staff.Gate
	logf  func(string, ...any)
}

func newHubAuth(dir, code string, logf func(string, ...any)) (*hubAuth, error) {
	creds, err := openCreds(filepath.Join(dir, credsFile))
	if err != nil {
		return nil, err
	}
	return &hubAuth{creds: creds, gate: staff.NewGate(codeCheck{creds: creds, code: code}, nil), logf: logf}, nil
}

// Check implements server.Authentication.
func (a *hubAuth) Check(c server.ClientAuthentication) bool {
	switch c.Kind() {
	case server.CLIENT:
		// The hub has no client port: a client is in-process.
		c.RegisterUser(&server.User{Username: "tablee-hub", Account: a.srv.GlobalAccount()})
		return true
	case server.LEAF:
	default:
		return false
	}
	opts := c.GetOpts()
	id, ok := strings.CutPrefix(opts.Username, kioskServerPrefix)
	// The id in its one written form: uuid.Parse also takes it without
	// dashes, which is the same JetStream domain (kioskDomain), or in
	// braces; a kiosk's permissions name its subjects by it.
	if u, err := uuid.Parse(id); !ok || err != nil || u.String() != id {
		a.logf("venue hub: a leaf link from %v without a kiosk's name refused", c.RemoteAddress())
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if rest, pairing := strings.CutPrefix(opts.Password, pairPrefix); pairing {
		code, cred, _ := strings.Cut(rest, ":")
		if len(cred) < 32 {
			return false
		}
		if err := a.gate.Check(ctx, code); err != nil {
			a.logf("venue hub: pairing of kiosk %s from %v refused: %v", id, c.RemoteAddress(), err)
			return false
		}
		if err := a.creds.set(id, credHash(cred)); err != nil {
			a.logf("venue hub: pairing of kiosk %s: %v", id, err)
			return false
		}
		a.logf("venue hub: kiosk %s paired from %v", id, c.RemoteAddress())
	} else {
		want := a.creds.get(id)
		if want == "" || subtle.ConstantTimeCompare([]byte(want), []byte(credHash(opts.Password))) != 1 {
			return false
		}
	}
	c.RegisterUser(&server.User{Username: opts.Username, Account: a.srv.GlobalAccount(), Permissions: kioskPermissions(id)})
	return true
}

// credHash is what the hub keeps of a kiosk's credential: 32 random bytes
// need no slow hash.
func credHash(cred string) string {
	h := sha256.Sum256([]byte(cred))
	return hex.EncodeToString(h[:])
}

// codeCheck checks pairing codes for the gate, and keeps its budget in the
// credentials' file: a restarted hub does not give wrong tries back.
type codeCheck struct {
	creds *credStore
	code  string
}

func (c codeCheck) CheckPIN(_ context.Context, code string) error {
	if subtle.ConstantTimeCompare([]byte(code), []byte(c.code)) != 1 {
		return staff.ErrWrong
	}
	return nil
}

func (c codeCheck) HasPIN(context.Context) (bool, error) { return true, nil }

func (c codeCheck) WrongPINsUntil(context.Context) (time.Time, error) {
	c.creds.mu.Lock()
	defer c.creds.mu.Unlock()
	return c.creds.f.WrongUntil, nil
}

func (c codeCheck) SetWrongPINsUntil(_ context.Context, t time.Time) error {
	c.creds.mu.Lock()
	defer c.creds.mu.Unlock()
	c.creds.f.WrongUntil = t
	return c.creds.save()
}

// credStore is the hub's file of kiosks' credentials (their SHA-256) and
// of the wrong-code budget.
type credStore struct {
	path string
	mu   sync.Mutex
	f    credFile
}

type credFile struct {
	// WrongUntil is when the wrong-code budget is full again.
	WrongUntil time.Time `json:"wrong_until,omitzero"`
	// Kiosks maps a kiosk's id to its credential's SHA-256 (hex).
	Kiosks map[string]string `json:"kiosks"`
}

func openCreds(path string) (*credStore, error) {
	s := &credStore{path: path, f: credFile{Kiosks: map[string]string{}}}
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, nil
	case err != nil:
		return nil, fmt.Errorf("venue hub: %w", err)
	}
	if err := json.Unmarshal(b, &s.f); err != nil {
		return nil, fmt.Errorf("venue hub: %s: %w", path, err)
	}
	if s.f.Kiosks == nil {
		s.f.Kiosks = map[string]string{}
	}
	return s, nil
}

func (s *credStore) get(id string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.f.Kiosks[id]
}

// set keeps kiosk id's credential hash; "" forgets it.
func (s *credStore) set(id, hash string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if hash == "" {
		delete(s.f.Kiosks, id)
	} else {
		s.f.Kiosks[id] = hash
	}
	return s.save()
}

// save writes the file whole, synced, then renames it over the old one: a
// power cut leaves the old file or the new, never half of one. s.mu is held.
func (s *credStore) save() error {
	b, err := json.MarshalIndent(s.f, "", "\t")
	if err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	tmp := s.path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, s.path)
	}
	if err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	return nil
}

// Revoke removes kiosk id from the venue: its credential is forgotten and
// its link, if up, is closed. Its sessions stay in the venue. It may pair
// again with the code.
func (h *Hub) Revoke(_ context.Context, id string) error {
	if err := h.auth.creds.set(id, ""); err != nil {
		return fmt.Errorf("venue hub: revoke %s: %w", id, err)
	}
	lz, err := h.e.srv.Leafz(nil)
	if err != nil {
		return fmt.Errorf("venue hub: revoke %s: %w", id, err)
	}
	for _, l := range lz.Leafs {
		if l.Name == kioskServerPrefix+id {
			if err := h.e.srv.DisconnectClientByID(l.ID); err != nil {
				return fmt.Errorf("venue hub: revoke %s: %w", id, err)
			}
		}
	}
	return nil
}

// newCredential makes a kiosk's credential.
func newCredential() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("venue: credential: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// leafLogin speaks the start of the leaf node protocol to the hub at addr
// as a kiosk's server does — INFO in clear, TLS pinned to fingerprint,
// CONNECT with user and pass, PING — and reports whether the hub let it
// in (ErrRefused if the hub said it did not).
func leafLogin(ctx context.Context, addr, fingerprint, user, pass string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("venue: reach the hub at %s: %w", addr, err)
	}
	defer c.Close()
	deadline, _ := ctx.Deadline()
	c.SetDeadline(deadline)
	info, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return fmt.Errorf("venue: the hub at %s: %w", addr, err)
	}
	if !strings.HasPrefix(info, "INFO ") {
		return fmt.Errorf("venue: %s is not a venue hub", addr)
	}
	tc := tls.Client(c, tlscert.PinnedConfig(fingerprint))
	if err := tc.HandshakeContext(ctx); err != nil {
		return fmt.Errorf("venue: the hub at %s: %w", addr, err)
	}
	connect, _ := json.Marshal(map[string]any{"user": user, "pass": pass, "tls_required": true, "name": "tablee-pairing"})
	if _, err := fmt.Fprintf(tc, "CONNECT %s\r\nPING\r\n", connect); err != nil {
		return fmt.Errorf("venue: the hub at %s: %w", addr, err)
	}
	r := bufio.NewReader(tc)
	for range 64 {
		line, err := r.ReadString('\n')
		switch {
		case err != nil:
			return fmt.Errorf("venue: the hub at %s: %w", addr, err)
		case strings.HasPrefix(line, "PONG"):
			return nil
		case strings.HasPrefix(line, "-ERR"):
			if strings.Contains(line, "Authorization") {
				return ErrRefused
			}
			return fmt.Errorf("venue: the hub at %s says %s", addr, strings.TrimSpace(line))
		}
	}
	return fmt.Errorf("venue: the hub at %s did not answer the pairing", addr)
}

// RevokeTable removes the table called (or whose kiosk id is) which from
// the venue of the stopped hub whose database is d and data directory dir:
// its credential is forgotten, so its kiosk can no longer connect (it may
// pair again with the code). It returns the kiosk's id.
func RevokeTable(ctx context.Context, d *db.DB, dir, which string) (string, error) {
	if open, err := d.OpenElsewhere(); err != nil {
		return "", err
	} else if open {
		return "", ErrRunning
	}
	if hub, err := IsHub(ctx, d); err != nil {
		return "", err
	} else if !hub {
		return "", errors.New("venue: not a hub's database")
	}
	kiosks, err := d.VenueKiosks(ctx)
	if err != nil {
		return "", err
	}
	var ids []string
	for _, k := range kiosks {
		if k.ID == which || k.Table == which {
			ids = append(ids, k.ID)
		}
	}
	switch len(ids) {
	case 0:
		return "", fmt.Errorf("venue: no table %q known to the hub", which)
	case 1:
	default:
		return "", fmt.Errorf("venue: %d tables are called %q: name one by its id (%s)", len(ids), which, strings.Join(ids, ", "))
	}
	creds, err := openCreds(filepath.Join(dir, credsFile))
	if err != nil {
		return "", err
	}
	return ids[0], creds.set(ids[0], "")
}
