package console

import "net/http"

// route is one page of a console: its method and pattern, and its
// handler.
type route struct {
	pattern string
	handler http.HandlerFunc
}

// The two products' route tables. Pages other than the sign-in need a
// sign-in (get); changes also need its CSRF token (post). A page that
// belongs to one product only is absent from the other's table: a 404,
// not a broken link.

// commonRoutes are the pages both consoles serve as they are: the
// sign-in, the stylesheet and script, the venue's certificate authority.
func (h *Handler) commonRoutes() []route {
	return append([]route{
		{"GET /{$}", h.home},
		{"GET /login", h.loginPage},
		{"POST /login", h.login},
		{"POST /logout", h.post(h.logout)},
		{"GET /console.css", h.asset("text/css; charset=utf-8")},
		{"GET /console.js", h.asset("text/javascript; charset=utf-8")},
		{"GET /venue-ca.crt", h.venueCA},
	}, append(h.asideRoutes(), h.signedRoutes()...)...)
}

// sharedRoutes are the pages both products serve with the same
// handlers, each reading its product: the tables and their live view,
// the boards, the players, the exports and the settings with the staff
// PIN. (The sessions are each product's: the hub's mark the shelf seats
// the venue does not credit, signed.go.)
func (h *Handler) sharedRoutes() []route {
	return []route{
		{"GET /tables", h.get(h.tables)},
		{"GET /tables/live", h.get(h.tablesLive)},
		{"GET /leaderboards", h.get(h.leaderboards)},
		{"GET /leaderboards/titles", h.get(h.titleBoards)},
		{"GET /leaderboards/title", h.get(h.titleBoard)},
		{"GET /players", h.get(h.players)},
		{"GET /players/{id}", h.get(h.player)},
		{"POST /players/{id}/rename", h.post(h.rename)},
		{"POST /players/{id}/merge", h.post(h.merge)},
		{"GET /players/{id}/forget", h.get(h.forgetPage)},
		{"POST /players/{id}/forget", h.post(h.forget)},
		{"GET /downloads", h.get(h.downloads)},
		{"GET /export/{file}", h.get(h.export)},
		{"GET /settings", h.get(h.settings)},
		{"POST /settings/pin", h.post(h.changePIN)},
	}
}

// tableRoutes are the table's console's pages: the shared ones, and its
// calls, the replay of a session on its screen, the shelf (catalogue,
// score sheets, ludothèque, plays.csv) and its own settings.
func (h *Handler) tableRoutes() []route {
	return append(h.sharedRoutes(), []route{
		{"GET /sessions", h.get(h.sessions)},
		{"GET /sessions/{id}", h.get(h.session)},
		{"POST /calls/{id}/answer", h.post(h.answer)},
		{"POST /sessions/{id}/replay", h.post(h.replay)},
		{"GET /catalogue", h.get(h.catalogue)},
		{"POST /catalogue/preview", h.post(h.previewImport)},
		{"POST /catalogue/import", h.post(h.confirmImport)},
		{"POST /catalogue/notes", h.post(h.closeNote)},
		{"GET /sheets", h.get(h.sheetList)},
		{"GET /sheets/{title}", h.get(h.sheetPage)},
		{"POST /sheets/{title}", h.post(h.sheetPost)},
		{"POST /sheets/{title}/preview", h.post(h.sheetPreview)},
		{"GET /sheet.js", h.asset("text/javascript; charset=utf-8")},
		{"GET /plays.csv", h.get(h.playsCSV)},
		{"GET /players/{id}/plays.csv", h.get(h.playerPlaysCSV)},
		{"GET /ludotheque", h.get(h.ludotheque)},
		{"GET /ludotheque/titles/{id}", h.get(h.ludoTitle)},
		{"GET /ludotheque/csv/{list}", h.get(h.ludoCSV)},
		{"POST /ludotheque/titles/{id}/notes", h.post(h.ludoNote)},
		{"POST /settings", h.post(h.saveSettings)},
		{"POST /settings/options", h.post(h.saveOptions)},
	}...)
}

// hubRoutes are the venue hub's console's pages: the shared ones (every
// table of the venue, read from the hub's database and asked of the
// Hub; the venue's boards, sessions, players and exports; the hub's
// staff PIN), and a table's calls, removing one, letting one in, and
// the pairing. A table's own pages (its shelf, its table settings, the
// replays) are absent.
func (h *Handler) hubRoutes() []route {
	return append(h.sharedRoutes(), []route{
		{"GET /sessions", h.get(h.hubSessionsSigned)},
		{"GET /sessions/{id}", h.get(h.hubSessionSigned)},
		{"POST /calls/{kiosk}/{id}/answer", h.post(h.hubAnswer)},
		{"GET /tables/{kiosk}/remove", h.get(h.hubRemovePage)},
		{"GET /venue-ca.crl", h.venueCRL}, // public, as /venue-ca.crt
		{"POST /tables/{kiosk}/remove", h.post(h.hubRemove)},
		{"POST /tables/{kiosk}/letin", h.post(h.hubLetIn)},
		{"GET /pairing", h.get(h.pairingPage)},
		{"GET /pairing/live", h.get(h.pairingLive)},
		{"POST /pairing/code", h.post(h.pairingCode)},
	}...)
}

// serveMux is the mux of the common routes and the product's.
func serveMux(common, product []route) *http.ServeMux {
	m := http.NewServeMux()
	for _, rs := range [][]route{common, product} {
		for _, r := range rs {
			m.HandleFunc(r.pattern, r.handler)
		}
	}
	return m
}
