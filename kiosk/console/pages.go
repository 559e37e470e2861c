package console

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/gate"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/say"
	"github.com/tablee/tablee/session"
)

// routes names every page. Pages other than the sign-in need a sign-in;
// POSTs also need its CSRF token.
func (h *Handler) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", h.home)
	m.HandleFunc("GET /login", h.loginPage)
	m.HandleFunc("POST /login", h.login)
	m.HandleFunc("POST /logout", h.post(h.logout))
	m.HandleFunc("GET /console.css", h.asset("text/css; charset=utf-8"))
	m.HandleFunc("GET /console.js", h.asset("text/javascript; charset=utf-8"))
	m.HandleFunc("GET /venue-ca.crt", h.venueCA)
	if h.cfg.Hub != nil {
		h.hubRoutes(m)
		h.mux = m
		return
	}
	m.HandleFunc("GET /tables", h.get(h.tables))
	m.HandleFunc("GET /tables/live", h.get(h.tablesLive))
	m.HandleFunc("POST /calls/{id}/answer", h.post(h.answer))
	m.HandleFunc("GET /leaderboards", h.get(h.leaderboards))
	h.titleRoutes(m)
	m.HandleFunc("GET /sessions", h.get(h.sessions))
	m.HandleFunc("GET /sessions/{id}", h.get(h.session))
	m.HandleFunc("POST /sessions/{id}/replay", h.post(h.replay))
	m.HandleFunc("GET /players", h.get(h.players))
	m.HandleFunc("GET /players/{id}", h.get(h.player))
	m.HandleFunc("POST /players/{id}/rename", h.post(h.rename))
	m.HandleFunc("POST /players/{id}/merge", h.post(h.merge))
	m.HandleFunc("GET /players/{id}/forget", h.get(h.forgetPage))
	m.HandleFunc("POST /players/{id}/forget", h.post(h.forget))
	m.HandleFunc("GET /downloads", h.get(h.downloads))
	m.HandleFunc("GET /export/{file}", h.get(h.export))
	m.HandleFunc("GET /catalogue", h.get(h.catalogue))
	m.HandleFunc("POST /catalogue/preview", h.post(h.previewImport))
	m.HandleFunc("POST /catalogue/import", h.post(h.confirmImport))
	m.HandleFunc("POST /catalogue/notes", h.post(h.closeNote))
	h.sheetRoutes(m)
	h.ludothequeRoutes(m)
	m.HandleFunc("GET /settings", h.get(h.settings))
	m.HandleFunc("POST /settings", h.post(h.saveSettings))
	m.HandleFunc("POST /settings/pin", h.post(h.changePIN))
	m.HandleFunc("POST /settings/options", h.post(h.saveOptions))
	h.mux = m
}

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
	Calls  int  // unanswered staff calls, in the menu
	Hub    bool // the venue hub's console
	// Lockouts are the addresses locked out of signing in after wrong
	// PINs, on the tables page: someone there is trying PINs.
	Lockouts []lockoutView
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

