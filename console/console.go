package console

import (
	"context"
	"crypto/tls"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/gate"
	"github.com/tablee/tablee/internal/httpserve"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/scoresheet"
)

// DefaultPort is the console's HTTPS port unless told otherwise, next to
// the table's TLS port (7457) and the web companion's (7458).
const DefaultPort = 7459

// AddrFor is the console's default address beside the table's listen
// address: the console port on all interfaces, or port 0 on the same host
// when the table listens on port 0 (tests running side by side).
func AddrFor(tableAddr string) string {
	if host, port, err := net.SplitHostPort(tableAddr); err == nil && port == "0" {
		return net.JoinHostPort(host, "0")
	}
	return ":" + strconv.Itoa(DefaultPort)
}

// Config says what the console serves.
type Config struct {
	DB    *db.DB
	Games *engine.Registry
	Texts *i18n.Catalog // nil: the embedded catalogue
	// Gate checks the staff PIN with a wrong-PIN budget per source
	// address (gate.Sources), apart from the table's own PIN pad: a
	// wrong-PIN stream sent to the console from one address locks
	// neither the staff on another address nor the pad. Nil: a gate over
	// DB (PINStore) on the clock Now.
	Gate *gate.Sources
	// Cert is the console's certificate (the kiosk's or hub's own, or one
	// the venue's certificate authority issued), whose verification words
	// the sign-in page shows.
	Cert tls.Certificate
	// Certificate, when set, is asked for the console's certificate at
	// each TLS handshake and each page instead of Cert: a table paired
	// with a hub holding the venue's authority gets its console's
	// certificate then, while its console runs.
	Certificate func() tls.Certificate
	// CA, when set, is the venue's certificate authority's certificate
	// (PEM, nil while there is none): served at /venue-ca.crt for the
	// staff's devices to install.
	CA func() []byte
	// Live is the running table; nil shows none.
	Live Live
	// Screen is the table's own screen, where a session's replay may be
	// opened; nil (a headless kiosk, a hub) offers no replay.
	Screen Screen
	// TableName names this table in calls and lists when the database has
	// no name stored.
	TableName string
	// VenueBoard is the venue's leaderboard (db.VenueLeaderboard, over
	// every table's sessions); nil: the console shows this table's boards
	// only.
	VenueBoard func(ctx context.Context, game string, since time.Time, limit int) ([]db.Standing, error)
	// Venue says the database is the venue hub's: boards and sessions
	// cover every table by default.
	Venue bool
	// Hub, when set, makes this the venue hub's console (tablee venue
	// --console-addr): its pages show every table of the venue from the
	// hub's database (Venue implied), and those that belong to one table
	// (its live seats, staff calls, table settings, player changes) are
	// left out.
	Hub Hub
	// Sheets is the library of score sheets the table's plays read
	// (catalog.PlaysWith): a sheet the staff save in the console joins
	// it at once, so the title's next play is made on it. Nil: a library
	// of the ready sheets, which no play reads (a console without a
	// table, in tests).
	Sheets *scoresheet.Library
	// Now is the clock (time.Now if nil).
	Now func() time.Time
	// Logf logs what the staff may want to read; ignored if nil.
	Logf func(format string, args ...any)
}

// The console's page templates, stylesheet and script.
//
//go:embed assets
var assets embed.FS

// funcs are the templates' helpers: list makes a list of words, join
// joins names.
var funcs = template.FuncMap{
	"list": func(s ...string) []string { return s },
	"join": strings.Join,
	"inc":  func(i int) int { return i + 1 },
	// section is the menu's page a page stands under: the catalogue's
	// import and a title's figures are the ludothèque's.
	"section": func(page string) string {
		switch page {
		case "catalogue", "ludotitle":
			return "ludotheque"
		case "aside":
			return "sessions"
		}
		return page
	},
}

// Handler serves the console.
type Handler struct {
	cfg     Config
	p       product // the table's console or the hub's
	mux     *http.ServeMux
	pages   map[string]*template.Template
	static  map[string][]byte
	signins signins
	calls   calls
	imports pendingImports      // catalogue files previewed, not yet confirmed
	sheets  *scoresheet.Library // the plays' score sheets (Config.Sheets)
	ready   *scoresheet.Library // the ready sheets only: the defaults
}

