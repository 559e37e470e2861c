package web

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/httpserve"
	"github.com/tablee/tablee/kiosk/server"
)

// DefaultPort is the web companion's HTTP port unless told otherwise, next
// to the TLS port (7457), fixed so that a printed QR code stays valid.
const DefaultPort = 7458

// Config says what the web companion serves.
type Config struct {
	Key   *Key           // the kiosk's long-term box key
	Table *server.Server // runs the table protocol inside the boxes
	Games *engine.Registry
	Texts *i18n.Catalog
	// Logf logs what the staff may want to read; ignored if nil.
	Logf func(format string, args ...any)
	// HubPage returns HOST:PORT of the venue hub's page, whose pages may
	// open the WebSocket besides the table's own (docs/venue.md, "The web
	// page's origin"); "" or nil: none. Every other site is refused.
	HubPage func() string
}

// PageConfig says what the venue hub's copy of the page serves: the same
// page and files as a table's, without the WebSocket.
type PageConfig struct {
	Games *engine.Registry
	Texts *i18n.Catalog
	// Tables returns the tables' web addresses, HOST:PORT, the only
	// places the page may connect to (its Content-Security-Policy): a
	// link whose fragment names another server gets no connection, so no
	// player key leaves for it.
	Tables func() []string
}

// PageHeader is the header every answer of the page's server carries: a
// hash of the whole page (every file, texts and data), so a kiosk can
// check that the hub serves the very page it would (PageHash).
const PageHeader = "Tablee-Page"

// Handler serves the page, its texts and the encrypted WebSocket.
type Handler struct {
	cfg    Config
	tables func() []string // the hub's copy only: where the page may connect
	assets map[string]asset
	hash   string
}

// NewHandler prepares the page for serving.
func NewHandler(cfg Config) (*Handler, error) {
	if cfg.Key == nil || cfg.Table == nil {
		return nil, errors.New("web: a key and a table server are required")
	}
	return newHandler(cfg)
}

// NewPage prepares the venue hub's copy of the page: the same files, from
// the same embedded assets, but no WebSocket (the page connects to its
// table, named in the URL's fragment).
func NewPage(cfg PageConfig) (*Handler, error) {
	tables := cfg.Tables
	if tables == nil {
		tables = func() []string { return nil }
	}
	h, err := newHandler(Config{Games: cfg.Games, Texts: cfg.Texts})
	if err != nil {
		return nil, err
	}
	h.tables = tables
	return h, nil
}

func newHandler(cfg Config) (*Handler, error) {
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if cfg.Texts == nil {
		cat, err := i18n.Load()
		if err != nil {
			return nil, err
		}
		cfg.Texts = cat
	}
	var err error
	if cfg.Games, err = withSheet(cfg.Games); err != nil {
		return nil, err
	}
	h := &Handler{cfg: cfg}
	if h.assets, err = loadAssets(); err != nil {
		return nil, err
	}
	for _, l := range i18n.Langs() {
		data, err := textsJSON(cfg.Texts, cfg.Games, l)
		if err != nil {
			return nil, err
		}
		if h.assets["/texts/"+string(l)+".json"], err = newAsset(".json", data); err != nil {
			return nil, err
		}
		for _, info := range gameInfos(cfg.Games) {
			page, err := rulesPage(cfg.Texts, info, l)
			if err != nil {
				return nil, err
			}
			if h.assets["/rules/"+info.ID+"."+string(l)+".html"], err = newAsset(".html", page); err != nil {
				return nil, err
			}
		}
	}
	looks, err := looksJSON(cfg.Texts, cfg.Games)
	if err != nil {
		return nil, err
	}
	if h.assets["/looks.json"], err = newAsset(".json", looks); err != nil {
		return nil, err
	}
	for _, g := range games() {
		for path, write := range g.data {
			data, err := write()
			if err != nil {
				return nil, err
			}
			if h.assets[path], err = newAsset(".json", data); err != nil {
				return nil, err
			}
		}
	}
	h.hash = pageHash(h.assets)
	return h, nil
}

