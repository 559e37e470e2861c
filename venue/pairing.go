package venue

import (
	"bufio"
	"cmp"
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
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats-server/v2/server"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/tlscert"
)

// Pairing, as the hub sees it (docs/venue.md, "Pairing and security").
//
// A kiosk pairs once: it makes a credential of its own (32 random bytes)
// and sends it, with a one-time code the staff had the hub make
// (paircode.go), to the hub's pairing address over TLS pinned to the
// hub's certificate (pairserve.go). The hub checks the code through a
// wrong-code budget per address (internal/gate's Sources, as the staff
// console's PIN) and, when it is right, keeps the credential's SHA-256 for
// that kiosk and marks the code used. From then on the kiosk's leaf link
// logs in with its credential alone: a code is never a key to the
// venue's leaf port, a kiosk can be revoked on its own (Hub.Revoke), and
// a machine that has no credential cannot connect at all, so it can
// neither publish nor read. Pairing is not done over the leaf link: a
// NATS refusal says only "Authorization Violation", and the staff must
// be told whether a code was wrong, used or expired.
const (
	// credsFile is the file of the kiosks' credentials, the pairing
	// codes and the pairings in the hub's data directory.
	credsFile = "venue-kiosks.json"
)

// ErrRefused is returned by Pair when the hub refused the code: wrong
// (this error itself), used or expired (ErrCodeUsed, ErrCodeExpired, which
// wrap it), or, after too many wrong codes from the kiosk's address,
// any code for a while (a *CodeLockedError, which wraps it).
var ErrRefused = errors.New("venue: the hub refused the pairing code")

// hubAuth decides who may connect to the hub: its own in-process clients,
// and kiosks' leaf links with a credential the hub knows.
type hubAuth struct {
	srv   *server.Server // set by startServer before the server starts
	creds *credStore
	logf  func(string, ...any)
	now   func() time.Time

	mu sync.Mutex
	// refused are the refused logins with a kiosk's name, by kiosk and
	// connection name (refusedLogin).
	refused map[string]*refusedLogins
}

// refusedLogins are a kiosk's refused logins under one connection name:
// how many, and when one was last logged.
type refusedLogins struct {
	n, unlogged int
	logged      time.Time
}

// refusedLogin notes and logs a kiosk's refused login: one line a minute
// at most per kiosk and connection name (with how many were refused
// since), as a table removed by a build that did not notice it was
// (removed.go) redials four times a second.
func (a *hubAuth) refusedLogin(id, name string, from net.Addr, why string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	if a.refused == nil {
		a.refused = map[string]*refusedLogins{}
	}
	if len(a.refused) > 1024 {
		// Logins made up by a stranger, each a new id: forget those
		// not logged for a minute.
		for k, r := range a.refused {
			if now.Sub(r.logged) > time.Minute {
				delete(a.refused, k)
			}
		}
	}
	key := id + " " + name
	r := a.refused[key]
	if r == nil {
		r = &refusedLogins{}
		a.refused[key] = r
	}
	r.n++
	if now.Sub(r.logged) < time.Minute {
		r.unlogged++
		return
	}
	more := ""
	if r.unlogged > 0 {
		more = fmt.Sprintf(" (and %d more since %s)", r.unlogged, r.logged.Format(time.TimeOnly))
	}
	a.logf("venue hub: login of kiosk %s (%s) from %v refused: %s%s", id, name, from, why, more)
	r.logged, r.unlogged = now, 0
}

