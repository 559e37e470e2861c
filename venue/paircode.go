package venue

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/internal/gate"
)

// One-time pairing codes (docs/venue.md, "Pairing and security"). The hub
// makes a code when the staff ask for one (its console, or `tablee venue
// --new-code`); a code pairs one kiosk, within CodeLife of being made.
// The hub keeps each code as a salted SHA-256 in its credentials' file
// (venue-kiosks.json), with when it expires and who used it, and keeps a
// used or expired code for a day after its expiry so that a second try
// with it is told why it is refused ("code already used", "code
// expired") rather than "wrong code". The salt keeps a glance at the
// file (mode 0600 anyway) from reading a live code: six digits are no
// secret against a search of a million hashes, and a code's strength is
// its short life, its single use and the wrong-code budget.
const (
	// CodeLife is how long a pairing code is valid.
	CodeLife = 15 * time.Minute
	// codeKept is how long after its expiry a code is still known, to
	// say why it is refused.
	codeKept = 24 * time.Hour
	// maxLiveCodes bounds the unused codes alive at once: each one more
	// is one more chance for a guesser; the oldest goes first.
	maxLiveCodes = 8
	// maxPairings bounds the pairings the hub's console lists.
	maxPairings = 100
)

// pairCode is a pairing code as the hub keeps it.
type pairCode struct {
	Salt    string    `json:"salt"`
	Hash    string    `json:"hash"` // SHA-256 of salt and code, hex
	Made    time.Time `json:"made"`
	Expires time.Time `json:"expires"`
	// Used is when a kiosk paired with it (zero: not yet), Kiosk which.
	Used  time.Time `json:"used,omitzero"`
	Kiosk string    `json:"kiosk,omitempty"`
}

// PairingNote is a pairing as the hub's console lists it: when, the
// kiosk, its table's name as it said it, the verification words of the
// credential it paired with (the table's staff screen shows the same
// words) and the address it came from.
type PairingNote struct {
	At    time.Time `json:"at"`
	Kiosk string    `json:"kiosk"`
	Table string    `json:"table"`
	Words string    `json:"words"`
	From  string    `json:"from"`
}

// Why a code is refused, besides a wrong one (gate.ErrWrong). They wrap
// ErrRefused.
var (
	ErrCodeUsed    = fmt.Errorf("%w: code already used", ErrRefused)
	ErrCodeExpired = fmt.Errorf("%w: code expired", ErrRefused)
)

func codeHash(salt, code string) string {
	h := sha256.Sum256([]byte(salt + code))
	return hex.EncodeToString(h[:])
}

// find returns the index of code among f's codes, -1 if none.
func (f *credFile) find(code string) int {
	for i, c := range f.Codes {
		if subtle.ConstantTimeCompare([]byte(codeHash(c.Salt, code)), []byte(c.Hash)) == 1 {
			return i
		}
	}
	return -1
}

// codeState is why code cannot pair now (nil: it can): gate.ErrWrong,
// ErrCodeUsed or ErrCodeExpired.
func (f *credFile) codeState(code string, now time.Time) error {
	i := f.find(code)
	switch {
	case i < 0:
		return gate.ErrWrong
	case !f.Codes[i].Used.IsZero():
		return ErrCodeUsed
	case !now.Before(f.Codes[i].Expires):
		return ErrCodeExpired
	}
	return nil
}

// prune forgets the codes expired for longer than codeKept, and the
// unused live codes past maxLiveCodes, oldest first.
func (f *credFile) prune(now time.Time) {
	f.Codes = slices.DeleteFunc(f.Codes, func(c pairCode) bool { return now.Sub(c.Expires) > codeKept })
	for {
		live := 0
		oldest := -1
		for i, c := range f.Codes {
			if c.Used.IsZero() && now.Before(c.Expires) {
				live++
				if oldest < 0 || c.Made.Before(f.Codes[oldest].Made) {
					oldest = i
				}
			}
		}
		if live <= maxLiveCodes {
			return
		}
		// Expired at once: a try with it is told so.
		f.Codes[oldest].Expires = now
	}
}

// newCode makes a code valid for CodeLife from now, kept in s.
func (s *credStore) newCode(now time.Time) (string, time.Time, error) {
	var code string
	var made error
	expires := now.Add(CodeLife).UTC().Truncate(time.Second)
	err := s.update(func(f *credFile) {
		f.prune(now)
		for {
			n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
			if err != nil {
				made = fmt.Errorf("venue hub: pairing code: %w", err)
				return
			}
			code = fmt.Sprintf("%06d", n.Int64())
			// A code the hub still knows would be told as used or
			// expired, or pair twice.
			if f.find(code) < 0 {
				break
			}
		}
		salt := rand.Text()
		f.Codes = append(f.Codes, pairCode{Salt: salt, Hash: codeHash(salt, code), Made: now.UTC(), Expires: expires})
		f.prune(now)
	})
	if err = errors.Join(made, err); err != nil {
		return "", time.Time{}, err
	}
	return code, expires, nil
}