// withSheet is games with the score sheet: a game from the shelf may be
// played at any table, so every table's page, and the venue hub's copy of
// it, which must be the very same page (PageHash), name it and hold its
// rules, whichever games the table offers in its lobby.
func withSheet(games *engine.Registry) (*engine.Registry, error) {
	if games == nil {
		return nil, nil
	}
	if _, err := games.Get(sheet.ID); err == nil {
		return games, nil
	}
	all := []engine.Rules{sheet.New()}
	for _, id := range games.IDs() {
		r, err := games.Get(id)
		if err != nil {
			return nil, err
		}
		all = append(all, r)
	}
	reg, err := engine.NewRegistry(all...)
	if err != nil {
		return nil, fmt.Errorf("web: games: %w", err)
	}
	return reg, nil
}

// PageHash is the hash of the page this handler serves (PageHeader).
func (h *Handler) PageHash() string { return h.hash }

// pageHash hashes every file's path and ETag, in path order.
func pageHash(assets map[string]asset) string {
	paths := make([]string, 0, len(assets))
	for p := range assets {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	sum := sha256.New()
	for _, p := range paths {
		fmt.Fprintf(sum, "%s %s\n", p, assets[p].etag)
	}
	return hex.EncodeToString(sum.Sum(nil)[:16])
}

// gameParts is what the page's server holds for one game besides its
// GAMES entry in the page (assets/games.js): the data files the page
// draws the game with, by path, written from the engine's own data.
type gameParts struct {
	data map[string]func() ([]byte, error)
}

// games is the one place kiosk/web's Go code names the games, by id: the
// games with data files of their own (a map, cards). A game without needs
// no entry; TestEveryGameHasItsData checks the entries against the
// catalog.
func games() map[string]gameParts {
	return map[string]gameParts{
		canyon.ID:   {data: map[string]func() ([]byte, error){"/maps/canyon.json": canyonMap}},
		canaille.ID: {data: map[string]func() ([]byte, error){"/cards/canaille.json": canailleCards}},
		sheet.ID:    {data: map[string]func() ([]byte, error){"/sheets/ready.json": readySheets}},
	}
}

// ServeHTTP answers the page's requests.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.headers(w, r)
	if h.tables == nil && (r.URL.Path == BoxPath || r.URL.Path == OldBoxPath) {
		h.serveBox(w, r, r.URL.Path == OldBoxPath)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	a, ok := h.assets[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	serveAsset(w, r, a)
}

// headers are the page's security headers: nothing but the kiosk itself
// (at the hub: the hub, and the venue's tables) may be loaded or
// contacted, no referrer ever leaves, no framing.
func (h *Handler) headers(w http.ResponseWriter, r *http.Request) {
	connect := "'self'"
	if validHost(r.Host) {
		// Older WebKit does not count ws: as 'self'.
		connect += " ws://" + r.Host
	}
	if h.tables != nil {
		for _, t := range h.tables() {
			if validHost(t) {
				connect += " ws://" + t
			}
		}
	}
	hd := w.Header()
	hd.Set(PageHeader, h.hash)
	hd.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src "+
		connect+"; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin")
}

// validHost accepts a Host header made of host-name or address characters
// and a port, so it can be written into a header as it is.
func validHost(host string) bool {
	if host == "" || len(host) > 255 {
		return false
	}
	for _, c := range host {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune(".-:[]", c)) {
			return false
		}
	}
	return true
}

func serveAsset(w http.ResponseWriter, r *http.Request, a asset) {
	hd := w.Header()
	hd.Set("Content-Type", a.typ)
	hd.Set("ETag", a.etag)
	// Revalidate each time: a kiosk update must reach phones at once, and
	// an unchanged file costs a 304.
	hd.Set("Cache-Control", "no-cache")
	hd.Add("Vary", "Accept-Encoding")
	if r.Header.Get("If-None-Match") == a.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := a.plain
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		hd.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	hd.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// Server is the web companion's HTTP server (internal/httpserve, the
// console's kind too).
type Server = httpserve.Server

// Start listens on addr (":7458" when empty) and serves h until Close;
// the table server closes the phones' channels.
func Start(addr string, h *Handler) (*Server, error) {
	if addr == "" {
		addr = fmt.Sprintf(":%d", DefaultPort)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("web: listen on %s: %w", addr, err)
	}
	return httpserve.Serve(ln, &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}), nil
}