func newHubAuth(dir string, logf func(string, ...any), now func() time.Time) (*hubAuth, error) {
	creds, err := openCreds(filepath.Join(dir, credsFile))
	if err != nil {
		return nil, err
	}
	return &hubAuth{creds: creds, logf: logf, now: clock(now)}, nil
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
	// A revocation written by another process (tablee venue --revoke
	// beside the running hub) counts at once.
	if err := a.creds.refresh(); err != nil {
		a.logf("venue hub: %v", err)
	}
	// A password "pair:CODE:CREDENTIAL" (how earlier builds paired) is
	// no credential the hub knows either.
	want := a.creds.get(id)
	if want == "" || subtle.ConstantTimeCompare([]byte(want), []byte(credHash(opts.Password))) != 1 {
		a.refusedLogin(id, opts.Name, c.RemoteAddress(), "not a credential of this venue")
		return false
	}
	if a.creds.isCut(id) {
		// Over its limits (limits.go): until the staff let it in.
		a.refusedLogin(id, opts.Name, c.RemoteAddress(), "cut off for going over its limits (let it in again from the hub's console or tablee venue --let-in)")
		return false
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

// credStore is the hub's file of kiosks' credentials (their SHA-256), of
// the pairing codes and of the pairings. Two processes may write it: the
// running hub (a pairing, a code or a revocation from its console) and
// `tablee venue --revoke` or `--new-code` beside it. Each change is a read-modify-write of the
// whole file under an exclusive flock on a lock file beside it (the file
// itself is replaced by a rename, so it cannot carry the lock), so
// neither writer undoes the other's change; the hub reads the file again
// when it changed under it (refresh).
type credStore struct {
	path string
	mu   sync.Mutex
	f    credFile
	// stamp is the file as last read or written, to notice another
	// process's change; reloaded is set when refresh read a change, until
	// takeReloaded.
	stamp    os.FileInfo
	reloaded bool
}

type credFile struct {
	// Kiosks maps a kiosk's id to its credential's SHA-256 (hex).
	Kiosks map[string]string `json:"kiosks"`
	// Paired is when each kiosk paired (absent for kiosks paired by an
	// earlier build: their first hello stands for it).
	Paired map[string]time.Time `json:"paired,omitempty"`
	// Codes are the pairing codes made (paircode.go), Pairings the
	// pairings they made, oldest first.
	Codes    []pairCode    `json:"codes,omitempty"`
	Pairings []PairingNote `json:"pairings,omitempty"`
	// CutOff are the kiosks cut off for going over their limits
	// (limits.go), until the staff let them in again.
	CutOff map[string]CutOff `json:"cut_off,omitempty"`
	// Consoles are the serials of the console certificates the hub's
	// authority issued each kiosk (the last), RevokedConsoles those of
	// the kiosks removed since (consolerenew.go).
	Consoles        map[string]string `json:"consoles,omitempty"`
	RevokedConsoles []tlscert.Revoked `json:"revoked_consoles,omitempty"`
}

func openCreds(path string) (*credStore, error) {
	s := &credStore{path: path}
	if err := s.read(); err != nil {
		return nil, err
	}
	return s, nil
}

// read loads the file (none: no kiosk yet). s.mu is held, or s is not
// shared yet.
func (s *credStore) read() error {
	f := credFile{}
	file, err := os.Open(s.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		s.stamp = nil
	case err != nil:
		return fmt.Errorf("venue hub: %w", err)
	default:
		defer file.Close()
		// The stamp of the very file read (another writer may rename
		// a newer one over its name meanwhile: that one shows as a
		// change at the next refresh).
		fi, err := file.Stat()
		if err != nil {
			return fmt.Errorf("venue hub: %w", err)
		}
		b, err := io.ReadAll(file)
		if err != nil {
			return fmt.Errorf("venue hub: %w", err)
		}
		if err := json.Unmarshal(b, &f); err != nil {
			return fmt.Errorf("venue hub: %s: %w", s.path, err)
		}
		s.stamp = fi
	}
	if f.Kiosks == nil {
		f.Kiosks = map[string]string{}
	}
	if f.Paired == nil {
		f.Paired = map[string]time.Time{}
	}
	s.f = f
	return nil
}

// changed reports whether the file is not the one last read or written.
// s.mu is held.
func (s *credStore) changed() bool {
	fi, err := os.Stat(s.path)
	if err != nil {
		return s.stamp != nil
	}
	return s.stamp == nil || !os.SameFile(fi, s.stamp) || !fi.ModTime().Equal(s.stamp.ModTime()) || fi.Size() != s.stamp.Size()
}

// refresh reads the file again if another process changed it (`tablee
// venue --revoke` beside the running hub): a stat when it did not.
func (s *credStore) refresh() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.changed() {
		return nil
	}
	if err := s.read(); err != nil {
		return err
	}
	s.reloaded = true
	return nil
}

// takeReloaded reports whether refresh read a change since the last call.
func (s *credStore) takeReloaded() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.reloaded
	s.reloaded = false
	return r
}