// consume pairs kiosk id with code if the code is still valid: in one
// change of the file under its lock, so two kiosks with one code cannot
// both pair (across processes too), the code is marked used, the
// kiosk's credential hash kept and the pairing noted.
func (s *credStore) consume(code string, note PairingNote, hash string, now time.Time) error {
	var refused error
	err := s.update(func(f *credFile) {
		if refused = f.codeState(code, now); refused != nil {
			return
		}
		i := f.find(code)
		f.Codes[i].Used, f.Codes[i].Kiosk = now.UTC(), note.Kiosk
		f.Kiosks[note.Kiosk] = hash
		f.Paired[note.Kiosk] = now.UTC()
		f.Pairings = append(f.Pairings, note)
		if len(f.Pairings) > maxPairings {
			f.Pairings = slices.Delete(f.Pairings, 0, len(f.Pairings)-maxPairings)
		}
		f.prune(now)
	})
	if err != nil {
		return err
	}
	return refused
}

// pairings are the pairings noted, newest first.
func (s *credStore) pairings() []PairingNote {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := slices.Clone(s.f.Pairings)
	slices.Reverse(out)
	return out
}

// codeVerifier checks pairing codes for the hub's per-address gate
// (gate.Sources): a wrong code spends the address's budget, a used or
// expired one does not (it is no guess: it was a right code once), and
// is told as such.
type codeVerifier struct {
	creds *credStore
	now   func() time.Time
}

func (v codeVerifier) Verify(_ context.Context, code string) error {
	// A code made by `tablee venue --new-code` beside the running hub
	// counts at once.
	if err := v.creds.refresh(); err != nil {
		return err
	}
	v.creds.mu.Lock()
	defer v.creds.mu.Unlock()
	return v.creds.f.codeState(code, v.now())
}

func (v codeVerifier) IsSet(context.Context) (bool, error) { return true, nil }

// NewCode makes a one-time pairing code on the running hub: valid for one
// pairing within CodeLife. The code is not logged (the journal is no
// place for it); that one was made, and until when, is.
func (h *Hub) NewCode(ctx context.Context) (string, time.Time, error) {
	code, expires, err := h.auth.creds.newCode(h.now())
	if err != nil {
		return "", time.Time{}, err
	}
	h.logf("venue hub: a pairing code was made, valid until %s", expires.Local().Format(time.TimeOnly))
	return code, expires, nil
}

// Pairings are the kiosks' pairings with the hub, newest first (the last
// hundred), for its console.
func (h *Hub) Pairings() []PairingNote {
	if err := h.auth.creds.refresh(); err != nil {
		h.logf("venue hub: %v", err)
	}
	return h.auth.creds.pairings()
}

// PairLockouts are the addresses whose wrong pairing codes lock them
// out now, for the hub's console.
func (h *Hub) PairLockouts() []gate.Lockout { return h.pair.gate.Lockouts() }

// NewCode makes a one-time pairing code for the hub whose database is d
// and data directory dir, running or not (tablee venue --new-code), valid
// for CodeLife from now (nil: time.Now): the
// running hub reads its credentials' file again at the next pairing.
func NewCode(ctx context.Context, d *db.DB, dir string, now func() time.Time) (string, time.Time, error) {
	if hub, err := IsHub(ctx, d); err != nil {
		return "", time.Time{}, err
	} else if !hub {
		return "", time.Time{}, errors.New("venue: not a hub's database (start the hub once: tablee venue --db FILE)")
	}
	creds, err := openCreds(filepath.Join(dir, credsFile))
	if err != nil {
		return "", time.Time{}, err
	}
	return creds.newCode(clock(now)())
}

// retireFixedCode removes the fixed pairing code an earlier build kept in
// dir: it is no key to the venue any more (one-time codes replace it),
// and the credentials' file, written first, marks the directory as a
// hub's (RebuildLost).
func retireFixedCode(dir string, creds *credStore, logf func(string, ...any)) error {
	if err := creds.update(func(*credFile) {}); err != nil {
		return err
	}
	err := os.Remove(filepath.Join(dir, codeFile))
	switch {
	case err == nil:
		logf("venue hub: the fixed pairing code of an earlier build is retired: kiosks pair with a one-time code now (tablee venue --new-code, or the hub's console)")
	case !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("venue hub: %w", err)
	}
	return nil
}
