package console

import (
	"bytes"
	"net/http"
	"net/url"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/proto/tlscert"
)

// view is what every page template gets.
type view struct {
	Lang   i18n.Lang
	Langs  []i18n.Lang
	Page   string // the page's name, for the menu
	Path   string // the page's path and query, for the language links
	CSRF   string // "" when nobody is signed in
	Phrase string
	Notice string
	Error  string
	Calls  int      // unanswered staff calls, in the menu
	Brand  string   // a text key after the console's title ("" none)
	Menu   []string // the pages the menu lists
	// Lockouts are the addresses locked out of signing in after wrong
	// PINs, on the tables page: someone there is trying PINs.
	Lockouts []lockoutView
	// Aside counts the venue's sessions kept aside (aside.go), in a
	// notice on every signed-in page.
	Aside int

	// Contested counts the venue's contested phones (signed.go), in a
	// notice likewise.
	Contested int

	Data     any
	cat      *i18n.Catalog
	games    *engine.Registry
	location *time.Location
}

// lockoutView is an address locked out, and for how many seconds more.
type lockoutView struct {
	From    string
	Seconds int
}

// T is the text of key in the page's language, with parameters as
// name, value pairs.
func (v view) T(key string, kv ...any) string {
	if len(kv) == 0 {
		return v.cat.T(v.Lang, key)
	}
	p := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		if name, ok := kv[i].(string); ok {
			p[name] = kv[i+1]
		}
	}
	return v.cat.T(v.Lang, key, p)
}

// Game is a game's name in the page's language.
func (v view) Game(id string) string {
	if r, err := v.games.Get(id); err == nil {
		return v.cat.T(v.Lang, r.Info().NameKey())
	}
	return id
}

// When is a time as the staff read it: local date and time.
func (v view) When(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.In(v.location).Format("2006-01-02 15:04")
}

// LangURL is this page in language l.
func (v view) LangURL(l i18n.Lang) string {
	u, err := url.Parse(v.Path)
	if err != nil {
		return "/?lang=" + string(l)
	}
	q := u.Query()
	q.Set("lang", string(l))
	u.RawQuery = q.Encode()
	return u.String()
}

// LangName is a language's name in itself.
func (v view) LangName(l i18n.Lang) string { return v.cat.T(l, "console.lang.name") }

// Minutes is a duration in whole minutes, in words.
func (v view) Minutes(d time.Duration) string {
	return v.T("console.minutes", "N", int(d.Round(time.Minute)/time.Minute))
}

// langCookie keeps the console's language in the browser.
const langCookie = "tablee-console-lang"

// lang is the request's language: ?lang= (kept in a cookie), else the
// cookie, else the browser's first language.
func lang(w http.ResponseWriter, r *http.Request) i18n.Lang {
	if q := r.URL.Query().Get("lang"); q != "" {
		l := i18n.Parse(q)
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600,
			Secure: true, HttpOnly: true, SameSite: http.SameSiteStrictMode})
		return l
	}
	if c, err := r.Cookie(langCookie); err == nil {
		return i18n.Parse(c.Value)
	}
	return i18n.Parse(r.Header.Get("Accept-Language"))
}

// newView is page's view for request r, signed in when csrf is set: the
// language, the menu with its count of open calls, the lock-outs on the
// tables page, the notice of a change just done.
func (h *Handler) newView(w http.ResponseWriter, r *http.Request, page, csrf string) view {
	l := lang(w, r)
	v := view{Lang: l, Langs: i18n.Langs(), Page: page, Path: r.URL.RequestURI(), CSRF: csrf, Phrase: tlscert.ShowPhrase(h.Phrase(), string(l)),
		Brand: h.p.brand, Menu: h.p.menu, cat: h.cfg.Texts, games: h.cfg.Games, location: time.Local}
	if csrf != "" {
		v.Calls, v.Aside = h.p.openCalls(r.Context()), h.asideCount(r.Context())
		v.Contested = h.contestedCount(r.Context())
	}
	if csrf != "" && page == "tables" {
		now := h.cfg.Now()
		for _, l := range h.cfg.Gate.Lockouts() {
			v.Lockouts = append(v.Lockouts, lockoutView{From: l.From, Seconds: int(l.Until.Sub(now).Round(time.Second) / time.Second)})
		}
	}
	if done := r.URL.Query().Get("done"); done != "" && h.cfg.Texts.Has("console.done."+done) {
		v.Notice = v.T("console.done." + done)
	}
	return v
}

// render writes page name with v; "fragment" renders only its content.
func (h *Handler) render(w http.ResponseWriter, status int, v view, fragment bool) {
	t, ok := h.pages[v.Page]
	if !ok {
		http.Error(w, "no such page", http.StatusInternalServerError)
		return
	}
	var b bytes.Buffer
	tmpl := "layout"
	if fragment {
		tmpl = "content"
	}
	if err := t.ExecuteTemplate(&b, tmpl, v); err != nil {
		h.cfg.Logf("console: page %s: %v", v.Page, err)
		http.Error(w, "page failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// fail shows err on the page of v, logged.
func (h *Handler) fail(w http.ResponseWriter, v view, err error) {
	h.cfg.Logf("console: %s: %v", v.Page, err)
	v.Error = v.T("console.error.generic")
	h.render(w, http.StatusInternalServerError, v, false)
}

// asset serves the stylesheet or the script as they are. Not kiosk/web's
// asset serving (gzip, ETag): that is the phones' page over a café's
// Wi-Fi, on every join; these are two small files for a staff browser
// that keeps them, and the console may not import the web companion.
func (h *Handler) asset(typ string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", typ)
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(h.static[r.URL.Path])
	}
}

// signedIn is a page handler for a signed-in browser.
type signedIn func(w http.ResponseWriter, r *http.Request, in signin, token string)

// get serves a page to a signed-in browser; others go to the sign-in.
func (h *Handler) get(f signedIn) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, in, ok := h.current(r)
		if !ok {
			http.Redirect(w, r, "/login", http.StatusSeeOther)
			return
		}
		f(w, r, in, token)
	}
}

// post runs a change for a signed-in browser whose form carries its
// CSRF token; anything else is refused and changes nothing.
func (h *Handler) post(f signedIn) http.HandlerFunc {
	return h.get(func(w http.ResponseWriter, r *http.Request, in signin, token string) {
		if !validCSRF(r, in) {
			http.Error(w, "missing or wrong CSRF token", http.StatusForbidden)
			return
		}
		f(w, r, in, token)
	})
}