func (s *credStore) get(id string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.f.Kiosks[id]
}

// pairedAt is when kiosk id paired, zero if unknown.
func (s *credStore) pairedAt(id string) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.f.Paired[id]
}

// ids are the paired kiosks' ids.
func (s *credStore) ids() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.f.Kiosks))
	for id := range s.f.Kiosks {
		out = append(out, id)
	}
	return out
}

// set keeps kiosk id's credential hash, paired at now; "" forgets it.
func (s *credStore) set(id, hash string, now time.Time) error {
	return s.update(func(f *credFile) {
		if hash == "" {
			delete(f.Kiosks, id)
			delete(f.Paired, id)
			revokeConsole(f, id, now)
		} else {
			f.Kiosks[id] = hash
			f.Paired[id] = now.UTC()
		}
	})
}

// update changes the file under its lock: read again (another process
// may have changed it), changed by change, written.
func (s *credStore) update(change func(*credFile)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	lock, err := os.OpenFile(s.path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	// Closing the file releases the lock.
	defer lock.Close()
	if err := ownAsDir(s.path + ".lock"); err != nil {
		return err
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("venue hub: credentials: lock: %w", err)
	}
	if s.changed() {
		if err := s.read(); err != nil {
			return err
		}
		s.reloaded = true
	}
	change(&s.f)
	return s.save()
}

// save writes the file whole, synced, then renames it over the old one: a
// power cut leaves the old file or the new, never half of one. s.mu and
// the file's lock are held.
func (s *credStore) save() error {
	b, err := json.MarshalIndent(s.f, "", "\t")
	if err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	tmp := s.path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = ownAsDir(tmp)
	}
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
	s.stamp, _ = os.Stat(s.path)
	return nil
}