// NewHandler prepares the console.
func NewHandler(cfg Config) (*Handler, error) {
	if cfg.DB == nil || cfg.Games == nil {
		return nil, errors.New("console: a database and the games are required")
	}
	if cfg.Texts == nil {
		cat, err := i18n.Load()
		if err != nil {
			return nil, fmt.Errorf("console: %w", err)
		}
		cfg.Texts = cat
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Gate == nil {
		cfg.Gate = gate.NewSources(PINStore{DB: cfg.DB}, cfg.Now)
	}
	if cfg.Hub != nil {
		cfg.Venue = true
		if cfg.VenueBoard == nil {
			cfg.VenueBoard = cfg.DB.VenueLeaderboard
		}
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	h := &Handler{cfg: cfg, static: map[string][]byte{}, sheets: cfg.Sheets, ready: scoresheet.Ready()}
	if h.sheets == nil {
		h.sheets = scoresheet.Ready()
	}
	var err error
	if h.pages, err = parsePages(); err != nil {
		return nil, err
	}
	for _, n := range []string{"console.css", "console.js", "sheet.js"} {
		if h.static["/"+n], err = assets.ReadFile("assets/" + n); err != nil {
			return nil, fmt.Errorf("console: %w", err)
		}
	}
	h.p = h.tableProduct()
	if cfg.Hub != nil {
		h.p = h.hubProduct()
	}
	h.mux = serveMux(h.commonRoutes(), h.p.routes)
	return h, nil
}

// parsePages parses every page's template (assets/<page>.html) inside
// the layout, with the parts pages share (partials.html), by page.
func parsePages() (map[string]*template.Template, error) {
	names, err := fs.Glob(assets, "assets/*.html")
	if err != nil {
		return nil, fmt.Errorf("console: %w", err)
	}
	pages := map[string]*template.Template{}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "assets/"), ".html")
		if name == "layout" || name == "partials" {
			continue
		}
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(assets, "assets/layout.html", "assets/partials.html", n)
		if err != nil {
			return nil, fmt.Errorf("console: page %s: %w", name, err)
		}
		pages[name] = t
	}
	return pages, nil
}

// CallStaff records a call for the staff from table (the guests' button
// on the table's corner menu); it shows on the console until answered.
func (h *Handler) CallStaff(table string) Call { return h.calls.add(table, h.cfg.Now()) }

// Calls are the calls nobody answered yet, oldest first.
func (h *Handler) Calls() []Call { return h.calls.pending() }

// AnswerCalls answers the calls ids, answered elsewhere (on the venue
// hub's console); ids it does not hold are ignored.
func (h *Handler) AnswerCalls(ids []string) {
	for _, id := range ids {
		h.calls.answer(id)
	}
}

// Phrase is the verification words of the console's certificate.
func (h *Handler) Phrase() string { return tlscert.Phrase(tlscert.Fingerprint(h.certificate())) }

// certificate is the console's certificate now.
func (h *Handler) certificate() tls.Certificate {
	if h.cfg.Certificate != nil {
		return h.cfg.Certificate()
	}
	return h.cfg.Cert
}

// maxForm bounds a form's body: the biggest is a name or a PIN.
const maxForm = 16 << 10

// ServeHTTP answers the console's requests with its security headers;
// a state-changing request another site made is refused before anything.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "+
		"form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("X-Content-Type-Options", "nosniff")
	// same-origin, not no-referrer: with no-referrer a browser sends
	// "Origin: null" on the console's own forms, which sameOrigin must
	// refuse. No address of the console leaves it either way.
	hd.Set("Referrer-Policy", "same-origin")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin")
	hd.Set("Cross-Origin-Resource-Policy", "same-origin")
	hd.Set("Strict-Transport-Security", "max-age=31536000")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if !sameOrigin(r) {
			http.Error(w, "cross-site request refused", http.StatusForbidden)
			return
		}
		limit := int64(maxForm)
		if r.URL.Path == "/catalogue/preview" {
			limit = maxUpload // the one form that carries a file
		}
		if strings.HasPrefix(r.URL.Path, "/sheets/") {
			limit = maxSheetForm
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
	}
	h.mux.ServeHTTP(w, r)
}

// Server is the console's HTTPS server: the web companion's kind of
// server (internal/httpserve), on a TLS listener.
type Server = httpserve.Server

// Start listens on addr (":7459" when empty) with cert and serves h
// until Close.
func Start(addr string, cert tls.Certificate, h http.Handler) (*Server, error) {
	if addr == "" {
		addr = ":" + strconv.Itoa(DefaultPort)
	}
	cfg := tlscert.ServerConfig(cert)
	if hh, ok := h.(*Handler); ok && hh.cfg.Certificate != nil {
		cfg.Certificates = nil
		cfg.GetCertificate = func(*tls.ClientHelloInfo) (*tls.Certificate, error) {
			c := hh.certificate()
			return &c, nil
		}
	}
	ln, err := tls.Listen("tcp", addr, cfg)
	if err != nil {
		return nil, fmt.Errorf("console: listen on %s: %w", addr, err)
	}
	return httpserve.Serve(ln, &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}), nil
}
