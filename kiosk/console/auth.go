package console

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/kiosk/staff"
)

// PINStore lets a staff.Gate check PINs against the database's bcrypt
// hash and keep its wrong-PIN budget there (staff.LimitStore): the
// kiosk's screen and the console share one gate over it, so a wrong PIN
// typed in either counts against the same budget, across restarts.
type PINStore struct{ DB *db.DB }

// CheckPIN checks pin against the stored hash.
func (p PINStore) CheckPIN(ctx context.Context, pin string) error {
	err := p.DB.CheckStaffPIN(ctx, pin)
	switch {
	case errors.Is(err, db.ErrWrongPIN):
		return staff.ErrWrong
	case errors.Is(err, db.ErrNoStaffPIN):
		return staff.ErrNoPIN
	}
	return err
}

// HasPIN reports whether a staff PIN was set.
func (p PINStore) HasPIN(ctx context.Context) (bool, error) { return p.DB.HasStaffPIN(ctx) }

// WrongPINsUntil reads the saved wrong-PIN budget.
func (p PINStore) WrongPINsUntil(ctx context.Context) (time.Time, error) {
	return p.DB.StaffPINLimit(ctx)
}

// SetWrongPINsUntil saves the wrong-PIN budget.
func (p PINStore) SetWrongPINsUntil(ctx context.Context, t time.Time) error {
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