func (h *Handler) newView(w http.ResponseWriter, r *http.Request, page, csrf string) view {
	l := lang(w, r)
	v := view{Lang: l, Langs: i18n.Langs(), Page: page, Path: r.URL.RequestURI(), CSRF: csrf, Phrase: tlscert.ShowPhrase(h.Phrase(), string(l)),
		Hub: h.cfg.Hub != nil, cat: h.cfg.Texts, games: h.cfg.Games, location: time.Local}
	if csrf != "" {
		v.Calls = h.openCalls(r.Context())
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

// openCalls counts the calls nobody answered for the menu: this table's,
// or on the hub every table's. A hub that cannot say counts none; its
// tables page says why.
func (h *Handler) openCalls(ctx context.Context) int {
	if h.cfg.Hub == nil {
		return len(h.calls.pending())
	}
	tables, err := h.askHubTables(ctx)
	if err != nil {
		return 0
	}
	n := 0
	for _, t := range tables {
		n += len(t.Calls)
	}
	return n
}

// render writes page name with v; "fragment" renders only its content.
func (h *Handler) render(w http.ResponseWriter, status int, v view, fragment bool) {
	t, ok := h.pages[v.Page]
	if hub, found := h.pages["hub_"+v.Page]; found && v.Hub {
		// The hub's own version of a page (hub_*.html).
		t, ok = hub, true
	}
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

func (h *Handler) home(w http.ResponseWriter, r *http.Request) {
	if _, _, ok := h.current(r); ok {
		http.Redirect(w, r, "/tables", http.StatusSeeOther)
		return
	}
	h.loginPage(w, r)
}

func (h *Handler) loginPage(w http.ResponseWriter, r *http.Request) {
	h.render(w, http.StatusOK, h.newView(w, r, "login", ""), false)
}

// login checks the PIN through the console's gate (a wrong-PIN budget
// per source address) and signs the browser in.
func (h *Handler) login(w http.ResponseWriter, r *http.Request) {
	v := h.newView(w, r, "login", "")
	err := h.checkPIN(r, r.PostFormValue("pin"))
	var locked *gate.LockedError
	switch {
	case err == nil:
	case errors.As(err, &locked) && !locked.Began:
		secs := int(locked.Wait.Round(time.Second) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		v.Error = v.T("console.login.locked", "Seconds", secs)
		h.render(w, http.StatusTooManyRequests, v, false)
		return
	case errors.Is(err, gate.ErrWrong):
		v.Error = v.T("console.login.wrong")
		h.render(w, http.StatusUnauthorized, v, false)
		return
	case errors.Is(err, gate.ErrNotSet) && v.Hub:
		v.Error = v.T("console.login.hub_no_pin")
		h.render(w, http.StatusForbidden, v, false)
		return
	case errors.Is(err, gate.ErrNotSet):
		v.Error = v.T("console.login.no_pin")
		h.render(w, http.StatusForbidden, v, false)
		return
	default:
		h.fail(w, v, err)
		return
	}
	now := h.cfg.Now()
	token, _, err := h.signins.open(now, now.Add(SessionTTL))
	if err != nil {
		h.fail(w, v, err)
		return
	}
	setCookie(w, token, now.Add(SessionTTL), int(SessionTTL/time.Second))
	http.Redirect(w, r, "/tables", http.StatusSeeOther)
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request, _ signin, token string) {
	h.signins.close(token)
	setCookie(w, "", time.Unix(0, 0), -1)
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

// liveData is the tables page: the calls and the tables.
type liveData struct {
	Calls  []callView
	Tables []tableView
}

type callView struct {
	ID, Table string
	Since     time.Duration
}

type tableView struct {
	LiveTable
	Running bool
	Playing time.Duration
	Waiting int
	// DiskSince is when the table's disk filled, HH:MM; "" while it
	// writes.
	DiskSince string
}

func (h *Handler) liveData() liveData {
	now := h.cfg.Now()
	var d liveData
	for _, c := range h.calls.pending() {
		d.Calls = append(d.Calls, callView{ID: c.ID, Table: c.Table, Since: now.Sub(c.At)})
	}
	if h.cfg.Live != nil {
		for _, t := range h.cfg.Live.Tables() {
			tv := tableView{LiveTable: t, Running: t.Game != "" && (t.Status == "active" || t.Status == "paused")}
			if !t.DiskFull.IsZero() {
				tv.DiskSince = t.DiskFull.Local().Format("15:04")
			}
			if tv.Running && !t.Started.IsZero() {
				tv.Playing = now.Sub(t.Started)
			}
			for _, s := range t.Seats {
				if s.Kind == SeatWaiting {
					tv.Waiting++
				}
			}
			d.Tables = append(d.Tables, tv)
		}
	}
	return d
}

func (h *Handler) tables(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "tables", in.csrf)
	v.Data = h.liveData()
	h.render(w, http.StatusOK, v, false)
}

// tablesLive is the tables page's content alone, which its script
// fetches every few seconds.
func (h *Handler) tablesLive(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "tables", in.csrf)
	v.Data = h.liveData()
	h.render(w, http.StatusOK, v, true)
}

func (h *Handler) answer(w http.ResponseWriter, r *http.Request, _ signin, _ string) {
	h.calls.answer(r.PathValue("id"))
	http.Redirect(w, r, "/tables", http.StatusSeeOther)
}

// boardData is the leaderboards page.
type boardData struct {
	Games        []string
	Game, Period string
	Scope        string // table or venue
	HasVenue     bool
	Rows         []db.Standing
	Points       bool // a week's or month's board: ranked by points
	Rating       bool // one game's all-time board: ranked by rating
}

// Rating shows a standing's rating to one decimal, "—" if never rated.
func (boardData) ShowRating(s db.Standing) string {
	if s.Rating.Games == 0 {
		return "—"
	}
	return strconv.FormatFloat(s.Rating.Ordinal(), 'f', 1, 64)
}

// hasVenue reports whether boards over the whole venue can be shown:
// the console was given the venue's boards and the database holds a
// venue's sessions.
func (h *Handler) hasVenue(ctx context.Context) bool {
	if h.cfg.VenueBoard == nil {
		return false
	}
	if h.cfg.Venue {
		return true
	}
	s, err := h.cfg.DB.VenueSessions(ctx, time.Time{}, "")
	return err == nil && len(s) > 0
}

func (h *Handler) leaderboards(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "leaderboards", in.csrf)
	q := r.URL.Query()
	d := boardData{Games: h.cfg.Games.IDs(), Game: q.Get("game"), Period: q.Get("period"), Scope: q.Get("scope"),
		HasVenue: h.hasVenue(r.Context())}
	if d.Game != "" && !slices.Contains(d.Games, d.Game) {
		d.Game = ""
	}
	if d.Period != string(db.Week) && d.Period != string(db.Month) {
		d.Period = string(db.AllTime)
	}
	if !d.HasVenue || (d.Scope != "venue" && !(d.Scope == "" && h.cfg.Venue) && h.cfg.Hub == nil) {
		d.Scope = "table"
	} else {
		d.Scope = "venue"
	}
	since, _ := db.Period(d.Period).Start(h.cfg.Now())
	board := h.cfg.DB.Leaderboard
	if d.Scope == "venue" {
		board = h.cfg.VenueBoard
	}
	rows, err := board(r.Context(), d.Game, since, 100)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	d.Rows, d.Points, d.Rating = rows, !since.IsZero(), since.IsZero() && d.Game != ""
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// sessionsData is the sessions page with its filters.
type sessionsData struct {
	Games                  []string
	Tables                 []tableOption
	Game, Player, From, To string
	Table                  string
	Rows                   []sessionRow
	More                   bool
}

// tableOption is a table of the sessions filter: the table's id (a
// kiosk's venue id on the hub) and its name.
type tableOption struct{ Value, Name string }

type sessionRow struct {
	session.Record
	Table   string
	Names   []string
	Winners []string
}

// maxSessionRows is how many sessions the page lists, newest first.
const maxSessionRows = 200

// sessionFilters reads the sessions page's filters: the game, the
// player, the table and the days (from, to inclusive, local).
func (h *Handler) sessionFilters(r *http.Request) (d sessionsData, f db.SessionFilter, until time.Time) {
	q := r.URL.Query()
	d = sessionsData{Games: h.cfg.Games.IDs(), Game: q.Get("game"), Player: strings.TrimSpace(q.Get("player")),
		From: q.Get("from"), To: q.Get("to"), Table: q.Get("table")}
	if d.Game != "" && !slices.Contains(d.Games, d.Game) {
		d.Game = ""
	}
	f = db.SessionFilter{Game: d.Game}
	if t, err := time.ParseInLocation("2006-01-02", d.From, time.Local); err == nil {
		f.Since = t
	} else {
		d.From = ""
	}
	if t, err := time.ParseInLocation("2006-01-02", d.To, time.Local); err == nil {
		until = t.AddDate(0, 0, 1)
	} else {
		d.To = ""
	}
	return d, f, until
}

func (h *Handler) sessions(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "sessions", in.csrf)
	d, f, until := h.sessionFilters(r)
	ctx := r.Context()
	list, err := h.cfg.DB.Sessions(ctx, f)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	ts, err := h.cfg.DB.Tables(ctx)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	tables := map[int64]string{}
	for _, t := range ts {
		tables[t.ID] = t.Name
		d.Tables = append(d.Tables, tableOption{Value: strconv.FormatInt(t.ID, 10), Name: t.Name})
	}
	who := strings.ToLower(d.Player)
	for i := len(list) - 1; i >= 0; i-- {
		s := list[i]
		if !until.IsZero() && !s.StartedAt.Before(until) {
			continue
		}
		if d.Table != "" && strconv.FormatInt(s.TableID, 10) != d.Table {
			continue
		}
		row := sessionRow{Record: s, Table: tables[s.TableID]}
		match := who == ""
		for i, st := range s.Seats {
			name := seatName(v, engine.Seat(i), st)
			row.Names = append(row.Names, name)
			match = match || strings.Contains(strings.ToLower(name), who)
		}
		if !match {
			continue
		}
		if len(d.Rows) == maxSessionRows {
			d.More = true
			break
		}
		if s.Status == session.Finished {
			res, err := h.cfg.DB.Results(ctx, s.ID)
			if err != nil {
				h.fail(w, v, err)
				return
			}
			for _, x := range res {
				if x.Winner && int(x.Seat) < len(row.Names) {
					row.Winners = append(row.Winners, row.Names[x.Seat])
				}
			}
		}
		d.Rows = append(d.Rows, row)
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// seatName names who sat at a seat as the kiosk's screens do: a bot by
// its level (and whose seat it took), a person or guest by name, an
// unnamed guest as "Guest N" in the page's language (view.Shown).
func seatName(v view, seat engine.Seat, s session.Seat) string {
	switch {
	case s.Kind == session.Bot && s.HandedFrom != "":
		return v.T("kiosk.bot.name_for", "Level", v.T("kiosk.level."+string(s.BotLevel)), "Name", v.Shown(s.HandedFrom))
	case s.Kind == session.Bot:
		return v.T("kiosk.bot.name", "Level", v.T("kiosk.level."+string(s.BotLevel)))
	case s.Name != "":
		return v.Shown(s.Name)
	case s.Kind == session.Guest:
		return v.T("common.table_guest", "N", int(seat)+1)
	}
	return v.T("kiosk.seat.n", "N", int(seat)+1)
}

// sessionData is one session's page.
type sessionData struct {
	session.Record
	Table string
	Seats []seatLine
	Moves []string
	// AtTable says the moves stay at the table that played the game (the
	// hub's console: the venue's events carry no moves).
	AtTable bool
	Replay  replayOffer
}

// replayOffer is the page's "replay on the table" button: shown for an
// ended session of a kiosk with a screen, enabled when the table is free.
type replayOffer struct {
	Shown bool
	Busy  string // why the table cannot show it now, in words; "" when free
}

// screenWait bounds how long the console waits for the table's screen
// to answer: its UI goroutine runs the question between two frames.
const screenWait = 5 * time.Second

type seatLine struct {
	Name, Kind    string
	Result        bool
	Score, Rank   int
	Winner        bool
	Rated         bool
	Before, After string
}

func (h *Handler) session(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showSession(w, r, h.newView(w, r, "session", in.csrf), http.StatusOK, nil)
}

// showSession renders session id's page; refused, when not nil, is the
// table's answer to a replay it could not show.
func (h *Handler) showSession(w http.ResponseWriter, r *http.Request, v view, status int, refused error) {
	ctx := r.Context()
	s, err := h.cfg.DB.Session(ctx, r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	d := sessionData{Record: s}
	if ts, err := h.cfg.DB.Tables(ctx); err == nil {
		for _, t := range ts {
			if t.ID == s.TableID {
				d.Table = t.Name
			}
		}
	}
	names := make([]string, len(s.Seats))
	for i, st := range s.Seats {
		names[i] = seatName(v, engine.Seat(i), st)
		d.Seats = append(d.Seats, seatLine{Name: names[i], Kind: v.T("console.kind." + string(st.Kind))})
	}
	res, err := h.cfg.DB.Results(ctx, s.ID)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	for _, x := range res {
		if int(x.Seat) < len(d.Seats) {
			l := &d.Seats[x.Seat]
			l.Result, l.Score, l.Rank, l.Winner = true, x.Score, x.Rank, x.Winner
		}
	}
	changes, err := h.cfg.DB.RatingChanges(ctx, s.ID)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	for _, c := range changes {
		if c.Seat < len(d.Seats) {
			l := &d.Seats[c.Seat]
			l.Rated = true
			l.Before = strconv.FormatFloat(c.Before.Ordinal(), 'f', 1, 64)
			l.After = strconv.FormatFloat(c.After.Ordinal(), 'f', 1, 64)
		}
	}
	// The moves in words, as the kiosk's replay says them; a game that
	// still runs keeps its moves to itself (its hands could be rebuilt).
	if s.Status.Ended() {
		if d.Moves, err = h.movesInWords(ctx, v, s, names); err != nil {
			h.fail(w, v, err)
			return
		}
		d.Replay = h.replayOffer(ctx, v, refused)
	}
	v.Data = d
	h.render(w, status, v, false)
}

// replayOffer asks the table's screen whether it is free (unless it just
// refused) and says why not in the page's language.
func (h *Handler) replayOffer(ctx context.Context, v view, refused error) replayOffer {
	if h.cfg.Screen == nil {
		return replayOffer{}
	}
	err := refused
	if err == nil {
		ctx, cancel := context.WithTimeout(ctx, screenWait)
		defer cancel()
		err = h.cfg.Screen.Free(ctx)
	}
	return replayOffer{Shown: true, Busy: h.busyText(v, err)}
}

// busyText is why the table cannot show a replay, in words; "" when err
// is nil.
func (h *Handler) busyText(v view, err error) string {
	if err == nil {
		return ""
	}
	if reason, ok := busyReason(err); ok && v.cat.Has("console.replay.busy."+string(reason)) {
		return v.T("console.replay.busy." + string(reason))
	}
	h.cfg.Logf("console: the table's screen: %v", err)
	return v.T("console.replay.no_answer")
}

// replay opens the session's replay on the table's screen when the table
// is free; when it is not, the page says why and the table is left alone.
func (h *Handler) replay(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	ctx := r.Context()
	id := r.PathValue("id")
	s, err := h.cfg.DB.Session(ctx, id)
	if err != nil || h.cfg.Screen == nil || !s.Status.Ended() {
		// Only an ended game is replayed: a running one's moves would
		// rebuild its hands.
		http.NotFound(w, r)
		return
	}
	sctx, cancel := context.WithTimeout(ctx, screenWait)
	defer cancel()
	if err := h.cfg.Screen.ShowReplay(sctx, s.ID); err != nil {
		v := h.newView(w, r, "session", in.csrf)
		v.Error = h.busyText(v, err) + " " + v.T("console.replay.unchanged")
		h.showSession(w, r, v, http.StatusConflict, err)
		return
	}
	http.Redirect(w, r, "/sessions/"+url.PathEscape(s.ID)+"?done=replay_shown", http.StatusSeeOther)
}

func (h *Handler) movesInWords(ctx context.Context, v view, s session.Record, names []string) ([]string, error) {
	rules, err := h.cfg.Games.Get(s.Game)
	if err != nil {
		return nil, err
	}
	logged, err := h.cfg.DB.Moves(ctx, s.ID)
	if err != nil {
		return nil, err
	}
	name := func(seat engine.Seat) string {
		if int(seat) >= 0 && int(seat) < len(names) {
			return names[seat]
		}
		return ""
	}
	out := make([]string, 0, len(logged))
	for _, m := range logged {
		rec, err := engine.DecodeMove(rules, m.JSON)
		if err != nil {
			return nil, fmt.Errorf("session %s move %d: %w", s.ID, m.Seq, err)
		}
		out = append(out, name(rec.Seat)+" — "+say.Move(rec.Move, v.Lang, v.cat, name))
	}
	return out, nil
}

// playerRow is one player of the list.
type playerRow struct {
	db.Player
	Others     []string // the other names they used
	Games      int
	Wins       int
	LastPlayed time.Time
}

func (h *Handler) playerRow(ctx context.Context, p db.Player) (playerRow, error) {
	row := playerRow{Player: p}
	for _, a := range p.Aliases {
		if a != p.Nickname {
			row.Others = append(row.Others, a)
		}
	}
	st, err := h.cfg.DB.PlayerStats(ctx, p.ID)
	if err != nil {
		return row, err
	}
	total := st[len(st)-1]
	row.Games, row.Wins, row.LastPlayed = total.Games, total.Wins, total.LastPlayed
	return row, nil
}

type playersData struct {
	Query string
	Rows  []playerRow
}

func (h *Handler) players(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "players", in.csrf)
	ctx := r.Context()
	d := playersData{Query: strings.TrimSpace(r.URL.Query().Get("q"))}
	list, err := h.cfg.DB.Players(ctx)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	q := strings.ToLower(d.Query)
	for _, p := range list {
		if q != "" && !slices.ContainsFunc(append([]string{p.Shown}, p.Aliases...), func(n string) bool {
			return strings.Contains(strings.ToLower(n), q)
		}) {
			continue
		}
		row, err := h.playerRow(ctx, p)
		if err != nil {
			h.fail(w, v, err)
			return
		}
		d.Rows = append(d.Rows, row)
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// playerData is one player's page.
type playerData struct {
	playerRow
	Stats      []db.Stats
	Candidates []db.Player // whom they may be merged into
	Name       string      // the name typed in, after a refusal
	// Across is their plays across every title (titleboards.go), nil
	// before their first.
	Across *db.PlayerTitles
}

func (h *Handler) playerPage(ctx context.Context, v view, id string) (view, bool, error) {
	p, err := h.cfg.DB.Player(ctx, id)
	if err != nil {
		return v, false, nil
	}
	row, err := h.playerRow(ctx, p)
	if err != nil {
		return v, true, err
	}
	d := playerData{playerRow: row}
	if d.Stats, err = h.cfg.DB.PlayerStats(ctx, p.ID); err != nil {
		return v, true, err
	}
	d.Stats = d.Stats[:len(d.Stats)-1]
	if d.Across, err = h.acrossTitles(ctx, p.ID); err != nil {
		return v, true, err
	}
	all, err := h.cfg.DB.Players(ctx)
	if err != nil {
		return v, true, err
	}
	for _, o := range all {
		if o.ID != p.ID {
			d.Candidates = append(d.Candidates, o)
		}
	}
	v.Data = d
	return v, true, nil
}

func (h *Handler) player(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showPlayer(w, r, h.newView(w, r, "player", in.csrf), http.StatusOK)
}

func (h *Handler) showPlayer(w http.ResponseWriter, r *http.Request, v view, status int) {
	h.showPlayerPage(w, r, v, status, h.playerPage)
}

// playerPageFunc fills a player's page: a table's player (playerPage) or,
// on the hub, a venue player (hubPlayerPage); false if there is none.
type playerPageFunc func(ctx context.Context, v view, id string) (view, bool, error)

// showPlayerPage shows the page of the player the path names, filled by
// page, with status.
func (h *Handler) showPlayerPage(w http.ResponseWriter, r *http.Request, v view, status int, page playerPageFunc) {
	v, found, err := page(r.Context(), v, r.PathValue("id"))
	switch {
	case !found:
		http.NotFound(w, r)
	case err != nil:
		h.fail(w, v, err)
	default:
		h.render(w, status, v, false)
	}
}

// rename names a player as tablee player rename does: the phones' own
// rule (wire.CleanName), then db.RenamePlayer.
func (h *Handler) rename(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	id := r.PathValue("id")
	name, ok := h.postedName(w, r, in, h.playerPage)
	if !ok {
		return
	}
	if err := h.cfg.DB.RenamePlayer(r.Context(), id, name); err != nil {
		h.fail(w, h.newView(w, r, "player", in.csrf), err)
		return
	}
	http.Redirect(w, r, "/players/"+url.PathEscape(id)+"?done=renamed", http.StatusSeeOther)
}

// postedName is the rename form's name cleaned by the phones' own rule
// (wire.CleanName); a name that fails it shows the player's page again
// (filled by page) with the reason, and false.
func (h *Handler) postedName(w http.ResponseWriter, r *http.Request, in signin, page playerPageFunc) (string, bool) {
	name, err := wire.CleanName(r.PostFormValue("name"))
	if err != nil {
		v := h.newView(w, r, "player", in.csrf)
		v.Error = v.T("console.players.bad_name")
		h.showPlayerPage(w, r, v, http.StatusBadRequest, page)
		return "", false
	}
	return name, true
}

// merge merges the player into another, as tablee player merge does.
func (h *Handler) merge(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	from, into := r.PathValue("id"), r.PostFormValue("into")
	if err := h.cfg.DB.MergePlayers(r.Context(), from, into); err != nil {
		v := h.newView(w, r, "player", in.csrf)
		h.cfg.Logf("console: merge %s into %s: %v", from, into, err)
		v.Error = v.T("console.players.merge_refused")
		h.showPlayer(w, r, v, http.StatusConflict)
		return
	}
	http.Redirect(w, r, "/players/"+url.PathEscape(into)+"?done=merged", http.StatusSeeOther)
}

func (h *Handler) forgetPage(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showPlayer(w, r, h.newView(w, r, "forget", in.csrf), http.StatusOK)
}

// forget forgets a player at their request, as tablee player forget
// does (db.ForgetPlayer).
func (h *Handler) forget(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	err := h.cfg.DB.ForgetPlayer(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, db.ErrTraceLeft):
		// Gone from the database; old copies stay in its free pages
		// until the kiosk is idle (tablee player scrub).
		http.Redirect(w, r, "/players?done=forgotten_trace", http.StatusSeeOther)
	case err != nil:
		h.fail(w, h.newView(w, r, "players", in.csrf), err)
	default:
		http.Redirect(w, r, "/players?done=forgotten", http.StatusSeeOther)
	}
}

// downloadsData is the downloads page.
type downloadsData struct {
	Files []string
	Sep   string // the separator the console's language expects
}

// sepFor is the CSV separator a spreadsheet in lang expects: French and
// German ones use the comma for decimals, so ";" between cells.
func sepFor(l i18n.Lang) string {
	if l == i18n.EN {
		return "comma"
	}
	return "semicolon"
}

func (h *Handler) downloads(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "downloads", in.csrf)
	files := db.CSVExports()
	if h.cfg.Hub != nil {
		files = db.VenueCSVExports()
	}
	v.Data = downloadsData{Files: files, Sep: sepFor(v.Lang)}
	h.render(w, http.StatusOK, v, false)
}

// export sends one CSV export (db.WriteCSV, tablee export's files) or a
// consistent copy of the database (db.Backup, tablee backup's).
func (h *Handler) export(w http.ResponseWriter, r *http.Request, _ signin, _ string) {
	file := r.PathValue("file")
	ctx := r.Context()
	if file == "tablee.db" {
		h.backup(w, r)
		return
	}
	name, ok := strings.CutSuffix(file, ".csv")
	write, files := h.cfg.DB.WriteCSV, db.CSVExports()
	if h.cfg.Hub != nil {
		// The hub's database holds the venue's sessions, not a table's.
		write, files = h.cfg.DB.WriteVenueCSV, db.VenueCSVExports()
	}
	if !ok || !slices.Contains(files, name) {
		http.NotFound(w, r)
		return
	}
	sep := r.URL.Query().Get("sep")
	if sep == "" {
		sep = sepFor(lang(w, r))
	}
	comma := ';'
	if sep == "comma" {
		comma = ','
	}
	var b bytes.Buffer
	if err := write(ctx, &b, name, comma); err != nil {
		h.cfg.Logf("console: export %s: %v", file, err)
		http.Error(w, "export failed", http.StatusInternalServerError)
		return
	}
	stamp := h.cfg.Now().Format("2006-01-02")
	if h.cfg.Hub != nil {
		name = "venue-" + name
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="tablee-`+name+"-"+stamp+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

func (h *Handler) backup(w http.ResponseWriter, r *http.Request) {
	dir, err := os.MkdirTemp("", "tablee-console-")
	if err != nil {
		h.cfg.Logf("console: backup: %v", err)
		http.Error(w, "backup failed", http.StatusInternalServerError)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "tablee.db")
	if err := h.cfg.DB.Backup(r.Context(), path); err != nil {
		h.cfg.Logf("console: backup: %v", err)
		http.Error(w, "backup failed", http.StatusInternalServerError)
		return
	}
	stamp := h.cfg.Now().UTC().Format("20060102T150405Z")
	if h.cfg.Hub != nil {
		stamp = "venue-" + stamp
	}
	w.Header().Set("Content-Type", "application/vnd.sqlite3")
	w.Header().Set("Content-Disposition", `attachment; filename="tablee-`+stamp+`.db"`)
	w.Header().Set("Cache-Control", "no-store")
	serveFile(w, r, path)
}

// settingsData is the settings page.
type settingsData struct {
	TableName    string
	HintsInRated bool
	Games        []gameDefaults
}

// gameDefaults is one game's options as a new game of it starts them.
type gameDefaults struct {
	ID      string
	Options []optionField
}

// optionField is one option's list of choices.
type optionField struct {
	Field, Label string
	Choices      []optionChoice
}

type optionChoice struct {
	Value, Label string
	Selected     bool
}

// optionField is the form field of game's option key.
func optionFieldName(game, key string) string { return "option." + game + "." + key }

// optionValueName is a choice of an option in words, as the kiosk's
// seating screen says it: a seat number as "Seat N", on/off/random in
// words, anything else as it is.
func optionValueName(v view, value string) string {
	if n, err := strconv.Atoi(value); err == nil {
		return v.T("kiosk.option.value.seat", "N", n)
	}
	if key := "kiosk.option.value." + value; v.cat.Has(key) {
		return v.T(key)
	}
	return value
}

// gameDefaults lists every game of the table's catalogue with its
// options (the engine's own, labelled from i18n), each at the staff's
// default if they chose one, else the game's.
func (h *Handler) gameDefaults(ctx context.Context, v view) ([]gameDefaults, error) {
	var out []gameDefaults
	for _, info := range h.cfg.Games.Infos() {
		saved, err := h.cfg.DB.DefaultOptions(ctx, info.ID)
		if err != nil {
			return nil, err
		}
		g := gameDefaults{ID: info.ID}
		for _, o := range info.Options {
			cur := o.Default
			if s, ok := saved[o.Key]; ok && slices.Contains(o.Choices, s) {
				cur = s
			}
			f := optionField{Field: optionFieldName(info.ID, o.Key), Label: v.T(info.OptionKey(o.Key))}
			for _, c := range o.Choices {
				f.Choices = append(f.Choices, optionChoice{Value: c, Label: optionValueName(v, c), Selected: c == cur})
			}
			g.Options = append(g.Options, f)
		}
		out = append(out, g)
	}
	return out, nil
}

func (h *Handler) settingsView(ctx context.Context, v view) (view, error) {
	var d settingsData
	var err error
	if h.cfg.Hub != nil {
		// The hub has no table: only its staff PIN.
		v.Data = d
		return v, nil
	}
	if d.Games, err = h.gameDefaults(ctx, v); err != nil {
		return v, err
	}
	if d.TableName, err = h.cfg.DB.TableName(ctx); err != nil {
		return v, err
	}
	if d.TableName == "" {
		d.TableName = h.cfg.TableName
	}
	if d.HintsInRated, err = h.cfg.DB.HintsInRated(ctx); err != nil {
		return v, err
	}
	v.Data = d
	return v, nil
}

func (h *Handler) settings(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v, err := h.settingsView(r.Context(), h.newView(w, r, "settings", in.csrf))
	if err != nil {
		h.fail(w, v, err)
		return
	}
	h.render(w, http.StatusOK, v, false)
}

func (h *Handler) saveSettings(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	ctx := r.Context()
	if err := h.cfg.DB.SetTableName(ctx, r.PostFormValue("table_name")); err != nil {
		v, verr := h.settingsView(ctx, h.newView(w, r, "settings", in.csrf))
		if verr != nil {
			h.fail(w, v, verr)
			return
		}
		v.Error = v.T("console.settings.bad_name")
		h.render(w, http.StatusBadRequest, v, false)
		return
	}
	if err := h.cfg.DB.SetHintsInRated(ctx, r.PostFormValue("hints_in_rated") == "on"); err != nil {
		h.fail(w, h.newView(w, r, "settings", in.csrf), err)
		return
	}
	http.Redirect(w, r, "/settings?done=saved", http.StatusSeeOther)
}

// saveOptions keeps the options every game starts with on this table,
// as the kiosk's staff screen does. Each value must be one the engine
// allows (Info.CheckSetup, the one check of a setup): a form is a
// stranger's data. One wrong value saves nothing.
func (h *Handler) saveOptions(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	ctx := r.Context()
	chosen := map[string]map[string]string{}
	for _, info := range h.cfg.Games.Infos() {
		if len(info.Options) == 0 {
			continue
		}
		opts := map[string]string{}
		for _, o := range info.Options {
			opts[o.Key] = r.PostFormValue(optionFieldName(info.ID, o.Key))
		}
		if _, err := info.CheckSetup(engine.Setup{Seats: info.MaxSeats, Options: opts}); err != nil {
			h.cfg.Logf("console: default options: %v", err)
			v, verr := h.settingsView(ctx, h.newView(w, r, "settings", in.csrf))
			if verr != nil {
				h.fail(w, v, verr)
				return
			}
			v.Error = v.T("console.settings.bad_option", "Game", v.Game(info.ID))
			h.render(w, http.StatusBadRequest, v, false)
			return
		}
		chosen[info.ID] = opts
	}
	for _, id := range h.cfg.Games.IDs() {
		if opts, ok := chosen[id]; ok {
			if err := h.cfg.DB.SetDefaultOptions(ctx, id, opts); err != nil {
				h.fail(w, h.newView(w, r, "settings", in.csrf), err)
				return
			}
		}
	}
	http.Redirect(w, r, "/settings?done=saved", http.StatusSeeOther)
}

// changePIN sets a new staff PIN once the old one is given, through the
// staff gate (a wrong old PIN spends the same budget as a wrong sign-in),
// and signs every browser out.
func (h *Handler) changePIN(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	ctx := r.Context()
	refuse := func(status int, key string, kv ...any) {
		v, err := h.settingsView(ctx, h.newView(w, r, "settings", in.csrf))
		if err != nil {
			h.fail(w, v, err)
			return
		}
		v.Error = v.T(key, kv...)
		h.render(w, status, v, false)
	}
	err := h.checkPIN(r, r.PostFormValue("old"))
	var locked *gate.LockedError
	switch {
	case errors.As(err, &locked) && !locked.Began:
		refuse(http.StatusTooManyRequests, "console.login.locked", "Seconds", int(locked.Wait.Round(time.Second)/time.Second))
		return
	case err != nil:
		refuse(http.StatusForbidden, "console.settings.old_wrong")
		return
	}
	pin, again := r.PostFormValue("new"), r.PostFormValue("again")
	if pin != again {
		refuse(http.StatusBadRequest, "console.settings.pin_differ")
		return
	}
	if err := h.cfg.DB.SetStaffPIN(ctx, pin); err != nil {
		if errors.Is(err, db.ErrBadPIN) {
			refuse(http.StatusBadRequest, "console.settings.pin_bad")
			return
		}
		h.fail(w, h.newView(w, r, "settings", in.csrf), err)
		return
	}
	h.signins.closeAll()
	setCookie(w, "", time.Unix(0, 0), -1)
	http.Redirect(w, r, "/login?done=pin_changed", http.StatusSeeOther)
}
