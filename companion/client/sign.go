package client

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/proto/wire"
)

// Signer is the phone's signing key for a shelf game's results
// (docs/venue.md, "Signed shelf results"): an Ed25519 key that never
// leaves the phone, so that the venue credits the player only with a
// result their own phone signed, whatever a table knows of their player
// key. It signs each play once: a table asking again for the same play
// with other results gets nothing.
type Signer struct {
	key    ed25519.PrivateKey
	mu     sync.Mutex
	signed map[string][32]byte // session id → digest of the statement signed
}

// NewSigner is a Signer of key.
func NewSigner(key ed25519.PrivateKey) *Signer {
	return &Signer{key: key, signed: map[string][32]byte{}}
}

// PublicKey is the signer's public key as sign carries it.
func (s *Signer) PublicKey() string {
	return wire.EncodeSignKey(s.key.Public().(ed25519.PublicKey))
}

// Sign signs st, unless the signer signed another statement of the same
// session before (false).
func (s *Signer) Sign(st wire.ResultStatement) (string, bool) {
	sum := sha256.Sum256(st.Bytes())
	s.mu.Lock()
	defer s.mu.Unlock()
	if prev, ok := s.signed[st.Session]; ok && prev != sum {
		return "", false
	}
	s.signed[st.Session] = sum
	return wire.SignResult(s.key, st), true
}

// LoadSigner returns the signing key kept in path, drawing and storing a
// new one on first use. The file (the key's 32-byte seed, base64url) is
// created whole or not at all and readable by its owner only (0600): it
// is the one thing that proves a result is the player's.
func LoadSigner(path string) (*Signer, error) {
	if s, err := readSigner(path); !errors.Is(err, fs.ErrNotExist) {
		return s, err
	}
	seed := make([]byte, ed25519.SeedSize)
	if _, err := rand.Read(seed); err != nil {
		return nil, fmt.Errorf("signing key: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".sign-*") // mode 0600
	if err != nil {
		return nil, fmt.Errorf("signing key: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.WriteString(base64.RawURLEncoding.EncodeToString(seed) + "\n")
	if err := errors.Join(werr, tmp.Sync(), tmp.Close()); err != nil {
		return nil, fmt.Errorf("signing key %s: %w", path, err)
	}
	// Link fails if another companion created the file meanwhile: use theirs.
	if err := os.Link(tmp.Name(), path); errors.Is(err, fs.ErrExist) {
		return readSigner(path)
	} else if err != nil {
		return nil, fmt.Errorf("signing key %s: %w", path, err)
	}
	return NewSigner(ed25519.NewKeyFromSeed(seed)), nil
}

func readSigner(path string) (*Signer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	seed, err := base64.RawURLEncoding.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("signing key %s: not a key this companion wrote", path)
	}
	return NewSigner(ed25519.NewKeyFromSeed(seed)), nil
}

// finalView is what a statement takes from the seat's final view: the
// sheet, the title and the result, as the phone was shown them.
type finalView struct {
	View struct {
		Sheet  string `json:"sheet"`
		Title  string `json:"title"`
		Result *struct {
			Scores  []int  `json:"scores"`
			Ranks   []int  `json:"ranks"`
			Winners []int  `json:"winners"`
			Reason  string `json:"reason"`
		} `json:"result"`
	} `json:"view"`
}

// Statement is the statement of the play the table asks a signature of
// (kiosk, session), built from the seat's own final view (raw, the
// view's engine.ViewJSON) of game: what the phone showed, not what the
// table says it recorded. False when the view holds no result.
func Statement(kiosk, session, game string, seat int, raw json.RawMessage) (wire.ResultStatement, bool) {
	var v finalView
	if json.Unmarshal(raw, &v) != nil || v.View.Result == nil || len(v.View.Result.Scores) != len(v.View.Result.Ranks) {
		return wire.ResultStatement{}, false
	}
	r := v.View.Result
	st := wire.ResultStatement{Kiosk: kiosk, Session: session, Game: game, Sheet: v.View.Sheet, Title: v.View.Title,
		Reason: r.Reason, Signer: seat}
	for i := range r.Scores {
		won := false
		for _, w := range r.Winners {
			won = won || w == i
		}
		st.Seats = append(st.Seats, wire.SeatResult{Score: r.Scores[i], Rank: r.Ranks[i], Winner: won})
	}
	return st, true
}

// signAsked answers the table's sign-ask with the seat's signature of the
// results its final view showed; nothing without a Signer, a final view,
// or when the signer signed other results of that play before.
func (c *Client) signAsked(ctx context.Context, conn *websocket.Conn, m wire.Message) {
	s := c.opts.Signer
	if s == nil {
		return
	}
	c.mu.Lock()
	w, final := c.welcome, c.final
	c.mu.Unlock()
	st, ok := Statement(m.Kiosk, m.Session, w.Game, int(w.Seat), final)
	if !ok {
		c.opts.Logf("asked to sign a play whose results this phone was not shown")
		return
	}
	sig, ok := s.Sign(st)
	if !ok {
		c.opts.Logf("asked to sign other results of play %s: refused", m.Session)
		return
	}
	if err := c.write(ctx, conn, wire.Message{Type: wire.TypeSign, Session: m.Session, SignKey: s.PublicKey(), Sig: sig}); err != nil {
		c.opts.Logf("sign: %v", err)
		return
	}
	select {
	case c.signed <- struct{}{}:
	default:
	}
}

// Signed is signalled (one signal pending at most) each time the phone
// sent its signature of a play's result: a phone about to leave the
// table once the results show waits for it, lest it go before it signed.
func (c *Client) Signed() <-chan struct{} { return c.signed }