// ownAsDir gives path to the owner of its directory when root writes it:
// `sudo tablee venue --revoke` without `-u tablee` must not leave the
// hub's files unreadable to the hub, which runs as the directory's owner.
func ownAsDir(path string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	dir, err := os.Stat(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	st, ok := dir.Sys().(*syscall.Stat_t)
	if !ok || st.Uid == 0 {
		return nil
	}
	if err := os.Chown(path, int(st.Uid), int(st.Gid)); err != nil {
		return fmt.Errorf("venue hub: credentials: %w", err)
	}
	return nil
}

// Revoke removes kiosk id from the venue: its credential is forgotten
// first, so a new connection is refused, then its link, if up, is closed
// and the venue stream stops sourcing its stream. Its sessions stay in the
// venue. It may pair again with the code.
func (h *Hub) Revoke(ctx context.Context, id string) error {
	if err := h.auth.creds.set(id, "", h.now()); err != nil {
		return fmt.Errorf("venue hub: revoke %s: %w", id, err)
	}
	h.revocations()
	return h.drop(ctx, id)
}

// drop forgets what the running hub holds of kiosk id, whose credential
// is gone: its link is closed, its source removed from the venue stream,
// its web page no longer offered, its calls no longer listed.
func (h *Hub) drop(ctx context.Context, id string) error {
	lz, err := h.e.srv.Leafz(nil)
	if err != nil {
		return fmt.Errorf("venue hub: revoke %s: %w", id, err)
	}
	for _, l := range lz.Leafs {
		if l.Name == kioskServerPrefix+id {
			// Its only error is "no such leafnode": the link closed
			// meanwhile, nothing left to close.
			h.e.srv.DisconnectClientByID(l.ID)
		}
	}
	h.mu.Lock()
	delete(h.src.live, id)
	delete(h.src.added, id)
	delete(h.src.kicked, id)
	delete(h.news.heard, id)
	delete(h.news.noted, id)
	delete(h.news.pages, id)
	delete(h.news.calls, id)
	delete(h.news.answered, id)
	h.mu.Unlock()
	if err := h.updateSources(ctx); err != nil {
		return fmt.Errorf("venue hub: revoke %s: %w", id, err)
	}
	h.logf("venue hub: kiosk %s removed from the venue: its link closed, its stream no longer sourced", id)
	return nil
}

// dropRevoked drops the kiosks revoked by another process (tablee venue
// --revoke beside the running hub), once the hub has read their
// credentials' file again: those it sources, and those linked.
func (h *Hub) dropRevoked(ctx context.Context) {
	if err := h.auth.creds.refresh(); err != nil {
		h.logf("venue hub: %v", err)
	}
	if !h.auth.creds.takeReloaded() {
		return
	}
	ids := map[string]bool{}
	h.mu.Lock()
	for id := range h.src.live {
		ids[id] = true
	}
	h.mu.Unlock()
	if lz, err := h.e.srv.Leafz(nil); err == nil {
		for _, l := range lz.Leafs {
			if id, ok := strings.CutPrefix(l.Name, kioskServerPrefix); ok {
				ids[id] = true
			}
		}
	}
	for id := range ids {
		if h.auth.creds.get(id) != "" {
			continue
		}
		if err := h.drop(ctx, id); err != nil && ctx.Err() == nil {
			h.logf("%v", err)
		}
	}
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

// PairedTable is a table paired with the hub, as its data directory and
// database say (tablee venue --tables).
type PairedTable struct {
	Kiosk string // the kiosk's venue id
	Name  string // its table's name, from its last hello ("" before any)
	// Paired is when it paired (its first hello for a kiosk paired by an
	// earlier build; zero if neither is known).
	Paired time.Time
	// LastSeen is its last hello the hub noted (at most a minute
	// old while its link is up; zero before any).
	LastSeen time.Time
	// CutOff is set while it is cut off for going over its limits.
	CutOff *CutOff
}

// PairedTables lists the tables paired with the hub whose database is d
// and data directory dir, by name then id, whether the hub runs or not: it
// only reads.
func PairedTables(ctx context.Context, d *db.DB, dir string) ([]PairedTable, error) {
	if hub, err := IsHub(ctx, d); err != nil {
		return nil, err
	} else if !hub {
		return nil, errors.New("venue: not a hub's database")
	}
	creds, err := openCreds(filepath.Join(dir, credsFile))
	if err != nil {
		return nil, err
	}
	kiosks, err := d.VenueKiosks(ctx)
	if err != nil {
		return nil, err
	}
	known := map[string]db.VenueKiosk{}
	for _, k := range kiosks {
		known[k.ID] = k
	}
	var out []PairedTable
	for _, id := range creds.ids() {
		k := known[id]
		t := PairedTable{Kiosk: id, Name: k.Table, Paired: creds.pairedAt(id), LastSeen: k.LastSeen}
		if c, ok := creds.cutOffs()[id]; ok {
			t.CutOff = &c
		}
		if t.Paired.IsZero() {
			t.Paired = k.FirstSeen
		}
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b PairedTable) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Kiosk, b.Kiosk))
	})
	return out, nil
}

// RevokeTable removes the table called (or whose kiosk id is) which from
// the venue of the hub whose database is d and data directory dir: its
// credential is forgotten, so its kiosk can no longer connect (it may
// pair again with the code). It returns the kiosk's id. The hub may be
// running: the file is changed under its lock, and the running hub reads
// it again at its next leaf login and within a watch tick (5 s), then
// closes the table's link and stops sourcing it.
func RevokeTable(ctx context.Context, d *db.DB, dir, which string) (string, error) {
	id, err := pairedTable(ctx, d, dir, which)
	if err != nil {
		return "", err
	}
	creds, err := openCreds(filepath.Join(dir, credsFile))
	if err != nil {
		return "", err
	}
	if err := creds.set(id, "", time.Time{}); err != nil {
		return id, err
	}
	return id, revokeTableConsole(d, creds)
}

// pairedTable is the kiosk id of the table called (or whose kiosk id is)
// which among those paired with the hub.
func pairedTable(ctx context.Context, d *db.DB, dir, which string) (string, error) {
	tables, err := PairedTables(ctx, d, dir)
	if err != nil {
		return "", err
	}
	var ids []string
	for _, t := range tables {
		if t.Kiosk == which || t.Name == which {
			ids = append(ids, t.Kiosk)
		}
	}
	switch len(ids) {
	case 0:
		return "", fmt.Errorf("venue: no table %q is paired with the hub (tablee venue --tables lists them)", which)
	case 1:
	default:
		return "", fmt.Errorf("venue: %d tables are called %q: name one by its id (%s)", len(ids), which, strings.Join(ids, ", "))
	}
	return ids[0], nil
}
