package console

import (
	"context"
	"io"
	"time"

	"github.com/tablee/tablee/db"
)

// product is what makes a console the table's or the venue hub's: its
// route table, and what differs inside the pages both have. NewHandler
// picks one (tableProduct, or hubProduct with Config.Hub); the shared
// handlers read what it holds and never ask which product they serve.
type product struct {
	// brand is the text key the layout writes after the console's title
	// ("" for none): the hub's says it is the venue's.
	brand  string
	routes []route
	menu   []string // the pages the menu lists
	// venueBoards shows the venue's boards whatever the page asks: the
	// hub holds no table's own sessions.
	venueBoards bool
	// noPIN is the sign-in's refusal when no staff PIN is set, a text key.
	noPIN string
	// sessions fills the sessions page with the sessions that pass its
	// filters; session fills one session's page (errNoSession if none;
	// refused is a table screen's answer to a replay just asked).
	sessions func(ctx context.Context, v view, d sessionsData, f db.SessionFilter, until time.Time) (sessionsData, error)
	// sessionColumns are the sessions list's columns beyond those both
	// have.
	sessionColumns sessionColumns
	session        func(ctx context.Context, v view, id string, refused error) (sessionData, error)
	// players are the players the players' pages show and change.
	players playerBook
	// tables fills the tables page; openCalls counts the unanswered
	// calls for the menu.
	tables    func(ctx context.Context) (tablesData, error)
	openCalls func(ctx context.Context) int
	exports   exportSet
	// settings fills the settings page (the hub has only its PIN).
	settings func(ctx context.Context, v view) (settingsData, error)
}

// exportSet is what the downloads page offers and /export/ sends.
type exportSet struct {
	files []string
	write func(ctx context.Context, w io.Writer, name string, comma rune) error
	// prefix starts the files' names after "tablee-": the hub's are
	// "venue-", apart from any table's.
	prefix string
	// csvText and dbText are the text keys that say what the files and
	// the database copy hold; fileText, a file's text key where it is
	// not console.downloads.<file>.
	csvText, dbText string
	fileText        map[string]string
	// plays offers plays.csv, every finished play (the table's shelf).
	plays bool
}

// tableProduct is a table's console: its own live table, calls,
// players, shelf and settings.
func (h *Handler) tableProduct() product {
	return product{
		routes:         h.tableRoutes(),
		menu:           []string{"tables", "leaderboards", "sessions", "players", "ludotheque", "sheets", "downloads", "settings"},
		noPIN:          "console.login.no_pin",
		sessions:       h.tableSessions,
		sessionColumns: sessionColumns{Status: true},
		session:        h.tableSession,
		players:        tablePlayers{h},
		tables:         func(context.Context) (tablesData, error) { return h.liveData(), nil },
		openCalls:      func(context.Context) int { return len(h.calls.pending()) },
		exports: exportSet{files: db.CSVExports(), write: h.cfg.DB.WriteCSV,
			csvText: "console.downloads.csv_text", dbText: "console.downloads.db_text", plays: true},
		settings: h.tableSettings,
	}
}

// hubProduct is the venue hub's console: every table of the venue from
// the hub's database and its Hub. It keeps no shelf.
func (h *Handler) hubProduct() product {
	return product{
		brand:          "console.hub.brand",
		routes:         h.hubRoutes(),
		menu:           []string{"tables", "pairing", "leaderboards", "sessions", "players", "downloads", "settings"},
		venueBoards:    true,
		noPIN:          "console.login.hub_no_pin",
		sessions:       h.hubSessions,
		sessionColumns: sessionColumns{Table: true},
		session:        h.hubSession,
		players:        venuePlayers{h},
		tables:         h.hubTablesData,
		openCalls:      h.hubOpenCalls,
		exports: exportSet{files: db.VenueCSVExports(), write: h.cfg.DB.WriteVenueCSV, prefix: "venue-",
			csvText: "console.downloads.venue_csv_text", dbText: "console.downloads.venue_db_text",
			fileText: map[string]string{"players": "console.downloads.venue_players"}},
		settings: func(context.Context, view) (settingsData, error) {
			return settingsData{Note: "console.settings.hub_note"}, nil
		},
	}
}
