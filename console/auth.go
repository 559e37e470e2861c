package console

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/internal/gate"
)

// PINStore lets a gate check PINs against the database's bcrypt hash,
// and the table's own PIN pad (a gate.Gate) keep its wrong-PIN budget
// there (gate.Store), across restarts. The console's gate
// (gate.Sources) keeps its per-address budgets in memory only.
type PINStore struct{ DB *db.DB }

// Verify checks pin against the stored hash.
func (p PINStore) Verify(ctx context.Context, pin string) error {
	err := p.DB.CheckStaffPIN(ctx, pin)
	switch {
	case errors.Is(err, db.ErrWrongPIN):
		return gate.ErrWrong
	case errors.Is(err, db.ErrNoStaffPIN):
		return gate.ErrNotSet
	}
	return err
}

// IsSet reports whether a staff PIN was set.
func (p PINStore) IsSet(ctx context.Context) (bool, error) { return p.DB.HasStaffPIN(ctx) }

// WrongUntil reads the saved wrong-PIN budget.
func (p PINStore) WrongUntil(ctx context.Context) (time.Time, error) {
	return p.DB.StaffPINLimit(ctx)
}

// SetWrongUntil saves the wrong-PIN budget.
func (p PINStore) SetWrongUntil(ctx context.Context, t time.Time) error {
	return p.DB.SetStaffPINLimit(ctx, t)
}

// CookieName is the session cookie's name. The __Host- prefix makes
// browsers refuse it unless it is Secure, for the whole host and set by
// the host itself (no Domain): no other machine of the café's network
// can plant one.
const CookieName = "__Host-tablee-console"

// Session lifetimes and limits.
const (
	// SessionTTL is how long a sign-in lasts: a working day, then the PIN
	// again.
	SessionTTL = 12 * time.Hour
	// maxSessions bounds the signed-in browsers kept; the one closest to
	// its end goes first.
	maxSessions = 32
)

// signin is one signed-in browser, kept server side: the cookie holds
// only its random token.
type signin struct {
	csrf    string
	expires time.Time
}

// signins are the live sign-ins, by token; safe for concurrent use.
type signins struct {
	mu   sync.Mutex
	byID map[string]signin
}

// randomToken is 32 bytes from crypto/rand, URL-safe.
func randomToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// open starts a sign-in expiring at expires and returns its token.
func (s *signins) open(now, expires time.Time) (token string, in signin, err error) {
	if token, err = randomToken(); err != nil {
		return "", signin{}, err
	}
	if in.csrf, err = randomToken(); err != nil {
		return "", signin{}, err
	}
	in.expires = expires
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byID == nil {
		s.byID = map[string]signin{}
	}
	for id, x := range s.byID {
		if !now.Before(x.expires) {
			delete(s.byID, id)
		}
	}
	for len(s.byID) >= maxSessions {
		oldest := ""
		for id, x := range s.byID {
			if oldest == "" || x.expires.Before(s.byID[oldest].expires) {
				oldest = id
			}
		}
		delete(s.byID, oldest)
	}
	s.byID[token] = in
	return token, in, nil
}

// get returns the live sign-in of token.
func (s *signins) get(token string, now time.Time) (signin, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in, ok := s.byID[token]
	if ok && !now.Before(in.expires) {
		delete(s.byID, token)
		return signin{}, false
	}
	return in, ok
}

func (s *signins) close(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.byID, token)
}

// closeAll signs every browser out: after a PIN change, whoever knew the
// old one signs in again.
func (s *signins) closeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.byID)
}

// current is the request's sign-in, if its cookie names a live one.
func (h *Handler) current(r *http.Request) (token string, in signin, ok bool) {
	c, err := r.Cookie(CookieName)
	if err != nil || c.Value == "" {
		return "", signin{}, false
	}
	in, ok = h.signins.get(c.Value, h.cfg.Now())
	return c.Value, in, ok
}

// setCookie sends the session cookie: HttpOnly (no script reads it),
// Secure (HTTPS only), SameSite=Strict (no other site's page makes the
// browser send it) and with its expiry.
func setCookie(w http.ResponseWriter, token string, expires time.Time, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: token, Path: "/", Expires: expires, MaxAge: maxAge,
		HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode})
}

// sameOrigin refuses what a browser says comes from another site: an
// Origin that is not this console's, or a Sec-Fetch-Site other than
// same-origin or none (typed in the address bar). A request without
// either header comes from no browser, so no other site made it; the
// session's CSRF token still guards it.
func sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Scheme == "https" && u.Host == r.Host
}

// validCSRF reports whether the form's csrf field is the sign-in's token.
func validCSRF(r *http.Request, in signin) bool {
	got := r.PostFormValue("csrf")
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(in.csrf)) == 1
}

// checkPIN checks pin through the console's gate, with the request's
// source address as its source, and logs a lock-out as it begins with
// that address: the staff read who was trying PINs.
func (h *Handler) checkPIN(r *http.Request, pin string) error {
	from := sourceAddr(r)
	err := h.cfg.Gate.Check(r.Context(), from, pin)
	var locked *gate.LockedError
	if errors.As(err, &locked) && locked.Began {
		h.cfg.Logf("console: too many wrong staff PINs from %s: that address is locked out for %v", from, locked.Wait)
	}
	return err
}

// sourceAddr is the address a request came from, without its port (a
// browser opens a new port per connection). The console is served
// directly, never behind a proxy, so no forwarded header is believed.
func sourceAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Lockouts are the addresses locked out of signing in now, for the staff.
func (h *Handler) Lockouts() []gate.Lockout { return h.cfg.Gate.Lockouts() }
